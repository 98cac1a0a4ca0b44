"""League standings through the real API and pages: what counts, filters, rights, exports."""

from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import dataclass
from datetime import date, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openskill.models import PlackettLuce

from scorekeeper import leagues, store
from scorekeeper.web.leagues import pages as league_pages
from scorekeeper.web.leagues.rights import held_league_tokens
from tests.conftest import Api


@dataclass(frozen=True)
class League:
    slug: str
    token: str


def new_league(client: FlaskClient, name: str = "Thursday Club") -> League:
    response = client.post("/api/leagues", json={"name": name})
    assert response.status_code == 201
    body: dict[str, Any] = response.json  # type: ignore[assignment]
    return League(body["slug"], body["league_token"])


def league_game(
    api: Api, league: League, ruleset: str, players: list[str], **fields: Any
) -> dict[str, Any]:
    """A game created in the league with its league token, as a script would."""
    response = api.client.post(
        "/api/games",
        json={"ruleset": ruleset, "players": players, "league": league.slug, **fields},
        headers={"X-League-Token": league.token},
    )
    assert response.status_code == 201, response.json
    body: dict[str, Any] = response.json  # type: ignore[assignment]
    api.tokens[body["id"]] = body["scorer_token"]
    return body


def block_won_by(api: Api, league: League, players: list[str], pips: dict[str, int]) -> str:
    """A finished game of Block to 10: the player with 0 pips dominoes in the only hand."""
    game = league_game(api, league, "block", players, options={"target": 10})
    domino = next(name for name, left in pips.items() if left == 0)
    result = api.hand(game["id"], {"pips": pips, "domino": domino})
    assert result["status"] == "finished"
    return str(game["id"])


def black_tile(api: Api, league: League, points: dict[str, int]) -> str:
    """A finished game of 11 Point Black Tile, over after one hand: lowest total wins."""
    game = league_game(
        api, league, "black-tile-11", list(points), options={"hands": None, "target": 1}
    )
    result = api.hand(game["id"], {"points": points})
    assert result["status"] == "finished"
    return str(game["id"])


def standings(client: FlaskClient, league: League, **query: str) -> dict[str, Any]:
    response = client.get(f"/api/leagues/{league.slug}/standings", query_string=query)
    assert response.status_code == 200, response.json
    body: dict[str, Any] = response.json  # type: ignore[assignment]
    return body


def rows_by_player(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["player"]: row for row in body["rows"]}


class TableCells(HTMLParser):
    """The cells of the page's standings tables: {ruleset: {player key: {column: text}}}.

    A cell's column is the one at its position in the head (`<th class="col-won">`).
    """

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, dict[str, dict[str, str]]] = {}
        self.table: dict[str, dict[str, str]] | None = None
        self.columns: list[str] = []
        self.in_head = False
        self.row: dict[str, str] | None = None
        self.cell = 0
        self.column: str | None = None
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "table" and "standings" in classes:
            self.table = self.tables.setdefault(found.get("data-ruleset") or "", {})
            self.columns = []
        elif tag == "thead":
            self.in_head = True
        elif self.in_head and tag == "th":
            shown = [c for c in classes if c.startswith("col-") and c != "col-extra"]
            self.columns += [c.removeprefix("col-") for c in shown]
        elif tag == "tr" and self.table is not None and found.get("data-player"):
            self.row = self.table.setdefault(found["data-player"] or "", {})
            self.cell = 0
        elif self.row is not None and self.column is None and tag in ("td", "th"):
            self.column, self.depth = self.columns[self.cell], 0
            self.cell += 1
            self.row[self.column] = ""
        elif self.column is not None:
            self.depth += 1
            if tag == "time" and self.row is not None:
                self.row["datetime"] = found.get("datetime") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self.in_head = False
        if self.column is not None and tag in ("td", "th") and self.depth == 0:
            assert self.row is not None
            self.row[self.column] = " ".join(self.row[self.column].split())
            self.column = None
        elif self.column is not None:
            self.depth -= 1
        if tag == "table":
            self.table = None
        if tag == "tr":
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.column is not None and self.row is not None:
            self.row[self.column] += data


def page_tables(client: FlaskClient, url: str) -> dict[str, dict[str, dict[str, str]]]:
    response = client.get(url)
    assert response.status_code == 200
    parser = TableCells()
    parser.feed(response.get_data(as_text=True))
    return parser.tables


def admin(client: FlaskClient, league: League) -> None:
    """Open the league's admin link in this browser."""
    response = client.get(f"/leagues/{league.slug}/admin/{league.token}")
    assert response.status_code == 303


def csrf_token(client: FlaskClient, url: str) -> str:
    html = client.get(url).get_data(as_text=True)
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "the form carries a CSRF token"
    return match.group(1)


# --- what counts -----------------------------------------------------------------------


