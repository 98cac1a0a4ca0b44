"""The newer games' phone pages through the test client, as with script off (plain forms):
nothing is saved unless every value was given or derived, refusals name the field as the page
labels it and keep what was typed, and a whole round goes through."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import REGISTRY
from scorekeeper.web.entry_forms import ENTRY_FORMS
from tests.conftest import Api
from tests.test_pages import hands, start
from tests.words import english

pytestmark = pytest.mark.usefixtures("plain_forms")  # tests/conftest.py

EIGHT = ["Christopher", "Margaret", "María José", "Dee", "Eve", "Fay", "Gus", "Hal"]


def errors(response: Any) -> list[str]:
    found = re.findall(
        r'class="(?:field-error|flash flash-error)"[^>]*>([^<]*)<', response.get_data(True)
    )
    return [html.unescape(message) for message in found]


def shown(page: str) -> str:
    """The page's text as read, without its tags."""
    return re.sub(r"<[^>]+>", "", page)


def save(client: FlaskClient, game_id: str, form: dict[str, str]) -> Any:
    return client.post(f"/games/{game_id}/hands", data=form)


# --- every registered game has its page, its rules page and its explanations -------------


@pytest.mark.parametrize("ruleset_id", list(REGISTRY))
def test_every_ruleset_has_an_entry_form_a_rules_page_and_explanations(
    client: FlaskClient, ruleset_id: str
) -> None:
    """Issue 20: "a test checks that every registered ruleset has its entry form, its rules page
    and its explanations"."""
    ruleset = REGISTRY[ruleset_id]
    assert ruleset_id in ENTRY_FORMS
    rules = client.get(f"/rules/{ruleset_id}")
    assert rules.status_code == 200
    text = rules.get_data(True)
    assert ruleset.name.replace("&", "&amp;") in text and text.count("<p>") >= 3
    players = ["Ann", "Bob", "Cy", "Dee"][: max(n for n in ruleset.players if n <= 4)]
    fields = {"partnerships": "1"} if ruleset.partnerships != "never" and len(players) == 4 else {}
    game = start(client, ruleset_id, players, **fields)
    page = client.get(f"/games/{game}").get_data(True)
    assert 'type="submit"' in page and "Save hand 1" in page
    created = client.get(f"/api/games/{game}").json
    assert created is not None
    from scorekeeper.rules.base import Table

    table = Table(
        tuple(created["players"]), tuple(created["sides"]) if created["partnerships"] else ()
    )
    result = ruleset.score_hand(ruleset.sample_entry(table), table, created["options"])
    assert english(result.explanation) and all(
        line[:1].isupper() for line in english(result.explanation)
    )


@pytest.mark.parametrize("ruleset_id", ["mexican-train", "latin-partnership", "custom"])
def test_the_new_rules_pages_summarise_and_name_their_sources(
    client: FlaskClient, ruleset_id: str
) -> None:
    """Issue 20: "The rules page of each new game shows a summary of its rules and the sources"."""
    text = client.get(f"/rules/{ruleset_id}").get_data(True)
    assert "A summary of the rules as this app scores them" in text
    assert len(re.findall(r"<p>[^<]+</p>", text)) >= 5
    sources = re.findall(r"<li>([^<]+)</li>", text.split("<h2>Sources</h2>", 1)[1])
    assert len(sources) == len(REGISTRY[ruleset_id].sources) >= 2
    assert any(source.startswith("Settled here") for source in sources)


# --- Mexican Train -----------------------------------------------------------------------


def test_mexican_train_page_shows_the_engine(client: FlaskClient) -> None:
    """SCORING_MORE.md L41: "The page shows the next round's engine"."""
    game = start(client, "mexican-train", EIGHT)
    page = client.get(f"/games/{game}").get_data(True)
    assert "Round 1 of 13: engine 12-12" in shown(page)
    assert 'href="#pips-12"' in page  # the double-twelve faces are drawn


def test_mexican_train_nothing_saved_by_mistake(client: FlaskClient) -> None:
    """Issue 15: "No hand is saved unless every value it needs was given"; blank pips are not 0;
    "who went out" starts unchosen."""
    game = start(client, "mexican-train", EIGHT)
    page = client.get(f"/games/{game}").get_data(True)
    assert "checked" not in page.split('name="domino"', 1)[1].split("</fieldset>")[0]
    response = save(client, game, {"key": "a"})
    assert response.status_code == 422
    assert errors(response) == ["Tap who went out, or “Nobody: blocked”"]
    half = {"domino": "Margaret", "pips-0": "12", "pips-2": "7", "key": "b"}
    response = save(client, game, half)
    assert response.status_code == 422
    assert errors(response) == ["Type the pips left in Dee, Eve, Fay, Gus and Hal's hands"]
    assert 'name="pips-0" value="12"' in response.get_data(True)
    response = save(client, game, {"domino": "blocked", **{f"pips-{i}": "3" for i in range(7)}})
    assert errors(response) == ["Type the pips left in Hal's hand"]
    assert hands(client, game) == []


