"""Nobody let in: CSRF, tokens, security headers, the size limit, the write rate limit, no listing."""

from __future__ import annotations

import base64
import hmac
import http.client
import json
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, tokens
from scorekeeper.web.security import WriteLimiter
from tests.conftest import Api
from tests.server import call, server_log, serving
from tests.test_fuzz import (
    ENDPOINTS,
    ROUTE_ARGUMENT,
    World,
    build_world,
    copy_world,
    database_dump,
)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)
BLOCK_HAND = {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"}


SECURE = {"WTF_CSRF_ENABLED": True, "SECRET_KEY": "s"}


@pytest.fixture(scope="module")
def secure_template(tmp_path_factory: pytest.TempPathFactory) -> World:
    """Built once: every test gets a copy of its file and its scorer cookie."""
    return build_world(tmp_path_factory.mktemp("secure") / "secure.sqlite3", **SECURE)


@pytest.fixture
def world(secure_template: World, tmp_path: Path) -> World:
    """Real games with CSRF as in production (the rate limit has its own app); this client scores them all."""
    return copy_world(secure_template, tmp_path / "secure.sqlite3", **SECURE)


def fill(rule: str, world: World, game_id: str) -> str:
    """The rule's address on a real game; other arguments get real values where there are any."""
    values = {
        "game_id": game_id,
        "token": world.games[game_id],
        "number": "1",
        "round_number": "1",
        "table": "1",
        "line_id": "1",
        "ruleset_id": "block",
        "slug": next(iter(world.leagues)),  # the real slug, with its random suffix
        "player": "Ann",
    }
    return ROUTE_ARGUMENT.sub(lambda m: values.get(m.group(2), "x"), rule)


def page_paths(world: World) -> list[str]:
    """Every page (not API, not static, not the scorer link itself) on the first two games."""
    return [
        fill(e.rule, world, game_id)
        for e in ENDPOINTS
        if e.method == "GET" and not e.is_api and ("default", "token") not in e.arguments
        for game_id in list(world.games)[:2]
    ]


# --- headers -------------------------------------------------------------------------


def test_every_kind_of_response_carries_the_security_headers(world: World) -> None:
    game_id = next(iter(world.games))
    client = world.client
    responses = {
        "page": client.get(f"/games/{game_id}"),
        "api": client.get(f"/api/games/{game_id}"),
        "api error": client.get("/api/games/no-such-game"),
        "page error": client.get("/games/no-such-game"),
        "stylesheet": client.get("/static/style.css"),
        "wrong method": client.put("/"),
        "too large": client.post("/api/leagues", data=b"x" * 100_000),
    }
    for kind, response in responses.items():
        headers = response.headers
        assert headers["Content-Security-Policy"] == CSP, kind
        assert headers["X-Content-Type-Options"] == "nosniff", kind
        assert headers["Referrer-Policy"] == "no-referrer", kind
        assert len(headers.getlist("Content-Security-Policy")) == 1, kind
        response.close()


def test_a_scorer_cookie_signed_with_an_old_key_stops_working_when_the_key_changes(
    world: World,
) -> None:
    """The session's signer is kept between requests, but never past a change of key."""
    game_id, token = next(iter(world.games.items()))
    phone = world.client
    phone.get(f"/games/{game_id}/join/{token}")
    assert 'name="csrf_token"' in phone.get(f"/games/{game_id}").text  # the scorer's page
    world.app.secret_key = "another key"
    assert 'name="csrf_token"' not in phone.get(f"/games/{game_id}").text  # a watcher's now


class PageAudit(HTMLParser):
    """Collects what a strict Content-Security-Policy would block, and forms without CSRF."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.in_script = False
        self.post_forms = 0
        self.csrf_fields = 0
        self.in_post_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"inline handler {name} on <{tag}>")
            if name == "style":
                self.problems.append(f"inline style on <{tag}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"javascript: URL on <{tag}>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script":
            self.in_script = True
            if not found.get("src"):
                self.problems.append("<script> without src")
        if tag == "form" and (found.get("method") or "get").lower() == "post":
            self.post_forms += 1
            self.in_post_form = True
        if tag == "input" and self.in_post_form and found.get("name") == "csrf_token":
            self.csrf_fields += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.in_script = False
        if tag == "form":
            self.in_post_form = False

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.problems.append("inline script code")


def audit(html: str) -> PageAudit:
    parser = PageAudit()
    parser.feed(html)
    return parser


def test_no_page_needs_inline_script_or_style_and_every_form_has_a_csrf_token(
    world: World,
) -> None:
    """Every page carries the CSP, which forbids inline code, so none may be relied on; every
    POST form carries CSRF."""
    slug, league_token = next(iter(world.leagues.items()))
    # The scorer's phone manages the league too, so its admin pages and forms are seen, and
    # a finished league game gives Ann a player page, and club night 1 its pages.
    assert world.client.get(f"/leagues/{slug}/admin/{league_token}").status_code == 303
    created = world.client.post(
        "/api/games",
        json={
            "ruleset": "block",
            "players": ["Ann", "Bob"],
            "league": slug,
            "options": {"target": 10},
        },
        headers={"X-League-Token": league_token},
    ).json
    assert created is not None
    finished = world.client.post(
        f"/api/games/{created['id']}/hands",
        json={"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"},
        headers={"X-Scorer-Token": created["scorer_token"]},
    ).json
    assert finished is not None and finished["status"] == "finished"
    night = world.client.post(
        f"/api/leagues/{slug}/nights",
        json={"ruleset": "moon"},
        headers={"X-League-Token": league_token},
    )
    assert night.status_code == 201 and night.json is not None and night.json["number"] == 1
    for path, body in (("players", {"add": ["Ann", "Bob", "Cy", "Dee"]}), ("rounds", {"round": 1})):
        response = world.client.post(
            f"/api/leagues/{slug}/nights/1/{path}",
            json=body,
            headers={"X-League-Token": league_token},
        )
        assert response.status_code in (200, 201), response.json
    watcher = world.app.test_client()
    audited: set[str] = set()
    forms = 0
    for path in page_paths(world):
        for client in (world.client, watcher):
            response = client.get(path)
            # The phone holding every right sees every page; a watcher is refused some.
            allowed = (200,) if client is world.client else (200, 403)
            assert response.status_code in allowed, (path, response.status_code)
            if response.status_code != 200 or response.mimetype != "text/html":
                continue
            # The policy that forbids inline code is on the page itself, not only on some.
            assert response.headers.get("Content-Security-Policy") == CSP, path
            found = audit(response.get_data(as_text=True))
            assert found.problems == [], f"{path}: {found.problems}"
            assert found.csrf_fields == found.post_forms, f"{path}: a POST form without CSRF"
            audited.add(path)
            forms += found.post_forms
    # The league's pages were among them (a made-up slug would make every one a 404).
    assert {
        f"/leagues/{slug}",
        f"/leagues/{slug}/manage",
        f"/leagues/{slug}/players/Ann",
    } <= audited
    assert len(audited) >= 20 and forms >= 3


def test_every_form_post_without_its_csrf_token_is_refused_and_changes_nothing(
    world: World,
) -> None:
    posts = [e for e in ENDPOINTS if e.method == "POST" and not e.is_api]
    assert len(posts) >= 4
    for endpoint in posts:
        for game_id in world.games:
            before = database_dump(world.database)
            path = fill(endpoint.rule, world, game_id)
            # This client holds the scorer right: only the missing CSRF token is wrong.
            response = world.client.post(path, data={"number": "1", "name": "Club"})
            assert response.status_code in (400, 403), f"{path}: {response.status_code}"
            assert database_dump(world.database) == before, path


# --- tokens --------------------------------------------------------------------------


def random_bits(value: str) -> int:
    return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))) * 8


def test_tokens_have_128_random_bits_and_game_ids_96(api: Api, client: FlaskClient) -> None:
    game = api.create("block", ["Ann", "Bob"])
    league = client.post("/api/leagues", json={"name": "Club"}).json
    assert league is not None
    assert random_bits(game["scorer_token"]) == 128
    assert random_bits(league["league_token"]) == 128
    assert random_bits(game["id"]) == 96
    many = {tokens.new_token() for _ in range(5000)} | {tokens.new_game_id() for _ in range(5000)}
    assert len(many) == 10_000


def test_tokens_are_compared_in_constant_time(
    api: Api, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = api.create("block", ["Ann", "Bob", "Cy"])
    compared: list[tuple[Any, Any]] = []
    compare_digest = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        compared.append((a, b))
        return compare_digest(a, b)

    monkeypatch.setattr("scorekeeper.tokens.hmac.compare_digest", spy)
    wrong = client.post(
        f"/api/games/{game['id']}/hands", json=BLOCK_HAND, headers={"X-Scorer-Token": "guess"}
    )
    assert wrong.status_code == 403
    assert compared, "the scorer token was not checked with hmac.compare_digest"
    assert api.post_hand(game["id"], BLOCK_HAND).status_code == 201


def test_a_token_is_stored_only_hashed_and_shown_on_no_page(world: World) -> None:
    """Watch page, board, history, even the scorer's own page: none of them print the token."""
    for game_id, token in world.games.items():
        for path in (f"/games/{game_id}", f"/games/{game_id}/board", f"/games/{game_id}/history"):
            for client in (world.client, world.app.test_client()):
                assert token not in client.get(path).get_data(as_text=True), path
        assert token not in world.client.get(f"/api/games/{game_id}").get_data(as_text=True)
    stored = b"".join(p.read_bytes() for p in world.database.parent.glob("secure.sqlite3*"))
    assert stored and not any(token.encode() in stored for token in world.games.values())
    assert not any(token.encode() in stored for token in world.leagues.values())


def test_the_scorer_link_drops_its_token_from_the_address(world: World) -> None:
    game_id, token = next(iter(world.games.items()))
    response = world.app.test_client().get(f"/games/{game_id}/join/{token}")
    assert response.status_code == 303
    assert token not in response.headers["Location"]


@pytest.mark.slow
def test_the_server_never_logs_a_token(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    with serving(database) as (base, _process):
        status, game = call(
            "POST", f"{base}/api/games", {"ruleset": "block", "players": ["A", "B"]}
        )
        assert status == 201
        token, url = game["scorer_token"], f"{base}/api/games/{game['id']}/hands"
        hand = {"pips": {"A": 0, "B": 3}, "domino": "A"}
        assert call("POST", url, hand, {"X-Scorer-Token": token})[0] == 201
        assert call("POST", url, hand, {"X-Scorer-Token": token + "x"})[0] == 403
        assert call("POST", url, {"pips": "junk"}, {"X-Scorer-Token": token})[0] == 422
        with urllib.request.urlopen(f"{base}/games/{game['id']}/join/{token}") as page:
            assert page.status == 200 and token not in page.url  # followed to the game page
    log = server_log(database).read_text()
    assert "Scorekeeper is keeping score" in log  # the log was written
    assert token not in log and token[:8] not in log


# --- size limit ----------------------------------------------------------------------


def test_a_huge_form_is_refused_before_it_is_read(world: World) -> None:
    game_id = next(iter(world.games))
    before = database_dump(world.database)
    response = world.client.post(f"/games/{game_id}/hands", data={"notes": "x" * 200_000})
    assert response.status_code == 413
    assert "larger than any real entry" in response.get_data(as_text=True)
    assert database_dump(world.database) == before


def test_the_size_limit_is_64_kb_to_the_byte(api: Api, database: Path) -> None:
    """A body of exactly 64 KB is read and scored; one byte more is refused unread."""
    game = api.create("block", ["Ann", "Bob", "Cy"])
    entry = json.dumps(BLOCK_HAND)
    limit = 64 * 1024
    at_limit = entry + " " * (limit - len(entry))  # JSON may end in any amount of space
    assert len(at_limit.encode()) == limit
    headers = {**api.headers(game["id"]), "Content-Type": "application/json"}
    url = f"/api/games/{game['id']}/hands"
    accepted = api.client.post(url, data=at_limit, headers=headers)
    assert accepted.status_code == 201, accepted.json
    before = database_dump(database)
    refused = api.client.post(url, data=at_limit + " ", headers=headers)
    assert refused.status_code == 413
    assert "larger than any real entry" in refused.json["error"]
    assert database_dump(database) == before


@pytest.mark.slow
def test_over_real_http_the_limit_holds_and_every_body_is_read_whole(tmp_path: Path) -> None:
    """Waitress reads a body before the app sees it, which the app reads in one step when
    its length is given and within the limit; a body sent in chunks, with no length, is read
    Werkzeug's way. Either way the hand is scored from all of it, and a byte over is refused."""
    with serving(tmp_path / "club.sqlite3") as (base, _process):
        status, game = call(
            "POST", f"{base}/api/games", {"ruleset": "block", "players": ["Ann", "Bob", "Cy"]}
        )
        assert status == 201
        path = f"/api/games/{game['id']}/hands"
        entry = json.dumps(BLOCK_HAND)
        limit = 64 * 1024
        at_limit = (entry + " " * (limit - len(entry))).encode()
        # Christopher's phone sends its hand in pieces: no Content-Length, chunked.
        pieces = [at_limit[:10], at_limit[10:40], at_limit[40:100]]

        def post(body: bytes | list[bytes]) -> tuple[int, Any]:
            connection = http.client.HTTPConnection(base.removeprefix("http://"), timeout=10)
            headers = {"Content-Type": "application/json", "X-Scorer-Token": game["scorer_token"]}
            if isinstance(body, list):
                connection.request("POST", path, iter(body), headers, encode_chunked=True)
            else:
                connection.request("POST", path, body, headers)
            response = connection.getresponse()
            answer = json.loads(response.read())
            connection.close()
            return response.status, answer

        status, first = post(at_limit)
        assert status == 201, first
        assert first["hand"]["number"] == 1 and first["totals"] == {"Ann": 12, "Bob": 0, "Cy": 0}
        status, second = post(pieces)
        assert status == 201, second
        assert second["totals"] == {"Ann": 24, "Bob": 0, "Cy": 0}
        status, refused = post(at_limit + b" ")
        assert status == 413
        assert "larger than any real entry" in refused["error"]
        status, now = call("GET", f"{base}/api/games/{game['id']}")
        assert [hand["number"] for hand in now["hands"]] == [1, 2]


# --- the write rate limit ------------------------------------------------------------


def limited_app(database: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "s", **config})


def test_a_table_scoring_all_evening_is_never_slowed_down() -> None:
    """A hand every 45 s for five hours, with a catch-up burst of 40 hands, from one phone."""
    now = [0.0]
    limiter = WriteLimiter(burst=60, per_second=2, clock=lambda: now[0])
    refused = 0
    for hand in range(400):
        now[0] += 45
        refused += limiter.wait_needed("phone") > 0
        if hand == 200:
            refused += sum(limiter.wait_needed("phone") > 0 for _ in range(40))
    assert refused == 0


def test_a_flood_of_writes_is_refused_and_others_are_still_served(database: Path) -> None:
    app = limited_app(database)
    flooder = app.test_client()
    api = Api(app.test_client())
    game = api.create("block", ["Ann", "Bob", "Cy"], options={"target": 10_000})
    url, headers = f"/api/games/{game['id']}/hands", api.headers(game["id"])
    started = time.monotonic()
    statuses = [flooder.post(url, json=BLOCK_HAND, headers=headers).status_code for _ in range(150)]
    refilled = 2 * (time.monotonic() - started)
    # The first 59 (60 less the game's creation, from the same address) all get through…
    assert statuses[:59] == [201] * 59
    # …then only what the bucket refills at 2 a second.
    assert statuses.count(201) <= 60 + refilled
    refused = flooder.post(url, json=BLOCK_HAND, headers=headers)
    assert refused.status_code == 429 and "Too many changes" in refused.json["error"]
    assert int(refused.headers["Retry-After"]) >= 1
    # Every write that got through was stored, and nothing else.
    assert len(api.game(game["id"])["hands"]) == statuses.count(201)
    # Reading still works for the flooder, and another phone still scores.
    assert flooder.get(f"/api/games/{game['id']}").status_code == 200
    other = app.test_client().post(
        url, json=BLOCK_HAND, headers=headers, environ_base={"REMOTE_ADDR": "192.168.1.23"}
    )
    assert other.status_code == 201


@pytest.mark.slow
@pytest.mark.parametrize("trusted", [True, False])
def test_the_real_server_limits_writes_per_phone_behind_a_trusted_proxy_only(
    tmp_path: Path, trusted: bool
) -> None:
    """`scorekeeper serve` with the write limit on: behind a proxy it trusts (TRUST_PROXY)
    each phone, named by X-Forwarded-For, has its own allowance; without TRUST_PROXY the
    header is not believed (a flooder could invent addresses) and all share one."""
    settings = {"SCOREKEEPER_RATE_LIMIT_BURST": "5", "SCOREKEEPER_RATE_LIMIT_PER_SECOND": "0.01"}
    if trusted:
        settings["SCOREKEEPER_TRUST_PROXY"] = "true"
    flooder, other = {"X-Forwarded-For": "192.0.2.10"}, {"X-Forwarded-For": "192.0.2.11"}
    with serving(tmp_path / "club.sqlite3", write_limit=True, env=settings) as (base, _process):
        body = {"ruleset": "block", "players": ["Ann", "Bob", "Cy"], "options": {"target": 10_000}}
        status, game = call("POST", f"{base}/api/games", body, flooder)
        assert status == 201
        url, token = (
            f"{base}/api/games/{game['id']}/hands",
            {"X-Scorer-Token": game["scorer_token"]},
        )
        statuses = [call("POST", url, BLOCK_HAND, {**token, **flooder})[0] for _ in range(5)]
        assert statuses == [201, 201, 201, 201, 429]  # 5 writes, the game's creation included
        status, refused = call("POST", url, BLOCK_HAND, {**token, **flooder})
        assert status == 429 and "Too many changes" in refused["error"]
        assert call("POST", url, BLOCK_HAND, {**token, **other})[0] == (201 if trusted else 429)
        _, shown = call("GET", f"{base}/api/games/{game['id']}")
        assert len(shown["hands"]) == (5 if trusted else 4)


def test_a_flooded_page_form_gets_a_page_not_json(database: Path) -> None:
    app = limited_app(database, RATE_LIMIT_FAILED_BURST=2, RATE_LIMIT_FAILED_PER_SECOND=0.01)
    client = app.test_client()
    game = client.post("/api/games", json={"ruleset": "block", "players": ["Ann", "Bob"]}).json
    assert game is not None
    responses = [client.post(f"/games/{game['id']}/hands", data={}) for _ in range(3)]
    assert responses[-1].status_code == 429
    assert responses[-1].mimetype == "text/html"
    assert "Too many changes" in responses[-1].get_data(as_text=True)


def test_the_rate_limit_refills_and_can_be_turned_off(database: Path) -> None:
    clock = [0.0]
    limiter = WriteLimiter(burst=3, per_second=2, clock=lambda: clock[0])
    assert [limiter.wait_needed("a") for _ in range(4)] == [0, 0, 0, 0.5]
    clock[0] = 0.5
    assert limiter.wait_needed("a") == 0
    off = limited_app(database, RATE_LIMIT_BURST=0).test_client()
    assert all(
        off.post("/api/muggins/check", json={"ends": [5]}).status_code != 429 for _ in range(80)
    )


def test_wrong_tokens_never_use_up_the_scorers_write_limit(database: Path) -> None:
    """A phone guessing tokens at the scorer's address: its own limit, the scorer unslowed."""
    app = limited_app(database)
    api = Api(app.test_client())
    game = api.create("block", ["Ann", "Bob", "Cy"], options={"target": 10_000})
    url = f"/api/games/{game['id']}/hands"
    guesser = app.test_client()
    wrong = [
        guesser.post(url, json=BLOCK_HAND, headers={"X-Scorer-Token": f"guess-{n}"}).status_code
        for n in range(70)
    ]
    # A few slips are told the truth (403); a script guessing on is slowed down (429).
    assert wrong[:10] == [403] * 10 and wrong[-1] == 429
    # The real scorer at the same address still scores: 59 hands (60 less the creation).
    scored = [api.post_hand(game["id"], BLOCK_HAND).status_code for _ in range(59)]
    assert scored == [201] * 59
    assert len(api.game(game["id"])["hands"]) == 59


def test_forms_without_their_csrf_token_are_slowed_down_like_wrong_tokens(
    database: Path,
) -> None:
    """A script posting forged forms is refused (403), then slowed down (429) by the stricter
    limit; the scorer at the same address is not."""
    app = limited_app(
        database,
        WTF_CSRF_ENABLED=True,
        RATE_LIMIT_FAILED_BURST=3,
        RATE_LIMIT_FAILED_PER_SECOND=0.01,
    )
    api = Api(app.test_client())
    game = api.create("block", ["Christopher", "Margaret", "María José"])
    forger = app.test_client()
    before = database_dump(database)
    forged = [
        forger.post("/leagues", data={"name": "Thursday Club", "csrf_token": "forged"})
        for _ in range(5)
    ]
    assert [r.status_code for r in forged] == [403, 403, 403, 429, 429]
    assert "did not come from this app" in forged[0].get_data(as_text=True)
    assert "Too many changes" in forged[-1].get_data(as_text=True)
    assert database_dump(database) == before  # no league made
    hand = {"pips": {"Christopher": 0, "Margaret": 5, "María José": 7}, "domino": "Christopher"}
    assert api.post_hand(game["id"], hand).status_code == 201


def test_the_muggins_checker_writes_nothing_and_is_never_limited(database: Path) -> None:
    app = limited_app(database, RATE_LIMIT_BURST=2, RATE_LIMIT_PER_SECOND=0.01)
    client = app.test_client()
    checks = [client.post("/api/muggins/check", json={"ends": [5, 5]}) for _ in range(20)]
    assert {r.status_code for r in checks} == {200}
    # Its calls used none of the writes: a game can still be made, twice.
    made = [
        client.post("/api/games", json={"ruleset": "block", "players": ["Ann", "Bob"]})
        for _ in range(3)
    ]
    assert [r.status_code for r in made] == [201, 201, 429]


def test_a_flood_of_addresses_cannot_fill_memory() -> None:
    limiter = WriteLimiter(burst=60, per_second=2, clock=lambda: 0.0)
    for n in range(WriteLimiter.MAX_CLIENTS * 2):
        limiter.wait_needed(f"10.0.{n // 256}.{n % 256}")
    assert len(limiter.buckets) <= WriteLimiter.MAX_CLIENTS


# --- nothing listed, nothing guessed -------------------------------------------------


def parameterless_pages() -> list[str]:
    paths = [e.rule for e in ENDPOINTS if e.method == "GET" and not e.arguments]
    assert "/" in paths and "/api/openapi.json" in paths
    return paths


def test_no_page_lists_games_or_leagues_to_a_stranger(world: World) -> None:
    """A phone that never opened a link sees no game, no league and no token anywhere."""
    stranger = world.app.test_client()
    secrets = [*world.games, *world.games.values(), *world.leagues, *world.leagues.values()]
    for path in parameterless_pages():
        shown = stranger.get(path).get_data(as_text=True)
        assert not any(secret in shown for secret in secrets), path
        assert "Fuzz Club" not in shown, path
    assert stranger.get("/api/games").status_code == 405  # no listing of games


def test_a_league_cannot_be_found_by_guessing_from_its_name(world: World) -> None:
    stranger = world.app.test_client()
    assert stranger.get("/leagues/fuzz-club").status_code == 404
    assert stranger.get("/api/leagues/fuzz-club/standings").status_code == 404


def test_an_unknown_game_looks_the_same_whatever_is_guessed(world: World) -> None:
    """No oracle: a near miss of a real id answers exactly like any other guess."""
    real = next(iter(world.games))
    near_miss = real[:-1] + ("A" if real[-1] != "A" else "B")
    stranger = world.app.test_client()
    for prefix in ("/api/games/", "/games/", "/games/{}/history"):
        paths = [
            prefix.format(id) if "{}" in prefix else prefix + id
            for id in (near_miss, tokens.new_game_id())
        ]
        first, second = (stranger.get(path) for path in paths)
        assert first.status_code == second.status_code == 404
        assert first.get_data() == second.get_data()


def test_the_api_takes_its_rights_from_headers_never_from_cookies(
    client: FlaskClient, database: Path
) -> None:
    """A phone whose cookie holds the scorer and league rights still writes nothing through
    the API without the headers: a page from another site cannot ride on the cookie."""
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    slug, league_token = league["slug"], league["league_token"]
    created = client.post(
        "/api/games",
        json={"ruleset": "muggins", "players": ["Ann", "Bob"], "league": slug},
        headers={"X-League-Token": league_token},
    ).json
    assert created is not None
    game, scorer = created["id"], {"X-Scorer-Token": created["scorer_token"]}
    hand = {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"}
    assert client.post(f"/api/games/{game}/hands", json=hand, headers=scorer).status_code == 201
    # The same phone opens both links: its cookie now holds both rights, as the pages show.
    assert client.get(f"/games/{game}/join/{created['scorer_token']}").status_code == 303
    assert client.get(f"/leagues/{slug}/admin/{league_token}").status_code == 303
    assert client.get(f"/games/{game}/hands/1/edit").status_code == 200
    assert client.get(f"/leagues/{slug}/manage").status_code == 200

    before = database_dump(database)
    writes = [
        ("POST", f"/api/games/{game}/hands", hand),
        ("PUT", f"/api/games/{game}/hands/1", {"pips": {"Ann": 0, "Bob": 30}, "domino": "Ann"}),
        ("DELETE", f"/api/games/{game}/hands/1", None),
        ("POST", f"/api/games/{game}/plays", {"player": "Ann", "ends": ["5-5"]}),
        ("DELETE", f"/api/games/{game}/plays", None),
        ("POST", f"/api/games/{game}/next", None),
        (
            "POST",
            f"/api/leagues/{slug}/seasons",
            {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"},
        ),
        ("POST", "/api/games", {"ruleset": "block", "players": ["Ann", "Bob"], "league": slug}),
    ]
    for method, url, body in writes:
        response = client.open(url, method=method, json=body)
        assert response.status_code == 403, (method, url, response.status_code)
        assert response.json is not None and "token" in response.json["error"], (method, url)
    assert database_dump(database) == before
