"""Fives and Threes on a page: the plays one at a time during the hand (Muggins' pad with two
ends and a "last tile" button), then at its end who chipped out, or that it blocked.

When the last play recorded was flagged as a player's last tile, the page fills in who
chipped out (and shows it as filled in); nothing else is needed to save the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.web.entry_forms import muggins
from scorekeeper.web.entry_forms.base import Entry, EntryForm, FormData
from scorekeeper.words import say

BLOCKED = "blocked"  # the choice "Nobody: blocked"


def chipped_out(game: Game) -> str:
    """Who chipped out, as the last play recorded live says ("" when no play was flagged)."""
    if game.pending_plays and game.pending_plays[-1].get("out") is True:
        player = str(game.pending_plays[-1].get("player", ""))
        return game.table.side_of(game.table.player(player)) if game.table.partnerships else player
    return ""


def read(game: Game, form: FormData) -> Entry:
    """domino (a player, a team, or "blocked"), which must be chosen; the plays when correcting."""
    chosen = (form.get("domino") or "").strip()
    if not chosen:
        raise RuleError(say("tap who chipped out, or “Nobody: blocked”"), "domino")
    entry: Entry = {"domino": None if chosen == BLOCKED else chosen}
    plays = muggins.play_rows(form)
    if plays:
        entry["plays"] = plays
    return entry


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored hand again: who chipped out and a row per play."""
    values = muggins.fill(game, {**entry, "domino": None})
    domino = entry.get("domino")
    if domino is None:
        values["domino"] = BLOCKED
    elif game.table.partnerships:
        named = str(domino).strip().casefold()
        for side in game.table.sides:
            if named == side.casefold() or named in (
                p.casefold() for p in game.table.members(side)
            ):
                values["domino"] = side
    else:
        values["domino"] = game.table.player(domino)
    return values


FORM = EntryForm(
    "entry/fives_and_threes.html",
    read,
    fill,
    ("domino", "plays"),
    ("faces.js", "muggins.js"),
    ("muggins.css", "fives_and_threes.css"),
)
