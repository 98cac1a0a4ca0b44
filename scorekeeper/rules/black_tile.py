"""Black Tile: the dominoes Hearts. Every point tile a player captures in tricks counts against them.

Seed: black-tile.txt (11 Point Black Tile and its 21-point variant); SCORING.md settles the
entry, the widow, the end of the game and the passing order.

Interpretations (where the seed and SCORING.md leave a choice):

- The widow (3 players) is the one tile left over from the deal. Unless the option
  `widow_to_first_trick` is on, it is out of play, and so are its points.
- Captured tiles: a player missing from `captured` captured nothing. Every point tile must
  be captured by exactly one player or be named as the unused widow. With 3 players and the
  widow unused, at most 27 tiles can have been captured.
- Points as numbers, 3 players, widow unused: if the entry names no widow, the widow is
  taken to be a tile without points, so the points must add up to all the points of the
  variant (11 or 21). When the widow is a point tile the entry must name it, and then the
  points must add up to the total minus the widow's points. With `widow_to_first_trick` (or
  4 players) there is no unused tile, naming one is refused, and the points add up to the
  total.
- Points as numbers must also be possible: while the 0-0 is in play somebody holds it, so
  somebody has at least its 4 (11-point) or 11 (21-point) points.
- A moon is one player holding every point in play, even when a point tile is the widow;
  the others then score 22 (11-point) or 42 (21-point) each.
- End: exactly one of `hands` and `target` is in force; giving one switches the other's
  default off. With `target`, the game ends after the hand in which somebody reaches it.
  Either way the lowest total wins and equal lowest totals share the win.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    NextHand,
    Option,
    Options,
    OptionValue,
    RuleError,
    Ruleset,
    ScoredHand,
    Status,
    Table,
    check_entry_keys,
    dealer_of,
    named_sides,
    points_phrase,
    whole_number,
    zero_scores,
)
from scorekeeper.tiles import DOUBLE_SIX, Tile

ENTRY_FIELDS = ("captured", "points", "widow")
DOUBLE_BLANK = Tile(0, 0)
PASSING_FOUR: tuple[str, ...] = ("right", "left", "across", "hold")
PASSING_THREE: tuple[str, ...] = ("right", "left", "hold")
MOST_HANDS = 1_000
MOST_TARGET = 10_000


@dataclass(frozen=True)
class Variant:
    """Which tiles score, how many points each, and what a moon costs the others."""

    point_tiles: tuple[tuple[Tile, int], ...]
    ones: str  # how the one-point tiles are called at the table: "of the 3-suit"
    moon_score: int

    @property
    def values(self) -> dict[Tile, int]:
        return dict(self.point_tiles)

    @property
    def total(self) -> int:
        return sum(points for _, points in self.point_tiles)

    @property
    def big(self) -> int:
        """The points of the 0-0, the one tile worth more than 1."""
        return self.values[DOUBLE_BLANK]

    def value(self, tile: Tile) -> int:
        """The points a tile scores (0 for a tile without points)."""
        return self.values.get(tile, 0)


ELEVEN = Variant(
    point_tiles=((DOUBLE_BLANK, 4), *((Tile.of(3, n), 1) for n in range(7))),
    ones="of the 3-suit",
    moon_score=22,
)

TWENTY_ONE = Variant(
    point_tiles=(
        (DOUBLE_BLANK, 11),
        *(
            (Tile.of(a, b), 1)
            for a, b in (
                (0, 5),
                (1, 4),
                (2, 3),
                (0, 6),
                (1, 5),
                (2, 4),
                (3, 3),
                (1, 6),
                (2, 5),
                (3, 4),
            )
        ),
    ),
    ones="of 5, 6 or 7 pips",
    moon_score=42,
)


def passing_direction(hand_number: int, players: int) -> str:
    """Which way tiles are passed before a hand: "right", "left", "across" or "hold".

    4 players: right, left, across, hold, repeat; 3 players: right, left, hold, repeat.
    """
    if hand_number < 1:
        raise ValueError(f"hands are numbered from 1, not {hand_number}")
    if players == 4:
        order = PASSING_FOUR
    elif players == 3:
        order = PASSING_THREE
    else:
        raise ValueError(f"Black Tile is played by 3 or 4 players, not {players}")
    return order[(hand_number - 1) % len(order)]


def two_rounds(table: Table) -> int:
    """The default length of an 11-point game: every player deals twice."""
    return 2 * len(table.players)


@dataclass(frozen=True)
class Accounting:
    """What a hand's entry says: points per player, why, and the points that were in play."""

    points: dict[str, int]
    lines: list[str]
    in_play: int


