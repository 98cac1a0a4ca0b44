"""How values are kept in columns: JSON text for structures, UTC ISO 8601 text for times."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from scorekeeper.store.connection import Connection


def now() -> str:
    """The time of a change, UTC, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    """A structure as its column keeps it: compact JSON, any script's letters as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


loads = json.loads


def insert(db: Connection, table: str, row: Mapping[str, Any]) -> int:
    """Insert one row (names come from this package, never from a request); returns its rowid."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    cursor = db.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values()))
    return cursor.lastrowid or 0
