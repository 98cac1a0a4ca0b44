"""Idempotency-Key on every write (shared/API.md): a retry is answered once, from what was kept.

The key is bound to its route and body; a change that was undone is not replayed as if it
stood; games, rematches, leagues, seasons and live plays are covered like hands.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from tests.conftest import Api

THREE = ["Ann", "Bob", "Cy"]
HAND = {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"}
OTHER_HAND = {"pips": {"Ann": 0, "Bob": 9, "Cy": 7}, "domino": "Ann"}


def count(database: Path, table: str) -> int:
    with closing(sqlite3.connect(database)) as conn:
        return int(conn.execute(f"select count(*) from [{table}]").fetchone()[0])


def keyed(api: Api, game_id: str, key: str, **extra: str) -> dict[str, str]:
    return api.headers(game_id, **{"Idempotency-Key": key, **extra})


def test_a_retry_gets_the_first_answer_and_records_nothing_new(api: Api, database: Path) -> None:
    game = api.create("block", THREE)
    first = api.post_hand(game["id"], HAND, **{"Idempotency-Key": "tap-1"})
    # The retry may write its JSON differently: it is still the same request.
    retry = api.client.post(
        f"/api/games/{game['id']}/hands",
        data='{"domino":"Ann",  "pips":{"Cy":7,"Bob":5,"Ann":0}}',
        content_type="application/json",
        headers=keyed(api, game["id"], "tap-1"),
    )
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json == first.json and retry.headers["Idempotent-Replayed"] == "true"
    assert len(api.game(game["id"])["hands"]) == 1 and count(database, "hands") == 1


def test_the_same_key_with_another_body_is_refused(api: Api, database: Path) -> None:
    game = api.create("block", THREE)
    assert api.post_hand(game["id"], HAND, **{"Idempotency-Key": "k"}).status_code == 201
    for body in (OTHER_HAND, {"garbage": True}):
        refused = api.post_hand(game["id"], body, **{"Idempotency-Key": "k"})
        assert refused.status_code == 422
        assert refused.json["field"] == "Idempotency-Key"
        assert "different request" in refused.json["error"]
    assert api.game(game["id"])["totals"] == {"Ann": 12, "Bob": 0, "Cy": 0}


def test_the_same_key_on_another_route_is_refused(api: Api) -> None:
    game = api.create("block", THREE)
    api.post_hand(game["id"], HAND, **{"Idempotency-Key": "k"})
    corrected = api.client.put(
        f"/api/games/{game['id']}/hands/1", json=HAND, headers=keyed(api, game["id"], "k")
    )
    assert corrected.status_code == 422
    other = api.create("block", THREE)
    elsewhere = api.post_hand(other["id"], HAND, **{"Idempotency-Key": "k"})
    assert elsewhere.status_code == 422
    assert api.game(other["id"])["hands"] == []


def test_a_refused_request_keeps_no_key(api: Api) -> None:
    """A refusal changed nothing, so the corrected request may use the same key."""
    game = api.create("block", THREE)
    wrong = {"pips": {"Ann": 0, "Bob": -5, "Cy": 7}, "domino": "Ann"}
    assert api.post_hand(game["id"], wrong, **{"Idempotency-Key": "k"}).status_code == 422
    assert api.post_hand(game["id"], HAND, **{"Idempotency-Key": "k"}).status_code == 201


def test_after_an_undo_the_key_does_not_replay_the_undone_hand(api: Api) -> None:
    game = api.create("block", THREE)
    api.post_hand(game["id"], HAND, **{"Idempotency-Key": "hand-1"})
    second = api.post_hand(game["id"], OTHER_HAND, **{"Idempotency-Key": "hand-2"})
    undo = api.client.delete(f"/api/games/{game['id']}/hands/2", headers=api.headers(game["id"]))
    assert (second.status_code, undo.status_code) == (201, 200)
    late = api.post_hand(game["id"], OTHER_HAND, **{"Idempotency-Key": "hand-2"})
    assert late.status_code == 409 and "undone" in late.json["error"]
    # The hand still standing replays as before; nothing was recorded again.
    assert api.post_hand(game["id"], HAND, **{"Idempotency-Key": "hand-1"}).status_code == 201
    assert [h["number"] for h in api.game(game["id"])["hands"]] == [1]


def test_a_correction_undone_with_its_hand_is_not_replayed(api: Api) -> None:
    game = api.create("block", THREE)
    api.hand(game["id"], HAND)
    url = f"/api/games/{game['id']}/hands/1"
    assert (
        api.client.put(url, json=OTHER_HAND, headers=keyed(api, game["id"], "fix")).status_code
        == 200
    )
    api.client.delete(url, headers=api.headers(game["id"]))
    late = api.client.put(url, json=OTHER_HAND, headers=keyed(api, game["id"], "fix"))
    assert late.status_code == 409
    assert api.game(game["id"])["hands"] == []


def post_play(api: Api, game_id: str, play: dict[str, Any], key: str) -> Any:
    return api.client.post(
        f"/api/games/{game_id}/plays", json=play, headers=keyed(api, game_id, key)
    )


def test_a_retried_live_play_counts_once_and_an_undone_one_not_again(api: Api) -> None:
    game = api.create("muggins", ["Ann", "Bob"])
    first = post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]}, "play-1")
    again = post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]}, "play-1")
    assert (first.status_code, again.status_code) == (201, 201) and again.json == first.json
    assert api.game(game["id"])["totals"] == {"Ann": 10, "Bob": 0}
    post_play(api, game["id"], {"player": "Bob", "ends": ["5-5", 5]}, "play-2")
    api.client.delete(f"/api/games/{game['id']}/plays", headers=api.headers(game["id"]))
    late = post_play(api, game["id"], {"player": "Bob", "ends": ["5-5", 5]}, "play-2")
    assert late.status_code == 409
    # Play 1 still stands: its retry is answered as before.
    assert (
        post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]}, "play-1").status_code == 201
    )
    assert api.game(game["id"])["totals"] == {"Ann": 10, "Bob": 0}


def test_creating_games_leagues_seasons_and_rematches_happens_once(
    client: FlaskClient, api: Api, database: Path
) -> None:
    new = {"ruleset": "draw", "players": ["Ann", "Bob"], "options": {"target": 10}}
    made = [
        client.post("/api/games", json=new, headers={"Idempotency-Key": "game"}) for _ in range(2)
    ]
    assert [r.status_code for r in made] == [201, 201] and made[0].json == made[1].json
    assert count(database, "games") == 1

    league = [
        client.post("/api/leagues", json={"name": "Club"}, headers={"Idempotency-Key": "lg"})
        for _ in range(2)
    ]
    assert league[0].json == league[1].json and count(database, "leagues") == 1
    slug, token = league[0].json["slug"], league[0].json["league_token"]
    season = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    seasons = [
        client.post(
            f"/api/leagues/{slug}/seasons",
            json=season,
            headers={"X-League-Token": token, "Idempotency-Key": "season"},
        )
        for _ in range(2)
    ]
    assert [r.status_code for r in seasons] == [201, 201] and count(database, "seasons") == 1

    game_id = made[0].json["id"]
    api.tokens[game_id] = made[0].json["scorer_token"]
    api.hand(game_id, {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    rematches = [
        client.post(f"/api/games/{game_id}/next", headers=keyed(api, game_id, "again"))
        for _ in range(2)
    ]
    assert [r.status_code for r in rematches] == [201, 201]
    assert rematches[0].json == rematches[1].json and count(database, "games") == 2


def test_a_key_longer_than_200_characters_is_refused(api: Api) -> None:
    game = api.create("block", THREE)
    refused = api.post_hand(game["id"], HAND, **{"Idempotency-Key": "k" * 201})
    assert refused.status_code == 400 and api.game(game["id"])["hands"] == []
