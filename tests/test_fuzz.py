"""Bad input, at random: every endpoint and every form, never a 500, never a change on refusal.

Hypothesis sends random JSON (and non-JSON) bodies, headers and path values to every route
of the app, and random form data to every page that takes a POST, against a real SQLite
file holding real games. The routes come from the app itself, so a new endpoint is fuzzed
the day it is added. Among them, what once gave a 500: numbers of 5,000 digits, nesting
1,500 deep, lone surrogates (as JSON escapes and percent-encoded in forms and query
strings), digits that are not ASCII ("²" in If-Match, version or pips), "--5", bodies
under the wrong content type. After each request: no 5xx; if the request was refused
(4xx) or was a GET, every table is exactly as it was.
"""

from __future__ import annotations

import functools
import html
import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from tests.conftest import Api

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
TILES = ["0-0", "3-4", "5-5", "6-6", "9-9", "1-2", "4-6", "7-x", "", "-1-2"]
# Field names the entries and requests of every game use, so random objects often look
# almost right and reach the rules, not only the JSON parser.
FIELDS = [
    "pips",
    "tiles",
    "domino",
    "captured",
    "points",
    "widow",
    "plays",
    "player",
    "ends",
    "muggins_by",
    "bidder",
    "bid",
    "tricks",
    "count",
    "count_tiles",
    "all_passed",
    "either_end",
    "with_double",
    "ruleset",
    "players",
    "partnerships",
    "team_names",
    "options",
    "league",
    "name",
    "target",
]
ROUTE_ARGUMENT = re.compile(r"<(?:(\w+):)?(\w+)>")
NAME_ATTRIBUTE = re.compile(r'name="([^"]+)"')