def test_standings_count_finished_games_only(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob", "Cy"], {"Ann": 0, "Bob": 12, "Cy": 7})
    unfinished = league_game(api, league, "block", ["Ann", "Dee"], options={"target": 100})
    api.hand(unfinished["id"], {"pips": {"Ann": 0, "Dee": 20}, "domino": "Ann"})

    body = standings(client, league)

    assert body["games"] == 1
    rows = rows_by_player(body)
    assert set(rows) == {"Ann", "Bob", "Cy"}, "Dee has no finished game yet"
    assert (rows["Ann"]["played"], rows["Ann"]["won"], rows["Ann"]["win_rate"]) == (1, 1, 1.0)
    assert rows["Ann"]["points_for"] == 19
    assert rows["Bob"]["points_against"] == 9.5, "the average of Ann's 19 and Cy's 0"
    assert body["rows"][0]["player"] == "Ann", "the winner is first"


def test_a_shared_win_counts_as_a_win_for_each_winner(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    black_tile(api, league, {"Ann": 3, "Bob": 3, "Cy": 5})

    rows = rows_by_player(standings(client, league))

    assert rows["Ann"]["won"] == rows["Bob"]["won"] == 1
    assert rows["Cy"]["won"] == 0
    assert rows["Ann"]["form"] == ["W"] and rows["Cy"]["form"] == ["L"]


def test_a_partnership_result_counts_for_both_partners(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    game = league_game(
        api,
        league,
        "block",
        ["Ann", "Bob", "Cy", "Dee"],
        partnerships=True,
        team_names=["Sharks", "Jets"],
        options={"target": 10},
    )
    api.hand(game["id"], {"pips": {"Sharks": 0, "Jets": 15}, "domino": "Cy"})

    rows = rows_by_player(standings(client, league))

    assert {name: rows[name]["won"] for name in rows} == {"Ann": 1, "Cy": 1, "Bob": 0, "Dee": 0}
    assert rows["Ann"]["points_for"] == rows["Cy"]["points_for"] == 15
    assert rows["Bob"]["points_against"] == 15
    assert rows["Ann"]["rating"] == rows["Cy"]["rating"] > rows["Bob"]["rating"]


def test_players_are_matched_by_name_ignoring_case_and_spaces(
    client: FlaskClient, api: Api
) -> None:
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})
    block_won_by(api, league, ["  BOB ", "ann"], {"BOB": 0, "ann": 20})

    body = standings(client, league)

    assert len(body["rows"]) == 2
    rows = rows_by_player(body)
    assert set(rows) == {"ann", "BOB"}, "the latest spelling of each name is shown"
    assert (rows["ann"]["played"], rows["ann"]["won"]) == (2, 1)
    assert rows["ann"]["form"] == ["W", "L"], "results in the order the games were played"
    assert rows["BOB"]["points_for"] == 20


# --- filters -------------------------------------------------------------------------


def test_seasons_filter_the_standings(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})
    today = date.today()
    headers = {"X-League-Token": league.token}
    now = client.post(
        f"/api/leagues/{league.slug}/seasons",
        json={
            "name": "This week",
            "starts_on": str(today - timedelta(days=3)),
            "ends_on": str(today + timedelta(days=3)),
        },
        headers=headers,
    )
    past = client.post(
        f"/api/leagues/{league.slug}/seasons",
        json={"name": "Spring 2020", "starts_on": "2020-03-01", "ends_on": "2020-05-31"},
        headers=headers,
    )
    assert (now.status_code, past.status_code) == (201, 201)
    assert past.json == {
        "slug": "spring-2020",
        "name": "Spring 2020",
        "starts_on": "2020-03-01",
        "ends_on": "2020-05-31",
    }

    assert rows_by_player(standings(client, league, season="this-week"))["Ann"]["won"] == 1
    assert standings(client, league, season="spring-2020")["rows"] == []
    assert len(standings(client, league)["rows"]) == 2, "all time by default"
    missing = client.get(f"/api/leagues/{league.slug}/standings?season=winter")
    assert missing.status_code == 404 and "winter" in missing.json["error"]  # type: ignore[index]
    page = client.get(f"/leagues/{league.slug}?season=spring-2020").get_data(as_text=True)
    assert "No finished games yet in Spring 2020" in page


def test_a_season_needs_the_league_token_and_sensible_dates(client: FlaskClient) -> None:
    league = new_league(client)
    url = f"/api/leagues/{league.slug}/seasons"
    season = {"name": "Autumn", "starts_on": "2025-09-01", "ends_on": "2025-11-30"}

    refused = client.post(url, json=season, headers={"X-League-Token": "not-the-token"})
    backwards = client.post(
        url,
        json={**season, "ends_on": "2025-08-01"},
        headers={"X-League-Token": league.token},
    )
    nonsense = client.post(
        url, json={**season, "starts_on": "soon"}, headers={"X-League-Token": league.token}
    )

    assert refused.status_code == 403
    assert backwards.status_code == 422 and backwards.json["field"] == "ends_on"  # type: ignore[index]
    assert nonsense.status_code == 422 and nonsense.json["field"] == "starts_on"  # type: ignore[index]
    endless = client.post(
        url, json={**season, "ends_on": "9999-12-31"}, headers={"X-League-Token": league.token}
    )
    assert endless.status_code == 422 and endless.json["field"] == "ends_on"  # type: ignore[index]
    assert client.get(f"/api/leagues/{league.slug}").json["seasons"] == []  # type: ignore[index]
    first = client.post(url, json=season, headers={"X-League-Token": league.token})
    again = client.post(
        url, json={**season, "name": " autumn "}, headers={"X-League-Token": league.token}
    )
    assert (first.status_code, again.status_code) == (201, 422)
    assert again.json["error"] == "Thursday Club already has a season called autumn"  # type: ignore[index]


