"""Nothing lost: the real server killed with SIGKILL mid-stream, and backed up mid-stream.

A hand is acknowledged (201) only after its transaction commits with synchronous=FULL, so
whatever happens to the process afterwards, an acknowledged hand must be in the file.
The files are on the real disk (`disk_path`), where synchronous=FULL has a flush to wait for.
"""

from __future__ import annotations

import http.client
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tests.server import call, serving

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Bob"]


class HandStream(threading.Thread):
    """Posts hands to one game as fast as the server takes them, remembering each one acknowledged."""

    def __init__(
        self, base: str, game_id: str, token: str, first: int, heard: threading.Condition
    ) -> None:
        super().__init__(daemon=True)
        self.url = f"{base}/api/games/{game_id}/hands"
        self.headers = {"X-Scorer-Token": token}
        self.first = first
        self.acknowledged: dict[int, dict[str, Any]] = {}  # hand number -> entry
        self.unexpected: list[tuple[int, Any]] = []
        self.stop = threading.Event()
        self.heard = heard  # notified at each acknowledgement, and when the stream ends

    def run(self) -> None:
        try:
            self.send()
        finally:
            with self.heard:
                self.heard.notify_all()

    def send(self) -> None:
        n = self.first
        while not self.stop.is_set():
            entry = {"pips": {"Ann": 0, "Bob": n % 23 + 1}, "domino": "Ann"}
            try:
                status, body = call("POST", self.url, entry, self.headers)
            except (OSError, http.client.HTTPException):
                return  # the server is gone
            if status != 201:
                self.unexpected.append((status, body))
                return
            with self.heard:
                self.acknowledged[body["hand"]["number"]] = entry
                self.heard.notify_all()
            n += 1


def new_game(base: str) -> tuple[str, str]:
    status, game = call(
        "POST",
        f"{base}/api/games",
        {"ruleset": "block", "players": PLAYERS, "options": {"target": 10_000}},
    )
    assert status == 201, game
    return game["id"], game["scorer_token"]


def integrity(database: Path) -> str:
    with closing(sqlite3.connect(database)) as conn:
        return str(conn.execute("pragma integrity_check").fetchone()[0])


def stored_hands(base: str, game_id: str) -> dict[int, Any]:
    status, game = call("GET", f"{base}/api/games/{game_id}")
    assert status == 200
    return {hand["number"]: hand["entry"] for hand in game["hands"]}


def wait_for_acknowledged(streams: list[HandStream], count: int, seconds: float = 60) -> None:
    """Until the streams have `count` hands acknowledged between them, woken by each one
    (no polling); a stream that stopped ends the wait at once."""
    heard = streams[0].heard

    def reached() -> bool:
        return sum(len(s.acknowledged) for s in streams) >= count

    with heard:
        heard.wait_for(lambda: reached() or not all(s.is_alive() for s in streams), seconds)
        assert reached(), [s.unexpected for s in streams]


def test_every_acknowledged_hand_survives_sigkill_mid_stream(disk_path: Path) -> None:
    database = disk_path / "club.sqlite3"
    acknowledged: dict[str, dict[int, Any]] = {}
    games: dict[str, str] = {}
    for round_ in range(3):
        with serving(database) as (base, process):
            if not games:
                games = dict(new_game(base) for _ in range(2))
            for game_id, hands in acknowledged.items():
                stored = stored_hands(base, game_id)
                assert all(stored[n] == entry for n, entry in hands.items()), "a hand was lost"
            heard = threading.Condition()
            streams = [
                HandStream(base, game_id, token, first=100 * round_, heard=heard)
                for game_id, token in games.items()
            ]
            for stream in streams:
                stream.start()
            # Kill at a different point each round, while both streams are writing.
            wait_for_acknowledged(streams, 12 + 7 * round_)
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
            for stream in streams:
                stream.join(timeout=10)
        for stream, game_id in zip(streams, games, strict=True):
            assert stream.unexpected == [], stream.unexpected
            acknowledged.setdefault(game_id, {}).update(stream.acknowledged)
        assert integrity(database) == "ok"

    with serving(database) as (base, _process):
        for game_id, token in games.items():
            stored = stored_hands(base, game_id)
            hands = acknowledged[game_id]
            assert {n: stored.get(n) for n in hands} == hands  # every acknowledged hand, as sent
            # At most the one in flight at the kill was stored without an answer, and the
            # numbers have no gap: the game carries on from where it is.
            assert sorted(stored) == list(range(1, len(stored) + 1))
            status, body = call(
                "POST",
                f"{base}/api/games/{game_id}/hands",
                {"pips": {"Ann": 0, "Bob": 1}, "domino": "Ann"},
                {"X-Scorer-Token": token},
            )
            assert status == 201 and body["hand"]["number"] == len(stored) + 1
    assert sum(map(len, acknowledged.values())) >= 3 * 12
    assert integrity(database) == "ok"


def test_a_backup_taken_mid_stream_is_whole_and_consistent(disk_path: Path) -> None:
    """`scorekeeper backup` while hands pour in: a clean file, each hand with its log line."""
    database, copy = disk_path / "club.sqlite3", disk_path / "backup.sqlite3"
    with serving(database) as (base, _process):
        game_id, token = new_game(base)
        stream = HandStream(base, game_id, token, first=0, heard=threading.Condition())
        stream.start()
        wait_for_acknowledged([stream], 10)
        before = dict(stream.acknowledged)
        subprocess.run(
            [sys.executable, "-m", "scorekeeper", "backup", str(copy), "--database", str(database)],
            check=True,
            capture_output=True,
        )
        wait_for_acknowledged([stream], len(before) + 5)
        stream.stop.set()
        stream.join(timeout=10)
        assert stream.unexpected == []
    assert integrity(copy) == "ok"
    with closing(sqlite3.connect(copy)) as conn:
        hands = dict(conn.execute("select number, entry from hands where game_id = ?", [game_id]))
        logged = conn.execute(
            "select count(*) from log where game_id = ? and action = 'entered'", [game_id]
        ).fetchone()[0]
        version = conn.execute("select version from games where id = ?", [game_id]).fetchone()[0]
    # Every hand acknowledged before the backup began is in it…
    assert set(before) <= set(hands)
    # …and the copy is one moment of the file: each hand with its log line and its version.
    assert logged == len(hands) and version == len(hands) + 1
