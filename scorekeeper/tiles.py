"""Domino tiles, the sets the games use, and parsing "a-b" with clear errors."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from scorekeeper.errors import RuleError
from scorekeeper.names import as_typed
from scorekeeper.words import Message, say


@dataclass(frozen=True, order=True)
class Tile:
    """One domino; 3-4 and 4-3 are the same tile, written low end first."""

    low: int
    high: int

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with ends a and b, in either order."""
        return cls(min(a, b), max(a, b))

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


TILE_TEXT = re.compile(r"\s*([0-9]{1,2})\s*-\s*([0-9]{1,2})\s*", re.ASCII)


def parse_tile(text: object, field: str | None = None) -> Tile:
    """Read a tile written "a-b" (spaces and either order allowed)."""
    if not isinstance(text, str):
        raise RuleError(
            say(
                "%(typed)s is not a domino: write a tile as two numbers like 3-4",
                typed=as_typed(text),
            ),
            field,
        )
    match = TILE_TEXT.fullmatch(text.replace("–", "-"))
    if match is None:
        raise RuleError(
            say(
                "“%(typed)s” is not a domino: write a tile as two numbers like 3-4",
                typed=as_typed(text),  # not 5,000 characters of a tile box back
            ),
            field,
        )
    return Tile.of(int(match[1]), int(match[2]))


@dataclass(frozen=True)
class TileSet:
    """A set of tiles a game is played with; a tile may come in more than one copy."""

    name: str
    tiles: tuple[Tile, ...]
    title: Message  # the set as a sentence names it: "3-4 is not in the double-six set"

    @cached_property
    def copies(self) -> Counter[Tile]:
        return Counter(self.tiles)

    @cached_property  # a set's 28 tiles and more, added up for every hand scored by its pips
    def total_pips(self) -> int:
        return sum(t.pips for t in self.tiles)

    @property
    def highest_end(self) -> int:
        return max(t.high for t in self.tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self.copies

    def parse(self, text: object, field: str | None = None) -> Tile:
        """Read one tile and check that it belongs to this set."""
        tile = parse_tile(text, field)
        if tile not in self:
            raise RuleError(
                say("%(tile)s is not in the %(set)s set", tile=str(tile), set=self.title), field
            )
        return tile

    def parse_hands(self, hands: dict[str, object], field: str) -> dict[str, tuple[Tile, ...]]:
        """Read a list of tiles per player, refusing unknown tiles and tiles claimed too often."""
        parsed: dict[str, tuple[Tile, ...]] = {}
        for owner, items in hands.items():
            if not isinstance(items, list):
                raise RuleError(
                    say('the tiles for %(owner)s must be a list like ["3-4", "6-6"]', owner=owner),
                    field,
                )
            parsed[owner] = tuple(self.parse(item, field) for item in items)
        self.check_claims((t for ts in parsed.values() for t in ts), field)
        return parsed

    def check_claims(self, tiles: Iterable[Tile], field: str | None = None) -> None:
        """Refuse a tile named more often than the set holds it."""
        for tile, count in Counter(tiles).items():
            allowed = self.copies[tile]
            if count > allowed:
                raise RuleError(
                    say(
                        "%(tile)s is claimed %(count)s times, but %(held)s",
                        tile=str(tile),
                        count=count,
                        held=say("the %(set)s set holds it once", set=self.title)
                        if allowed == 1
                        else say(
                            "the %(set)s set holds it %(count)s times",
                            set=self.title,
                            count=allowed,
                        ),
                    ),
                    field,
                )


def double_n(n: int) -> tuple[Tile, ...]:
    """Every tile of a double-n set, each once."""
    return tuple(Tile(a, b) for a in range(n + 1) for b in range(a, n + 1))


DOUBLE_SIX = TileSet("double-six", double_n(6), say("double-six"))
DOUBLE_NINE = TileSet("double-nine", double_n(9), say("double-nine"))
DOUBLE_TWELVE = TileSet("double-twelve", double_n(12), say("double-twelve"))  # Mexican Train
# Eighty: two double-six sets with every blank tile taken out (42 tiles).
EIGHTY_SET = TileSet(
    "Eighty (two double-six sets without blanks)",
    tuple(t for t in double_n(6) if t.low > 0) * 2,
    say("Eighty (two double-six sets without blanks)"),
)
# Moon for 3 players: the double-six set without blanks except 0-0 (22 tiles).
MOON_SET = TileSet(
    "Moon (double-six without blanks but 0-0)",
    tuple(t for t in double_n(6) if t.low > 0 or t == Tile(0, 0)),
    say("Moon (double-six without blanks but 0-0)"),
)

SETS: dict[str, TileSet] = {"double-six": DOUBLE_SIX, "double-nine": DOUBLE_NINE}


def pip_count(tiles: Iterable[Tile]) -> int:
    """The pips on the given tiles."""
    return sum(t.pips for t in tiles)
