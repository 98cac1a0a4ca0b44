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


def partial_copies(target: Path) -> list[Path]:
    return list(target.parent.glob(f".{target.name}.*.partial"))


def start_backup(database: Path, target: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "backup", str(target), "--database", str(database)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


def backup_killed_while_copying(database: Path, target: Path, after: float) -> bool:
    """Start a backup, SIGKILL it `after` s into writing its copy; whether it was still at it.

    Waiting for the copy to appear, not for a fixed time: on a busy machine Python alone
    may take seconds to start.
    """
    process = start_backup(database, target)
    deadline = time.monotonic() + 60
    while not partial_copies(target) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(after)
    copying = process.poll() is None and bool(partial_copies(target))
    kill(process)
    return copying


def backup_killed_after(database: Path, target: Path, delay: float) -> None:
    """Start a backup and SIGKILL it after `delay` s, wherever it is."""
    process = start_backup(database, target)
    time.sleep(delay)
    kill(process)


def test_a_backup_killed_at_any_moment_leaves_the_target_absent_or_whole(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    big_database(database)
    target = tmp_path / "backup.sqlite3"
    caught_copying = 0
    for attempt in range(10):  # from the first pages of the copy to its check and rename
        target.unlink(missing_ok=True)
        caught_copying += backup_killed_while_copying(database, target, attempt * 0.03)
        if target.exists():
            check_whole(target)
    for delay in (0.05, 0.5, 1.0):  # and while it starts
        target.unlink(missing_ok=True)
        backup_killed_after(database, target, delay)
        if target.exists():
            check_whole(target)
    # Kills landed while the copy was being written: the test tested something.
    assert caught_copying >= 3


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
    for attempt in range(4):
        backup_killed_while_copying(database, target, attempt * 0.05)
        check_whole(target)
