"""The standings of a club night: won, margin, points for, summed over the night's games.

Pure: the finished games' sides, totals and winners go in, ranked rows come out.
CLUB_NIGHT.md, "Standings of the night": points for are the side's final total; points
against the opponents' (the other team's in a partnership game, the average of the others
in a free-for-all); margin is for − against where the highest total wins and
against − for where the lowest wins, so a larger margin is always better. The *efectividad*
of Latin American tournaments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.nights.seating import Entrant


@dataclass(frozen=True)
class Result:
    """A finished game of the night: each side's entrants and final total, and the winners."""

    sides: tuple[tuple[Entrant, ...], ...]  # the entrants scoring as each side
    totals: tuple[int, ...]  # in the order of `sides`
    won: tuple[bool, ...]  # in the order of `sides`
    lowest_wins: bool


@dataclass(frozen=True)
class NightRow:
    """One entrant's night so far."""

    entrant: Entrant
    played: int
    won: int
    byes: int
    points_for: int
    points_against: float
    margin: float
    lowest_wins: bool

    @property
    def name(self) -> str:
        return " & ".join(self.entrant)

    def rank_key(self) -> tuple[float, ...]:
        """Most won, then the largest margin, then (highest-wins games) most points for."""
        points = 0 if self.lowest_wins else self.points_for
        return (-self.won, -round(self.margin, 6), -points)


@dataclass(frozen=True)
class NightStandings:
    rows: tuple[NightRow, ...]
    places: Mapping[Entrant, int]

    @property
    def order(self) -> tuple[Entrant, ...]:
        return tuple(row.entrant for row in self.rows)


def night_standings(
    entrants: Sequence[Entrant],
    results: Iterable[Result],
    byes: Mapping[Entrant, int],
    lowest_wins: bool,
) -> NightStandings:
    """Rank the entrants present (in `entrants` order) by their results; equals share a place.

    Entrants with equal figures keep the order they are given in (the draw, or the
    previous order), so the next round's seating is settled.
    """
    played = {entrant: 0 for entrant in entrants}
    won = dict(played)
    points_for = dict(played)
    against: dict[Entrant, float] = {entrant: 0.0 for entrant in entrants}
    for result in results:
        count = len(result.sides)
        everyone = sum(result.totals)
        for side, total, side_won in zip(result.sides, result.totals, result.won, strict=True):
            others = (everyone - total) / (count - 1) if count > 1 else 0.0
            for entrant in side:
                if entrant not in played:
                    played[entrant] = won[entrant] = points_for[entrant] = 0
                    against[entrant] = 0.0
                played[entrant] += 1
                won[entrant] += side_won
                points_for[entrant] += total
                against[entrant] += others
    sign = -1 if lowest_wins else 1
    rows = [
        NightRow(
            entrant=entrant,
            played=played[entrant],
            won=won[entrant],
            byes=byes.get(entrant, 0),
            points_for=points_for[entrant],
            points_against=against[entrant],
            margin=sign * (points_for[entrant] - against[entrant]),
            lowest_wins=lowest_wins,
        )
        for entrant in played
    ]
    rows.sort(key=NightRow.rank_key)
    places: dict[Entrant, int] = {}
    for index, row in enumerate(rows):
        same = index and rows[index - 1].rank_key() == row.rank_key()
        places[row.entrant] = places[rows[index - 1].entrant] if same else index + 1
    return NightStandings(tuple(rows), places)
