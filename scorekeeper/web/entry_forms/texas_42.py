"""Texas 42 on a page: who won the bidding, the bid, a special contract, then the result.

Playing for marks the result is one tap, Made or Set (the hand may stop as soon as the bid
is decided). Playing for points it is the points one team took (the other took the rest of
42), or the tricks one team took and the count tiles, from the tile picker.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.rules.texas_42 import COUNT_VALUES, HAND_POINTS, TRICKS, count_tile_name
from scorekeeper.tiles import parse_tile
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    side_numbers_or_rest,
)
from scorekeeper.web.entry_forms.eighty import count_tiles_taken
from scorekeeper.web.entry_forms.moon import by_side, tricks_taken
from scorekeeper.words import say

FIELDS = (
    "bidder",
    "bid",
    "contract",
    "made",
    "points",
    "tricks",
    "count",
    "count_tiles",
    "bidder_tricks",
    "all_passed",
)
REGULAR = "none"  # the contract choice for an ordinary bid
MADE = {"made": True, "set": False}
# The count tiles as the tile picker shows them (and as 42 players name them): 5-5, 6-4, …
COUNT_TILES = tuple(count_tile_name(tile) for tile in COUNT_VALUES)


def read(game: Game, form: FormData) -> Entry:
    """bidder, bid, contract, made (made/set), points-<n>, or tricks-<n> with tiles-<n>."""
    if form.get("all_passed"):
        return {"all_passed": True}
    bidder = player_named(game, form, "bidder")
    if bidder is None:
        raise RuleError(say("tap the player who won the bidding"), "bidder")
    bid = form_number(form, "bid", say("the bid"), "bid")
    if bid is None:
        raise RuleError(say("tap the bid"), "bid")
    entry: Entry = {"bidder": bidder, "bid": bid}
    contract = (form.get("contract") or "").strip()
    if contract and contract != REGULAR:
        entry["contract"] = contract
    result = (form.get("made") or "").strip()
    if result in MADE:
        entry["made"] = MADE[result]
    entry.update(taken(game, form))
    if not {"made", "points", "tricks"} & set(entry):
        if game.options["scoring"] == "marks" or "contract" in entry:
            raise RuleError(say("tap Made or Set"), "made")
        raise RuleError(
            say(
                "type the points one team took (the other took the rest of %(total)s)",
                total=HAND_POINTS,
            ),
            "points",
        )
    return entry


def taken(game: Game, form: FormData) -> Entry:
    """Points typed, or tricks tapped with the count tiles; nothing when neither was given."""
    played_out = game.options["scoring"] == "points"
    points = side_numbers_or_rest(
        game, form, "points", say("the points"), HAND_POINTS if played_out else None
    )
    given = [side for side, n in points.items() if n is not None]
    tricks_given = any(form.get(f"tricks-{i}") for i in range(len(game.table.sides)))
    if given and tricks_given:
        raise RuleError(say("give the points or the tricks and count tiles, not both"), "points")
    if given:
        if len(given) < len(points):
            raise RuleError(
                say("type both teams' points: playing for marks the hand may stop early"),
                "points",
            )
        return {"points": points}
    if not tricks_given:
        return {}
    tricks = tricks_taken(game, form, TRICKS)
    tiles = count_tiles_taken(game, form, COUNT_TILES)
    if not tiles:
        raise RuleError(
            say("tap the count tiles one team took (or “No count tile”): the other took the rest"),
            "count_tiles",
        )
    return {"tricks": tricks, "count_tiles": tiles}


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    if entry.get("all_passed"):
        return {}
    values: dict[str, str | list[str]] = {
        "bidder": game.table.player(entry["bidder"]),
        "bid": str(entry["bid"]),
    }
    if entry.get("contract"):
        values["contract"] = str(entry["contract"]).strip().casefold()
    if "made" in entry:
        values["made"] = "made" if entry["made"] else "set"
    if "bidder_tricks" in entry:
        values["made"] = "set" if entry["bidder_tricks"] else "made"
    points = by_side(game, entry.get("points", {}))
    tricks = by_side(game, entry.get("tricks", {}))
    tiles = by_side(game, entry.get("count_tiles", {}))
    for i, side in enumerate(game.table.sides):
        if side in points:
            values[f"points-{i}"] = str(points[side])
        if side in tricks:
            values[f"tricks-{i}"] = str(tricks[side])
        if side in tiles:
            counted = [count_tile_name(parse_tile(t)) for t in tiles[side]]
            values[f"tiles-{i}"] = [t for t in counted if t in COUNT_TILES] or ["none"]
    return values


FORM = EntryForm("entry/texas_42.html", read, fill, FIELDS, ("bids.js",), ("bids.css",))
