"""Moon scored on a phone by tapping, against SCORING.md ("Moon"): 3 players, and the
4-player partnership match of best two of three games."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    look_at_sheet,
    screenshot,
    serious_accessibility_problems,
)

MOON_TAP_LIMIT = 5  # issue 15: Moon in 4–5 taps a hand, scorer page to new totals
US, THEM = "Ann & Cy", "Bob & Dee"


def start_moon(phone: Phone, players: list[str], target: str | None = None) -> None:
    phone.go("/new/moon")
    for seat, name in enumerate(players, start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    if target:
        phone.page.fill('input[name="option-target"]', target)
    phone.submit_text("Start the game")


def enter_moon_hand(phone: Phone, bidder: str, bid: str, tricks: dict[int, str]) -> int:
    """Tap the bidder, the bid and some sides' tricks (by seat index), save; returns the taps."""
    with phone.count_taps() as count:
        phone.tap_text(bidder, within="#entry")
        phone.tap(f'input[name="bid"][value="{bid}"]')
        for side, value in tricks.items():
            phone.tap(f'input[name="tricks-{side}"][value="{value}"]')
        phone.save()
    return count.taps


def test_moon_with_three_players(phone: Phone) -> None:
    page = phone.page
    start_moon(phone, ["Ann", "Bob", "Cy"])
    assert phone.totals() == {"Ann": 0, "Bob": 0, "Cy": 0}
    expect(page.locator('input[name="bid"]')).to_have_count(5)  # 4, 5, 6, 7 and the moon

    # Made: Bob bids 5 and takes 5, scoring the bid; Ann and Cy 1 per trick. Two players'
    # tricks are enough: Cy's 1 is filled in.
    taps = enter_moon_hand(phone, "Bob", "5", {1: "5", 0: "1"})
    assert taps <= MOON_TAP_LIMIT, taps
    assert phone.totals() == {"Ann": 1, "Bob": 5, "Cy": 1}

    # Set: Cy bids 6 and takes 4: minus 6. The screenshot shows the filled-in third player.
    with phone.count_taps() as hand:
        phone.tap_text("Cy", within="#entry")
        phone.tap('input[name="bid"][value="6"]')
        phone.tap('input[name="tricks-2"][value="4"]')
        phone.tap('input[name="tricks-0"][value="2"]')
        expect(page.locator('input[name="tricks-1"][value="1"]')).to_be_checked()
        screenshot(page, "scorer-moon")
        assert not serious_accessibility_problems(page)
        assert_fits_a_phone(page)
        phone.save()
    assert hand.taps <= MOON_TAP_LIMIT, hand.taps
    assert phone.totals() == {"Ann": 3, "Bob": 6, "Cy": -5}
    expect(page.locator("#hand-2")).to_contain_text("Cy bid 6 and took 4: set, -6")

    # Everybody passed: 0 for everyone, the deal moves on.
    with phone.count_taps() as hand:
        phone.submit_text("Everybody passed")
    assert hand.taps == 1
    assert phone.totals() == {"Ann": 3, "Bob": 6, "Cy": -5}
    expect(page.locator(".next")).to_contain_text("Hand 4: Ann deals")
    look_at_sheet(page, "sheet-moon-mid")

    # The moon: Ann bids 21 and takes all 7 (the others' 0 is filled in): 21, and 24 wins.
    with phone.count_taps() as hand:
        phone.tap_text("Ann", within="#entry")
        phone.tap_text("Shoot the moon", within="#entry")
        phone.tap('input[name="tricks-0"][value="7"]')
        expect(page.locator('input[name="tricks-2"][value="0"]')).to_be_checked()
        phone.save()
    assert hand.taps <= MOON_TAP_LIMIT, hand.taps
    assert phone.totals() == {"Ann": 24, "Bob": 6, "Cy": -5}
    expect(page.locator("#hand-4")).to_contain_text("Ann shot the moon and took all 7: 21")
    expect(page.locator(".result")).to_contain_text("Ann reached 21")
    expect(page.locator("#board .total.winner")).to_have_attribute("data-side", "Ann")
    look_at_sheet(page, "sheet-moon-over")


def test_a_four_player_match_of_moon(phone: Phone) -> None:
    page = phone.page
    start_moon(phone, ["Ann", "Bob", "Cy", "Dee"], target="7")
    assert phone.totals() == {US: 0, THEM: 0}
    expect(page.locator('input[name="bid"]')).to_have_count(6)  # 3 to 7 and the moon

    # Game 1. Partnerships score every trick taken when the bid is made.
    assert enter_moon_hand(phone, "Ann", "4", {0: "5"}) <= MOON_TAP_LIMIT
    assert phone.totals() == {US: 5, THEM: 2}
    assert enter_moon_hand(phone, "Bob", "3", {1: "4"}) <= MOON_TAP_LIMIT
    assert phone.totals() == {US: 8, THEM: 6}
    expect(page.locator(".result")).to_contain_text(f"{US} reached 7")
    expect(page.locator(".match")).to_contain_text(f"Match, game 1 of 3: {US} 1, {THEM} 0")
    screenshot(page, "scorer-moon-match")
    assert not serious_accessibility_problems(page)
    phone.submit_text("Next game of the match")

    # Game 2: Bob shoots the moon and takes all 7 for his team: 21.
    assert phone.totals() == {US: 0, THEM: 0}
    expect(page.locator(".match")).to_contain_text("game 2 of 3")
    taps = enter_moon_hand(phone, "Bob", "21", {1: "7"})
    assert taps <= MOON_TAP_LIMIT, taps
    assert phone.totals() == {US: 0, THEM: 21}
    expect(page.locator(".match")).to_contain_text(f"Match, game 2 of 3: {US} 1, {THEM} 1")
    phone.submit_text("Next game of the match")

    # Game 3 decides it: Dee bids 7 and makes it.
    assert enter_moon_hand(phone, "Dee", "7", {1: "7"}) <= MOON_TAP_LIMIT
    assert phone.totals() == {US: 0, THEM: 7}
    expect(page.locator(".match")).to_contain_text(f"{THEM} won the match")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()


def test_moon_without_javascript(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """Without the script the server fills in the same blanks: the last player's tricks, or
    0 for everyone else when the tricks tapped already come to 7."""
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    start_moon(phone, ["Ann", "Bob", "Cy"])
    page = phone.page

    def tap(selector: str) -> None:
        page.locator(f"label.choice:has({selector})").click()

    tap('input[name="bidder"][value="Bob"]')
    tap('input[name="bid"][value="4"]')
    tap('input[name="tricks-1"][value="3"]')
    tap('input[name="tricks-2"][value="2"]')
    page.locator("#entry button.primary").click()
    # Bob bid 4 and took 3: set, -4; Cy 2; Ann the other 2.
    assert phone.totals() == {"Ann": 2, "Bob": -4, "Cy": 2}

    tap('input[name="bidder"][value="Cy"]')
    tap('input[name="bid"][value="21"]')
    tap('input[name="tricks-2"][value="7"]')
    page.locator("#entry button.primary").click()
    assert phone.totals() == {"Ann": 2, "Bob": -4, "Cy": 23}
    expect(page.locator(".result")).to_contain_text("Cy reached 21")
