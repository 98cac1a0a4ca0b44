"""The explanation of every score in the table's language: Spanish and Brazilian Portuguese.

The expected sentences are written here by hand, in the words players use (dominó/bateu,
tranque/tranca, fichas/pedras, capicúa/lá e lô), not computed by the code under test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.rules import REGISTRY, Ruleset
from scorekeeper.rules.base import (
    RuleError,
    ScoredHand,
    Table,
    count_tiles_said,
    count_tiles_sentence,
)
from scorekeeper.rules.summaries import SUMMARIES
from scorekeeper.web.language import translate
from scorekeeper.words import Message
from tests.conftest import Api

TRANSLATIONS = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"
LANGUAGES = {"es": "es", "pt-BR": "pt_BR"}


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE": tmp_path / "x.sqlite3", "SECRET_KEY": "t"})


def played(
    api: Api, ruleset: str, players: list[str], hands: list[dict[str, Any]], **fields: Any
) -> str:
    game = api.create(ruleset, players, **fields)
    for entry in hands:
        api.hand(game["id"], entry)
    return str(game["id"])


def said(client: FlaskClient, game_id: str, language: str) -> tuple[list[list[str]], Any]:
    """Every hand's explanation and the game's result, as the API says them in `language`."""
    response = client.get(f"/api/games/{game_id}", headers={"Accept-Language": language})
    assert response.status_code == 200
    body = response.json or {}
    return [hand["explanation"] for hand in body["hands"]], body["result"]


CASES = {
    "a blocked Block hand (tranque)": (
        "block",
        ["Ann", "Bob", "Cy"],
        [{"pips": {"Ann": 5, "Bob": 9, "Cy": 12}}],
        {},
        {
            "es": [
                "La mano se trancó; la mano más liviana: Ann (5 puntos).",
                "Ann se anota Bob 9 + Cy 12 = 21, menos sus 5: 16 puntos.",
            ],
            "pt-BR": [
                "A mão trancou; a mão mais leve: Ann (5 pontos).",
                "Ann marca Bob 9 + Cy 12 = 21, menos os seus 5: 16 pontos.",
            ],
        },
    ),
    "a domino worth one point": (
        "block",
        ["Ann", "Bob", "Cy"],
        [{"pips": {"Ann": 0, "Bob": 1, "Cy": 0}, "domino": "Ann"}],
        {},
        {
            "es": ["Ann dominó.", "Ann se anota Bob 1 + Cy 0 = 1, menos sus 0: 1 punto."],
            "pt-BR": ["Ann bateu.", "Ann marca Bob 1 + Cy 0 = 1, menos os seus 0: 1 ponto."],
        },
    ),
    "a Draw domino in partnerships": (
        "draw",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"pips": {"Nosotros": 0, "Ellos": 23}, "domino": "Cy"}],
        {"partnerships": True, "team_names": ["Nosotros", "Ellos"]},
        {
            "es": ["Cy dominó.", "Nosotros se anota Ellos 23 = 23 puntos."],
            "pt-BR": ["Cy bateu.", "Nosotros marca Ellos 23 = 23 pontos."],
        },
    ),
    "a blocked Draw hand (tranque)": (
        "draw",
        ["Ann", "Bob", "Cy"],
        [{"pips": {"Ann": 8, "Bob": 3, "Cy": 11}}],
        {},
        {
            "es": [
                "La mano se trancó; la mano más liviana: Bob (3 puntos).",
                "Bob se anota Ann 8 + Cy 11 = 19 puntos.",
            ],
            "pt-BR": [
                "A mão trancou; a mão mais leve: Bob (3 pontos).",
                "Bob marca Ann 8 + Cy 11 = 19 pontos.",
            ],
        },
    ),
    "a muggins call": (
        "muggins",
        ["Ann", "Bob", "Cy"],
        [
            {
                "plays": [
                    {"player": "Ann", "ends": ["5-5"]},
                    {"player": "Bob", "ends": ["5-5", 5], "muggins_by": "Cy"},
                ],
                "pips": {"Ann": 0, "Bob": 12, "Cy": 3},
                "domino": "Ann",
            }
        ],
        {},
        {
            "es": [
                "Ann: puntas 5-5 = 10, anota 10",
                "Bob: puntas 5-5 + 5 = 15, 15 se los lleva Cy (muggins)",
                "Ann dominó: Bob 12 + Cy 3 = 15, redondeado a 15: Ann se anota 15 puntos.",
            ],
            "pt-BR": [
                "Ann: pontas 5-5 = 10, marca 10",
                "Bob: pontas 5-5 + 5 = 15, 15 levados por Cy (muggins)",
                "Ann bateu: Bob 12 + Cy 3 = 15, arredondado para 15: Ann marca 15 pontos.",
            ],
        },
    ),
    "a blocked Muggins hand": (
        "muggins",
        ["Ann", "Bob", "Cy"],
        [{"pips": {"Ann": 4, "Bob": 12, "Cy": 9}}],
        {},
        {
            "es": [
                "Tranque, Ann tiene la mano más liviana (4): Bob 12 + Cy 9 = 21, menos 4 = 17, "
                "redondeado a 15: Ann se anota 15 puntos."
            ],
            "pt-BR": [
                "Tranca, Ann tem a mão mais leve (4): Bob 12 + Cy 9 = 21, menos 4 = 17, "
                "arredondado para 15: Ann marca 15 pontos."
            ],
        },
    ),
    "Fives and Threes, out with the go point": (
        "fives-and-threes",
        ["Ann", "Bob"],
        [
            {
                "plays": [
                    {"player": "Ann", "ends": ["6-6"]},
                    {"player": "Bob", "ends": ["6-6", 3]},
                    {"player": "Ann", "ends": [2, 1], "out": True},
                ],
                "domino": "Ann",
            }
        ],
        {},
        {
            "es": [
                "Ann: 6-6 = 12 → 4 treses = 4: Ann 4.",
                "Bob: 6-6 + 3 = 15 → 3 cincos + 5 treses = 8: Bob 8.",
                "Ann: 2 + 1 = 3 → 1 tres = 1, + 1 por dominar: Ann 6.",
            ],
            "pt-BR": [
                "Ann: 6-6 = 12 → 4 três = 4: Ann 4.",
                "Bob: 6-6 + 3 = 15 → 3 cincos + 5 três = 8: Bob 8.",
                "Ann: 2 + 1 = 3 → 1 três = 1, + 1 pela batida: Ann 6.",
            ],
        },
    ),
    "a Mexican Train round": (
        "mexican-train",
        ["Ann", "Bob", "Cy"],
        [{"pips": {"Ann": 0, "Bob": 1, "Cy": 14}, "domino": "Ann"}],
        {},
        {
            "es": ["Ronda 1 (salida 12-12): Ann dominó: 0.", "Bob: 1 punto.", "Cy: 14 puntos."],
            "pt-BR": [
                "Rodada 1 (saída 12-12): Ann bateu: 0.",
                "Bob: 1 ponto.",
                "Cy: 14 pontos.",
            ],
        },
    ),
    "a capicúa in the partnership game": (
        "latin-partnership",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"pips": {"Ann": 0, "Bob": 20, "Cy": 10, "Dee": 14}, "domino": "Ann", "capicua": True}],
        {"partnerships": True, "team_names": ["Norte", "Sur"]},
        {
            "es": [
                "Ann dominó (capicúa): Bob 20 + Cy 10 + Dee 14 = 44, + 25 de capicúa = 69 para "
                "Norte."
            ],
            "pt-BR": [
                "Ann bateu lá e lô: Bob 20 + Cy 10 + Dee 14 = 44, + 25 de lá e lô = 69 para Norte."
            ],
        },
    ),
    "a tranque in the partnership game": (
        "latin-partnership",
        ["Ann", "Bob", "Cy", "Dee"],
        [{"pips": {"Ann": 3, "Bob": 10, "Cy": 4, "Dee": 2}}],
        {"partnerships": True, "team_names": ["Norte", "Sur"]},
        {
            "es": ["Tranque: Norte 7, Sur 12: gana Norte y se anota las cuatro manos, 19."],
            "pt-BR": ["Tranca: Norte 7, Sur 12: Norte ganha e marca as quatro mãos, 19."],
        },
    ),
    "a pase corrido, then a domino": (
        "latin-partnership",
        ["Ann", "Bob", "Cy", "Dee"],
        [
            {
                "pips": {"Ann": 6, "Bob": 0, "Cy": 1, "Dee": 2},
                "domino": "Bob",
                "pases_corridos": ["Dee"],
            }
        ],
        {"partnerships": True, "team_names": ["Norte", "Sur"]},
        {
            "es": [
                "Dee: pase corrido, 25 para Sur.",
                "Bob dominó: Ann 6 + Cy 1 + Dee 2 = 9 para Sur.",
            ],
            "pt-BR": [
                "Dee: passe corrido, 25 para Sur.",
                "Bob bateu: Ann 6 + Cy 1 + Dee 2 = 9 para Sur.",
            ],
        },
    ),
    "a custom game's typed points": (
        "custom",
        ["Ann", "Bob"],
        [{"points": {"Ann": 12, "Bob": 0}}],
        {},
        {"es": ["Puntos anotados: Ann 12, Bob 0."], "pt-BR": ["Pontos marcados: Ann 12, Bob 0."]},
    ),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_the_api_explains_each_ruleset_in_spanish_and_portuguese(app: Flask, case: str) -> None:
    ruleset, players, hands, fields, expected = CASES[case]
    client = app.test_client()
    game_id = played(Api(client), ruleset, players, hands, **fields)
    for language, lines in expected.items():
        explanations, _ = said(client, game_id, language)
        assert explanations[-1] == lines, language
    english, _ = said(client, game_id, "en")
    assert english[-1] != expected["es"] and english[-1] != expected["pt-BR"]
    bodies = {
        language: client.get(f"/api/games/{game_id}", headers={"Accept-Language": language}).json
        for language in ("en", *expected)
    }
    # The same JSON in every language: the same keys, the same numbers, names and ids; only
    # the sentences (`explanation`, `result`) are said in the reader's words.
    assert all(shape(body) == shape(bodies["en"]) for body in bodies.values())


def shape(value: Any, key: str = "") -> Any:
    """A JSON value with its sentences replaced by their type: what must not change with the
    reader's language."""
    if isinstance(value, dict):
        return {name: shape(inner, name) for name, inner in value.items()}
    if isinstance(value, list):
        return [shape(inner, key) for inner in value]
    return "sentence" if key in ("explanation", "result") and isinstance(value, str) else value


