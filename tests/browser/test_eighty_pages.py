"""Eighty scored on a phone by tapping, against SCORING.md ("Eighty") after every hand."""

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

EIGHTY_TAP_LIMIT = 5  # issue 15: Eighty in 4–5 taps a hand, scorer page to new totals
US, THEM = "Ann & Cy", "Bob & Dee"  # seats 1 & 3 against 2 & 4, default team names


def start_eighty(phone: Phone, target: str) -> None:
    phone.go("/new/eighty")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"], start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    phone.page.fill('input[name="option-target"]', target)
    phone.submit_text("Start the game")
    assert phone.totals() == {US: 0, THEM: 0}


def tap_number(phone: Phone, name: str, value: str) -> None:
    """Tap one of the numbered buttons: a bid, a team's tricks or count."""
    phone.tap(f'input[name="{name}"][value="{value}"]')


def tap_tile(phone: Phone, team: int, tile: str) -> None:
    """Tap the first untapped copy of a count tile in a team's row."""
    phone.tap(phone.page.locator(f'input[name="tiles-{team}"][value="{tile}"]:not(:checked)').first)


def save(phone: Phone) -> None:
    phone.save()


def test_a_game_of_eighty_by_tapping(phone: Phone) -> None:
    page = phone.page
    start_eighty(phone, "200")
    expect(page.locator(".next")).to_contain_text("Hand 1: Ann deals")

    # Made: Bob bids 60; his team takes 7 tricks (14) + count 50 = 64, the others 3 tricks
    # (6) + the rest of the count, 10 = 16. Both teams score what they took.
    with phone.count_taps() as hand:
        phone.tap_text("Bob", within="#entry")
        tap_number(phone, "bid", "60")
        tap_number(phone, "tricks-1", "7")
        expect(page.locator('input[name="tricks-0"][value="3"]')).to_be_checked()
        tap_number(phone, "count-1", "50")
        expect(page.locator('input[name="count-0"][value="10"]')).to_be_checked()
        save(phone)
    assert hand.taps <= EIGHTY_TAP_LIMIT, hand.taps
    assert phone.totals() == {US: 16, THEM: 64}

    # Everybody passed: a redeal, 0 for both, and the deal moves on.
    with phone.count_taps() as hand:
        phone.submit_text("Everybody passed")
    assert hand.taps == 1
    assert phone.totals() == {US: 16, THEM: 64}
    expect(page.locator(".next")).to_contain_text("Hand 3: Cy deals")

    # Nel-O failed: Dee took 2 tricks, so Ann & Cy score the Nel-O value, 80, and nothing
    # else. Saved first without the tricks: refused next to them, what was tapped kept.
    with phone.count_taps() as hand:
        phone.tap_text("Dee", within="#entry")
        phone.tap_text("Nel-O", within="#entry")
        save(phone)
        expect(page.locator(".field-error")).to_contain_text("Tap the tricks one team took")
        expect(page.locator('input[name="bid"][value="nel-o"]')).to_be_checked()
        assert phone.totals() == {US: 16, THEM: 64}
        tap_number(phone, "tricks-1", "2")
        save(phone)
    assert hand.taps <= EIGHTY_TAP_LIMIT, hand.taps
    assert phone.totals() == {US: 96, THEM: 64}
    look_at_sheet(page, "sheet-eighty-mid")
    expect(page.locator("#hand-3")).to_contain_text("Nel-O failed")

    # Correct hand 1: Bob & Dee's count was 55, not 50 (Ann & Cy's the other 5): 69 and 11.
    phone.correct(1)
    expect(page.locator("#entry-title")).to_have_text("Correct hand 1")
    expect(page.locator('input[name="count-1"][value="50"]')).to_be_checked()
    tap_number(phone, "count-1", "55")
    expect(page.locator('input[name="count-0"][value="5"]')).to_be_checked()
    save(phone)
    expect(page.locator(".flash-success")).to_contain_text("Hand 1 corrected")
    assert phone.totals() == {US: 91, THEM: 69}

    # Made, with a bid typed in: Ann bids 62; 8 tricks (16) + count 50 = 66. Bob & Dee
    # take 2 tricks (4) + 10 = 14.
    with phone.count_taps() as hand:
        phone.tap_text("Ann", within="#entry")
        phone.type('input[name="bid_exact"]', "62")
        tap_number(phone, "tricks-0", "8")
        tap_number(phone, "count-0", "50")
        save(phone)
    assert hand.taps <= EIGHTY_TAP_LIMIT + 2, hand.taps  # the bid typed: its 2 keys
    assert phone.totals() == {US: 157, THEM: 83}

    # Failed, the count by tiles: Cy bids 65; Bob & Dee took 1-4 and 2-3, so Ann & Cy the
    # other six count tiles: 6 tricks (12) + 50 = 62 < 65. Ann & Cy score 0; Bob & Dee
    # the bid 65 + 4 tricks (8) + count 10 = 83.
    with phone.count_taps() as hand:
        phone.tap_text("Cy", within="#entry")
        tap_number(phone, "bid", "65")
        tap_number(phone, "tricks-0", "6")
        phone.tap(".count-tiles summary")
        tap_tile(phone, 1, "1-4")
        tap_tile(phone, 1, "2-3")
        expect(page.locator("[data-live-count]")).to_have_text(
            f"{US}: count 50 (the rest) · {THEM}: count 10"
        )
        screenshot(page, "scorer-eighty-tiles")
        assert not serious_accessibility_problems(page)
        save(phone)
    assert hand.taps <= EIGHTY_TAP_LIMIT + 2, hand.taps  # the tiles' box, and 2 tiles for 1 count
    assert phone.totals() == {US: 157, THEM: 166}
    expect(page.locator("#hand-5")).to_contain_text(f"{US} took 5-5 + 5-5 + 4-6 + 4-6")

    # Made, and it ends the game: Bob bids 70; 9 tricks (18) + 55 = 73; Ann & Cy 2 + 5.
    with phone.count_taps() as hand:
        phone.tap_text("Bob", within="#entry")
        tap_number(phone, "bid", "70")
        tap_number(phone, "tricks-1", "9")
        tap_number(phone, "count-1", "55")
        screenshot(page, "scorer-eighty")
        assert not serious_accessibility_problems(page)
        assert_fits_a_phone(page)
        save(phone)
    assert hand.taps <= EIGHTY_TAP_LIMIT, hand.taps
    assert phone.totals() == {US: 164, THEM: 239}
    expect(page.locator(".result")).to_contain_text(f"{THEM} reached 200 with 239 and won")
    expect(page.locator("#board .total.winner")).to_have_attribute("data-side", THEM)
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    look_at_sheet(page, "sheet-eighty-over")


