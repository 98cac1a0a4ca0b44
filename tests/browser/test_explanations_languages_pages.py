"""A Spanish and a Brazilian phone watching a partnership game: the explanations in their
words, at phone size, light and dark, the longer sentences kept inside the screen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)

HANDS: list[dict[str, Any]] = [
    {
        "pips": {"Christopher": 0, "Margaret": 20, "María José": 10, "Dee": 14},
        "domino": "Christopher",
        "capicua": True,
        "pases_corridos": ["Margaret"],
    },
    {"pips": {"Christopher": 3, "Margaret": 10, "María José": 4, "Dee": 2}},
]


def partnership_game(phone: Phone) -> str:
    """A game played through the API, as a scorer's script would."""
    created = phone.page.request.post(
        phone.base + "/api/games",
        data={
            "ruleset": "latin-partnership",
            "players": ["Christopher", "Margaret", "María José", "Dee"],
            "partnerships": True,
            "team_names": ["Los de la Esquina", "Las Primas"],
        },
    )
    assert created.status == 201
    game = created.json()
    for entry in HANDS:
        posted = phone.page.request.post(
            f"{phone.base}/api/games/{game['id']}/hands",
            data=entry,
            headers={"X-Scorer-Token": game["scorer_token"]},
        )
        assert posted.status == 201
    return str(game["id"])


def test_the_watch_page_explains_in_spanish_and_portuguese_on_a_phone(phone: Phone) -> None:
    game_id = partnership_game(phone)
    page = phone.page
    for language, hand_1, hand_2 in (
        (
            "es",
            [
                "Margaret: pase corrido, 25 para Las Primas.",
                "Christopher dominó (capicúa): Margaret 20 + María José 10 + Dee 14 = 44, "
                "+ 25 de capicúa = 69 para Los de la Esquina.",
            ],
            "Tranque: Los de la Esquina 7, Las Primas 12: gana Los de la Esquina y se anota "
            "las cuatro manos, 19.",
        ),
        (
            "pt",
            [
                "Margaret: passe corrido, 25 para Las Primas.",
                "Christopher bateu lá e lô: Margaret 20 + María José 10 + Dee 14 = 44, "
                "+ 25 de lá e lô = 69 para Los de la Esquina.",
            ],
            "Tranca: Los de la Esquina 7, Las Primas 12: Los de la Esquina ganha e marca as "
            "quatro mãos, 19.",
        ),
    ):
        phone.go(f"/games/{game_id}?lang={language}")
        phone.tap("#hand-1 .sheet-open")
        expect(page.locator("#hand-1 .explanation li")).to_have_text(hand_1)
        phone.tap("#hand-2 .sheet-open")
        expect(page.locator("#hand-2 .explanation li")).to_have_text([hand_2])
        page.locator("#hand-1 .explanation").scroll_into_view_if_needed()
        screenshot(page, f"explanations-{language}")
        assert_fits_a_phone(page)
        for line in page.locator("#hand-1 .explanation li").all():
            box = line.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert not serious_accessibility_problems(page)
