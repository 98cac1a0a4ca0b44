"""The pages' refusals a Spanish or Portuguese reader meets, in their language.

Each refusal is met three times, by a phone that chose English, Spanish and Portuguese (the
`lang` cookie), and the sentence shown must be the reader's: a few are written here by hand,
and for every one the Spanish and the Portuguese differ from the English one and from each
other (a sentence never put in the catalogs reads the same in all three).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import Api

LANGS = ("en", "es", "pt")


def said(response: Any) -> str:
    """The refusal's sentence as the page shows it (an error page or a form's banner)."""
    found = re.findall(r'data-said-by="errors"[^>]*>(.*?)</p>', response.get_data(True), re.S)
    assert found, (response.status_code, response.get_data(True)[:400])
    return " ".join(" ".join(unescape(re.sub(r"<[^>]+>", "", text)).split()) for text in found)


def in_three_languages(app: Flask, meet: Callable[[FlaskClient], Any], status: int) -> list[str]:
    sentences = []
    for lang in LANGS:
        phone = app.test_client()
        phone.set_cookie("lang", lang)
        response = meet(phone)
        assert response.status_code == status, (lang, response.get_data(True)[:400])
        sentences.append(said(response))
    english, spanish, portuguese = sentences
    assert len({english, spanish, portuguese}) == 3, sentences
    return sentences


@pytest.fixture
def game(api: Api) -> dict[str, Any]:
    return api.create("block", ["María José", "Christopher"])


def test_a_stale_or_someone_elses_scorer_link_is_refused_in_the_readers_language(
    app: Flask, game: dict[str, Any]
) -> None:
    english, spanish, portuguese = in_three_languages(
        app, lambda phone: phone.get(f"/games/{game['id']}/join/not-the-token"), 403
    )
    assert english == "This scorer link is no longer valid. Ask the scorer for a new one."
    assert spanish == "Este enlace del anotador ya no vale. Pide uno nuevo al anotador."
    assert portuguese == "Este link do anotador não vale mais. Peça um novo ao anotador."


def scorer_phone(app: Flask, game: dict[str, Any], lang: str) -> FlaskClient:
    phone = app.test_client()
    phone.set_cookie("lang", lang)
    joined = phone.get(f"/games/{game['id']}/join/{game['scorer_token']}")
    assert joined.status_code == 303
    return phone


def test_undo_with_no_hand_and_an_expired_form_are_refused_in_the_readers_language(
    app: Flask, game: dict[str, Any]
) -> None:
    nothing = []
    expired = []
    for lang in LANGS:
        phone = scorer_phone(app, game, lang)
        nothing.append(said(phone.get(f"/games/{game['id']}/undo")))
        expired.append(said(phone.post(f"/games/{game['id']}/undo", data={"number": "1"})))
    assert nothing == [
        "There is no hand to undo yet.",
        "Todavía no hay ninguna mano que deshacer.",
        "Ainda não há nenhuma mão para desfazer.",
    ]
    assert len(set(expired)) == 3 and expired[0].startswith("This form has expired"), expired


def test_a_phone_that_does_not_keep_score_is_told_so_in_the_readers_language(
    app: Flask, game: dict[str, Any]
) -> None:
    in_three_languages(app, lambda phone: phone.post(f"/games/{game['id']}/rotate"), 403)
    in_three_languages(app, lambda phone: phone.get(f"/games/{game['id']}/scorer-qr.svg"), 403)
    in_three_languages(app, lambda phone: phone.post(f"/games/{game['id']}/history/1/restore"), 403)


def test_a_restore_of_nothing_undone_is_refused_in_the_readers_language(
    app: Flask, game: dict[str, Any]
) -> None:
    sentences = []
    for lang in LANGS:
        phone = scorer_phone(app, game, lang)
        sentences.append(phone.post(f"/games/{game['id']}/history/99/restore"))
    assert [response.status_code for response in sentences] == [403] * 3  # no form token first
    pages = [said(response) for response in sentences]
    assert len(set(pages)) == 3 and pages[0].startswith("This form has expired"), pages


def test_a_leagues_wrong_admin_link_and_an_unknown_player_in_the_readers_language(
    app: Flask, client: FlaskClient
) -> None:
    league = client.post("/api/leagues", json={"name": "Club Los Amigos"}).json
    assert league is not None
    english, spanish, portuguese = in_three_languages(
        app, lambda phone: phone.get(f"/leagues/{league['slug']}/admin/wrong"), 403
    )
    assert "Club Los Amigos" in spanish and "Club Los Amigos" in portuguese
    english, spanish, portuguese = in_three_languages(
        app, lambda phone: phone.get(f"/leagues/{league['slug']}/players/Margaret"), 404
    )
    assert english == "Nobody called Margaret has finished a game in Club Los Amigos."
    assert spanish == "Nadie llamado Margaret ha terminado una partida en Club Los Amigos."
    assert portuguese == "Ninguém chamado Margaret terminou uma partida em Club Los Amigos."


def test_a_game_option_that_is_not_a_number_is_refused_in_the_readers_language(
    app: Flask,
) -> None:
    app.config["WTF_CSRF_ENABLED"] = False
    form = {"player-1": "Margaret", "player-2": "Christopher", "option-target": "lots"}
    english, spanish, portuguese = in_three_languages(
        app, lambda phone: phone.post("/new/block", data=form), 422
    )
    assert english == "Points to win must be a whole number"
    assert spanish == "Puntos para ganar: hace falta un número entero"
    assert portuguese.endswith(": precisa ser um número inteiro")


def test_a_muggins_claim_that_is_not_a_number_is_named_in_the_readers_language(
    client: FlaskClient,
) -> None:
    body = {"ends": [5, 5], "claimed": "ten"}
    refusals = [
        client.post("/api/muggins/check", json=body, headers={"Accept-Language": accept})
        for accept in ("en", "es-DO", "pt-BR")
    ]
    assert [refusal.status_code for refusal in refusals] == [422] * 3
    errors = [refusal.json["error"] for refusal in refusals if refusal.json]
    assert errors == [
        "The points claimed must be a whole number",
        "Los puntos cantados: hace falta un número entero",
        "Os pontos pedidos: precisa ser um número inteiro",
    ]


def test_a_play_sent_to_a_game_not_scored_play_by_play_names_the_game_in_the_readers_words(
    api: Api, game: dict[str, Any]
) -> None:
    said = [
        api.client.post(
            f"/api/games/{game['id']}/plays",
            json={"player": "Christopher", "ends": [5]},
            headers=api.headers(game["id"], **{"Accept-Language": accept}),
        )
        for accept in ("en", "es-DO", "pt-BR")
    ]
    assert [response.status_code for response in said] == [422] * 3
    assert [response.json["error"] for response in said if response.json] == [
        "Block Dominoes does not take plays one at a time",
        "Dominó de bloqueo no se anota jugada a jugada",
        "Dominó bloqueado não se marca jogada a jogada",
    ]
