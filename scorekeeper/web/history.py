"""A game's history page: every change, from which link, when; an undone hand can be restored."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import games, store
from scorekeeper.errors import AppError, Conflict, Forbidden, NotFound, RuleError
from scorekeeper.forms import HandForm
from scorekeeper.rules.base import Sentence
from scorekeeper.store import get_db
from scorekeeper.web import scorer
from scorekeeper.web.language import translate
from scorekeeper.words import Message, say, say_n

bp = Blueprint("history", __name__)

# How each kind of actor in the log is named on the page; the fingerprint follows.
ACTOR_NAMES = {
    "page": say("by the scorer link %(link)s"),
    "api": say("by the API token %(link)s"),
    "terminal": say("on the server's laptop (scorekeeper scorer-link)"),
}
UNKNOWN_ACTOR = say("by the scorer token %(link)s")
# What each kind of change is called: of the game, and of one of its hands.
GAME_ACTIONS = {
    "created": say("Game started"),
    "token rotated": say("New scorer link made"),
    "time called": say("Time called"),
}
HAND_ACTIONS = {
    "entered": say("Hand %(number)s entered"),
    "corrected": say("Hand %(number)s corrected"),
    "undone": say("Hand %(number)s undone"),
    "play entered": say("A play of hand %(number)s entered"),
    "play undone": say("A play of hand %(number)s undone"),
}


@dataclass(frozen=True)
class Change:
    """One line of the log as the page shows it."""

    id: int
    at: datetime
    action: str
    hand_number: int | None
    who: Message
    explanation: tuple[Sentence, ...]
    entry: str | None
    restorable: bool

    @property
    def what(self) -> Message:
        if self.hand_number is None:
            return GAME_ACTIONS.get(self.action, Message(self.action.capitalize()))
        said = HAND_ACTIONS.get(self.action, Message(f"Hand %(number)s {self.action}"))
        return Message(said.id, {"number": self.hand_number})


def who(actor: str) -> Message:
    """'api:ab12cd34ef' -> 'by the API token ab12…': which link made a change, never the token."""
    kind, _, fingerprint = actor.rpartition(":")
    return Message(ACTOR_NAMES.get(kind, UNKNOWN_ACTOR).id, {"link": f"{fingerprint[:4]}…"})


def local_time(at: str) -> datetime:
    """A stored UTC time in this machine's time zone: the club's clock."""
    return datetime.fromisoformat(at).astimezone()


def changes(game: games.Game, lines: list[store.LogLine]) -> list[Change]:
    """The game's log, newest first."""
    return [change(game, line) for line in reversed(lines)]


def change(game: games.Game, line: store.LogLine) -> Change:
    return Change(
        id=line.id,
        at=local_time(line.at),
        action=line.action,
        hand_number=line.hand_number,
        who=who(line.actor),
        # What a whole hand scored, in the game's own sentences, as it was scored then.
        explanation=logged_explanation(line.result),
        entry=None if line.entry is None else json.dumps(line.entry, ensure_ascii=False),
        restorable=is_restorable(game, line),
    )


def logged_explanation(result: object) -> tuple[Sentence, ...]:
    """A logged hand's explanation as kept, to be said in the reader's language; none if the
    line (an imported one) keeps none."""
    explanation = result.get("explanation") if isinstance(result, dict) else None
    if not isinstance(explanation, list):
        return ()
    return tuple(games.logged_sentence(line) for line in explanation)


def is_restorable(game: games.Game, line: store.LogLine) -> bool:
    """An undone hand can come back while it would still be the next hand."""
    return (
        line.action == "undone"
        and line.entry is not None
        and line.hand_number == len(game.hands) + 1
        and not game.finished
        and not game.pending_plays
    )


def page(game: games.Game, error: AppError | RuleError | None = None) -> str:
    can_score = scorer.can_score(game)
    return render_template(
        "history/history.html",
        game=game,
        changes=changes(game, store.log_lines(get_db(), game.id)),
        can_score=can_score,
        form=HandForm(formdata=None).fresh(game.version) if can_score else None,
        error=error,
    )


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    return page(games.load_game(get_db(), game_id))


def undone_line(game_id: str, line_id: int) -> store.LogLine:
    """The log line of an undone hand of this game, or NotFound."""
    for line in store.log_lines(get_db(), game_id):
        if line.id == line_id and line.action == "undone":
            return line
    raise NotFound(say("There is no undone hand at this address."))


@bp.post("/games/<game_id>/history/<int:line_id>/restore")
def restore(game_id: str, line_id: int) -> BaseResponse | tuple[str, int]:
    """Enter an undone hand again, as it was logged, through the same path as any new hand."""
    game = games.load_game(get_db(), game_id)
    if not scorer.can_score(game):
        raise Forbidden(
            say("Only the scorer's phone can restore a hand. Open the scorer link first.")
        )
    form = HandForm()
    if not form.validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the history and try again."))
    line = undone_line(game_id, line_id)
    writer = scorer.page_writer(game_id, form.expected_version())
    # A second tap of the same button never gets here: web/writes.py answers it with the
    # first tap's answer, found by the form's one-time key.
    try:
        if not is_restorable(game, line):
            raise Conflict(
                say(
                    "Hand %(number)s can't be restored: the game has moved on (%(hands)s now). "
                    "Enter it again instead.",
                    number=line.hand_number,
                    hands=say_n("%(count)s hand", "%(count)s hands", len(game.hands)),
                )
            )
        games.record_hand(get_db(), game_id, line.entry, writer)
    except (AppError, RuleError) as refused:
        status = refused.status if isinstance(refused, AppError) else 422
        return page(games.load_game(get_db(), game_id), refused), status
    flash(
        translate(say("Hand %(number)s is back, as it was entered.", number=line.hand_number)),
        "success",
    )
    return redirect(url_for("pages.game", game_id=game_id), code=303)
