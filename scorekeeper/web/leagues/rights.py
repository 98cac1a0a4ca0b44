"""The league right: its league token, held by this browser or sent in a header.

The admin link carries the token once: opening it keeps the token in this browser's signed
session cookie (`hold_league_token`), so the token leaves the address bar.
"""

from __future__ import annotations

from flask import session

from scorekeeper.errors import Forbidden
from scorekeeper.store import League
from scorekeeper.tokens import token_matches
from scorekeeper.words import say

SESSION_KEY = "leagues"


def held_league_tokens() -> dict[str, str]:
    """The league tokens this browser holds, by league slug (kept when it opened admin links)."""
    held = session.get(SESSION_KEY)
    if not isinstance(held, dict):
        return {}
    return {slug: token for slug, token in held.items() if isinstance(token, str)}


def hold_league_token(slug: str, token: str) -> None:
    session[SESSION_KEY] = {**held_league_tokens(), slug: token}
    session.permanent = True


def held_token(league: League) -> str | None:
    """This browser's token for `league`, if it holds the current one."""
    token = held_league_tokens().get(league.slug)
    return token if token_matches(token, league.token_hash) else None


def require_right(league: League, token: str | None) -> str:
    if token is None or not token_matches(token, league.token_hash):
        raise Forbidden(
            say("Managing %(league)s needs its admin link (the league token).", league=league.name)
        )
    return token
