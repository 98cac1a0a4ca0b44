"""The game a change starts from is the game as stored, whether kept in memory or read.

A change to a game starts from the game as the last change left it, kept in memory, while
the file still holds that version (games.KeptGames). These tests hold the kept game to a
fresh read after every kind of change, and show that a game changed elsewhere, given a new
scorer link or a called time is read again rather than taken from memory.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, games, store
from scorekeeper.rules import REGISTRY, Ruleset
from tests.test_rulesets_conformance import new_game_body, tables


def kept_and_read(app: Flask, game_id: str) -> tuple[games.Game | None, games.Game]:
    with app.app_context():
        db = store.get_db()
        return games.kept_games(db).games.get(game_id), games.load_game(db, game_id)


def same_as_read(app: Flask, game_id: str) -> None:
    kept, read = kept_and_read(app, game_id)
    assert kept is not None, "the change kept no game"
    assert kept == read
    # What is derived from them too: the next change scores from these.
    assert (kept.totals, kept.status, kept.next_hand) == (read.totals, read.status, read.next_hand)
    assert [kept.totals_after(h.number) for h in kept.hands] == [
        read.totals_after(h.number) for h in read.hands
    ]


@pytest.mark.parametrize("ruleset", list(REGISTRY.values()), ids=lambda r: r.id)
def test_every_change_keeps_the_game_as_a_fresh_read_shows_it(
    app: Flask, client: FlaskClient, ruleset: Ruleset
) -> None:
    table = tables(ruleset)[-1]
    created: dict[str, Any] = client.post("/api/games", json=new_game_body(ruleset, table)).json  # type: ignore[assignment]
    url, headers = f"/api/games/{created['id']}", {"X-Scorer-Token": created["scorer_token"]}
    first, second = ruleset.sample_entries(table)[:2]
    for entry in (first, second, first):
        assert client.post(f"{url}/hands", json=entry, headers=headers).status_code == 201
        same_as_read(app, created["id"])
    assert client.put(f"{url}/hands/1", json=second, headers=headers).status_code == 200
    same_as_read(app, created["id"])
    assert client.delete(f"{url}/hands/3", headers=headers).status_code == 200
    same_as_read(app, created["id"])
    if ruleset.live_plays:
        # The first play of a hand: the 5-5 set down, 10 at the ends in both games.
        play = {"player": table.players[0], "ends": ["5-5"]}
        assert client.post(f"{url}/plays", json=play, headers=headers).status_code == 201
        same_as_read(app, created["id"])
        assert client.delete(f"{url}/plays", headers=headers).status_code == 200
        same_as_read(app, created["id"])


BLOCK = {"ruleset": "block", "players": ["Margaret", "Christopher", "María José"]}


def hand(pips: int) -> dict[str, Any]:
    return {"pips": {"Margaret": 0, "Christopher": pips, "María José": 4}, "domino": "Margaret"}


def test_a_hand_entered_through_another_server_on_the_same_file_is_seen(
    app: Flask, client: FlaskClient, database: Path
) -> None:
    """Two servers on one file (or `scorekeeper import` beside one): the other's hand moves the
    version on, so this server reads the game again instead of scoring from memory."""
    created: dict[str, Any] = client.post("/api/games", json=BLOCK).json  # type: ignore[assignment]
    url, headers = f"/api/games/{created['id']}/hands", {"X-Scorer-Token": created["scorer_token"]}
    assert client.post(url, json=hand(10), headers=headers).status_code == 201
    other = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "other"})
    assert other.test_client().post(url, json=hand(20), headers=headers).status_code == 201

    third = client.post(url, json=hand(30), headers=headers)

    assert third.status_code == 201, third.json
    assert third.json["hand"]["number"] == 3
    assert third.json["totals"]["Margaret"] == (10 + 4) + (20 + 4) + (30 + 4)
    same_as_read(app, created["id"])


def test_a_new_scorer_link_stops_the_old_token_at_once(app: Flask, client: FlaskClient) -> None:
    created: dict[str, Any] = client.post("/api/games", json=BLOCK).json  # type: ignore[assignment]
    url, old = f"/api/games/{created['id']}", {"X-Scorer-Token": created["scorer_token"]}
    assert client.post(f"{url}/hands", json=hand(10), headers=old).status_code == 201
    assert kept_and_read(app, created["id"])[0] is not None  # kept under the old token

    with app.app_context():  # what the share page's "Make a new scorer link" does
        token = games.rotate_token(store.get_db(), created["id"], "page:test")

    assert client.post(f"{url}/hands", json=hand(20), headers=old).status_code == 403
    new = {"X-Scorer-Token": token}
    assert client.post(f"{url}/hands", json=hand(20), headers=new).status_code == 201
    same_as_read(app, created["id"])


def test_time_called_outside_a_change_is_seen_by_the_next_hand(
    app: Flask, client: FlaskClient, database: Path
) -> None:
    """A night's time limit is written ahead on the game; the hand entered after it is the last."""
    created: dict[str, Any] = client.post("/api/games", json=BLOCK).json  # type: ignore[assignment]
    url, headers = f"/api/games/{created['id']}/hands", {"X-Scorer-Token": created["scorer_token"]}
    assert client.post(url, json=hand(10), headers=headers).status_code == 201
    with sqlite3.connect(database) as conn:
        (first_entered,) = conn.execute("select created_at from hands").fetchone()
        # Called after the first hand, not in its millisecond (that would make it the last).
        called = store.now()
        while called <= first_entered:
            called = store.now()
        conn.execute("update games set time_called_at = ?", [called])

    last = client.post(url, json=hand(5), headers=headers)

    assert last.json["status"] == "finished", last.json
    assert client.post(url, json=hand(5), headers=headers).status_code == 409


def test_a_refused_hand_leaves_the_kept_game_as_it_was(app: Flask, client: FlaskClient) -> None:
    created: dict[str, Any] = client.post("/api/games", json=BLOCK).json  # type: ignore[assignment]
    url = f"/api/games/{created['id']}/hands"
    headers = {"X-Scorer-Token": created["scorer_token"]}
    assert client.post(url, json=hand(10), headers=headers).status_code == 201
    refused = client.post(url, json={"pips": {"Margaret": 0}}, headers=headers)
    assert refused.status_code == 422
    kept, read = kept_and_read(app, created["id"])
    assert kept == read and len(read.hands) == 1


def test_the_hand_that_ends_the_game_is_kept_as_read(app: Flask, client: FlaskClient) -> None:
    created: dict[str, Any] = client.post(
        "/api/games", json={**BLOCK, "options": {"target": 50}}
    ).json  # type: ignore[assignment]
    url = f"/api/games/{created['id']}/hands"
    headers = {"X-Scorer-Token": created["scorer_token"]}
    assert client.post(url, json=hand(10), headers=headers).json["status"] == "in_progress"
    same_as_read(app, created["id"])
    last = client.post(url, json=hand(40), headers=headers)
    assert last.json["status"] == "finished" and last.json["winners"] == ["Margaret"]
    assert last.json["totals"]["Margaret"] == 14 + 44
    same_as_read(app, created["id"])
