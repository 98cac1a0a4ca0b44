"""Scenario 4, page weight: each page type with every asset it loads, raw and gzip-compressed.

A page's assets are what it makes the browser fetch: stylesheets and icons (`<link
href>`), scripts and images (`src`), and what the stylesheets themselves point at
(`url(…)`). Each is fetched once per page. An asset on another host is a request that
leaves the club's network: it is flagged, never fetched.
"""

from __future__ import annotations

import gzip
import http.cookiejar
import random
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from bench.client import Client, loopback_address
from bench.server import Server
from bench.workload import TARGET, new_game, post_hand, scored_game

HANDS = 10
TABLES = 4  # loopback address group of the tables scoring the weighed games
# A typical hand of each game that seats four (Ann, Bob, Cy, Dee; partners sit across),
# for the scorer pages weighed mid-game. The workload's target keeps each game going for
# HANDS hands; 11 Point Black Tile is played for a number of hands instead.
HANDS_OF: dict[str, dict[str, Any]] = {
    "block": {"pips": {"Ann": 0, "Bob": 12, "Cy": 7, "Dee": 9}, "domino": "Ann"},
    "draw": {"pips": {"Ann": 14, "Bob": 0, "Cy": 7, "Dee": 9}, "domino": "Bob"},
    "muggins": {  # a hand entered play by play: five scoring plays and a muggins call
        "plays": [
            {"player": "Ann", "ends": ["5-5"]},
            {"player": "Bob", "ends": [5, 5, 5]},
            {"player": "Cy", "ends": [6, 4]},
            {"player": "Dee", "ends": [3, 2, 5, 5]},
            {"player": "Ann", "ends": [6, 4, 5, 5]},
            {"player": "Bob", "points": 10, "muggins_by": "Cy"},
        ],
        "pips": {"Ann": 0, "Bob": 13, "Cy": 4, "Dee": 8},
        "domino": "Ann",
    },
    "black-tile-11": {"points": {"Ann": 2, "Bob": 5, "Cy": 4, "Dee": 0}},
    "black-tile-21": {"points": {"Ann": 2, "Bob": 13, "Cy": 4, "Dee": 2}},
    "eighty": {
        "bidder": "Ann",
        "bid": 60,
        "tricks": {"Ann & Cy": 6, "Bob & Dee": 4},
        "count": {"Ann & Cy": 40, "Bob & Dee": 20},
    },
    "moon": {"bidder": "Ann", "bid": 5, "tricks": {"Ann & Cy": 5, "Bob & Dee": 2}},
    "texas-42": {"bidder": "Bob", "bid": 34, "points": {"Ann & Cy": 23, "Bob & Dee": 19}},
    "fives-and-threes": {  # SCORING_MORE.md's example 1, four players each for themself
        "plays": [
            {"player": "Ann", "ends": ["6-6"]},
            {"player": "Bob", "ends": ["6-6", 3]},
            {"player": "Cy", "ends": [4, "3-3"]},
            {"player": "Dee", "ends": [4, 5]},
            {"player": "Ann", "ends": [4, 1]},
            {"player": "Bob", "ends": [2, 1], "out": True},
        ],
        "domino": "Bob",
    },
}
OPTIONS_OF: dict[str, dict[str, Any]] = {
    "black-tile-11": {"hands": 12, "target": None},
    "texas-42": {"marks_target": 100},
}
WITHOUT_TARGET = {"texas-42"}  # its targets are marks_target and points_target
LEAGUE_GAMES = 6
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


class AssetFinder(HTMLParser):
    """The URLs a page makes the browser load (not the links it merely shows)."""

    LOADED = frozenset({("link", "href"), ("script", "src"), ("img", "src"), ("source", "src")})
    LOADING_RELS = frozenset(
        {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}
    )

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and not set((found.get("rel") or "").split()) & self.LOADING_RELS:
            return
        for name, value in attrs:
            if value and (tag, name) in self.LOADED and not value.startswith("data:"):
                self.urls.append(value)
            if value and name == "srcset":
                self.urls += [part.split()[0] for part in value.split(",") if part.strip()]


@dataclass
class Weight:
    """A page and its assets: bytes uncompressed, gzipped, and on the wire (first load, reload)."""

    page: str
    url: str
    status: int = 0
    html: int = 0
    raw: int = 0
    compressed: int = 0
    sent: int = 0  # a first load: the bodies as sent (gzipped where the server gzips)
    wire: int = 0  # a first load: every request and answer, headers included, as sent
    reload: int = 0  # the same page again, with what a browser keeps from the first load
    assets: dict[str, int] = field(default_factory=dict)  # path -> bytes
    external: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def heaviest(self, count: int = 3) -> str:
        """The page and its largest assets, for a reader wondering where the bytes go."""
        parts = sorted({"page": self.html, **self.assets}.items(), key=lambda kv: -kv[1])
        return ", ".join(
            f"{name.rsplit('/', 1)[-1]} {size / 1024:.1f}" for name, size in parts[:count]
        )


@dataclass(frozen=True)
class Fetched:
    """One GET as a phone's browser makes it (accepting gzip): the answer and its bytes."""

    status: int
    body: bytes  # decoded
    url: str  # after redirects
    sent: int  # the body as sent
    wire: int  # request and answer, headers included, as they crossed the network
    etag: str | None
    kept: bool  # the answer may be reused without asking (max-age, immutable)


