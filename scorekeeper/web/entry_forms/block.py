"""Block and Draw on a page: the pips left in each hand (or the tiles), and who went out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.rules.base import and_list
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    tile_list,
)
from scorekeeper.words import Message, say, say_n

BLOCKED = "blocked"  # the "Nobody: blocked" choice; a blank choice is a choice not made yet


def read(game: Game, form: FormData) -> Entry:
    """pips-<n> (or tiles-<n> when tiles were picked), domino, the British doubling boxes."""
    domino = went_out(game, form)
    entry: Entry = {**pips_or_tiles(game, form, domino), "domino": domino}
    for flag in ("either_end", "with_double"):
        if form.get(flag):
            entry[flag] = True
    return entry


def went_out(game: Game, form: FormData) -> str | None:
    """Who went out, or None for "Nobody: blocked"; left unchosen, the hand is not saved."""
    chosen = player_named(game, form, "domino")
    if chosen is None:
        raise RuleError(say("tap who went out, or “Nobody: blocked”"), "domino")
    if chosen == BLOCKED and chosen.casefold() not in map(str.casefold, game.table.players):
        return None
    return chosen


def pips_or_tiles(game: Game, form: FormData, domino: str | None) -> Entry:
    """The end-of-hand count shared with Muggins: tiles when any were picked, else pips.

    A blank is not 0: only the hand of the player who went out may be left blank (it is
    empty); every other hand needs its pips typed, or its tiles picked.
    """
    sides = game.table.sides
    out = None if domino is None or game.table.partnerships else game.table.side(domino)
    tiles = {side: tile_list(form.get(f"tiles-{i}", "")) for i, side in enumerate(sides)}
    if form.get("mode") == "tiles" or any(tiles.values()):
        for i, side in enumerate(sides):
            typed = form_number(form, f"pips-{i}", pips_left(side), "pips")
            if not tiles[side] and typed:
                raise RuleError(
                    say(
                        "tiles were picked for some hands but %(side)s's %(pips)s pips were "
                        "typed: pick %(side)s's tiles too, or clear the picked tiles",
                        side=side,
                        pips=typed,
                    ),
                    "tiles",
                )
        untold([s for s in sides if not tiles[s] and s != out], pick_tiles, "tiles")
        return {"tiles": tiles}
    pips = {
        side: form_number(form, f"pips-{i}", pips_left(side), "pips")
        for i, side in enumerate(sides)
    }
    untold([s for s, v in pips.items() if v is None and s != out], type_pips, "pips")
    return {"pips": {side: value or 0 for side, value in pips.items()}}


def pips_left(side: str) -> Message:
    return say("the pips left for %(side)s", side=side)


def pick_tiles(count: int, sides: Message | str) -> Message:
    return say_n(
        "pick the tiles left in %(sides)s's hand (0 if none)",
        "pick the tiles left in %(sides)s's hands (0 if none)",
        count,
        sides=sides,
    )


def type_pips(count: int, sides: Message | str) -> Message:
    return say_n(
        "type the pips left in %(sides)s's hand (0 if none)",
        "type the pips left in %(sides)s's hands (0 if none)",
        count,
        sides=sides,
    )


def untold(missing: list[str], ask: Callable[[int, Message | str], Message], field: str) -> None:
    """Refuse a hand whose count leaves a side blank: a blank is not 0."""
    if missing:
        raise RuleError(ask(len(missing), and_list(missing)), field)


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    values: dict[str, str | list[str]] = {"domino": entry.get("domino") or BLOCKED}
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
    ("faces.js", "tiles.js"),
    ("tiles.css",),
)
