"""A Spanish and a Brazilian scorer's phone in Eighty and Texas 42: the longest explanations of
the trick games, in their words, inside a 390 px screen, light and dark."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)

PLAYERS = ["Christopher", "Margaret", "María José", "Bartholomew"]
TEAMS = ["Los de la Esquina", "Las Primas"]


def scored_game(phone: Phone, ruleset: str, hands: list[dict[str, Any]], **game: Any) -> str:
    """A game played through the API, as a scorer's script would; this phone is its scorer."""
    created = phone.page.request.post(
        phone.base + "/api/games",
        data={
            "ruleset": ruleset,
            "players": PLAYERS,
            "partnerships": True,
            "team_names": TEAMS,
            **game,
        },
    )
    assert created.status == 201
    body = created.json()
    for entry in hands:
        posted = phone.page.request.post(
            f"{phone.base}/api/games/{body['id']}/hands",
            data=entry,
            headers={"X-Scorer-Token": body["scorer_token"]},
        )
        assert posted.status == 201, posted.text()
    phone.go(f"/games/{body['id']}/join/{body['scorer_token']}")
    return str(body["id"])


def explanations_fit(phone: Phone, hand: int, expected: list[str], name: str) -> None:
    page = phone.page
    phone.tap(f"#hand-{hand} .sheet-open")  # a hand's number opens its explanation
    lines = page.locator(f"#hand-{hand} .explanation li")
    expect(lines).to_have_text(expected)
    page.locator(f"#hand-{hand} .explanation").scroll_into_view_if_needed()
    screenshot(page, name)
    assert_fits_a_phone(page)
    for line in lines.all():
        box = line.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert not serious_accessibility_problems(page)


def test_eighty_failed_bid_explained_in_spanish_and_portuguese(phone: Phone) -> None:
    failed = {
        "bidder": "Christopher",
        "bid": 60,
        "tricks": {"Los de la Esquina": 6, "Las Primas": 4},
        "count": {"Los de la Esquina": 40, "Las Primas": 15},
    }
    game = scored_game(phone, "eighty", [failed])
    phone.go(f"/games/{game}?lang=es")
    explanations_fit(
        phone,
        1,
        [
            "Los de la Esquina pujó 60 y ganó 6 bazas (12) + cuenta 40 = 52: falló, 0 para "
            "Los de la Esquina",
            "para Las Primas, la puja 60 + sus 8 + 15 = 83",
        ],
        "tricks-eighty-es",
    )
    phone.go(f"/games/{game}?lang=pt")
    explanations_fit(
        phone,
        1,
        [
            "Los de la Esquina deu lance de 60 e fez 6 vazas (12) + contagem 40 = 52: falhou, "
            "0 para Los de la Esquina",
            "para Las Primas, o lance 60 + seus 8 + 15 = 83",
        ],
        "tricks-eighty-pt",
    )


def test_texas_42_set_bid_explained_in_spanish_and_portuguese(phone: Phone) -> None:
    set_bid = {
        "bidder": "Margaret",
        "bid": 34,
        "tricks": {"Los de la Esquina": 3, "Las Primas": 4},
        "count_tiles": {"Los de la Esquina": ["5-5", "6-4", "5-0"], "Las Primas": ["4-1", "3-2"]},
    }
    game = scored_game(phone, "texas-42", [set_bid], options={"scoring": "points"})
    phone.go(f"/games/{game}?lang=es")
    explanations_fit(
        phone,
        1,
        [
            "Margaret pujó 34; Las Primas hizo 4 bazas + 4-1 + 3-2 = 14 < 34: falló. "
            "34 + 28 = 62 para Los de la Esquina."
        ],
        "tricks-texas-42-es",
    )
    phone.go(f"/games/{game}?lang=pt")
    explanations_fit(
        phone,
        1,
        [
            "Margaret deu lance de 34; Las Primas fez 4 vazas + 4-1 + 3-2 = 14 < 34: falhou. "
            "34 + 28 = 62 para Los de la Esquina."
        ],
        "tricks-texas-42-pt",
    )
