"""The league pages on a phone, with results in them: standings, a table's pages, a player."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.web.leagues import pages as league_pages
from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.server import call

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"]


def finished_league(base: str) -> str:
    """A league with finished games of Block (7 players) and Black Tile (4); returns its slug."""
    status, league = call("POST", f"{base}/api/leagues", {"name": "Thursday <b>Club</b>"})
    assert status == 201
    as_league = {"X-League-Token": league["league_token"]}
    tables = [PLAYERS[i : i + 3] for i in range(0, 5)] + [["Gus", "Ann", "Eve"]]
    for n, seats in enumerate(tables):
        game: dict[str, Any] = {"ruleset": "block", "players": seats, "league": league["slug"]}
        game["options"] = {"target": 10}
        status, created = call("POST", f"{base}/api/games", game, as_league)
        assert status == 201
        pips = {name: (0 if i == n % 3 else 5 + i) for i, name in enumerate(seats)}
        hand = {"pips": pips, "domino": seats[n % 3]}
        token = {"X-Scorer-Token": created["scorer_token"]}
        status, _ = call("POST", f"{base}/api/games/{created['id']}/hands", hand, token)
        assert status == 201
    for points in (
        {"Ann": 3, "Bob": 3, "Cy": 5, "Dee": 0},
        {"Ann": 1, "Bob": 6, "Cy": 4, "Dee": 0},
    ):
        game = {"ruleset": "black-tile-11", "players": list(points), "league": league["slug"]}
        game["options"] = {"hands": None, "target": 1}
        status, created = call("POST", f"{base}/api/games", game, as_league)
        assert status == 201
        token = {"X-Scorer-Token": created["scorer_token"]}
        status, _ = call(
            "POST", f"{base}/api/games/{created['id']}/hands", {"points": points}, token
        )
        assert status == 201
    return str(league["slug"])


def test_standings_show_each_tables_top_and_page_through_a_long_table(
    phone: Phone, live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Small pages, so that seven players make a long table.
    monkeypatch.setattr(league_pages, "OVERVIEW_ROWS", 8)
    monkeypatch.setattr(league_pages, "PAGE_ROWS", 5)
    slug = finished_league(live_server)
    page = phone.page

    phone.go(f"/leagues/{slug}")
    expect(page.locator("h1")).to_have_text("Thursday <b>Club</b>")
    block = page.locator(".standings[data-ruleset=block] tbody tr")
    expect(block).to_have_count(4)
    expect(page.locator(".standings[data-ruleset=black-tile-11] tbody tr")).to_have_count(4)
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    screenshot(page, "league-standings")

    phone.tap(page.get_by_role("link", name="All 7 players of Block Dominoes"))
    expect(block).to_have_count(5)
    pages = page.get_by_role("navigation", name="Players, 7 in all")
    expect(pages.get_by_role("link")).to_have_text(["1–5", "6–7"])
    first_page = block.locator(".col-player").all_inner_texts()
    phone.tap(pages.get_by_role("link", name="6–7"))
    expect(block).to_have_count(2)
    expect(block.locator(".col-place")).to_have_text(["6", "7"])
    assert set(block.locator(".col-player").all_inner_texts()).isdisjoint(first_page)
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    screenshot(page, "league-table-page-2")

    sixth = block.locator(".col-player").first.inner_text()
    phone.tap(block.locator(".col-player a").first)
    expect(page.locator("h1")).to_contain_text(sixth)
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    screenshot(page, "league-player")


# How high a cell's text stands, from its top line's top to its last line's bottom (px).
ONE_LINE_HIGH = """cell => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const boxes = Array.from(range.getClientRects()).filter(box => box.width > 1);
    return Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top));
}"""

# Every piece of text drawn on the page, with its size: a projector's must all read across a room.
SMALLEST_TEXT = """() => {
    const sizes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const box = node.parentElement;
        if (!node.data.trim() || !box.checkVisibility() || box.closest('.sr')) continue;
        sizes.push([parseFloat(getComputedStyle(box).fontSize), node.data.trim().slice(0, 30)]);
    }
    return sizes.sort((a, b) => a[0] - b[0]).slice(0, 3);
}"""


def test_the_projector_screen_fills_a_1920_by_1080_screen(
    new_phone: NewPhone, live_server: str
) -> None:
    slug = finished_league(live_server)
    page = new_phone(viewport={"width": 1920, "height": 1080})  # the club's laptop
    page.goto(f"{live_server}/leagues/{slug}/screen")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= 32, smallest
    qr = page.locator(".screen-qr").bounding_box()
    assert qr is not None and qr["width"] >= 300 and qr["height"] >= 300, qr
    tables = page.locator(".screen-tables").bounding_box()
    assert tables is not None and tables["width"] >= 0.6 * 1920, tables
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080  # one screenful
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    expect(page.locator(".standings[data-ruleset=block] tbody tr")).to_have_count(7)
    # Its refresh is the point of a projector nobody touches (and works without script).
    problems = serious_accessibility_problems(page)
    assert [p for p in problems if not p.startswith("meta-refresh:")] == []
    screenshot(page, "league-screen")


def test_standings_on_a_phone_fit_its_width_with_the_rest_a_tap_away(
    phone: Phone, live_server: str
) -> None:
    slug = finished_league(live_server)
    page = phone.page
    phone.go(f"/leagues/{slug}")
    table = page.locator(".table-scroll").first
    wide = table.evaluate("box => box.scrollWidth - box.clientWidth")
    assert wide <= 0, f"the standings scroll sideways by {wide}px"
    headers = table.locator("thead th").filter(visible=True)
    expect(headers).to_have_text(["#", "Player", "Rating", "Won", "Played"])
    for cell in table.locator("tbody .col-rating").all():  # a rating reads as one short line
        assert cell.evaluate(ONE_LINE_HIGH) < 40, cell.inner_text()
    screenshot(page, "league-standings-phone")

    phone.tap(page.get_by_text("Show every column").first)
    expect(headers).to_contain_text(["Win %", "Form", "Last played"])
    expect(page.get_by_text("Show fewer columns").first).to_be_visible()
    assert_fits_a_phone(page)  # the table scrolls inside its own box, the page does not
    assert serious_accessibility_problems(page) == []