def test_rulesets_are_rated_and_filtered_apart(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob", "Cy"], {"Ann": 0, "Bob": 12, "Cy": 7})
    black_tile(api, league, {"Ann": 8, "Bob": 1, "Cy": 2})

    block = rows_by_player(standings(client, league, ruleset="block"))
    tile = standings(client, league, ruleset="black-tile-11")
    everything = standings(client, league)

    assert (block["Ann"]["played"], block["Ann"]["won"], block["Bob"]["won"]) == (1, 1, 0)
    assert tile["lowest_wins"] is True
    tile_rows = rows_by_player(tile)
    assert (tile_rows["Bob"]["won"], tile_rows["Bob"]["points_for"]) == (1, 1)
    assert tile_rows["Ann"]["points_against"] == 1.5
    assert rows_by_player(everything)["Ann"]["played"] == 2
    assert rows_by_player(everything)["Ann"]["points_for"] is None, (
        "Block points and Black Tile points do not add up"
    )
    assert [t["ruleset"] for t in everything["rulesets"]] == ["black-tile-11", "block"]
    unknown = client.get(f"/api/leagues/{league.slug}/standings?ruleset=snap")
    assert unknown.status_code == 422


def custom_won_by(
    api: Api, league: League, name: str, winner: str, options: dict[str, Any] | None = None
) -> None:
    """A finished custom game called `name`, over after one hand that `winner` wins 30 to 0."""
    players = ["Ann", "Bob", "Cy"]
    fields = {"name": name, "target": 30} | (options or {})
    game = league_game(api, league, "custom", players, options=fields)
    points = {player: 30 if player == winner else 0 for player in players}
    assert api.hand(game["id"], {"points": points})["status"] == "finished"


def test_custom_games_are_ranked_by_their_name_and_options(client: FlaskClient, api: Api) -> None:
    """Issue 20: a custom game is a first-class game with "a name for the game": a club's
    Pub Rummy and its Chicken Foot are different games with tables of their own; the same
    name (as a player types it again) with the same options is the same table."""
    league = new_league(client)
    custom_won_by(api, league, "Pub Rummy", "Ann")
    custom_won_by(api, league, "Chicken Foot", "Bob")
    custom_won_by(api, league, "pub  RUMMY", "Ann")
    custom_won_by(api, league, "Pub Rummy", "Cy", {"target": None, "hands": 1})

    tables = {t["name"]: t for t in standings(client, league)["rulesets"]}
    over_hands = "Pub Rummy (Or a fixed number of hands: 1)"  # told apart by what differs
    to_30 = "Pub Rummy (Points to end the game: 30)"
    assert set(tables) == {to_30, "Chicken Foot", over_hands}
    assert tables[to_30]["games"] == 2
    assert rows_by_player(tables[to_30])["Ann"]["won"] == 2
    assert rows_by_player(tables[to_30])["Bob"]["won"] == 0
    assert rows_by_player(tables["Chicken Foot"])["Bob"]["won"] == 1
    assert rows_by_player(tables[over_hands])["Cy"]["won"] == 1
    page = client.get(f"/leagues/{league.slug}").get_data(as_text=True)
    assert "Chicken Foot" in page and "Custom game" not in page
    toggles = re.findall(r'class="every-column sr" id="([^"]+)"', page)
    assert len(toggles) == 3 == len(set(toggles))  # each table's column toggle works alone


@pytest.mark.parametrize(
    ("language", "to_30", "over_hands", "high_and_negative"),
    [
        (
            "es",
            "Pub Rummy (Puntos para terminar la partida: 30)",
            "Pub Rummy (O un número fijo de manos: 1)",
            "Pub Rummy (Se permiten puntos negativos en una mano, "
            "Puntos para terminar la partida: 10.000)",
        ),
        (
            "pt-BR",
            "Pub Rummy (Pontos para terminar a partida: 30)",
            "Pub Rummy (Ou um número fixo de mãos: 1)",
            "Pub Rummy (Pontos negativos permitidos numa mão, "
            "Pontos para terminar a partida: 10.000)",
        ),
    ],
)
def test_twin_custom_tables_are_told_apart_in_the_readers_words(
    client: FlaskClient,
    api: Api,
    language: str,
    to_30: str,
    over_hands: str,
    high_and_negative: str,
) -> None:
    """The options that tell tables of one custom game apart are said in the reader's
    language: each label's own words without its explanation in brackets, a number as the
    reader writes it, a switch that is on by its label."""
    league = new_league(client)
    custom_won_by(api, league, "Pub Rummy", "Ann")
    custom_won_by(api, league, "Pub Rummy", "Cy", {"target": None, "hands": 1})
    options = {"name": "Pub Rummy", "target": 10_000, "negative": True}
    game = league_game(api, league, "custom", ["Ann", "Bob", "Cy"], options=options)
    won = api.hand(game["id"], {"points": {"Ann": 0, "Bob": 10_000, "Cy": 0}})
    assert won["status"] == "finished"

    page = client.get(f"/leagues/{league.slug}", headers={"Accept-Language": language})
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.get_data(as_text=True))).split())
    for name in (to_30, over_hands, high_and_negative):
        assert name in text, name
    assert "Points to end" not in text and "fixed number" not in text
    # The API names its tables in English, whatever the reader's language, as before.
    tables = {t["name"] for t in standings(client, league)["rulesets"]}
    assert "Pub Rummy (Points to end the game: 30)" in tables
    assert "Pub Rummy (Negative points allowed in a hand, Points to end the game: 10000)" in tables