@dataclass(frozen=True)
class BlackTileRuleset(Ruleset):
    """11 and 21 Point Black Tile differ only in their point tiles and the moon's price."""

    variant: Variant = ELEVEN

    # --- options -------------------------------------------------------------------

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """Exactly one end is in force: a number of hands or a target.

        Giving one of them switches off the other's default; giving both, or switching both
        off, is refused. A number of hands must be a multiple of the number of players.
        """
        resolved = super().resolve_options(given, table)
        hands_given = given.get("hands") is not None
        target_given = given.get("target") is not None
        if hands_given and target_given:
            raise RuleError(
                "choose one way to end the game: a number of hands or a target, not both",
                "options.target",
            )
        if hands_given:
            resolved["target"] = None
        elif target_given:
            resolved["hands"] = None
        hands = resolved["hands"]
        if hands is None and resolved["target"] is None:
            raise RuleError(
                "the game needs an end: give a number of hands or a target", "options.hands"
            )
        count = len(table.players)
        if hands is not None and hands % count:
            raise RuleError(
                f"the number of hands must be a multiple of the number of players ({count}), "
                f"so that everybody deals equally often: {hands} is not",
                "options.hands",
            )
        return resolved

    # --- one hand ------------------------------------------------------------------

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        if "captured" in entry and "points" in entry:
            raise RuleError(
                "give either the point tiles each player captured or each player's points, "
                "not both",
                "points",
            )
        if "captured" not in entry and "points" not in entry:
            raise RuleError(
                "give the point tiles each player captured (captured) or each player's points "
                "(points)",
                "captured",
            )
        widow = self._widow(entry, table, options)
        if "captured" in entry:
            counted = self._from_tiles(entry, table, options, widow)
        else:
            counted = self._from_points(entry, table, widow)
        lines = counted.lines
        if widow is not None:
            lines.insert(0, self._widow_line(widow, counted.in_play))
        shooter = next(
            (player for player, points in counted.points.items() if points == counted.in_play),
            None,
        )
        scores = zero_scores(table)
        if shooter is None:
            scores.update(counted.points)
            return HandResult(scores, tuple(lines))
        others = self.variant.moon_score
        scores.update({player: others for player in table.players if player != shooter})
        lines.append(f"{shooter} shot the moon: 0, everyone else {others}")
        return HandResult(scores, tuple(lines))

    def _widow(self, entry: Entry, table: Table, options: Options) -> Tile | None:
        """The unused leftover tile named in the entry, if any (3 players only)."""
        raw = entry.get("widow")
        if raw is None:
            return None
        if len(table.players) != 3:
            raise RuleError(
                f"there is no widow with {len(table.players)} players: all 28 tiles are dealt",
                "widow",
            )
        if options["widow_to_first_trick"]:
            raise RuleError(
                "in this game the widow goes to the winner of the first trick, so it is not "
                "left unused: list it among that player's captured tiles instead",
                "widow",
            )
        return DOUBLE_SIX.parse(raw, "widow")

    def _widow_line(self, widow: Tile, in_play: int) -> str:
        points = self.variant.value(widow)
        if points == 0:
            return f"Widow {widow} left unused (no points); {in_play} points in play"
        return (
            f"Widow {widow} left unused: its {points_phrase(points)} out of play; "
            f"{in_play} points in play"
        )

    def _from_tiles(
        self, entry: Entry, table: Table, options: Options, widow: Tile | None
    ) -> Accounting:
        raw = entry["captured"]
        if not isinstance(raw, Mapping):
            raise RuleError(
                'captured must give the tiles each player took, like {"Ann": ["3-6", "0-0"]}',
                "captured",
            )
        named = named_sides(raw, "captured", table)
        hands = DOUBLE_SIX.parse_hands(
            {player: named.get(player, []) for player in table.players}, "captured"
        )
        owner: dict[Tile, str] = {}
        for player, tiles in hands.items():
            for tile in tiles:
                owner[tile] = player
        if widow is not None and widow in owner:
            raise RuleError(
                f"{widow} is named as the unused widow, but {owner[widow]} captured it",
                "captured",
            )
        widow_unused = len(table.players) == 3 and not options["widow_to_first_trick"]
        if widow_unused and len(owner) > len(DOUBLE_SIX.tiles) - 1:
            raise RuleError(
                f"{len(owner)} tiles are listed as captured, but with 3 players only 27 are "
                "played (one is the unused widow)",
                "captured",
            )
        missing = [
            tile for tile, _ in self.variant.point_tiles if tile not in owner and tile != widow
        ]
        if missing:
            raise RuleError(
                self._missing_sentence(missing, widow_unused and widow is None), "captured"
            )
        lines: list[str] = []
        points: dict[str, int] = {}
        for player, tiles in hands.items():
            points[player] = sum(self.variant.value(tile) for tile in tiles)
            lines.append(self._tally(player, tiles, points[player]))
        in_play = self.variant.total - (0 if widow is None else self.variant.value(widow))
        return Accounting(points, lines, in_play)

    def _missing_sentence(self, missing: Sequence[Tile], widow_open: bool) -> str:
        names = " and ".join(str(tile) for tile in missing)
        verb = "is" if len(missing) == 1 else "are"
        if widow_open and len(missing) == 1:
            fix = "give it to a player or name it as the widow"
        elif widow_open:
            fix = "give each to the player who captured it (one of them may be the widow)"
        elif len(missing) == 1:
            fix = "give it to the player who captured it"
        else:
            fix = "give each to the player who captured it"
        return f"{names} {verb} not accounted for: {fix}"

    def _tally(self, player: str, tiles: Sequence[Tile], points: int) -> str:
        ones = sum(1 for tile in tiles if self.variant.value(tile) == 1)
        parts = []
        if DOUBLE_BLANK in tiles:
            parts.append(f"{DOUBLE_BLANK} = {self.variant.big}")
        if ones:
            parts.append(f"{ones} {'tile' if ones == 1 else 'tiles'} {self.variant.ones} = {ones}")
        if not parts:
            return f"{player}: no point tiles = 0"
        if len(parts) == 1:
            return f"{player}: {parts[0]}"
        return f"{player}: {parts[0]}, plus {parts[1]}, total {points}"

    def _from_points(self, entry: Entry, table: Table, widow: Tile | None) -> Accounting:
        widow_points = 0 if widow is None else self.variant.value(widow)
        in_play = self.variant.total - widow_points
        raw = entry["points"]
        if not isinstance(raw, Mapping):
            raise RuleError(
                f"points must give a number for each of {', '.join(table.players)}", "points"
            )
        named = named_sides(raw, "points", table)
        missing = [player for player in table.players if player not in named]
        if missing:
            raise RuleError(f"points has nothing for {', '.join(missing)}", "points")
        points = {
            player: whole_number(named[player], "points", f"the points for {player}", high=in_play)
            for player in table.players
        }
        given = sum(points.values())
        if given != in_play:
            hint = ""
            if widow is None and len(table.players) == 3 and given < in_play:
                hint = " (if the unused widow is a point tile, name it as the widow)"
            raise RuleError(
                f"the points add up to {given}, but {in_play} points are in play{hint}", "points"
            )
        if widow != DOUBLE_BLANK and max(points.values()) < self.variant.big:
            raise RuleError(
                f"somebody took the {DOUBLE_BLANK}, worth {self.variant.big}, but nobody has "
                f"{self.variant.big} points or more",
                "points",
            )
        lines = [f"{player}: {points_phrase(value)}" for player, value in points.items()]
        return Accounting(points, lines, in_play)

    # --- the game ------------------------------------------------------------------

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """Over after the agreed hands, or after the hand in which somebody reaches the target.

        The lowest total wins; equal lowest totals share the win.
        """
        limit: int | None = options["hands"]
        target: int | None = options["target"]
        totals = zero_scores(table)
        for played, hand in enumerate(hands, start=1):
            for player, points in hand.result.scores.items():
                totals[player] += points
            if limit is not None and played >= limit:
                return _lowest_wins(totals, f"after {played} hands")
            if target is not None:
                reached = [player for player in table.players if totals[player] >= target]
                if reached:
                    who = " and ".join(reached)
                    verb = "reached" if len(reached) == 1 else "each reached"
                    return _lowest_wins(totals, f"after {who} {verb} {target} in hand {played}")
        if limit is not None:
            return Status(False, (), f"{len(hands)} of {limit} hands played")
        return Status(False, (), f"nobody has reached {target} yet")

    def next_hand(self, table: Table, options: Options, hands_played: int) -> NextHand:
        """The deal passes clockwise; the passing direction cycles (SCORING.md)."""
        number = hands_played + 1
        return NextHand(
            number, dealer_of(table, number), passing_direction(number, len(table.players))
        )

    def sample_entry(self, table: Table) -> dict[str, Any]:
        """Every point tile captured by somebody, dealt round the table."""
        captured: dict[str, list[str]] = {player: [] for player in table.players}
        for i, (tile, _) in enumerate(self.variant.point_tiles):
            captured[table.players[i % len(table.players)]].append(str(tile))
        return {"captured": captured}

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and a moon: seat 1 takes every point tile, the others pay for it."""
        moon = {"captured": {table.players[0]: [str(tile) for tile, _ in self.variant.point_tiles]}}
        return (*super().sample_entries(table), moon)


def _lowest_wins(totals: Mapping[str, int], when: str) -> Status:
    lowest = min(totals.values())
    winners = tuple(player for player, total in totals.items() if total == lowest)
    if len(winners) == 1:
        sentence = f"{winners[0]} has the lowest total ({lowest}) {when} and wins"
    else:
        sentence = f"{' and '.join(winners)} share the win with the lowest total ({lowest}) {when}"
    return Status(True, winners, sentence)


def _options(
    hands: OptionValue | Callable[[Table], OptionValue], target: OptionValue
) -> tuple[Option, ...]:
    return (
        Option(
            "widow_to_first_trick",
            "3 players: the winner of the first trick takes the leftover tile (the widow)",
            False,
            bool,
        ),
        Option(
            "hands",
            "Fixed number of hands (a multiple of the number of players)",
            hands,
            int,
            minimum=1,
            maximum=MOST_HANDS,
            nullable=True,
        ),
        Option(
            "target",
            "Play until somebody reaches this many points",
            target,
            int,
            minimum=1,
            maximum=MOST_TARGET,
            nullable=True,
        ),
    )


BLACK_TILE_11 = BlackTileRuleset(
    id="black-tile-11",
    name="11 Point Black Tile",
    description="Dominoes Hearts: each tile of the 3-suit costs 1 point and the 0-0 costs 4; "
    "lowest total wins.",
    seed="black-tile.txt",
    players=(3, 4),
    partnerships="never",
    options=_options(two_rounds, None),
    lowest_wins=True,
    variant=ELEVEN,
)

BLACK_TILE_21 = BlackTileRuleset(
    id="black-tile-21",
    name="21 Point Black Tile",
    description="Black Tile with 21 penalty points: tiles of 5, 6 or 7 pips cost 1 and the "
    "0-0 costs 11; lowest total wins.",
    seed="black-tile.txt",
    players=(3, 4),
    partnerships="never",
    options=_options(None, 210),
    lowest_wins=True,
    variant=TWENTY_ONE,
)

RULESETS = (BLACK_TILE_11, BLACK_TILE_21)