def test_mexican_train_eight_players_one_round(client: FlaskClient) -> None:
    """The went-out player's blank box is derived (0); the others typed."""
    game = start(client, "mexican-train", EIGHT)
    form = {"domino": "María José", "key": "c"} | {f"pips-{i}": str(i) for i in range(8) if i != 2}
    assert save(client, game, form).status_code == 303
    [hand] = hands(client, game)
    assert hand["scores"]["María José"] == 0 and hand["scores"]["Hal"] == 7
    page = client.get(f"/games/{game}").get_data(True)
    assert "engine 11-11" in shown(page)


def test_mexican_train_refusals_name_the_field(client: FlaskClient) -> None:
    game = start(client, "mexican-train", ["Ann", "Bob"])
    response = save(client, game, {"domino": "Ann", "pips-0": "5", "pips-1": "9"})
    assert errors(response) == ["Ann went out but has 5 pips"]
    response = save(client, game, {"domino": "Ann", "pips-1": "9" * 5000})
    assert response.status_code == 422
    assert errors(response) == ["Bob's pips is far too large: 5000 digits"]
    response = save(client, game, {"domino": "Ann", "pips-1": "nine"})
    assert errors(response) == ["Bob's pips must be a whole number, not “nine”"]
    assert hands(client, game) == []


def test_mexican_train_tiles_typed_without_script(client: FlaskClient) -> None:
    """SCORING_MORE.md L51: "each player's tiles left (the app counts the pips)"."""
    game = start(
        client, "mexican-train", ["Ann", "Bob", "Cy"], **{"option-double_blank_value": "50"}
    )
    response = save(client, game, {"domino": "Bob", "tiles-0": "0-0 3-4", "tiles-2": "12-11"})
    assert response.status_code == 303, errors(response)
    assert hands(client, game)[0]["scores"] == {"Ann": 57, "Bob": 0, "Cy": 23}
    response = save(client, game, {"domino": "Bob", "tiles-0": "11-11", "tiles-2": "1-2"})
    assert "11-11 is this round's engine" in errors(response)[0]


def test_mexican_train_asks_who_holds_the_double_blank_when_it_scores(client: FlaskClient) -> None:
    """SCORING_MORE.md L52-54: "With pips as numbers and a non-zero `double_blank_value`,
    `double_blank` names the player who holds the 0-0"."""
    game = start(client, "mexican-train", ["Ann", "Bob"], **{"option-double_blank_value": "25"})
    assert "Who holds the 0-0?" in client.get(f"/games/{game}").get_data(True)
    response = save(client, game, {"domino": "Ann", "pips-1": "9"})
    assert errors(response) == ["Tap who holds the 0-0, or “Nobody”"]
    assert (
        save(client, game, {"domino": "Ann", "pips-1": "9", "double_blank": "Bob"}).status_code
        == 303
    )
    assert (
        save(client, game, {"domino": "Bob", "pips-0": "4", "double_blank": "nobody"}).status_code
        == 303
    )
    assert [h["scores"] for h in hands(client, game)] == [
        {"Ann": 0, "Bob": 34},
        {"Ann": 4, "Bob": 0},
    ]
    plain = start(client, "mexican-train", ["Ann", "Bob"])
    assert "Who holds the 0-0?" not in client.get(f"/games/{plain}").get_data(True)


def test_mexican_train_correction_shows_the_round_again(client: FlaskClient) -> None:
    game = start(client, "mexican-train", ["Ann", "Bob"])
    save(client, game, {"domino": "Ann", "pips-1": "9"})
    save(client, game, {"domino": "blocked", "pips-0": "3", "pips-1": "4"})
    page = client.get(f"/games/{game}/hands/2/edit").get_data(True)
    assert "Round 2 of 13: engine 11-11" in shown(page)
    assert 'value="blocked" checked' in page and 'name="pips-0" value="3"' in page