def test_the_page_says_when_lowest_total_wins(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    black_tile(api, league, {"Ann": 8, "Bob": 1, "Cy": 2})
    block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})

    page = client.get(f"/leagues/{league.slug}").get_data(as_text=True)

    assert "Lowest total wins 11 Point Black Tile: fewer points for is better." in page
    assert "Highest total wins Block Dominoes" in page
    tables = page_tables(client, f"/leagues/{league.slug}")
    assert set(tables) == {"black-tile-11", "block"}
    assert tables["black-tile-11"]["bob"]["place"] == "1"


# --- rights --------------------------------------------------------------------------


def test_a_game_without_the_league_token_is_refused(client: FlaskClient) -> None:
    league = new_league(client)
    game = {"ruleset": "block", "players": ["Ann", "Bob"], "league": league.slug}

    without = client.post("/api/games", json=game)
    wrong = client.post("/api/games", json=game, headers={"X-League-Token": "guess"})
    other = new_league(client, "Friday Club")
    borrowed = client.post("/api/games", json=game, headers={"X-League-Token": other.token})
    nowhere = client.post(
        "/api/games", json={**game, "league": "no-such-club"}, headers={"X-League-Token": "x"}
    )

    assert (without.status_code, wrong.status_code, borrowed.status_code) == (403, 403, 403)
    assert nowhere.status_code == 404
    assert "league token" in without.json["error"]  # type: ignore[index]
    assert standings(client, league)["games"] == 0
    games_export = client.get(f"/leagues/{league.slug}/games.json").json
    assert games_export["games"] == []  # type: ignore[index]


def test_the_admin_link_keeps_the_token_out_of_the_address_bar(
    client: FlaskClient, app: Flask
) -> None:
    league = new_league(client)

    assert client.get(f"/leagues/{league.slug}/manage").status_code == 403
    assert client.get(f"/leagues/{league.slug}/admin/wrong-token").status_code == 403
    response = client.get(f"/leagues/{league.slug}/admin/{league.token}")

    assert response.status_code == 303
    assert response.location == f"/leagues/{league.slug}"
    page = client.get(response.location).get_data(as_text=True)
    assert league.token not in page, "the public page never shows the token"
    assert "Manage the league" in page
    manage = client.get(f"/leagues/{league.slug}/manage")
    assert manage.status_code == 200 and manage.headers["Cache-Control"] == "no-store"
    assert f"/leagues/{league.slug}/admin/{league.token}" in manage.get_data(as_text=True)
    qr = client.get(f"/leagues/{league.slug}/admin-qr.svg")
    assert qr.mimetype == "image/svg+xml" and qr.headers["Cache-Control"] == "no-store"

    with client:
        client.get(f"/leagues/{league.slug}")
        assert held_league_tokens() == {league.slug: league.token}, "for the new-game page"
    with app.test_request_context():
        assert held_league_tokens() == {}, "another browser holds nothing"


def test_a_season_added_on_the_page_filters_the_standings(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})
    admin(client, league)
    manage = f"/leagues/{league.slug}/manage"
    today = date.today()

    backwards = client.post(
        f"/leagues/{league.slug}/seasons",
        data={
            "csrf_token": csrf_token(client, manage),
            "name": "Summer",
            "starts_on": str(today),
            "ends_on": str(today - timedelta(days=1)),
        },
    )
    added = client.post(
        f"/leagues/{league.slug}/seasons",
        data={
            "csrf_token": csrf_token(client, manage),
            "name": "Summer",
            "starts_on": str(today - timedelta(days=1)),
            "ends_on": str(today + timedelta(days=60)),
        },
    )

    assert backwards.status_code == 422
    assert "before it starts" in backwards.get_data(as_text=True)
    assert added.status_code == 303
    assert added.location == f"/leagues/{league.slug}?season=summer"
    tables = page_tables(client, added.location)
    assert tables["block"]["ann"]["won"] == "1"


def test_starting_a_league_on_its_page_gives_this_phone_its_admin_link(
    client: FlaskClient,
) -> None:
    response = client.post(
        "/leagues", data={"csrf_token": csrf_token(client, "/leagues"), "name": "Domino Den"}
    )

    assert response.status_code == 303
    slug = re.fullmatch(r"/leagues/(domino-den-[a-z0-9]+)/manage", response.location)
    assert slug is not None, response.location
    manage = client.get(response.location).get_data(as_text=True)
    assert f"/leagues/{slug[1]}/admin/" in manage
    assert "Domino Den" in client.get("/leagues").get_data(as_text=True)
    stranger = client.application.test_client()
    assert "Domino Den" not in stranger.get("/leagues").get_data(as_text=True), (
        "a league is found from its link, not from a list"
    )


