"""The scorer page's script asks the page's own write addresses for JSON: these are its answers.

With script on, the scorer's page keeps every change on the phone (static/outbox.js) and
sends it in the background, with an Idempotency-Key, to the same address the plain form
posts to: one write path, the server scores. A change made is answered with the write's own
result, as the API gives it, and the page a plain form would land on; a refusal with its
sentence and where the game stands now, so the script can offer what is still possible
(enter a refused hand as the next one, unless the game is over).
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, redirect
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import games
from scorekeeper.errors import AppError, RuleError
from scorekeeper.web.errors import refusal, wants_json
from scorekeeper.words import say

# A kept change reaching the server after the scorer link was replaced: said to the phone
# that kept it (the plain form's page shows the hand instead, scorer.html's lost_right).
LOST_RIGHT = say(
    "This phone no longer keeps score for this game: a new scorer link was made since. "
    "Ask the person now keeping score for the new link, or tell them this change."
)
# The same, to a phone that holds no scorer right for the game at all: its browser forgot it
# (its data was cleared, a private window closed) or this is another browser.
FORGOTTEN_RIGHT = say(
    "This phone does not keep score for this game any more: its browser has forgotten the "
    "scorer's right. Open the scorer link again, then enter this change again."
)


def saved(status: int, body: dict[str, Any], then: str) -> BaseResponse | tuple[Response, int]:
    """A change that was made: for the script, the write's answer and `then`, the page a plain
    form lands on (where the script goes once nothing waits); for a plain form, that page."""
    if wants_json():
        return jsonify({**body, "page": then}), status
    return redirect(then, code=303)


def refused_json(
    refused: AppError | RuleError, game: games.Game, status: int | None = None
) -> tuple[Response, int]:
    """A refusal for the script: the sentence, and the game's version, whether it is over and
    the number its next hand would have."""
    upcoming = game.next_hand.number if game.next_hand else None
    response = refusal(refused, version=game.version, finished=game.finished, next_hand=upcoming)
    return response, status or response.status_code
