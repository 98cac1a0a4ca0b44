"""The night page on a phone in Spanish and Portuguese: the repeats the seating could not
avoid, each table's state and the standings in the reader's words, with long names, and
nothing pushed off the side of a 390 px screen."""

from __future__ import annotations

import itertools

from playwright.sync_api import expect

from tests.browser.conftest import (
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.server import call

FOUR = ["María José Fernández", "Christopher", "Margaret", "Maximiliano"]


def night_with_repeats(base: str) -> tuple[str, list[tuple[str, str, int]]]:
    """A Moon night of four players, two rounds seated through the API: round 1 played out,
    round 2 seated, where everyone has new partners and two meet an opponent again.
    Returns the night page's path and who meets whom again (and in which round)."""
    status, league = call("POST", f"{base}/api/leagues", {"name": "Club Latino"})
    assert status == 201
    token = {"X-League-Token": league["league_token"]}
    nights = f"{base}/api/leagues/{league['slug']}/nights"
    status, _ = call("POST", nights, {"ruleset": "moon", "options": {"target": 7}}, token)
    assert status == 201
    assert call("POST", f"{nights}/1/players", {"add": FOUR}, token)[0] == 200
    status, first = call("POST", f"{nights}/1/rounds", {"round": 1}, token)
    assert status == 201
    table = first["tables"][0]
    a, b = table["sides"]
    hand = {"bidder": table["seats"][0], "bid": 7, "tricks": {a: 7, b: 0}}
    scorer = {"X-Scorer-Token": table["scorer_token"]}
    assert call("POST", f"{base}/api/games/{table['game_id']}/hands", hand, scorer)[0] == 201
    status, second = call("POST", f"{nights}/1/rounds", {"round": 2}, token)
    assert status == 201
    one, two, three, four = first["tables"][0]["seats"]
    met = {frozenset(pair) for pair in itertools.product((one, three), (two, four))}
    w, x, y, z = second["tables"][0]["seats"]
    again = [(p, q, 1) for p, q in itertools.product((w, y), (x, z)) if frozenset((p, q)) in met]
    return f"/leagues/{league['slug']}/nights/1", again


def test_the_night_page_says_its_repeats_in_spanish_and_portuguese_on_a_phone(
    phone: Phone, live_server: str
) -> None:
    path, again = night_with_repeats(live_server)
    assert len(again) == 2
    page = phone.page
    for lang, summary, sentence, state in (
        (
            "es",
            "No se pudieron evitar 2 repeticiones",
            "Mesa 1: {} vuelve a enfrentarse a {} (ya se enfrentaron en la ronda {}).",
            "0 manos jugadas",
        ),
        (
            "pt",
            "Não deu para evitar 2 repetições",
            "Mesa 1: {} enfrenta {} de novo (já se enfrentaram na rodada {}).",
            "0 mão jogada",  # Brazilian Portuguese counts zero as one (CLDR)
        ),
    ):
        phone.go(f"{path}?lang={lang}")
        repeats = page.locator("#board details.repeats")
        expect(repeats.locator("summary")).to_have_text(summary)
        phone.tap(repeats.locator("summary"))
        expect(repeats.locator("li")).to_have_text([sentence.format(*r) for r in again])
        expect(page.locator("#board .table-state")).to_have_text(state)
        repeats.scroll_into_view_if_needed()
        assert_fits_a_phone(page)
        assert serious_accessibility_problems(page) == []
        screenshot(page, f"night-repeats-{lang}")
