"""Every refusal in one place: JSON for the API, a page for the browser.

Whatever goes wrong, the answer has the same shape (`{"error": "…"}` or the error page)
and a sentence: a refused request is a 4xx; a write that cannot be done now (the database
busy or the disk full) is a 503 with Retry-After; and anything else, which is a bug, is a
500 that still says something a player can act on, its traceback in the server's log.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, current_app, jsonify, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from scorekeeper.errors import AppError, RuleError, TooManyRequests, Unavailable
from scorekeeper.store import is_transient, unavailable
from scorekeeper.web.language import translate
from scorekeeper.words import Message, say


def wants_json() -> bool:
    """The API, and the scorer page's script, which sends its changes in the background and
    asks for the answer as JSON (`Accept: application/json`) to keep them until acknowledged."""
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def error_response(
    status: int, message: str | Message, field: str | None = None, **more: object
) -> Response:
    said = translate(message)
    if wants_json():
        body: dict[str, object] = {"error": said}
        if field:
            body["field"] = field
        response = jsonify({**body, **more})
    else:
        page = render_template("error.html", status=status, message=said, back=game_page(status))
        response = Response(page)
    response.status_code = status
    return response


def game_page(status: int) -> str | None:
    """The page of the game a refused request was about, for the way back to it (a player at
    the table refused an undo has a game to go back to, not only the home page); None when
    the request named no game, or no such game was found."""
    game_id = (request.view_args or {}).get("game_id")
    if status == 404 or not isinstance(game_id, str):
        return None
    return url_for("pages.game", game_id=game_id)


def refusal(error: AppError | RuleError, **more: object) -> Response:
    """The answer to any refusal, for the pages that draw their own with the form kept.

    `more` goes into a JSON answer beside the sentence (the game's version, for the page's script).
    """
    if isinstance(error, RuleError):
        said = translate(error.message)
        return error_response(422, said[:1].upper() + said[1:], error.field, **more)
    response = error_response(error.status, error.message, error.field, **more)
    if isinstance(error, TooManyRequests):
        response.headers["Retry-After"] = str(error.retry_after)
    return response


def retry_soon(response: Response) -> Response:
    """Every 503, from the error path or a page that kept the typed hand, says when to retry."""
    if response.status_code == Unavailable.status:
        response.headers.setdefault("Retry-After", str(Unavailable.retry_after))
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(AppError, refusal)
    app.after_request(retry_soon)
    app.register_error_handler(RuleError, refusal)

    @app.errorhandler(CSRFError)
    def forged_form(_error: CSRFError) -> Response:
        # A form without a valid CSRF token did not come from our page: refuse it as forbidden.
        return error_response(
            403,
            say(
                "This form has expired or did not come from this app. "
                "Reload the page and try again."
            ),
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        messages = {
            400: say("That request could not be read. Reload the page and try again."),
            404: say("There is nothing at this address."),
            405: say("That is not something this address does."),
            413: say("That request is far larger than any real entry."),
        }
        status = error.code or 500
        if status >= 500:
            return unexpected(error)
        # Werkzeug's own descriptions are English only: any other refusal says its code.
        refused = say("That request was refused (HTTP %(status)s).", status=str(status))
        return error_response(status, messages.get(status, refused))

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        original = getattr(error, "original_exception", None) or error
        if isinstance(original, sqlite3.Error) and is_transient(original):
            return refusal(unavailable())
        current_app.logger.error("Unexpected error on %s", request.path, exc_info=original)
        return error_response(
            500,
            say(
                "Something went wrong on the server. What you entered may not have been saved: "
                "reload the page to see the scores as they are."
            ),
        )
