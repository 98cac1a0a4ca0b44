"""Names per shared/SCORING.md: NFC, visible, no hidden characters, 40 of what a person sees."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import Api


def create(client: FlaskClient, players: list[str], **fields: Any) -> Any:
    return client.post("/api/games", json={"ruleset": "block", "players": players, **fields})


@pytest.mark.parametrize(
    "name",
    [
        "\u200b",  # zero-width space alone
        "\u3164",  # Hangul filler
        "\u115f\u1160",  # Hangul choseong and jungseong fillers
        "\u2800",  # Braille blank
        "A\u200bnn",  # zero-width space inside a visible name
        "Ann\u202e",  # right-to-left override
        "\u2066Bob\u2069",  # isolates
        "Cy\u0007",  # bell
        "Dee\x00",  # NUL
        "Eve\ufeff",  # byte order mark
        "\u200dAnn",  # a joiner with nothing before it
        "\u0301\u0301",  # marks with no letter
        "e" + "\u0301" * 30,  # marks stacked far past any letter's
    ],
)
def test_hidden_or_invisible_names_are_refused(client: FlaskClient, name: str) -> None:
    response = create(client, ["Ann", name, "Cy"] if name.strip() else ["Ann", name])
    assert response.status_code == 422, response.json
    assert response.json["field"] == "players"
    assert response.json["error"]


@pytest.mark.parametrize(
    "name",
    [
        "María José",
        "👨\u200d👩\u200d👧\u200d👦",  # a family: four people and three joiners
        "👍🏽",  # a skin tone
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland's flag
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian, with a non-joiner
        "क्षत्रिय",  # Devanagari: clusters of several code points
        "Zoë",
        "李小龍",
    ],
)
def test_names_as_people_have_them_are_kept(api: Api, name: str) -> None:
    game = api.create("block", ["Ann", name])
    assert game["players"][1] == unicodedata.normalize("NFC", name)


def test_names_are_stored_in_nfc_and_jose_typed_two_ways_is_one_player(client: FlaskClient) -> None:
    nfd = unicodedata.normalize("NFD", "José")
    game = create(client, ["Ann", nfd]).json
    assert game["players"][1] == "José" and len(game["players"][1]) == 4
    twice = create(client, ["José", nfd])
    assert twice.status_code == 422 and "named twice" in twice.json["error"]


def test_a_name_with_a_joiner_is_the_same_as_without(client: FlaskClient) -> None:
    twice = create(client, ["Ann", "A\u200dnn"])
    assert twice.status_code == 422 and "named twice" in twice.json["error"]


def test_the_limit_counts_what_a_person_sees(client: FlaskClient) -> None:
    accented = unicodedata.normalize("NFD", "é") * 40  # 80 code points, 40 letters
    assert create(client, ["Ann", accented]).status_code == 201
    families = "👨\u200d👩\u200d👧" * 40  # 200 code points, 40 people's signs
    assert create(client, ["Ann", families]).status_code == 201
    refused = create(client, ["Ann", "x" * 41])
    assert refused.status_code == 422 and "at most 40" in refused.json["error"]
    # One letter and 39 combining marks is one character, not forty: and it is refused,
    # as marks stacked over the neighbours, not let through by a code point count.
    assert create(client, ["Ann", "a" + "\u0301" * 39]).status_code == 422


def test_team_league_and_season_names_follow_the_same_rules(client: FlaskClient) -> None:
    players = ["Ann", "Bob", "Cy", "Dee"]
    teams = create(client, players, partnerships=True, team_names=["Us", "\u202eThem"])
    assert teams.status_code == 422 and teams.json["field"] == "team_names"
    assert client.post("/api/leagues", json={"name": "\u3164"}).status_code == 422
    league = client.post("/api/leagues", json={"name": unicodedata.normalize("NFD", "Café Club")})
    assert league.status_code == 201 and league.json["name"] == "Café Club"
    season = client.post(
        f"/api/leagues/{league.json['slug']}/seasons",
        json={"name": "Spring\u200b", "starts_on": "2026-03-01", "ends_on": "2026-05-31"},
        headers={"X-League-Token": league.json["league_token"]},
    )
    assert season.status_code == 422 and season.json["field"] == "name"


def test_jose_typed_two_ways_is_one_row_of_the_standings(client: FlaskClient, api: Api) -> None:
    league = client.post("/api/leagues", json={"name": "Club"}).json
    headers = {"X-League-Token": league["league_token"]}
    for spelling in ("José", unicodedata.normalize("NFD", "José")):
        game = client.post(
            "/api/games",
            json={
                "ruleset": "block",
                "players": [spelling, "Bob"],
                "options": {"target": 10},
                "league": league["slug"],
            },
            headers=headers,
        ).json
        api.tokens[game["id"]] = game["scorer_token"]
        api.hand(game["id"], {"pips": {"José": 0, "Bob": 12}, "domino": "José"})
    rows = client.get(f"/api/leagues/{league['slug']}/standings").json["rows"]
    assert [(r["player"], r["played"]) for r in rows if r["player"] != "Bob"] == [("José", 2)]


def test_an_entry_may_name_a_player_in_either_spelling(api: Api) -> None:
    game = api.create("block", ["José", "Bob"])
    nfd = unicodedata.normalize("NFD", "José")
    result = api.hand(game["id"], {"pips": {nfd: 0, "Bob": 12}, "domino": nfd})
    assert result["totals"] == {"José": 12, "Bob": 0}