# --- corrections ---------------------------------------------------------------------


def test_correcting_a_hand_updates_the_standings(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    game_id = block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})
    before = page_tables(client, f"/leagues/{league.slug}")["block"]
    assert (before["ann"]["won"], before["bob"]["won"]) == ("1", "0")

    response = client.put(
        f"/api/games/{game_id}/hands/1",
        json={"pips": {"Ann": 15, "Bob": 0}, "domino": "Bob"},
        headers=api.headers(game_id),
    )
    assert response.status_code == 200

    after = page_tables(client, f"/leagues/{league.slug}")["block"]
    assert (after["ann"]["won"], after["bob"]["won"]) == ("0", "1")
    assert after["bob"]["points_for"] == "15"
    assert after["bob"]["place"] == "1"

    reopened = client.put(
        f"/api/games/{game_id}/hands/1",
        json={"pips": {"Ann": 3, "Bob": 0}, "domino": "Bob"},
        headers=api.headers(game_id),
    )
    assert reopened.json["status"] == "in_progress"  # type: ignore[index]
    assert standings(client, league)["rows"] == [], "a reopened game no longer counts"


# --- pages and exports ---------------------------------------------------------------


@pytest.fixture
def club(client: FlaskClient, api: Api) -> League:
    """A league with free-for-all and partnership games, a shared win and two rulesets."""
    league = new_league(client)
    block_won_by(api, league, ["Ann", "Bob", "Cy"], {"Ann": 0, "Bob": 12, "Cy": 7})
    block_won_by(api, league, ["Bob", "Cy"], {"Bob": 10, "Cy": 0})
    game = league_game(
        api, league, "block", ["Ann", "Bob", "Cy", "Dee"], partnerships=True, options={"target": 5}
    )
    result = api.hand(game["id"], {"pips": {"Ann & Cy": 8, "Bob & Dee": 0}, "domino": "Dee"})
    assert result["winners"] == ["Bob & Dee"]
    black_tile(api, league, {"Ann": 3, "Bob": 3, "Cy": 5})
    black_tile(api, league, {"Ann": 1, "Dee": 6, "Cy": 4})
    return league


