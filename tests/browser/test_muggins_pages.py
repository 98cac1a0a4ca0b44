"""Muggins played on a phone by tapping, play by play, and the muggins-call checker page.

Every total is checked against shared/SCORING.md (Muggins): a play scores the count of the open
ends when it is a positive multiple of 5 (a crosswise double counts both halves); "Muggins!"
gives it to the caller; the player out scores the others' pips to the nearest 5; the game ends
at the play that reaches the target.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
from tests.browser.test_block_draw_pages import start_game
from tests.server import call

PLAY_TAP_LIMIT = 3  # issue 15: a muggins play in 3 taps, scorer page to new totals (+1 for who)


def tap_end(phone: Phone, slot: int | None, *keys: str) -> None:
    """Tap an end slot (None: keep the one chosen), then keys: a number, "Double" or "No end"."""
    if slot is not None:
        phone.tap(phone.page.locator(".end-slot").nth(slot))
    for key in keys:
        phone.tap(phone.page.locator(".end-keys").get_by_role("button", name=key, exact=True))


def record(phone: Phone, button: str) -> None:
    """Tap the play's button, which must be in view without scrolling."""
    found = phone.page.locator("#play-form").get_by_role("button", name=button, exact=True)
    expect(found).to_be_in_viewport(ratio=1)
    phone.submit(found)


def play(
    phone: Phone,
    button: str,
    *ends: tuple[int | None, *tuple[str, ...]],
    who: str | None = None,
    before_recording: Callable[[], None] | None = None,
    extra_taps: int = 0,
) -> None:
    """One play by tapping, from the scorer's page to the new totals: who played (when it isn't
    whose turn it is), each end that changed (slot, keys...), then the button that records it."""
    with phone.count_taps() as count:
        if who:
            phone.tap_text(who, within="#play-form")
        for slot, *keys in ends:
            tap_end(phone, slot, *keys)
        if before_recording:
            before_recording()
        record(phone, button)
    assert count.taps <= PLAY_TAP_LIMIT + (1 if who else 0) + extra_taps, (button, count.taps)


