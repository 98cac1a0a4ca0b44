"""Standings brought up to date after a change equal standings worked out afresh, exactly.

The app keeps each view's rated games and, when games finish, are corrected or reopen,
folds again only from where they changed (`standings.Pool`). Every test here changes a
league and compares what the kept standings give with what a fresh computation gives:
in the pool alone against the plain folds (`rate_games`, `standings_rows`), and through
the real app on a real SQLite file, page for page and float for float. The pools keep
their state every few games here, not every hundred, so that small leagues go through
every way of starting again.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app, standings
from scorekeeper.rules.base import Table
from scorekeeper.standings import LeagueGame, Pool, rate_games, standings_rows
from scorekeeper.web.leagues.rated import CACHE_KEY, RatedView, RatedViews
from tests.conftest import Api
from tests.test_leagues import League, league_game, new_league


@contextmanager
def checkpoints(ratings: int, tallies: int) -> Iterator[None]:
    """Pools keeping their ratings every `ratings` games and their tallies every `tallies`."""
    with (
        mock.patch.object(standings, "RATINGS_EVERY", ratings),
        mock.patch.object(standings, "TALLIES_EVERY", tallies),
    ):
        yield


@pytest.fixture
def few_games_apart() -> Iterator[None]:
    with checkpoints(2, 3):
        yield


# --- the pool alone ---------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


TABLES = st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True)


@st.composite
def games(draw: st.DrawFn, serial: Iterator[int]) -> LeagueGame:
    """A finished game of Block among two to four of NAMES; the highest total wins."""
    players = draw(TABLES)
    return made_game(next(serial), players, draw(totals_for(tuple(players))))


@functools.cache  # one strategy per table: Hypothesis works out each strategy's traits once
def totals_for(players: tuple[str, ...]) -> st.SearchStrategy[dict[str, int]]:
    return st.fixed_dictionaries({player: st.integers(0, 4) for player in players})


def made_game(n: int, players: list[str], totals: dict[str, int], version: int = 1) -> LeagueGame:
    best = max(totals.values())
    return LeagueGame(
        id=f"g{n}",
        ruleset="block",
        table=Table(tuple(players)),
        totals=totals,
        winners=tuple(player for player in players if totals[player] == best),
        finished=True,
        created_at="2025-03-01T19:00:00.000+00:00",
        version=version,
    )


@st.composite
def edited(draw: st.DrawFn, played: list[LeagueGame], serial: Iterator[int]) -> list[LeagueGame]:
    """The games after one change: a game inserted, removed, or rewritten (as a correction:
    the same game at a new version, its placings changed or not, or only its totals)."""
    change = draw(st.sampled_from(["insert", "remove", "rewrite"] if played else ["insert"]))
    at = draw(st.integers(0, len(played) - (change != "insert")))
    if change == "insert":
        return [*played[:at], draw(games(serial)), *played[at:]]
    if change == "remove":
        return played[:at] + played[at + 1 :]
    old = played[at]
    players = list(old.table.players)
    new = made_game(int(old.id[1:]), players, draw(totals_for(tuple(players))), old.version + 1)
    return [*played[:at], new, *played[at + 1 :]]


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    every=st.tuples(st.integers(1, 4), st.integers(1, 4)),
    changes=st.integers(1, 12),
)
def test_a_pool_brought_up_to_date_equals_the_plain_folds(
    data: st.DataObject, every: tuple[int, int], changes: int
) -> None:
    serial = iter(range(10_000))
    played = data.draw(st.lists(games(serial), max_size=14), "games")
    with checkpoints(*every):
        pool = Pool().updated(played)
        for _ in range(changes):
            played = data.draw(edited(played, serial), "change")
            pool = pool.updated(played)
            rated = rate_games(played)
            assert pool.rated == rated
            assert all(kept.game is game for kept, game in zip(pool.rated, played, strict=True))
            assert pool.rows == standings_rows(rated)


def test_a_pool_refolds_only_from_the_change(few_games_apart: None) -> None:
    serial = iter(range(100))
    three = ["Ann", "Bob", "Cy"]
    played = [made_game(next(serial), three, {"Ann": n % 3, "Bob": 1, "Cy": 2}) for n in range(20)]
    pool = Pool().updated(played)

    # A game started a little before the last three finishes: those, and the games since
    # the last checkpoint before it, are rated again; no others.
    late = made_game(next(serial), ["Ann", "Dee"], {"Ann": 0, "Dee": 5})
    played = [*played[:17], late, *played[17:]]
    with counting(standings, "rate_game") as rated:
        pool = pool.updated(played)
    assert rated() == 21 - 16

    # A correction to the first game that moves totals, not placings: nothing is re-rated.
    first = played[0]
    played[0] = made_game(int(first.id[1:]), three, {"Ann": 0, "Bob": 1, "Cy": 3}, version=2)
    assert played[0].placing == first.placing
    with counting(standings, "rate_game") as rated:
        pool = pool.updated(list(played))
    assert rated() == 0
    assert pool.rated[0].game is played[0]

    # The same game with another winner: every game is rated again.
    played[0] = made_game(int(first.id[1:]), three, {"Ann": 9, "Bob": 1, "Cy": 3}, version=3)
    with counting(standings, "rate_game") as rated:
        pool = pool.updated(list(played))
    assert rated() == len(played)
    assert pool.rated == rate_games(played)
    assert pool.updated(list(played)) is pool, "the very same games: the same pool"


@contextmanager
def counting(owner: object, name: str) -> Iterator[Callable[[], int]]:
    """Count the calls to `owner.name` while inside; yields what tells how many so far."""
    calls = 0
    original = getattr(owner, name)

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args)

    with mock.patch.object(owner, name, counted):
        yield lambda: calls


# --- through the app ---------------------------------------------------------------------

BLOCK_TARGET = 10
BLACK_TILE_SPLITS = ((3, 3, 5), (1, 4, 6), (0, 5, 6), (2, 4, 5), (1, 5, 5))


@dataclass
class Club:
    """A league in the real app on a real file, played and corrected through the API."""

    app: Flask
    client: FlaskClient
    api: Api
    league: League
    players: set[str] = field(default_factory=set)
    rulesets: dict[str, str] = field(default_factory=dict)  # game id -> ruleset
    tables: dict[str, list[str]] = field(default_factory=dict)  # game id -> players
    finished: set[str] = field(default_factory=set)
    seasons: list[str] = field(default_factory=list)

    def start(self, ruleset: str, players: list[str]) -> str:
        options = {"target": BLOCK_TARGET} if ruleset == "block" else {"hands": None, "target": 1}
        game_id = str(league_game(self.api, self.league, ruleset, players, options=options)["id"])
        self.rulesets[game_id], self.tables[game_id] = ruleset, players
        self.players.update(standings.player_key(player) for player in players)
        return game_id

    def finish(self, game_id: str, entry: dict[str, Any]) -> None:
        assert self.api.hand(game_id, entry)["status"] == "finished"
        self.finished.add(game_id)

    def correct(self, game_id: str, entry: dict[str, Any]) -> None:
        """Rewrite the game's one hand: it stays finished or reopens, as the entry says."""
        response = self.client.put(
            f"/api/games/{game_id}/hands/1", json=entry, headers=self.api.headers(game_id)
        )
        assert response.status_code == 200, response.json
        body: dict[str, Any] = response.json  # type: ignore[assignment]
        if body["status"] == "finished":
            self.finished.add(game_id)
        else:
            self.finished.discard(game_id)

    def undo(self, game_id: str) -> None:
        """Take back the game's one hand: it is in progress again, with no hands."""
        response = self.client.delete(
            f"/api/games/{game_id}/hands/1", headers=self.api.headers(game_id)
        )
        assert response.status_code == 200, response.json
        self.finished.discard(game_id)

    def move_back(self, game_ids: list[str], days: int) -> None:
        """Start these games `days` earlier: only before the app has shown any standings,
        as a league's history imported from elsewhere would be."""
        assert CACHE_KEY not in self.app.extensions
        with sqlite3.connect(self.app.config["DATABASE"]) as conn:
            for game_id in game_ids:
                (created,) = conn.execute(
                    "select created_at from games where id = ?", [game_id]
                ).fetchone()
                moved = datetime.fromisoformat(created) - timedelta(days=days)
                conn.execute(
                    "update games set created_at = ? where id = ?",
                    [moved.astimezone(UTC).isoformat(timespec="milliseconds"), game_id],
                )
        conn.close()

    def add_season(self, name: str, starts: date, ends: date) -> None:
        response = self.client.post(
            f"/api/leagues/{self.league.slug}/seasons",
            json={"name": name, "starts_on": str(starts), "ends_on": str(ends)},
            headers={"X-League-Token": self.league.token},
        )
        assert response.status_code == 201
        self.seasons.append(response.json["slug"])  # type: ignore[index]

    def urls(self) -> list[str]:
        """Every way the standings are shown, for every view of the league."""
        base = f"/leagues/{self.league.slug}"
        views = [{}, *({"ruleset": r} for r in sorted(set(self.rulesets.values())))]
        views += [{"season": season} for season in self.seasons]
        views += [{"season": season, "ruleset": "block"} for season in self.seasons]
        urls = []
        for view in views:
            query = "?" + "&".join(f"{k}={v}" for k, v in view.items()) if view else ""
            urls += [
                f"/api/leagues/{self.league.slug}/standings{query}",
                f"{base}{query}",
                f"{base}/standings.csv{query}",
            ]
            urls += [f"{base}/players/{player}{query}" for player in sorted(self.players)]
        return urls

    def assert_kept_equals_fresh(self) -> tuple[int, int]:
        """What the kept standings show is what a fresh computation shows, byte for byte,
        and the kept views hold the very same games, rows and ratings, float for float.

        Returns how many games were rated to bring the kept views up to date, and how
        many to work them out afresh.
        """
        urls = self.urls()
        with counting(standings, "rate_game") as kept_work:
            kept_pages = {url: self.page(url) for url in urls}
        kept: RatedViews = self.app.extensions[CACHE_KEY]
        assert len(kept.entries) < RatedViews.SIZE, "every view is still kept"
        self.app.extensions[CACHE_KEY] = RatedViews()
        try:
            with counting(standings, "rate_game") as fresh_work:
                fresh_pages = {url: self.page(url) for url in urls}
            fresh: RatedViews = self.app.extensions[CACHE_KEY]
        finally:
            self.app.extensions[CACHE_KEY] = kept
        for url in urls:
            assert kept_pages[url] == fresh_pages[url], url
        assert kept.entries.keys() == fresh.entries.keys()
        for key, view in fresh.entries.items():
            assert contents(kept.entries[key]) == contents(view), key
            assert plain_rows(view.games) == rows_of(view), key
        return kept_work(), fresh_work()

    def page(self, url: str) -> bytes:
        """The page, which is there unless it is the unfiltered page of a player with no
        finished game (two 404s are equal bytes whatever the standings: they prove nothing;
        a season's or a ruleset's page says the player has no games in it)."""
        response = self.client.get(url)
        played = {
            standings.player_key(player)
            for game_id in self.finished
            for player in self.tables[game_id]
        }
        path, _, query = url.partition("?")
        player = path.split("/players/", 1)[1] if "/players/" in path else None
        expected = 404 if player is not None and not query and player not in played else 200
        assert response.status_code == expected, (url, response.status_code)
        return response.get_data()


