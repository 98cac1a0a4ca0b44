"""Latin partnership on a page: who dominoed (or a tranque), each player's pips or tiles, and
the bonuses: capicúa, chuchazo, the pases corridos in play order.

A blank pips box is not 0 (only the player who dominoed may be left blank: their 0 is
derived), and "who dominoed" starts unchosen. The closer is asked only where the tranque rule
needs one.
"""

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
from scorekeeper.web.entry_forms.mexican_train import outcome, type_pips, untold
from scorekeeper.words import say

TRANQUE = "tranque"  # the "Nobody: tranque" choice


def read(game: Game, form: FormData) -> Entry:
    """domino, pips-<n> or tiles-<n> per player, closer, capicua, chuchazo, pases."""
    domino = dominoed(game, form)
    players = game.table.players
    tiles = {player: tile_list(form.get(f"tiles-{i}", "")) for i, player in enumerate(players)}
    entry: Entry
    if form.get("mode") == "tiles" or any(tiles.values()):
        entry = {"tiles": tiles}
    else:
        pips = {
            player: form_number(form, f"pips-{i}", say("%(player)s's pips", player=player), "pips")
            for i, player in enumerate(players)
        }
        untold([p for p, v in pips.items() if v is None and p != domino], type_pips, "pips")
        entry = {"pips": {p: v or 0 for p, v in pips.items()}}
    entry["domino"] = domino
    if domino is None and needs_closer(game):
        closer = player_named(game, form, "closer")
        if closer is None:
            raise RuleError(say("tap who closed the game (made the last play)"), "closer")
        entry["closer"] = closer
    for flag in ("capicua", "chuchazo"):
        if form.get(flag):
            entry[flag] = True
    pases = [name.strip() for name in (form.get("pases") or "").split(",") if name.strip()]
    if pases:
        entry["pases_corridos"] = pases
    return entry


def dominoed(game: Game, form: FormData) -> str | None:
    """Who dominoed, or None for "Nobody: tranque"; left unchosen, the hand is not saved."""
    return outcome(game, form, TRANQUE, say("tap who dominoed, or “Nobody: tranque”"))


def needs_closer(game: Game) -> bool:
    """The tranque rules that compare the closer with a neighbour."""
    return str(game.options.get("tranque", "")).startswith("closer")


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored hand again, for a correction."""
    values: dict[str, str | list[str]] = {"domino": entry.get("domino") or TRANQUE}
    per_player = "tiles" in entry or set(entry.get("pips", {})) <= set(game.table.players)
    for i, player in enumerate(game.table.players):
        if "tiles" in entry:
            values["mode"] = "tiles"
            values[f"tiles-{i}"] = " ".join(entry["tiles"].get(player, []))
        elif per_player:
            values[f"pips-{i}"] = str(entry.get("pips", {}).get(player, ""))
    for key in ("closer",):
        if entry.get(key):
            values[key] = str(entry[key])
    for flag in ("capicua", "chuchazo"):
        if entry.get(flag):
            values[flag] = "on"
    if entry.get("pases_corridos"):
        values["pases"] = ", ".join(entry["pases_corridos"])
    return values


FORM = EntryForm(
    "entry/latin_partnership.html",
    read,
    fill,
    ("domino", "pips", "tiles", "closer", "capicua", "chuchazo", "pases_corridos"),
    ("tiles.js", "went_out.js", "pases.js"),
)
