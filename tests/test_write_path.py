"""Every change takes one lean path: the game read once, a handful of plain statements, one commit.

Counted with SQLite's own trace callback on the connection the request uses.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

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


def test_the_log_keeps_each_written_hand_as_its_row_keeps_it(api: Api, database: Path) -> None:
    """History shows a hand as it was scored: the log line of an entry or a correction holds
    the very entry, scores and explanation its hand's row was written with."""
    players = ["María José", "Christopher", "Margaret", "Zoë"]
    game = api.create("block", players, options={"target": 1000})
    api.hand(
        game["id"],
        {
            "pips": {"María José": 0, "Christopher": 4, "Margaret": 2, "Zoë": 9},
            "domino": "María José",
        },
    )
    fixed = {
        "pips": {"María José": 6, "Christopher": 0, "Margaret": 2, "Zoë": 9},
        "domino": "Christopher",
    }
    corrected = api.client.put(
        f"/api/games/{game['id']}/hands/1", json=fixed, headers=api.headers(game["id"])
    )
    assert corrected.status_code == 200, corrected.json

    with sqlite3.connect(database) as conn:
        lines = conn.execute(
            "select action, entry, result from log where game_id = ? and hand_number = 1 "
            "order by id",
            [game["id"]],
        ).fetchall()
        row = conn.execute(
            "select entry, scores, explanation from hands where game_id = ? and number = 1",
            [game["id"]],
        ).fetchone()
    assert [action for action, _, _ in lines] == ["entered", "corrected"]
    _, entry, result = lines[-1]
    assert json.loads(entry) == fixed and entry == row[0]
    assert json.loads(result) == {"scores": json.loads(row[1]), "explanation": json.loads(row[2])}
    assert "Christopher" in row[2] and json.loads(row[1])["Christopher"] > 0
    # The first line keeps the hand as it was entered, before the correction.
    assert json.loads(lines[0][1])["domino"] == "María José"
    assert json.loads(lines[0][2])["scores"]["María José"] > 0


def status_writes(statements: list[str]) -> list[str]:
    return [sql for sql in statements if sql.startswith("update games") and "status" in sql]


def test_the_status_is_written_only_when_a_hand_changes_it(
    api: Api, statements: list[str], database: Path
) -> None:
    """A hand that leaves the game going on does not rewrite its status (nor its entries in
    the status indexes); the hand that ends it, and the correction that reopens it, do."""
    game = api.create("block", ["Christopher", "Margaret"], options={"target": 10})

    def stored_status() -> str:
        with sqlite3.connect(database) as conn:
            found = conn.execute("select status from games where id = ?", [game["id"]])
            return str(found.fetchone()[0])

    statements.clear()
    api.hand(game["id"], {"pips": {"Christopher": 0, "Margaret": 4}, "domino": "Christopher"})
    assert status_writes(statements) == [] and stored_status() == "in_progress"

    statements.clear()
    ended = api.hand(
        game["id"], {"pips": {"Christopher": 0, "Margaret": 9}, "domino": "Christopher"}
    )
    assert ended["status"] == "finished"
    assert len(status_writes(statements)) == 1 and stored_status() == "finished"

    statements.clear()
    reopened = api.client.put(
        f"/api/games/{game['id']}/hands/2",
        json={"pips": {"Christopher": 0, "Margaret": 1}, "domino": "Christopher"},
        headers=api.headers(game["id"]),
    )
    assert reopened.status_code == 200 and reopened.json["status"] == "in_progress"
    assert len(status_writes(statements)) == 1 and stored_status() == "in_progress"


def test_a_status_the_row_holds_wrongly_is_put_right_by_the_next_change(
    database: Path, tmp_path: Path
) -> None:
    """The status that stays unwritten is the one the row holds, never the one the hands
    suggest: a row saying "finished" for a game that goes on (rules changed since it was
    written) is put right by its next hand, after a restart too."""
    from scorekeeper import create_app

    def started() -> Api:
        app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test-secret"})
        return Api(app.test_client())

    api = started()
    game = api.create("block", ["María José", "Margaret"], options={"target": 100})
    api.hand(game["id"], {"pips": {"María José": 0, "Margaret": 4}, "domino": "María José"})
    token = api.tokens[game["id"]]
    with sqlite3.connect(database) as conn:
        conn.execute("update games set status = 'finished' where id = ?", [game["id"]])

    api = started()
    api.tokens[game["id"]] = token
    api.hand(game["id"], {"pips": {"María José": 0, "Margaret": 3}, "domino": "María José"})
    with sqlite3.connect(database) as conn:
        row = conn.execute("select status from games where id = ?", [game["id"]]).fetchone()
    assert row[0] == "in_progress"


def test_a_finished_match_game_counts_in_the_match_it_belongs_to(api: Api) -> None:
    """The game row written once carries the result the match is counted from."""
    game = api.create("moon", FOUR, options={"target": 7})
    entry = {"bidder": "Ann", "bid": 7, "tricks": {"Ann & Cy": 7, "Bob & Dee": 0}}
    answer = api.hand(game["id"], entry)
    assert answer["status"] == "finished"
    shown = api.game(game["id"])
    assert shown["match"]["score"] == {"Ann & Cy": 1, "Bob & Dee": 0}
    assert shown["winners"] == answer["winners"] == ["Ann & Cy"]


