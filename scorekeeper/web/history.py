"""A game's history page: every change, from which link, when."""

from flask import Blueprint

bp = Blueprint("history", __name__)
