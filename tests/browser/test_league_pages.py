"""The league pages on a phone, with results in them: standings, a table's pages, a player."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.web.leagues import pages as league_pages
from tests.browser.conftest import (
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
