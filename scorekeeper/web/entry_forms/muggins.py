"""Muggins on a page: one play at a time during the hand, then the end-of-hand pips.

A live play is read from the open ends tapped slot by slot (`end`, once per slot), who
played and, for a "Muggins!" call, who called. The end of the hand is Block's form (the
pips or tiles left, who went out); correcting a hand adds one row per play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.numbers import as_whole_number, read_whole_number
from scorekeeper.web.entry_forms import block
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    tile_list,
)
from scorekeeper.words import say

# More rows than any hand has plays: a posted count beyond it is junk, not a hand.
MAX_PLAY_ROWS = 100


def read_play(game: Game, form: FormData) -> Entry:
    """One play from the live-play form: the open ends after it, who played, who called."""
    ends = [as_whole_number(end.strip()) for end in form.getlist("end") if end.strip()]
    if not ends:
        raise RuleError(say("tap the open ends after the play first"), "plays")
    player = player_named(game, form, "player")
    if player is None:
        raise RuleError(say("tap who played"), "plays")
    play: Entry = {"player": player, "ends": ends}
    caller = player_named(game, form, "muggins_by")
    if caller is not None:
        play["muggins_by"] = caller
    if form.get("out"):
        play["out"] = (
            True  # Fives and Threes: the play of the last tile (the page offers it there only)
        )
    return play


def read(game: Game, form: FormData) -> Entry:
    """The end of the hand; when correcting a hand, its plays from their rows too.

    A new hand posts no plays: the plays entered live are its plays (games.record_hand).
    """
    domino = block.went_out(game, form)
    entry: Entry = {**block.pips_or_tiles(game, form, domino), "domino": domino}
    plays = play_rows(form)
    if plays:
        entry["plays"] = plays
    return entry


def play_rows(form: FormData) -> list[Entry]:
    """The plays of a hand being corrected, a row each; a row without ends or points is dropped."""
    count = form_number(form, "plays", say("the number of plays"), "plays") or 0
    rows = (row_play(form, row) for row in range(min(count, MAX_PLAY_ROWS)))
    return [play for play in rows if play is not None]


def shown_play_rows(values: Mapping[str, Any]) -> int:
    """How many play rows the form shows: as many as were posted (or filled), one at least, and
    no more than are read (a form posting plays=99999999999999999999 gets 100, not a page
    that never ends)."""
    count = read_whole_number(str(values.get("plays") or "1"), signed=True)
    return min(max(count or 1, 1), MAX_PLAY_ROWS)


def row_play(form: FormData, row: int) -> Entry | None:
    prefix = f"play-{row}"
    ends = tile_list(form.get(f"{prefix}-ends", ""))
    points = form_number(
        form, f"{prefix}-points", say("the points of play %(number)s", number=row + 1), "plays"
    )
    if not ends and points is None:
        return None
    player = (form.get(f"{prefix}-player") or "").strip()
    if not player:
        raise RuleError(say("play %(number)s: choose who played it", number=row + 1), "plays")
    play: Entry = {"player": player}
    if ends:
        play["ends"] = [as_whole_number(end) for end in ends]
    else:
        play["points"] = points
    caller = (form.get(f"{prefix}-muggins") or "").strip()
    if caller:
        play["muggins_by"] = caller
    if form.get(f"{prefix}-out"):
        play["out"] = True
    return play


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored hand again: its end and a row per play, plus a blank row."""
    values = block.fill(game, entry)
    plays = entry.get("plays") or []
    values["plays"] = str(len(plays) + 1)  # the blank row adds a play that was forgotten
    for row, play in enumerate(plays):
        prefix = f"play-{row}"
        values[f"{prefix}-player"] = str(play.get("player", ""))
        if "ends" in play:
            values[f"{prefix}-ends"] = " ".join(str(end) for end in play["ends"])
        else:
            values[f"{prefix}-points"] = str(play.get("points", ""))
        values[f"{prefix}-muggins"] = str(play.get("muggins_by") or "")
        if play.get("out"):
            values[f"{prefix}-out"] = "1"
    return values


FORM = EntryForm(
    "entry/muggins.html",
    read,
    fill,
    ("domino", "pips", "tiles", "plays"),
    ("faces.js", "tiles.js", "muggins.js"),
    ("tiles.css", "muggins.css"),
)