def test_the_end_of_a_game_and_the_hands_left_are_said_with_plural_forms(app: Flask) -> None:
    client = app.test_client()
    api = Api(client)
    custom = played(
        api, "custom", ["Ann", "Bob"], [{"points": {"Ann": 3, "Bob": 1}}], options={"hands": 2}
    )
    assert said(client, custom, "es")[1] == "queda 1 mano"
    assert said(client, custom, "pt-BR")[1] == "falta 1 mão"
    api.hand(custom, {"points": {"Ann": 0, "Bob": 1}})
    assert said(client, custom, "es")[1] == "Ann tiene el total más alto (3) tras 2 manos y gana"
    assert said(client, custom, "pt-BR")[1] == "Ann tem o maior total (3) depois de 2 mãos e ganha"
    block = played(
        api, "block", ["Ann", "Bob"], [{"pips": {"Ann": 0, "Bob": 100}, "domino": "Ann"}]
    )
    assert said(client, block, "es")[1] == "Ann llegó a 100 con 100 y ganó"
    assert said(client, block, "pt-BR")[1] == "Ann chegou a 100 com 100 e ganhou"
    assert said(client, block, "en")[1] == "Ann reached 100 with 100 and won"


def test_a_refusal_of_the_rules_is_said_in_the_readers_language(app: Flask) -> None:
    """The rules refuse in Messages; where the answer is made, they are said in its language."""
    table = Table(("Ann", "Bob", "Cy"))
    block = REGISTRY["block"]
    with pytest.raises(RuleError) as refused:
        block.score_hand(
            {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Zed"},
            table,
            block.resolve_options({}, table),
        )
    with app.test_request_context("/api/", headers={"Accept-Language": "es"}):
        assert translate(refused.value.message) == (
            "Zed no está jugando en esta partida (juegan Ann, Bob, Cy)"
        )
    with app.test_request_context("/api/", headers={"Accept-Language": "pt-BR"}):
        assert translate(refused.value.message) == (
            "Zed não está jogando nesta partida (jogam Ann, Bob, Cy)"
        )


def test_the_scorer_watch_and_history_pages_explain_in_the_chosen_language(app: Flask) -> None:
    client = app.test_client()
    game_id = played(
        Api(client),
        "block",
        ["Christopher", "Margaret", "María José"],
        [{"pips": {"Christopher": 4, "Margaret": 9, "María José": 12}}],
    )
    for address in (f"/games/{game_id}", f"/games/{game_id}/history"):
        spanish = client.get(f"{address}?lang=es").get_data(as_text=True)
        assert "La mano se trancó; la mano más liviana: Christopher (4 puntos)." in spanish
        assert (
            "Christopher se anota Margaret 9 + María José 12 = 21, menos sus 4: 17 puntos."
            in spanish
        )
        portuguese = client.get(f"{address}?lang=pt").get_data(as_text=True)
        assert "A mão trancou; a mão mais leve: Christopher (4 pontos)." in portuguese
        english = client.get(f"{address}?lang=en").get_data(as_text=True)
        assert "The hand blocked; lightest hand: Christopher (4 pips)." in english
        assert "trancou" not in english and "trancó" not in english


def test_the_scorers_page_explains_the_hand_just_entered_in_the_chosen_language(
    app: Flask,
) -> None:
    """The scorer's phone (the scorer link opened, then Spanish chosen): the hand it enters
    next is explained in Spanish on its page, and the end of the game too."""
    client = app.test_client()
    api = Api(client)
    game = api.create("block", ["Ann", "Bob"])
    joined = client.get(f"/games/{game['id']}/join/{game['scorer_token']}?lang=es")
    assert joined.status_code == 303
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 100}, "domino": "Ann"})
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f'action="/games/{game["id"]}/next"' in page  # the scorer's page: Rematch
    assert "<li>Ann dominó.</li>" in page
    assert "<li>Ann se anota Bob 100 = 100, menos sus 0: 100 puntos.</li>" in page
    assert "Ann llegó a 100 con 100 y ganó." in page


