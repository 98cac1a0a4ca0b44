"""Moon, Eighty, Texas 42 and Black Tile explained in Spanish and Portuguese (#16).

Every expected sentence here is written by hand, in the words players use at the table and
the entry pages' buttons use (bazas/vazas, fichas/pedras, pujar/dar lance, cumplió/cumpriu,
falló/falhou, ir por la luna/ir para a lua, la viuda/a viúva, marcas): nothing is computed by
the code under test. The hands go through the app: the JSON API follows the phone's
Accept-Language, the scorer's page its ?lang= choice.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from scorekeeper.rules import REGISTRY, RuleError
from scorekeeper.rules.base import Table
from scorekeeper.rules.eighty import EIGHTY
from scorekeeper.rules.texas_42 import TEXAS_42
from scorekeeper.web.language import translate
from tests.conftest import Api

SPANISH = {"Accept-Language": "es"}
PORTUGUESE = {"Accept-Language": "pt-BR"}
THREE = ["Ann", "Bob", "Cy"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]
TEAMS = {"partnerships": True, "team_names": ["Us", "Them"]}


def explained(
    api: Api, ruleset: str, players: list[str], entry: dict[str, Any], **game: Any
) -> str:
    """A new game with this one hand recorded; its id."""
    created = api.create(ruleset, players, **game)
    api.hand(created["id"], entry)
    return str(created["id"])


def explanation(api: Api, game_id: str, language: dict[str, str], hand: int = 1) -> list[str]:
    """Hand `hand`'s explanation as the game's JSON says it to a phone in `language`."""
    response = api.client.get(f"/api/games/{game_id}", headers=language)
    assert response.status_code == 200
    lines: list[str] = response.json["hands"][hand - 1]["explanation"]  # type: ignore[index]
    return lines


def result(api: Api, game_id: str, language: dict[str, str]) -> str:
    """The game's status sentence (`result`) as the JSON says it in `language`."""
    response = api.client.get(f"/api/games/{game_id}", headers=language)
    said: str = response.json["result"]  # type: ignore[index]
    return said


# --- Moon ---------------------------------------------------------------------------------


def test_moon_made_bid_in_spanish_portuguese_and_english_by_default(api: Api) -> None:
    game = explained(
        api, "moon", THREE, {"bidder": "Ann", "bid": 5, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}}
    )
    assert explanation(api, game, SPANISH) == [
        "Ann pujó 5 y ganó 5 bazas: cumplió, anota 5",
        "Bob: 1 baza = 1",
        "Cy: 1 baza = 1",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Ann deu lance de 5 e fez 5 vazas: cumpriu, marca 5",
        "Bob: 1 vaza = 1",
        "Cy: 1 vaza = 1",
    ]
    assert explanation(api, game, {}) == [
        "Ann bid 5 and took 5 tricks: made, scores 5",
        "Bob: 1 trick = 1",
        "Cy: 1 trick = 1",
    ]


def test_moon_failed_bid_scores_minus_the_bid(api: Api) -> None:
    game = explained(
        api, "moon", THREE, {"bidder": "Bob", "bid": 6, "tricks": {"Ann": 2, "Bob": 5, "Cy": 0}}
    )
    assert explanation(api, game, SPANISH) == [
        "Bob pujó 6 y ganó 5: falló, -6",
        "Ann: 2 bazas = 2",
        "Cy: 0 bazas = 0",
    ]
    # Brazilian Portuguese counts 0 as one (CLDR): "0 vaza".
    assert explanation(api, game, PORTUGUESE) == [
        "Bob deu lance de 6 e fez 5: falhou, -6",
        "Ann: 2 vazas = 2",
        "Cy: 0 vaza = 0",
    ]


def test_moon_shot_by_a_team(api: Api) -> None:
    game = explained(
        api, "moon", FOUR, {"bidder": "Dee", "bid": 21, "tricks": {"Us": 0, "Them": 7}}, **TEAMS
    )
    assert explanation(api, game, SPANISH) == [
        "Dee ganó la subasta para Them.",
        "Them fue por la luna y ganó las 7: 21",
        "Us: 0 bazas = 0",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Dee ganhou o leilão para Them.",
        "Them foi para a lua e fez as 7: 21",
        "Us: 0 vaza = 0",
    ]


def test_moon_everybody_passed_is_a_redeal(api: Api) -> None:
    game = explained(api, "moon", THREE, {"all_passed": True})
    assert explanation(api, game, SPANISH) == ["Todos pasaron: se reparte de nuevo, 0 para todos."]
    assert explanation(api, game, PORTUGUESE) == [
        "Todos passaram: embaralha e dá de novo, 0 para todos."
    ]


