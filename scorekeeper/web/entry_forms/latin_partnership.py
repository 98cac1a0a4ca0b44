"""Latin partnership on a page: who dominoed (or a tranque), each player's pips (or each
team's, or the tiles), and the bonuses: capicúa, chuchazo, the pases corridos in play order,
with the last tile and the ends before it where the table wants the capicúa checked: the same
entry the API takes, so the same checks and sentences.

A blank pips box is not 0 (only the player who dominoed may be left blank: their 0 is
derived), and "who dominoed" starts unchosen. The closer is asked only where the tranque rule
needs one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.rules.latin_partnership import ENTRY_FIELDS
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
    """domino; pips-<n> per player, team-pips-<n> per team or tiles-<n> per player; closer,
    capicua, chuchazo, pases; last_tile and end-0, end-1 (the open ends before it)."""
    domino = dominoed(game, form)
    players = game.table.players
    tiles = {player: tile_list(form.get(f"tiles-{i}", "")) for i, player in enumerate(players)}
    entry: Entry
    if form.get("mode") == "tiles" or any(tiles.values()):
        entry = {"tiles": tiles}
    else:
        entry = {"pips": team_pips(game, form, domino) or player_pips(game, form, domino)}
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
    entry.update(last_tile(form))
    return entry


def player_pips(game: Game, form: FormData, domino: str | None) -> dict[str, int]:
    """Each player's pips; only the player who dominoed may be blank (their 0 is derived)."""
    pips = {
        player: form_number(form, f"pips-{i}", say("%(player)s's pips", player=player), "pips")
        for i, player in enumerate(game.table.players)
    }
    untold([p for p, v in pips.items() if v is None and p != domino], type_pips, "pips")
    return {p: v or 0 for p, v in pips.items()}


def team_pips(game: Game, form: FormData, domino: str | None) -> dict[str, int] | None:
    """Each team's pips, as the API takes them, where the table counted per team; None where
    no team's box is filled. Both teams' boxes are needed (blank is not 0), and a player's
    pips typed as well would be counted twice: refused. The dominoing player's box holds the
    0 the page filled in, not a count."""
    teams = game.table.sides
    typed = {
        team: form_number(form, f"team-pips-{i}", say("the pips for %(team)s", team=team), "pips")
        for i, team in enumerate(teams)
    }
    if all(value is None for value in typed.values()):
        return None
    per_player = [
        player
        for i, player in enumerate(game.table.players)
        if player != domino and (form.get(f"pips-{i}") or "").strip()
    ]
    if per_player:
        raise RuleError(
            say(
                "type the pips per player or per team, not both (%(player)s's pips are typed)",
                player=per_player[0],
            ),
            "pips",
        )
    blank = [team for team, value in typed.items() if value is None]
    if blank:
        raise RuleError(say("type the pips left in %(team)s's hands", team=blank[0]), "pips")
    return {team: value or 0 for team, value in typed.items()}


def last_tile(form: FormData) -> Entry:
    """The last tile played and the open ends before it, typed only to have the capicúa or
    chuchazo checked; the ends need the tile, and come as a pair."""
    tile = (form.get("last_tile") or "").strip()
    ends = [form_number(form, f"end-{i}", say("an open end"), "ends_before") for i in (0, 1)]
    if all(end is None for end in ends):
        return {"last_tile": tile} if tile else {}
    if any(end is None for end in ends):
        raise RuleError(say("type both open ends before the last tile"), "ends_before")
    if not tile:
        raise RuleError(
            say("type the last tile played: the open ends are checked against it"),
            "last_tile",
        )
    return {"last_tile": tile, "ends_before": ends}


def dominoed(game: Game, form: FormData) -> str | None:
    """Who dominoed, or None for "Nobody: tranque"; left unchosen, the hand is not saved."""
    return outcome(game, form, TRANQUE, say("tap who dominoed, or “Nobody: tranque”"))


def needs_closer(game: Game) -> bool:
    """The tranque rules that compare the closer with a neighbour."""
    return str(game.options.get("tranque", "")).startswith("closer")


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored hand again, for a correction."""
    values: dict[str, str | list[str]] = {"domino": entry.get("domino") or TRANQUE}
    pips = entry.get("pips", {})
    per_team = "pips" in entry and not set(pips) <= set(game.table.players)
    for i, player in enumerate(game.table.players):
        if "tiles" in entry:
            values["mode"] = "tiles"
            values[f"tiles-{i}"] = " ".join(entry["tiles"].get(player, []))
        elif not per_team:
            values[f"pips-{i}"] = str(pips.get(player, ""))
    if per_team:
        given = {str(name).casefold(): value for name, value in pips.items()}
        for i, team in enumerate(game.table.sides):
            values[f"team-pips-{i}"] = str(given.get(team.casefold(), ""))
    for key in ("closer", "last_tile"):
        if entry.get(key):
            values[key] = str(entry[key])
    for i, end in enumerate(entry.get("ends_before") or ()):
        values[f"end-{i}"] = str(end)
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
    ENTRY_FIELDS,  # the page shows each entry field's refusal next to it
    ("faces.js", "tiles.js", "went_out.js", "pases.js"),
    ("tiles.css", "newer_games.css"),
)
