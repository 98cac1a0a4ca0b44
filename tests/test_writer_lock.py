"""Writers in the process are served in the order they arrive, and a thread keeps its connection."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import store as db
from scorekeeper.errors import Unavailable
from scorekeeper.store import WriterLock, write_transaction
from scorekeeper.store.connection import CONNECTIONS_KEY, Connections
from tests.conftest import Api


def wait_for(condition: Callable[[], bool], seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.001)


def test_waiting_writers_get_the_lock_in_the_order_they_asked() -> None:
    lock = WriterLock()
    served: list[int] = []
    lock.acquire()

    def writer(n: int) -> None:
        with lock:
            served.append(n)

    threads = []
    for n in range(12):
        thread = threading.Thread(target=writer, args=(n,))
        thread.start()
        threads.append(thread)
        wait_for(lambda n=n: len(lock.waiters) == n + 1)  # queued before the next one asks
    lock.release()
    for thread in threads:
        thread.join(timeout=5)
    assert served == list(range(12))
    assert not lock.held and not lock.waiters


def test_a_writer_that_waits_too_long_gives_up_and_leaves_the_queue() -> None:
    lock = WriterLock()
    lock.acquire()
    assert lock.acquire(timeout=0.05) is False
    assert not lock.waiters
    lock.release()
    assert lock.acquire(timeout=0.05) is True
    lock.release()


def test_a_writer_refused_its_turn_is_told_to_try_again_and_writes_nothing(tmp_path: Path) -> None:
    lock = WriterLock(timeout=0.05)
    connection = db.connect(tmp_path / "x.sqlite3", lock)
    connection.execute("create table t (x)")
    lock.acquire()
    with (
        pytest.raises(Unavailable, match="Try again"),
        write_transaction(connection),
    ):
        connection.execute("insert into t values (1)")
    lock.release()
    with write_transaction(connection):
        connection.execute("insert into t values (2)")
    assert connection.execute("select x from t").fetchall() == [(2,)]


def test_a_thread_keeps_one_connection_for_every_request(app: Flask) -> None:
    client = app.test_client()
    with app.app_context():
        first = db.get_db()
    for _ in range(3):
        assert client.get("/api/rulesets").status_code == 200
        assert (
            client.post(
                "/api/games", json={"ruleset": "block", "players": ["Ann", "Bob"]}
            ).status_code
            == 201
        )
    with app.app_context():
        assert db.get_db() is first
        assert not first.conn.in_transaction
    seen: list[object] = []

    def another_thread() -> None:
        with app.app_context():
            seen.append(db.get_db())

    other = threading.Thread(target=another_thread)
    other.start()
    other.join(timeout=5)
    assert seen and seen[0] is not first
    assert first.execute("pragma synchronous").fetchone() == (2,)  # FULL


def test_queued_writers_share_a_commit_and_a_failed_change_undoes_only_itself(
    tmp_path: Path,
) -> None:
    """Writers queued behind each other are made durable by one commit, each after it."""
    path = tmp_path / "group.sqlite3"
    setup = sqlite3.connect(path)
    setup.execute("create table t (n integer)")
    setup.commit()
    setup.close()
    lock = WriterLock()
    writes = db.Writes(lock, lambda: db.connect(path))
    first = db.connect(path)
    first.writes = writes
    commits: list[str] = []
    writes.connection = writes.open_connection()
    writes.connection.conn.set_trace_callback(
        lambda sql: commits.append(sql) if sql == "COMMIT" else None
    )
    answered: dict[int, str] = {}

    def writer(n: int) -> None:
        try:
            with write_transaction(first) as tx:
                tx.execute("insert into t values (?)", [n])
                if n % 4 == 3:
                    raise ValueError("refused")
        except ValueError:
            answered[n] = "refused"
            return
        # Acknowledged only once durable: another connection sees the row already.
        seen = sqlite3.connect(path).execute("select count(*) from t where n = ?", [n])
        answered[n] = "stored" if seen.fetchone() == (1,) else "not yet on disk"

    lock.acquire()
    threads = [threading.Thread(target=writer, args=(n,)) for n in range(16)]
    for n, thread in enumerate(threads):
        thread.start()
        wait_for(lambda n=n: len(lock.waiters) == n + 1)
    lock.release()
    for thread in threads:
        thread.join(timeout=10)

    assert answered == {n: "refused" if n % 4 == 3 else "stored" for n in range(16)}
    stored = sqlite3.connect(path).execute("select n from t order by n").fetchall()
    assert [n for (n,) in stored] == [n for n in range(16) if n % 4 != 3]
    assert 1 <= len(commits) < 12  # fewer commits than changes stored: they were shared


def test_no_request_leaves_a_transaction_open_or_writes_on_a_reading_connection(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What lets the app tidy nothing after a request: after reads, accepted and refused
    changes, and a change that fails half way, the thread's own connection has written
    nothing and holds no transaction, and the write connection holds none either."""
    client = app.test_client()
    api = Api(client)
    game = api.create("block", ["Christopher", "Margaret", "María José"])
    hand = {"pips": {"Christopher": 0, "Margaret": 5, "María José": 7}, "domino": "Christopher"}
    url, token = f"/api/games/{game['id']}/hands", api.headers(game["id"])
    assert client.post(url, json=hand, headers=token).status_code == 201
    assert client.post(url, json={}, headers=token).status_code == 422
    assert client.post(url, json=hand, headers={**token, "If-Match": '"99"'}).status_code == 409
    for page in (f"/games/{game['id']}", f"/api/games/{game['id']}", "/games/nothing-here"):
        assert client.get(page).status_code in (200, 404)

    insert_hand = db.insert_hand

    def fails_half_way(*args: Any) -> None:
        insert_hand(*args)  # the hand's row written, then the change fails
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(db, "insert_hand", fails_half_way)
    assert client.post(url, json=hand, headers=token).status_code == 500  # a bug's answer
    monkeypatch.undo()

    connections: Connections = app.extensions[CONNECTIONS_KEY]
    reading = connections.local.db
    assert not reading.conn.in_transaction and reading.conn.total_changes == 0
    assert connections.writes.connection is not None
    assert not connections.writes.connection.conn.in_transaction
    # The next change goes through at once, and only the accepted hands were kept.
    assert client.post(url, json=hand, headers=token).status_code == 201
    assert len(api.game(game["id"])["hands"]) == 2