# --- Eighty -------------------------------------------------------------------------------


def test_eighty_made_bid(api: Api) -> None:
    entry = {
        "bidder": "Ann",
        "bid": 50,
        "tricks": {"Us": 6, "Them": 4},
        "count": {"Us": 40, "Them": 15},
    }
    game = explained(api, "eighty", FOUR, entry, **TEAMS)
    assert explanation(api, game, SPANISH) == [
        "Us pujó 50 y ganó 6 bazas (12) + cuenta 40 = 52: cumplió, 52 para Us",
        "Them ganó 4 bazas (8) + cuenta 15 = 23: 23 para Them",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Us deu lance de 50 e fez 6 vazas (12) + contagem 40 = 52: cumpriu, 52 para Us",
        "Them fez 4 vazas (8) + contagem 15 = 23: 23 para Them",
    ]


def test_eighty_failed_bid_gives_the_others_the_bid(api: Api) -> None:
    entry = {
        "bidder": "Ann",
        "bid": 60,
        "tricks": {"Us": 6, "Them": 4},
        "count": {"Us": 40, "Them": 15},
    }
    game = explained(api, "eighty", FOUR, entry, **TEAMS)
    assert explanation(api, game, SPANISH) == [
        "Us pujó 60 y ganó 6 bazas (12) + cuenta 40 = 52: falló, 0 para Us",
        "para Them, la puja 60 + sus 8 + 15 = 83",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Us deu lance de 60 e fez 6 vazas (12) + contagem 40 = 52: falhou, 0 para Us",
        "para Them, o lance 60 + seus 8 + 15 = 83",
    ]


def test_eighty_count_tiles_named_and_the_others_not_counted(api: Api) -> None:
    entry = {
        "bidder": "Ann",
        "bid": 50,
        "tricks": {"Us": 6, "Them": 4},
        "count_tiles": {"Us": ["5-5", "4-6", "5-5", "4-6"], "Them": ["1-4", "2-3", "6-6"]},
    }
    game = explained(api, "eighty", FOUR, entry, **TEAMS)
    assert explanation(api, game, SPANISH) == [
        "Us ganó 5-5 + 4-6 + 5-5 + 4-6: cuenta 40",
        "Them ganó 1-4 + 2-3: cuenta 10 (6-6 sin cuenta)",
        "Us pujó 50 y ganó 6 bazas (12) + cuenta 40 = 52: cumplió, 52 para Us",
        "Them ganó 4 bazas (8) + cuenta 10 = 18: 18 para Them",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Us levou 5-5 + 4-6 + 5-5 + 4-6: contagem 40",
        "Them levou 1-4 + 2-3: contagem 10 (6-6 sem contagem)",
        "Us deu lance de 50 e fez 6 vazas (12) + contagem 40 = 52: cumpriu, 52 para Us",
        "Them fez 4 vazas (8) + contagem 10 = 18: 18 para Them",
    ]


# --- Texas 42 -----------------------------------------------------------------------------


def test_texas_42_made_bid_then_a_set_mark_bid_in_marks(api: Api) -> None:
    made = {"bidder": "Ann", "bid": 31, "points": {"Us": 35, "Them": 7}}
    game = explained(api, "texas-42", FOUR, made, **TEAMS)
    api.hand(game, {"bidder": "Bob", "bid": 84, "made": False})
    assert explanation(api, game, SPANISH, 1) == [
        "Ann pujó 31; Us hizo 35 ≥ 31: cumplió. 1 marca para Us."
    ]
    assert explanation(api, game, PORTUGUESE, 1) == [
        "Ann deu lance de 31; Us fez 35 ≥ 31: cumpriu. 1 marca para Us."
    ]
    assert explanation(api, game, SPANISH, 2) == [
        "Bob pujó 84 (2 marcas); falló. 2 marcas para Us."
    ]
    assert explanation(api, game, PORTUGUESE, 2) == [
        "Bob deu lance de 84 (2 marcas); falhou. 2 marcas para Us."
    ]
    # Us has 3 of the 7 marks.
    assert (
        result(api, game, SPANISH) == "al que va primero le faltan 4 marcas para llegar a 7 marcas"
    )
    assert result(api, game, PORTUGUESE) == "faltam 4 marcas para o líder chegar a 7 marcas"


