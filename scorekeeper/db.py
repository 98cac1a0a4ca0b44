"""One SQLite connection per request, the pragmas every connection needs, and `init-db`."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from scorekeeper.migrations import migrations

BUSY_TIMEOUT_MS = 5000


def connect(path: str | Path) -> Database:
    """Open the database file with WAL, foreign keys, a busy timeout and full durability."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    # A hand acknowledged to a phone must survive a power cut, not only a crash.
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return Database(conn)


def migrate(path: str | Path) -> None:
    """Create the file if needed and apply every pending migration."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        migrations.apply(db)
    finally:
        db.close()


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """One change, all or nothing; IMMEDIATE takes the write lock before the first read."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


def get_db() -> Database:
    """This request's connection, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    db: Database = g.db
    return db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def backup(source: str | Path, target: str | Path) -> None:
    """Copy the database with SQLite's online backup: safe while the app is serving."""
    src = sqlite3.connect(str(source))
    dst = sqlite3.connect(str(target))
    try:
        with dst:
            src.backup(dst)
    finally:
        dst.close()
        src.close()


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