def database_dump(source: Path | sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a stable order: two dumps are equal iff nothing changed.

    `source` is the file, or a connection already open on it (opening one costs more than
    reading a small file whole).
    """
    if not isinstance(source, sqlite3.Connection):
        with closing(sqlite3.connect(source)) as conn:
            return database_dump(conn)
    tables = [
        row[0]
        for row in source.execute(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
        )
    ]
    return {
        table: sorted(source.execute(f"select * from [{table}]").fetchall(), key=repr)
        for table in sorted(tables)
    }


# --- the world the requests land in --------------------------------------------------


CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "fuzz",
    # Random form data must reach the handlers; CSRF has its own tests.
    "WTF_CSRF_ENABLED": False,
    "RATE_LIMIT_BURST": 0,
}


@dataclass
class World:
    """An app on a real file with games of every family, this client holding every scorer right."""

    app: Flask
    client: FlaskClient
    database: Path
    games: dict[str, str] = field(default_factory=dict)  # id -> scorer token
    leagues: dict[str, str] = field(default_factory=dict)  # slug -> league token
    rulesets: list[str] = field(default_factory=list)
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> a good hand
    form_names: list[str] = field(default_factory=list)
    strategies: dict[tuple[Any, ...], st.SearchStrategy[Any]] = field(
        default_factory=dict, repr=False, compare=False
    )  # kept_per_world
    reader: sqlite3.Connection | None = field(default=None, repr=False, compare=False)
    dumped: tuple[int, dict[str, list[tuple[Any, ...]]]] | None = field(
        default=None, repr=False, compare=False
    )

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of the file (`database_dump`), read again only when it may have changed.

        SQLite's `data_version`, asked on the same connection (the reader), changes exactly
        when another connection (the app's) has committed since. A request that commits
        nothing leaves it as it was: the rows are the ones read before.
        """
        if self.reader is None:
            return database_dump(self.database)
        (version,) = self.reader.execute("pragma data_version").fetchone()
        if self.dumped is None or self.dumped[0] != version:
            self.dumped = (version, database_dump(self.reader))
        return self.dumped[1]

    def version(self, game_id: str) -> int:
        with closing(sqlite3.connect(self.database)) as conn:
            row = conn.execute("select version from games where id = ?", [game_id]).fetchone()
        return int(row[0]) if row else 0


# A hand each game accepts; every game gets one, and the fuzz sends them and near misses.
GOOD_ENTRIES: list[tuple[str, list[str], dict[str, Any], dict[str, Any]]] = [
    ("block", PLAYERS[:3], {}, {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"}),
    (
        "draw",
        PLAYERS[:2],
        {"options": {"target": 10}},
        {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"},
    ),
    ("muggins", PLAYERS[:2], {}, {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"}),
    ("moon", PLAYERS[:3], {}, {"bidder": "Ann", "bid": 5, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}}),
    ("eighty", PLAYERS, {}, {"all_passed": True}),
    ("black-tile-11", PLAYERS[:3], {}, {"points": {"Ann": 2, "Bob": 5, "Cy": 4}}),
    (
        "block",
        PLAYERS,
        {"partnerships": True, "league": "<the league>"},
        {"pips": {"Ann & Cy": 0, "Bob & Dee": 10}, "domino": "Ann"},
    ),
]


def build_world(database: Path, **config: Any) -> World:
    """The games of GOOD_ENTRIES with a hand each, a hand undone, a live play, a league."""
    app = create_app({**CONFIG, "DATABASE": database, **config})
    client = app.test_client()
    api = Api(client)
    league = client.post("/api/leagues", json={"name": "Fuzz Club"}).json
    assert league is not None and league["slug"].startswith("fuzz-club-")
    world = World(app, client, database, leagues={league["slug"]: league["league_token"]})
    world.rulesets = [r["id"] for r in client.get("/api/rulesets").json or []]
    for ruleset, players, fields, entry in GOOD_ENTRIES:
        if "league" in fields:
            fields = {**fields, "league": league["slug"]}
        response = client.post(
            "/api/games",
            json={"ruleset": ruleset, "players": players, **fields},
            headers={"X-League-Token": league["league_token"]},
        )
        assert response.status_code == 201, response.json
        game = response.json or {}
        world.games[game["id"]] = game["scorer_token"]
        world.entries[game["id"]] = entry
        api.tokens[game["id"]] = game["scorer_token"]
        api.hand(game["id"], entry)
        client.get(f"/games/{game['id']}/join/{game['scorer_token']}")
    # A hand undone, ready to restore; a live play in a Muggins hand.
    ids = list(world.games)
    undone, muggins = ids[0], ids[2]
    api.hand(undone, {"pips": {"Ann": 0, "Bob": 1, "Cy": 1}, "domino": "Ann"})
    client.delete(f"/api/games/{undone}/hands/2", headers=api.headers(undone))
    client.post(
        f"/api/games/{muggins}/plays",
        json={"player": "Ann", "ends": ["5-5"]},
        headers=api.headers(muggins),
    )
    world.form_names = harvest_form_names(world)
    return world


def harvest_form_names(world: World) -> list[str]:
    """The names of every field the pages' forms carry, read from the pages themselves."""
    pages = ["/", "/new", *(f"/new/{ruleset}" for ruleset in world.rulesets)]
    for game_id in world.games:
        pages += [f"/games/{game_id}", f"/games/{game_id}/history", f"/games/{game_id}/undo"]
        pages += [f"/games/{game_id}/hands/1/edit", f"/games/{game_id}/share"]
    names = {"number", "version", "key"}
    for page in pages:
        found = NAME_ATTRIBUTE.findall(world.client.get(page).get_data(as_text=True))
        names.update(html.unescape(name) for name in found)
    return sorted(names - {"csrf_token"})


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> World:
    """Built once: every test gets a copy of its file and its scorer cookie."""
    return build_world(tmp_path_factory.mktemp("fuzz") / "template.sqlite3")


@pytest.fixture
def world(template: World, tmp_path: Path) -> Iterator[World]:
    world = copy_world(template, tmp_path / "fuzz.sqlite3")
    # Each statement of this connection (none opens a transaction) reads what is committed.
    with closing(sqlite3.connect(world.database)) as reader:
        world.reader = reader
        yield world


def copy_world(template: World, database: Path, **config: Any) -> World:
    """The template's world on a copy of its file, its client holding the same cookie.

    `config` is what the template was built with (the cookie is signed with its key).
    """
    with (
        closing(sqlite3.connect(template.database)) as source,
        closing(sqlite3.connect(database)) as copy,
    ):
        source.backup(copy)
    app = create_app({**CONFIG, "DATABASE": database, **config})
    client = app.test_client()
    cookie = template.client.get_cookie("session")
    assert cookie is not None
    client.set_cookie("session", cookie.value)
    return World(
        app,
        client,
        database,
        dict(template.games),
        dict(template.leagues),
        template.rulesets,
        template.entries,
        template.form_names,
    )


# --- what to send --------------------------------------------------------------------

Built = TypeVar("Built", bound=Callable[..., st.SearchStrategy[Any]])


def kept_per_world(build: Built) -> Built:
    """The same strategy for the same world and arguments, built once per test.

    Hypothesis works out a new strategy's traits when it first draws from it; building the
    same strategies again for each of a test's examples was a fifth of this module's CPU.
    Only for strategies that depend on nothing an example changes (not the game's version).
    """

    @functools.wraps(build)
    def kept(world: World, *arguments: Any) -> st.SearchStrategy[Any]:
        key = (build.__name__, *arguments)
        if key not in world.strategies:
            world.strategies[key] = build(world, *arguments)
        return world.strategies[key]

    return kept  # type: ignore[return-value]


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=200),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(PLAYERS + TILES + ["Us", "Them", "nel-o", "block", "moon", "right"]),
    st.text(max_size=12),
)
# What an HTTP header can carry.
HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(PLAYERS + FIELDS) | st.text(max_size=6), inner, max_size=5),
    ),
    max_leaves=20,
)
SIDES = st.sampled_from([*PLAYERS, "Ann & Cy", "Bob & Dee"])
PER_SIDE = st.dictionaries(SIDES, st.integers(min_value=-1, max_value=70), max_size=4)
A_PLAYER = st.sampled_from(PLAYERS) | st.none()
ENDS = st.lists(st.integers(min_value=0, max_value=12) | st.sampled_from(TILES), max_size=4)
A_PLAY = st.fixed_dictionaries(
    {"player": A_PLAYER},
    optional={"ends": ENDS, "points": st.integers(-5, 40), "muggins_by": A_PLAYER},
)
# Entries and requests of the right shape with values right or nearly so: these get past
# the parser and into the rules, and now and then are accepted and change the game.
PLAUSIBLE = st.fixed_dictionaries(
    {},
    optional={
        "pips": PER_SIDE,
        "points": PER_SIDE,
        "tricks": PER_SIDE,
        "count": PER_SIDE,
        "tiles": st.dictionaries(SIDES, st.lists(st.sampled_from(TILES), max_size=3), max_size=4),
        "captured": st.dictionaries(
            SIDES, st.lists(st.sampled_from(TILES), max_size=3), max_size=4
        ),
        "domino": A_PLAYER,
        "bidder": A_PLAYER,
        "player": A_PLAYER,
        "bid": st.integers(min_value=0, max_value=90) | st.sampled_from(["nel-o", "x"]),
        "all_passed": st.booleans(),
        "ends": ENDS,
        "plays": st.lists(A_PLAY, max_size=3),
        "ruleset": st.sampled_from(["block", "draw", "moon", "muggins", "eighty", "nope"]),
        "players": st.lists(st.sampled_from(PLAYERS), max_size=5),
        "partnerships": st.booleans(),
        "options": st.dictionaries(st.sampled_from(["target", "set", "x"]), SCALARS, max_size=2),
        "name": st.text(max_size=70),
    },
)


