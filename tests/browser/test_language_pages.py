"""The pages in Spanish and Portuguese on a phone: the switch with script off, and the scorer's
page and the league standings at 390×844, light and dark, with no sideways scroll."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    NewPhone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)

# The longest names a club has: the words around them must wrap, not push the page wider.
PLAYERS = ["María José", "Christopher", "Margaret", "Maximiliano"]


def api(page: Page, base: str, path: str, body: dict[str, Any], **headers: str) -> Any:
    """A JSON request from this phone's context (its cookies come along)."""
    response = page.request.post(f"{base}{path}", data=body, headers=headers)
    assert response.ok, response.text()
    return response.json()


def scorer_game(page: Page, base: str, ruleset: str, hand: dict[str, Any], **fields: Any) -> str:
    """A game this phone keeps score of, one hand in."""
    game = api(page, base, "/api/games", {"ruleset": ruleset, "players": PLAYERS, **fields})
    page.goto(f"{base}/games/{game['id']}/join/{game['scorer_token']}")
    api(
        page,
        base,
        f"/api/games/{game['id']}/hands",
        hand,
        **{"X-Scorer-Token": game["scorer_token"]},
    )
    return str(game["id"])


def test_the_switch_works_with_script_off_and_is_remembered(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    page = new_phone(**browser_context_args, java_script_enabled=False)
    page.goto(f"{live_server}/leagues")
    expect(page.locator("html")).to_have_attribute("lang", "en-US")  # the phone's own English
    switch = page.get_by_role("navigation", name="Language")
    expect(switch.get_by_role("link", name="English")).to_have_attribute("aria-current", "true")
    box = switch.get_by_role("link", name="Español").bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb's tap

    switch.get_by_role("link", name="Español").click()
    page.wait_for_url("**/leagues?lang=es")  # the same page, in Spanish
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("Ligas")
    expect(
        page.get_by_role("navigation", name="Idioma").get_by_role("link", name="Español")
    ).to_have_attribute("aria-current", "true")

    page.goto(f"{live_server}/")  # no ?lang=: the cookie remembers
    expect(page.get_by_role("link", name="Empezar una partida")).to_be_visible()
    page.get_by_role("navigation", name="Idioma").get_by_role("link", name="Português").click()
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.get_by_role("link", name="Começar uma partida")).to_be_visible()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_scorer_pages_and_standings_fit_a_phone_in_longer_words(
    page: Page, live_server: str, lang: str
) -> None:
    block = scorer_game(
        page,
        live_server,
        "block",
        {
            "pips": {"María José & Margaret": 0, "Christopher & Maximiliano": 23},
            "domino": "Margaret",
        },
        partnerships=True,
    )
    moon = scorer_game(
        page,
        live_server,
        "moon",
        {
            "bidder": "Christopher",
            "bid": 5,
            "tricks": {"María José & Margaret": 2, "Christopher & Maximiliano": 5},
        },
        partnerships=True,
    )
    league = api(page, live_server, "/api/leagues", {"name": "Liga de los Viernes"})
    for loser in PLAYERS[1:]:
        game = page.request.post(
            f"{live_server}/api/games",
            data={
                "ruleset": "block",
                "players": [PLAYERS[0], loser],
                "league": league["slug"],
                "options": {"target": 5},
            },
            headers={"X-League-Token": league["league_token"]},
        ).json()
        api(
            page,
            live_server,
            f"/api/games/{game['id']}/hands",
            {"pips": {PLAYERS[0]: 0, loser: 12}, "domino": PLAYERS[0]},
            **{"X-Scorer-Token": game["scorer_token"]},
        )

    pages = {
        "block-scorer": f"/games/{block}",
        "moon-scorer": f"/games/{moon}",
        "standings": f"/leagues/{league['slug']}",
    }
    for name, path in pages.items():
        page.goto(f"{live_server}{path}?lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR" if lang == "pt" else "es")
        screenshot(page, f"language-{lang}-{name}")
        assert_fits_a_phone(page)
        assert buttons_that_lose_their_words(page) == [], name
        assert not serious_accessibility_problems(page), name


# Every visible button's words, line by line: how far each line sits from the button's left and
# right edges, and the first line's top and the last line's bottom from its top and bottom.
BUTTON_LINES = """() => [...document.querySelectorAll('.button, button')]
  .filter((button) => button.offsetParent !== null && button.textContent.trim()
    && !button.closest('[aria-hidden="true"]'))  // not the hidden default for Enter
  .map((button) => {
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const lines = [...range.getClientRects()].filter((line) => line.width > 1);
    return {
      words: button.textContent.trim().replace(/\\s+/g, ' '),
      sides: lines.map((line) => [line.left - box.left, box.right - line.right]),
      top: Math.min(...lines.map((line) => line.top)) - box.top,
      bottom: box.bottom - Math.max(...lines.map((line) => line.bottom)),
    };
  })"""


def buttons_that_lose_their_words(page: Page) -> list[str]:
    """Buttons whose longer words wrap badly: a line pushed to one side (each line of a
    button's words is centred in it) or words touching its border (at least 4px clear)."""
    problems = []
    for button in page.evaluate(BUTTON_LINES):
        sides = button["sides"]
        uneven = any(abs(left - right) > 3 for left, right in sides)
        clear = min([button["top"], button["bottom"], *(gap for line in sides for gap in line)])
        if uneven or clear < 4:
            problems.append(f"{button['words']!r}: {button}")
    return problems
