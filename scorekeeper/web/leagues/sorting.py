"""Sorting a standings table by one of its columns, from the links in its header."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import request

from scorekeeper.standings import Row, Standings
from scorekeeper.words import Message, say


@dataclass(frozen=True)
class Column:
    """A sortable standings column: how to sort by it and which way is better."""

    key: str
    label: Message  # said in the reader's words
    value: Callable[[Row], Any]
    higher_is_better: bool = True
    points: bool = False  # counts the game's points: flips in lowest-wins games

    def better_high(self, table: Standings) -> bool:
        return self.higher_is_better != (self.points and table.lowest_wins)


COLUMNS = {
    column.key: column
    for column in (
        Column("player", say("Player"), lambda row: row.key, higher_is_better=False),
        Column("played", say("Played"), lambda row: row.played),
        Column("won", say("Won"), lambda row: row.won),
        Column("win_rate", say("Win %"), lambda row: row.win_rate),
        Column("points_for", say("For"), lambda row: row.points_for, points=True),
        Column(
            "points_against",
            say("Against"),
            lambda row: row.points_against,
            higher_is_better=False,
            points=True,
        ),
        Column("average", say("Avg"), lambda row: row.average, points=True),
        Column("rating", say("Rating"), lambda row: row.rating.shown),
        Column("last_played", say("Last played"), lambda row: row.last_played),
    )
}


@dataclass(frozen=True)
class Sort:
    """The order asked for: a column and a direction, or None for the standings' own order."""

    column: str | None
    descending: bool

    @staticmethod
    def requested() -> Sort:
        column = request.args.get("sort")
        if column not in COLUMNS:
            return Sort(None, True)
        return Sort(column, request.args.get("order", "desc") != "asc")

    def rows(self, table: Standings) -> tuple[Row, ...]:
        if self.column is None:
            return table.rows
        column = COLUMNS[self.column]
        # Ties keep the standings' order whichever way the column is sorted.
        ordered = sorted(table.rows, key=column.value, reverse=self.descending)
        return tuple(ordered)

    def link_order(self, key: str, table: Standings) -> str:
        """The order a click on column `key` asks for: best first, or the reverse if already so."""
        best = "desc" if COLUMNS[key].better_high(table) else "asc"
        current = "desc" if self.descending else "asc"
        if self.column == key and current == best:
            return "asc" if best == "desc" else "desc"
        return best

    def aria(self, key: str) -> str | None:
        if self.column != key:
            return None
        return "descending" if self.descending else "ascending"

    def args(self) -> dict[str, str]:
        """The order as URL arguments, for links that keep it."""
        if self.column is None:
            return {}
        return {"sort": self.column, "order": "desc" if self.descending else "asc"}