def contents(view: RatedView) -> tuple[Any, ...]:
    return (view.games, view.tables, view.overall, view.by_ruleset)


def rows_of(view: RatedView) -> tuple[Any, ...]:
    return ([table.rows for table in view.tables], view.overall and view.overall.rows)


def plain_rows(games: list[LeagueGame]) -> tuple[Any, ...]:
    """Each ruleset's rows and the overall rows by the plain folds, keeping nothing."""
    tables = [standings_rows(rate_games(group)) for _, group in standings.by_ruleset(games)]
    if len(tables) == 1:
        return (tables, tables[0])
    return (tables, standings_rows(rate_games(games)) if games else None)


def block_entry(players: list[str], winner: str, pips: int) -> dict[str, Any]:
    """A hand of Block that `winner` dominoes, catching `pips` (plus one a player) from the rest."""
    others = [player for player in players if player != winner]
    counts = {player: pips // len(others) + n for n, player in enumerate(others)}
    return {"pips": {**counts, winner: 0}, "domino": winner}


def black_tile_entry(players: list[str], split: tuple[int, ...]) -> dict[str, Any]:
    return {"points": dict(zip(players, split, strict=True))}


@pytest.fixture
def club(app: Flask, client: FlaskClient, api: Api) -> Club:
    return Club(app, client, api, new_league(client))


def test_standings_follow_each_kind_of_change_exactly(club: Club, few_games_apart: None) -> None:
    three, four = ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy", "Dee"]
    old = []
    for n in range(12):
        players = three if n % 2 else ["Bob", "Dee"]
        game_id = club.start("block", players)
        club.finish(game_id, block_entry(players, players[n % 3 % len(players)], 12))
        old.append(game_id)
    tile = club.start("black-tile-11", ["Cy", "Dee", "Eve"])
    club.finish(tile, black_tile_entry(["Cy", "Dee", "Eve"], (1, 4, 6)))
    club.move_back([*old[:6], tile], days=40)
    today = date.today()
    club.add_season("Last month", today - timedelta(days=45), today - timedelta(days=30))
    club.add_season("This week", today - timedelta(days=3), today + timedelta(days=3))

    late = club.start("block", four)  # started before the games below, finished after them
    for n in range(3):
        game_id = club.start("block", three)
        club.finish(game_id, block_entry(three, three[n], 10 + n))
    club.assert_kept_equals_fresh()

    club.finish(late, block_entry(four, "Dee", 14))
    kept, fresh = club.assert_kept_equals_fresh()
    assert 0 < kept < fresh / 3, "only the games from the last checkpoint before it on"

    # Only the totals move: Bob still dominoes, catching more pips; Cy still takes least.
    club.correct(old[1], block_entry(three, "Bob", 25))
    assert club.assert_kept_equals_fresh()[0] == 0, "the same placings: nothing is re-rated"
    club.correct(tile, black_tile_entry(["Cy", "Dee", "Eve"], (0, 5, 6)))
    assert club.assert_kept_equals_fresh()[0] == 0

    # Another winner, early in the league: the later games of its pools are rated again.
    club.correct(old[0], block_entry(["Bob", "Dee"], "Dee", 11))
    kept, fresh = club.assert_kept_equals_fresh()
    assert kept > fresh / 2
    club.correct(tile, black_tile_entry(["Cy", "Dee", "Eve"], (6, 0, 5)))
    club.assert_kept_equals_fresh()

    # A correction leaves a game short of the target: it no longer counts, then again.
    club.correct(old[8], block_entry(["Bob", "Dee"], "Bob", 3))
    assert old[8] not in club.finished
    club.assert_kept_equals_fresh()
    club.correct(old[8], block_entry(["Bob", "Dee"], "Dee", 30))
    club.assert_kept_equals_fresh()

    # The only game of a ruleset is taken back: its table goes, and comes back.
    club.undo(tile)
    club.assert_kept_equals_fresh()
    club.finish(tile, black_tile_entry(["Cy", "Dee", "Eve"], (3, 3, 5)))
    club.assert_kept_equals_fresh()


def test_reading_changed_games_one_by_one_or_all_at_once_agrees(
    club: Club, few_games_apart: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More new or changed games than READ_BY_ID: the whole view is read instead."""
    players = ["Ann", "Bob"]
    first = club.start("block", players)
    club.finish(first, block_entry(players, "Ann", 10))
    club.assert_kept_equals_fresh()
    monkeypatch.setattr(standings, "READ_BY_ID", 1)
    for winner in ("Bob", "Ann"):
        game_id = club.start("block", players)
        club.finish(game_id, block_entry(players, winner, 12))
    club.correct(first, block_entry(players, "Bob", 12))
    club.assert_kept_equals_fresh()


# --- random changes through the app ----------------------------------------------------

SPELLINGS = (("Ann", "ann"), ("Bob",), ("Cy", "CY"), ("Dee",))


@st.composite
def seated(draw: st.DrawFn, seats: int) -> list[str]:
    """Players for a table, each spelled one of the ways the club spells them."""
    chosen = draw(st.lists(st.sampled_from(SPELLINGS), min_size=seats, max_size=seats, unique=True))
    return [draw(st.sampled_from(spellings)) for spellings in chosen]


def random_step(club: Club, data: st.DataObject) -> None:
    """One thing a club does: start a game, finish one, or correct a finished one so that
    it gets another winner, other totals, or reopens."""
    # Games in the order they were started: their ids are random.
    waiting = [game_id for game_id in club.tables if game_id not in club.finished]
    finished = [game_id for game_id in club.tables if game_id in club.finished]
    steps = ["start", "correct"] if finished else ["start"]
    steps += ["finish"] * 2 if waiting else []
    step = data.draw(st.sampled_from(steps), "step")
    if step == "start":
        ruleset = data.draw(st.sampled_from(["block", "black-tile-11"]), "ruleset")
        seats = 3 if ruleset == "black-tile-11" else data.draw(st.integers(2, 3), "seats")
        club.start(ruleset, data.draw(seated(seats), "players"))
        return
    game_id = data.draw(st.sampled_from(waiting if step == "finish" else finished), "game")
    players = club.tables[game_id]
    if club.rulesets[game_id] == "black-tile-11":
        split = data.draw(st.sampled_from(BLACK_TILE_SPLITS), "split")
        entry = black_tile_entry(players, data.draw(st.permutations(split), "points"))
    else:
        pips = data.draw(st.sampled_from([3, 10, 11, 20]) if step == "correct" else st.just(15))
        entry = block_entry(players, data.draw(st.sampled_from(players), "winner"), pips)
    if step == "finish":
        club.finish(game_id, entry)
    else:
        club.correct(game_id, entry)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), steps=st.integers(3, 10))
def test_random_changes_leave_the_kept_standings_as_fresh_ones(
    few_games_apart: None, new_database: Callable[[], Path], data: st.DataObject, steps: int
) -> None:
    app = create_app({"TESTING": True, "DATABASE": new_database(), "SECRET_KEY": "test"})
    client = app.test_client()
    club = Club(app, client, Api(client), new_league(client))
    for _ in range(4):
        random_step(club, data)
    club.move_back(list(club.tables)[:2], days=40)
    today = date.today()
    club.add_season("Last month", today - timedelta(days=45), today - timedelta(days=30))
    club.assert_kept_equals_fresh()
    for _ in range(steps):
        random_step(club, data)
        club.assert_kept_equals_fresh()
