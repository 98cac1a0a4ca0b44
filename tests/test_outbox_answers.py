"""The scorer page's own write addresses, answering its script in JSON (issue #17).

The script keeps a change on the phone until it hears the answer, sends it with an
Idempotency-Key, and shows a refusal's sentence with what can still be done: these are the
answers it relies on. The browser tests (tests/browser/test_outbox.py) show the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

JSON = {"Accept": "application/json"}


pytestmark = pytest.mark.usefixtures("plain_forms")  # tests/conftest.py


def scoring_phone(app: Flask, players: list[str]) -> tuple[FlaskClient, dict[str, Any]]:
    """A phone that joined a new block game with its scorer link."""
    phone = app.test_client()
    created = phone.post("/api/games", json={"ruleset": "block", "players": players}).json
    assert created is not None
    assert phone.get(f"/games/{created['id']}/join/{created['scorer_token']}").status_code == 303
    return phone, created


def hand(out: str, other: int, pips: int, version: int, **more: str) -> dict[str, str]:
    return {"domino": out, f"pips-{other}": str(pips), "version": str(version), **more}


def recorded(phone: FlaskClient, game_id: str) -> list[dict[str, int]]:
    return [h["scores"] for h in phone.get(f"/api/games/{game_id}").json["hands"]]  # type: ignore[index]


def test_a_save_answers_json_once_however_often_it_is_sent(app: Flask) -> None:
    phone, game = scoring_phone(app, ["Ann", "Bob"])
    version = phone.get(f"/api/games/{game['id']}").json["version"]  # type: ignore[index]
    headers = {**JSON, "Idempotency-Key": "kept-on-the-phone-1"}
    first = phone.post(
        f"/games/{game['id']}/hands", data=hand("Ann", 1, 12, version), headers=headers
    )
    assert first.status_code == 201
    body = first.json
    assert body is not None
    assert body["hand"]["number"] == 1
    assert body["totals"] == {"Ann": 12, "Bob": 0}
    assert body["version"] == version + 1
    assert body["page"] == f"/games/{game['id']}#board"  # where a plain form's Save lands
    # The answer was lost: the phone sends the same request again.
    again = phone.post(
        f"/games/{game['id']}/hands", data=hand("Ann", 1, 12, version), headers=headers
    )
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json == body
    assert recorded(phone, game["id"]) == [{"Ann": 12, "Bob": 0}]
    # Without the Accept header, the same address is the plain form's, as ever.
    plain = phone.post(f"/games/{game['id']}/hands", data=hand("Bob", 0, 4, version + 1))
    assert plain.status_code == 303


def test_refusals_say_why_and_where_the_game_stands(app: Flask) -> None:
    phone, game = scoring_phone(app, ["Ann", "Bob"])
    path = f"/games/{game['id']}/hands"
    # Another phone enters hand 1 while this one waits with its own hand 1.
    other = phone.post(
        f"/api/games/{game['id']}/hands",
        json={"domino": "Bob", "pips": {"Ann": 3, "Bob": 0}},
        headers={"X-Scorer-Token": game["scorer_token"]},
    )
    assert other.status_code == 201
    conflict = phone.post(path, data=hand("Ann", 1, 12, 1), headers=JSON)
    assert conflict.status_code == 409
    assert conflict.json is not None
    assert "hand 1 was already entered (Ann 0, Bob 3)" in conflict.json["error"]
    assert conflict.json["finished"] is False
    assert conflict.json["next_hand"] == 2
    assert conflict.json["version"] == other.json["version"]  # type: ignore[index]

    bad = phone.post(path, data={"domino": "Ann", "pips-1": "lots"}, headers=JSON)
    assert bad.status_code == 422
    assert bad.json is not None and bad.json["error"] and bad.json["field"]

    # A hand that ends the game (target 100), then one more: the game is over.
    assert phone.post(path, data=hand("Ann", 1, 150, 2), headers=JSON).status_code == 201
    over = phone.post(path, data=hand("Ann", 1, 5, 3), headers=JSON)
    assert over.status_code == 409
    assert over.json is not None and over.json["finished"] is True
    assert over.json["error"].startswith("This game is over")
    assert len(recorded(phone, game["id"])) == 2


def test_a_phone_whose_scorer_link_was_replaced_is_told_so_in_json(app: Flask) -> None:
    phone, game = scoring_phone(app, ["Ann", "Bob"])
    keeper = app.test_client()
    assert keeper.get(f"/games/{game['id']}/join/{game['scorer_token']}").status_code == 303
    assert keeper.post(f"/games/{game['id']}/rotate").status_code == 303
    for path, data in [
        (f"/games/{game['id']}/hands", hand("Ann", 1, 12, 1)),
        (f"/games/{game['id']}/undo", {"number": "1"}),
    ]:
        refused = phone.post(path, data=data, headers=JSON)
        assert refused.status_code == 403
        assert refused.json is not None
        assert "scorer link" in refused.json["error"], refused.json
    assert recorded(phone, game["id"]) == []
