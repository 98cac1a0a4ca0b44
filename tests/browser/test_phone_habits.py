"""Phone habits on every page type: big tap targets, nothing fetched from elsewhere, no sideways scroll."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone, assert_fits_a_phone
from tests.server import call

SMALLEST_TAP = 44  # px, the minimum for anything a thumb has to hit

# Controls a player taps. Links inside running text are exempt (as in WCAG 2.5.8).
CONTROLS = "button, select, input:not([type=hidden]), label.choice, summary, a.button, a.edit-link"


def small_controls(page: Page) -> list[str]:
    found: list[dict[str, Any]] = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter(el => el.offsetParent !== null && !el.closest('[hidden], [aria-hidden=true]'))
            .map(el => {
              const target = el.matches('input[type=radio], input[type=checkbox]')
                ? (el.closest('label') || el) : el;
              const box = target.getBoundingClientRect();
              return {what: target.outerHTML.slice(0, 90), width: box.width, height: box.height};
            })""",
        CONTROLS,
    )
    return [
        f"{c['what']} is {c['width']:.0f}×{c['height']:.0f}"
        for c in found
        if c["height"] < SMALLEST_TAP - 0.5 or c["width"] < SMALLEST_TAP - 0.5
    ]


# A player's name may be 40 letters long; a surname alone can be most of that.
UNBROKEN = "Wolfeschlegelsteinhausenbergerdorffvoral"
SPACED = "María José Fernández-Castillo de la Vega"


def page_types(live_server: str) -> dict[str, str]:
    """One page of every type, with a game of each kind under way."""
    status, league = call("POST", f"{live_server}/api/leagues", {"name": "Habits Club"})
    assert status == 201
    # A game this phone only watches: its pages come before any scorer link is opened, so
    # the phone sees them as a watcher does (a scorer's cookie turns them into the scorer's).
    status, watched = call(
        "POST", f"{live_server}/api/games", {"ruleset": "draw", "players": ["Ann", "Bob"]}
    )
    assert status == 201
    paths = {
        "watch": f"/games/{watched['id']}",
        "table card": f"/games/{watched['id']}/card",
        "home": "/",
        "catalogue": "/new",
        "new game": "/new/eighty",
        "rules": "/rules/moon",
        "muggins checker": "/muggins",
        "leagues": "/leagues",
        "league standings": f"/leagues/{league['slug']}",
        "league screen": f"/leagues/{league['slug']}/screen",
        # A refusal repeating a word with no space to break at: one surname of 40 letters,
        # the longest a player's name may be.
        "refusal naming a long name": f"/leagues/{league['slug']}/players/{UNBROKEN}",
    }
    for ruleset, players in [
        ("block", ["Ann", "Bob", "Cy"]),
        ("black-tile-11", ["Ann", "Bob", "Cy", "Dee"]),
        ("muggins", ["Ann", "Bob"]),
        ("eighty", ["Ann", "Bob", "Cy", "Dee"]),
        ("moon", ["Ann", "Bob", "Cy"]),
    ]:
        status, game = call(
            "POST", f"{live_server}/api/games", {"ruleset": ruleset, "players": players}
        )
        assert status == 201
        paths[f"scorer {ruleset}"] = f"/games/{game['id']}/join/{game['scorer_token']}"
        paths[f"history {ruleset}"] = f"/games/{game['id']}/history"
    return paths


def test_every_page_has_big_tap_targets_and_fetches_nothing_from_elsewhere(
    phone: Phone, live_server: str
) -> None:
    page = phone.page
    host = urlsplit(live_server).netloc
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda r: None if urlsplit(r.url).netloc in (host, "") else elsewhere.append(r.url),
    )
    problems: dict[str, list[str]] = {}
    for name, path in page_types(live_server).items():
        # `go` returns at the load event: the page's styles, scripts and images are in. No
        # page has web fonts or a service worker, and what its scripts fetch later is its
        # own board or outbox, every second or so (no wait for the network to idle, 0.5 s a
        # page, would change what is measured); any request to another host is caught
        # above, whenever it is made.
        phone.go(path)
        if name == "watch":
            assert page.locator("#board[data-board-url]").count() == 1, "the live board"
            assert page.locator("form[method=post]").count() == 0, "a watcher has no forms"
        assert_fits_a_phone(page)
        small = small_controls(page)
        if small:
            problems[name] = small
    assert problems == {}, "\n".join(
        f"{name}: {item}" for name, items in problems.items() for item in items
    )
    assert elsewhere == []


