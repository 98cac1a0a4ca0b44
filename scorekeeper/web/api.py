"""The JSON API (shared/API.md): the same game records as the pages, for scripts."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from scorekeeper import checker, games, leagues
from scorekeeper.errors import BadRequest, RuleError, UnsupportedMediaType, unreadable
from scorekeeper.numbers import read_whole_number
from scorekeeper.rules import REGISTRY
from scorekeeper.store import get_db
from scorekeeper.web import current_application, current_request
from scorekeeper.web.language import reader_words, translate
from scorekeeper.web.links import external_url
from scorekeeper.web.openapi import openapi_document
from scorekeeper.web.share import snapshot
from scorekeeper.web.writes import TooLong, body_json, read_only
from scorekeeper.words import in_words, say

bp = Blueprint("api", __name__, url_prefix="/api")


def json_body() -> dict[str, Any]:
    """The request body as a JSON object, or a 4xx saying what is wrong with it.

    Only `application/json`: a page of another site can post `text/plain` across origins
    without asking, never JSON. Numbers, nesting and text are held to what a real entry
    holds, so nothing further on chokes on a 5,000-digit number, a thousand levels of
    brackets or a lone surrogate that SQLite cannot store.
    """
    request = current_request()
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(
            say("Send the body as JSON, with the header Content-Type: application/json.")
        )
    try:
        body = body_json(request)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadRequest(
            say("The JSON body was refused: %(reason)s.", reason=unreadable(error))
        ) from None
    except TooLong:  # thousands of digits: Python will not read it, and it is no score
        raise RuleError(say("A number in the body is far too long to be a score.")) from None
    except RecursionError:
        raise BadRequest(TOO_DEEP) from None
    if not isinstance(body, dict):
        raise BadRequest(say("The body must be a JSON object ({…})."))
    if is_plain(request.get_data(cache=True)):
        return body
    check_shape(body)
    normalized: dict[str, Any] = in_nfc(body)
    return normalized


def is_plain(raw: bytes) -> bool:
    """Whether a JSON text can hold nothing check_shape refuses and nothing in_nfc changes,
    as a hand's entry is: ASCII with no \\u escape (so every text is ASCII, which is NFC and
    never a lone surrogate) and fewer brackets than MAX_DEPTH (so it cannot nest that deep)."""
    return raw.isascii() and b"\\u" not in raw and raw.count(b"[") + raw.count(b"{") < MAX_DEPTH


def in_nfc(value: Any) -> Any:
    """Every text in NFC, as names are stored: "José" keyed with a combining accent is José.

    Safe to recurse: check_shape has held the nesting to MAX_DEPTH.
    """
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, dict):
        return {in_nfc(key): in_nfc(item) for key, item in value.items()}
    if isinstance(value, list):
        return [in_nfc(item) for item in value]
    return value


MAX_DEPTH = 16
TOO_DEEP = say("The body is nested far deeper than any real entry.")


def check_shape(body: Any) -> None:
    """Refuse nesting deeper than any entry's and text that is not Unicode text (lone surrogates)."""
    pending: list[tuple[Any, int]] = [(body, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise BadRequest(TOO_DEEP)
        if isinstance(value, dict):
            pending.extend((key, depth + 1) for key in value)
            pending.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, str) and not is_text(value):
            raise BadRequest(say("The body holds a character that is not text (a lone surrogate)."))


def is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def writer_for() -> games.Writer:
    """The scorer's right to change a game, from the X-Scorer-Token header.

    The token is checked against the game as the change reads it, in its transaction:
    the game is read once, and an unknown game is a 404 whatever the token.
    """
    headers = current_request().headers
    return games.Writer(
        via="api",
        token=headers.get("X-Scorer-Token") or "",
        expected_version=if_match(headers.get("If-Match")),
    )


def if_match(raw: str | None) -> int | None:
    """The game version an If-Match header names (`raw`, None when it is absent): the change is
    made only if the game is still at that version."""
    if raw is None:
        return None
    version = read_whole_number(raw.strip().removeprefix("W/").strip('"'))
    if version is None:
        raise BadRequest(say("If-Match must be the game's version number, as the API returned it."))
    return version


def game_response(body: dict[str, Any], status: int = 200) -> Response:
    # Explanations in the reader's language; written as jsonify writes it, in one step.
    app = current_application()
    said = app.json.dumps(in_words(body, reader_words()))
    response = app.response_class(f"{said}\n", status, mimetype="application/json")
    if "version" in body:
        response.headers["ETag"] = f'"{body["version"]}"'
    return response


@bp.get("/rulesets")
def rulesets() -> Response:
    return jsonify(
        [
            {
                "id": r.id,
                "name": r.name,
                "description": r.description,
                "players": list(r.players),
                "partnerships": r.partnerships,
                "lowest_wins": r.lowest_wins,
                "options": {o.name: o.static_default for o in r.options},
                "option_details": [
                    {
                        "name": o.name,
                        "label": o.label,
                        "default": o.static_default,
                        "type": o.kind.__name__,
                        "choices": list(o.choices),
                    }
                    for o in r.options
                ],
            }
            for r in REGISTRY.values()
        ]
    )


@bp.post("/games")
def create_game() -> Response:
    body = json_body()
    new = games.parse_new_game(body)
    game, token = games.create_game(get_db(), new, request.headers.get("X-League-Token"))
    response = game_response(
        {
            **games.game_json(game),
            "scorer_token": token,
            "scorer_url": external_url("pages.join", game_id=game.id, token=token),
            "watch_url": external_url("pages.game", game_id=game.id),
        },
        201,
    )
    response.headers["Location"] = url_for("api.game", game_id=game.id)
    return response


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """The game, drawn once per version; If-None-Match with the version gets a 304."""
    return snapshot("json", game_id)


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    writer = writer_for()
    status, body = games.record_hand(get_db(), game_id, json_body(), writer)
    response = game_response(body, status)
    # The game's address is this one without "/hands": what url_for builds, a tenth of the work.
    request = current_request()
    response.headers["Location"] = request.script_root + request.path.removesuffix("/hands")
    return response


@bp.put("/games/<game_id>/hands/<int:number>")
def correct_hand(game_id: str, number: int) -> Response:
    writer = writer_for()
    return game_response(games.correct_hand(get_db(), game_id, number, json_body(), writer))


@bp.delete("/games/<game_id>/hands/<int:number>")
def undo_hand(game_id: str, number: int) -> Response:
    writer = writer_for()
    return game_response(games.undo_hand(get_db(), game_id, number, writer))


@bp.post("/games/<game_id>/plays")
def add_play(game_id: str) -> Response:
    """One play of the hand in progress (Muggins), posted live."""
    writer = writer_for()
    return game_response(games.record_play(get_db(), game_id, json_body(), writer), 201)


@bp.delete("/games/<game_id>/plays")
def undo_play(game_id: str) -> Response:
    writer = writer_for()
    return game_response(games.undo_play(get_db(), game_id, writer))


@bp.post("/games/<game_id>/next")
def next_game(game_id: str) -> Response:
    """The rematch, or the next game of the match; the same scorer token scores it."""
    writer = writer_for()
    game = games.next_game(get_db(), game_id, writer)
    response = game_response(games.game_json(game), 201)
    response.headers["Location"] = url_for("api.game", game_id=game.id)
    return response


@bp.post("/muggins/check")
@read_only
def muggins_check() -> Response:
    """The muggins-call checker: what the open ends count and what that scores. No game needed."""
    checked = checker.check(json_body())
    return jsonify({**checked, "explanation": translate(checked["explanation"])})


@bp.post("/leagues")
def create_league() -> Response:
    league, token = leagues.create_league(get_db(), json_body().get("name"))
    response = jsonify(
        {
            "slug": league.slug,
            "name": league.name,
            "league_token": token,
            "admin_url": external_url("leagues.admin_link", slug=league.slug, token=token),
            "standings_url": external_url("leagues.standings_page", slug=league.slug),
        }
    )
    response.status_code = 201
    return response


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
