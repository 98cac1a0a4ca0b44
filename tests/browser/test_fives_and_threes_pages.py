"""Fives and Threes scored on a phone, play by play, against SCORING_MORE.md ("Fives and Threes")."""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    SCREENSHOTS,
    SCREENSHOTS_WANTED,
    NewPhone,
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.browser.test_texas_42_pages import BROKEN_WORDS

PLAY_TAPS = 3  # a play changes one end: tap that end, its number, Record (Muggins' 3)


def start(phone: Phone, target: str, players: tuple[str, ...] = ("Ann", "Bob")) -> None:
    phone.go("/new/fives-and-threes")
    for seat, name in enumerate(players, start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    phone.page.fill('input[name="option-target"]', target)
    phone.submit_text("Start the game")


def slot(phone: Phone, number: int) -> None:
    phone.tap(phone.page.locator(".end-slot").nth(number - 1))


def key(phone: Phone, value: str) -> None:
    phone.tap(f'.end-key[data-value="{value}"]')


def double(phone: Phone) -> None:
    phone.tap(".end-double")


def in_view(phone: Phone, selector: str) -> None:
    """The button is on the screen as it is, before it is tapped (issue 15)."""
    seen = phone.page.locator(selector).evaluate(
        "b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    if not seen:
        phone.page.screenshot(path="/tmp/out-of-reach.png")
    assert seen, f"{selector} is out of reach"


def record(phone: Phone) -> None:
    in_view(phone, ".play-score")
    phone.submit(".play-score")


def record_out(phone: Phone) -> None:
    in_view(phone, ".play-out")
    phone.submit(".play-out")


def save(phone: Phone) -> None:
    in_view(phone, "#entry .hand-form button.primary")
    phone.submit("#entry .hand-form button.primary")


def test_a_game_of_fives_and_threes_by_tapping(phone: Phone) -> None:
    page = phone.page
    start(phone, "20")
    assert phone.totals() == {"Ann": 0, "Bob": 0}
    expect(page.locator(".end-slot")).to_have_count(2)  # no spinner: two open ends

    # Hand 1 (Ann deals, Bob leads): SCORING_MORE.md example 1, play by play.
    expect(page.locator('input[name="player"][value="Bob"]')).to_be_checked()
    with phone.count_taps() as play:
        key(phone, "6")
        double(phone)
        expect(page.locator("[data-play-count]")).to_contain_text("Count 12 · scores 4")
        record(phone)
    assert play.taps == PLAY_TAPS  # the first end is chosen; a lone double: 6, "Double"
    assert phone.totals() == {"Ann": 0, "Bob": 4}

    with phone.count_taps() as play:  # Ann: 6-6 and 3, 15 → 3 fives + 5 threes = 8
        key(phone, "3")
        expect(page.locator("[data-play-count]")).to_contain_text("Count 15 · scores 8")
        record(phone)
    assert play.taps == PLAY_TAPS - 1  # the empty end is chosen already
    assert phone.totals() == {"Ann": 8, "Bob": 4}

    with phone.count_taps() as play:  # Bob: 4 and 3-3 crosswise, 10 → 2
        slot(phone, 1)
        key(phone, "4")
        slot(phone, 2)
        double(phone)
        record(phone)
    assert play.taps == 5
    assert phone.totals() == {"Ann": 8, "Bob": 6}

    with phone.count_taps() as play:  # Ann: 4 and 5, 9 → 3
        slot(phone, 2)
        key(phone, "5")
        record(phone)
    assert play.taps == PLAY_TAPS
    assert phone.totals() == {"Ann": 11, "Bob": 6}

    with phone.count_taps() as play:  # Bob: 4 and 1, 5 → 1
        slot(phone, 2)
        key(phone, "1")
        record(phone)
    assert play.taps == PLAY_TAPS
    assert phone.totals() == {"Ann": 11, "Bob": 7}

    # Ann plays her last tile: 2 and 1, 3 → 1, and the go point with it: 2.
    with phone.count_taps() as play:
        key(phone, "2")
        expect(page.locator(".play-out")).to_have_text("Ann chipped out: 1 + go 1")
        screenshot(page, "scorer-fives-and-threes")
        assert not serious_accessibility_problems(page)
        assert_fits_a_phone(page)
        record_out(phone)
    assert play.taps == 2
    assert phone.totals() == {"Ann": 13, "Bob": 7}  # example 1 without Ann's 7 (no score)

    # The end of the hand: who chipped out is filled in from the last play, shown as such.
    expect(page.locator('input[name="domino"][value="Ann"]')).to_be_checked()
    expect(page.locator(".choice.derived")).to_have_count(1)
    with phone.count_taps() as end:
        save(phone)
    assert end.taps == 1
    assert phone.totals() == {"Ann": 13, "Bob": 7}
    expect(page.locator("#hand-1")).to_contain_text("Ann: 2 + 1 = 3 → 1 three = 1, + go 1: Ann 13.")

    # Hand 2 (Bob deals, Ann leads): a score over 20 is shown as not scored.
    key(phone, "5")
    double(phone)
    record(phone)  # Ann: 5-5 alone, 10 → 2
    key(phone, "5")
    record(phone)  # Bob: 5-5 and 5, 15 → 8
    assert phone.totals() == {"Ann": 15, "Bob": 15}
    slot(phone, 2)
    key(phone, "1")
    record(phone)  # Ann: 5-5 and 1, 11: no score
    assert phone.totals() == {"Ann": 15, "Bob": 15}
    slot(phone, 2)
    key(phone, "5")  # Bob: 5-5 and 5 again, 15 → 8: 15 + 8 = 23, over 20
    expect(page.locator(".play-score")).to_have_text("Bob: 8 would make 23, over 20: not scored")
    in_view(phone, ".play-score")
    screenshot(page, "scorer-fives-and-threes-over")  # (a full-page picture moves the page)
    phone.submit(".play-score")
    assert phone.totals() == {"Ann": 15, "Bob": 15}
    expect(page.locator(".last-play")).to_contain_text("would make 23, over 20: not scored")
    slot(phone, 1)
    key(phone, "6")
    slot(phone, 2)
    key(phone, "6")
    record(phone)  # Ann: 6 and 6, 12 → 4
    assert phone.totals() == {"Ann": 19, "Bob": 15}

    # Bob plays 2: 2 and 6, 8, no score. Ann chips out with 2 and 5: 7, no score, + go 1:
    # 20 exactly, and the game is won at that play.
    slot(phone, 1)
    key(phone, "2")
    record(phone)
    with phone.count_taps() as play:
        slot(phone, 2)
        key(phone, "5")
        expect(page.locator(".play-out")).to_have_text("Ann chipped out: 0 + go 1")
        record_out(phone)
    assert play.taps == PLAY_TAPS
    assert phone.totals() == {"Ann": 20, "Bob": 15}
    expect(page.locator(".result")).to_contain_text("Ann reached 20 with 20 and won")
    screenshot(page, "scorer-fives-and-threes-finished")


def test_the_pad_is_on_screen_when_a_game_starts_with_four_long_names(phone: Phone) -> None:
    """Four long names wrap "Who played" onto two rows under the empty sheet: the game must
    still open with the whole pad (its ends, its keys, Record) on screen and uncovered at
    390×844, so the first play is tapped without scrolling."""
    page = phone.page
    start(phone, "61", ("Christopher", "Margaret", "María José", "Bartholomew"))
    expect(page.locator(".end-key").first).to_be_visible()
    assert page.viewport_size == {"width": 390, "height": 844}
    for part in (".who-played", ".ends-pad", ".play-score"):
        box = page.locator(part).bounding_box()
        assert box is not None, part
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (part, box)
    # Nothing (the foot that keeps Record in reach) lies over a key or an end.
    covered = page.evaluate(
        """() => Array.from(document.querySelectorAll('.end-key, .end-slot')).filter(b => {
            const r = b.getBoundingClientRect();
            return !b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }).map(b => b.textContent.trim())"""
    )
    assert covered == []
    expect(page.locator("#entry-title")).to_be_in_viewport(ratio=1)  # "Hand 1" says where
    screenshot(page, "scorer-fives-and-threes-long-names")
    if os.environ.get(SCREENSHOTS_WANTED):  # the screen as the player sees it, not the page
        page.screenshot(path=SCREENSHOTS / "scorer-fives-and-threes-long-names-screen.png")
    with phone.count_taps() as play:  # Margaret leads: 5-5 alone, 10 → 2
        key(phone, "5")
        double(phone)
        record(phone)
    assert play.taps == PLAY_TAPS
    assert phone.totals() == {"Christopher": 0, "Margaret": 2, "María José": 0, "Bartholomew": 0}


def test_partnerships_and_the_end_of_a_blocked_hand(phone: Phone) -> None:
    page = phone.page
    phone.go("/new/fives-and-threes")
    for seat, name in enumerate(("Christopher", "Margaret", "María José", "Jonathan"), start=1):
        page.fill(f'input[name="player-{seat}"]', name)
    page.check('input[name="partnerships"]')
    phone.submit_text("Start the game")
    us, them = "Christopher & María José", "Margaret & Jonathan"
    assert phone.totals() == {us: 0, them: 0}

    # Nothing chosen at the end of the hand: refused, nothing recorded.
    phone.submit("#entry .hand-form button.primary")
    expect(page.locator(".field-error")).to_contain_text("Tap who chipped out")
    assert phone.totals() == {us: 0, them: 0}

    # Four long names make a tall board: the pad is one scroll down at the start of the game;
    # after each play the page comes back with the pad at the top.
    page.evaluate("document.getElementById('plays').scrollIntoView()")

    key(phone, "5")
    double(phone)
    record(phone)  # Margaret (after the dealer): 5-5 alone, 10 → 2
    assert phone.totals() == {us: 0, them: 2}
    screenshot(page, "scorer-fives-and-threes-partners-pad")
    for root in ("#board", "#entry"):  # issue 15: names never break inside a word
        assert page.evaluate(BROKEN_WORDS, root) == [], root
    with phone.count_taps() as end:
        in_view(phone, ".play-blocked")
        phone.submit(".play-blocked")
    assert end.taps == 1
    assert phone.totals() == {us: 0, them: 2}
    expect(page.locator("#hand-1")).to_contain_text("Blocked: no go point.")
    screenshot(page, "scorer-fives-and-threes-partners")
    assert_fits_a_phone(page)


def test_fives_and_threes_without_javascript(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """The selects the pad hides are a plain form: a play, then the end of the hand."""
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    start(phone, "61")
    page = phone.page
    selects = page.locator("select[name=end]")
    expect(selects).to_have_count(2)
    selects.nth(0).select_option("5")
    selects.nth(1).select_option("5-5")
    phone.submit(".play-score")
    assert phone.totals() == {"Ann": 0, "Bob": 8}
    selects = page.locator("select[name=end]")
    selects.nth(0).select_option("2")
    selects.nth(1).select_option("1")
    phone.submit(".play-out")
    assert phone.totals() == {"Ann": 2, "Bob": 8}
    expect(page.locator('input[name="domino"][value="Ann"]')).to_be_checked()
    phone.submit("#entry .hand-form button.primary")
    assert phone.totals() == {"Ann": 2, "Bob": 8}
    expect(page.locator("#hand-1")).to_contain_text("+ go 1")


def test_the_checker_in_fives_and_threes_mode(phone: Phone) -> None:
    """SCORING_MORE.md: the muggins-call checker takes "ruleset": "fives-and-threes" — on its
    page, the game is a choice; 5 and 5-5 count 15, which scores 8."""
    page = phone.page
    phone.go("/muggins")
    page.locator("[data-game-choice]").select_option("fives-and-threes")
    key(phone, "5")
    slot(phone, 2)
    key(phone, "5")
    double(phone)
    result = page.locator("[data-checker-result]")
    expect(result).to_contain_text("The ends count 15: 3 fives + 5 threes = 8.")
    expect(result).not_to_contain_text("muggins")
    page.fill('input[name="claimed"]', "4")
    expect(result).to_contain_text("Muggins stands")
    screenshot(page, "checker-fives-and-threes")
    assert not serious_accessibility_problems(page)
