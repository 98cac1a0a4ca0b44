"""Texas 42 scored on a phone by tapping, against SCORING_MORE.md ("Texas 42")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)

US, THEM = "Ann & Cy", "Bob & Dee"  # seats 1 & 3 against 2 & 4, default team names
MARKS_HAND_TAPS = 4  # bidder, bid, Made or Set, Save


def start_texas(phone: Phone, **options: str) -> None:
    phone.go("/new/texas-42")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"], start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    for name, value in options.items():
        field = phone.page.locator(f'[name="option-{name}"]')
        if field.get_attribute("type") == "checkbox":
            field.set_checked(value == "on")
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    phone.submit_text("Start the game")
    assert phone.totals() == {US: 0, THEM: 0}


def tap_value(phone: Phone, name: str, value: str) -> None:
    phone.tap(f'input[name="{name}"][value="{value}"]')


def save(phone: Phone) -> None:
    """Tap Save, which must be on the screen as it is (issue 15: "the save action is in the
    viewport before every tap of Save")."""
    save_button = phone.page.locator("#entry button.primary")
    in_view = save_button.evaluate(
        "b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    assert in_view, "Save is out of reach"
    phone.submit(save_button)


def test_a_game_of_texas_42_for_marks_by_tapping(phone: Phone) -> None:
    page = phone.page
    start_texas(phone, marks_target="3")
    expect(page.locator(".next")).to_contain_text("Hand 1: Ann deals")
    expect(page.locator("#entry")).to_contain_text("Ann, the dealer, must bid 30")
    expect(page.get_by_role("button", name="Everybody passed")).to_have_count(0)

    # Nothing tapped: refused, nothing recorded.
    save(phone)
    expect(page.locator(".field-error")).to_contain_text("Tap the player who won the bidding")
    assert phone.totals() == {US: 0, THEM: 0}

    # Bob bids 31 and is set: one mark to Ann & Cy. Saved first without the result:
    # refused next to Made or Set, what was tapped kept.
    with phone.count_taps() as hand:
        phone.tap_text("Bob", within="#entry")
        tap_value(phone, "bid", "31")
        save(phone)
        expect(page.locator(".field-error")).to_contain_text("Tap Made or Set")
        expect(page.locator('input[name="bid"][value="31"]')).to_be_checked()
        assert phone.totals() == {US: 0, THEM: 0}
        phone.tap_text("Set", within="#entry")
        save(phone)
    assert hand.taps == MARKS_HAND_TAPS + 1
    assert phone.totals() == {US: 1, THEM: 0}
    expect(page.locator("#hand-1")).to_contain_text("Bob bid 31; set. Ann & Cy score 1 mark.")

    # Cy bids 2 marks (84) and makes it: 2 marks, and the game (3 marks).
    with phone.count_taps() as hand:
        phone.tap_text("Cy", within="#entry")
        phone.tap_text("2 marks", within="#entry")
        phone.tap_text("Made", within="#entry")
        screenshot(page, "scorer-texas-42")
        assert not serious_accessibility_problems(page)
        assert_fits_a_phone(page)
        save(phone)
    assert hand.taps == MARKS_HAND_TAPS
    assert phone.totals() == {US: 3, THEM: 0}
    expect(page.locator(".result")).to_contain_text(f"{US} reached 3 marks with 3 and won")
    screenshot(page, "scorer-texas-42-finished")


def test_texas_42_for_points_with_tiles_and_nello(phone: Phone) -> None:
    page = phone.page
    start_texas(phone, scoring="points", points_target="100")

    # SCORING_MORE.md example 2: Bob bids 34; Ann & Cy take 3 tricks and 6-4, 5-0, 3-2, so
    # Bob & Dee the other 4 tricks and 5-5, 4-1: 19 < 34, set. Ann & Cy score 34 + 23 = 57.
    with phone.count_taps() as hand:
        phone.tap_text("Bob", within="#entry")
        tap_value(phone, "bid", "34")
        phone.tap(".by-tiles summary")
        tap_value(phone, "tricks-0", "3")
        expect(page.locator('input[name="tricks-1"][value="4"]')).to_be_checked()
        for tile in ("6-4", "5-0", "3-2"):
            tap_value(phone, "tiles-0", tile)
        expect(page.locator("[data-live-count]")).to_have_text(
            f"{US}: count 20 · {THEM}: count 15 (the rest)"
        )
        screenshot(page, "scorer-texas-42-tiles")
        assert not serious_accessibility_problems(page)
        save(phone)
    assert hand.taps <= 8, hand.taps
    assert phone.totals() == {US: 57, THEM: 0}
    expect(page.locator("#hand-1")).to_contain_text(
        f"Bob bid 34; {THEM} took 4 tricks + 5-5 + 4-1 = 19 < 34: set. {US} score 34 + 23 = 57."
    )

    # Points typed for one team; the other is filled in and shown as filled in.
    with phone.count_taps() as hand:
        phone.tap_text("Ann", within="#entry")
        tap_value(phone, "bid", "30")
        phone.type('input[name="points-0"]', "35")
        expect(page.locator('input[name="points-1"]')).to_have_value("7")
        expect(page.locator('input[name="points-1"]')).to_have_class("derived")
        save(phone)
    assert hand.taps <= 6, hand.taps
    assert phone.totals() == {US: 92, THEM: 7}

    # Nello for 1 mark, made: Dee's team scores the bid's value only, 42.
    with phone.count_taps() as hand:
        phone.tap_text("Dee", within="#entry")
        phone.tap_text("1 mark", within="#entry")
        phone.tap_text("Nello", within="#entry")
        phone.tap_text("Made", within="#entry")
        save(phone)
    assert hand.taps == 5
    assert phone.totals() == {US: 92, THEM: 49}

    # Correct hand 2: Ann & Cy took 36, not 35 — 93, and Bob & Dee 6.
    phone.correct(2)
    expect(page.locator('input[name="points-0"]')).to_have_value("35")
    page.fill('input[name="points-1"]', "")
    page.fill('input[name="points-0"]', "36")
    phone.submit("#entry button.primary")
    expect(page.locator(".flash-success")).to_contain_text("Hand 2 corrected")
    assert phone.totals() == {US: 93, THEM: 48}

    # Ann bids 30 and makes 30: Ann & Cy reach 123 and win.
    phone.tap_text("Ann", within="#entry")
    tap_value(phone, "bid", "30")
    phone.type('input[name="points-0"]', "30")
    save(phone)
    assert phone.totals() == {US: 123, THEM: 60}
    expect(page.locator(".result")).to_contain_text(f"{US} reached 100 with 123 and won")


def test_texas_42_without_javascript(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """Radios, checkboxes and submit buttons only: the server fills in the team left blank."""
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    start_texas(phone, scoring="points")
    page = phone.page
    phone.tap_text("Ann", within="#entry")
    tap_value(phone, "bid", "31")
    page.fill('input[name="points-1"]', "7")
    phone.submit("#entry button.primary")
    assert phone.totals() == {US: 35, THEM: 7}
    # Tricks with tiles for one team: the other team took the rest.
    phone.tap_text("Bob", within="#entry")
    tap_value(phone, "bid", "42")
    phone.tap(".by-tiles summary")
    tap_value(phone, "tricks-1", "7")
    tap_value(phone, "tiles-0", "none")
    phone.submit("#entry button.primary")
    assert phone.totals() == {US: 35, THEM: 7 + 42}


BROKEN_WORDS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    for (const match of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def test_long_names_never_break_inside_a_word(phone: Phone) -> None:
    """Issue 15: "Any name up to 40 characters never breaks inside a word"; the entry, with
    the points form open, stays within two screens."""
    page = phone.page
    phone.go("/new/texas-42")
    names = ["Christopher", "Margaret", "Elizabeth", "Jonathan"]
    for seat, name in enumerate(names, start=1):
        page.fill(f'input[name="player-{seat}"]', name)
    page.locator('[name="option-scoring"]').select_option("points")
    phone.submit_text("Start the game")
    for root in ("#board", "#entry"):
        assert page.evaluate(BROKEN_WORDS, root) == [], root
    height = page.locator("#entry").evaluate("e => e.getBoundingClientRect().height")
    assert height <= 2 * 844, height
    assert_fits_a_phone(page)
    screenshot(page, "scorer-texas-42-long-names")


def test_the_rules_pages_of_the_new_games(phone: Phone) -> None:
    """Issue 20: "The rules page of each new game shows a summary of its rules and the
    sources"."""
    page = phone.page
    for ruleset, says in (
        ("texas-42", "The hand is worth 42."),
        ("fives-and-threes", "15 scores 8 (3 fives and 5 threes)"),
    ):
        phone.go(f"/rules/{ruleset}")
        expect(page.locator("article")).to_contain_text(says)
        expect(page.get_by_role("heading", name="Sources")).to_be_visible()
        assert page.locator(".sources li").count() >= 5
        assert_fits_a_phone(page)
        widest = page.locator(".sources li").evaluate_all(
            "items => Math.max(...items.map((li) => li.scrollWidth - li.clientWidth))"
        )
        assert widest <= 0, f"a source's address sticks out by {widest}px"
        screenshot(page, f"rules-{ruleset}")
