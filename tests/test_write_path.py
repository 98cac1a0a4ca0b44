"""Every change takes one lean path: the game read once, a handful of plain statements, one commit.

Counted with SQLite's own trace callback on the connection the request uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper import store
from tests.conftest import Api

FOUR = ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement the app runs: on this thread's connection and on its write connection."""
    seen: list[str] = []
    with app.app_context():
        reads = store.get_db()
    writes = reads.writes
    writes.connection = writes.connection or writes.open_connection()
    for connection in (reads, writes.connection):
        connection.conn.set_trace_callback(seen.append)
    yield seen
    for connection in (reads, writes.connection):
        connection.conn.set_trace_callback(None)


def game_reads(statements: list[str]) -> int:
    """How many statements read the games table."""
    return sum(
        1
        for sql in statements
        if sql.lstrip().lower().startswith("select") and re.search(r"\bfrom games\b", sql)
    )


def test_a_hand_post_reads_the_game_once_in_at_most_ten_statements(
    api: Api, statements: list[str]
) -> None:
    game = api.create("block", FOUR, options={"target": 1000})
    for n in range(12):  # a game well under way: the cost must not grow with its hands
        api.hand(game["id"], {"pips": {"Ann": 0, "Bob": n, "Cy": 2, "Dee": 3}, "domino": "Ann"})
    statements.clear()

    response = api.post_hand(
        game["id"],
        {"pips": {"Ann": 5, "Bob": 0, "Cy": 2, "Dee": 3}, "domino": "Bob"},
        **{"Idempotency-Key": "hand-13", "If-Match": '"13"'},
    )

    assert response.status_code == 201, response.json
    assert response.json["hand"]["number"] == 13
    assert len(statements) <= 10, statements
    assert game_reads(statements) == 1, statements
    assert statements[0].startswith("BEGIN IMMEDIATE") and statements[-1] == "COMMIT"
    # The key and its answer are kept in the same transaction as the hand.
    assert [sql for sql in statements if sql.startswith("insert into request_keys")]
    # What was written is what a fresh read shows.
    shown = api.game(game["id"])
    assert shown["version"] == 14 and len(shown["hands"]) == 13
    assert shown["totals"] == response.json["totals"]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("PUT", "/hands/1", {"pips": {"Ann": 0, "Bob": 9, "Cy": 9, "Dee": 9}, "domino": "Ann"}),
        ("DELETE", "/hands/2", None),
    ],
)
def test_corrections_and_undo_take_the_same_path(
    api: Api, statements: list[str], method: str, path: str, body: Any
) -> None:
    game = api.create("block", FOUR, options={"target": 1000})
    for n in range(2):
        api.hand(game["id"], {"pips": {"Ann": 0, "Bob": n, "Cy": 2, "Dee": 3}, "domino": "Ann"})
    statements.clear()
    response = api.client.open(
        f"/api/games/{game['id']}{path}", method=method, json=body, headers=api.headers(game["id"])
    )
    assert response.status_code == 200, response.json
    assert len(statements) <= 10 and game_reads(statements) == 1, statements
    assert api.game(game["id"])["totals"] == response.json["totals"]


def test_a_finished_match_game_counts_in_the_match_it_belongs_to(api: Api) -> None:
    """The game row written once carries the result the match is counted from."""
    game = api.create("moon", FOUR, options={"target": 7})
    entry = {"bidder": "Ann", "bid": 7, "tricks": {"Ann & Cy": 7, "Bob & Dee": 0}}
    answer = api.hand(game["id"], entry)
    assert answer["status"] == "finished"
    shown = api.game(game["id"])
    assert shown["match"]["score"] == {"Ann & Cy": 1, "Bob & Dee": 0}
    assert shown["winners"] == answer["winners"] == ["Ann & Cy"]
