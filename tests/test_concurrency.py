"""Two scorers at once, over real HTTP to the real server: one hand stored, the other told why."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server import call, serving

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One real server for the module: no test here stops it, and each plays its own game."""
    with serving(tmp_path_factory.mktemp("club") / "club.sqlite3") as (url, _process):
        yield url


def at_once(requests: list[tuple[str, str, Any, dict[str, str]]]) -> list[tuple[int, Any]]:
    """Send the requests from separate threads, released together; the answers in order."""
    barrier = threading.Barrier(len(requests))
    answers: list[tuple[int, Any]] = [(0, None)] * len(requests)

    def send(i: int) -> None:
        barrier.wait()
        answers[i] = call(*requests[i])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    return answers


def long_game(base: str) -> Any:
    """A game of Block that no number of hands in these tests can finish."""
    status, game = call(
        "POST",
        f"{base}/api/games",
        {"ruleset": "block", "players": PLAYERS, "options": {"target": 10_000}},
    )
    assert status == 201
    return game


def test_a_retry_racing_its_first_try_is_answered_as_the_same_hand(base: str) -> None:
    """A phone whose Save seemed lost sends it again with the same key while the first is
    still being written (the outbox does this after a timeout): both are told the hand was
    recorded, the same hand, and it is recorded once — never a 500 or a refusal."""
    game = long_game(base)
    url = f"{base}/api/games/{game['id']}/hands"
    for number in range(1, 13):
        _, shown = call("GET", f"{base}/api/games/{game['id']}")
        headers = {"X-Scorer-Token": game["scorer_token"], "Idempotency-Key": f"save-{number}"}
        if number % 2:  # the page's Save sends the version it shows; a script may not
            headers["If-Match"] = str(shown["version"])
        entry = {"pips": {"Ann": 0, "Bob": number, "Cy": 2}, "domino": "Ann"}
        first, retry = at_once([("POST", url, entry, headers)] * 2)
        assert first[0] == retry[0] == 201, (first, retry)
        assert first[1]["hand"] == retry[1]["hand"]
        assert first[1]["hand"]["number"] == number
        _, after = call("GET", f"{base}/api/games/{game['id']}")
        assert len(after["hands"]) == number


def test_two_phones_entering_the_same_hand_store_it_once(base: str) -> None:
    game = long_game(base)
    url = f"{base}/api/games/{game['id']}/hands"
    for number in range(1, 7):
        _, shown = call("GET", f"{base}/api/games/{game['id']}")
        seen = {"X-Scorer-Token": game["scorer_token"], "If-Match": str(shown["version"])}
        # Each phone enters what its player read out: the same hand, different numbers.
        entries = [
            {"pips": {"Ann": 0, "Bob": number, "Cy": 2}, "domino": "Ann"},
            {"pips": {"Ann": 0, "Bob": number, "Cy": 3}, "domino": "Ann"},
        ]
        answers = at_once([("POST", url, entry, seen) for entry in entries])
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201, 409], answers
        (_, stored), (_, refused) = sorted(answers, key=lambda a: a[0])
        assert stored["hand"]["number"] == number
        scores = stored["hand"]["scores"]
        # The refused phone is told which hand got there first, and with what scores.
        assert refused["error"] == (
            "This game changed on another phone since you loaded it: "
            f"hand {number} was already entered "
            f"(Ann {scores['Ann']}, Bob {scores['Bob']}, Cy {scores['Cy']}). "
            "Look at the latest scores and try again."
        )
        _, after = call("GET", f"{base}/api/games/{game['id']}")
        assert len(after["hands"]) == number
        assert after["hands"][-1]["entry"] in entries


def test_writers_without_if_match_lose_nothing_and_number_hands_in_order(base: str) -> None:
    """Two phones each sending 20 hands at full speed: 40 hands, numbered 1 to 40, none lost."""
    game = long_game(base)
    url, token = f"{base}/api/games/{game['id']}/hands", game["scorer_token"]
    sent: dict[str, list[tuple[int, Any]]] = {"A": [], "B": []}

    def phone(name: str, cy: int) -> None:
        for n in range(20):
            entry = {"pips": {"Ann": 0, "Bob": n, "Cy": cy}, "domino": "Ann"}
            sent[name].append(call("POST", url, entry, {"X-Scorer-Token": token}))

    threads = [threading.Thread(target=phone, args=args) for args in (("A", 1), ("B", 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    _, shown = call("GET", f"{base}/api/games/{game['id']}")
    answers = sent["A"] + sent["B"]
    assert [status for status, _ in answers] == [201] * 40
    assert sorted(body["hand"]["number"] for _, body in answers) == list(range(1, 41))
    assert [h["number"] for h in shown["hands"]] == list(range(1, 41))
    stored = {h["number"]: h["entry"] for h in shown["hands"]}
    assert all(stored[body["hand"]["number"]] == body["hand"]["entry"] for _, body in answers)
