"""The connection to the club's SQLite file: its settings, one kept per server thread, writers in turn.

A connection costs about a millisecond to open (SQLite reads the schema on first use,
and four pragmas follow), so each server thread keeps its own for the app's lifetime
instead of opening one per request.

Writers in the process take turns in the order they arrive (`WriterLock`), before
`BEGIN IMMEDIATE`: a thread left waiting inside SQLite's busy handler sleeps in growing
steps (1, 2, 5 … 100 ms) while newer threads take the free lock, which made the slowest
hand POSTs of 8 concurrent scorers wait 1.7 s (docs/BENCHMARKS.md). The busy timeout
stays for other processes on the same file (a backup, `scorekeeper import`).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from sqlite_utils import Database

from scorekeeper.errors import Said, Unavailable
from scorekeeper.store.schema import migrations
from scorekeeper.words import say

BUSY_TIMEOUT_MS = 5000
CONNECTIONS_KEY = "scorekeeper.connections"


class WriterLock:
    """A lock handed to waiting threads in the order they asked for it.

    `threading.Lock` promises no order: a thread that releases it and asks again at once
    (the GIL still in hand) usually wins over one that has waited for milliseconds.
    Here each waiter sleeps on a lock of its own, and `release` hands the lock straight
    to the oldest waiter.
    """

    def __init__(self, timeout: float = BUSY_TIMEOUT_MS / 1000) -> None:
        self.timeout = timeout
        self.mutex = threading.Lock()
        self.waiters: deque[threading.Lock] = deque()
        self.held = False

    def acquire(self, timeout: float | None = None) -> bool:
        """Wait for our turn, at most `timeout` seconds (the lock's own); False if it did not come."""
        with self.mutex:
            if not self.held:
                self.held = True
                return True
            turn = threading.Lock()
            turn.acquire()
            self.waiters.append(turn)
        if turn.acquire(timeout=self.timeout if timeout is None else timeout):
            return True
        with self.mutex:
            if turn in self.waiters:
                self.waiters.remove(turn)
                return False
        # `release` handed us the lock just as we gave up: it is ours.
        return True

    def release(self) -> None:
        with self.mutex:
            if self.waiters:
                self.waiters.popleft().release()  # still held: it passes to that waiter
            else:
                self.held = False

    def __enter__(self) -> WriterLock:
        if not self.acquire():
            # What SQLite itself says when its busy timeout runs out: one refusal for both.
            raise sqlite3.OperationalError("database is locked")
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


class Connection:
    """A connection to the club's file, and where its changes are written (`Writes`).

    Only the storage modules run SQL on it; the rest of the app passes it along.
    """

    def __init__(self, conn: sqlite3.Connection, writes: Writes | None = None) -> None:
        self.conn = conn
        self.writes = writes or Writes(WriterLock(), lambda: self)
        # The version each game was given by the change under way, for what follows it in
        # the same request (an idempotency key records it) without reading it back.
        self.versions_written: dict[str, int] = {}

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run `action` once the change under way on this connection is durable, and only then:
        a change rolled back (or whose commit failed) never runs it."""
        self.writes.on_commit.append(action)

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Every row of a query, as column name → value."""
        cursor = self.conn.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def row(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        """The first row of a query, or None."""
        cursor = self.conn.execute(sql, params)
        found = cursor.fetchone()
        if found is None:
            return None
        return dict(zip([column[0] for column in cursor.description], found, strict=True))

    def close(self) -> None:
        self.conn.close()


def connect(path: str | Path, writer_lock: WriterLock | None = None) -> Connection:
    """Open the database file with WAL, foreign keys, a busy timeout and full durability.

    Autocommit: a change is one explicit transaction (`write_transaction`), never one the
    driver opens by itself.
    """
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, isolation_level=None
    )
    connection = Connection(with_settings(conn))
    if writer_lock is not None:
        connection.writes = Writes(writer_lock, lambda: connection)
    return connection


def with_settings(conn: sqlite3.Connection) -> sqlite3.Connection:
    """The pragmas every connection to the file needs (`synchronous` is per connection)."""
    conn.execute("PRAGMA journal_mode=WAL")
    # A hand acknowledged to a phone must survive a power cut, not only a crash.
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return conn


def migrate(path: str | Path) -> None:
    """Create the file if needed and apply every pending migration."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # sqlite-utils runs each migration in a transaction of the driver's own.
    conn = with_settings(sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000))
    try:
        migrations.apply(Database(conn))
    finally:
        conn.close()


# SQLite's words for a write that cannot be done now but may work in a moment: another
# writer held the lock past the busy timeout, or the disk (or its quota) is full.
TRANSIENT = ("database is locked", "database is busy", "disk is full", "disk i/o error")


def is_transient(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        words in str(error).lower() for words in TRANSIENT
    )


def unavailable() -> Unavailable:
    return Unavailable(
        say(
            "The scores could not be saved just now: the laptop's storage is busy or full. "
            "Nothing was recorded. Try again in a few seconds."
        )
    )


def roll_back(conn: sqlite3.Connection, nested: bool) -> None:
    """Undo the change; SQLite may already have rolled back a transaction it could not write."""
    if not conn.in_transaction:
        return
    if nested:
        conn.execute("ROLLBACK TO change")
        conn.execute("RELEASE change")
    else:
        conn.execute("ROLLBACK")


@dataclass
class Waiting:
    """A change written into the open transaction, waiting for the commit that makes it durable."""

    error: BaseException | None = None
    # Made only for a writer that leaves its change to another's commit: most commit their
    # own, and a threading.Event costs more to make than one of the change's statements.
    done: threading.Event | None = None


class Writes:
    """Where changes are written: one connection, writers in turn, one commit for a group.

    Under `synchronous=FULL` every COMMIT waits for the disk (`fsync`), and a shared
    laptop's disk may take 5 ms or more: writers queued one behind the other wait that
    long each. So while others are queued, a writer leaves its change in the open
    transaction (in a savepoint of its own, undone alone if it fails) and lets the next
    one add theirs; the last in the queue commits them all, and each is answered only
    after that commit. Every acknowledged change is still on disk, each change still
    sees the ones before it, and a queue of writers pays one `fsync` instead of one each.
    """

    GROUP = 64  # the most changes one commit makes durable
    COMMIT_WAIT = 1.0  # s: a writer whose successor gave up commits the group itself

    def __init__(self, lock: WriterLock, open_connection: Callable[[], Connection]) -> None:
        self.lock = lock
        self.open_connection = open_connection
        self.connection: Connection | None = None
        self.waiting: list[Waiting] = []
        self.owner: int | None = None  # the thread making a change now, while it does
        # What the change under way asked to run once it is durable (Connection.after_commit).
        self.on_commit: list[Callable[[], None]] = []
        # What the code above keeps of the changes it made to this file, by a key of its own
        # (games.py: each game as its last change left it). Only this file's writers fill it.
        self.memo: dict[str, Any] = {}

    def current(self) -> Connection | None:
        """The write connection, if this thread is making a change on it now."""
        return self.connection if self.owner == threading.get_ident() else None

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        if self.owner == threading.get_ident():
            yield from self.nested()
            return
        if not self.lock.acquire():
            raise unavailable()  # the writers before it took longer than the busy timeout
        held = True
        self.owner = threading.get_ident()
        on_commit = self.on_commit = []
        try:
            db = self.connection = self.connection or self.open_connection()
            # Joining others' changes: a savepoint, so a failure undoes this change alone.
            joined = db.conn.in_transaction
            db.versions_written.clear()
            try:
                db.execute("SAVEPOINT change" if joined else "BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                raise unavailable() if is_transient(error) else error from None
            try:
                yield db
            except BaseException as error:
                roll_back(db.conn, joined)
                self.settle()
                if isinstance(error, sqlite3.Error) and is_transient(error):
                    raise unavailable() from None
                raise
            if joined:
                db.execute("RELEASE change")
            mine = Waiting()
            self.waiting.append(mine)
            self.owner = None
            if self.lock.waiters and len(self.waiting) < self.GROUP:
                mine.done = threading.Event()  # before the lock passes on: the next may commit
                held = False
                self.lock.release()
                self.await_commit(mine.done)
            else:
                self.commit()
            failed = mine.error
            if isinstance(failed, sqlite3.Error) and is_transient(failed):
                raise unavailable()
            if failed is not None:
                raise failed
            for action in on_commit:
                action()
        finally:
            self.owner = None if self.owner == threading.get_ident() else self.owner
            if held:
                self.lock.release()

    def nested(self) -> Iterator[Connection]:
        """A change inside one already under way on this thread: a savepoint of its own."""
        assert self.connection is not None
        db = self.connection
        db.execute("SAVEPOINT change")
        on_commit = len(self.on_commit)
        try:
            yield db
        except BaseException:
            roll_back(db.conn, nested=True)
            del self.on_commit[on_commit:]  # this part's actions go with its change
            raise
        db.execute("RELEASE change")

    def settle(self) -> None:
        """After a failed change: leave the others' changes to the next writer, or commit them."""
        if not self.lock.waiters:
            self.commit()

    def commit(self) -> None:
        """Make the open transaction durable and tell every writer waiting on it (lock held)."""
        assert self.connection is not None
        conn, error = self.connection.conn, None
        try:
            if conn.in_transaction:
                conn.execute("COMMIT")
        except sqlite3.Error as failed:
            error = failed
            roll_back(conn, nested=False)
        for waiting in self.waiting:
            waiting.error = error
            if waiting.done is not None:
                waiting.done.set()
        self.waiting.clear()

    def await_commit(self, done: threading.Event) -> None:
        while not done.wait(self.COMMIT_WAIT):
            with self.lock:  # the writer meant to commit gave up its turn: commit ourselves
                if not done.is_set():
                    self.commit()


def write_transaction(db: Connection) -> AbstractContextManager[Connection]:
    """One change, all or nothing, once it is this writer's turn; durable when it returns.

    The change must be made on the connection this yields (the app's write connection).
    IMMEDIATE takes SQLite's write lock before the first read, so the change is made to
    the state it read.
    """
    return db.writes.transaction()


class Connections:
    """An app's connections: one per thread for reads, opened on first use; one for writes.

    Nothing is tidied after a request: a thread's connection runs in autocommit and only
    reads, so it never holds a transaction from one request to the next, and the write
    connection's transaction is always committed or rolled back before `transaction`
    returns (tests/test_writer_lock.py holds both after every kind of request).
    """

    def __init__(self, path: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self.writes = Writes(WriterLock(busy_timeout_ms / 1000), self.open)
        self.local = threading.local()

    def open(self) -> Connection:
        db = connect(self.path)
        if self.busy_timeout_ms != BUSY_TIMEOUT_MS:  # tests wait less
            db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
        db.writes = self.writes
        return db

    def get(self) -> Connection:
        """This thread's connection; while it makes a change, the write connection it uses."""
        writing = self.writes.current()
        if writing is not None:
            return writing
        db: Connection | None = getattr(self.local, "db", None)
        if db is None:
            db = self.local.db = self.open()
        return db


def get_db() -> Connection:
    """This thread's connection to the app's database."""
    # The app itself, not its proxy (web.current_application): a write asks twice.
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    connections: Connections = app.extensions[CONNECTIONS_KEY]
    return connections.get()


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
            raise BackupFailed(
                say(
                    "The copy did not check out (%(verdict)s); nothing was replaced.",
                    verdict=str(verdict),
                )
            )
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


class Unusable(Said):
    """The club's file can't be opened as its database: what to tell the person who named it."""


def unusable(path: str | Path, error: sqlite3.DatabaseError | OSError) -> Unusable:
    """Why SQLite can't use `path`, in words for whoever chose the file (SQLite's are English)."""
    said = str(error)
    if "file is not a database" in said:
        return Unusable(
            say(
                "%(path)s is not a Scorekeeper database: it is another kind of file.",
                path=str(path),
            )
        )
    if isinstance(error, OSError) or "unable to open database file" in said:
        return Unusable(
            say(
                "%(path)s can't be opened: check that its folder exists and may be written to.",
                path=str(path),
            )
        )
    return Unusable(
        say(
            "%(path)s can't be used as the club's database (SQLite says: %(reason)s).",
            path=str(path),
            reason=said[:200],
        )
    )


def init_app(app: Flask) -> None:
    try:
        migrate(app.config["DATABASE"])
    except (sqlite3.DatabaseError, OSError) as error:  # no file, or not one SQLite can use
        raise unusable(app.config["DATABASE"], error) from error
    waited = app.config.get("DATABASE_BUSY_TIMEOUT_MS") or BUSY_TIMEOUT_MS
    connections = Connections(app.config["DATABASE"], int(waited))
    app.extensions[CONNECTIONS_KEY] = connections
