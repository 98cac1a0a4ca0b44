"""A retried POST with the same Idempotency-Key records one hand, even across a server restart."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.server import call, serving

pytestmark = pytest.mark.slow

HAND = {"pips": {"Ann": 0, "Bob": 7}, "domino": "Ann"}


@pytest.mark.parametrize("stop", ["restart", "crash"])
def test_a_retry_after_a_restart_returns_the_first_answer_and_records_once(
    disk_path: Path, stop: str
) -> None:
    database = disk_path / "club.sqlite3"
    with serving(database) as (base, process):
        _, game = call("POST", f"{base}/api/games", {"ruleset": "draw", "players": ["Ann", "Bob"]})
        hands = f"/api/games/{game['id']}/hands"
        headers = {"X-Scorer-Token": game["scorer_token"], "Idempotency-Key": "phone-1-hand-1"}
        status, first = call("POST", base + hands, HAND, headers)
        assert status == 201
        if stop == "crash":  # the phone never heard back, the laptop died
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    with serving(database) as (base, _process):
        status, again = call("POST", base + hands, HAND, headers)
        assert status == 201 and again == first
        # The same key with a changed body is another request: refused, nothing recorded.
        changed = {"pips": {"Ann": 0, "Bob": 30}, "domino": "Ann"}
        assert call("POST", base + hands, changed, headers)[0] == 422
        _, shown = call("GET", f"{base}/api/games/{game['id']}")
        assert len(shown["hands"]) == 1 and shown["totals"] == first["totals"]
        # A new key is a new hand.
        new_key = {**headers, "Idempotency-Key": "phone-1-hand-2"}
        status, second = call("POST", base + hands, HAND, new_key)
        assert status == 201 and second["hand"]["number"] == 2
