"""Sharing a game: QR codes for the watch and scorer links, the table card, live updates."""

from flask import Blueprint, render_template

from scorekeeper import games
from scorekeeper.db import get_db

bp = Blueprint("share", __name__)


@bp.get("/games/<game_id>/board")
def board(game_id: str) -> str:
    """The live part of the game page alone, for phones that watch the game."""
    return render_template("games/_board.html", game=games.load_game(get_db(), game_id))