def test_eighty_without_javascript(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """Radios and submit buttons only: the server fills in the team left blank."""
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    start_eighty(phone, "250")
    page = phone.page

    # Ann bids 60; only Ann & Cy's tricks (6) and count (50) are given: 12 + 50 = 62, made;
    # Bob & Dee get the rest, 4 tricks and 10 count: 18.
    page.locator("label.choice", has_text="Ann").first.click()
    page.locator('label.choice:has(input[name="bid"][value="60"])').click()
    page.locator('label.choice:has(input[name="tricks-0"][value="6"])').click()
    page.locator('label.choice:has(input[name="count-0"][value="50"])').click()
    page.locator("#entry button.primary").click()
    assert phone.totals() == {US: 62, THEM: 18}

    page.get_by_role("button", name="Everybody passed").click()
    assert phone.totals() == {US: 62, THEM: 18}
    expect(page.locator(".next")).to_contain_text("Hand 3: Cy deals")

    # Count tiles, Bob & Dee left blank: they took every count tile Ann & Cy did not.
    page.locator("label.choice", has_text="Cy").first.click()
    page.fill('input[name="bid_exact"]', "51")
    page.locator('label.choice:has(input[name="tricks-1"][value="5"])').click()
    page.locator(".count-tiles summary").click()
    page.locator('label.took-tile:has(input[name="tiles-0"][value="5-5"])').first.click()
    page.locator('label.took-tile:has(input[name="tiles-0"][value="2-3"])').first.click()
    # Enter in the typed bid saves the hand: it does not press "Everybody passed".
    page.press('input[name="bid_exact"]', "Enter")
    # Ann & Cy: 5 tricks (10) + 15 = 25 < 51, failed; Bob & Dee 51 + 10 + 45 = 106.
    assert phone.totals() == {US: 62, THEM: 124}
