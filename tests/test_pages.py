"""The phone pages through the test client: forms, one-time keys, refusals that keep what was typed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper import create_app


@pytest.fixture
def app(tmp_path: Any) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": tmp_path / "x.db",
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT_BURST": 0,
        }
    )


def start(client: FlaskClient, ruleset: str, players: list[str], **fields: str) -> str:
    data = {f"player-{i}": name for i, name in enumerate(players, start=1)} | fields
    response = client.post(f"/new/{ruleset}", data=data)
    assert response.status_code == 303, response.get_data(True)
    return response.headers["Location"].rsplit("/", 1)[1]


def hands(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    return client.get(f"/api/games/{game_id}").json["hands"]  # type: ignore[index]


def errors(response: Any) -> list[str]:
    return re.findall(r'class="field-error"[^>]*>([^<]*)<', response.get_data(True))


def test_a_double_tap_records_one_hand(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob"])
    form = {"domino": "Ann", "pips-1": "12", "version": "1", "key": "one-time"}
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert len(hands(client, game)) == 1


def test_forms_without_a_key_are_each_recorded(client: FlaskClient) -> None:
    """A form posted without its one-time key is still one hand each, never silently merged."""
    game = start(client, "block", ["Ann", "Bob"])
    client.post(f"/games/{game}/hands", data={"domino": "Ann", "pips-1": "12"})
    client.post(f"/games/{game}/hands", data={"domino": "Bob", "pips-0": "5"})
    assert [h["scores"] for h in hands(client, game)] == [
        {"Ann": 12, "Bob": 0},
        {"Ann": 0, "Bob": 5},
    ]


def test_a_refused_hand_keeps_what_was_typed_and_says_why(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob", "Cy"])
    response = client.post(
        f"/games/{game}/hands", data={"domino": "Cy", "pips-0": "3", "pips-2": "4", "key": "k"}
    )
    assert response.status_code == 422
    assert errors(response) == ["Cy dominoed, so Cy has 0 pips left, not 4"]
    page = response.get_data(True)
    assert 'name="pips-0" value="3"' in page and 'name="pips-2" value="4"' in page
    assert hands(client, game) == []


def test_picked_tiles_and_typed_pips_are_not_mixed(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob", "Cy"])
    response = client.post(
        f"/games/{game}/hands", data={"domino": "Ann", "tiles-1": "6-6", "pips-2": "7", "key": "k"}
    )
    assert response.status_code == 422
    assert "pick Cy's tiles too" in errors(response)[0].replace("&#39;", "'")
    assert hands(client, game) == []


def test_names_with_html_show_as_text(client: FlaskClient) -> None:
    game = start(client, "block", ["<script>x</script>", "Bob"])
    page = client.get(f"/games/{game}").get_data(True)
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_new_game_refusal_names_the_problem(client: FlaskClient) -> None:
    response = client.post("/new/block", data={"player-1": "Ann", "player-2": "ann"})
    assert response.status_code == 422
    assert "named twice" in response.get_data(True)


def test_house_rules_on_the_form_become_the_games_options(client: FlaskClient) -> None:
    game = start(
        client, "draw", ["Ann", "Bob"], **{"option-target": "150", "option-scoring": "difference"}
    )
    options = client.get(f"/api/games/{game}").json["options"]  # type: ignore[index]
    assert options["target"] == 150 and options["scoring"] == "difference"


def test_a_play_that_ends_the_game_can_still_be_undone(client: FlaskClient) -> None:
    game = start(client, "muggins", ["Ann", "Bob"], **{"option-target": "20"})
    version = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    for ends in (["5-5"], ["5-5", "5", "5"]):
        data = MultiDict(
            [("player", "Ann"), ("version", str(version)), *(("end", e) for e in ends)]
        )
        assert client.post(f"/games/{game}/plays", data=data).status_code == 303
        version = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    shown = client.get(f"/api/games/{game}").json
    assert shown["status"] == "finished", shown
    page = client.get(f"/games/{game}").get_data(True)
    assert "Undo play 2" in page
    client.post(f"/games/{game}/plays/undo", data={"version": str(version)})
    assert client.get(f"/api/games/{game}").json["status"] == "in_progress"  # type: ignore[index]


def test_a_game_started_on_a_page_can_join_a_league_this_phone_manages(client: FlaskClient) -> None:
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    assert client.get("/new/block").get_data(True).count('name="league"') == 0
    client.get(f"/leagues/{league['slug']}/admin/{league['league_token']}")
    assert "Thursday Club" in client.get("/new/block").get_data(True)
    game = start(client, "block", ["Ann", "Bob"], league=league["slug"])
    assert client.get(f"/api/games/{game}").json["league"] == league["slug"]  # type: ignore[index]


def test_a_league_this_phone_does_not_manage_is_refused(client: FlaskClient) -> None:
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    response = client.post(
        "/new/block", data={"player-1": "Ann", "player-2": "Bob", "league": league["slug"]}
    )
    assert response.status_code == 403
    assert "league" in response.get_data(True)


def test_a_long_game_shows_its_newest_hands_and_the_rest_on_request(client: FlaskClient) -> None:
    """The scorer's page is loaded after every hand: it must not grow without end."""
    # 10 + 20 + … + 120 = 780: past the usual 100, so only a game to 1000 is still going.
    game = start(client, "block", ["Ann", "Bob"], **{"option-target": "1000"})
    assert client.get(f"/api/games/{game}").json["options"]["target"] == 1000  # type: ignore[index]
    for n in range(1, 13):
        form = {"domino": "Ann", "pips-1": str(10 * n), "version": str(n)}
        assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert client.get(f"/api/games/{game}").json["status"] == "in_progress"  # type: ignore[index]

    page = client.get(f"/games/{game}").get_data(as_text=True)
    shown = [int(n) for n in re.findall(r'id="hand-(\d+)"', page)]
    assert shown == list(range(12, 2, -1))
    newest = page[page.index('id="hand-12"') : page.index('id="hand-11"')]
    assert "<li>Ann dominoed" in newest  # each hand shown comes with its explanation
    link = re.search(r'<a class="button secondary" href="([^"]+)">Show hands 1 to 2 too</a>', page)
    assert link is not None
    total = re.search(r'class="points">(\d+)<', page)
    assert total is not None and total.group(1) == "780"  # every hand counts

    everything = client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert [int(n) for n in re.findall(r'id="hand-(\d+)"', everything)] == list(range(12, 0, -1))
    assert "Show hands 1 to" not in everything


def test_a_form_from_a_page_loaded_before_another_phones_hand_is_refused(
    client: FlaskClient,
) -> None:
    """A hand or a correction entered on a page that is out of date is refused with a
    sentence and changes nothing; the phone sees the game as it is now."""
    game = start(client, "block", ["Ann", "Bob"])
    loaded = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    first = {"domino": "Ann", "pips-1": "12", "version": str(loaded)}
    assert client.post(f"/games/{game}/hands", data=first).status_code == 303
    before = hands(client, game)

    stale_hand = {"domino": "Bob", "pips-0": "9", "version": str(loaded)}
    refused = client.post(f"/games/{game}/hands", data=stale_hand)
    assert refused.status_code == 409
    assert "changed on another phone" in refused.get_data(True)
    stale_fix = {"domino": "Ann", "pips-1": "30", "version": str(loaded)}
    refused = client.post(f"/games/{game}/hands/1", data=stale_fix)
    assert refused.status_code == 409
    assert "changed on another phone" in refused.get_data(True)
    assert hands(client, game) == before