def hand_worked_rating(games: list[tuple[list[list[str]], list[int]]]) -> dict[str, str]:
    """μ − 3σ and σ of each player after these games, rated here with openskill's
    Plackett–Luce model from its defaults (μ 25, σ 25/3), to one decimal as shown."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for teams, ranks in games:
        rated = model.rate(
            [[ratings.get(p) or model.rating(name=p) for p in team] for team in teams], ranks=ranks
        )
        for team, new in zip(teams, rated, strict=True):
            ratings.update(zip(team, new, strict=True))
    return {p: f"{r.mu - 3 * r.sigma:.1f} {r.sigma:.1f}" for p, r in ratings.items()}


def test_the_csv_export_has_the_numbers_worked_out_by_hand(
    client: FlaskClient, club: League
) -> None:
    response = client.get(f"/leagues/{club.slug}/standings.csv")
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    # The byte-order mark that makes Excel read the names as UTF-8 (utf-8-sig reads a file
    # with or without it, so it is looked for here).
    assert response.data.startswith(b"\xef\xbb\xbf")
    lines = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    block = hand_worked_rating(
        [
            ([["Ann"], ["Bob"], ["Cy"]], [1, 2, 2]),  # Ann dominoes; Bob and Cy score 0
            ([["Bob"], ["Cy"]], [2, 1]),  # Cy dominoes
            ([["Ann", "Cy"], ["Bob", "Dee"]], [2, 1]),  # Dee dominoes for Bob & Dee
        ]
    )
    tile = hand_worked_rating(
        [
            ([["Ann"], ["Bob"], ["Cy"]], [1, 1, 3]),  # 3, 3, 5: the lowest win, together
            ([["Ann"], ["Dee"], ["Cy"]], [1, 3, 2]),  # 1, 6, 4
        ]
    )
    columns = ("ruleset", "place", "player", "played", "won", "win_rate_percent")
    columns += ("points_for", "points_against", "average", "form")
    # Points against: the average of the opponents' points in each game, added up.
    assert [tuple(line[c] for c in columns) for line in lines] == [
        ("block", "1", "Dee", "1", "1", "100", "8", "0", "8", "W"),
        ("block", "2", "Ann", "2", "1", "50", "19", "8", "9.5", "WL"),  # 0 + 8
        ("block", "3", "Cy", "3", "1", "33.3", "10", "17.5", "3.3", "LWL"),  # 9.5 + 0 + 8
        ("block", "4", "Bob", "3", "1", "33.3", "8", "19.5", "2.7", "LLW"),  # 9.5 + 10 + 0
        ("black-tile-11", "1", "Ann", "2", "2", "100", "4", "9", "2", "WW"),  # 4 + 5
        ("black-tile-11", "2", "Bob", "1", "1", "100", "3", "4", "3", "W"),
        ("black-tile-11", "3", "Cy", "2", "0", "0", "9", "6.5", "4.5", "LL"),  # 3 + 3.5
        ("black-tile-11", "4", "Dee", "1", "0", "0", "6", "2.5", "6", "L"),
    ]
    for line in lines:
        ratings = block if line["ruleset"] == "block" else tile
        shown = f"{line['rating']} {line['rating_uncertainty']}"
        assert shown == ratings[line["player"]], (line["ruleset"], line["player"])


def test_the_csv_export_has_the_numbers_the_page_shows(client: FlaskClient, club: League) -> None:
    shown = page_tables(client, f"/leagues/{club.slug}")
    response = client.get(f"/leagues/{club.slug}/standings.csv")
    lines = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert len(lines) == sum(len(rows) for rows in shown.values()) == 8
    for line in lines:
        cells = shown[line["ruleset"]][line["player"].casefold()]
        assert cells["player"] == line["player"]
        for column in ("place", "played", "won", "points_for", "points_against", "average"):
            assert cells[column] == line[column], (line["player"], column)
        assert cells["win_rate"] == line["win_rate_percent"] + "%"
        rating = f"{line['rating']} ±{line['rating_uncertainty']}, {line['rating_certainty']}"
        assert cells["rating"] == rating
        assert cells["form"] == " ".join(line["form"]).replace(" ", "")
        assert cells["datetime"] == line["last_played"]
    cy = next(line for line in lines if line["ruleset"] == "block" and line["player"] == "Cy")
    # Against Cy: (19 + 0) / 2 from Ann and Bob, then Bob's 0, then Bob and Dee's 8.
    assert (cy["played"], cy["won"], cy["points_against"]) == ("3", "1", "17.5")


def test_exports_of_standings_and_games_as_json_and_csv(
    client: FlaskClient, api: Api, club: League
) -> None:
    league_game(api, club, "block", ["Ann", "Eve"])

    as_json = client.get(f"/leagues/{club.slug}/standings.json").json
    games_json = client.get(f"/leagues/{club.slug}/games.json").json
    games_bytes = client.get(f"/leagues/{club.slug}/games.csv").data
    assert games_bytes.startswith(b"\xef\xbb\xbf"), "the byte-order mark Excel needs"
    games_csv = games_bytes.decode("utf-8-sig")

    assert as_json == standings(client, club)
    assert len(games_json["games"]) == 6  # type: ignore[index]
    statuses = [game["status"] for game in games_json["games"]]  # type: ignore[index]
    assert statuses.count("in_progress") == 1, "every game of the league, finished or not"
    shared = games_json["games"][3]  # type: ignore[index]
    assert shared["winners"] == ["Ann", "Bob"] and shared["places"] == {"Ann": 1, "Bob": 1, "Cy": 3}
    lines = list(csv.DictReader(io.StringIO(games_csv)))
    assert len(lines) == 3 + 2 + 4 + 3 + 3 + 2, "one line per player per game"
    partners = [line for line in lines if line["side"] == "Ann & Cy"]
    assert [line["player"] for line in partners] == ["Ann", "Cy"]
    assert {line["won"] for line in partners} == {"no"}


def test_a_player_page_shows_games_rating_and_head_to_head(
    client: FlaskClient, club: League
) -> None:
    response = client.get(f"/leagues/{club.slug}/players/ANN")
    html = response.get_data(as_text=True)

    assert response.status_code == 200
    assert "<h1>Ann</h1>" in html
    assert html.count('class="player-game ') == 4
    results = re.findall(r'<strong class="result">([^<]+)</strong>', html)
    assert results == ["Won", "Shared win", "Lost", "Won"], "latest first"
    assert html.count("<polyline") == 2, "one rating chart for each game played"
    assert "<svg" in html and "<img" not in html.split("Rating over time")[1].split("</section>")[0]
    h2h = re.search(r'<tr data-player="bob">(.*?)</tr>', html, re.S)
    assert h2h is not None
    numbers = re.findall(r'data-col="(\w+)">(\d+)<', h2h.group(1))
    # Ann won the first game, Bob's team the partnership game, and they shared a win.
    assert dict(numbers) == {"met": "3", "ahead": "1", "behind": "1", "level": "1"}
    cy = re.search(r'<tr data-player="cy">(.*?)</tr>', html, re.S)
    assert cy is not None and 'data-col="met">3<' in cy.group(1), "partners are not opponents"
    assert client.get(f"/leagues/{club.slug}/players/zed").status_code == 404


def test_sorting_the_table_by_a_column(client: FlaskClient, club: League) -> None:
    html = client.get(f"/leagues/{club.slug}?ruleset=block&sort=player&order=desc").get_data(
        as_text=True
    )

    order = re.findall(r'<tr data-player="(\w+)">', html)
    assert order == ["dee", "cy", "bob", "ann"]
    assert 'aria-sort="descending"' in html


def test_the_big_screen_refreshes_itself_without_script(client: FlaskClient, club: League) -> None:
    html = client.get(f"/leagues/{club.slug}/screen").get_data(as_text=True)

    assert '<meta http-equiv="refresh" content="60">' in html
    assert "<script" not in html
    assert html.count('class="standings"') == 2


def test_names_are_escaped_and_pages_have_no_inline_style_or_script(
    client: FlaskClient, api: Api
) -> None:
    league = new_league(client, "<b>Club</b>")
    block_won_by(
        api, league, ["<script>x()</script>", "Bob"], {"<script>x()</script>": 0, "Bob": 12}
    )
    admin(client, league)

    for url in (
        f"/leagues/{league.slug}",
        f"/leagues/{league.slug}/screen",
        f"/leagues/{league.slug}/manage",
        f"/leagues/{league.slug}/players/bob",
        "/leagues",
    ):
        html = client.get(url).get_data(as_text=True)
        assert "<script>x()" not in html and "<b>Club" not in html, url
        assert " style=" not in html and "<style" not in html, url
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
    assert "&lt;script&gt;x()&lt;/script&gt;" in client.get(f"/leagues/{league.slug}").get_data(
        as_text=True
    )
    csv_text = client.get(f"/leagues/{league.slug}/standings.csv").data.decode("utf-8-sig")
    assert "<script>x()</script>" in csv_text, "the export keeps the name as it was entered"


def test_a_formula_in_a_name_is_not_run_by_a_spreadsheet(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    block_won_by(api, league, ["=SUM(A1)", "Bob"], {"=SUM(A1)": 0, "Bob": 12})

    lines = list(
        csv.DictReader(
            io.StringIO(
                client.get(f"/leagues/{league.slug}/standings.csv").data.decode("utf-8-sig")
            )
        )
    )

    assert lines[0]["player"] == "'=SUM(A1)"


def test_ratings_are_shown_with_their_uncertainty_in_words(client: FlaskClient, api: Api) -> None:
    league = new_league(client)
    for _ in range(3):
        block_won_by(api, league, ["Ann", "Bob"], {"Ann": 0, "Bob": 12})

    rows = rows_by_player(standings(client, league))

    assert rows["Ann"]["rating"] > rows["Bob"]["rating"]
    assert rows["Ann"]["rating_certainty"] == "unsure: few games"
    assert rows["Ann"]["rating_sigma"] < 25 / 3, "every game makes the rating surer"
    page = client.get(f"/leagues/{league.slug}").get_data(as_text=True)
    assert "unsure: few games" in page and "How to read the table" in page


def test_an_unknown_league_is_not_found(client: FlaskClient) -> None:
    assert client.get("/leagues/nowhere").status_code == 404
    response = client.get("/api/leagues/nowhere/standings")
    assert response.status_code == 404 and "nowhere" in response.json["error"]  # type: ignore[index]


def test_a_long_table_comes_a_page_at_a_time_and_the_overview_shows_each_tables_top(
    client: FlaskClient, api: Api, club: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club of a hundred players must not send a phone every row of every table at once."""
    monkeypatch.setattr(league_pages, "OVERVIEW_ROWS", 4)  # two tables: the top 2 of each
    monkeypatch.setattr(league_pages, "PAGE_ROWS", 3)
    everyone = {key: cells["place"] for key, cells in page_tables_all(client, club).items()}

    overview = client.get(f"/leagues/{club.slug}").get_data(as_text=True)
    shown = page_tables(client, f"/leagues/{club.slug}")
    assert {ruleset: len(rows) for ruleset, rows in shown.items()} == {
        "block": 2,
        "black-tile-11": 2,
    }
    assert [cells["place"] for cells in shown["block"].values()] == ["1", "2"]
    assert f'href="/leagues/{club.slug}?ruleset=block">All 4 players of Block Dominoes</a>' in (
        overview
    )

    # Block alone: 4 players, 3 to a page, in the order asked for, the pages linked.
    first = client.get(f"/leagues/{club.slug}?ruleset=block&sort=player&order=asc").text
    assert "Players, 4 in all" in first
    assert 'aria-current="page">1–3</a>' in first
    second_url = f"/leagues/{club.slug}?ruleset=block&page=2&sort=player&order=asc"
    assert f'href="{html.escape(second_url)}">4–4</a>' in first
    firsts = page_tables(client, f"/leagues/{club.slug}?ruleset=block&sort=player&order=asc")
    seconds = page_tables(client, second_url)
    assert list(firsts["block"]) == ["ann", "bob", "cy"]
    assert list(seconds["block"]) == ["dee"]
    assert seconds["block"]["dee"]["place"] == everyone["dee"]
    # A page past the end shows the last one; a page that is not a number, the first.
    assert list(page_tables(client, f"/leagues/{club.slug}?ruleset=block&page=9")["block"]) == (
        list(page_tables(client, f"/leagues/{club.slug}?ruleset=block&page=2")["block"])
    )
    assert client.get(f"/leagues/{club.slug}?ruleset=block&page=x").status_code == 200


