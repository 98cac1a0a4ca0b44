"""Numbers as league pages and exports show them, and the sentences that explain them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from scorekeeper.standings import Standings
from scorekeeper.words import Message, say

POINTS_RULE_SAID = say(
    "Points for: the final total of the player's side. Points against: the average of "
    "the opponents' final totals. Avg: points for per game."
)


def shown(value: float) -> str:
    """A number as the pages and the CSV show it: whole numbers bare, others to one decimal."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def rating_text(value: float) -> str:
    """A rating or its ± to one decimal always, so that a column of them lines up."""
    return f"{value:.1f}"


def percent(value: float) -> str:
    return shown(100 * value)


def form_letters(form: Sequence[bool]) -> str:
    return "".join("W" if won else "L" for won in form)


def long_date(day: date) -> str:
    return f"{day.day} {day:%b %Y}"


def points_note(table: Standings) -> Message:
    """How a table counts points, said on the page above it."""
    if not table.counts_points:
        return say("Points are not added up across different games: pick one game to see them.")
    name = table.name  # a ruleset's name in the reader's words, a name the club typed as typed
    if table.lowest_wins:
        return say("Lowest total wins %(game)s: fewer points for is better.", game=name)
    return say("Highest total wins %(game)s: more points for is better.", game=name)
