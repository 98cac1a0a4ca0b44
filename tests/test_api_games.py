"""The JSON API contract (shared/API.md) for games and hands, over a real SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.store import get_db
from tests.conftest import Api
from tests.test_fuzz import database_dump

THREE = ["Ann", "Bob", "Cy"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def stored_counts(database: Path) -> tuple[int, int, int]:
    """(games, hands, log lines) as they are in the file right now."""
    with sqlite3.connect(database) as conn:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("games", "hands", "log")
        )


# --- rulesets and creating games ------------------------------------------------------


def test_rulesets_lists_block_and_draw_with_their_options(client: FlaskClient) -> None:
    rulesets = {r["id"]: r for r in client.get("/api/rulesets").json}
    assert rulesets["block"]["players"] == [2, 3, 4]
    assert rulesets["block"]["partnerships"] == "optional"
    assert rulesets["draw"]["options"]["scoring"] == "others"
    assert rulesets["block"]["options"]["scoring"] == "difference"


def test_created_game_has_defaults_filled_in_and_seat_one_deals(api: Api) -> None:
    game = api.create("block", THREE)
    assert game["sides"] == THREE
    assert game["options"]["target"] == 61  # 3 individual players (block-dominoes.txt)
    assert game["options"]["set"] == "double-six"
    assert game["next"] == {"hand": 1, "dealer": "Ann", "pass": None}
    assert (
        game["status"] == "in_progress"
        and game["hands"] == []
        and game["totals"]
        == {
            "Ann": 0,
            "Bob": 0,
            "Cy": 0,
        }
    )


def test_create_returns_location_and_an_unguessable_token(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"ruleset": "draw", "players": ["Ann", "Bob"]})
    assert response.status_code == 201
    body = response.json
    assert response.headers["Location"] == f"/api/games/{body['id']}"
    # token_urlsafe(16) is 22 characters: 128 random bits.
    assert len(body["scorer_token"]) >= 22
    assert body["scorer_token"] not in client.get(f"/api/games/{body['id']}").get_data(True)


def test_partnership_game_names_teams_after_partners(api: Api) -> None:
    game = api.create("block", FOUR, partnerships=True)
    assert game["sides"] == ["Ann & Cy", "Bob & Dee"]
    assert game["teams"] == {"Ann & Cy": ["Ann", "Cy"], "Bob & Dee": ["Bob", "Dee"]}
    assert game["options"]["target"] == 100  # partnerships play to 100


def test_team_names_can_be_given(api: Api) -> None:
    game = api.create("block", FOUR, partnerships=True, team_names=["Us", "Them"])
    assert game["teams"] == {"Us": ["Ann", "Cy"], "Them": ["Bob", "Dee"]}


def test_player_names_are_trimmed(api: Api) -> None:
    game = api.create("block", ["  Ann ", "Bob"])
    assert game["players"] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"ruleset": "chess", "players": THREE}, "ruleset", "not a game"),
        ({"ruleset": "block", "players": ["Ann"]}, "players", "2 or 3 or 4 players"),
        ({"ruleset": "block", "players": ["Ann", "ann "]}, "players", "named twice"),
        ({"ruleset": "block", "players": ["Ann", "B" * 41]}, "players", "too long"),
        ({"ruleset": "block", "players": ["Ann", ""]}, "players", "needs a name"),
        ({"ruleset": "block", "players": "Ann, Bob"}, "players", "list of names"),
        ({"ruleset": "block", "players": THREE, "options": {"colour": 1}}, "options", "colour"),
        (
            {"ruleset": "block", "players": THREE, "options": {"target": "x"}},
            "options.target",
            "whole",
        ),
        (
            {"ruleset": "block", "players": THREE, "partnerships": True},
            "partnerships",
            "need 4 players",
        ),
        (
            {"ruleset": "draw", "players": THREE, "options": {"scoring": "most"}},
            "options.scoring",
            "one of",
        ),
    ],
)
def test_bad_new_game_is_a_422_naming_the_field(
    client: FlaskClient, database: Path, payload: dict[str, Any], field: str, words: str
) -> None:
    response = client.post("/api/games", json=payload)
    assert response.status_code == 422
    assert response.json["field"] == field
    assert words.lower() in response.json["error"].lower()
    assert stored_counts(database) == (0, 0, 0)


# --- scoring through the API ----------------------------------------------------------


def test_block_hand_scores_difference_and_explains_it(api: Api) -> None:
    game = api.create("block", THREE)
    result = api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    assert result["hand"]["scores"] == {"Ann": 19, "Bob": 0, "Cy": 0}
    assert result["hand"]["dealer"] == "Ann"
    assert "Ann dominoed." in result["hand"]["explanation"]
    assert any("19" in line for line in result["hand"]["explanation"])
    assert result["totals"] == {"Ann": 19, "Bob": 0, "Cy": 0}
    assert api.game(game["id"])["next"] == {"hand": 2, "dealer": "Bob", "pass": None}


def test_draw_hand_from_tiles_scores_all_other_pips(api: Api) -> None:
    game = api.create("draw", THREE)
    result = api.hand(game["id"], {"tiles": {"Ann": ["1-2"], "Bob": ["6-6"], "Cy": ["4-3", "0-1"]}})
    # Blocked: Ann is lightest with 3 and scores Bob 12 + Cy 8 (Bookshelf rules).
    assert result["hand"]["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert result["hand"]["entry"]["tiles"]["Cy"] == ["4-3", "0-1"]  # stored as given


def test_running_totals_and_winner_at_the_target(api: Api) -> None:
    game = api.create("block", ["Ann", "Bob"], options={"target": 30})
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 20}, "domino": "Ann"})
    api.hand(game["id"], {"pips": {"Ann": 9, "Bob": 0}, "domino": "Bob"})
    last = api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 11}, "domino": "Ann"})
    assert last["totals"] == {"Ann": 31, "Bob": 9}
    assert last["status"] == "finished" and last["winners"] == ["Ann"]
    shown = api.game(game["id"])
    assert [h["totals"]["Ann"] for h in shown["hands"]] == [20, 20, 31]
    assert shown["next"] is None


def test_partnership_hand_is_keyed_by_team(api: Api) -> None:
    game = api.create("draw", FOUR, partnerships=True, team_names=["Us", "Them"])
    result = api.hand(game["id"], {"pips": {"Us": 6, "Them": 25}, "domino": "Cy"})
    assert result["hand"]["scores"] == {"Us": 25, "Them": 0}


# --- refusals change nothing ----------------------------------------------------------


@pytest.fixture
def block_game(api: Api) -> dict[str, Any]:
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    return game


def assert_unchanged(
    api: Api, database: Path, game: dict[str, Any], counts: tuple[int, ...]
) -> None:
    after = api.game(game["id"])
    assert after["version"] == 2 and len(after["hands"]) == 1
    assert stored_counts(database) == counts


def test_body_that_is_not_json_is_a_400(
    api: Api, client: FlaskClient, database: Path, block_game: dict[str, Any]
) -> None:
    counts = stored_counts(database)
    for data in ("not json", "[1, 2]", "", "\xff"):
        response = client.post(
            f"/api/games/{block_game['id']}/hands",
            data=data.encode("latin-1"),
            headers=api.headers(block_game["id"], **{"Content-Type": "application/json"}),
        )
        assert response.status_code == 400
        assert "JSON" in response.json["error"]
    assert_unchanged(api, database, block_game, counts)


def test_write_without_the_right_token_is_a_403(
    api: Api, client: FlaskClient, database: Path, block_game: dict[str, Any]
) -> None:
    counts = stored_counts(database)
    url = f"/api/games/{block_game['id']}/hands"
    entry = {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"}
    for headers in ({}, {"X-Scorer-Token": "guess"}, {"X-Scorer-Token": ""}):
        assert client.post(url, json=entry, headers=headers).status_code == 403
        assert client.put(f"{url}/1", json=entry, headers=headers).status_code == 403
        assert client.delete(f"{url}/1", headers=headers).status_code == 403
    assert "X-Scorer-Token" in client.post(url, json=entry).json["error"]
    assert_unchanged(api, database, block_game, counts)


def test_unknown_game_or_hand_is_a_404(
    api: Api, client: FlaskClient, block_game: dict[str, Any]
) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/hands", json={}).status_code == 404
    missing = client.put(
        f"/api/games/{block_game['id']}/hands/7",
        json={"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"},
        headers=api.headers(block_game["id"]),
    )
    assert missing.status_code == 404
    assert "no hand 7" in missing.json["error"]


@pytest.mark.parametrize(
    ("entry", "field", "words"),
    [
        ({"pips": {"Ann": 0, "Bob": 5}, "domino": "Ann"}, "pips", "nothing for Cy"),
        ({"pips": {"Ann": 0, "Bob": 5, "Zed": 1}, "domino": "Ann"}, "pips", "Zed is not"),
        ({"pips": {"Ann": 3, "Bob": 5, "Cy": 5}, "domino": "Ann"}, "domino", "0 pips"),
        ({"pips": {"Ann": -1, "Bob": 5, "Cy": 5}}, "pips", "less than 0"),
        ({"pips": {"Ann": 0, "Bob": 169, "Cy": 5}}, "pips", "more than 168"),
        (
            {"tiles": {"Ann": [], "Bob": ["7-7"], "Cy": []}, "domino": "Ann"},
            "tiles",
            "7-7 is not in",
        ),
        (
            {"tiles": {"Ann": [], "Bob": ["3-4"], "Cy": ["4-3"]}, "domino": "Ann"},
            "tiles",
            "claimed 2 times",
        ),
        ({"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Zed"}, "domino", "Zed is not playing"),
        (
            {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann", "with_double": True},
            "with_double",
            "not in force",
        ),
        ({"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "bonus": 3}, "bonus", "not part of a hand"),
    ],
)
def test_entry_breaking_the_rules_is_a_422_and_stores_nothing(
    api: Api,
    database: Path,
    block_game: dict[str, Any],
    entry: dict[str, Any],
    field: str,
    words: str,
) -> None:
    counts = stored_counts(database)
    response = api.post_hand(block_game["id"], entry)
    assert response.status_code == 422, response.json
    assert response.json["field"] == field
    assert words in response.json["error"]
    assert_unchanged(api, database, block_game, counts)


def test_finished_game_takes_no_new_hand(api: Api, database: Path) -> None:
    game = api.create("block", ["Ann", "Bob"], options={"target": 10})
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    counts = stored_counts(database)
    response = api.post_hand(game["id"], {"pips": {"Ann": 0, "Bob": 3}, "domino": "Ann"})
    assert response.status_code == 409
    assert "over" in response.json["error"]
    assert stored_counts(database) == counts


def test_oversized_body_is_a_413(api: Api, client: FlaskClient, block_game: dict[str, Any]) -> None:
    response = client.post(
        f"/api/games/{block_game['id']}/hands",
        data=b'{"pips": "' + b"x" * 100_000 + b'"}',
        headers=api.headers(block_game["id"], **{"Content-Type": "application/json"}),
    )
    assert response.status_code == 413
    assert "error" in response.json


# --- corrections and undo -------------------------------------------------------------


def test_correction_recomputes_later_totals(api: Api) -> None:
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    api.hand(game["id"], {"pips": {"Ann": 4, "Bob": 0, "Cy": 6}, "domino": "Bob"})
    response = api.client.put(
        f"/api/games/{game['id']}/hands/1",
        json={"pips": {"Ann": 0, "Bob": 20, "Cy": 5}, "domino": "Ann"},
        headers=api.headers(game["id"]),
    )
    assert response.status_code == 200
    assert response.json["hand"]["scores"]["Ann"] == 25
    shown = api.game(game["id"])
    assert [h["totals"] for h in shown["hands"]] == [
        {"Ann": 25, "Bob": 0, "Cy": 0},
        {"Ann": 25, "Bob": 10, "Cy": 0},
    ]
    assert shown["hands"][1]["dealer"] == "Bob"  # the deal of later hands stays as it was


def test_correction_can_reopen_a_finished_game(api: Api) -> None:
    game = api.create("block", ["Ann", "Bob"], options={"target": 10})
    assert (
        api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})["status"]
        == "finished"
    )
    corrected = api.client.put(
        f"/api/games/{game['id']}/hands/1",
        json={"pips": {"Ann": 0, "Bob": 4}, "domino": "Ann"},
        headers=api.headers(game["id"]),
    ).json
    assert corrected["status"] == "in_progress" and corrected["winners"] == []
    assert (
        api.post_hand(game["id"], {"pips": {"Ann": 0, "Bob": 3}, "domino": "Ann"}).status_code
        == 201
    )


def test_refused_correction_changes_nothing(
    api: Api, database: Path, block_game: dict[str, Any]
) -> None:
    counts = stored_counts(database)
    response = api.client.put(
        f"/api/games/{block_game['id']}/hands/1",
        json={"pips": {"Ann": 0, "Bob": 5}, "domino": "Ann"},
        headers=api.headers(block_game["id"]),
    )
    assert response.status_code == 422
    assert api.game(block_game["id"])["hands"][0]["scores"]["Ann"] == 10
    assert_unchanged(api, database, block_game, counts)


def test_undo_takes_back_only_the_last_hand(api: Api) -> None:
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    api.hand(game["id"], {"pips": {"Ann": 4, "Bob": 0, "Cy": 6}, "domino": "Bob"})
    url = f"/api/games/{game['id']}/hands"
    early = api.client.delete(f"{url}/1", headers=api.headers(game["id"]))
    assert early.status_code == 409
    assert "Only the last hand" in early.json["error"]
    undone = api.client.delete(f"{url}/2", headers=api.headers(game["id"]))
    assert undone.status_code == 200
    assert undone.json["totals"] == {"Ann": 10, "Bob": 0, "Cy": 0}
    shown = api.game(game["id"])
    assert len(shown["hands"]) == 1 and shown["next"]["dealer"] == "Bob"


# --- retries and concurrent writers ---------------------------------------------------


def test_retried_post_with_the_same_idempotency_key_is_stored_once(
    api: Api, database: Path
) -> None:
    game = api.create("block", THREE)
    entry = {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"}
    first = api.post_hand(game["id"], entry, **{"Idempotency-Key": "tap-1"})
    again = api.post_hand(game["id"], entry, **{"Idempotency-Key": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert first.json == again.json
    assert len(api.game(game["id"])["hands"]) == 1
    other = api.post_hand(game["id"], entry, **{"Idempotency-Key": "tap-2"})
    assert other.json["hand"]["number"] == 2
    assert stored_counts(database)[1] == 2


def test_stale_if_match_is_refused_and_current_one_accepted(api: Api) -> None:
    game = api.create("block", THREE)
    entry = {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"}
    version = api.game(game["id"])["version"]
    assert api.post_hand(game["id"], entry, **{"If-Match": str(version)}).status_code == 201
    stale = api.post_hand(game["id"], entry, **{"If-Match": f'"{version}"'})
    assert stale.status_code == 409
    assert "changed on another phone" in stale.json["error"]
    assert len(api.game(game["id"])["hands"]) == 1
    current = api.game(game["id"])["version"]
    assert api.post_hand(game["id"], entry, **{"If-Match": f'"{current}"'}).status_code == 201


@pytest.mark.parametrize(
    ("method", "path", "body", "ok"),
    [
        ("PUT", "/hands/1", {"pips": {"Ann": 0, "Bob": 30}, "domino": "Ann"}, 200),
        ("DELETE", "/hands/2", None, 200),
        ("POST", "/plays", {"player": "Ann", "ends": ["5-5"]}, 201),
    ],
)
def test_every_write_refuses_a_stale_if_match_and_changes_nothing(
    api: Api, database: Path, method: str, path: str, body: Any, ok: int
) -> None:
    """API.md: If-Match on any write; the phone that loaded an older version is told, and
    nothing it sent is stored."""
    game = api.create("muggins", ["Ann", "Bob"])
    url = f"/api/games/{game['id']}{path}"
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    stale = api.game(game["id"])["version"]
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 7}, "domino": "Ann"})  # another phone
    before = database_dump(database)
    refused = api.client.open(
        url, method=method, json=body, headers=api.headers(game["id"], **{"If-Match": f'"{stale}"'})
    )
    assert refused.status_code == 409, refused.json
    assert "changed on another phone" in refused.json["error"]
    assert database_dump(database) == before
    current = api.game(game["id"])["version"]
    accepted = api.client.open(
        url,
        method=method,
        json=body,
        headers=api.headers(game["id"], **{"If-Match": f'"{current}"'}),
    )
    assert accepted.status_code == ok, accepted.json


def test_get_carries_the_version_as_etag(api: Api, client: FlaskClient) -> None:
    game = api.create("block", THREE)
    response = client.get(f"/api/games/{game['id']}")
    assert response.headers["ETag"] == f'"{response.json["version"]}"'


# --- durability and the log -----------------------------------------------------------


def test_hands_survive_a_restart_of_the_app(api: Api, database: Path) -> None:
    game = api.create("draw", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 9, "Cy": 4}, "domino": "Ann"})
    restarted = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "other"})
    shown = restarted.test_client().get(f"/api/games/{game['id']}").json
    assert shown["totals"] == {"Ann": 13, "Bob": 0, "Cy": 0}
    assert shown["hands"][0]["explanation"] == api.game(game["id"])["hands"][0]["explanation"]


def test_every_change_is_logged_without_the_token(api: Api, database: Path) -> None:
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    api.client.put(
        f"/api/games/{game['id']}/hands/1",
        json={"pips": {"Ann": 0, "Bob": 6, "Cy": 5}, "domino": "Ann"},
        headers=api.headers(game["id"]),
    )
    api.client.delete(f"/api/games/{game['id']}/hands/1", headers=api.headers(game["id"]))
    with sqlite3.connect(database) as conn:
        rows = conn.execute("select action, actor, hand_number from log order by id").fetchall()
        everything = "".join(str(row) for row in conn.execute("select * from log"))
    assert [(action, number) for action, _, number in rows] == [
        ("created", None),
        ("entered", 1),
        ("corrected", 1),
        ("undone", 1),
    ]
    assert game["scorer_token"] not in everything


def test_database_is_in_wal_mode_with_every_table(app: Any, database: Path) -> None:
    with sqlite3.connect(database) as conn:
        assert conn.execute("pragma journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    assert {"games", "hands", "log", "leagues", "_sqlite_migrations"} <= tables


def test_every_connection_has_full_sync_foreign_keys_and_a_busy_timeout(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every connection the app opens, as it is when it is closed (or at the end, for the one
    the live board keeps open).

    synchronous=FULL (2): an acknowledged hand survives a power cut; foreign keys on: no hand
    of a game that does not exist; a busy timeout: a second writer waits, not fails.
    """
    opened: list[Watched] = []
    seen: list[tuple[Any, ...]] = []

    class Watched(sqlite3.Connection):
        closed = False

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # Opened with every setting at its weakest, so that only the app's own settings
            # can show FULL, ON and 5000 below: this SQLite build opens with synchronous=FULL
            # already, and Python's sqlite3 waits 5 s when busy by default.
            super().__init__(*args, **kwargs)
            for setting in ("synchronous=OFF", "foreign_keys=OFF", "busy_timeout=0"):
                self.execute(f"pragma {setting}")

        def pragmas(self) -> tuple[Any, ...]:
            names = ("synchronous", "foreign_keys", "busy_timeout", "journal_mode")
            return tuple(self.execute(f"pragma {name}").fetchone()[0] for name in names)

        def close(self) -> None:
            seen.append(self.pragmas())
            self.closed = True
            super().close()

    def connect(*args: Any, **kwargs: Any) -> Watched:
        connection = real_connect(*args, **kwargs, factory=Watched)
        assert isinstance(connection, Watched)
        opened.append(connection)
        return connection

    real_connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", connect)
    client, api = app.test_client(), Api(app.test_client())
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    for path in (f"/games/{game['id']}", f"/leagues/{league['slug']}", "/", "/healthz"):
        assert client.get(path).status_code == 200, path
    seen += [connection.pragmas() for connection in opened if not connection.closed]
    # A read connection kept per thread and the writer's: each with the settings.
    assert len(opened) >= 2 and len(seen) == len(opened)
    assert set(seen) == {(2, 1, 5000, "wal")}

    with app.app_context():
        connection = get_db().conn
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            connection.execute(
                "insert into log (game_id, at, actor, action, version) values (?, ?, ?, ?, ?)",
                ["no-such-game", "2026-01-01", "test", "entered", 1],
            )


