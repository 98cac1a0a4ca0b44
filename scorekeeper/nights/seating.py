"""Seating a round of a club night: who sits at which table, in which seat, and who sits out.

Pure: the entrants in order (the draw, league ratings or the night's standings), their
byes so far and the rounds already played go in; tables, byes and the repeats that could
not be avoided come out. CLUB_NIGHT.md, "Seating a round", is the contract.

An entrant is one player (`individual` format) or a registered pair (`pairs`): a tuple of
one or two names. Partners sit opposite (seats 1 & 3, 2 & 4); seat 1 deals first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.errors import RuleError
from scorekeeper.words import Message, say, say_n

Entrant = tuple[str, ...]
RECENT_ROUNDS = 3  # opponents are not met again within this many rounds
# How far down the order a table's companions are looked for: wide enough for a whole
# small night, narrow enough that a 200-player round stays well under 200 ms.
WINDOW = 8
# Groups weighed while looking for a seating with fewer repeats than the first one found
# (the first one is always completed): about 80 ms of search at most.
SEARCH_BUDGET = 8000
# The three ways four players make two partnerships, the balanced one (1st & 4th against
# 2nd & 3rd of the table's order) first.
PAIRINGS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))


@dataclass(frozen=True)
class SeatedTable:
    """One table of a round: the players in seat order and the sides that score."""

    number: int
    seats: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]  # each side's players; partners sit opposite

    @property
    def partnerships(self) -> bool:
        return any(len(side) > 1 for side in self.sides)


@dataclass(frozen=True)
class Seating:
    """A round's seating: its tables from table 1 down, who sits out, what repeats."""

    tables: tuple[SeatedTable, ...]
    byes: tuple[Entrant, ...]
    repeats: tuple[Message, ...] = ()


@dataclass(frozen=True)
class Layout:
    """How a night's tables are made: their sizes in entrants, and whether 4 play as partners.

    `sizes` are the table sizes the game allows, counted in entrants (a pair is one
    entrant at a table of two pairs); `preferred` is the organiser's choice among them.
    """

    preferred: int
    sizes: tuple[int, ...]
    partnerships: bool = False  # tables of four players play two partnerships
    pairs: bool = False  # entrants are fixed pairs

    def __post_init__(self) -> None:
        if self.preferred not in self.sizes:
            raise RuleError(
                say("tables of %(size)s are not allowed here", size=self.preferred), "table_size"
            )


@dataclass
class History:
    """Who partnered and who met whom in the rounds already seated."""

    partners: dict[str, set[str]] = field(default_factory=dict)
    recent: dict[str, dict[str, int]] = field(default_factory=dict)  # opponent → round met

    @staticmethod
    def of(rounds: Sequence[Sequence[SeatedTable]]) -> History:
        """The history of these rounds, oldest first; only the last few count for opponents."""
        history = History()
        first_recent = len(rounds) - RECENT_ROUNDS
        for number, tables in enumerate(rounds, start=1):
            for table in tables:
                for side in table.sides:
                    for a, b in itertools.permutations(side, 2):
                        history.partners.setdefault(a, set()).add(b)
                if number <= first_recent:
                    continue
                for one, other in itertools.permutations(table.sides, 2):
                    for a in one:
                        met = history.recent.setdefault(a, {})
                        for b in other:
                            met[b] = number
        return history

    def partnered(self, a: str, b: str) -> bool:
        return b in self.partners.get(a, ())

    def met(self, a: str, b: str) -> int | None:
        """The round in which `a` last met `b` as an opponent, if within the recent rounds."""
        return self.recent.get(a, {}).get(b)


def table_sizes(count: int, layout: Layout) -> tuple[int, ...]:
    """The tables for `count` entrants: as many seated as can be, sizes close to the preferred.

    Sizes of the preferred size come first. 13 Black Tile players at tables of 3 → 3, 3, 3, 4.
    """
    sizes = sorted(set(layout.sizes))
    # best[m]: (total distance from the preferred size, sizes) reaching m entrants exactly.
    best: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for m in range(1, count + 1):
        options = [
            (
                dev + abs(size - layout.preferred),
                max(far, abs(size - layout.preferred)),
                (*made, size),
            )
            for size in sizes
            if m - size in best
            for dev, far, made in [best[m - size]]
        ]
        if options:
            best[m] = min(options, key=lambda option: (option[0], option[1]))
    seated = max(best)
    made = best[seated][2]
    return tuple(sorted(made, key=lambda size: (size != layout.preferred, size)))


def choose_byes(
    order: Sequence[Entrant], byes_so_far: Mapping[Entrant, int], count: int
) -> list[Entrant]:
    """The `count` entrants who sit out: fewest byes so far, lowest placed first."""
    placed = {entrant: place for place, entrant in enumerate(order)}
    ranked = sorted(order, key=lambda e: (byes_so_far.get(e, 0), -placed[e]))
    return ranked[:count]


def seat_round(
    order: Sequence[Entrant],
    layout: Layout,
    byes_so_far: Mapping[Entrant, int],
    played: Sequence[Sequence[SeatedTable]],
) -> Seating:
    """Seat the entrants in `order` (best placed first) for the next round."""
    if len(set(order)) != len(order):
        raise RuleError(say("an entrant is listed twice"), "players")
    sizes = table_sizes(len(order), layout)
    if not sizes:
        least = min(layout.sizes)
        raise RuleError(
            say_n(
                "%(count)s pair present: a table needs at least %(least)s",
                "%(count)s pairs present: a table needs at least %(least)s",
                len(order),
                least=least,
            )
            if layout.pairs
            else say_n(
                "%(count)s player present: a table needs at least %(least)s",
                "%(count)s players present: a table needs at least %(least)s",
                len(order),
                least=least,
            ),
            "players",
        )
    out = choose_byes(order, byes_so_far, len(order) - sum(sizes))
    playing = [entrant for entrant in order if entrant not in out]
    history = History.of(played)
    search = Search(layout, history, sizes)
    tables = search.best(playing)
    seated = tuple(
        seated_table(number, group, layout, history) for number, group in enumerate(tables, start=1)
    )
    byes = tuple(entrant for entrant in order if entrant in out)
    return Seating(seated, byes, tuple(repeats_of(seated, history, layout)))


