"""A correction that ends a game earlier, on a phone: the hands after the end and their undo."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import (
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.browser.test_block_draw_pages import enter_block_hand, start_game
from tests.browser.test_muggins_pages import tap_end
from tests.test_end_of_game import REACHING_HAND


def test_hands_after_a_corrected_end_are_marked_and_undone(phone: Phone) -> None:
    """SCORING.md: "If a correction makes an earlier hand end the game, the hands after it stay
    in the record but no longer count ... each later hand is marked as played after the end
    ..., and the page says so and offers to undo them." """
    start_game(phone, "Block Dominoes", ["Ann", "Bob"], target="30")
    page = phone.page
    enter_block_hand(phone, "Ann", {1: "10"})
    enter_block_hand(phone, "Bob", {0: "5"})
    enter_block_hand(phone, "Ann", {1: "5"})
    assert phone.totals() == {"Ann": 15, "Bob": 5}

    # Hand 1 was Bob holding 40, not 10: Ann reached 30 in hand 1 and the game ended there.
    phone.submit(page.locator("#hand-1 .edit-link"))
    phone.type('input[name="pips-1"]', "40")
    phone.submit("#entry button.primary")
    assert phone.totals() == {"Ann": 40, "Bob": 0}
    expect(page.locator(".result")).to_have_text("Ann reached 30 with 40 and won.")
    notice = page.locator(".after-end-undo")
    expect(notice).to_contain_text(
        "Hands 2 and 3 were played after the end of the game: they do not count."
    )
    expect(page.locator(".hand.not-counted")).to_have_count(2)
    expect(page.locator("#hand-3")).to_contain_text("Played after the end of the game")
    screenshot(page, "end-of-game-after-the-end")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)

    for number, left in ((3, "Hand 2 was played after the end"), (2, None)):
        phone.submit(notice.get_by_role("link", name=f"Undo hand {number}"))
        phone.submit(page.get_by_role("button", name=f"Undo hand {number}"))
        assert phone.totals() == {"Ann": 40, "Bob": 0}
        if left:
            expect(notice).to_contain_text(left)
    expect(notice).to_have_count(0)
    expect(page.locator(".hand.not-counted")).to_have_count(0)
    expect(page.locator(".result")).to_have_text("Ann reached 30 with 40 and won.")
    screenshot(page, "end-of-game-undone")


def test_the_checker_with_a_double_nine_set_and_no_claim(phone: Phone) -> None:
    """SCORING.md Muggins: "The muggins-call checker takes the set (double-six by default,
    double-nine) ... only when a claim is given does it say whether a muggins call stands"."""
    phone.go("/muggins")
    page = phone.page
    keys = page.locator(".end-keys")
    expect(keys.get_by_role("button", name="9", exact=True)).to_have_count(0)
    with page.expect_navigation():
        page.select_option("select[name=set]", "double-nine")
    tap_end(phone, None, "9")
    tap_end(phone, 1, "9", "Double")
    tap_end(phone, 2, "3")
    result = page.locator(".checker-result")
    expect(result).to_contain_text("Count 30")
    expect(result).to_contain_text("The ends count 30: it scores 30.")
    expect(result).not_to_contain_text("uggins")  # no claim typed: no verdict, no "Claimed 0"
    phone.type('input[name="claimed"]', "30")
    expect(result).to_contain_text("No muggins")
    screenshot(page, "end-of-game-checker-double-nine")
    assert_fits_a_phone(page)


def test_a_muggins_hand_that_ended_the_game_mid_hand_as_watched(phone: Phone) -> None:
    """SCORING.md Muggins: "Plays after the one that reached the target, and the end-of-hand
    score, do not count: an entry may still hold them (the explanation says they came after
    the end)" — as the watch page shows it on a phone."""
    api = phone.page.request
    created = api.post(
        f"{phone.base}/api/games",
        data={"ruleset": "muggins", "players": ["Ann", "Bob"], "options": {"target": 40}},
    ).json()
    written = api.post(
        f"{phone.base}/api/games/{created['id']}/hands",
        data=REACHING_HAND,
        headers={"X-Scorer-Token": created["scorer_token"]},
    )
    assert written.status == 201
    phone.go(f"/games/{created['id']}")
    page = phone.page
    assert phone.totals() == {"Ann": 40, "Bob": 35}
    expect(page.locator(".result")).to_have_text("Ann reached 40 with 40 and won.")
    expect(page.locator("#hand-1")).to_contain_text(
        "What was scored after that came after the end and does not count (Bob 10; then Bob 15)."
    )
    expect(page.locator("#hand-1 .hand-scores")).to_have_text("Ann +40Bob +35")
    screenshot(page, "end-of-game-muggins-mid-hand")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)