def test_texas_42_marks_game_won(api: Api) -> None:
    game = explained(
        api,
        "texas-42",
        FOUR,
        {"bidder": "Ann", "bid": 84, "made": True},
        options={"marks_target": 3},
        **TEAMS,
    )
    api.hand(game, {"bidder": "Cy", "bid": 30, "points": {"Us": 30, "Them": 12}})
    assert explanation(api, game, SPANISH, 2) == [
        "Cy pujó 30; Us hizo 30 ≥ 30: cumplió. 1 marca para Us."
    ]
    assert result(api, game, SPANISH) == "Us llegó a 3 marcas con 3 y ganó"
    assert result(api, game, PORTUGUESE) == "Us chegou a 3 marcas com 3 e ganhou"


def test_texas_42_set_bid_playing_for_points(api: Api) -> None:
    entry = {
        "bidder": "Bob",
        "bid": 34,
        "tricks": {"Us": 3, "Them": 4},
        "count": {"Us": 25, "Them": 10},
    }
    game = explained(api, "texas-42", FOUR, entry, options={"scoring": "points"}, **TEAMS)
    assert explanation(api, game, SPANISH) == [
        "Bob pujó 34; Them hizo 4 bazas + cuenta 10 = 14 < 34: falló. 34 + 28 = 62 para Us."
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Bob deu lance de 34; Them fez 4 vazas + contagem 10 = 14 < 34: falhou. 34 + 28 = 62 para Us."
    ]


# --- Black Tile ---------------------------------------------------------------------------


def test_black_tile_tallies_and_the_game_won_by_the_lowest(api: Api) -> None:
    entry = {
        "captured": {
            "Ann": ["0-0", "3-1"],
            "Bob": ["3-0", "3-2", "3-3"],
            "Cy": ["3-4", "3-5"],
            "Dee": ["3-6"],
        }
    }
    game = explained(api, "black-tile-11", FOUR, entry, options={"target": 5})
    assert explanation(api, game, SPANISH) == [
        "Ann: 0-0 = 4, más 1 ficha del palo del 3 = 1, total 5",
        "Bob: 3 fichas del palo del 3 = 3",
        "Cy: 2 fichas del palo del 3 = 2",
        "Dee: 1 ficha del palo del 3 = 1",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Ann: 0-0 = 4, mais 1 pedra do 3 = 1, total 5",
        "Bob: 3 pedras do 3 = 3",
        "Cy: 2 pedras do 3 = 2",
        "Dee: 1 pedra do 3 = 1",
    ]
    assert (
        result(api, game, SPANISH)
        == "Dee tiene el total más bajo (1) cuando Ann llegó a 5 en la mano 1 y gana"
    )
    assert (
        result(api, game, PORTUGUESE)
        == "Dee tem o menor total (1) quando Ann chegou a 5 na mão 1 e ganha"
    )


def test_black_tile_moon_with_the_widow_out_of_play(api: Api) -> None:
    entry = {"captured": {"Ann": ["0-0", "3-0", "3-1", "3-2", "3-3", "3-4", "3-5"]}, "widow": "3-6"}
    game = explained(api, "black-tile-11", THREE, entry)
    assert explanation(api, game, SPANISH) == [
        "Viuda 3-6 sin jugar: su 1 punto queda fuera de juego; 10 puntos en juego",
        "Ann: 0-0 = 4, más 6 fichas del palo del 3 = 6, total 10",
        "Bob: ninguna ficha con puntos = 0",
        "Cy: ninguna ficha con puntos = 0",
        "Ann fue por la luna: 0, todos los demás 22",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Viúva 3-6 fora do jogo: seu 1 ponto fica fora; 10 pontos em jogo",
        "Ann: 0-0 = 4, mais 6 pedras do 3 = 6, total 10",
        "Bob: nenhuma pedra com pontos = 0",
        "Cy: nenhuma pedra com pontos = 0",
        "Ann foi para a lua: 0, todos os outros 22",
    ]


def test_black_tile_21_counts_the_tiles_of_five_six_and_seven_pips(api: Api) -> None:
    entry = {
        "captured": {
            "Ann": ["0-0", "0-5", "1-4"],
            "Bob": ["2-3", "0-6", "1-5", "2-4"],
            "Cy": ["3-3", "1-6", "2-5", "3-4"],
        }
    }
    game = explained(api, "black-tile-21", THREE, entry)
    assert explanation(api, game, SPANISH) == [
        "Ann: 0-0 = 11, más 2 fichas de 5, 6 o 7 puntos = 2, total 13",
        "Bob: 4 fichas de 5, 6 o 7 puntos = 4",
        "Cy: 4 fichas de 5, 6 o 7 puntos = 4",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Ann: 0-0 = 11, mais 2 pedras de 5, 6 ou 7 pontos = 2, total 13",
        "Bob: 4 pedras de 5, 6 ou 7 pontos = 4",
        "Cy: 4 pedras de 5, 6 ou 7 pontos = 4",
    ]