# --- Latin partnership ---------------------------------------------------------------------

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_latin_partnership_a_hand_with_the_bonuses(client: FlaskClient) -> None:
    """SCORING_MORE.md L563-565 (example 1) entered as on the page: Us 66, Them 25."""
    game = start(client, "latin-partnership", FOUR, team_1="Us", team_2="Them")
    page = client.get(f"/games/{game}").get_data(True)
    assert "Capicúa: the last tile could go on either end (+25)" in page
    assert "who closed" not in page  # the default tranque rule needs no closer
    response = save(client, game, {"key": "a"})
    assert errors(response) == ["Tap who dominoed, or “Nobody: tranque”"]
    response = save(client, game, {"domino": "Ann", "pips-1": "12", "pips-2": "9"})
    assert errors(response) == ["Type the pips left in Dee's hand"]
    form = {"domino": "Ann", "pips-1": "12", "pips-2": "9", "pips-3": "20", "capicua": "1"}
    assert save(client, game, form | {"pases": "Bob"}).status_code == 303
    assert hands(client, game)[0]["scores"] == {"Us": 66, "Them": 25}


def test_latin_partnership_double_nine_keeps_what_the_player_chose(client: FlaskClient) -> None:
    """SCORING_MORE.md L514: the double-nine set brings the Cuban defaults (to 100, on the opponents'
    hands, no capicúa or pase corrido) unless changed: a target of 200 typed on the page is
    the player's choice, not a value to replace with the Cuban 100."""
    page = client.get("/new/latin-partnership").get_data(True)
    assert re.search(r'name="option-target" value=""', page)  # shown empty: it follows the set
    assert "(default: 200; 100 with double-nine)" in page
    assert "(default: all; opponents with double-nine)" in page  # its select starts on Default
    assert re.search(r'name="option-count">\s*<option value="">Default</option>', page)
    cuban = {"option-set": "double-nine"}
    chosen = start(client, "latin-partnership", FOUR, **cuban, **{"option-target": "200"})
    options = client.get(f"/api/games/{chosen}").json["options"]  # type: ignore[index]
    assert (options["target"], options["count"], options["capicua"]) == (200, "opponents", 0)
    chosen = start(client, "latin-partnership", FOUR, **cuban, **{"option-count": "all"})
    options = client.get(f"/api/games/{chosen}").json["options"]  # type: ignore[index]
    assert (options["target"], options["count"]) == (100, "all")
    untouched = start(client, "latin-partnership", FOUR, **cuban, **{"option-target": ""})
    options = client.get(f"/api/games/{untouched}").json["options"]  # type: ignore[index]
    assert (options["target"], options["count"], options["pase_corrido"]) == (100, "opponents", 0)
    usual = start(client, "latin-partnership", FOUR, **{"option-target": ""})
    assert client.get(f"/api/games/{usual}").json["options"]["target"] == 200  # type: ignore[index]


def test_latin_partnership_closer_rules_ask_for_the_closer(client: FlaskClient) -> None:
    """SCORING_MORE.md L527: "`closer`: needed in a tranque with `closer_right` / `closer_left`"."""
    game = start(client, "latin-partnership", FOUR, **{"option-tranque": "closer_right"})
    assert "who closed?" in client.get(f"/games/{game}").get_data(True)
    pips = {"pips-0": "3", "pips-1": "10", "pips-2": "25", "pips-3": "30"}
    response = save(client, game, {"domino": "tranque", **pips})
    assert errors(response) == ["Tap who closed the game (made the last play)"]
    assert save(client, game, {"domino": "tranque", "closer": "Cy", **pips}).status_code == 303
    assert hands(client, game)[0]["scores"] == {"Ann & Cy": 0, "Bob & Dee": 68}
    page = client.get(f"/games/{game}/hands/1/edit").get_data(True)
    assert 'value="tranque" checked' in page and 'value="Cy" checked' in page


