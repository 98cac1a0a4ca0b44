"""Muggins played live on the scorer's page: record one play, or take the last one back.

The plays go through the same service as the API's /plays; a refused play re-renders the
scorer's page with the ends as tapped and the reason next to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import games
from scorekeeper.db import get_db
from scorekeeper.errors import Conflict, Forbidden, RuleError, Unavailable
from scorekeeper.forms import HandForm
from scorekeeper.tiles import SETS, parse_tile
from scorekeeper.web import scorer
from scorekeeper.web.entry_forms.muggins import read_play
from scorekeeper.web.pages import scorer_page, scoring_game, status_of

bp = Blueprint("plays", __name__)

END_SLOTS = 4  # a spinner's four arms: the most open ends a layout has


@bp.post("/games/<game_id>/plays")
def record_play(game_id: str) -> BaseResponse | tuple[str, int]:
    loaded, writer = scorer_writer(game_id, "enter the play again")
    try:
        games.record_play(get_db(), game_id, read_play(loaded, request.form), writer)
    except (RuleError, Conflict, Unavailable) as refused:
        return refused_page(game_id, refused, request.form)
    return redirect(url_for("pages.game", game_id=game_id, _anchor="board"), code=303)


@bp.post("/games/<game_id>/plays/undo")
def undo_play(game_id: str) -> BaseResponse | tuple[str, int]:
    loaded, writer = scorer_writer(game_id, "try again")
    try:
        games.undo_play(get_db(), game_id, writer)
    except (Conflict, Unavailable) as refused:
        return refused_page(game_id, refused)
    assert loaded.in_progress is not None  # undo_play refuses when there is no play
    said = loaded.in_progress.result.explanation[-1]
    flash(f"Play {len(loaded.pending_plays)} undone ({said}).", "success")
    return redirect(url_for("pages.game", game_id=game_id, _anchor="board"), code=303)


def scorer_writer(game_id: str, again: str) -> tuple[games.Game, games.Writer]:
    """The game and this phone's right to change it, at the version its page showed.

    The version makes a second tap on the same button a refusal rather than a second play
    recorded (or a second one undone).
    """
    loaded = scoring_game(game_id)
    form = HandForm()
    if not form.validate_on_submit():
        raise Forbidden(f"This form has expired. Reload the page and {again}.")
    return loaded, scorer.page_writer(loaded, form.expected_version())


def refused_page(
    game_id: str,
    refused: RuleError | Conflict | Unavailable,
    values: Mapping[str, Any] | None = None,
) -> tuple[str, int]:
    """The scorer's page again, with what was tapped and why it was refused."""
    fresh = games.load_game(get_db(), game_id)
    return scorer_page(fresh, values=values, error=refused), status_of(refused)


@dataclass(frozen=True)
class PlayPad:
    """Where the next play's form starts: the open ends carried over and whose turn it is."""

    ends: tuple[str, ...]  # one per slot: "" (no end), "5", or "5-5" for a crosswise double
    player: str
    highest: int  # the highest number on an end in this game's set
    points_per_five: bool


@bp.app_template_global()
def play_pad(game: games.Game, values: Any) -> PlayPad:
    """The live-play form's start: as refused (when it was), else carried over from the last play."""
    highest = SETS[game.options.get("set", "double-six")].highest_end
    per_five = bool(game.options.get("points_per_five"))
    if "end" in values:
        ends = tuple(values.getlist("end"))
        return PlayPad(slots(ends), values.get("player", ""), highest, per_five)
    return PlayPad(slots(carried_ends(game.pending_plays)), next_player(game), highest, per_five)


def slots(ends: Sequence[str]) -> tuple[str, ...]:
    return tuple(ends[:END_SLOTS]) + ("",) * (END_SLOTS - len(ends[:END_SLOTS]))


def carried_ends(plays: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """The open ends after the last play that gave them: most plays change only one end."""
    for play in reversed(plays):
        if isinstance(play.get("ends"), list):
            return tuple(end_text(end) for end in play["ends"])
    return ()


def end_text(end: object) -> str:
    return str(parse_tile(end)) if isinstance(end, str) else str(end)


def next_player(game: games.Game) -> str:
    """Whose turn it is: the player after the last play's, or after the dealer to start a hand."""
    players = game.table.players
    if game.pending_plays:
        last = game.table.player(game.pending_plays[-1].get("player"))
    else:
        last = game.ruleset.next_hand(game.table, game.options, len(game.hands)).dealer
    return players[(players.index(last) + 1) % len(players)]
