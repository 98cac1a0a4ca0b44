"""Muggins played live on the scorer's page: record one play, or take the last one back.

The plays go through the same service as the API's /plays; a refused play re-renders the
scorer's page with the ends as tapped and the reason next to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, request, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import games
from scorekeeper.errors import Conflict, Forbidden, RuleError, Unavailable
from scorekeeper.forms import HandForm
from scorekeeper.store import get_db
from scorekeeper.tiles import SETS, parse_tile
from scorekeeper.web import scorer
from scorekeeper.web.entry_forms.fives_and_threes import chipped_out
from scorekeeper.web.entry_forms.muggins import read_play
from scorekeeper.web.errors import wants_json
from scorekeeper.web.language import tell
from scorekeeper.web.outbox import refused_json, saved
from scorekeeper.web.pages import (
    Kept,
    TypedChange,
    check_right_held,
    scorer_page,
    scoring_game,
    status_of,
)
from scorekeeper.words import Message, say

bp = Blueprint("plays", __name__)


@bp.post("/games/<game_id>/plays")
def record_play(game_id: str) -> BaseResponse | Kept:
    writer = scorer_writer(game_id, say("enter the play again"))
    typed = TypedChange(read_play)
    try:
        body = games.record_play(get_db(), game_id, typed, writer)
    except (RuleError, Conflict, Unavailable) as refused:
        return refused_page(game_id, refused, request.form)
    assert typed.game is not None  # the play was read against it
    # After the last tile (Fives and Threes) the next tap is the end of the hand's Save; its
    # two-end pad comes back at the top, with the play's total under it, for the next play.
    pad_on_top = "plays" if typed.game.ruleset.flags_last_tile else "board"
    anchor = "entry" if typed.entry.get("out") else pad_on_top
    return saved(201, body, url_for("pages.game", game_id=game_id, _anchor=anchor))


@bp.post("/games/<game_id>/plays/undo")
def undo_play(game_id: str) -> BaseResponse | Kept:
    writer = scorer_writer(game_id, say("try again"))
    loaded = scoring_game(game_id)  # the play taken back is named from the game before
    try:
        body = games.undo_play(get_db(), game_id, writer)
    except (Conflict, Unavailable) as refused:
        return refused_page(game_id, refused)
    assert loaded.in_progress is not None  # undo_play refuses when there is no play
    said = loaded.in_progress.result.explanation[-1]
    # The play's own explanation, in the reader's words (a Message once the rules say one).
    tell(
        say(
            "Play %(number)s undone (%(play)s).",
            number=len(loaded.pending_plays),
            play=said if isinstance(said, Message) else Message(str(said)),
        ),
        "success",
    )
    return saved(200, body, url_for("pages.game", game_id=game_id, _anchor="board"))


def scorer_writer(game_id: str, again: Message) -> games.Writer:
    """This phone's right to change the game, at the version its page showed; the right is
    checked against the game as read for the change.

    The version makes a second tap on the same button a refusal rather than a second play
    recorded (or a second one undone).
    """
    check_right_held(game_id)
    form = HandForm()
    if not form.validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the page and %(again)s.", again=again))
    return scorer.page_writer(game_id, form.expected_version())


def refused_page(
    game_id: str,
    refused: RuleError | Conflict | Unavailable,
    values: Mapping[str, Any] | None = None,
) -> Kept:
    """The scorer's page again, with what was tapped and why it was refused (for the page's
    script, the sentence alone)."""
    fresh = games.load_game(get_db(), game_id)
    if wants_json():
        return refused_json(refused, fresh)
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