def test_a_game_of_muggins_by_tapping(phone: Phone) -> None:
    start_game(phone, "Muggins (All Fives)", ["Ann", "Bob", "Cy"], target="30")
    page = phone.page
    expect(page.locator(".next")).to_contain_text("Hand 1: Ann deals")

    # Bob, after the dealer, opens with 5-5 crosswise: the lone double counts 10.
    play(phone, "Bob scores 10", (None, "5", "Double"))
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 0}

    # The ends carry over: Cy plays 5-0 on the spinner, 5-5 + 0 = 10.
    play(phone, "Cy scores 10", (1, "0"))
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 10}

    # Ann plays 5-3 on the other side of the spinner: 3 + 0 = 3 scores nothing.
    play(phone, "Ann played: no score", (0, "3"))
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 10}

    # Bob makes 3 + 2 = 5 and says nothing; Cy calls muggins and takes the 5.
    def the_pad_shows_the_count() -> None:
        expect(page.locator(".play-count")).to_contain_text("Count 5 · scores 5")
        expect(page.get_by_role("button", name="Muggins! Bob takes 5")).to_be_hidden()
        screenshot(page, "scorer-muggins")
        assert not serious_accessibility_problems(page)
        assert_fits_a_phone(page)

    play(phone, "Muggins! Cy takes 5", (1, "2"), before_recording=the_pad_shows_the_count)
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 15}
    expect(page.locator("#board .sheet-hand.in-progress")).to_contain_text(
        "5 taken by Cy (muggins)"
    )

    # A layout with one plain end is refused with the reason; nothing changes.
    tap_end(phone, 1, "No end")
    record(phone, "Cy played: no score")
    expect(page.locator("#plays .field-error")).to_contain_text(
        "a layout has a single open end only while the first double lies alone"
    )
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 15}
    expect(page.locator(".end-slot").nth(0)).to_contain_text("3")  # the ends as tapped
    play(phone, "Cy played: no score", (1, "4"))

    # Ann's 2 is given to Bob by mistake (4 taps: who played too), then the play is undone.
    play(phone, "Bob scores 5", (1, "2"), who="Bob")
    assert phone.totals() == {"Ann": 0, "Bob": 15, "Cy": 15}
    phone.submit_text("Undo play 6")
    expect(page.locator(".flash-success")).to_contain_text("Play 6 undone")
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 15}
    play(phone, "Ann scores 5", (1, "2"))
    assert phone.totals() == {"Ann": 5, "Bob": 10, "Cy": 15}

    # Ann dominoes: Bob's 9 and Cy's 8 are 17, rounded to 15.
    phone.tap_text("Ann", within="#entry .hand-form")
    phone.type('input[name="pips-1"]', "9")
    phone.type('input[name="pips-2"]', "8")
    phone.save("#entry .hand-form button.primary")
    assert phone.totals() == {"Ann": 20, "Bob": 10, "Cy": 15}
    expect(page.locator("#hand-1")).to_contain_text("rounded to 15")
    expect(page.locator(".next")).to_contain_text("Hand 2: Bob deals")
    look_at_sheet(page, "sheet-muggins-mid")

    # Hand 2 opens on 6-4, after Bob: Cy, 6 + 4 = 10.
    play(phone, "Cy scores 10", (None, "6"), (1, "4"), extra_taps=1)  # a tile opens two ends
    assert phone.totals() == {"Ann": 20, "Bob": 10, "Cy": 25}

    # Correct hand 1 from the tiles left: Bob held 4-5 (9), Cy 5-6 (11): 20 for Ann.
    phone.correct(1)
    expect(page.locator("#entry-title")).to_have_text("Correct hand 1")
    expect(page.locator('input[name="play-0-ends"]')).to_have_value("5-5")
    expect(page.locator('select[name="play-3-muggins"]')).to_have_value("Cy")
    phone.tap("#entry .tiles-entry summary")
    phone.tap('.tile-pick[data-tile="4-5"]')  # Ann went out, so the picker starts on Bob
    phone.tap_text("Cy 0 pips", within=".picker-sides")
    phone.tap('.tile-pick[data-tile="5-6"]')
    expect(page.locator('input[name="tiles-1"]')).to_have_value("4-5")
    expect(page.locator('input[name="tiles-2"]')).to_have_value("5-6")
    expect(page.locator('input[name="pips-2"]')).to_have_value("11")  # what will be counted
    expect(page.locator('.tile-pick[data-tile="4-5"]')).to_be_disabled()
    screenshot(page, "correct-muggins")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)
    phone.submit_text("Save hand 1")
    assert phone.totals() == {"Ann": 25, "Bob": 10, "Cy": 25}
    expect(page.locator("#hand-1")).to_contain_text("rounded to 20")

    # Ann plays 4-4 crosswise on the 4: 6 + 8 = 14, nothing.
    play(phone, "Ann played: no score", (1, "Double"))

    # Bob plays 6-6 crosswise: 12 + 8 = 20 takes him to the target of 30 mid-hand.
    play(phone, "Bob scores 20", (0, "Double"))
    assert phone.totals() == {"Ann": 25, "Bob": 30, "Cy": 25}
    expect(page.locator(".result")).to_contain_text("Bob reached 30")
    expect(page.locator("#play-form")).to_have_count(0)
    look_at_sheet(page, "sheet-muggins-over")


