"""How values are kept in columns: JSON text for structures, UTC ISO 8601 text for times."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from scorekeeper.store.connection import Connection
from scorekeeper.words import Sentence, explanation_json, explanation_of


def now() -> str:
    """The time of a change, UTC, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


# Made once: `json.dumps` with any argument builds a new encoder on every call, and a hand
# POST writes eight columns. An encoder keeps only its settings, so threads may share it.
COLUMN_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def dumps(value: Any) -> str:
    """A structure as its column keeps it: compact JSON, any script's letters as they are."""
    if not value and type(value) in EMPTY:  # a hand's steps, a game's winners: mostly none
        return EMPTY[type(value)]
    return COLUMN_ENCODER.encode(value)


# What the encoder writes for an empty list, tuple or object, without starting it (a hand
# POST wrote two of them, each costing as much as a small object).
EMPTY: dict[type, str] = {list: "[]", tuple: "[]", dict: "{}"}


loads = json.loads

# Explanations decoded and kept, by their stored text: a game's hands are read again for
# each change (a hand POST on a game of 20 hands decoded 60 Messages it did not show).
# About 2 KB each; pure and immutable, so one table serves every app in the process.
EXPLANATIONS_KEPT = 4096


@functools.lru_cache(maxsize=EXPLANATIONS_KEPT)
def explanation(text: str) -> tuple[Sentence, ...]:
    """A hand's explanation as its column keeps it, read back as sentences."""
    return explanation_of(loads(text))


def explanation_text(lines: Iterable[Sentence]) -> str:
    """A hand's explanation as its column keeps it: JSON, each Message as its id and values."""
    return dumps(explanation_json(lines))


def insert(db: Connection, table: str, row: Mapping[str, Any]) -> int:
    """Insert one row (names come from this package, never from a request); returns its rowid."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    cursor = db.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values()))
    return cursor.lastrowid or 0
