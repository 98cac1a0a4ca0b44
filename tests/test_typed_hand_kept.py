"""A hand typed at the table is never lost: not to an old form, not to a replaced scorer link.

These run with CSRF on, as served: the token is read from the page like a browser would.
"""

from __future__ import annotations

import html
import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.store import get_db
from tests.conftest import Api

TWO_HOURS = 2 * 60 * 60


def form_token(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found is not None, "the hand form carries a CSRF token"
    return found.group(1)


def joined_scorer(client: FlaskClient, api: Api, players: list[str]) -> str:
    """A game made through the API and this phone joined to it with the scorer link."""
    game = api.create("block", players)
    assert client.get(f"/games/{game['id']}/join/{game['scorer_token']}").status_code == 303
    return str(game["id"])


def test_a_hand_form_saved_two_hours_after_it_was_drawn_is_recorded(
    client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = joined_scorer(client, api, ["Ann", "Bob"])
    drawn = client.get(f"/games/{game}").get_data(as_text=True)
    token = form_token(drawn)

    later = time.time() + TWO_HOURS
    monkeypatch.setattr(time, "time", lambda: later)  # the token's signature reads this clock
    response = client.post(
        f"/games/{game}/hands", data={"csrf_token": token, "domino": "Ann", "pips-1": "12"}
    )

    assert response.status_code == 303, response.get_data(as_text=True)
    assert [hand["scores"] for hand in api.game(game)["hands"]] == [{"Ann": 12, "Bob": 0}]


def test_a_form_whose_token_no_longer_holds_keeps_the_hand_and_asks_once_more(
    client: FlaskClient, api: Api
) -> None:
    game = joined_scorer(client, api, ["Ann", "Bob"])
    response = client.post(
        f"/games/{game}/hands", data={"csrf_token": "stale", "domino": "Ann", "pips-1": "12"}
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 403
    assert "the hand was not saved yet: check it and save again" in page
    assert 'value="Ann" checked' in page and 'name="pips-1" value="12"' in page
    assert api.game(game)["hands"] == []
    again = client.post(
        f"/games/{game}/hands",
        data={"csrf_token": form_token(page), "domino": "Ann", "pips-1": "12"},
    )
    assert again.status_code == 303
    assert len(api.game(game)["hands"]) == 1


def test_a_phone_that_lost_the_scorer_right_sees_its_hand_and_whom_to_ask(
    app: Flask, client: FlaskClient, api: Api
) -> None:
    game = joined_scorer(client, api, ["Ann", "Bob"])
    token = form_token(client.get(f"/games/{game}").get_data(as_text=True))
    with app.app_context():  # another phone makes a new scorer link meanwhile
        games.rotate_token(get_db(), game, "page:other-phone")

    response = client.post(
        f"/games/{game}/hands", data={"csrf_token": token, "domino": "Bob", "pips-0": "23"}
    )

    page = response.get_data(as_text=True)
    assert response.status_code == 403
    assert "Hand 1 was not saved" in page
    assert "Ask the person now keeping score to show you the new link" in page
    assert 'value="Bob" checked' in page and 'name="pips-0" value="23"' in page
    assert "<fieldset disabled>" in page  # shown, not offered for saving again
    assert api.game(game)["hands"] == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "its browser has forgotten the scorer's right"),
        ("es", "su navegador olvidó el permiso de anotador"),
        ("pt-BR", "o navegador dele esqueceu a permissão de marcador"),
    ],
)
def test_a_phone_whose_cookies_were_cleared_sees_its_hand_and_what_to_do(
    client: FlaskClient, api: Api, language: str, said: str
) -> None:
    """The browser forgot everything mid-hand (its data cleared, a private window closed):
    Save shows the hand as typed and says to open the scorer link again. Nothing recorded."""
    game = joined_scorer(client, api, ["Christopher", "María José"])
    token = form_token(client.get(f"/games/{game}").get_data(as_text=True))
    client.delete_cookie("session")  # every cookie this app sets: the right and the CSRF secret
    assert client.get_cookie("session") is None
    typed = {"csrf_token": token, "domino": "María José", "pips-0": "23"}
    reader = {"Accept-Language": language}

    response = client.post(f"/games/{game}/hands", data=typed, headers=reader)

    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 403
    assert said in page
    assert 'value="María José" checked' in page and 'name="pips-0" value="23"' in page
    assert "<fieldset disabled>" in page  # shown, not offered for saving
    assert api.game(game)["hands"] == []
    # The page's script asks for JSON: it is told the same, with where the game stands.
    answer = client.post(
        f"/games/{game}/hands", data=typed, headers={**reader, "Accept": "application/json"}
    )
    assert answer.status_code == 403
    assert said in answer.json["error"] and answer.json["next_hand"] == 1
    assert api.game(game)["hands"] == []


def test_a_hand_posted_to_a_game_that_is_not_there_is_still_a_404(client: FlaskClient) -> None:
    response = client.post("/games/no-such-game/hands", data={"domino": "Ann", "pips-1": "3"})
    assert response.status_code == 404


def test_a_refused_undo_offers_the_way_back_to_the_game(client: FlaskClient, api: Api) -> None:
    """A phone that lost its right taps Undo's confirm: "Not allowed", and a button back to the
    game's scores, not only to the home page. A game that is not there offers no way back."""
    game = joined_scorer(client, api, ["Margaret", "Dee"])
    api.hand(game, {"domino": "Margaret", "pips": {"Margaret": 0, "Dee": 9}})
    confirm = client.get(f"/games/{game}/undo").get_data(as_text=True)
    token = form_token(confirm)
    client.delete_cookie("session")

    response = client.post(f"/games/{game}/undo", data={"csrf_token": token, "number": "1"})

    page = response.get_data(as_text=True)
    assert response.status_code == 403 and "Not allowed" in page
    assert f'href="/games/{game}">Back to the scores</a>' in page
    assert len(api.game(game)["hands"]) == 1  # nothing undone
    missing = client.get("/games/no-such-game/undo")
    assert missing.status_code == 404
    assert "Back to the scores" not in missing.get_data(as_text=True)


def test_a_new_game_form_whose_session_was_lost_keeps_the_names_for_one_more_tap(
    client: FlaskClient, api: Api
) -> None:
    """The new-game form was open while the browser dropped its session cookie (a phone
    that closed the browser in the background): Start keeps the names typed, says why,
    and starts the game on the next tap. A form from elsewhere starts nothing."""
    token = form_token(client.get("/new/block").get_data(as_text=True))
    client.delete_cookie("session")
    typed = {"player-1": "Christopher", "player-2": "María José", "player-3": "Margaret"}

    refused = client.post("/new/block", data={"csrf_token": token, **typed})

    page = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 403
    assert "the game was not started yet: check it and start it again" in page
    for name in typed.values():
        assert f'value="{name}"' in page
    started = client.post("/new/block", data={"csrf_token": form_token(page), **typed})
    assert started.status_code == 303
    game = api.game(started.headers["Location"].split("/games/")[1].split("#")[0])
    assert game["players"] == ["Christopher", "María José", "Margaret"]
    assert client.post("/new/block", data=typed).status_code == 403  # no token: nothing started