def test_each_games_rules_page_starts_with_its_summary_in_the_readers_words(app: Flask) -> None:
    client = app.test_client()
    page = client.get("/rules/latin-partnership?lang=es").get_data(as_text=True)
    assert "Si el juego se tranca, gana la pareja con menos puntos" in page
    page = client.get("/rules/fives-and-threes?lang=pt").get_data(as_text=True)
    assert "Ganha quem chegar exatamente a 61" in page
    page = client.get("/rules/muggins?lang=en").get_data(as_text=True)
    assert "Muggins (All Fives): after each play, add up the open ends" in page
    assert set(SUMMARIES) == set(REGISTRY)
    for ruleset_id in REGISTRY:
        for lang in ("es", "pt"):
            shown = client.get(f"/rules/{ruleset_id}?lang={lang}").get_data(as_text=True)
            summary = re.search(r'<p class="rules-summary">([^<]+)</p>', shown)
            assert summary is not None, (ruleset_id, lang)
            sentences = [s for s in re.split(r"(?<=[.!?])\s", summary.group(1)) if s]
            assert 3 <= len(sentences) <= 6, (ruleset_id, lang, sentences)
            assert summary.group(1) != str(SUMMARIES[ruleset_id]), (ruleset_id, lang)


# --- every ruleset's explanations, all 12, have their words in both catalogs ------------


