"""Mexican Train on a page: who went out (or blocked), then each player's pips or tiles left.

Nothing is guessed: a blank pips box is not 0, and "who went out" starts unchosen. The one
value the page may fill in is the 0 of the player who went out (shown filled, not typed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    player_named,
    spoken_list,
    tile_list,
)
from scorekeeper.words import Message, say, say_n

BLOCKED = "blocked"  # the "Nobody: blocked" choice; a blank choice is a choice not made yet
NOBODY = "nobody"  # nobody holds the 0-0


def read(game: Game, form: FormData) -> Entry:
    """domino (a player or "blocked"), pips-<n> or tiles-<n>, double_blank when it scores."""
    domino = went_out(game, form)
    players = game.table.players
    tiles = {player: tile_list(form.get(f"tiles-{i}", "")) for i, player in enumerate(players)}
    entry: Entry
    if form.get("mode") == "tiles" or any(tiles.values()):
        missing = [p for p in players if not tiles[p] and p != domino and domino is not None]
        untold(missing, pick_tiles, "tiles")
        entry = {"tiles": tiles, "domino": domino}
    else:
        pips = {
            player: form_number(form, f"pips-{i}", say("%(player)s's pips", player=player), "pips")
            for i, player in enumerate(players)
        }
        untold([p for p, v in pips.items() if v is None and p != domino], type_pips, "pips")
        entry = {"pips": {p: v or 0 for p, v in pips.items()}, "domino": domino}
        holder = double_blank(game, form)
        if holder is not None:
            entry["double_blank"] = holder
    return entry


def went_out(game: Game, form: FormData) -> str | None:
    """Who went out, or None for "Nobody: blocked"; left unchosen, the round is not saved."""
    return outcome(game, form, BLOCKED, say("tap who went out, or “Nobody: blocked”"))


def outcome(game: Game, form: FormData, nobody: str, ask: Message) -> str | None:
    """The player chosen in `domino`, or None for the `nobody` choice; unchosen is refused."""
    chosen = player_named(game, form, "domino")
    if chosen is None:
        raise RuleError(ask, "domino")
    if chosen == nobody and chosen.casefold() not in map(str.casefold, game.table.players):
        return None
    return chosen


def double_blank(game: Game, form: FormData) -> str | None:
    """Who holds the 0-0, asked only while it scores more than its face value."""
    if not asks_double_blank(game):
        return None
    chosen = player_named(game, form, "double_blank")
    if chosen is None:
        raise RuleError(say("tap who holds the 0-0, or “Nobody”"), "double_blank")
    return None if chosen == NOBODY else chosen


def asks_double_blank(game: Game, number: int | None = None) -> bool:
    """The 0-0 scores extra in this game, and in this round it is not the engine."""
    if not game.options.get("double_blank_value"):
        return False
    round_number = number or len(game.hands) + 1
    engine = game.ruleset.next_hand(game.table, game.options, round_number - 1).engine
    return engine != "0-0"


def pick_tiles(count: int, players: Message | str) -> Message:
    return say_n(
        "pick the tiles left in %(players)s's hand",
        "pick the tiles left in %(players)s's hands",
        count,
        players=players,
    )


def type_pips(count: int, players: Message | str) -> Message:
    return say_n(
        "type the pips left in %(players)s's hand",
        "type the pips left in %(players)s's hands",
        count,
        players=players,
    )


def untold(missing: list[str], ask: Callable[[int, Message | str], Message], field: str) -> None:
    """Refuse a round that leaves a hand blank: a blank is not 0."""
    if missing:
        raise RuleError(ask(len(missing), spoken_list(missing)), field)


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored round again, for a correction."""
    values: dict[str, str | list[str]] = {"domino": entry.get("domino") or BLOCKED}
    for i, player in enumerate(game.table.players):
        if "tiles" in entry:
            values["mode"] = "tiles"
            values[f"tiles-{i}"] = " ".join(entry["tiles"].get(player, []))
        else:
            values[f"pips-{i}"] = str(entry.get("pips", {}).get(player, ""))
    if "pips" in entry:
        values["double_blank"] = entry.get("double_blank") or NOBODY
    return values


FORM = EntryForm(
    "entry/mexican_train.html",
    read,
    fill,
    ("domino", "pips", "tiles", "double_blank"),
    ("faces.js", "tiles.js", "went_out.js"),
    ("tiles.css", "newer_games.css"),
)
