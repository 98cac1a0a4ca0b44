"""The scorer's right on pages: a signed, HttpOnly cookie naming the games this browser may score.

The cookie holds a fingerprint of each game's current token hash, so rotating a game's
token revokes every cookie granted under the old one.
"""

from __future__ import annotations

import hmac

from flask import session

from scorekeeper.games import Game, Writer
from scorekeeper.tokens import fingerprint

COOKIE_KEY = "scoring"


def grant(game: Game) -> None:
    """Let this browser score `game` from now on."""
    scoring = dict(session.get(COOKIE_KEY, {}))
    scoring[game.id] = fingerprint(game.token_hash)
    session[COOKIE_KEY] = scoring
    session.permanent = True


def may_hold_right(game_id: str) -> bool:
    """Whether this browser's cookie names the game at all (checked against its token later)."""
    held = session.get(COOKIE_KEY, {})
    return isinstance(held, dict) and game_id in held


def can_score(game: Game) -> bool:
    held = session.get(COOKIE_KEY, {}).get(game.id)
    return isinstance(held, str) and hmac.compare_digest(held, fingerprint(game.token_hash))


def page_writer(game_id: str, expected_version: int | None = None) -> Writer:
    """A change made on a page, at the version the page showed.

    The scorer's right is checked against the game as read for the change: a new
    scorer link made since this page loaded revokes it there too. The form's one-time key
    (HandForm.key) makes a double tap record once: web/writes.py keeps it with the first
    answer, as it does an API client's Idempotency-Key.
    """
    held = session.get(COOKIE_KEY, {}).get(game_id)
    return Writer(
        via="page", granted=held if isinstance(held, str) else "", expected_version=expected_version
    )
