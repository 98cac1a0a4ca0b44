"""Bad input of the shapes that once gave a 500 is now a 4xx with a sentence, and changes nothing.

Each case here was a 500 on the real server (issue 14): Python's limit on converting long
numbers, its recursion limit, `isdigit()` accepting "²", a lone surrogate reaching SQLite.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.conftest import Api
from tests.test_fuzz import database_dump

HUGE = "9" * 5000
THREE = ["Ann", "Bob", "Cy"]


@pytest.fixture
def app(database: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT_BURST": 0,
        }
    )


def refused(response: Any, *statuses: int) -> str:
    """The response's sentence, after checking it is one of the expected refusals."""
    text = response.get_data(as_text=True)
    assert response.status_code in statuses, (response.status_code, text[:300])
    if response.is_json:
        assert response.json["error"]
        return str(response.json["error"])
    assert "<h1" in text or "field-error" in text or 'class="error' in text, text[:300]
    return text


def raw_post(api: Api, path: str, body: str, game_id: str | None = None) -> Any:
    headers = api.headers(game_id) if game_id else {}
    return api.client.post(path, data=body, content_type="application/json", headers=headers)


@pytest.mark.parametrize(
    "body",
    [
        '{"pips": {"Ann": 0, "Bob": ' + HUGE + ', "Cy": 1}, "domino": "Ann"}',
        "[" * 1200 + "]" * 1200,
        '{"pips": ' + "[" * 900 + "]" * 900 + "}",
        '{"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "\\ud800"}',
        '{"pips": {"\\udfff": 1}}',
    ],
    ids=["5000-digit number", "1200 levels", "900 levels", "lone surrogate", "surrogate key"],
)
def test_malformed_hands_are_refused_in_words(api: Api, database: Path, body: str) -> None:
    game = api.create("block", THREE)
    before = database_dump(database)
    refused(raw_post(api, f"/api/games/{game['id']}/hands", body, game["id"]), 400, 422)
    assert database_dump(database) == before


@pytest.mark.parametrize("levels", [15, 16, 17])
def test_nesting_is_refused_from_one_level_past_the_limit(
    api: Api, database: Path, levels: int
) -> None:
    """A body nested `levels` deep (an object holding lists): 16 levels still reach the
    rules, which refuse the pips in their own words; 17 are refused as too deep. Neither
    changes anything."""
    game = api.create("block", THREE)
    before = database_dump(database)
    body = '{"pips": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}"
    said = refused(raw_post(api, f"/api/games/{game['id']}/hands", body, game["id"]), 400, 422)
    too_deep = "nested far deeper than any real entry" in said
    assert too_deep == (levels > 16), said
    assert database_dump(database) == before


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/games", '{"ruleset": "block", "players": ["Ann", "B\\ud800b", "Cy"]}'),
        (
            "/api/games",
            '{"ruleset": "block", "players": ["Ann", "Bob"], "options": {"target": ' + HUGE + "}}",
        ),
        ("/api/leagues", '{"name": "Club \\udc00"}'),
        ("/api/muggins/check", '{"ends": [' + HUGE + "]}"),
    ],
    ids=["surrogate player", "huge option", "surrogate league", "huge end"],
)
def test_malformed_creates_are_refused_in_words(
    api: Api, database: Path, path: str, body: str
) -> None:
    before = database_dump(database)
    refused(raw_post(api, path, body), 400, 422)
    assert database_dump(database) == before


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The JSON body was refused: it is not JSON (line 2, column 20)."),
        ("es", "Se rechazó el cuerpo JSON: no es JSON (línea 2, columna 20)."),
    ],
)
def test_a_body_that_is_not_json_is_refused_with_where_it_goes_wrong(
    api: Api, database: Path, language: str, said: str
) -> None:
    """Every route that takes JSON says where the body stops being JSON (a comma missing
    between two players here), not an example of one route's body."""
    before = database_dump(database)
    body = '{"ruleset": "block",\n "players": ["Ann" "Bob"]}'
    for path in ("/api/games", "/api/leagues"):
        answer = api.client.post(
            path, data=body, content_type="application/json", headers={"Accept-Language": language}
        )
        assert (answer.status_code, answer.json) == (400, {"error": said})
    answer = api.client.post(
        "/api/leagues", data=b'{"name": "Caf\xe9"}', content_type="application/json"
    )
    assert (answer.status_code, answer.json) == (
        400,
        {"error": "The JSON body was refused: it is not text in UTF-8."},
    )
    assert database_dump(database) == before


def test_a_surrogate_season_name_is_refused(client: FlaskClient, database: Path) -> None:
    league = client.post("/api/leagues", json={"name": "Club"}).json or {}
    before = database_dump(database)
    response = client.post(
        f"/api/leagues/{league['slug']}/seasons",
        data='{"name": "\\ud83d", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}',
        content_type="application/json",
        headers={"X-League-Token": league["league_token"]},
    )
    refused(response, 400)
    assert database_dump(database) == before


@pytest.mark.parametrize("version", ["²", "٣", HUGE, "-1", "1.0", ""])
def test_if_match_that_is_no_version_is_a_400(api: Api, version: str) -> None:
    game = api.create("block", THREE)
    response = api.post_hand(
        game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}}, **{"If-Match": version}
    )
    assert "If-Match" in refused(response, 400)
    assert api.game(game["id"])["hands"] == []