def test_latin_partnership_pips_per_team_on_the_page(client: FlaskClient) -> None:
    """SCORING_MORE.md L525 and L532: pips "per team (`"Us"`, `"Them"`)", both teams present;
    L540-541: per-team pips refused in a tranque under `individual`. Typed as the table counts
    them: the dominoing player's box holds the 0 the page fills in."""
    game = start(client, "latin-partnership", FOUR, team_1="Us", team_2="Them")
    page = client.get(f"/games/{game}").get_data(True)
    assert 'name="team-pips-0"' in page and "Counted per team instead" in page
    out = {"domino": "Ann", "pips-0": "0"}
    response = save(client, game, out | {"team-pips-0": "21"})
    assert errors(response) == ["Type the pips left in Them's hands"]
    response = save(client, game, out | {"pips-1": "12", "team-pips-0": "21", "team-pips-1": "32"})
    assert errors(response) == [
        "Type the pips per player or per team, not both (Bob's pips are typed)"
    ]
    response = save(client, game, out | {"team-pips-0": "21", "team-pips-1": "3x"})
    assert errors(response) == ["The pips for Them must be a whole number, not “3x”"]
    assert hands(client, game) == []
    assert save(client, game, out | {"team-pips-0": "21", "team-pips-1": "32"}).status_code == 303
    assert hands(client, game)[0]["scores"] == {"Us": 53, "Them": 0}  # count all: 21 + 32
    edit = client.get(f"/games/{game}/hands/1/edit").get_data(True)
    assert 'name="team-pips-0" value="21"' in edit and 'name="team-pips-1" value="32"' in edit
    individual = start(client, "latin-partnership", FOUR, **{"option-tranque": "individual"})
    response = save(
        client, individual, {"domino": "tranque", "team-pips-0": "28", "team-pips-1": "40"}
    )
    assert errors(response) == ["This tranque rule needs each player's pips, not each team's"]
    assert hands(client, individual) == []


def test_latin_partnership_last_tile_checks_on_the_page(client: FlaskClient) -> None:
    """SCORING_MORE.md L530 and L544-547, example 1 (L563-566): the last tile and the ends before
    it check the capicúa; a double is refused; the ends come with the tile, and both."""
    game = start(client, "latin-partnership", FOUR, team_1="Us", team_2="Them")
    assert 'name="last_tile"' in client.get(f"/games/{game}").get_data(True)
    hand = {"domino": "Ann", "pips-1": "12", "pips-2": "9", "pips-3": "20", "capicua": "1"}
    refusals = [
        ({"last_tile": "4-4"}, "A double cannot make capicúa"),
        (
            {"last_tile": "3-5", "end-0": "6", "end-1": "3"},
            "3-5 could not go on both ends 6 and 3: no capicúa",
        ),
        (
            {"end-0": "5", "end-1": "3"},
            "Type the last tile played: the open ends are checked against it",
        ),
        ({"last_tile": "3-5", "end-0": "5"}, "Type both open ends before the last tile"),
        ({"last_tile": "3-7"}, "3-7 is not in the double-six set"),
    ]
    for typed, sentence in refusals:
        response = save(client, game, hand | typed)
        assert errors(response) == [sentence], typed
        assert 'name="last_tile"' in response.get_data(True)
    assert hands(client, game) == []
    typed = {"last_tile": "3-5", "end-0": "5", "end-1": "3"}
    assert save(client, game, hand | typed).status_code == 303
    assert hands(client, game)[0]["scores"] == {"Us": 66, "Them": 0}  # 41 + 25 capicúa
    edit = client.get(f"/games/{game}/hands/1/edit").get_data(True)
    assert 'name="last_tile" value="3-5"' in edit and 'name="end-1" value="3"' in edit


def test_latin_partnership_tiles_without_script(client: FlaskClient) -> None:
    """SCORING_MORE.md L558: tiles per player."""
    game = start(client, "latin-partnership", FOUR)
    form = {"domino": "Ann", "tiles-1": "6-6 0-1", "tiles-2": "2-3", "tiles-3": "4-5 0-0"}
    assert save(client, game, form).status_code == 303
    assert hands(client, game)[0]["scores"] == {"Ann & Cy": 27, "Bob & Dee": 0}


# --- custom ------------------------------------------------------------------------------


def test_custom_game_named_with_ten_sides(client: FlaskClient) -> None:
    """Issue 20: "2–10 sides ..., a name for the game, points typed per hand"."""
    sides = [f"Side {n}" for n in range(1, 11)]
    game = start(client, "custom", sides, **{"option-name": "Pub Rummy", "option-target": "30"})
    page = client.get(f"/games/{game}").get_data(True)
    assert "Pub Rummy" in page and 'name="points-9"' in page
    response = save(client, game, {"points-0": "5"})
    assert response.status_code == 422
    assert errors(response)[0].startswith("Type Side 2, Side 3")
    assert hands(client, game) == []
    assert save(client, game, {f"points-{i}": str(3 * i + 3) for i in range(10)}).status_code == 303
    assert client.get(f"/api/games/{game}").json["status"] == "finished"


