"""Block and Draw played on a phone by tapping, against the contract's totals."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    look_at_sheet,
    screenshot,
    serious_accessibility_problems,
)

BLOCK_TAP_LIMIT = 8  # issue: Block/Draw with 3 players, at most 8 taps per hand
BLOCK_WENT_OUT_LIMIT = 6  # issue 15: a hand somebody went out of, 3 players, in 6 taps


def start_game(phone: Phone, game: str, players: list[str], **options: str) -> str:
    phone.go("/")
    phone.tap_text("Start a game")
    phone.tap_text(game)
    for seat, name in enumerate(players, start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    for name, value in options.items():
        phone.page.fill(f'input[name="option-{name}"]', value)
    phone.submit_text("Start the game")
    expect(phone.page).to_have_url(re.compile(r"/games/[\w-]+$"))
    return phone.page.url


def enter_block_hand(phone: Phone, went_out: str | None, pips: dict[int, str]) -> int:
    """Tap who went out (None: "Nobody: blocked"), type each hand's pips, save; returns the taps."""
    with phone.count_taps() as count:
        phone.tap_text(went_out or "Nobody: blocked", within="#entry")
        for seat, value in pips.items():
            box = phone.page.locator(f'input[name="pips-{seat}"]')
            if box.evaluate("box => box === document.activeElement"):
                phone.keys(value)  # the page put the cursor in the first blank box
            else:
                phone.type(box, value)
        phone.save()
    return count.taps


def test_a_game_of_block_by_tapping(phone: Phone) -> None:
    start_game(phone, "Block Dominoes", ["Ann", "Bob", "Cy"], target="40")
    page = phone.page
    expect(page.locator(".next")).to_contain_text("Hand 1: Ann deals")
    screenshot(page, "scorer-block")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)

    # Ann dominoes; Bob holds 12 and Cy 7: Ann scores 19 (block-dominoes.txt).
    taps = enter_block_hand(phone, "Ann", {1: "12", 2: "7"})
    assert taps <= BLOCK_WENT_OUT_LIMIT, taps
    assert phone.totals() == {"Ann": 19, "Bob": 0, "Cy": 0}
    expect(page.locator("#hand-1")).to_contain_text("Ann dominoed.")

    # Blocked: Bob is lightest with 2; he scores 5 + 9 - 2 = 12.
    taps = enter_block_hand(phone, None, {0: "5", 1: "2", 2: "9"})
    assert taps <= BLOCK_TAP_LIMIT, taps
    assert phone.totals() == {"Ann": 19, "Bob": 12, "Cy": 0}
    expect(page.locator(".next")).to_contain_text("Hand 3: Cy deals")
    look_at_sheet(page, "sheet-block-mid")

    # A mistake is refused next to the field, and what was typed is kept.
    phone.tap_text("Cy", within="#entry")
    phone.type('input[name="pips-0"]', "3")
    phone.type('input[name="pips-2"]', "4")
    phone.save()
    # A blank is not 0: Bob's hand was left blank, so nothing is recorded.
    expect(page.locator(".field-error")).to_have_text(
        "Type the pips left in Bob's hand (0 if none)"
    )
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()
    phone.type('input[name="pips-1"]', "6")
    phone.save()
    expect(page.locator(".field-error")).to_contain_text(
        "Cy dominoed, so Cy has 0 pips left, not 4"
    )
    expect(page.locator('input[name="pips-2"]')).to_have_value("4")
    expect(page.locator('input[name="pips-0"]')).to_have_value("3")
    assert phone.totals() == {"Ann": 19, "Bob": 12, "Cy": 0}

    # Correct hand 1: Bob really held 20, so Ann scored 27; later totals follow.
    phone.correct(1)
    expect(page.locator("#entry-title")).to_have_text("Correct hand 1")
    expect(page.locator('input[name="pips-1"]')).to_have_value("12")
    phone.type('input[name="pips-1"]', "20")
    phone.save()
    assert phone.totals() == {"Ann": 27, "Bob": 12, "Cy": 0}

    # Undo the last hand, after a confirmation.
    phone.submit_text("Undo hand 2")
    screenshot(page, "undo-confirm")
    assert not serious_accessibility_problems(page)
    phone.submit_text("Undo hand 2")
    assert phone.totals() == {"Ann": 27, "Bob": 0, "Cy": 0}
    expect(page.locator(".next")).to_contain_text("Hand 2: Bob deals")

    # Ann goes out again with 14 against her: 41 reaches the target of 40.
    enter_block_hand(phone, "Ann", {1: "8", 2: "6"})
    assert phone.totals() == {"Ann": 41, "Bob": 0, "Cy": 0}
    expect(page.locator(".game-over")).to_be_visible()
    expect(page.locator(".result")).to_contain_text("Ann reached 40")
    screenshot(page, "game-over")
    look_at_sheet(page, "sheet-block-over")

    # Rematch: same players and options, and the deal moves on to Cy.
    phone.submit_text("Rematch")
    expect(page.locator(".next")).to_contain_text("Hand 1: Cy deals")
    assert phone.totals() == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_a_game_of_draw_in_partnerships(phone: Phone) -> None:
    phone.go("/new/draw")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"], start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    phone.tap('input[name="partnerships"]')
    phone.page.fill('input[name="option-target"]', "30")
    phone.submit_text("Start the game")
    assert phone.totals() == {"Ann & Cy": 0, "Bob & Dee": 0}
    # Cy goes out; the other team holds 18: Ann & Cy score all of it (Bookshelf rules).
    enter_block_hand(phone, "Cy", {0: "9", 1: "18"})
    assert phone.totals() == {"Ann & Cy": 18, "Bob & Dee": 0}
    enter_block_hand(phone, "Dee", {0: "14", 1: "3"})
    assert phone.totals() == {"Ann & Cy": 18, "Bob & Dee": 14}
    look_at_sheet(phone.page, "sheet-draw-mid")
    enter_block_hand(phone, "Ann", {0: "2", 1: "12"})
    assert phone.totals() == {"Ann & Cy": 30, "Bob & Dee": 14}
    expect(phone.page.locator(".result")).to_contain_text("Ann & Cy reached 30")
    look_at_sheet(phone.page, "sheet-draw-over")


