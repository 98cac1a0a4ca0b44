"""Eighty on a page: the bidder, the bid (or Nel-O), the tricks, the count in fives or by tiles.

One team's tricks are enough (the other took the rest of 10), and so is one team's count
when all 60 were taken; count tiles likewise: leave one team blank and it took the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.numbers import as_whole_number
from scorekeeper.rules.eighty import ALL_COUNT, COUNT_VALUES, HIGHEST_BID, LOWEST_BID
from scorekeeper.tiles import EIGHTY_SET, parse_tile
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    side_numbers_or_rest,
)
from scorekeeper.web.entry_forms.moon import bidder_or_passed, by_side, tricks_taken
from scorekeeper.words import say

FIELDS = ("bidder", "bid", "tricks", "count", "count_tiles")
TRICKS = 10
NEL_O = "nel-o"
NO_COUNT_TILE = "none"  # the box a team ticks when it took no count tile at all
# Every copy of every count tile, as the page lists them: 5-5, 5-5, 4-6, 4-6, 1-4, …
COUNT_COPIES = tuple(str(tile) for tile in COUNT_VALUES for _ in range(EIGHTY_SET.copies[tile]))


def read(game: Game, form: FormData) -> Entry:
    """bidder, bid or bid_exact, tricks-<n>, count-<n> or tiles-<n>; or the all_passed button."""
    entry = bidder_or_passed(game, form)
    if "all_passed" in entry:
        return entry
    entry["bid"] = bid_chosen(form)
    entry["tricks"] = tricks_taken(game, form, TRICKS)
    return {**entry, **count_given(game, form)}


def bid_chosen(form: FormData) -> int | str:
    """A bid button (50, 55, … or Nel-O) or a bid typed in bid_exact, not two different ones."""
    tapped = (form.get("bid") or "").strip()
    typed = form_number(form, "bid_exact", say("the bid"), "bid")
    if typed is not None and tapped and tapped != str(typed):
        raise RuleError(
            say(
                "tap a bid or type one, not both (%(tapped)s and %(typed)s)",
                tapped=tapped[:20],
                typed=typed,
            ),
            "bid",
        )
    if typed is not None:
        return typed
    if not tapped:
        raise RuleError(
            say(
                "tap the bid, or type one from %(lowest)s to %(highest)s",
                lowest=LOWEST_BID,
                highest=HIGHEST_BID,
            ),
            "bid",
        )
    return as_whole_number(tapped)


def count_given(game: Game, form: FormData) -> Entry:
    """count_tiles when any tile box is ticked, else count (blank for both: no count, Nel-O)."""
    tiles = count_tiles_taken(game, form)
    if tiles:
        return {"count_tiles": tiles}
    count = side_numbers_or_rest(game, form, "count", say("the count"), ALL_COUNT)
    if all(value is None for value in count.values()):
        return {}
    return {"count": count}


def count_tiles_taken(
    game: Game, form: FormData, copies: Sequence[str] = COUNT_COPIES
) -> dict[str, list[str]]:
    """The count tiles ticked per team; a team with nothing ticked took every one left of
    `copies` (every copy of every count tile of the game)."""
    sides = game.table.sides
    ticked = {side: form.getlist(f"tiles-{i}") for i, side in enumerate(sides)}
    given = {
        side: [tile for tile in tiles if tile != NO_COUNT_TILE]
        for side, tiles in ticked.items()
        if tiles
    }
    if not given:
        return {}
    blank = [side for side in sides if side not in given]
    if len(blank) == 1:
        left = Counter(copies) - Counter(tile for tiles in given.values() for tile in tiles)
        given[blank[0]] = list(left.elements())
    return {side: given.get(side, []) for side in sides}


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    if entry.get("all_passed"):
        return {}
    values: dict[str, str | list[str]] = {"bidder": game.table.player(entry["bidder"])}
    bid = entry["bid"]
    if isinstance(bid, int) and bid % 5:
        values["bid_exact"] = str(bid)
    else:
        values["bid"] = str(bid) if isinstance(bid, int) else NEL_O
    tricks = by_side(game, entry["tricks"])
    count = by_side(game, entry.get("count", {}))
    tiles = by_side(game, entry.get("count_tiles", {}))
    for i, side in enumerate(game.table.sides):
        values[f"tricks-{i}"] = str(tricks[side])
        if side in count:
            values[f"count-{i}"] = str(count[side])
        if side in tiles:
            counted = [str(parse_tile(tile)) for tile in tiles[side]]
            values[f"tiles-{i}"] = [t for t in counted if t in COUNT_COPIES] or [NO_COUNT_TILE]
    return values


FORM = EntryForm("entry/eighty.html", read, fill, FIELDS, ("bids.js",), ("bids.css",))
