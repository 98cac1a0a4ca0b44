"""Scorer and league rights: a new link stops every older one, and nothing wins a lost right back.

A rematch is scored by the same link as its game, so a new scorer link made on any game of
a rematch chain stops the older link on every game of the chain (shared/API.md); a league's
admin link can be replaced the same way.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import Api

PLAYERS = ["Ann", "Bob"]
WIN = {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"}


@pytest.fixture
def app(database: Any) -> Flask:
    from scorekeeper import create_app

    return create_app(
        {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t", "RATE_LIMIT_BURST": 0}
    )


def csrf_token(html: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, "the page has no form"
    return found.group(1)


def phone_with_link(app: Flask, game_id: str, token: str) -> FlaskClient:
    phone = app.test_client()
    assert phone.get(f"/games/{game_id}/join/{token}").status_code == 303
    return phone


def rematch(api: Api, game_id: str, token: str) -> dict[str, Any]:
    response = api.client.post(f"/api/games/{game_id}/next", headers={"X-Scorer-Token": token})
    assert response.status_code == 201, response.json
    body: dict[str, Any] = response.json  # type: ignore[assignment]
    return body


def chain(api: Api) -> tuple[str, str, str, str]:
    """Games A → B → C, each a rematch of the one before; returns their ids and the token."""
    a = api.create("draw", PLAYERS, options={"target": 10})
    token = a["scorer_token"]
    api.hand(a["id"], WIN)
    b = rematch(api, a["id"], token)
    api.tokens[b["id"]] = token
    api.hand(b["id"], WIN)
    c = rematch(api, b["id"], token)
    return a["id"], b["id"], c["id"], token


def writes(api: Api, game_id: str, token: str) -> int:
    api.tokens[game_id] = token
    return int(api.post_hand(game_id, {"pips": {"Ann": 0, "Bob": 3}, "domino": "Ann"}).status_code)


@pytest.mark.parametrize("rotated_on", [0, 1, 2], ids=["first", "middle", "last"])
def test_a_new_scorer_link_on_any_game_stops_the_old_one_on_the_whole_chain(
    app: Flask, api: Api, rotated_on: int
) -> None:
    games = chain(api)
    old = games[3]
    phone = phone_with_link(app, games[rotated_on], old)
    share = phone.get(f"/games/{games[rotated_on]}/share").text
    rotated = phone.post(
        f"/games/{games[rotated_on]}/rotate", data={"csrf_token": csrf_token(share)}
    )
    assert rotated.status_code == 303
    # The old token writes nowhere on the chain, by API or by link.
    assert writes(api, games[2], old) == 403
    for game_id in games[:3]:
        assert api.client.get(f"/games/{game_id}/join/{old}").status_code == 403
        api.tokens[game_id] = old
        assert (
            api.client.post(f"/api/games/{game_id}/next", headers=api.headers(game_id)).status_code
            == 403
        )
    # The phone that made the new link scores the rest of the chain.
    scorer_page = phone.get(f"/games/{games[2]}").text
    assert f'action="/games/{games[2]}/hands#refusal"' in scorer_page


def test_a_phone_thrown_off_cannot_regain_the_right_through_rematch(app: Flask, api: Api) -> None:
    a = api.create("draw", PLAYERS, options={"target": 10})
    old = a["scorer_token"]
    api.hand(a["id"], WIN)
    thrown_off = phone_with_link(app, a["id"], old)
    stale = thrown_off.get(f"/games/{a['id']}").text  # its Rematch button, CSRF token and all

    b = rematch(api, a["id"], old)
    keeper = phone_with_link(app, b["id"], old)
    share = keeper.get(f"/games/{b['id']}/share").text
    assert (
        keeper.post(f"/games/{b['id']}/rotate", data={"csrf_token": csrf_token(share)}).status_code
        == 303
    )

    # "Rematch" on A lands on B (already started) only for a phone that may score A.
    pressed = thrown_off.post(f"/games/{a['id']}/next", data={"csrf_token": csrf_token(stale)})
    assert pressed.status_code == 403
    b_page = thrown_off.get(f"/games/{b['id']}").text
    assert f'action="/games/{b["id"]}/hands#refusal"' not in b_page
    assert writes(api, b["id"], old) == 403
    assert writes(api, a["id"], old) == 403


def test_a_rematch_after_a_new_link_is_scored_by_the_new_link_only(app: Flask, api: Api) -> None:
    a = api.create("draw", PLAYERS, options={"target": 10})
    old = a["scorer_token"]
    api.hand(a["id"], WIN)
    phone = phone_with_link(app, a["id"], old)
    share = phone.get(f"/games/{a['id']}/share").text
    phone.post(f"/games/{a['id']}/rotate", data={"csrf_token": csrf_token(share)})
    page = phone.get(f"/games/{a['id']}").text
    started = phone.post(f"/games/{a['id']}/next", data={"csrf_token": csrf_token(page)})
    assert started.status_code == 303
    b_id = started.headers["Location"].rsplit("/", 1)[1]
    assert writes(api, b_id, old) == 403
    assert f'action="/games/{b_id}/hands#refusal"' in phone.get(f"/games/{b_id}").text


def new_league(client: FlaskClient) -> tuple[str, str]:
    body = client.post("/api/leagues", json={"name": "Thursday Club"}).json or {}
    return body["slug"], body["league_token"]


def test_a_league_admin_link_can_be_replaced(app: Flask, client: FlaskClient) -> None:
    slug, old = new_league(client)
    organiser, other = app.test_client(), app.test_client()
    for phone in (organiser, other):
        assert phone.get(f"/leagues/{slug}/admin/{old}").status_code == 303
    manage = organiser.get(f"/leagues/{slug}/manage").text
    assert "Make a new admin link" in manage
    replaced = organiser.post(
        f"/leagues/{slug}/admin-link", data={"csrf_token": csrf_token(manage)}
    )
    assert replaced.status_code == 303
    assert organiser.get(f"/leagues/{slug}/manage").status_code == 200
    # The old link, the phone that opened it, and the old token in scripts: all stopped.
    assert other.get(f"/leagues/{slug}/manage").status_code == 403
    assert app.test_client().get(f"/leagues/{slug}/admin/{old}").status_code == 403
    season = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    refused = client.post(
        f"/api/leagues/{slug}/seasons", json=season, headers={"X-League-Token": old}
    )
    assert refused.status_code == 403


def test_a_league_token_can_be_replaced_by_api(client: FlaskClient) -> None:
    slug, old = new_league(client)
    response = client.post(f"/api/leagues/{slug}/token", headers={"X-League-Token": old})
    assert response.status_code == 201
    new = response.json["league_token"]  # type: ignore[index]
    assert new != old and response.json["admin_url"].endswith(f"/admin/{new}")  # type: ignore[index]
    assert (
        client.post(f"/api/leagues/{slug}/token", headers={"X-League-Token": old}).status_code
        == 403
    )
    season = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    made = client.post(f"/api/leagues/{slug}/seasons", json=season, headers={"X-League-Token": new})
    assert made.status_code == 201
