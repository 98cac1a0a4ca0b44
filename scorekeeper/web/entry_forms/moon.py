"""Moon on a page: who won the bidding, the bid (or the moon), the tricks each side took.

The bidding steps are shared with Eighty: "everybody passed" as its own button, the bidder
as player buttons, and tricks where the sides left blank take what the others leave.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.rules.base import and_list
from scorekeeper.rules.moon import TRICKS_PER_HAND
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    side_numbers_or_rest,
)
from scorekeeper.words import say

FIELDS = ("bidder", "bid", "tricks")


def bidder_or_passed(game: Game, form: FormData) -> Entry:
    """{"all_passed": true} when that button was pressed, else the bidder, who must be tapped."""
    if form.get("all_passed"):
        return {"all_passed": True}
    bidder = player_named(game, form, "bidder")
    if bidder is None:
        raise RuleError(say("tap the player who won the bidding, or “Everybody passed”"), "bidder")
    return {"bidder": bidder}


def tricks_taken(game: Game, form: FormData, total: int) -> dict[str, int]:
    """tricks-<n> per side; one side left blank takes the rest, and when the tricks tapped
    already come to `total`, every side left blank took none."""
    tricks = side_numbers_or_rest(game, form, "tricks", say("the tricks"), total)
    given = sum(n for n in tricks.values() if n is not None)
    blank = [side for side, n in tricks.items() if n is None]
    if blank and given != total:
        if len(tricks) == 2:
            raise RuleError(
                say(
                    "tap the tricks one team took: the other took the rest of %(total)s",
                    total=total,
                ),
                "tricks",
            )
        raise RuleError(
            say(
                "tap the tricks of every side but one: the last took the rest of %(total)s "
                "(%(blank)s have none yet)",
                total=total,
                blank=and_list(blank),
            ),
            "tricks",
        )
    return {side: n or 0 for side, n in tricks.items()}


def by_side(game: Game, values: Mapping[str, Any]) -> dict[str, Any]:
    """A stored per-side map keyed by the sides' own names (the API matches names loosely)."""
    return {game.table.side(name): value for name, value in values.items()}


def read(game: Game, form: FormData) -> Entry:
    """bidder, bid (a number or 21 for the moon), tricks-<n>; or the all_passed button."""
    entry = bidder_or_passed(game, form)
    if "all_passed" in entry:
        return entry
    bid = form_number(form, "bid", say("the bid"), "bid")
    if bid is None:
        raise RuleError(say("tap the bid, or “Shoot the moon”"), "bid")
    return {**entry, "bid": bid, "tricks": tricks_taken(game, form, TRICKS_PER_HAND)}


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    if entry.get("all_passed"):
        return {}
    values: dict[str, str | list[str]] = {
        "bidder": game.table.player(entry["bidder"]),
        "bid": str(entry["bid"]),
    }
    tricks = by_side(game, entry["tricks"])
    for i, side in enumerate(game.table.sides):
        values[f"tricks-{i}"] = str(tricks[side])
    return values


FORM = EntryForm("entry/moon.html", read, fill, FIELDS, ("bids.js",), ("bids.css",))