def test_a_name_of_forty_letters_without_a_space_never_runs_off_the_screen(
    phone: Phone, live_server: str
) -> None:
    """Every layout that holds names (choices, a grid of pips, legends, calls, a tally, the
    table card, the result line, a league's season links, a partnership's pass buttons) breaks a word wider than the
    screen rather than scrolling sideways. Each of these pages scrolled by 12 to 130 px
    before."""
    pages = []
    four = [UNBROKEN, SPACED, "Christopher", "Margaret"]
    for ruleset, players, partnerships in [
        ("black-tile-11", four, False),
        ("muggins", [UNBROKEN, SPACED], False),
        ("mexican-train", [*four, "Ann"], False),
        ("eighty", four, False),
        ("latin-partnership", four, True),
    ]:
        status, game = call(
            "POST",
            f"{live_server}/api/games",
            {"ruleset": ruleset, "players": players, "partnerships": partnerships},
        )
        assert status == 201, game
        pages.append(f"/games/{game['id']}/join/{game['scorer_token']}")
    status, won = call(
        "POST",
        f"{live_server}/api/games",
        {"ruleset": "block", "players": [UNBROKEN, SPACED], "options": {"target": 10}},
    )
    assert status == 201, won
    status, _ = call(
        "POST",
        f"{live_server}/api/games/{won['id']}/hands",
        {"pips": {UNBROKEN: 0, SPACED: 30}, "domino": UNBROKEN},
        {"X-Scorer-Token": won["scorer_token"]},
    )
    assert status == 201
    pages += [f"/games/{won['id']}", f"/games/{won['id']}/history", f"/games/{won['id']}/card"]
    # A league's season named in one word of 40 letters, on its filter link and subtitle.
    status, league = call("POST", f"{live_server}/api/leagues", {"name": "Long Words Club"})
    assert status == 201
    status, season = call(
        "POST",
        f"{live_server}/api/leagues/{league['slug']}/seasons",
        {"name": UNBROKEN, "starts_on": "2026-01-01", "ends_on": "2026-12-31"},
        {"X-League-Token": league["league_token"]},
    )
    assert status == 201, season
    pages.append(f"/leagues/{league['slug']}?season={season['slug']}")
    for path in pages:
        phone.go(path)
        expect(phone.page.locator("main")).to_contain_text(UNBROKEN[:8])
        assert_fits_a_phone(phone.page)


def test_back_after_a_hand_leaves_the_game_and_forward_brings_the_sheet_back(
    phone: Phone, live_server: str
) -> None:
    """A scorer who presses Back after a hand: the page before the game, never a sheet
    without that hand; Forward shows the hand once; the new-game form Back showed starts no
    second game of its own."""
    page = phone.page
    phone.go("/new/block")
    for seat, name in enumerate(["Christopher", "Margaret"], start=1):
        page.fill(f'input[name="player-{seat}"]', name)
    phone.submit("form.new-game button[type=submit]")
    game = page.url
    assert urlsplit(game).path.startswith("/games/")
    phone.tap_text("Christopher", within="#hand-form")
    phone.type('#hand-form input[name="pips-1"]', "9")
    phone.save()
    assert phone.totals() == {"Christopher": 9, "Margaret": 0}

    page.go_back()
    assert urlsplit(page.url).path == "/new/block"
    expect(page.locator('input[name="player-1"]')).to_have_value("")

    page.go_forward()
    assert page.url.split("#")[0] == game.split("#")[0]
    expect(page.locator("#board .sheet-hand")).to_have_count(1)
    assert phone.totals() == {"Christopher": 9, "Margaret": 0}
    expect(page.locator("#entry-title")).to_have_text("Hand 2")

    page.go_back()
    phone.submit("form.new-game button[type=submit]")  # Start, with the names gone
    assert urlsplit(page.url).path == "/new/block"
    expect(page.locator(".field-error, .flash-error").first).to_have_text(
        "Type the players' names, in seat order"
    )