def page_tables_all(client: FlaskClient, league: League) -> dict[str, dict[str, str]]:
    """Every row of the league's Block table, whatever the page size."""
    rows: dict[str, dict[str, str]] = {}
    for page in range(1, 10):
        found = page_tables(client, f"/leagues/{league.slug}?ruleset=block&page={page}")["block"]
        if set(found) <= set(rows):
            return rows
        rows.update(found)
    return rows


def test_a_players_games_and_opponents_come_a_page_at_a_time(
    client: FlaskClient, club: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(league_pages, "PLAYER_GAMES", 2)
    monkeypatch.setattr(league_pages, "OPPONENTS", 2)
    url = f"/leagues/{club.slug}/players/ann"
    first = client.get(url).get_data(as_text=True)
    record = standings(client, club)  # Ann: 4 games (2 of Block, 2 of Black Tile)
    assert rows_by_player(record)["Ann"]["played"] == 4

    first_games = re.findall(r'data-game="([^"]+)"', first)
    assert len(first_games) == 2
    assert "Games, newest first, 4 in all" in first
    assert 'aria-current="page">1–2</a>' in first
    opponents = re.findall(r'<tr data-player="([^"]+)"', first)
    assert opponents and len(opponents) == 2  # Bob, Cy and Dee: three met
    assert "Opponents, 3 in all" in first

    second = client.get(f"{url}?games=2&opponents=2").get_data(as_text=True)
    second_games = re.findall(r'data-game="([^"]+)"', second)
    assert len(second_games) == 2 and set(second_games).isdisjoint(first_games)
    assert len(re.findall(r'<tr data-player="([^"]+)"', second)) == 1
    # Turning one list's page keeps the other's.
    assert html.escape(f"{url}?games=2&opponents=1") in second


def test_no_csv_cell_is_read_as_a_formula_in_any_column(
    client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names, team names, seasons and game ids (an id can begin with "-"): every column."""
    from scorekeeper import tokens

    monkeypatch.setattr(tokens, "new_game_id", lambda: "-2+3-formula-id")
    league = new_league(client, "=Club")
    client.post(
        f"/api/leagues/{league.slug}/seasons",
        json={"name": "@Spring", "starts_on": "2020-01-01", "ends_on": "2099-01-01"},
        headers={"X-League-Token": league.token},
    )
    game = league_game(
        api,
        league,
        "block",
        ["-Ann", "+Bob", "=Cy", "@Dee"],
        partnerships=True,
        team_names=["=HYPERLINK(x)", "-1+1"],
        options={"target": 10},
    )
    api.hand(game["id"], {"pips": {"=HYPERLINK(x)": 0, "-1+1": 12}, "domino": "-Ann"})
    for path in ("standings.csv", "games.csv", "standings.csv?season=spring"):
        text = client.get(f"/leagues/{league.slug}/{path}").data.decode("utf-8-sig")
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert "'-2+3-formula-id" in cells or "games" not in path
        risky = [
            c for c in cells if c[:1] in "=+-@\t\r" and not re.fullmatch(r"-[0-9]+(\.[0-9]+)?", c)
        ]
        assert risky == [], (path, risky)


# --- what standings read ------------------------------------------------------------------


def test_what_every_standings_request_reads_comes_from_one_index(database: Path) -> None:
    """The version of a league's finished games, their ids and versions in order and their
    count by ruleset are read from the finished games' index alone (m011): no game's row,
    and the order as the index keeps it, not sorted again."""
    db = store.connect(database)
    try:
        league, _token = leagues.create_league(db, "Index Club")
        season = leagues.create_season(db, league, "Spring", "2026-03-01", "2026-05-31")
        seen: list[str] = []
        db.conn.set_trace_callback(seen.append)
        for choice in (
            store.Choice(league.id),
            store.Choice(league.id, ruleset="block"),
            store.Choice(league.id, season=season),
        ):
            store.results_version(db, choice)
            store.stamps(db, choice)
        store.rulesets_played(db, league.id)
        db.conn.set_trace_callback(None)
        for sql in seen:
            plan = " / ".join(row[-1] for row in db.execute(f"explain query plan {sql}"))
            assert "USING COVERING INDEX idx_games_finished_league" in plan, (sql, plan)
            if "order by created_at" in sql:
                assert "TEMP B-TREE" not in plan, (sql, plan)
    finally:
        db.close()


def test_player_links_built_once_per_table_are_url_fors(app: Flask) -> None:
    """The standings JSON builds each table's player links from one url_for
    (`links.urls_varying`): the same addresses, for any name, under any script root."""
    from flask import url_for

    from scorekeeper.web.links import urls_varying

    names = ["ann", "Ann Smith", "josé", "a/b", "a?b#c", "a%00b", "100%", "x+y=z&w", "🙂", "'q';,"]
    for root in ("", "/club"):
        with app.test_request_context("/", base_url=f"http://laptop{root}/"):
            for args in (
                {"slug": "thursday", "ruleset": "block", "season": None},
                {"slug": "thursday", "ruleset": None, "season": "spring"},
            ):
                link = urls_varying("leagues.player", "player", **args)
                for name in names:
                    assert link(name) == url_for("leagues.player", **args, player=name)
