"""Leagues: a club's games grouped for standings. Creating one gives its league token."""

from __future__ import annotations

import re
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


def create_league(db: Database, raw_name: object) -> tuple[dict[str, Any], str]:
    """Store a new league under a free slug; returns its row and its token (stored hashed)."""
    if not isinstance(raw_name, str) or not raw_name.strip():
        raise RuleError("a league needs a name", "name")
    name = " ".join(raw_name.split())
    if len(name) > NAME_LIMIT:
        raise RuleError(f"a league name has at most {NAME_LIMIT} characters", "name")
    token = tokens.new_token()
    with write_transaction(db):
        base = slugify(name)
        slug, n = base, 1
        while store.league_row(db, slug) is not None:
            n += 1
            slug = f"{base}-{n}"
        row = {
            "slug": slug,
            "name": name,
            "token_hash": tokens.token_hash(token),
            "created_at": store.now(),
        }
        store.insert_league(db, row)
    return row, token
