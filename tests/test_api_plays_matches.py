"""Muggins plays posted live, the muggins-call checker, rematches and Moon's best-of-three match."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.conftest import Api


def post_play(api: Api, game_id: str, play: dict[str, Any]) -> Any:
    return api.client.post(f"/api/games/{game_id}/plays", json=play, headers=api.headers(game_id))


def test_live_plays_count_in_the_totals_at_once(api: Api) -> None:
    """SCORING.md Muggins / API.md: plays posted live belong to the hand in progress and count at once."""
    game = api.create("muggins", ["Ann", "Bob"])
    first = post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]})
    assert first.status_code == 201
    assert first.json["totals"] == {"Ann": 10, "Bob": 0}
    post_play(api, game["id"], {"player": "Bob", "ends": ["5-5", 5]})
    shown = api.game(game["id"])
    assert shown["totals"] == {"Ann": 10, "Bob": 15}
    assert shown["hands"] == []
    assert [p["player"] for p in shown["hand_in_progress"]["plays"]] == ["Ann", "Bob"]
    assert "Bob: ends 5-5 + 5 = 15, scores 15" in shown["hand_in_progress"]["explanation"]


def test_the_hand_closes_with_the_live_plays_in_it(api: Api) -> None:
    game = api.create("muggins", ["Ann", "Bob"])
    post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]})
    result = api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    # 10 from the play, then Bob's 12 rounded to 10 for Ann going out.
    assert result["hand"]["scores"] == {"Ann": 20, "Bob": 0}
    assert result["hand"]["entry"]["plays"] == [{"player": "Ann", "ends": ["5-5"]}]
    shown = api.game(game["id"])
    assert shown["hand_in_progress"] is None and shown["totals"] == {"Ann": 20, "Bob": 0}


def test_a_live_play_reaching_the_target_ends_the_game(api: Api) -> None:
    """SCORING.md Muggins: the game ends the moment a side reaches the target."""
    game = api.create("muggins", ["Ann", "Bob"], options={"target": 20})
    post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]})
    ending = post_play(api, game["id"], {"player": "Ann", "ends": ["5-5", 5, 5]})
    assert ending.json["status"] == "finished" and ending.json["winners"] == ["Ann"]
    refused = post_play(api, game["id"], {"player": "Bob", "ends": [5, 5]})
    assert refused.status_code == 409


def test_a_bad_play_is_refused_and_stores_nothing(api: Api) -> None:
    game = api.create("muggins", ["Ann", "Bob"])
    refused = post_play(api, game["id"], {"player": "Zed", "ends": [5, 5]})
    assert refused.status_code == 422 and "Zed" in refused.json["error"]
    assert api.game(game["id"])["hand_in_progress"] is None
    assert api.game(game["id"])["version"] == game["version"]


def test_undo_a_live_play(api: Api) -> None:
    game = api.create("muggins", ["Ann", "Bob"])
    post_play(api, game["id"], {"player": "Ann", "ends": ["5-5"]})
    url = f"/api/games/{game['id']}/plays"
    undone = api.client.delete(url, headers=api.headers(game["id"]))
    assert undone.status_code == 200 and undone.json["totals"] == {"Ann": 0, "Bob": 0}
    assert api.client.delete(url, headers=api.headers(game["id"])).status_code == 409


def test_plays_are_only_for_muggins(api: Api) -> None:
    game = api.create("block", ["Ann", "Bob"])
    refused = post_play(api, game["id"], {"player": "Ann", "ends": [5]})
    assert refused.status_code == 422 and "one at a time" in refused.json["error"]


def test_plays_need_the_scorer_token(api: Api) -> None:
    game = api.create("muggins", ["Ann", "Bob"])
    response = api.client.post(
        f"/api/games/{game['id']}/plays", json={"player": "Ann", "ends": ["5-5"]}
    )
    assert response.status_code == 403


def test_muggins_checker_counts_the_ends(client: FlaskClient) -> None:
    """API.md: {"ends": [4, "6-6", 1]} counts 17 and scores 0."""
    response = client.post("/api/muggins/check", json={"ends": [4, "6-6", 1]})
    assert response.status_code == 200
    assert (response.json["count"], response.json["points"]) == (17, 0)


def test_muggins_checker_says_whether_a_call_stands(client: FlaskClient) -> None:
    """SCORING.md Muggins: an under-claimed score goes to the player who calls muggins."""
    under = client.post("/api/muggins/check", json={"ends": [5, "5-5", 5], "claimed": 15}).json
    assert under["points"] == 20 and under["muggins"] is True
    assert "muggins!" in under["explanation"]
    right = client.post("/api/muggins/check", json={"ends": [5, "5-5", 5], "claimed": 20}).json
    assert right["muggins"] is False


def test_muggins_checker_refuses_what_is_not_a_layout(client: FlaskClient) -> None:
    for body in (
        {"ends": [5, "5-4"]},
        {"ends": []},
        {"ends": [7, 3]},
        {"ends": "5,5"},
        {"ends": [5, 5], "set": {}},
        {"ends": [5, 5], "claimed": -5},
    ):
        response = client.post("/api/muggins/check", json=body)
        assert response.status_code == 422, body
        assert response.json["error"]


def test_rematch_keeps_players_and_options_and_moves_the_deal_on(api: Api) -> None:
    game = api.create("block", ["Ann", "Bob", "Cy"], options={"target": 10})
    api.hand(game["id"], {"pips": {"Ann": 4, "Bob": 0, "Cy": 8}, "domino": "Bob"})
    response = api.client.post(f"/api/games/{game['id']}/next", headers=api.headers(game["id"]))
    assert response.status_code == 201
    rematch = response.json
    assert rematch["players"] == ["Ann", "Bob", "Cy"] and rematch["options"]["target"] == 10
    # One hand was dealt by Ann, so Bob deals first in the rematch.
    assert rematch["next"]["dealer"] == "Bob"
    api.tokens[rematch["id"]] = api.tokens[game["id"]]  # the scorer of a game scores its rematch
    assert api.hand(rematch["id"], {"pips": {"Ann": 0, "Bob": 3, "Cy": 8}, "domino": "Ann"})
    assert api.game(rematch["id"])["hands"][0]["dealer"] == "Bob"


def test_next_game_only_once_and_only_when_finished(api: Api) -> None:
    game = api.create("block", ["Ann", "Bob"], options={"target": 10})
    url = f"/api/games/{game['id']}/next"
    assert api.client.post(url, headers=api.headers(game["id"])).status_code == 409
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    assert api.client.post(url, headers=api.headers(game["id"])).status_code == 201
    again = api.client.post(url, headers=api.headers(game["id"]))
    assert again.status_code == 409 and "already" in again.json["error"]


def moon_win(api: Api, game_id: str, bidder: str, team: str, other: str) -> dict[str, Any]:
    return api.hand(game_id, {"bidder": bidder, "bid": 21, "tricks": {team: 7, other: 0}})


def test_four_player_moon_is_a_best_of_three_match(api: Api) -> None:
    """SCORING.md Moon: with 4 players, a match is best two of three games."""
    us, them = "Us", "Them"
    first = api.create("moon", ["Ann", "Bob", "Cy", "Dee"], team_names=[us, them])
    assert api.game(first["id"])["match"] == {
        "id": first["id"],
        "game": 1,
        "best_of": 3,
        "score": {us: 0, them: 0},
        "winner": None,
    }
    moon_win(api, first["id"], "Ann", us, them)
    second = api.client.post(
        f"/api/games/{first['id']}/next", headers=api.headers(first["id"])
    ).json
    api.tokens[second["id"]] = api.tokens[first["id"]]
    assert second["match"]["game"] == 2 and second["match"]["score"] == {us: 1, them: 0}
    moon_win(api, second["id"], "Bob", them, us)
    third = api.client.post(
        f"/api/games/{second['id']}/next", headers=api.headers(second["id"])
    ).json
    api.tokens[third["id"]] = api.tokens[first["id"]]
    moon_win(api, third["id"], "Cy", us, them)
    assert api.game(third["id"])["match"]["score"] == {us: 2, them: 1}
    assert api.game(third["id"])["match"]["winner"] == us
    fresh = api.client.post(f"/api/games/{third['id']}/next", headers=api.headers(third["id"])).json
    assert fresh["match"]["game"] == 1 and fresh["match"]["score"] == {us: 0, them: 0}


def test_three_player_moon_has_no_match(api: Api) -> None:
    game = api.create("moon", ["Ann", "Bob", "Cy"])
    assert game["match"] is None
