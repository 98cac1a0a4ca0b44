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
from scorekeeper.errors import Conflict, Forbidden, RuleError, Unavailable
from scorekeeper.forms import HandForm
from scorekeeper.store import get_db
from scorekeeper.tiles import SETS, parse_tile
from scorekeeper.web import scorer
from scorekeeper.web.entry_forms.fives_and_threes import chipped_out
from scorekeeper.web.entry_forms.muggins import read_play
from scorekeeper.web.language import translate
from scorekeeper.web.pages import scorer_page, scoring_game, status_of

bp = Blueprint("plays", __name__)


@bp.post("/games/<game_id>/plays")
def record_play(game_id: str) -> BaseResponse | tuple[str, int]:
    loaded, writer = scorer_writer(game_id, "enter the play again")
    try:
        play = read_play(loaded, request.form)
        games.record_play(get_db(), game_id, play, writer)
    except (RuleError, Conflict, Unavailable) as refused:
        return refused_page(game_id, refused, request.form)
    # After the last tile (Fives and Threes) the next tap is the end of the hand's Save; its
    # two-end pad comes back at the top, with the play's total under it, for the next play.
    pad_on_top = "plays" if loaded.ruleset.flags_last_tile else "board"
    anchor = "entry" if play.get("out") else pad_on_top
    return redirect(url_for("pages.game", game_id=game_id, _anchor=anchor), code=303)


@bp.post("/games/<game_id>/plays/undo")
def undo_play(game_id: str) -> BaseResponse | tuple[str, int]:
    loaded, writer = scorer_writer(game_id, "try again")
    try:
        games.undo_play(get_db(), game_id, writer)
    except (Conflict, Unavailable) as refused:
        return refused_page(game_id, refused)
    assert loaded.in_progress is not None  # undo_play refuses when there is no play
    said = translate(loaded.in_progress.result.explanation[-1])
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
    """Where the next play's form starts: the open ends carried over and whose turn it is.

    What the pad shows of the rules comes from the ruleset: how many open ends a layout
    has, how a count scores, whether the last tile is flagged, and the totals and the
    target for an exact finish.
    """

    ends: tuple[str, ...]  # one per slot: "" (no end), "5", or "5-5" for a crosswise double
    player: str
    highest: int  # the highest number on an end in this game's set
    points_per_five: bool
    scoring: str = "fives"
    flags_last_tile: bool = False
    exact_target: int | None = None  # the target a score may not overshoot, if any
    player_totals: Mapping[str, int] | None = None  # each player's side's total


@bp.app_template_global()
def play_pad(game: games.Game, values: Any) -> PlayPad:
    """The live-play form's start: as refused (when it was), else carried over from the last play."""
    rules = game.ruleset
    count = rules.open_ends
    if "end" in values:
        ends, player = slots(tuple(values.getlist("end")), count), values.get("player", "")
    else:
        ends, player = slots(carried_ends(game.pending_plays), count), next_player(game)
    return PlayPad(
        ends,
        player,
        highest=SETS[game.options.get("set", "double-six")].highest_end,
        points_per_five=bool(game.options.get("points_per_five")),
        scoring=rules.count_scoring,
        flags_last_tile=rules.flags_last_tile,
        exact_target=game.options.get("target") if game.options.get("exact_finish") else None,
        player_totals={p: game.totals[game.table.side_of(p)] for p in game.table.players},
    )


# The end-of-hand form fills in who chipped out from a live play flagged as the last tile.
bp.add_app_template_global(chipped_out)


def slots(ends: Sequence[str], count: int) -> tuple[str, ...]:
    return tuple(ends[:count]) + ("",) * (count - len(ends[:count]))


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
