"""Every page type in Spanish and Portuguese, with no English sentence left on it.

The pages to visit come from the app's URL map: a new page the list below does not draw (or
say why it is not a page) fails `test_every_page_of_the_url_map_is_visited`. On each page,
every English sentence of the catalogs (their msgids, cut at their placeholders) is looked
for in what a reader sees or hears: text, `aria-label`, `title`, `placeholder`, `alt`, and the
`data-` words the scripts show. Text marked `lang="en"` (a seed's rules kept in English, the
switch's "English") is not looked in. Templates hold no bare words either
(`test_templates_have_no_bare_words`): a sentence never put in `_()` is caught there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import catalogs
from scorekeeper.rules import REGISTRY
from tests.conftest import Api
from tests.test_rulesets_conformance import new_game_body, tables
from tests.words import Fragments, english_fragments, english_in

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
LANGUAGES = {"es": "es", "pt": "pt_BR"}
PLAYERS = ["María José", "Christopher", "Margaret", "Bob"]

# Addresses that are not pages a person reads, and why.
NOT_PAGES = {
    "static": "stylesheets, scripts and icons",
    "pages.healthz": "a probe for the club's laptop",
    "pages.join": "redirects to the game",
    "leagues.admin_link": "redirects to the manage page",
    "share.watch_qr": "an image",
    "share.scorer_qr": "an image",
    "leagues.admin_qr": "an image",
    "leagues.standings_qr": "an image",
    "nights.scorer_qr": "an image",
    "nights.night_qr": "an image",
    "leagues.standings_csv": "a file (its headers: the errors catalog's tests)",
    "leagues.games_csv": "a file",
    "leagues.standings_export": "JSON",
    "leagues.games_export": "JSON",
    "nights.seats_csv": "a file",
    "nights.standings_csv": "a file",
    "nights.night_export": "JSON",
}


@dataclass
class World:
    """Something on every page: a game of every ruleset one hand in, a league, a night."""

    pages: dict[str, list[str]] = field(default_factory=dict)  # endpoint → addresses

    def add(self, endpoint: str, address: str) -> None:
        self.pages.setdefault(endpoint, []).append(address)


def build(client: FlaskClient, visitor: FlaskClient) -> World:
    world = World()
    api = Api(client)
    world.add("pages.home", "/")
    world.add("pages.catalogue", "/new")
    world.add("pages.muggins_checker", "/muggins")
    for ruleset in REGISTRY.values():
        world.add("pages.rules", f"/rules/{ruleset.id}")
        world.add("pages.new_game", f"/new/{ruleset.id}")
        table = tables(ruleset)[0]
        body = new_game_body(ruleset, table)
        created = client.post("/api/games", json=body).json
        assert created is not None, ruleset.id
        game = created["id"]
        api.tokens[game] = created["scorer_token"]
        assert client.get(f"/games/{game}/join/{created['scorer_token']}").status_code == 303
        api.hand(game, ruleset.sample_entry(table))
        world.add("pages.game", f"/games/{game}")
        if ruleset.id in ("block", "moon"):
            world.add("pages.edit_hand", f"/games/{game}/hands/1/edit")
            world.add("pages.confirm_undo", f"/games/{game}/undo")
            world.add("share.page", f"/games/{game}/share")
            world.add("share.card", f"/games/{game}/card")
            world.add("share.board", f"/games/{game}/board")
            world.add("history.history", f"/games/{game}/history")
            world.add("watch", f"/games/{game}")  # the watch page: a visitor's view of it
    # A finished game: the game-over card.
    finished = api.create("block", ["Ann", "Bob"], options={"target": 10})
    assert client.get(f"/games/{finished['id']}/join/{finished['scorer_token']}").status_code == 303
    api.hand(finished["id"], {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    world.add("pages.game", f"/games/{finished['id']}")

    league = client.post("/api/leagues", json={"name": "Club Los Amigos"}).json
    assert league is not None
    slug, token = league["slug"], league["league_token"]
    for players, pips in ((PLAYERS[:2], {PLAYERS[0]: 0, PLAYERS[1]: 9}),) * 2:
        response = client.post(
            "/api/games",
            json={"ruleset": "block", "players": players, "league": slug, "options": {"target": 5}},
            headers={"X-League-Token": token},
        )
        assert response.json is not None
        api.tokens[response.json["id"]] = response.json["scorer_token"]
        api.hand(response.json["id"], {"pips": pips, "domino": PLAYERS[0]})
    assert client.get(f"/leagues/{slug}/admin/{token}").status_code == 303
    world.add("leagues.index", "/leagues")
    world.add("leagues.standings_page", f"/leagues/{slug}")
    world.add("leagues.screen", f"/leagues/{slug}/screen")
    world.add("leagues.player", f"/leagues/{slug}/players/{PLAYERS[0]}")
    world.add("leagues.manage", f"/leagues/{slug}/manage")

    new_night = f"/leagues/{slug}/nights/new/moon"
    world.add("nights.new", new_night)
    opened = client.post(
        new_night,
        data={
            "csrf_token": csrf_token(client, new_night),
            "rounds": "3",
            "option-target": "7",
            "format": "individual",
            "table_size": "4",
            "name": "Viernes",
        },
    )
    assert opened.status_code == 303, opened.get_data(True)
    night = opened.location
    names = ", ".join(["Ann", "Bob", "Cy", "Dee", *PLAYERS])
    for path, data in (("/players", {"names": names}), ("/rounds", {"round": "1"})):
        posted = client.post(night + path, data={"csrf_token": csrf_token(client, night), **data})
        assert posted.status_code == 303
        client.get(night)  # its message is shown (in English: this client asked in English)
    world.add("nights.index", f"/leagues/{slug}/nights")
    world.add("nights.night_page", night)
    world.add("nights.board", f"{night}/board")
    world.add("nights.screen", f"{night}/screen")
    world.add("nights.screen_board", f"{night}/screen/board")
    world.add("nights.cards", f"{night}/rounds/1/cards")
    world.add("error.404", "/no/such/page")
    world.add("error.404", "/games/no-such-game")
    world.add("error.422", f"/leagues/{slug}?ruleset=no-such-game")
    return world


def catalogued_ids() -> set[str]:
    ids = set()
    for path in catalogs.area_files(catalogs.TRANSLATIONS / "es"):
        with path.open("rb") as file:
            ids.update(catalogs.message_id(message) for message in read_po(file) if message.id)
    return ids


def test_every_rulesets_words_are_in_the_catalogs() -> None:
    """A ruleset's name, description, options and choices are shown on pages: a new one
    (written in English in its rules module) must reach the catalogs (web/ruleset_words.py)."""
    ids = catalogued_ids()
    missing = [
        text
        for ruleset in REGISTRY.values()
        for option in ruleset.options
        for text in (ruleset.name, ruleset.description, option.label, *(option.choices or ()))
        if text not in ids
    ]
    assert missing == []


def csrf_token(client: FlaskClient, url: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get(url).text)
    assert found, url
    return found.group(1)


class Seen(HTMLParser):
    """What a reader sees or hears on a page, leaving out what is marked as English."""

    SPOKEN = frozenset({"aria-label", "title", "placeholder", "alt"})
    HIDDEN = frozenset({"script", "style"})

    def __init__(self, others_to_come: frozenset[str] = frozenset()) -> None:
        super().__init__(convert_charrefs=True)
        self.others_to_come = others_to_come
        self.parts: list[str] = []
        self.english: list[str] = []  # tags opened with lang="en", while inside one
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if self.english:
            if tag == self.english[-1]:
                self.english.append(tag)
            return
        if (values.get("lang") or "").startswith(("en", "zxx")):  # English, or no language
            self.english.append(tag)
            return
        if tag in self.HIDDEN:
            self.hidden += 1
        if values.get("data-said-by") in self.others_to_come:
            self.english.append(tag)  # said by another part of the work, not yet in a catalog
            return
        for name, value in attrs:
            if not value or value.startswith(("/", "http")):
                continue  # an address, not words
            if name == "data-words":  # a script's words: the sentences, not their keys
                self.parts.extend(str(said) for said in json.loads(value).values())
            elif name in self.SPOKEN or name.startswith("data-"):
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.english:
            if tag == self.english[-1]:
                self.english.pop()
            return
        if tag in self.HIDDEN:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.english and not self.hidden and data.strip():
            self.parts.append(data)

    @classmethod
    def text(cls, page: str) -> str:
        seen = cls(others_to_come())
        seen.feed(page)
        text = "\n".join(" ".join(part.split()) for part in seen.parts)
        return re.sub(r"https?://\S+", " ", text)  # an address shown for typing is no sentence


def others_to_come() -> frozenset[str]:
    """The other areas of the work whose catalog is not there yet.

    The explanations of scores (`data-said-by="rules"`) and the refusals
    (`data-said-by="errors"`) are said by the rules modules and the error path, translated in
    rules.po and errors.po by the other halves of the languages work. Until a catalog exists,
    what its area says is not looked at; from the moment it exists, it is.
    """
    have = {path.stem for path in catalogs.area_files(catalogs.TRANSLATIONS / "es")}
    return frozenset({"rules", "errors"} - have)


@pytest.fixture
def world(app: Flask) -> Iterator[tuple[World, FlaskClient, FlaskClient]]:
    app.config["RATE_LIMIT_BURST"] = 0
    organiser, visitor = app.test_client(), app.test_client()
    yield build(organiser, visitor), organiser, visitor


def test_every_page_of_the_url_map_is_visited(
    app: Flask, world: tuple[World, FlaskClient, FlaskClient]
) -> None:
    visited = set(world[0].pages)
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.rule.startswith("/api/"):
            continue
        assert rule.endpoint in visited or rule.endpoint in NOT_PAGES, (
            f"{rule.rule} ({rule.endpoint}) is neither visited in every language nor said not "
            "to be a page: add it to build() or NOT_PAGES"
        )


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_type_is_in_the_readers_language(
    lang: str, world: tuple[World, FlaskClient, FlaskClient]
) -> None:
    pages, organiser, visitor = world
    fragments = english_fragments(LANGUAGES[lang])
    assert fragments, "the catalogs have no sentences to look for"
    problems = []
    for endpoint, addresses in pages.pages.items():
        reader = visitor if endpoint == "watch" else organiser
        for address in addresses:
            joiner = "&" if "?" in address else "?"
            response = reader.get(f"{address}{joiner}lang={lang}")
            expected = int(endpoint[6:]) if endpoint.startswith("error.") else 200
            assert response.status_code == expected, (address, response.status_code)
            problems.extend(left_in_english(address, response.text, fragments))
    # A form sent back with its errors (a POST's page), and a form that did not come from us.
    new = "/new/block"
    refused = organiser.post(f"{new}?lang={lang}", data={"csrf_token": csrf_token(organiser, new)})
    assert refused.status_code == 422
    problems.extend(left_in_english(f"POST {new}", refused.text, fragments))
    forged = organiser.post(f"{new}?lang={lang}", data={})
    assert forged.status_code == 403
    problems.extend(left_in_english(f"POST {new} without its token", forged.text, fragments))
    assert problems == [], "\n".join(problems)


def left_in_english(address: str, page: str, fragments: Fragments) -> list[str]:
    text = Seen.text(page)
    left = english_in(text, fragments)
    return [f"{address}: {left}"] if left else []


JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
# Words that are the same in every language: the app's name, units, marks.
SAME_EVERYWHERE = {"Scorekeeper", "English", "Español", "Português", "JSON", "X-League-Token"}


def bare_words(source: str) -> list[str]:
    """Words a template writes outside `_()`: text between tags, and spoken attributes."""
    found = []
    without = JINJA.sub(" ", source)
    for text in re.findall(r">([^<>]*)<", without):
        words = " ".join(text.split())
        if re.search(r"[A-Za-z]{2}", words) and words not in SAME_EVERYWHERE:
            found.append(words)
    for name, value in re.findall(r'\b(aria-label|title|placeholder|alt)="([^"]*)"', without):
        if re.search(r"[A-Za-z]{2}", value):
            found.append(f'{name}="{value}"')
    return found


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_templates_have_no_bare_words(template: Path) -> None:
    assert bare_words(template.read_text()) == []