def test_a_play_and_a_muggins_call_with_javascript_off(
    new_phone: NewPhone, live_server: str
) -> None:
    page = new_phone(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page.goto(f"{live_server}/new/muggins")
    page.fill('input[name="player-1"]', "Ann")
    page.fill('input[name="player-2"]', "Bob")
    page.get_by_text("Start the game").click()
    ends = page.locator("#play-form select[name=end]")
    ends.nth(0).select_option("5-5")
    page.locator("#play-form").get_by_role("button", name="Record the play").click()
    expect(page.locator("#board .totals")).to_contain_text("10")
    # Ann (next in turn) makes 5-5 + 5 = 15 and misses it: Bob calls muggins.
    expect(ends.nth(0)).to_have_value("5-5")
    ends.nth(1).select_option("5")
    page.get_by_role("button", name="Muggins! Bob takes it").click()
    expect(page.locator("#board .sheet-hand.in-progress")).to_contain_text(
        "15 taken by Bob (muggins)"
    )
    expect(page.locator("#board .total").nth(1)).to_contain_text("25")


def test_with_script_off_a_refused_play_opens_on_its_reason(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """Six hands in, a play recorded with no open ends tapped is refused: the page that answers
    the plain form opens on the reason, not at the top of the sheet."""
    status, game = call(
        "POST",
        f"{live_server}/api/games",
        {"ruleset": "muggins", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"target": 1000}},
    )
    assert status == 201
    hand = {"pips": {"Ann": 0, "Bob": 13, "Cy": 4, "Dee": 8}, "domino": "Ann"}
    token = {"X-Scorer-Token": game["scorer_token"]}
    for _ in range(6):
        assert call("POST", f"{live_server}/api/games/{game['id']}/hands", hand, token)[0] == 201
    page = new_phone(**browser_context_args, java_script_enabled=False)
    page.goto(f"{live_server}/games/{game['id']}/join/{game['scorer_token']}")
    with page.expect_navigation():
        page.locator("#play-form").get_by_role("button", name="Record the play").tap()
    expect(page.locator("#refusal")).to_be_in_viewport()
    expect(page.locator("#refusal")).to_have_class("field-error")
    expect(page.locator("#play-form .field-error")).to_have_count(1)
    expect(page.locator("#board .sheet-hand.in-progress")).to_have_count(0)


def test_the_muggins_checker_by_tapping(phone: Phone) -> None:
    phone.go("/muggins")
    page = phone.page
    result = page.locator(".checker-result")
    tap_end(phone, None, "4")
    tap_end(phone, 1, "6", "Double")
    tap_end(phone, 2, "1")
    expect(result).to_contain_text("Count 17")
    expect(result).to_contain_text("Scores 0")
    expect(result).to_contain_text("scores nothing")
    tap_end(phone, 0, "5")
    tap_end(phone, 1, "5", "Double")
    tap_end(phone, 2, "5")
    expect(result).to_contain_text("Count 20")
    expect(result).to_contain_text("Scores 20")
    # No claim, no muggins: the answer's box stays plain however many answers came before.
    expect(result).not_to_have_class(re.compile(r"\bmuggins\b"))
    phone.type('input[name="claimed"]', "15")
    expect(result).to_contain_text("Muggins stands")
    expect(result).to_have_class(re.compile(r"\bmuggins\b"))
    assert "end=5-5" in page.url  # a reload shows the same layout
    screenshot(page, "muggins-checker")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)
    # A double can lie on the table only once.
    tap_end(phone, 2, "5", "Double")
    expect(page.locator(".flash-error")).to_contain_text("5-5 is claimed 2 times")


def test_the_muggins_checker_with_javascript_off(new_phone: NewPhone, live_server: str) -> None:
    page = new_phone(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page.goto(f"{live_server}/muggins")
    ends = page.locator("select[name=end]")
    for slot, end in enumerate(["4", "6-6", "1"]):
        ends.nth(slot).select_option(end)
    page.get_by_role("button", name="Check").click()
    result = page.locator(".checker-result")
    expect(result).to_contain_text("Count 17")
    expect(result).to_contain_text("scores nothing")
    for slot, end in enumerate(["5", "5-5", "5"]):
        ends.nth(slot).select_option(end)
    page.get_by_role("button", name="Check").click()
    expect(result).to_contain_text("Scores 20")


def test_only_the_scorers_phone_records_plays(phone: Phone, new_phone: NewPhone) -> None:
    game_url = start_game(phone, "Muggins (All Fives)", ["Ann", "Bob"])
    watcher = new_phone()  # a stranger's phone
    refused = watcher.request.post(f"{game_url}/plays", form={"end": "5-5", "player": "Ann"})
    assert refused.status == 403
    watcher.goto(game_url)
    expect(watcher.locator("#board .totals")).to_contain_text("0")
    assert watcher.locator("#play-form").count() == 0
    phone.page.reload()
    assert phone.totals() == {"Ann": 0, "Bob": 0}