# --- one error shape, and the contract published --------------------------------------


def test_every_api_error_has_the_same_shape(api: Api, client: FlaskClient) -> None:
    game = api.create("block", THREE)
    responses = [
        client.get("/api/nowhere"),
        client.post("/api/games", data="x", content_type="application/json"),
        client.post(f"/api/games/{game['id']}/hands", json={}),
        client.post("/api/games", json={"ruleset": "x", "players": THREE}),
        client.patch(f"/api/games/{game['id']}"),
        # A page of another site can post text/plain across origins without asking: refused.
        client.post("/api/games", data='{"ruleset": "block"}', content_type="text/plain"),
    ]
    assert [r.status_code for r in responses] == [404, 400, 403, 422, 405, 415]
    for response in responses:
        assert response.is_json and isinstance(response.json["error"], str)
        assert response.json["error"]


def test_openapi_document_describes_the_endpoints(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").json
    assert document["openapi"].startswith("3.")
    assert {
        "/api/games",
        "/api/games/{game_id}/hands",
        "/api/games/{game_id}/hands/{number}",
    } <= set(document["paths"])
    assert "block" in document["components"]["schemas"]["NewGame"]["properties"]["ruleset"]["enum"]


def test_an_unchanged_game_answers_304_and_a_changed_one_the_new_json(
    api: Api, client: FlaskClient
) -> None:
    """A script (or phone) polling a game pays for the JSON only when something changed."""
    game = api.create("block", THREE)
    first = client.get(f"/api/games/{game['id']}")
    etag = first.headers["ETag"]
    assert (
        client.get(f"/api/games/{game['id']}", headers={"If-None-Match": etag}).status_code == 304
    )
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    changed = client.get(f"/api/games/{game['id']}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.json["totals"]["Ann"] == 10
    assert changed.headers["ETag"] != etag


def test_a_recorded_hand_says_where_its_game_is(api: Api) -> None:
    """API.md: a write answers with the game's address in Location, for a script to read it."""
    game = api.create("block", ["Margaret", "Christopher", "María José"])
    response = api.post_hand(
        game["id"],
        {"pips": {"Margaret": 0, "Christopher": 7, "María José": 5}, "domino": "Margaret"},
    )
    assert response.status_code == 201
    assert response.headers["Location"] == f"/api/games/{game['id']}"
    shown = api.client.get(response.headers["Location"])
    assert shown.json["hands"][0]["scores"]["Margaret"] == 12