# What once gave a 500 (issue 14): numbers past Python's 4,300-digit limit, nesting past its
# recursion limit, lone surrogates that SQLite cannot store, digits that are not ASCII.
HUGE_NUMBER = "9" * 5000


def nasty_bodies(good: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """Raw bodies no JSON library writes: the good hand with one value made poisonous."""
    field = st.sampled_from([*good, *FIELDS])
    huge = field.map(lambda name: json_with(good, name, HUGE_NUMBER))
    surrogate = st.tuples(
        field, st.sampled_from(['"\\ud800"', '"A\\udfffnn"', '{"\\ud83d": 1}'])
    ).map(lambda pair: json_with(good, pair[0], pair[1]))
    deep = st.integers(min_value=20, max_value=1500).map(lambda n: ("[" * n + "]" * n).encode())
    deep_field = st.tuples(field, st.integers(min_value=20, max_value=1200)).map(
        lambda pair: json_with(good, pair[0], "[" * pair[1] + "]" * pair[1])
    )
    return st.one_of(huge, surrogate, deep, deep_field)


def json_with(good: dict[str, Any], field: str, raw_value: str) -> bytes:
    """`good` as JSON with `field` set to `raw_value`, written as it is (not a Python value)."""
    marker = "\u0000MARK\u0000"
    return json.dumps({**good, field: marker}).replace(json.dumps(marker), raw_value).encode()


@kept_per_world
def bodies(world: World, game_id: str) -> st.SearchStrategy[Any]:
    """The game's good hand, near misses of it, plausible shapes, poison, junk and no body at all."""
    good = world.entries.get(game_id, {"pips": {"Ann": 0}})
    near = st.tuples(st.sampled_from([*good, *FIELDS]), JSON_VALUES).map(
        lambda change: {**good, change[0]: change[1]}
    )
    return st.one_of(
        st.just(good),
        near,
        near,
        PLAUSIBLE,
        st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=6),
        JSON_VALUES,
        nasty_bodies(good),
        st.binary(max_size=40),
        st.none(),
    )


