"""Leagues: a club's games grouped for standings. Creating one gives its league token."""

from __future__ import annotations

import base64
import re
import secrets
import unicodedata
from typing import Any

from sqlite_utils import Database

from scorekeeper import store, tokens
from scorekeeper.db import write_transaction
from scorekeeper.errors import RuleError

NAME_LIMIT = 60


def slugify(name: str) -> str:
    """'Thursday Club' -> 'thursday-club'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "league"


def slug_suffix() -> str:
    """64 random bits after the name: a league's address is public to its link, not guessable."""
    return base64.b32encode(secrets.token_bytes(8)).decode().rstrip("=").lower()


def create_league(db: Database, raw_name: object) -> tuple[dict[str, Any], str]:
    """Store a new league under a free slug; returns its row and its token (stored hashed)."""
    if not isinstance(raw_name, str) or not raw_name.strip():
        raise RuleError("a league needs a name", "name")
    name = " ".join(raw_name.split())
    if len(name) > NAME_LIMIT:
        raise RuleError(f"a league name has at most {NAME_LIMIT} characters", "name")
    token = tokens.new_token()
    with write_transaction(db):
        slug = f"{slugify(name)}-{slug_suffix()}"
        while store.league_row(db, slug) is not None:
            slug = f"{slugify(name)}-{slug_suffix()}"
        row = {
            "slug": slug,
            "name": name,
            "token_hash": tokens.token_hash(token),
            "created_at": store.now(),
        }
        store.insert_league(db, row)
    return row, token