# --- the search ----------------------------------------------------------------------

Cost = tuple[int, int]  # (partners repeated, opponents met again within the recent rounds)


class Search:
    """Tables filled from table 1 down in order, trying other companions only to avoid repeats.

    Depth first: at each table the best placed entrant left sits there with the first
    companions in order that repeat nothing; when none are left, the fewest repeats
    (partners before opponents). The first seating found is kept unless one with fewer
    repeats is found within the search budget.
    """

    def __init__(self, layout: Layout, history: History, sizes: Sequence[int]) -> None:
        self.layout = layout
        self.history = history
        self.sizes = tuple(sizes)
        self.weighed = 0
        self.found: tuple[Cost, list[tuple[Entrant, ...]]] | None = None

    def best(self, playing: Sequence[Entrant]) -> list[tuple[Entrant, ...]]:
        self.descend(list(playing), 0, (0, 0), [])
        assert self.found is not None
        return self.found[1]

    def descend(
        self, left: list[Entrant], table: int, cost: Cost, made: list[tuple[Entrant, ...]]
    ) -> None:
        if self.found is not None and (cost >= self.found[0] or self.spent):
            return
        if table == len(self.sizes):
            self.found = (cost, list(made))
            return
        for group, group_cost in self.candidates(left, self.sizes[table]):
            rest = [entrant for entrant in left if entrant not in group]
            total = (cost[0] + group_cost[0], cost[1] + group_cost[1])
            self.descend(rest, table + 1, total, [*made, group])
            if self.found is not None and (self.found[0] == (0, 0) or self.spent):
                return

    @property
    def spent(self) -> bool:
        return self.weighed > SEARCH_BUDGET

    def candidates(
        self, left: Sequence[Entrant], size: int
    ) -> Iterator[tuple[tuple[Entrant, ...], Cost]]:
        """Groups for the next table, each with the best placed entrant left: no repeats first."""
        if len(left) == size:
            group = tuple(left)
            yield group, self.cost(group)
            return
        # A small night is searched whole; a big one near each table's head.
        width = len(left) if len(left) <= 2 * WINDOW else WINDOW
        head, window = left[0], left[1 : 1 + width]
        costly = []
        for rest in itertools.combinations(window, size - 1):
            group = (head, *rest)
            cost = self.cost(group)
            if cost == (0, 0):
                yield group, cost
            else:
                costly.append((cost, group))
        costly.sort(key=lambda item: item[0])
        for cost, group in costly:
            yield group, cost

    def cost(self, group: Sequence[Entrant]) -> Cost:
        self.weighed += 1
        return arrangement(group, self.layout, self.history)[1]


def arrangement(
    group: Sequence[Entrant], layout: Layout, history: History
) -> tuple[tuple[tuple[str, ...], ...], Cost]:
    """The sides a group of entrants plays as, and what they repeat: the least repeating way."""
    if layout.pairs:
        sides = tuple(tuple(entrant) for entrant in group)
        return sides, (0, opponents_met(sides, history))
    players = [entrant[0] for entrant in group]
    if not (layout.partnerships and len(players) == 4):
        sides = tuple((player,) for player in players)
        return sides, (0, opponents_met(sides, history))
    best: tuple[tuple[tuple[str, ...], ...], Cost] | None = None
    for pairing in PAIRINGS:
        sides = tuple((players[a], players[b]) for a, b in pairing)
        repeated = sum(history.partnered(a, b) for a, b in sides)
        cost = (repeated, opponents_met(sides, history))
        if best is None or cost < best[1]:
            best = (sides, cost)
    assert best is not None
    return best


def opponents_met(sides: Sequence[Sequence[str]], history: History) -> int:
    return sum(
        history.met(a, b) is not None
        for one, other in itertools.combinations(sides, 2)
        for a in one
        for b in other
    )


def seated_table(
    number: int, group: Sequence[Entrant], layout: Layout, history: History
) -> SeatedTable:
    """Seats for a group: partners opposite (1 & 3, 2 & 4), the best placed in seat 1."""
    sides, _ = arrangement(group, layout, history)
    if len(sides) == 2 and all(len(side) == 2 for side in sides):
        (a, a2), (b, b2) = sides
        return SeatedTable(number, (a, b, a2, b2), sides)
    return SeatedTable(number, tuple(p for side in sides for p in side), sides)


def repeats_of(
    tables: Iterable[SeatedTable], history: History, layout: Layout
) -> Iterator[Message]:
    """Sentences naming each repeat the seating could not avoid, to be said in any language.

    They are stored with the round as Messages; migration m009 turned the English sentences
    stored before into these same ids.
    """
    for table in tables:
        for side in table.sides if not layout.pairs else ():
            for a, b in itertools.combinations(side, 2):
                if history.partnered(a, b):
                    yield say(
                        "Table %(table)s: %(player)s and %(partner)s are partners again.",
                        table=table.number,
                        player=a,
                        partner=b,
                    )
        for one, other in itertools.combinations(table.sides, 2):
            for a in one:
                for b in other:
                    met = history.met(a, b)
                    if met is not None:
                        yield say(
                            "Table %(table)s: %(player)s meets %(opponent)s again "
                            "(they met in round %(round)s).",
                            table=table.number,
                            player=a,
                            opponent=b,
                            round=met,
                        )
