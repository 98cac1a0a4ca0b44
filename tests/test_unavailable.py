"""Writes that cannot be done now answer 503 with Retry-After and a sentence, and change nothing.

Another process holding SQLite's write lock past the busy timeout is the club laptop's
backup or a stuck writer; the scorer's phone must hear "try again" and keep its hand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, db
from tests.conftest import Api

THREE = ["Ann", "Bob", "Cy"]
HAND = {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"}


@pytest.fixture
def app(database: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT_BURST": 0,
            "DATABASE_BUSY_TIMEOUT_MS": 200,
        }
    )


@contextmanager
def write_lock_held(database: Path) -> Iterator[None]:
    """Another connection holds the write lock until the block ends."""
    with closing(sqlite3.connect(database, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")


def test_a_busy_database_is_a_503_with_retry_after(api: Api, database: Path) -> None:
    game = api.create("block", THREE)
    with write_lock_held(database):
        response = api.post_hand(game["id"], HAND, **{"Idempotency-Key": "busy-1"})
        created = api.client.post("/api/games", json={"ruleset": "block", "players": THREE})
    for busy in (response, created):
        assert busy.status_code == 503
        assert int(busy.headers["Retry-After"]) > 0
        assert "Try again" in busy.json["error"]
    assert api.game(game["id"])["hands"] == []
    # The lock gone, the same request with the same key goes through once.
    assert api.post_hand(game["id"], HAND, **{"Idempotency-Key": "busy-1"}).status_code == 201
    assert len(api.game(game["id"])["hands"]) == 1


def start(client: FlaskClient) -> str:
    data = {"player-1": "Ann", "player-2": "Bob", "player-3": "Cy"}
    return client.post("/new/block", data=data).headers["Location"].rsplit("/", 1)[1]


def test_a_busy_database_keeps_the_typed_hand_on_the_page(
    client: FlaskClient, database: Path
) -> None:
    game = start(client)
    form = {"domino": "Ann", "pips-1": "5", "pips-2": "7", "version": "1", "key": "once"}
    with write_lock_held(database):
        response = client.post(f"/games/{game}/hands", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 503 and int(response.headers["Retry-After"]) > 0
    assert 'name="pips-1" value="5"' in page and 'name="pips-2" value="7"' in page
    assert "could not be saved just now" in page
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert len(client.get(f"/api/games/{game}").json["hands"]) == 1  # type: ignore[index]


def test_a_full_disk_at_commit_is_a_503_and_nothing_is_half_written(
    app: Flask, api: Api, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLITE_FULL, injected where it happens: the database may grow no further."""
    game = api.create("block", THREE)
    api.hand(game["id"], HAND)
    with closing(sqlite3.connect(database)) as conn:
        pages = conn.execute("pragma page_count").fetchone()[0]

    real_connect = db.connect

    def cramped(path: str | Path) -> object:
        opened = real_connect(path)
        opened.conn.execute(f"pragma max_page_count = {pages}")
        return opened

    monkeypatch.setattr(db, "connect", cramped)
    refusals = []
    for n in range(200):  # enough leagues to need a new page
        response = api.client.post("/api/leagues", json={"name": f"League {n} " + "x" * 40})
        refusals.append(response.status_code)
        if response.status_code == 503:
            break
    assert refusals[-1] == 503, refusals
    assert "storage is busy or full" in response.json["error"]
    with closing(sqlite3.connect(database)) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from leagues").fetchone()[0] == len(refusals) - 1