@dataclass(frozen=True)
class Endpoint:
    rule: str
    method: str
    arguments: tuple[tuple[str, str], ...]  # (converter, name)

    @property
    def is_api(self) -> bool:
        return self.rule.startswith("/api/")

    def __str__(self) -> str:
        return f"{self.method} {self.rule}"


def endpoints(app: Flask) -> list[Endpoint]:
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            arguments = tuple((c or "default", n) for c, n in ROUTE_ARGUMENT.findall(rule.rule))
            found.append(Endpoint(rule.rule, method, arguments))
    return found


@kept_per_world
def path_for(world: World, endpoint: Endpoint, game_id: str) -> st.SearchStrategy[str]:
    """A path for the endpoint on `game_id`: real values most of the time, junk the rest."""
    parts: list[st.SearchStrategy[str]] = []
    for converter, name in endpoint.arguments:
        if name == "game_id":
            parts.append(st.just(quote(game_id, safe="")))
            continue
        if converter == "int":
            few = st.integers(min_value=1, max_value=3).map(str)
            parts.append(st.one_of(few, few, st.integers(min_value=0, max_value=10**20).map(str)))
            continue
        real = {
            "token": [world.games.get(game_id, ""), *world.leagues.values()],
            "ruleset_id": world.rulesets,
            "slug": list(world.leagues),
        }.get(name, [])
        junk = st.text(min_size=1, max_size=20).map(lambda text: quote(text, safe=""))
        parts.append(
            st.one_of(st.sampled_from(real), st.sampled_from(real), junk) if real else junk
        )

    def fill(values: list[str]) -> str:
        return ROUTE_ARGUMENT.sub(lambda _match: values.pop(0), endpoint.rule)

    return st.tuples(*parts).map(lambda values: fill(list(values)))


@kept_per_world
def game_ids(world: World) -> st.SearchStrategy[str]:
    real = st.sampled_from(list(world.games))
    return st.one_of(real, real, real, st.text(min_size=1, max_size=16))


CONTENT_TYPES = [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "application/xml",
]


def api_headers(world: World, game_id: str) -> st.SearchStrategy[dict[str, str]]:
    """Mostly the right scorer token and the current version, so writes get through."""
    right = world.games.get(game_id, "")
    optional = {
        "X-League-Token": st.sampled_from(list(world.leagues.values())) | HEADER_TEXT,
        "If-Match": st.sampled_from([str(world.version(game_id)), "\u00b2", "1\u00b9", "9" * 5000])
        | HEADER_TEXT,
        "Idempotency-Key": st.sampled_from(["k1", "k2", "", "k" * 201]) | HEADER_TEXT,
        "Content-Type": st.sampled_from(CONTENT_TYPES) | HEADER_TEXT,
    }
    token = st.one_of(st.just(right), st.just(right), HEADER_TEXT)
    return st.fixed_dictionaries({"X-Scorer-Token": token}, optional=optional)


FORM_POISON = [
    "--5",
    "-",
    "\u00b2",
    "\u0663",
    "\uff15",
    "1e5",
    "9" * 5000,
    "9" * 20,
    " 5 ",
    "\u200b",
]


@kept_per_world
def form_data(world: World) -> st.SearchStrategy[dict[str, str]]:
    values = st.one_of(
        st.text(max_size=15),
        st.integers(min_value=-2, max_value=150).map(str),
        st.sampled_from([*PLAYERS, *TILES, "on", "1", "0", "true", ""]),
        st.sampled_from(FORM_POISON),
    )
    return st.dictionaries(st.sampled_from(world.form_names), values, max_size=12)


