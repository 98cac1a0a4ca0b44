"""Where English has a word of its own, Spanish and Portuguese tables have theirs.

The catalogs' test of untranslated English (tests/test_pages_in_languages.py) cannot see an
English word a translation kept on purpose: "Match, partida 1 de 3" holds "Match" in its own
translation, so it is not counted as left over. These are the places a translation had kept
an English word a player reads; the expected words are written here by hand.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.conftest import Api

SPANISH = {"Accept-Language": "es-DO,es;q=0.9"}
PORTUGUESE = {"Accept-Language": "pt-BR,pt;q=0.9"}


def match_line(page: str) -> str:
    found = re.search(r'<p class="match">(.*?)</p>', page, re.S)
    assert found, "the page says where the match stands"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


@pytest.mark.parametrize(
    ("lang", "game", "won"),
    [
        ("es", "Serie, partida", "Norte ganó la serie"),
        ("pt", "Série, partida", "Norte venceu a série"),
    ],
)
def test_moons_best_of_three_is_a_series_in_the_readers_words(
    client: FlaskClient, api: Api, lang: str, game: str, won: str
) -> None:
    """Moon with four players is a match of three games: *serie* / *série*, and its winner
    *gana la serie* / *vence a série* — not the English "match", nor "partida", the game."""
    created = api.create(
        "moon",
        ["Ann", "Bob", "Cy", "Dee"],
        partnerships=True,
        team_names=["Norte", "Sur"],
        options={"target": 7},
    )
    first = match_line(client.get(f"/games/{created['id']}?lang={lang}").get_data(True))
    assert first == f"{game} 1 de 3: Norte 0, Sur 0."
    game_id = created["id"]
    for number in (1, 2):
        if number == 2:
            rematch = client.post(f"/api/games/{game_id}/next", headers=api.headers(game_id))
            assert rematch.status_code == 201, rematch.json
            game_id = (rematch.json or {})["id"]
            api.tokens[game_id] = api.tokens[created["id"]]  # a rematch keeps its scorer link
        api.hand(game_id, {"bidder": "Ann", "bid": 7, "tricks": {"Norte": 7, "Sur": 0}})
    last = match_line(client.get(f"/games/{game_id}?lang={lang}").get_data(True))
    assert last == f"{game} 2 de 3: Norte 2, Sur 0 — {won}."


@pytest.mark.parametrize(
    ("headers", "name"), [(SPANISH, "Cincos y Treses"), (PORTUGUESE, "Cincos e Três")]
)
def test_the_checker_names_fives_and_threes_as_its_page_does(
    client: FlaskClient, headers: dict[str, str], name: str
) -> None:
    """A refusal names the game by the name its page and rules page give it in that language."""
    for body in (
        {"ruleset": "fives-and-threes", "ends": [5, 5], "set": "double-nine"},
        {"ruleset": "fives-and-threes", "ends": [5, 5], "points_per_five": True},
    ):
        refused = client.post("/api/muggins/check", json=body, headers=headers)
        assert refused.status_code == 422
        error = (refused.json or {})["error"]
        assert name in error and "Fives and Threes" not in error, error