def catalog(language: str) -> dict[Any, Any]:
    """Every area's translations of one language: msgid (a pair for plurals) → msgstr."""
    found: dict[Any, Any] = {}
    for path in sorted((TRANSLATIONS / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale=language):
                if message.id:
                    found[message.id] = message.string
    return found


def messages_in(line: Any) -> Iterator[Message]:
    """A Message and the Messages nested in its values."""
    if isinstance(line, Message):
        yield line
        for value in line.values.values():
            yield from messages_in(value)


def tables(ruleset: Ruleset) -> Iterator[Table]:
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
    for count in ruleset.players:
        players = names[:count]
        if not ruleset.partnerships_required(count):
            yield Table(players)
        if count == 4 and ruleset.partnerships != "never":
            yield Table(players, ("Us", "Them"))


def said_by(ruleset: Ruleset) -> Iterator[Any]:
    """Every line the ruleset says for its sample hands, and what it says of the game."""
    for table in tables(ruleset):
        options = ruleset.resolve_options({}, table)
        hands = []
        for number, entry in enumerate(ruleset.sample_entries(table), start=1):
            result = ruleset.score_in_game(
                entry, table, options, {side: 0 for side in table.sides}, number=number
            )
            hands.append(ScoredHand(number, entry, result))
            yield from result.explanation
        yield ruleset.status(table, options, hands).explanation


@pytest.mark.parametrize("ruleset", list(REGISTRY.values()), ids=list(REGISTRY))
def test_every_rulesets_explanations_have_their_words_in_spanish_and_portuguese(
    app: Flask, ruleset: Ruleset
) -> None:
    lines = [line for line in said_by(ruleset) if line != ""]
    assert lines
    assert all(isinstance(line, Message) for line in lines), lines
    for language, locale in LANGUAGES.items():
        words = catalog(locale)
        for line in lines:
            for message in messages_in(line):
                key = message.id if message.plural is None else (message.id, message.plural)
                assert key in words, (locale, key)
                assert all(words[key]) if isinstance(words[key], tuple) else words[key]
            with app.test_request_context("/api/", headers={"Accept-Language": language}):
                assert translate(line)  # every value its words name is there


def test_what_the_count_tiles_are_worth_is_said_in_the_readers_words(app: Flask) -> None:
    worth = {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
    assert count_tiles_sentence(worth) == "5-5 and 6-4 count 10; 5-0, 4-1 and 3-2 count 5."
    with app.test_request_context("/?lang=es"):
        assert translate(count_tiles_said(worth)) == (
            "5-5 y 6-4: 10 puntos; 5-0, 4-1 y 3-2: 5 puntos."
        )
    with app.test_request_context("/?lang=pt"):
        assert translate(count_tiles_said(worth)) == (
            "5-5 e 6-4: 10 pontos; 5-0, 4-1 e 3-2: 5 pontos."
        )
