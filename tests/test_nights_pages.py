"""The club night's pages as an organiser and a visitor use them, taps gone wrong included:
Save with nothing entered, a 5,000-character name, a stale button, a visitor's tries."""

from __future__ import annotations

import gzip
import re
from html import escape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import games
from scorekeeper.nights.standings import Result, night_standings
from scorekeeper.store import connect

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def csrf_token(client: FlaskClient, url: str) -> str:
    html = client.get(url).get_data(as_text=True)
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, url
    return match.group(1)


class Night:
    """A league whose admin link this client opened, and a Moon night in it."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        created = client.post("/api/leagues", json={"name": "Club"}).json
        assert created is not None
        self.slug, self.token = created["slug"], created["league_token"]
        assert client.get(f"/leagues/{self.slug}/admin/{self.token}").status_code == 303
        new = f"/leagues/{self.slug}/nights/new/moon"
        form = {"csrf_token": csrf_token(client, new), "rounds": "3", "option-target": "7"}
        opened = client.post(new, data={**form, "format": "individual", "table_size": "4"})
        assert opened.status_code == 303
        self.url = opened.location

    def post(self, path: str, **data: str) -> str:
        """Post a form of the night page; returns the page it leads to."""
        token = csrf_token(self.client, self.url)
        response = self.client.post(self.url + path, data={"csrf_token": token, **data})
        assert response.status_code == 303, response.status_code
        return self.client.get(response.location).get_data(as_text=True)

    def api(self) -> dict:  # type: ignore[type-arg]
        body = self.client.get(f"/api/leagues/{self.slug}/nights/1").json
        assert body is not None
        return body


@pytest.fixture
def night(client: FlaskClient) -> Night:
    return Night(client)


def test_check_in_with_nothing_entered_says_so_and_changes_nothing(night: Night) -> None:
    before = night.api()["version"]
    page = night.post("/players", names="  ,  ")
    assert "Type at least one name to check in." in page
    page = night.post("/players", names="x" * 5000)
    assert "too long: at most 40 characters" in page
    assert night.api()["version"] == before
    assert night.api()["players"] == []


def test_checking_in_leaving_and_coming_back_from_the_page(night: Night) -> None:
    page = night.post("/players", names="Ann, Bob\nMaría José\n ann ")
    assert "3 players present." in page
    page = night.post("/players/leave", name="Bob")
    assert "Bob has left: not seated again." in page
    assert [p["name"] for p in night.api()["players"]] == ["Ann", "María José"]  # never seated
    night.post("/players", names=", ".join(NAMES))
    night.post("/rounds", round="1")
    page = night.post("/players/leave", name="Ann")
    assert {p["name"]: p["present"] for p in night.api()["players"]}["Ann"] is False
    page = night.post("/players/return", name="Ann")
    assert "Ann is back." in page


def test_a_stale_seat_button_is_refused_and_the_round_is_not_seated_again(night: Night) -> None:
    night.post("/players", names=", ".join(NAMES))
    page = night.post("/rounds", round="1")
    assert "Round 1 is seated: 2 tables." in page
    seats = [t["seats"] for t in night.api()["rounds"][0]["tables"]]
    page = night.post("/rounds", round="1")
    assert "Round 1 is already seated." in page
    page = night.post("/rounds", round="2")
    assert "Round 1 is still being played" in page
    page = night.post("/rounds", round="")
    assert "That button has expired" in page
    assert [t["seats"] for t in night.api()["rounds"][0]["tables"]] == seats
    assert len(night.api()["rounds"]) == 1
    # Undo, then call time on the seated round.
    assert "seating is undone" in night.post("/rounds/1/undo", round="1")
    assert night.api()["rounds"] == []
    night.post("/rounds", round="1")
    page = night.post("/rounds/1/call-time", round="1")
    assert "Time called for round 1: each table finishes the hand in play." in page
    assert "time called: the hand in play is the last" in page


def test_a_visitor_sees_the_night_but_cannot_run_it(night: Night, app: object) -> None:
    night.post("/players", names=", ".join(NAMES))
    night.post("/rounds", round="1")
    visitor: FlaskClient = app.test_client()  # type: ignore[attr-defined]
    page = visitor.get(night.url).get_data(as_text=True)
    assert "Table 1" in page and "Standings" in page
    assert "<form" not in page and "Check-in" not in page
    for path in ("/rounds", "/players", "/rounds/1/call-time"):
        assert visitor.post(night.url + path, data={"round": "2"}).status_code in (400, 403)
    assert visitor.get(night.url + "/rounds/1/cards").status_code == 403
    assert visitor.get(night.url + "/rounds/1/tables/1/scorer-qr.svg").status_code == 403
    qr = night.client.get(night.url + "/rounds/1/tables/1/scorer-qr.svg")
    assert qr.status_code == 200 and qr.headers["Cache-Control"] == "no-store"
    cards = night.client.get(night.url + "/rounds/1/cards").get_data(as_text=True)
    assert len(re.findall(r'href="[^"]*/join/', cards)) == 2  # each table's scorer link


def test_a_visitors_night_views_are_kept_per_language_and_sent_gzipped(
    night: Night, app: object
) -> None:
    """Kept once per version for every visitor, the page, board and projector still come in
    each reader's own language (never the copy another language asked for first), gzipped
    for a phone that takes it, and a visitor gets no session cookie for reading them."""
    night.post("/players", names=", ".join(NAMES))
    night.post("/rounds", round="1")
    visitor: FlaskClient = app.test_client()  # type: ignore[attr-defined]
    for path in ("", "/board", "/screen", "/screen/board"):
        english = visitor.get(night.url + path, headers={"Accept-Language": "en"})
        spanish = visitor.get(night.url + path, headers={"Accept-Language": "es"})
        portuguese = visitor.get(night.url + path, headers={"Accept-Language": "pt-BR"})
        assert "Table 1" in english.get_data(as_text=True), path
        assert "Mesa 1" in spanish.get_data(as_text=True), path
        assert "Tabla" in spanish.get_data(as_text=True), path  # the standings
        assert "Classificação" in portuguese.get_data(as_text=True), path
        assert "Set-Cookie" not in english.headers, path
        zipped = visitor.get(
            night.url + path, headers={"Accept-Language": "es", "Accept-Encoding": "gzip"}
        )
        assert zipped.headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in zipped.headers["Vary"], path
        assert gzip.decompress(zipped.get_data()) == spanish.get_data(), path
    # The organiser's page is theirs alone: it carries the forms a visitor's never shows.
    assert "<form" in night.client.get(night.url).get_data(as_text=True)
    assert "<form" not in visitor.get(night.url).get_data(as_text=True)


def test_the_live_board_changes_when_a_hand_is_entered(night: Night, app: object) -> None:
    night.post("/players", names=", ".join(NAMES))
    night.post("/rounds", round="1")
    table = night.api()["rounds"][0]["tables"][0]
    visitor: FlaskClient = app.test_client()  # type: ignore[attr-defined]
    first = visitor.get(night.url + "/board")
    tag = first.headers["ETag"]
    assert visitor.get(night.url + "/board", headers={"If-None-Match": tag}).status_code == 304
    # The table's scorer, from the organiser's card link.
    cards = night.client.get(night.url + "/rounds/1/cards").get_data(as_text=True)
    join = re.search(r'href="https?://[^/"]+(/games/' + table["game_id"] + r'/join/[^"]+)"', cards)
    assert join
    scorer = app.test_client()  # type: ignore[attr-defined]
    assert scorer.get(join.group(1)).status_code == 303
    token = csrf_token(scorer, f"/games/{table['game_id']}")
    sides = table["sides"]
    entered = scorer.post(
        f"/games/{table['game_id']}/hands",
        data={
            "csrf_token": token,
            "bidder": table["seats"][0],
            "bid": "7",
            "tricks-0": "7",
            "tricks-1": "0",
        },
    )
    assert entered.status_code == 303
    after = visitor.get(night.url + "/board", headers={"If-None-Match": tag})
    assert after.status_code == 200
    html = after.get_data(as_text=True)
    shown = f'{escape(sides[0])}</span> <span class="points">7<'
    assert shown in html


def test_a_hand_written_by_another_connection_reaches_the_board(night: Night, app: Flask) -> None:
    """The board's "has anything changed?" is kept while the file is unchanged: a hand
    written by another connection to the file (another process, `scorekeeper import`)
    is seen at the next poll all the same."""
    night.post("/players", names=", ".join(NAMES))
    night.post("/rounds", round="1")
    table = night.api()["rounds"][0]["tables"][0]
    visitor = app.test_client()
    tag = visitor.get(night.url + "/board").headers["ETag"]
    assert visitor.get(night.url + "/board", headers={"If-None-Match": tag}).status_code == 304
    other = connect(app.config["DATABASE"])
    try:
        first, second = table["sides"]
        entry = {"bidder": table["seats"][0], "bid": 5, "tricks": {first: 5, second: 2}}
        games.record_hand(other, table["game_id"], entry, games.Writer(via="test"))
    finally:
        other.close()
    after = visitor.get(night.url + "/board", headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert f'{escape(first)}</span> <span class="points">5<' in after.get_data(as_text=True)


def test_new_night_form_refuses_bad_settings_with_a_sentence(night: Night) -> None:
    new = f"/leagues/{night.slug}/nights/new/moon"
    token = csrf_token(night.client, new)
    refused = night.client.post(
        new, data={"csrf_token": token, "rounds": "3", "format": "pairs", "table_size": "3"}
    )
    assert refused.status_code == 303  # pairs always seat 4: the size is not asked
    refused = night.client.post(
        new, data={"csrf_token": token, "rounds": "3", "option-target": "-5"}
    )
    assert refused.status_code == 422
    assert "must be a whole number" in refused.get_data(as_text=True)
    refused = night.client.post(new, data={"csrf_token": token, "rounds": "0"})
    assert refused.status_code == 422
    assert night.client.get(f"/leagues/{night.slug}/nights/new/chess").status_code == 404


def test_night_standings_of_a_lowest_wins_free_for_all_worked_by_hand() -> None:
    """Black Tile, lowest total wins. Table: Ann 10, Bob 25, Cy 40; then Ann 30, Bob 20, Cy 40.

    Ann: won 1, for 40, against (25+40)/2 + (20+40)/2 = 62.5, margin 62.5 − 40 = 22.5.
    Bob: won 1, for 45, against 25 + 35 = 60, margin 15. Cy: won 0, for 80, against
    17.5 + 25 = 42.5, margin −37.5.
    """
    ann, bob, cy = ("Ann",), ("Bob",), ("Cy",)
    results = [
        Result(((ann,), (bob,), (cy,)), (10, 25, 40), (True, False, False), True),
        Result(((ann,), (bob,), (cy,)), (30, 20, 40), (False, True, False), True),
    ]
    table = night_standings([cy, bob, ann], results, {}, lowest_wins=True)
    assert [(r.name, r.won, r.points_for, r.points_against, r.margin) for r in table.rows] == [
        ("Ann", 1, 40, 62.5, 22.5),
        ("Bob", 1, 45, 60.0, 15.0),
        ("Cy", 0, 80, 42.5, -37.5),
    ]
    assert [table.places[e] for e in (ann, bob, cy)] == [1, 2, 3]


def test_equal_won_and_margin_are_split_by_points_for_where_the_highest_wins() -> None:
    a, b, c, d = ("A",), ("B",), ("C",), ("D",)
    results = [
        Result(((a,), (b,)), (20, 10), (True, False), False),  # A +10, for 20
        Result(((c,), (d,)), (15, 5), (True, False), False),  # C +10, for 15
    ]
    table = night_standings([c, a, d, b], results, {d: 1}, lowest_wins=False)
    # B and D both lost by 10; B scored 10 to D's 5.
    assert [r.name for r in table.rows] == ["A", "C", "B", "D"]
    assert [table.places[e] for e in (a, c, b, d)] == [1, 2, 3, 4]
    assert next(r for r in table.rows if r.entrant == d).byes == 1


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Choose the players per table"),
        ("es", "Elige cuántos jugadores van en cada mesa"),
        ("pt", "Escolha quantos jogadores ficam em cada mesa"),
    ],
)
def test_a_table_size_that_is_not_a_number_is_refused_in_the_organisers_words(
    night: Night, language: str, said: str
) -> None:
    new = f"/leagues/{night.slug}/nights/new/moon?lang={language}"
    token = csrf_token(night.client, new)
    refused = night.client.post(
        new, data={"csrf_token": token, "rounds": "3", "format": "individual", "table_size": "x"}
    )
    assert refused.status_code == 422
    assert escape(said) in refused.get_data(as_text=True)
    assert len(night.client.get(f"/api/leagues/{night.slug}/nights").json) == 1  # the first only
