"""One SQLite connection per request, the pragmas every connection needs, and `init-db`."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from scorekeeper.errors import Unavailable
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


# SQLite's words for a write that cannot be done now but may work in a moment: another
# writer held the lock past the busy timeout, or the disk (or its quota) is full.
TRANSIENT = ("database is locked", "database is busy", "disk is full", "disk i/o error")


def is_transient(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        words in str(error).lower() for words in TRANSIENT
    )


def unavailable() -> Unavailable:
    return Unavailable(
        "The scores could not be saved just now: the laptop's storage is busy or full. "
        "Nothing was recorded. Try again in a few seconds."
    )


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """One change, all or nothing; IMMEDIATE takes the write lock before the first read.

    Inside a change already under way (a request's idempotent write wraps the service's
    own), a savepoint: the inner change is still all or nothing, and the outer one commits.
    A write that fails for want of the lock or of disk space is an `Unavailable`, with the
    transaction rolled back: a 503, never a 500, and never half a hand.
    """
    conn = db.conn
    nested = conn.in_transaction
    try:
        conn.execute("SAVEPOINT change" if nested else "BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        raise unavailable() if is_transient(error) else error from None
    try:
        yield db
        conn.execute("RELEASE change" if nested else "COMMIT")
    except BaseException as error:
        roll_back(conn, nested)
        if isinstance(error, sqlite3.Error) and is_transient(error):
            raise unavailable() from None
        raise


def roll_back(conn: sqlite3.Connection, nested: bool) -> None:
    """Undo the change; SQLite may already have rolled back a transaction it could not write."""
    if not conn.in_transaction:
        return
    if nested:
        conn.execute("ROLLBACK TO change")
        conn.execute("RELEASE change")
    else:
        conn.execute("ROLLBACK")


def get_db() -> Database:
    """This request's connection, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
        if waited := current_app.config.get("DATABASE_BUSY_TIMEOUT_MS"):  # tests wait less
            g.db.conn.execute(f"PRAGMA busy_timeout={int(waited)}")
    db: Database = g.db
    return db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


class BackupFailed(Exception):
    """The copy did not check out whole; the target was left as it was."""


def backup(source: str | Path, target: str | Path) -> None:
    """Copy the database with SQLite's online backup: safe while the app is serving.

    The copy is written to a temporary file beside the target, checked with
    `PRAGMA integrity_check`, flushed to disk and only then renamed over the target, in one
    step: a copy killed half way (or a full disk) leaves the target absent or as it was,
    never half written.
    """
    target = Path(target)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        copy_checked(Path(source), partial)
        os.replace(partial, target)
        sync_folder(target.parent)
    finally:
        partial.unlink(missing_ok=True)


def copy_checked(source: Path, copy: Path) -> None:
    src = sqlite3.connect(str(source))
    dst = sqlite3.connect(str(copy))
    try:
        # In one step: WAL lets the server write on meanwhile, and a copy in steps would
        # start over after every write, never finishing on a busy club night.
        src.backup(dst)
        verdict = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise BackupFailed(f"The copy did not check out ({verdict}); nothing was replaced.")
    finally:
        dst.close()
        src.close()
    with copy.open("rb+") as written:
        os.fsync(written.fileno())


def sync_folder(folder: Path) -> None:
    """Make the rename itself survive a power cut (where the system lets a folder be synced)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
