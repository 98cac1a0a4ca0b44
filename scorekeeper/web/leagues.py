"""League pages and the league API: standings, player pages, exports."""

from flask import Blueprint

bp = Blueprint("leagues", __name__)
