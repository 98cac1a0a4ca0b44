"""Black Tile played on a phone by tapping domino faces, against SCORING.md's totals."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    look_at_sheet,
    screenshot,
    serious_accessibility_problems,
)
from tests.browser.test_block_draw_pages import start_game

MOON_TAP_LIMIT = 2  # issue 15: a moon in 2 taps (who shot it, save)


def tile_tap_limit(tiles: int, players: int) -> int:
    """Issue 15: one tap per point tile, plus one to save, whatever the number of players."""
    return tiles + 1


def give_tiles(phone: Phone, takers: dict[str, str]) -> None:
    """Tap, under each point tile, who took it (a player's name or "Widow")."""
    for tile, taker in takers.items():
        phone.tap_text(taker, within=f"#tile-{tile}")


def enter_tiles(phone: Phone, takers: dict[str, str]) -> int:
    """Tap who took each point tile, then save; returns the taps it took."""
    with phone.count_taps() as count:
        give_tiles(phone, takers)
        phone.save()
    return count.taps


def enter_moon(phone: Phone, shooter: str, spotted: str | None = None) -> int:
    """Tap who shot the moon (with script, see it spotted on the tiles), save; returns the taps."""
    page = phone.page
    with phone.count_taps() as count:
        phone.tap_text(shooter, within="#moon")
        if spotted is not None:
            expect(page.locator(".moon-spotted")).to_have_text(spotted)
            for row in page.locator(".tile-row").all():
                expect(row.get_by_role("radio", name=shooter, exact=True)).to_be_checked()
        phone.save()
    return count.taps


def check_page(page: Page, name: str) -> None:
    screenshot(page, name)
    assert not serious_accessibility_problems(page), name
    assert_fits_a_phone(page)


ELEVEN_TILES = ["0-0", "0-3", "1-3", "2-3", "3-3", "3-4", "3-5", "3-6"]
TWENTY_ONE_TILES = ["0-0", "0-5", "1-4", "2-3", "0-6", "1-5", "2-4", "3-3", "1-6", "2-5", "3-4"]


def test_a_game_of_eleven_point_black_tile_with_four_players(phone: Phone) -> None:
    start_game(phone, "11 Point Black Tile", ["Ann", "Bob", "Cy", "Dee"], hands="4")
    page = phone.page
    expect(page.locator(".next")).to_have_text(
        "Hand 1: Ann deals, pass 3 tiles to the right. 0 of 4 hands played."
    )
    assert [row.get_attribute("id") for row in page.locator(".tile-row").all()] == [
        f"tile-{tile}" for tile in ELEVEN_TILES
    ]
    expect(page.locator("#tile-0-0")).to_contain_text("4 points")
    # Drawn with pips: each face shows its halves' pips (shared symbols, one per number, each
    # pip a dot of the symbol's path).
    drawn_pips = page.evaluate(
        """() => Array.from(document.querySelectorAll('#tiles svg.domino use')).reduce(
            (sum, use) => sum + Array.from(document.querySelector(use.getAttribute('href'))
                .querySelectorAll('path'), (path) => path.getAttribute('d').split('M').length - 1)
                .reduce((a, b) => a + b, 0), 0)"""
    )
    assert drawn_pips == 3 + 4 + 5 + 6 + 7 + 8 + 9  # 0-3 … 3-6, and none on 0-0
    assert page.get_by_role("radio", name="Widow").count() == 0  # 4 players: no widow
    check_page(page, "scorer-black-tile")

    # Bob shoots the moon: 0 for him, 22 for everyone else (SCORING.md, Shooting the moon).
    taps = enter_moon(phone, "Bob", "Bob is shooting the moon: 0, everyone else 22")
    assert taps <= MOON_TAP_LIMIT, taps
    assert phone.totals() == {"Ann": 22, "Bob": 0, "Cy": 22, "Dee": 22}
    expect(page.locator("#hand-1")).to_contain_text("Bob shot the moon: 0, everyone else 22")
    expect(page.locator(".next")).to_have_text(
        "Hand 2: Bob deals, pass 3 tiles to the left. 1 of 4 hands played."
    )

    # A plain hand: the 3-suit tiles 1 point each, the 0-0 4 points; each tile one tap.
    hand_2 = {
        "0-0": "Cy",
        "0-3": "Ann",
        "1-3": "Ann",
        "2-3": "Bob",
        "3-3": "Dee",
        "3-4": "Dee",
        "3-5": "Dee",
        "3-6": "Bob",
    }
    with phone.count_taps() as count:
        give_tiles(phone, hand_2)
        expect(page.locator(".tally")).to_have_text("Ann 2Bob 2Cy 4Dee 3")
        expect(page.locator(".tiles-left")).to_have_text("Every point tile is given")
        expect(page.locator(".moon-spotted")).to_be_hidden()
        check_page(page, "scorer-black-tile-tapped")
        phone.save()
    assert count.taps <= tile_tap_limit(8, 4), count.taps
    assert phone.totals() == {"Ann": 24, "Bob": 2, "Cy": 26, "Dee": 25}
    look_at_sheet(page, "sheet-black-tile-11-mid")
    expect(page.locator("#hand-2")).to_contain_text("Cy: 0-0 = 4")
    expect(page.locator(".next")).to_have_text(
        "Hand 3: Cy deals, pass 3 tiles across. 2 of 4 hands played."
    )

    # Every point tile tapped to one player is spotted as a moon before saving ...
    give_tiles(phone, {tile: "Dee" for tile in ELEVEN_TILES})
    expect(page.locator(".moon-spotted")).to_have_text(
        "Dee is shooting the moon: 0, everyone else 22"
    )
    check_page(page, "scorer-black-tile-moon")
    # ... and is no moon once a tile goes elsewhere (here: cleared by tapping Dee again).
    phone.tap_text("Dee", within="#tile-3-6")
    expect(page.locator(".moon-spotted")).to_be_hidden()
    expect(page.locator(".tiles-left")).to_have_text("1 point tile still to tap")
    # A tile nobody took is refused next to the tiles, and what was tapped is kept.
    give_tiles(
        phone, {"0-3": "Ann", "1-3": "Bob", "2-3": "Cy", "3-3": "Ann", "3-4": "Bob", "3-5": "Cy"}
    )
    phone.save()
    error = page.locator("#tiles .field-error")
    expect(error).to_have_text("3-6 is not accounted for: give it to the player who captured it")
    expect(page.locator("#tile-3-6")).to_have_class("tile-row missing")
    expect(page.locator("#tile-0-0").get_by_role("radio", name="Dee")).to_be_checked()
    expect(page.locator("#tile-3-5").get_by_role("radio", name="Cy")).to_be_checked()
    assert phone.totals() == {"Ann": 24, "Bob": 2, "Cy": 26, "Dee": 25}
    check_page(page, "scorer-black-tile-refused")
    phone.tap_text("Ann", within="#tile-3-6")
    phone.save()
    assert phone.totals() == {"Ann": 27, "Bob": 4, "Cy": 28, "Dee": 29}

    # Correct hand 2: Ann took the 0-0, not Cy; the totals after it follow.
    phone.correct(2)
    expect(page.locator("#entry-title")).to_have_text("Correct hand 2")
    expect(page.locator("#tile-0-0").get_by_role("radio", name="Cy")).to_be_checked()
    expect(page.locator("#tile-3-6").get_by_role("radio", name="Bob")).to_be_checked()
    expect(page.locator(".tally")).to_have_text("Ann 2Bob 2Cy 4Dee 3")
    with phone.count_taps() as count:
        phone.tap_text("Ann", within="#tile-0-0")
        phone.save()
    assert count.taps == 2
    assert phone.totals() == {"Ann": 31, "Bob": 4, "Cy": 24, "Dee": 29}
    expect(page.locator("#hand-2")).to_contain_text("Ann: 0-0 = 4, plus 2 tiles of the 3-suit = 2")

    # Hand 4 is held; the points typed, Dee's left blank gets the rest of the 11.
    expect(page.locator(".next")).to_have_text(
        "Hand 4: Dee deals, no passing (hold). 3 of 4 hands played."
    )
    phone.tap("#points summary")
    for seat, points in {0: "0", 1: "5", 2: "2"}.items():
        phone.type(f'input[name="points-{seat}"]', points)
    check_page(page, "scorer-black-tile-points")
    phone.save()
    assert phone.totals() == {"Ann": 31, "Bob": 9, "Cy": 26, "Dee": 33}

    # After the 4 agreed hands the lowest total wins.
    expect(page.locator(".result")).to_have_text(
        "Bob has the lowest total (9) after 4 hands and wins."
    )
    expect(page.locator(".total.winner")).to_have_attribute("data-side", "Bob")
    check_page(page, "scorer-black-tile-over")
    look_at_sheet(page, "sheet-black-tile-11-over")


def test_a_game_of_twenty_one_point_black_tile_with_three_and_a_widow(phone: Phone) -> None:
    start_game(phone, "21 Point Black Tile", ["Ann", "Bob", "Cy"], target="60")
    page = phone.page
    expect(page.locator(".next")).to_have_text(
        "Hand 1: Ann deals, pass 3 tiles to the right. Nobody has reached 60 yet."
    )
    assert page.locator(".tile-row").count() == len(TWENTY_ONE_TILES)
    assert page.locator(".tile-row").get_by_role("radio", name="Widow").count() == 11
    check_page(page, "scorer-black-tile-21")

    # The widow is the 1-5: its point is out of play, 20 are in play (SCORING.md, widow).
    taps = enter_tiles(
        phone,
        {
            "0-0": "Bob",
            "0-5": "Ann",
            "1-4": "Ann",
            "2-3": "Cy",
            "0-6": "Cy",
            "1-5": "Widow",
            "2-4": "Ann",
            "3-3": "Bob",
            "1-6": "Cy",
            "2-5": "Ann",
            "3-4": "Bob",
        },
    )
    assert taps <= tile_tap_limit(11, 3), taps
    assert phone.totals() == {"Ann": 4, "Bob": 13, "Cy": 3}
    look_at_sheet(page, "sheet-black-tile-21-mid")
    expect(page.locator("#hand-1")).to_contain_text("Widow 1-5 left unused")
    expect(page.locator(".next")).to_contain_text("Hand 2: Bob deals, pass 3 tiles to the left.")

    # Cy shoots the moon (the widow a blank tile): 42 for each of the others.
    taps = enter_moon(phone, "Cy", "Cy is shooting the moon: 0, everyone else 42")
    assert taps <= MOON_TAP_LIMIT, taps
    assert phone.totals() == {"Ann": 46, "Bob": 55, "Cy": 3}
    expect(page.locator(".next")).to_contain_text("Hand 3: Cy deals, no passing (hold).")

    # The 3-4 left untapped: with 3 players it may be the widow, and the message says so.
    hand_3 = {
        "0-0": "Ann",
        "0-5": "Bob",
        "1-4": "Bob",
        "2-3": "Cy",
        "0-6": "Cy",
        "1-5": "Bob",
        "2-4": "Cy",
        "3-3": "Bob",
        "1-6": "Cy",
        "2-5": "Bob",
    }
    enter_tiles(phone, hand_3)
    expect(page.locator("#tiles .field-error")).to_have_text(
        "3-4 is not accounted for: give it to a player or name it as the widow"
    )
    expect(page.locator("#tile-2-5").get_by_role("radio", name="Bob")).to_be_checked()
    phone.tap_text("Widow", within="#tile-3-4")
    phone.save()

    # Bob reaches the target of 60; the lowest total, Cy's, wins.
    assert phone.totals() == {"Ann": 57, "Bob": 60, "Cy": 7}
    expect(page.locator(".result")).to_contain_text("Cy has the lowest total (7)")
    expect(page.locator(".total.winner")).to_have_attribute("data-side", "Cy")
    look_at_sheet(page, "sheet-black-tile-21-over")


def test_a_moon_and_a_hand_entered_with_javascript_off(
    new_phone: NewPhone, live_server: str, browser_context_args: dict[str, object]
) -> None:
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    start_game(phone, "11 Point Black Tile", ["Ann", "Bob", "Cy"], hands="3")
    assert phone.page.locator(".tile-row").get_by_role("radio", name="Widow").count() == 8
    taps = enter_moon(phone, "Ann")
    assert taps <= MOON_TAP_LIMIT, taps
    assert phone.totals() == {"Ann": 0, "Bob": 22, "Cy": 22}
    # The widow is the 0-0: 7 points in play, all Bob's, so Bob shot the moon.
    taps = enter_tiles(phone, {tile: "Bob" for tile in ELEVEN_TILES[1:]} | {"0-0": "Widow"})
    assert taps <= tile_tap_limit(8, 3), taps
    assert phone.totals() == {"Ann": 22, "Bob": 22, "Cy": 44}