def fetch(
    opener: urllib.request.OpenerDirector, url: str, headers: dict[str, str] | None = None
) -> Fetched:
    """A GET with gzip accepted, and how many bytes it moved."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip", **(headers or {})})
    try:
        response = opener.open(request, timeout=10)
    except urllib.error.HTTPError as error:
        response = error
    with response:
        data = response.read()
        answer = response.headers
        status = response.status if response.status is not None else 0
        final = response.geturl()
    sent = [*request.header_items(), *request.unredirected_hdrs.items()]
    wire = len(f"GET {urlsplit(url).path} HTTP/1.1\r\n\r\n")
    wire += sum(len(name) + len(value) + 4 for name, value in sent)
    wire += len(f"HTTP/1.1 {status} OK\r\n\r\n") + len(data)
    wire += sum(len(name) + len(value) + 4 for name, value in answer.items())
    body = gzip.decompress(data) if answer.get("Content-Encoding") == "gzip" else data
    caching = answer.get("Cache-Control") or ""
    etag = answer.get("ETag")
    return Fetched(status, body, final, len(data), wire, etag, "immutable" in caching)


def weigh(opener: urllib.request.OpenerDirector, page: str, url: str) -> Weight:
    """The page and its assets as a first load, then a reload that revalidates what it must."""
    weight = Weight(page, url)
    first = fetch(opener, url)
    weight.status, body, final = first.status, first.body, first.url
    weight.html = len(body)
    weight.raw, weight.compressed = len(body), len(gzip.compress(body))
    weight.sent, weight.wire = first.sent, first.wire
    origin = urlsplit(final).netloc
    finder = AssetFinder()
    finder.feed(body.decode("utf-8", "replace"))
    queue, seen = [urljoin(final, u) for u in finder.urls], set()
    loaded: dict[str, Fetched] = {}
    while queue:
        asset = queue.pop(0)
        if asset in seen:
            continue
        seen.add(asset)
        if urlsplit(asset).netloc != origin:
            weight.external.append(asset)
            continue
        got = fetch(opener, asset)
        if got.status != 200:
            weight.missing.append(f"{urlsplit(asset).path} ({got.status})")
            continue
        loaded[asset] = got
        data = got.body
        weight.assets[urlsplit(asset).path] = len(data)
        weight.raw += len(data)
        weight.compressed += len(gzip.compress(data))
        weight.sent += got.sent
        weight.wire += got.wire
        if asset.split("?")[0].endswith(".css"):
            queue += [urljoin(asset, u) for u in CSS_URL.findall(data.decode("utf-8", "replace"))]
    weight.reload = fetch(opener, url).wire
    for asset, got in loaded.items():
        if not got.kept:  # a browser asks again, with the ETag it has
            weight.reload += fetch(opener, asset, {"If-None-Match": got.etag or ""}).wire
    return weight


def opener(jar: http.cookiejar.CookieJar | None = None) -> urllib.request.OpenerDirector:
    handlers: list[urllib.request.BaseHandler] = [urllib.request.ProxyHandler({})]
    if jar is not None:
        handlers.append(urllib.request.HTTPCookieProcessor(jar))
    return urllib.request.build_opener(*handlers)


def league_with_results(api: Client, rng: random.Random) -> str:
    """A league with a few finished games of Block to 50; returns its slug."""
    league = api.request("POST", "/api/leagues", {"name": "Bench Club"}).json()
    for _ in range(LEAGUE_GAMES):
        game_id, token = new_game(
            api, target=50, league=league["slug"], league_token=league["league_token"]
        )
        while post_hand(api, game_id, token, rng).json().get("status") == "in_progress":
            pass
    return str(league["slug"])


def run(server: Server) -> list[Weight]:
    """Every page type a phone opens, on a fresh file with a game, a league and its results."""
    base = server.base
    api = Client(base)
    # The rulesets with a sample hand here (the seed games' pages, figures kept comparable
    # with earlier runs); a game added later is weighed once its hand is written in HANDS_OF.
    rulesets = [
        r["id"]
        for r in api.request("GET", "/api/rulesets").json()
        if 4 in r["players"] and r["id"] in HANDS_OF
    ]
    scorer = opener(http.cookiejar.CookieJar())  # the scorer's phone: it opens scorer links
    watcher = opener()  # any other phone
    rng = random.Random(4)
    games = {"block": scored_game(api, HANDS, rng)}  # the watch, share and history pages' game
    for n, ruleset in enumerate(rulesets):
        table = Client(base, source=loopback_address(TABLES, n))  # a table of its own
        games[f"scorer page: {ruleset}, {HANDS} hands"] = scored_game(
            table,
            HANDS,
            rng,
            ruleset=ruleset,
            entry=HANDS_OF[ruleset],
            options=OPTIONS_OF.get(ruleset),
            target=None if ruleset in WITHOUT_TARGET else TARGET,
        )
        table.close()
    for game_id, token in games.values():
        fetch(scorer, urljoin(base, f"/games/{game_id}/join/{token}"))
    block = games["block"][0]
    league = league_with_results(api, rng)
    api.close()
    pages = {
        "home (scorer's phone)": (scorer, "/"),
        "new game: pick a game": (scorer, "/new"),
        "new game: Block form": (scorer, "/new/block"),
        "rules: Block": (watcher, "/rules/block"),
        **{
            name: (scorer, f"/games/{game_id}")
            for name, (game_id, _token) in games.items()
            if name.startswith("scorer page")
        },
        "watch page (10 hands)": (watcher, f"/games/{block}"),
        "share page (scorer)": (scorer, f"/games/{block}/share"),
        "history (10 hands)": (watcher, f"/games/{block}/history"),
        "table card": (watcher, f"/games/{block}/card"),
        "muggins checker": (watcher, "/muggins?end=5&end=6-6&end=4"),
        "leagues": (watcher, "/leagues"),
        "league page (6 results)": (watcher, f"/leagues/{league}"),
    }
    return [weigh(phone, name, urljoin(base, path)) for name, (phone, path) in pages.items()]
