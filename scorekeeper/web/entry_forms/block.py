"""Block and Draw on a page: the pips left in each hand (or the tiles), and who went out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    tile_list,
)


def read(game: Game, form: FormData) -> Entry:
    """pips-<n> (or tiles-<n> when tiles were picked), domino, the British doubling boxes."""
    entry: Entry = {**pips_or_tiles(game, form), "domino": player_named(game, form, "domino")}
    for flag in ("either_end", "with_double"):
        if form.get(flag):
            entry[flag] = True
    return entry


def pips_or_tiles(game: Game, form: FormData) -> Entry:
    """The end-of-hand count shared with Muggins: tiles when any were picked, else pips."""
    sides = game.table.sides
    tiles = {side: tile_list(form.get(f"tiles-{i}", "")) for i, side in enumerate(sides)}
    if form.get("mode") == "tiles" or any(tiles.values()):
        for i, side in enumerate(sides):
            typed = form_number(form, f"pips-{i}", f"the pips left for {side}", "pips")
            if not tiles[side] and typed:
                raise RuleError(
                    f"tiles were picked for some hands but {side}'s {typed} pips were typed: "
                    f"pick {side}'s tiles too, or clear the picked tiles",
                    "tiles",
                )
        return {"tiles": tiles}
    pips: dict[str, Any] = {}
    for i, side in enumerate(sides):
        value = form_number(form, f"pips-{i}", f"the pips left for {side}", "pips")
        pips[side] = 0 if value is None else value
    return {"pips": pips}


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    values: dict[str, str | list[str]] = {"domino": entry.get("domino") or ""}
    for i, side in enumerate(game.table.sides):
        if "tiles" in entry:
            values["mode"] = "tiles"
            values[f"tiles-{i}"] = " ".join(entry["tiles"].get(side, []))
        else:
            values[f"pips-{i}"] = str(entry.get("pips", {}).get(side, ""))
    for flag in ("either_end", "with_double"):
        if entry.get(flag):
            values[flag] = "on"
    return values


FORM = EntryForm(
    "entry/block.html",
    read,
    fill,
    ("domino", "pips", "tiles", "either_end", "with_double"),
    ("tiles.js",),
)