def test_black_tile_21_moon_makes_everyone_else_pay_42(api: Api) -> None:
    tiles = ["0-0", "0-5", "1-4", "2-3", "0-6", "1-5", "2-4", "3-3", "1-6", "2-5", "3-4"]
    game = explained(api, "black-tile-21", THREE, {"captured": {"Bob": tiles}})
    assert explanation(api, game, SPANISH) == [
        "Ann: ninguna ficha con puntos = 0",
        "Bob: 0-0 = 11, más 10 fichas de 5, 6 o 7 puntos = 10, total 21",
        "Cy: ninguna ficha con puntos = 0",
        "Bob fue por la luna: 0, todos los demás 42",
    ]
    assert explanation(api, game, PORTUGUESE) == [
        "Ann: nenhuma pedra com pontos = 0",
        "Bob: 0-0 = 11, mais 10 pedras de 5, 6 ou 7 pontos = 10, total 21",
        "Cy: nenhuma pedra com pontos = 0",
        "Bob foi para a lua: 0, todos os outros 42",
    ]


# --- the scorer's page --------------------------------------------------------------------


def scorer_page_lines(api: Api, game_id: str, lang: str) -> list[str]:
    """The explanation lines the scorer's page shows, the phone having chosen `?lang=`."""
    phone = api.client.application.test_client()
    joined = phone.get(f"/games/{game_id}/join/{api.tokens[game_id]}")
    assert joined.status_code == 303
    page = phone.get(f"/games/{game_id}?lang={lang}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "edit-link" in html  # the scorer's own page: hand 1 can be corrected from it
    return [
        unescape(line)
        for block in re.findall(r'<ul class="explanation"[^>]*>(.*?)</ul>', html, re.S)
        for line in re.findall(r"<li[^>]*>(.*?)</li>", block, re.S)
    ]


def test_scorer_page_says_a_moon_hand_in_the_chosen_language(api: Api) -> None:
    game = explained(
        api, "moon", THREE, {"bidder": "Bob", "bid": 6, "tricks": {"Ann": 2, "Bob": 5, "Cy": 0}}
    )
    assert scorer_page_lines(api, game, "es") == [
        "Bob pujó 6 y ganó 5: falló, -6",
        "Ann: 2 bazas = 2",
        "Cy: 0 bazas = 0",
    ]
    assert scorer_page_lines(api, game, "pt") == [
        "Bob deu lance de 6 e fez 5: falhou, -6",
        "Ann: 2 vazas = 2",
        "Cy: 0 vaza = 0",
    ]


def test_scorer_page_says_texas_42_marks_in_the_chosen_language(api: Api) -> None:
    game = explained(api, "texas-42", FOUR, {"bidder": "Bob", "bid": 84, "made": False}, **TEAMS)
    assert scorer_page_lines(api, game, "es") == [
        "Bob pujó 84 (2 marcas); falló. 2 marcas para Us."
    ]
    assert scorer_page_lines(api, game, "pt") == [
        "Bob deu lance de 84 (2 marcas); falhou. 2 marcas para Us."
    ]


def test_texas_42_entry_page_offers_the_bids_in_the_chosen_language(api: Api) -> None:
    game = api.create("texas-42", FOUR, **TEAMS)["id"]
    phone = api.client.application.test_client()
    phone.get(f"/games/{game}/join/{api.tokens[game]}")
    spanish = phone.get(f"/games/{game}?lang=es").get_data(as_text=True)
    assert 'aria-label="Pujas en puntos"' in spanish
    assert 'aria-label="Pujas en marcas (42 cada una)"' in spanish
    assert "<span>1 marca</span>" in spanish and "<span>2 marcas</span>" in spanish
    portuguese = phone.get(f"/games/{game}?lang=pt").get_data(as_text=True)
    assert 'aria-label="Lances em pontos"' in portuguese
    assert 'aria-label="Lances em marcas (42 cada)"' in portuguese
    assert "<span>1 marca</span>" in portuguese and "<span>7 marcas</span>" in portuguese
    english = phone.get(f"/games/{game}?lang=en").get_data(as_text=True)
    assert 'aria-label="Mark bids (42 each)"' in english and "<span>2 marks</span>" in english


def test_count_tiles_hint_in_the_readers_words(api: Api) -> None:
    """What Eighty's and Texas 42's count tiles are worth, as the entry pages say it."""
    app = api.client.application
    with app.test_request_context("/", headers=SPANISH):
        assert translate(EIGHTY.count_hint) == "5-5 y 4-6: 10 puntos; 1-4 y 2-3: 5 puntos."
        assert translate(TEXAS_42.count_hint) == "5-5 y 6-4: 10 puntos; 5-0, 4-1 y 3-2: 5 puntos."
    with app.test_request_context("/", headers=PORTUGUESE):
        assert translate(TEXAS_42.count_hint) == "5-5 e 6-4: 10 pontos; 5-0, 4-1 e 3-2: 5 pontos."
    assert str(TEXAS_42.count_hint) == "5-5 and 6-4 count 10; 5-0, 4-1 and 3-2 count 5."


# --- refusals -----------------------------------------------------------------------------
# Said by the language layer as every refusal is (the API's and the pages' error sentences
# say them the same way, capitalised, once the error path translates them).


def refused(ruleset: str, players: list[str], entry: dict[str, Any], **game: Any) -> Any:
    """The refusal of `entry` by the ruleset, in a game of these players: the RuleError."""
    rules = REGISTRY[ruleset]
    teams = tuple(game.get("team_names", ()))
    table = Table(tuple(players), teams)
    options = rules.resolve_options(game.get("options", {}), table)
    with pytest.raises(RuleError) as caught:
        rules.score_hand(entry, table, options)
    return caught.value.message


def said(api: Api, message: Any, language: dict[str, str]) -> str:
    with api.client.application.test_request_context("/api/games", headers=language):
        return translate(message)


def test_moon_refuses_a_bid_that_is_not_one(api: Api) -> None:
    bid_nine = {"bidder": "Ann", "bid": 9, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}}
    refusal = refused("moon", THREE, bid_nine)
    assert said(api, refusal, SPANISH) == (
        "9 no es una puja con 3 jugadores: puja de 4 a 7 bazas, o 21 para ir por la luna"
    )
    assert said(api, refusal, PORTUGUESE) == (
        "9 não é um lance com 3 jogadores: dê lance de 4 a 7 vazas, ou 21 para ir para a lua"
    )
    assert said(api, refusal, {}) == (
        "9 is not a bid with 3 players: bid 4 to 7 tricks, or 21 to shoot the moon"
    )