def test_custom_game_negative_points_where_allowed(client: FlaskClient) -> None:
    """Issue 20: "negative allowed where the club says so"."""
    game = start(client, "custom", ["Ann", "Bob"])
    response = save(client, game, {"points-0": "-4", "points-1": "2"})
    assert errors(response) == [
        "Ann's points cannot be negative in this game (the club did not allow negative points "
        "when it started)"
    ]
    allowed = start(client, "custom", ["Ann", "Bob"], **{"option-negative": "1"})
    assert "±" in client.get(f"/games/{allowed}").get_data(True)
    assert save(client, allowed, {"points-0": "−4", "points-1": "2"}).status_code == 303
    assert hands(client, allowed)[0]["scores"] == {"Ann": -4, "Bob": 2}


def test_custom_game_lowest_wins_over_hands(client: FlaskClient) -> None:
    game = start(
        client,
        "custom",
        ["Ann", "Bob"],
        **{"option-lowest_wins": "1", "option-hands": "1", "option-name": "Low Ball"},
    )
    assert save(client, game, {"points-0": "9", "points-1": "4"}).status_code == 303
    body = client.get(f"/api/games/{game}").json
    assert body["winners"] == ["Bob"] and body["title"] == "Low Ball"
    assert "lowest total wins" in client.get(f"/games/{game}").get_data(True)


def titles(page: str) -> list[str]:
    """The game's name where a page shows it: its <title>'s start, its heading, and the name in
    the rules in force."""
    head = re.search(r"<title>(.*?)[:·]", page)
    heading = re.search(r'<h1 id="game-title">([^<]*)', page)
    named = re.search(r"<dt>[^<]*</dt>\s*<dd>([^<]*)</dd>", page)  # the game's name comes first
    return [html.unescape(m.group(1).strip()) for m in (head, heading, named) if m]


@pytest.mark.parametrize(
    ("typed", "spanish", "portuguese"),
    [
        ("Moon", "Moon", "Moon"),  # also a ruleset's name: "Luna", "Lua" in the catalogs
        ("yes", "yes", "yes"),  # also a word of the catalogs: "sí", "sim"
        ("", "Juego de la casa", "Jogo da casa"),  # left blank: the app's "House game"
    ],
)
def test_a_custom_games_typed_name_is_shown_as_typed_in_every_language(
    app: Any, client: FlaskClient, typed: str, spanish: str, portuguese: str
) -> None:
    """A name the club typed is never looked up as an English sentence (the scorer's and
    watchers' pages, the history, the phone's recent games, the league's standings); the
    name the app gives a game left unnamed is said in the reader's words."""
    api = Api(client)
    league = client.post("/api/leagues", json={"name": "Club"}).json
    options: dict[str, Any] = {"target": 10} | ({"name": typed} if typed else {})
    created = client.post(
        "/api/games",
        json={
            "ruleset": "custom",
            "players": ["Ann", "Bob"],
            "options": options,
            "league": league["slug"],
        },
        headers={"X-League-Token": league["league_token"]},
    ).json
    api.tokens[created["id"]] = created["scorer_token"]
    api.hand(created["id"], {"points": {"Ann": 10, "Bob": 0}})
    client.get(f"/games/{created['id']}/join/{created['scorer_token']}")
    watcher = app.test_client()
    for language, name in (("en", typed or "House game"), ("es", spanish), ("pt-BR", portuguese)):
        reader = {"Accept-Language": language}
        scorer = client.get(f"/games/{created['id']}", headers=reader).get_data(True)
        assert titles(scorer) == [name, name, name], language
        watched = watcher.get(f"/games/{created['id']}", headers=reader).get_data(True)
        assert titles(watched)[:2] == [name, name], language
        history = client.get(f"/games/{created['id']}/history", headers=reader).get_data(True)
        assert f'<p class="subtitle">{html.escape(name)} · Ann · Bob</p>' in history
        home = client.get("/", headers=reader).get_data(True)
        assert f"<strong>{html.escape(name)}</strong>" in home
        standings = client.get(f"/leagues/{league['slug']}", headers=reader).get_data(True)
        assert re.search(rf'<h2 id="table-1">{re.escape(html.escape(name))} <small>', standings)
    # The API names the game as stored, in every language: what a script compares.
    assert client.get(f"/api/games/{created['id']}", headers={"Accept-Language": "es"}).json[
        "title"
    ] == (typed or "House game")


def test_a_ruleset_games_name_is_in_the_readers_words(client: FlaskClient) -> None:
    game = start(client, "moon", ["Ann", "Bob", "Cy"])
    for language, name in (("en", "Moon"), ("es", "Luna"), ("pt-BR", "Lua")):
        page = client.get(f"/games/{game}", headers={"Accept-Language": language}).get_data(True)
        assert titles(page)[:2] == [name, name], language
