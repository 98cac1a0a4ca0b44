"""Every ruleset on a page: its entry form, its rules page, and rule knowledge kept in rules/.

Issue 20: "templates and scripts get the constants from the ruleset (today moon.html
re-derives the lowest bid and eighty.html hard-codes 50–80, 10 and 60), and a test checks
that every registered ruleset has its entry form, its rules page and its explanations".
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.eighty import EightyRuleset
from scorekeeper.rules.moon import MoonRuleset
from scorekeeper.rules.texas_42 import Texas42Ruleset
from scorekeeper.web.entry_forms import ENTRY_FORMS
from tests.test_pages import start

pytestmark = pytest.mark.usefixtures("plain_forms")  # tests/conftest.py

FOUR = ["Ann", "Bob", "Cy", "Dee"]


class SentUntouched(HTMLParser):
    """What a browser sends from the form `id` with nothing entered: its hidden fields, what
    the page drew checked or selected, a select's first option where none is, and the named
    button tapped (the first `save`)."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.places = 0  # fields a player enters the hand in
        self.sent: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.inside = found.get("id") == self.form_id
        if not self.inside or "disabled" in found:
            return
        name, kind = found.get("name"), found.get("type", "text")
        if tag == "input" and name:
            if kind != "hidden":
                self.places += 1
            if kind in ("radio", "checkbox"):
                if "checked" in found:
                    self.sent.append((name, found.get("value", "on")))
            else:
                self.sent.append((name, found.get("value", "")))
        elif tag == "textarea" and name:
            self.places += 1
            self.sent.append((name, ""))
        elif tag == "select" and name:
            self.places += 1
            self.select, self.options = name, []
        elif tag == "option" and self.select:
            self.options.append((found.get("value", ""), "selected" in found))
        elif tag == "button" and name == "save" and all(n != "save" for n, _ in self.sent):
            self.sent.append((name, found.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select:
            chosen = [value for value, selected in self.options if selected] or [
                value for value, _ in self.options[:1]
            ]
            self.sent.append((self.select, chosen[0] if chosen else ""))
            self.select = None


@pytest.mark.parametrize("ruleset", list(REGISTRY.values()), ids=lambda r: r.id)
def test_a_hand_saved_with_nothing_entered_is_refused_in_every_game(
    client: FlaskClient, ruleset: Any
) -> None:
    """Save with nothing entered records nothing, with a sentence, in every game. The phone's
    outbox counts on it: offline, it keeps no hand whose places are all empty (static/outbox.js,
    nothingEntered), so a game whose empty hand meant something would lose hands."""
    count = min(ruleset.players)
    game = start(client, ruleset.id, FOUR[:count])
    parser = SentUntouched("hand-form")
    parser.feed(client.get(f"/games/{game}").get_data(True))
    assert parser.places > 0, "the hand form has no place to enter the hand"
    response = client.post(f"/games/{game}/hands", data=MultiDict(parser.sent))
    assert response.status_code == 422
    assert re.search(
        r'class="(field-error|flash flash-error)"[^>]*>[^<]{10,}<', response.get_data(True)
    )
    assert client.get(f"/api/games/{game}").json["hands"] == []  # type: ignore[index]


def radio_values(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)"', page)


@pytest.mark.parametrize("ruleset", list(REGISTRY.values()), ids=lambda r: r.id)
def test_every_ruleset_has_its_entry_form_rules_page_and_explanations(
    client: FlaskClient, ruleset: Any
) -> None:
    """Issue 20: "every registered ruleset has its entry form, its rules page and its
    explanations" — the scorer page draws its entry, the rules page its text."""
    assert ruleset.id in ENTRY_FORMS
    rules = client.get(f"/rules/{ruleset.id}")
    assert rules.status_code == 200
    assert len(re.findall(r"<p>[^<]{40,}</p>", rules.get_data(True))) >= 3
    count = min(ruleset.players)
    game = start(client, ruleset.id, FOUR[:count])
    page = client.get(f"/games/{game}")
    assert page.status_code == 200
    assert 'id="entry"' in page.get_data(True)


@pytest.mark.parametrize(
    ("ruleset", "source"),
    [
        ("texas-42", "texas42.net/42scoring.html"),
        ("fives-and-threes", "bcad5sand3s.co.uk/what_is_fives_and_threes.htm"),
    ],
)
def test_new_games_rules_pages_show_a_summary_and_the_sources(
    client: FlaskClient, ruleset: str, source: str
) -> None:
    """Issue 20: "The rules page of each new game shows a summary of its rules and the
    sources"."""
    page = client.get(f"/rules/{ruleset}").get_data(True)
    assert "A summary of the rules as this app scores them" in page
    assert "<h2>Sources</h2>" in page and source in page
    assert "Settled here, with no source found" in page


def test_eighty_page_takes_its_bids_tricks_and_count_from_the_ruleset(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: "eighty.html hard-codes 50–80, 10 and 60" — no more: change the ruleset's
    constants and the page follows."""
    game = start(client, "eighty", FOUR)
    page = client.get(f"/games/{game}").get_data(True)
    assert radio_values(page, "bid")[:7] == ["50", "55", "60", "65", "70", "75", "80"]
    assert 'min="50" max="80" name="bid_exact"' in page
    assert 'data-total="10"' in page and 'data-total="60"' in page
    monkeypatch.setattr(EightyRuleset, "lowest_bid", 40)
    monkeypatch.setattr(EightyRuleset, "bid_step", 10)
    monkeypatch.setattr(EightyRuleset, "tricks", 9)
    page = client.get(f"/games/{game}").get_data(True)
    assert radio_values(page, "bid")[:5] == ["40", "50", "60", "70", "80"]
    assert 'min="40" max="80" name="bid_exact"' in page
    assert radio_values(page, "tricks-0") == [str(n) for n in range(10)]


def test_moon_page_takes_its_lowest_bid_from_the_ruleset(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20: "today moon.html re-derives the lowest bid" — the ruleset says it."""
    three = start(client, "moon", FOUR[:3])
    assert radio_values(client.get(f"/games/{three}").get_data(True), "bid") == [
        "4",
        "5",
        "6",
        "7",
        "21",
    ]
    four = start(client, "moon", FOUR, partnerships="1")
    assert radio_values(client.get(f"/games/{four}").get_data(True), "bid")[0] == "3"
    monkeypatch.setattr(MoonRuleset, "bids", lambda self, table: (2, 3))
    assert radio_values(client.get(f"/games/{three}").get_data(True), "bid") == ["2", "3", "21"]


def test_texas_42_page_takes_its_bids_and_count_tiles_from_the_ruleset(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SCORING_MORE.md: "a *point bid* is 30–41; 42 is 1 mark; … marks × 42"; the page's
    buttons are the ruleset's."""
    game = start(client, "texas-42", FOUR, **{"option-scoring": "points"})
    page = client.get(f"/games/{game}").get_data(True)
    bids = radio_values(page, "bid")
    assert bids == [str(n) for n in range(30, 42)] + [str(42 * n) for n in range(1, 8)]
    assert re.findall(r'name="tiles-0" value="([^"]*)" data-count="(\d+)"', page) == [
        ("5-5", "10"),
        ("6-4", "10"),
        ("5-0", "5"),
        ("4-1", "5"),
        ("3-2", "5"),
    ]
    monkeypatch.setattr(Texas42Ruleset, "hand_points", 41)
    assert 'data-rest-total="41"' in client.get(f"/games/{game}").get_data(True)


def test_fives_and_threes_correction_keeps_the_out_flag(client: FlaskClient) -> None:
    """SCORING_MORE.md: "`"out": true` on the play that chipped the side out"; a hand
    corrected on the page keeps it (and the go point with the play)."""
    game = start(client, "fives-and-threes", ["Ann", "Bob"])
    client.post(f"/games/{game}/plays", data={"player": "Bob", "end": ["5", "5-5"]})
    client.post(f"/games/{game}/plays", data={"player": "Ann", "end": ["2", "1"], "out": "1"})
    saved = client.post(f"/games/{game}/hands", data={"domino": "Ann"})
    assert saved.status_code == 303, saved.get_data(True)
    hand = client.get(f"/api/games/{game}").json["hands"][0]  # type: ignore[index]
    assert hand["scores"] == {"Ann": 2, "Bob": 8}
    edit = client.get(f"/games/{game}/hands/1/edit").get_data(True)
    assert 'name="play-1-out" value="1" checked' in edit
    form = {
        "plays": "3",
        "play-0-player": "Bob",
        "play-0-ends": "5 5-5",
        "play-1-player": "Ann",
        "play-1-ends": "2 4",
        "play-1-out": "1",
        "domino": "Ann",
    }
    corrected = client.post(f"/games/{game}/hands/1", data=form)
    assert corrected.status_code == 303, corrected.get_data(True)
    hand = client.get(f"/api/games/{game}").json["hands"][0]  # type: ignore[index]
    assert hand["scores"] == {"Ann": 3, "Bob": 8}  # 6 → 2 threes = 2, + go 1
    assert hand["entry"]["plays"][1]["out"] is True


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        ("5000", "choose who played it"),
        ("999999999", "choose who played it"),
        ("99999999999999999999", "far too large"),
        ("three", "must be a whole number"),
    ],
)
def test_a_correction_posting_any_number_of_play_rows_shows_a_form_of_at_most_a_hundred(
    client: FlaskClient, rows: str, said: str
) -> None:
    """The fuzz found it: a correction form sent back with plays=999999999 and a mistake in
    it drew a row for each of those plays to show the form again, and never finished. The
    form comes back at once with the mistake said, one row at least, a hundred at most (as
    many as are read), and the hand as it was."""
    game = start(client, "fives-and-threes", ["Ann", "Bob"])
    client.post(f"/games/{game}/plays", data={"player": "Bob", "end": ["5", "5-5"]})
    client.post(f"/games/{game}/plays", data={"player": "Ann", "end": ["2", "1"], "out": "1"})
    assert client.post(f"/games/{game}/hands", data={"domino": "Ann"}).status_code == 303
    before = client.get(f"/api/games/{game}").json
    # A play with ends but nobody who played it.
    form = {"plays": rows, "play-0-ends": "5 5-5", "domino": "Ann"}

    refused = client.post(f"/games/{game}/hands/1", data=form)

    assert refused.status_code == 422, refused.status_code
    page = refused.get_data(True)
    assert said in page
    shown = len(re.findall(r'name="play-\d+-ends"', page))
    assert 1 <= shown <= 100, shown
    assert client.get(f"/api/games/{game}").json == before


def test_new_games_are_watched_shared_and_stand_in_a_league(client: FlaskClient) -> None:
    """Issue 20: "sharing, leagues and nights work through the existing generic machinery" —
    a finished Texas 42 and Fives and Threes game in a league: watch page, share page,
    standings."""
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    headers = {"X-League-Token": league["league_token"]}

    def league_game(ruleset: str, **fields: Any) -> dict[str, Any]:
        body = {"ruleset": ruleset, "players": FOUR, "league": league["slug"], **fields}
        created = client.post("/api/games", json=body, headers=headers)
        assert created.status_code == 201, created.json
        game: dict[str, Any] = created.json  # type: ignore[assignment]
        return game

    texas = league_game("texas-42", options={"marks_target": 1})
    scorer = {"X-Scorer-Token": texas["scorer_token"]}
    won = client.post(
        f"/api/games/{texas['id']}/hands",
        json={"bidder": "Bob", "bid": 30, "made": True},
        headers=scorer,
    )
    assert won.json is not None and won.json["winners"] == ["Bob & Dee"]
    fives = league_game("fives-and-threes", partnerships=True, options={"target": 9})
    scorer = {"X-Scorer-Token": fives["scorer_token"]}
    won = client.post(
        f"/api/games/{fives['id']}/hands",
        json={"plays": [{"player": "Ann", "ends": [5, "5-5"]}, {"player": "Cy", "points": 1}]},
        headers=scorer,
    )
    assert won.json is not None and won.json["winners"] == ["Ann & Cy"], won.json

    watcher = client.application.test_client()  # another phone: no scorer cookie
    for game in (texas, fives):
        watch = watcher.get(f"/games/{game['id']}")
        assert watch.status_code == 200
        assert "won" in watch.get_data(True)
        assert watcher.get(f"/games/{game['id']}/share").status_code == 200
    for ruleset in ("texas-42", "fives-and-threes"):
        standings = watcher.get(f"/api/leagues/{league['slug']}/standings?ruleset={ruleset}")
        assert standings.status_code == 200, standings.get_data(True)
        rows = standings.json["rows"]  # type: ignore[index]
        assert rows and any(row.get("won") == 1 for row in rows), rows


def test_a_number_with_5000_digits_is_refused_with_a_sentence(client: FlaskClient) -> None:
    """Brief: "a number with 5,000 digits … gets a clear sentence and changes nothing" — in
    Texas 42's points, a Fives and Threes end and a JSON bid."""
    game = start(client, "texas-42", FOUR, **{"option-scoring": "points"})
    huge = "9" * 5000
    response = client.post(
        f"/games/{game}/hands", data={"bidder": "Ann", "bid": "30", "points-0": huge}
    )
    assert response.status_code == 422
    assert "is far too large: 5000 digits" in response.get_data(True)
    fives = start(client, "fives-and-threes", ["Ann", "Bob"])
    play = client.post(f"/games/{fives}/plays", data={"player": "Ann", "end": [huge, "5"]})
    assert play.status_code == 422
    assert f"“{'9' * 40}…” is not a domino" in play.get_data(True)
    created = client.post("/api/games", json={"ruleset": "texas-42", "players": FOUR}).json
    assert created is not None
    hand = client.post(
        f"/api/games/{created['id']}/hands",
        data='{"bidder": "Ann", "bid": ' + huge + ', "made": true}',
        content_type="application/json",
        headers={"X-Scorer-Token": created["scorer_token"]},
    )
    assert hand.status_code == 422 and hand.json is not None and hand.json["error"]
    assert client.get(f"/api/games/{created['id']}").json["hands"] == []  # type: ignore[index]


def test_texas_42_everybody_passed_on_the_page(client: FlaskClient) -> None:
    """SCORING_MORE.md: "`forced` (default): if everybody passes, the dealer must bid 30" —
    the page says so instead of offering "Everybody passed"; with "`redeal`: a redeal is
    recorded as a hand scoring 0 for both teams, and the deal moves on", it offers it."""
    forced = start(client, "texas-42", FOUR)
    page = client.get(f"/games/{forced}").get_data(True)
    assert "Everybody passed? Then Ann, the dealer, must bid 30" in page
    assert 'name="all_passed"' not in page
    redeal = start(client, "texas-42", FOUR, **{"option-all_pass": "redeal"})
    page = client.get(f"/games/{redeal}").get_data(True)
    assert 'name="all_passed"' in page
    saved = client.post(f"/games/{redeal}/hands", data={"all_passed": "1"})
    assert saved.status_code == 303
    game = client.get(f"/api/games/{redeal}").json
    assert game is not None
    assert game["hands"][0]["scores"] == {"Ann & Cy": 0, "Bob & Dee": 0}
    assert game["next"]["dealer"] == "Bob"