def test_eighty_refuses_a_count_its_tricks_cannot_hold(api: Api) -> None:
    # One trick is 4 tiles: at most 5-5, 4-6, 5-5 and 4-6, which count 40.
    too_much = {
        "bidder": "Ann",
        "bid": 60,
        "tricks": {"Us": 9, "Them": 1},
        "count": {"Us": 10, "Them": 45},
    }
    refusal = refused("eighty", FOUR, too_much, **TEAMS)
    assert said(api, refusal, SPANISH) == (
        "Them ganó 1 baza (4 fichas), que tiene como mucho 40 de cuenta, no 45"
    )
    assert said(api, refusal, PORTUGUESE) == (
        "Them fez 1 vaza (4 pedras), que tem no máximo 40 de contagem, não 45"
    )


def test_texas_42_everybody_passed_means_the_dealer_bids(api: Api) -> None:
    refusal = refused("texas-42", FOUR, {"all_passed": True}, **TEAMS)
    assert said(api, refusal, SPANISH) == (
        "todos pasaron, así que el que reparte debe pujar 30: anota al que reparte como "
        "quien ganó la subasta, con una puja de 30"
    )
    assert said(api, refusal, PORTUGUESE) == (
        "todos passaram, então quem deu as pedras deve dar lance de 30: registre quem deu as "
        "pedras como quem ganhou o leilão, com um lance de 30"
    )


def test_black_tile_refuses_a_point_tile_nobody_took(api: Api) -> None:
    no_widow = {"captured": {"Ann": ["0-0", "3-0", "3-1", "3-2", "3-3", "3-4", "3-5"]}}
    refusal = refused("black-tile-11", THREE, no_widow)
    assert said(api, refusal, SPANISH) == (
        "falta 3-6: asígnala a un jugador o indícala como la viuda"
    )
    assert said(api, refusal, PORTUGUESE) == (
        "falta 3-6: dê a pedra a um jogador ou marque-a como a viúva"
    )