def test_pages_look_finished_and_pass_axe(phone: Phone) -> None:
    page = phone.page
    for name, path, heading in [
        ("home", "/", "Score dominoes at the table"),
        ("catalogue", "/new", "Which game?"),
        ("new-game", "/new/block", "Block Dominoes"),
        ("rules", "/rules/block", "Block Dominoes"),
        ("muggins-checker-from-link", "/muggins?end=5&end=5-5&end=5&claimed=15", "Muggins checker"),
    ]:
        response = page.goto(phone.base + path)
        # The page itself, not a tidy error page that would pass every check below.
        assert response is not None and response.status == 200, name
        expect(page.locator("h1")).to_have_text(heading)
        screenshot(page, name)
        assert not serious_accessibility_problems(page), name
        assert_fits_a_phone(page)


def test_watchers_see_the_board_but_no_forms(phone: Phone, new_phone: NewPhone) -> None:
    game_url = start_game(phone, "Block Dominoes", ["Ann", "Bob"])
    enter_block_hand(phone, "Bob", {0: "11"})
    watcher = new_phone(viewport={"width": 390, "height": 844})
    watcher.goto(game_url)
    expect(watcher.locator("#board .totals")).to_contain_text("11")
    assert watcher.locator("form[method=post]").count() == 0
    expect(watcher.locator(".rules-in-force")).to_contain_text("Block Dominoes")
    screenshot(watcher, "watch")
    assert not serious_accessibility_problems(watcher)


def test_a_hand_can_be_entered_with_javascript_off(new_phone: NewPhone, live_server: str) -> None:
    page = new_phone(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page.goto(f"{live_server}/new/block")
    page.fill('input[name="player-1"]', "Ann")
    page.fill('input[name="player-2"]', "Bob")
    page.get_by_text("Start the game").click()
    page.locator("label.choice", has_text="Ann").click()
    page.fill('input[name="pips-1"]', "23")
    page.locator("#entry button.primary").click()
    expect(page.locator("#board .totals")).to_contain_text("23")


def test_no_sideways_scrolling_at_360_pixels(new_phone: NewPhone, live_server: str) -> None:
    page = new_phone(viewport={"width": 360, "height": 740})
    for path in ("/", "/new", "/new/eighty", "/muggins"):
        page.goto(live_server + path)
        assert_fits_a_phone(page)
