"""Whole rows of a game or a league, and of every table that belongs to one, for moving them.

The tables that belong to a game (a `game_id` column) or a league (`league_id`) are found
from the schema, so a table added by a later migration travels too. Rows are read in the
order of their table's primary key.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import BadRequest
from scorekeeper.store.connection import Connection
from scorekeeper.words import say

Row = dict[str, Any]
# Idempotency keys only matter for a retry in flight: they stay behind.
STAYS_BEHIND = frozenset({"idempotency"})


def columns(db: Connection, table: str) -> list[tuple[str, int]]:
    """The table's columns, each with its place in the primary key (0 if not in it)."""
    return [(row[1], row[5]) for row in db.execute(f"pragma table_info([{table}])").fetchall()]


def tables_with(db: Connection, owner: str) -> list[str]:
    """The tables that belong to a game (`game_id`) or a league (`league_id`)."""
    names = db.execute("select name from sqlite_master where type = 'table' order by name")
    return [
        name
        for (name,) in names.fetchall()
        if name not in STAYS_BEHIND | {"games"} and owner in dict(columns(db, name))
    ]


def portable(db: Connection, table: str, row: Mapping[str, Any], owner: str) -> Row:
    """The row without its owner's id and without this database's own integer id."""
    keys = [name for name, place in columns(db, table) if place]
    local = {owner} | ({"id"} if keys == ["id"] else set())
    return {key: value for key, value in row.items() if key not in local}


def owned_rows(db: Connection, owner: str, owner_id: Any) -> dict[str, list[Row]]:
    """Every row of every table that belongs to this game or league, in key order."""
    found = {}
    for table in tables_with(db, owner):
        keys = sorted((place, name) for name, place in columns(db, table) if place)
        order = ", ".join(f"[{name}]" for _, name in keys) or "1"
        rows = db.rows(f"select * from [{table}] where [{owner}] = ? order by {order}", [owner_id])
        found[table] = [portable(db, table, row, owner) for row in rows]
    return found


def game_row(db: Connection, game_id: str) -> Row | None:
    return db.row("select * from games where id = ?", [game_id])


def league_row(db: Connection, league_id: int) -> Row | None:
    return db.row("select * from leagues where id = ?", [league_id])


def league_row_by_slug(db: Connection, slug: str) -> Row | None:
    return db.row("select * from leagues where slug = ?", [slug])


def log_rows(db: Connection, game_id: str) -> list[Row]:
    """A game's log lines as stored, oldest first."""
    return db.rows("select * from log where game_id = ? order by id", [game_id])


def season_rows(db: Connection, league_id: int) -> list[Row]:
    """A league's seasons as stored, latest first."""
    sql = "select * from seasons where league_id = ? order by starts_on desc, id desc"
    return db.rows(sql, [league_id])


def league_game_rows(db: Connection, league_id: int) -> list[Row]:
    """Every game of the league, in the order they were started."""
    return db.rows("select * from games where league_id = ? order by created_at, id", [league_id])


def insert_rows(db: Connection, table: str, rows: list[Row]) -> int:
    """Insert rows as they are, refusing columns this database lacks; returns the last rowid."""
    known = {name for name, _ in columns(db, table)}
    last = 0
    for row in rows:
        unknown = sorted(set(row) - known)
        if unknown:
            raise BadRequest(
                say(
                    "The export has %(table)s columns this Scorekeeper doesn't know: %(columns)s.",
                    table=table,
                    columns=", ".join(unknown),
                )
            )
        names = ", ".join(f"[{column}]" for column in row)
        marks = ", ".join("?" for _ in row)
        try:
            cursor = db.execute(
                f"insert into [{table}] ({names}) values ({marks})", list(row.values())
            )
        # OverflowError: a whole number past SQLite's 64 bits (a mutated file), refused alike.
        except (
            sqlite3.IntegrityError,
            sqlite3.InterfaceError,
            sqlite3.ProgrammingError,
            OverflowError,
        ) as error:
            raise BadRequest(
                say(
                    "The export's %(table)s rows are incomplete or clash: %(error)s.",
                    table=table,
                    error=str(error),
                )
            ) from None
        last = cursor.lastrowid or 0
    return last