# --- the scorer's page: the phone's own path, with the same budget -----------------------


def page_form(page: str, kind: str) -> tuple[str, dict[str, str]]:
    """Where one form of the page posts, and its hidden fields (CSRF token, version, key).

    `kind` is what the page's script knows it by (data-outbox: hand, correction, play, undo)."""
    form = re.search(rf'<form[^>]*data-outbox="{kind}"[^>]*>.*?</form>', page, re.S)
    assert form is not None, kind
    action = re.search(r'action="([^"]+)"', form.group(0))
    assert action is not None, kind
    fields = re.findall(r'<input[^>]*type="hidden"[^>]*>', form.group(0))
    named = (re.search(r'name="([^"]+)"[^>]*value="([^"]*)"', field) for field in fields)
    return action.group(1), {found.group(1): found.group(2) for found in named if found}


def scorer_phone(client: FlaskClient, api: Api, ruleset: str, hands: int) -> str:
    """A game under way, and this client the scorer's phone that joined it by its link."""
    game = api.create(ruleset, FOUR[:2], options={"target": 1000})
    for n in range(hands):
        api.hand(game["id"], {"pips": {"Ann": 0, "Bob": n + 1}, "domino": "Ann"})
    assert client.get(f"/games/{game['id']}/join/{game['scorer_token']}").status_code == 303
    return str(game["id"])


def save_from_page(
    client: FlaskClient,
    path: str,
    kind: str,
    fields: dict[str, str],
    statements: list[str],
    *,
    script: bool = True,
) -> Any:
    """Save as the page's script does (the form as drawn, a key, the answer in JSON), or as
    the form itself does with script off; `statements` then holds the save's alone."""
    action, hidden = page_form(client.get(path).get_data(as_text=True), kind)
    statements.clear()
    headers = {"Accept": "application/json", "Idempotency-Key": secrets.token_urlsafe()}
    return client.post(action, data={**hidden, **fields}, headers=headers if script else {})


@pytest.mark.parametrize(("hands", "script"), [(0, True), (12, True), (12, False)])
def test_a_hand_saved_on_the_scorers_page_reads_the_game_once(
    client: FlaskClient, api: Api, statements: list[str], hands: int, script: bool
) -> None:
    """The form is read against the game as read for the change, not against a game read
    before it: one read, however far the game is, with the page's script or without."""
    game = scorer_phone(client, api, "block", hands)
    typed = {"domino": "Bob", "pips-0": "7"}
    saved = save_from_page(client, f"/games/{game}", "hand", typed, statements, script=script)
    assert saved.status_code == (201 if script else 303), saved.get_data(as_text=True)
    assert len(statements) <= 10 and game_reads(statements) == 1, statements
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    assert api.game(game)["hands"][-1]["scores"] == {"Ann": 0, "Bob": 7}


def test_a_correction_and_an_undo_on_the_scorers_page_read_the_game_once(
    client: FlaskClient, api: Api, statements: list[str]
) -> None:
    game = scorer_phone(client, api, "block", 3)
    typed = {"domino": "Bob", "pips-0": "9"}
    fixed = save_from_page(client, f"/games/{game}/hands/2/edit", "correction", typed, statements)
    assert fixed.status_code == 200, fixed.json
    assert len(statements) <= 10 and game_reads(statements) == 1, statements

    undone = save_from_page(client, f"/games/{game}/undo", "undo", {"number": "3"}, statements)
    assert undone.status_code == 200, undone.json
    # Two more than a hand: an undo finds in the log the changes it takes back, and marks
    # their keys undone (so a retry of the undone hand's save is not answered as done).
    assert len(statements) <= 12 and game_reads(statements) == 1, statements
    shown = api.game(game)
    assert [hand["scores"] for hand in shown["hands"]] == [
        {"Ann": 1, "Bob": 0},
        {"Ann": 0, "Bob": 9},
    ]


def test_a_play_tapped_on_the_scorers_page_reads_the_game_once(
    client: FlaskClient, api: Api, statements: list[str]
) -> None:
    game = api.create("muggins", FOUR[:2])
    assert client.get(f"/games/{game['id']}/join/{game['scorer_token']}").status_code == 303
    played = {"player": "Ann", "end": ["5", "5-5"]}
    for _ in range(2):
        saved = save_from_page(client, f"/games/{game['id']}", "play", played, statements)
        assert saved.status_code == 201, saved.json
        assert len(statements) <= 10 and game_reads(statements) == 1, statements
    assert api.game(game["id"])["hand_in_progress"]["scores"] == {"Ann": 30, "Bob": 0}


@pytest.mark.parametrize(
    "value", [[], (), {}, None, 0, 0.0, "", False, [0], {"María José": 0}, [[]], {"": {}}]
)
def test_a_column_holds_the_json_any_encoder_would_write(value: Any) -> None:
    """Empty steps and winners are written without the encoder: the same text either way."""
    assert store.dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert json.loads(store.dumps(value)) == json.loads(json.dumps(value))
