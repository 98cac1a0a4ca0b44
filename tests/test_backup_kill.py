"""`scorekeeper backup` killed mid-copy: the target is absent, or a whole, checked database.

The copy goes to a temporary file and is renamed over the target only once it is complete
and `PRAGMA integrity_check` passed. Killed at a spread of moments (starting up, copying,
checking, renaming), the target is never half written; an earlier backup in its place
stays whole until a complete one replaces it.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from scorekeeper.db import migrate

pytestmark = pytest.mark.slow

FILLER_ROWS = 40_000  # about 40 MB: a copy long enough to be killed in the middle of


def big_database(path: Path) -> int:
    """A real Scorekeeper file made large by a filler table; returns its row count."""
    migrate(path)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("create table filler (n integer primary key, data blob)")
        conn.executemany(
            "insert into filler (data) values (randomblob(1000))", ([] for _ in range(FILLER_ROWS))
        )
        conn.commit()
    return FILLER_ROWS


def check_whole(path: Path) -> None:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from filler").fetchone()[0] == FILLER_ROWS


def backup_killed_after(database: Path, target: Path, delay: float) -> bool:
    """Start a backup, SIGKILL it after `delay` s; whether it had a partial copy under way."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "backup", str(target), "--database", str(database)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    started = time.monotonic()
    copying = False
    while time.monotonic() - started < delay and process.poll() is None:
        copying = copying or any(target.parent.glob(f".{target.name}.*.partial"))
        time.sleep(0.005)
    copying = copying or any(target.parent.glob(f".{target.name}.*.partial"))
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    return copying


def test_a_backup_killed_at_any_moment_leaves_the_target_absent_or_whole(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    big_database(database)
    target = tmp_path / "backup.sqlite3"
    caught_copying = 0
    for attempt in range(12):
        delay = 0.3 + attempt * 0.15  # from Python starting up to after the rename
        target.unlink(missing_ok=True)
        caught_copying += backup_killed_after(database, target, delay)
        if target.exists():
            check_whole(target)
    # At least one kill landed while the copy was being written: the test tested something.
    assert caught_copying >= 1


def test_a_killed_backup_leaves_the_previous_one_in_place(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    big_database(database)
    target = tmp_path / "backup.sqlite3"
    finished = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "backup", str(target), "--database", str(database)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr
    for delay in (0.5, 0.8, 1.1):
        backup_killed_after(database, target, delay)
        check_whole(target)
