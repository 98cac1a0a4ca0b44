"""The pages players see. Loading a game goes through the same code as the API."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import games
from scorekeeper.db import get_db
from scorekeeper.errors import Forbidden
from scorekeeper.tokens import token_matches
from scorekeeper.web import scorer

bp = Blueprint("pages", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    """Alive, without touching the database: for a load balancer or a benchmark's baseline."""
    return Response("ok\n", mimetype="text/plain")


@bp.get("/")
def home() -> str:
    return render_template("home.html")


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    loaded = games.load_game(get_db(), game_id)
    return render_template("games/scoreboard.html", game=loaded, can_score=scorer.can_score(loaded))


@bp.get("/games/<game_id>/join/<token>")
def join(game_id: str, token: str) -> BaseResponse:
    """The scorer link: grant this phone the scorer right, then drop the token from the address."""
    loaded = games.load_game(get_db(), game_id)
    if not token_matches(token, loaded.token_hash):
        raise Forbidden("This scorer link is no longer valid. Ask the scorer for a new one.")
    scorer.grant(loaded)
    return redirect(url_for("pages.game", game_id=game_id), code=303)