def start(client: FlaskClient) -> str:
    data = {"player-1": "Ann", "player-2": "Bob", "player-3": "Cy"}
    response = client.post("/new/block", data=data)
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.mark.parametrize(
    "form",
    [
        {"domino": "Ann", "pips-1": "--5", "pips-2": "3"},
        {"domino": "Ann", "pips-1": HUGE, "pips-2": "3"},
        {"domino": "Ann", "pips-1": "²", "pips-2": "3"},
        {"domino": "Ann", "pips-1": "5", "pips-2": "3", "version": "²"},
        {"domino": "Ann", "pips-1": "5", "pips-2": "3", "version": HUGE},
    ],
    ids=["double minus", "5000 digits", "superscript", "version ²", "huge version"],
)
def test_page_forms_refuse_bad_numbers_and_keep_the_hand(
    client: FlaskClient, database: Path, form: dict[str, str]
) -> None:
    game = start(client)
    before = database_dump(database)
    response = client.post(f"/games/{game}/hands", data=form)
    if "version" in form:
        # No version given is no version checked: the hand is good and is recorded once.
        assert response.status_code == 303
        return
    refused(response, 422)
    assert f'value="{form["pips-1"][:50]}' in response.get_data(as_text=True)
    assert database_dump(database) == before


@pytest.mark.parametrize(
    "query",
    [{"end": HUGE}, {"end": ["5", "²"]}, {"end": "5", "claimed": HUGE}, {"end": "--5"}],
)
def test_the_checker_page_refuses_bad_numbers(client: FlaskClient, query: dict[str, Any]) -> None:
    response = client.get("/muggins", query_string=query)
    assert response.status_code == 200
    said = re.findall(r'class="flash flash-error" role="alert">([^<]+)<', response.get_data(True))
    assert len(said) == 1 and len(said[0]) < 200, said


def test_new_game_options_of_5000_digits_are_refused(client: FlaskClient, database: Path) -> None:
    before = database_dump(database)
    data = {"player-1": "Ann", "player-2": "Bob", "option-target": HUGE}
    refused(client.post("/new/block", data=data), 422)
    assert database_dump(database) == before


def test_undo_with_a_bad_hand_number_is_a_404(client: FlaskClient) -> None:
    game = start(client)
    response = client.post(f"/games/{game}/undo", data={"number": "²"})
    refused(response, 404, 409)


@pytest.mark.parametrize(
    "host", ["a..b", "scorekeeper." + "x" * 64, "y" * 300], ids=["empty part", "64 letters", "300"]
)
def test_a_host_that_no_name_can_be_is_refused_in_words(
    client: FlaskClient, database: Path, host: str
) -> None:
    """A Host header no name can be (as only a hand-made request sends) was a 500: the refusal
    page could not build its links. Now it is the page's "could not be read", in the phone's
    language, and nothing is written."""
    before = database_dump(database)
    page = client.get("/", headers={"Host": host, "Accept-Language": "es"})
    assert "No se pudo leer esa petición" in refused(page, 400)
    created = client.post(
        "/api/games", json={"ruleset": "block", "players": THREE}, headers={"Host": host}
    )
    assert refused(created, 400) == "That request could not be read. Reload the page and try again."
    assert database_dump(database) == before
    assert client.get("/", headers={"Host": "club.example"}).status_code == 200


@pytest.mark.parametrize(
    ("sent", "repeated"),
    [("Zed\x00", "Zed�"), ("Ann\u202eX", "Ann�X"), ("Q" * 3000, "Q" * 40 + "…")],
    ids=["NUL", "direction override", "3000 letters"],
)
def test_a_refusal_repeats_what_was_sent_as_a_readable_line(
    client: FlaskClient, api: Api, database: Path, sent: str, repeated: str
) -> None:
    """A refusal that names what it did not know (an address's league, a field, a player)
    repeats it as a person can read it: a control character that hides or turns what follows
    shows as "�", and a page-long name as its start. Nothing is written."""
    league = client.post("/api/leagues", json={"name": "Club"}).json or {}
    as_league = {"X-League-Token": league["league_token"]}
    nights = f"/api/leagues/{league['slug']}/nights"
    assert client.post(nights, json={"ruleset": "moon"}, headers=as_league).status_code == 201
    game = api.create("muggins", THREE)
    before = database_dump(database)
    said = {
        "league page": refused(client.get(f"/leagues/{quote(sent)}"), 404),
        "league": refused(client.get(f"/api/leagues/{quote(sent)}"), 404),
        "season": refused(
            client.get(f"/leagues/{league['slug']}", query_string={"season": sent}), 404
        ),
        "check-in": refused(
            client.post(f"{nights}/1/players", json={sent: ["Ann"]}, headers=as_league), 422
        ),
        "hand": refused(api.post_hand(game["id"], {"pips": {}, sent: 1}), 422),
        "play": refused(
            api.client.post(
                f"/api/games/{game['id']}/plays",
                json={"player": "Ann", "ends": [5], sent: 1},
                headers=api.headers(game["id"]),
            ),
            422,
        ),
        "player": refused(
            api.post_hand(game["id"], {"pips": {"Ann": 0, "Bob": 4, "Cy": 9}, "domino": sent}), 422
        ),
        "league's player": refused(
            client.get(f"/leagues/{league['slug']}/players/{quote(sent)}"), 404
        ),
        "game": refused(
            client.post("/api/games", json={"ruleset": sent, "players": THREE}), 400, 422
        ),
        "standings' game": refused(
            client.get(f"/api/leagues/{league['slug']}/standings", query_string={"ruleset": sent}),
            422,
        ),
        "checker's tile": refused(client.get("/muggins", query_string={"end": sent}), 200),
    }
    for where, text in said.items():
        if text.startswith("<!doctype"):  # a page: its sentence, not the links that carry the query
            text = text[text.index("<main") : text.index("</main>")]
        assert repeated in text, (where, text[:300])
        assert sent not in text, where
    assert database_dump(database) == before