@kept_per_world
def raw_forms(world: World) -> st.SearchStrategy[bytes]:
    """A form body with a value that is not UTF-8 text: a lone surrogate, percent-encoded."""
    names = st.sampled_from(world.form_names)
    junk = st.sampled_from(["%ED%A0%80", "%FF%FE", "%C0%80", "%", "%%41"])
    return st.tuples(names, junk).map(lambda pair: f"{pair[0]}={pair[1]}&version=1".encode())


QUERY_NAMES = [
    "size",
    "ruleset",
    "season",
    "end",
    "claimed",
    "page",
    "games",
    "opponents",
    "sort",
    "order",
    "hands",
]
QUERY_VALUES = st.one_of(
    st.text(max_size=8),
    st.sampled_from(FORM_POISON),
    st.integers(min_value=-5, max_value=10**30).map(str),
)


def query_strings() -> st.SearchStrategy[str]:
    """A query string, percent-encoded junk (a lone surrogate, bad escapes) included."""
    pairs = st.lists(
        st.tuples(st.sampled_from(QUERY_NAMES), QUERY_VALUES).map(
            lambda pair: f"{pair[0]}={quote(pair[1], safe='')}"
        )
        | st.sampled_from(["end=%ED%A0%80", "claimed=%FF", "size=%", "season=%C0%80"]),
        max_size=5,
    )
    return pairs.map("&".join)


# --- the properties ------------------------------------------------------------------

PROBE = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "routes"})
ENDPOINTS = endpoints(PROBE)
FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # the world is fresh per endpoint, on purpose
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def check(world: World, method: str, send: Any) -> None:
    before = world.dump()
    response = send()
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if method == "GET" or response.status_code >= 400:
        assert world.dump() == before, f"{response.status_code} changed data"


@pytest.mark.parametrize(
    "endpoint", [e for e in ENDPOINTS if e.is_api], ids=[str(e) for e in ENDPOINTS if e.is_api]
)
@FUZZ
@given(data=st.data())
def test_api_never_fails_and_a_refusal_changes_nothing(
    world: World, endpoint: Endpoint, data: st.DataObject
) -> None:
    game_id = data.draw(game_ids(world), "game")
    path = data.draw(path_for(world, endpoint, game_id), "path")
    headers = data.draw(api_headers(world, game_id), "headers")
    body = data.draw(bodies(world, game_id), "body")
    raw = body if isinstance(body, bytes) else None if body is None else dumps_loosely(body)
    check(
        world,
        endpoint.method,
        lambda: world.client.open(
            path,
            method=endpoint.method,
            data=raw,
            headers={"Content-Type": "application/json", **headers},
        ),
    )


@pytest.mark.parametrize(
    "endpoint",
    [e for e in ENDPOINTS if not e.is_api],
    ids=[str(e) for e in ENDPOINTS if not e.is_api],
)
@FUZZ
@given(data=st.data())
def test_pages_never_fail_and_a_refused_form_changes_nothing(
    world: World, endpoint: Endpoint, data: st.DataObject
) -> None:
    path = data.draw(path_for(world, endpoint, data.draw(game_ids(world), "game")), "path")
    if endpoint.method == "GET":
        query = data.draw(query_strings(), "query")
        check(world, "GET", lambda: world.client.get(f"{path}?{query}"))
        return
    if data.draw(st.integers(min_value=0, max_value=5), "raw form?") == 0:
        raw = data.draw(raw_forms(world), "raw form")
        check(
            world,
            endpoint.method,
            lambda: world.client.open(
                path,
                method=endpoint.method,
                data=raw,
                content_type="application/x-www-form-urlencoded",
            ),
        )
        return
    form = data.draw(form_data(world), "form")
    check(
        world, endpoint.method, lambda: world.client.open(path, method=endpoint.method, data=form)
    )


def test_every_route_is_fuzzed() -> None:
    """The fuzz covers the API and the pages, writes included (a guard against an empty list)."""
    fuzzed = {str(e) for e in ENDPOINTS}
    assert {
        "POST /api/games/<game_id>/hands",
        "PUT /api/games/<game_id>/hands/<int:number>",
    } <= fuzzed
    assert "POST /games/<game_id>/history/<int:line_id>/restore" in fuzzed
    assert any(e.method == "POST" and not e.is_api for e in ENDPOINTS)


def dumps_loosely(value: Any) -> bytes:
    """JSON as a careless client writes it: NaN and Infinity included."""
    return json.dumps(value).encode()
