"""A club's own game: points typed per hand for 2 to 10 sides, highest or lowest wins.

Contract: shared/SCORING.md, "Beyond the seeds": "any number of sides, points typed per
hand, highest or lowest wins, a target or a number of hands", in the same shapes as the
other games. Settled here: 2 to 10 sides (a side is a player, or a team typed by its name;
with 4 players the usual partnerships are offered too); the game has a name of the club's
choosing; negative points only when the club allows them; the end is a target (100 by
default) or a fixed number of hands, one of the two, as in Black Tile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    Option,
    Options,
    RuleError,
    Ruleset,
    ScoredHand,
    Status,
    Table,
    and_list,
    check_entry_keys,
    first_to_target,
    per_side,
    running_totals,
    whole_number,
)
from scorekeeper.words import Message, say, say_n

ENTRY_FIELDS = ("points",)
NAME = Option("name", "Name of the game", "House game", str, free_text=True)
MOST_POINTS = 100_000  # a hand's points either way: far beyond any real game, short of nonsense
MOST_HANDS = 1_000
MOST_TARGET = 1_000_000


@dataclass(frozen=True)
class CustomRuleset(Ruleset):
    """Points as typed; the options say who wins and when the game ends."""

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """Exactly one end is in force: giving a number of hands switches the target off."""
        resolved = super().resolve_options(given, table)
        hands_given = given.get("hands") is not None
        target_given = given.get("target") is not None
        if hands_given and target_given:
            raise RuleError(
                say("choose one way to end the game: a target or a number of hands, not both"),
                "options.target",
            )
        if hands_given:
            resolved["target"] = None
        if resolved["hands"] is None and resolved["target"] is None:
            raise RuleError(
                say("the game needs an end: give a target or a number of hands"), "options.target"
            )
        return resolved

    def lowest_wins_with(self, options: Options) -> bool:
        return bool(options["lowest_wins"])

    def title_with(self, options: Options) -> str:
        return str(options["name"])

    def shown_title_with(self, options: Options) -> Message | str:
        return NAME.shown(options["name"])

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        """The points typed for every side; negative only where the club allows it."""
        check_entry_keys(entry, ENTRY_FIELDS)
        low = -MOST_POINTS if options["negative"] else 0
        raw = per_side(entry, "points", table)
        scores: dict[str, int] = {}
        for side, value in raw.items():
            if isinstance(value, int) and not isinstance(value, bool) and value < 0 and not low:
                raise RuleError(
                    say(
                        "%(side)s's points cannot be negative in this game (the club did not "
                        "allow negative points when it started)",
                        side=side,
                    ),
                    "points",
                )
            scores[side] = whole_number(
                value, "points", say("%(side)s's points", side=side), low=low, high=MOST_POINTS
            )
        typed = ", ".join(f"{side} {points}" for side, points in scores.items())
        return HandResult(scores, (say("Points as typed: %(points)s.", points=typed),))

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """Over after the agreed hands, or when a side reaches the target."""
        limit: int | None = options["hands"]
        lowest = options["lowest_wins"]
        if limit is not None:
            if len(hands) < limit:
                left = limit - len(hands)
                return Status(False, (), say_n("%(count)s hand left", "%(count)s hands left", left))
            totals = running_totals(table, hands[:limit])
            return best_total(
                totals, lowest, say_n("after %(count)s hand", "after %(count)s hands", limit)
            )
        target: int = options["target"]
        if not lowest:
            return first_to_target(table, hands, target)
        totals = running_totals(table, ())
        for number, hand in enumerate(hands, start=1):
            for side, points in hand.result.scores.items():
                totals[side] += points
            reached = [side for side in table.sides if totals[side] >= target]
            if reached:
                when = say(
                    "after %(names)s reached %(target)s in hand %(number)s",
                    names=and_list(reached),
                    target=target,
                    number=number,
                )
                return best_total(totals, True, when)
        return Status(False)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        return {"points": {side: 3 * i for i, side in enumerate(table.sides)}}

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """Also a big hand for seat 1: typed points vary far more than any one game's rules."""
        big = {"points": {side: 60 if i == 0 else 0 for i, side in enumerate(table.sides)}}
        return (*super().sample_entries(table), big)


def best_total(totals: Mapping[str, int], lowest: bool, when: Message) -> Status:
    """The best total wins (lowest or highest); equal best totals share the win."""
    best = min(totals.values()) if lowest else max(totals.values())
    winners = tuple(side for side, total in totals.items() if total == best)
    if len(winners) == 1:
        values = {"side": winners[0], "total": best, "when": when}
        return Status(
            True,
            winners,
            say("%(side)s has the lowest total (%(total)s) %(when)s and wins", **values)
            if lowest
            else say("%(side)s has the highest total (%(total)s) %(when)s and wins", **values),
        )
    values = {"names": and_list(winners), "total": best, "when": when}
    return Status(
        True,
        winners,
        say("%(names)s share the win with the lowest total (%(total)s) %(when)s", **values)
        if lowest
        else say("%(names)s share the win with the highest total (%(total)s) %(when)s", **values),
    )


CUSTOM = CustomRuleset(
    id="custom",
    name="Custom game",
    description="Your club's own game: type each side's points every hand; highest or lowest "
    "total wins, at a target or after a number of hands.",
    seed="custom.txt",
    players=tuple(range(2, 11)),
    partnerships="optional",
    sources=(
        'shared/SCORING.md, "Beyond the seeds": a free-form custom game with any number of '
        "sides, points typed per hand, highest or lowest wins, and a target or a number of hands",
        "Settled here: 2 to 10 sides; negative points only where the club allows them; one end "
        "at a time (a target or a number of hands), as in Black Tile",
    ),
    options=(
        NAME,
        Option("lowest_wins", "The lowest total wins (otherwise the highest)", False, bool),
        Option("negative", "Negative points allowed in a hand", False, bool),
        Option(
            "target",
            "Points to end the game (a side reaching it ends it)",
            100,
            int,
            minimum=1,
            maximum=MOST_TARGET,
            nullable=True,
        ),
        Option(
            "hands",
            "Or a fixed number of hands",
            None,
            int,
            minimum=1,
            maximum=MOST_HANDS,
            nullable=True,
        ),
    ),
)

RULESETS = (CUSTOM,)
