"""The scorer's page in every seed game: nothing recorded by mistake, names as people have them.

Whole games, tap budgets and the running totals after every hand are in each game's own
test file (test_<game>_pages.py); these are what every game's page must do alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    look_at_sheet,
    screenshot,
    serious_accessibility_problems,
)
from tests.server import call

SEED_RULESETS = ("block", "draw", "muggins", "black-tile-11", "black-tile-21", "eighty", "moon")
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
LONG_NAMES = ["Christopher", "Margaret", "Elizabeth", "Jonathan"]
SCREEN = 844


def start(phone: Phone, ruleset: str, players: list[str]) -> None:
    phone.go(f"/new/{ruleset}")
    for seat, name in enumerate(players, start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    phone.submit_text("Start the game")
    expect(phone.page.locator("#entry-title")).to_have_text("Hand 1")


def went_out_only(phone: Phone) -> str:
    phone.tap_text("Ann", within="#hand-form")
    return 'input[name="domino"][value="Ann"]'


def three_tiles_only(phone: Phone) -> str:
    rows = phone.page.locator(".tile-row").all()[:3]
    for row in rows:
        phone.tap(row.get_by_role("radio", name="Bob", exact=True))
    return f'#{rows[-1].get_attribute("id")} input[value="1"]'


def bidder_and_bid_only(phone: Phone) -> str:
    phone.tap_text("Bob", within="#entry")
    phone.tap('input[name="bid"][value="60"]')
    return 'input[name="bid"][value="60"]'


def bidder_only(phone: Phone) -> str:
    phone.tap_text("Bob", within="#entry")
    return 'input[name="bidder"][value="Bob"]'


# What half a hand looks like in each game; returns a choice that must still be made after.
HALF_A_HAND: dict[str, Callable[[Phone], str]] = {
    "block": went_out_only,
    "draw": went_out_only,
    "muggins": went_out_only,
    "black-tile-11": three_tiles_only,
    "black-tile-21": three_tiles_only,
    "eighty": bidder_and_bid_only,
    "moon": bidder_only,
}


def refused_and_nothing_recorded(phone: Phone) -> None:
    page = phone.page
    # The page drawn again opens on the reason, not at the top (at 360 and 390 px, Black
    # Tile's and Block's reasons were below the screen: Save seemed to do nothing).
    expect(page.locator("#entry .field-error, #entry .flash-error").first).to_be_in_viewport()
    expect(page.locator("#entry-title")).to_have_text("Hand 1")
    assert phone.sheet()["rows"] == []
    assert set(phone.totals().values()) == {0}


@pytest.mark.parametrize("ruleset", SEED_RULESETS)
def test_an_empty_or_half_entered_hand_is_refused_and_keeps_what_was_tapped(
    phone: Phone, ruleset: str
) -> None:
    start(phone, ruleset, PLAYERS)
    if ruleset == "muggins":  # played live, the play's buttons hold the foot of the screen
        phone.page.get_by_role("heading", name="When the hand ends").scroll_into_view_if_needed()
    phone.save()
    refused_and_nothing_recorded(phone)

    still_chosen = HALF_A_HAND[ruleset](phone)
    phone.save()
    refused_and_nothing_recorded(phone)
    expect(phone.page.locator(still_chosen)).to_be_checked()
    if ruleset in ("block", "draw", "muggins"):  # who went out: a choice, not made for you
        expect(phone.page.get_by_role("radio", name="Nobody: blocked")).not_to_be_checked()


def test_with_script_off_a_refused_save_opens_on_its_reason_and_a_correction_on_its_news(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """A phone with script off sends the plain form: the page that answers opens where it
    matters. Opened at its top, Black Tile's page has the reason below a 390 px screen's foot."""
    status, game = call(
        "POST", f"{live_server}/api/games", {"ruleset": "black-tile-11", "players": PLAYERS}
    )
    assert status == 201
    hand = {"points": {"Ann": 2, "Bob": 5, "Cy": 4, "Dee": 0}}
    token = {"X-Scorer-Token": game["scorer_token"]}
    for _ in range(6):
        assert call("POST", f"{live_server}/api/games/{game['id']}/hands", hand, token)[0] == 201
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    phone.go(f"/games/{game['id']}/join/{game['scorer_token']}")
    assert len(phone.sheet()["rows"]) == 6

    phone.submit("#hand-form .save-bar button.primary")  # nothing entered
    reason = phone.page.locator("#entry .field-error, #entry .flash-error").first
    expect(reason).to_be_in_viewport()
    screenshot(phone.page, "refused-with-script-off")
    assert len(phone.sheet()["rows"]) == 6

    phone.go(f"/games/{game['id']}/hands/1/edit#entry")
    phone.submit("#hand-form .save-bar button.primary")
    news = phone.page.locator(".flash-success")
    expect(news).to_have_text("Hand 1 corrected; the totals after it follow.")
    expect(news).to_be_in_viewport()


# Every occurrence of a name on the page, as the boxes its letters are drawn in: a name in
# more than one box (in a line of its own or not) was broken inside a word.
BROKEN_NAMES = """(names) => {
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const name of names) {
            for (let at = node.data.indexOf(name); at >= 0; at = node.data.indexOf(name, at + 1)) {
                const range = document.createRange();
                range.setStart(node, at);
                range.setEnd(node, at + name.length);
                const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
                if (lines.size > 1) broken.push(`${name} in ${node.parentElement.outerHTML.slice(0, 80)}`);
            }
        }
    }
    return broken;
}"""


# Every occurrence of a name drawn past the edges of the element that holds it (a button
# whose name runs over its border).
SPILLED_NAMES = """(names) => {
    const spilled = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const box = node.parentElement.getBoundingClientRect();
        if (!box.width || node.parentElement.closest('.sheet, .sr, [hidden]')) continue;
        for (const name of names) {
            for (let at = node.data.indexOf(name); at >= 0; at = node.data.indexOf(name, at + 1)) {
                const range = document.createRange();
                range.setStart(node, at);
                range.setEnd(node, at + name.length);
                const drawn = range.getBoundingClientRect();
                if (drawn.left < box.left - 1 || drawn.right > box.right + 1) {
                    spilled.push(`${name} in ${node.parentElement.outerHTML.slice(0, 80)}`);
                }
            }
        }
    }
    return spilled;
}"""


# Ticked, a choice shows a mark beside its name: tick the first choice of every row.
TICK_FIRST_CHOICES = (
    "() => document.querySelectorAll('#entry .choices').forEach(group => {"
    " const first = group.querySelector('input[type=radio]'); if (first) first.checked = true; })"
)


@pytest.mark.parametrize("ruleset", SEED_RULESETS)
def test_long_names_never_break_inside_a_word_and_the_entry_fits_two_screens(
    phone: Phone, ruleset: str
) -> None:
    page = phone.page
    start(phone, ruleset, LONG_NAMES)
    assert page.evaluate(BROKEN_NAMES, LONG_NAMES) == []
    assert page.evaluate(SPILLED_NAMES, LONG_NAMES) == []
    # Ticked: still inside the button.
    page.evaluate(TICK_FIRST_CHOICES)
    assert page.evaluate(SPILLED_NAMES, LONG_NAMES) == []
    entry = page.locator("#entry").bounding_box()
    assert entry is not None and entry["height"] <= 2 * SCREEN, entry
    assert_fits_a_phone(page)
    screenshot(page, f"names-{ruleset}")
    assert not serious_accessibility_problems(page)


# The width of the commonest Android phones (the other browser tests are at 390 px).
NARROW = {"width": 360, "height": 800}
NARROWER = {"width": 320, "height": 640}
FOUR_AT_A_TABLE = ["Christopher", "María José", "Margaret", "Jonathan"]
SHEET_SCROLLS_BY = (
    "() => { const sheet = document.querySelector('#board .sheet');"
    " return sheet.scrollWidth - sheet.clientWidth; }"
)


def test_a_phone_360_px_wide_shows_four_players_whole(phone: Phone) -> None:
    """On a phone 360 px wide, the sheet of four players shows every column without
    scrolling sideways, and each name sits inside its button, ticked or not, down to 320 px.
    Before, every such sheet scrolled by 3 px at 360 (the last name and total cut at the
    edge), and below 360 Black Tile's "Christopher" ran over its button in each point
    tile's row (by 2 to 11 px)."""
    page = phone.page
    page.set_viewport_size(NARROW)
    for ruleset in ("block", "black-tile-11"):
        start(phone, ruleset, FOUR_AT_A_TABLE)
        assert page.evaluate(SHEET_SCROLLS_BY) <= 0, ruleset
        assert page.evaluate(SPILLED_NAMES, FOUR_AT_A_TABLE) == [], ruleset
        page.evaluate(TICK_FIRST_CHOICES)
        assert page.evaluate(SPILLED_NAMES, FOUR_AT_A_TABLE) == [], ruleset
        assert_fits_a_phone(page)
        screenshot(page, f"narrow-{ruleset}")
        # Narrower still (an older phone): the sheet may scroll sideways, holding the hand
        # numbers in view, but no name runs over its button.
        page.set_viewport_size(NARROWER)
        assert page.evaluate(SPILLED_NAMES, FOUR_AT_A_TABLE) == [], ruleset
        assert_fits_a_phone(page)
        page.set_viewport_size(NARROW)


# A phone of 360 px zoomed to 130 % (Chrome's page zoom, for larger text) is 280 px wide.
ZOOMED = {"width": 280, "height": 600}
PHONE_SIZES = (ZOOMED, NARROWER, NARROW, {"width": 390, "height": SCREEN})


def test_names_stay_whole_in_the_entry_down_to_a_zoomed_phone(phone: Phone) -> None:
    """Names of one long word stay on one line in the entry from 280 to 390 px, ticked or
    not: a grid goes to one column rather than break them. Before, Muggins' ticked
    "Bartholomew" broke in its column at 360 px, Block's box of pips at 320 px, and at
    280 px every name in Fives and Threes' two columns ("Christop-her")."""
    page = phone.page
    names = ["Bartholomew", "Christopher", "Margaret", "Elizabeth"]
    for ruleset in ("block", "muggins", "fives-and-threes"):
        status, game = call(
            "POST", f"{phone.base}/api/games", {"ruleset": ruleset, "players": names}
        )
        assert status == 201, game
        phone.go(f"/games/{game['id']}/join/{game['scorer_token']}")
        for size in PHONE_SIZES:
            page.set_viewport_size(size)
            assert page.evaluate(BROKEN_NAMES, names) == [], (ruleset, size)
            page.evaluate(TICK_FIRST_CHOICES)
            assert page.evaluate(BROKEN_NAMES, names) == [], (ruleset, size, "ticked")


def test_bids_keep_their_words_inside_their_buttons_down_to_a_zoomed_phone(
    phone: Phone,
) -> None:
    """Texas 42's bids in marks in Spanish ("7 marcas") and Eighty's Nel-O sit inside their
    buttons from 280 to 390 px. Four to a row, the marks ran over their borders by 2 to 5 px
    below 390 px, and Nel-O by 5 px at 280 px."""
    page = phone.page
    phone.go("/new/texas-42?lang=es")
    for seat, name in enumerate(PLAYERS, start=1):
        page.fill(f'input[name="player-{seat}"]', name)
    phone.submit_text("Empezar la partida")
    marks = [f"{n} marcas" for n in range(2, 8)]
    expect(page.locator(".mark-bids")).to_contain_text(marks[-1])
    status, eighty = call(
        "POST",
        f"{phone.base}/api/games",
        {"ruleset": "eighty", "players": PLAYERS, "options": {"nel_o": True}},
    )
    assert status == 201, eighty
    for path, words in [
        (page.url, marks),
        (f"/games/{eighty['id']}/join/{eighty['scorer_token']}", ["Nel-O"]),
    ]:
        phone.go(path.removeprefix(phone.base))
        expect(page.locator("#entry")).to_contain_text(words[-1])
        for size in PHONE_SIZES:
            page.set_viewport_size(size)
            assert page.evaluate(SPILLED_NAMES, words) == [], (words[-1], size)
            assert_fits_a_phone(page)


def visible_in(page: Page, inner: str, outer: str) -> bool:
    """Whether `inner` is drawn wholly inside `outer`'s visible box."""
    return bool(
        page.evaluate(
            """([inner, outer]) => {
                const a = document.querySelector(inner).getBoundingClientRect();
                const b = document.querySelector(outer).getBoundingClientRect();
                return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
            }""",
            [inner, outer],
        )
    )


def test_a_game_of_30_hands_opens_on_its_newest_hand(
    phone: Phone, live_server: str, new_phone: NewPhone
) -> None:
    status, game = call(
        "POST",
        f"{live_server}/api/games",
        {"ruleset": "block", "players": ["Ann", "Bob", "Cy"], "options": {"target": 10_000}},
    )
    assert status == 201
    token = {"X-Scorer-Token": game["scorer_token"]}
    for n in range(1, 31):
        hand = {"pips": {"Ann": 0, "Bob": n, "Cy": 1}, "domino": "Ann"}
        assert call("POST", f"{live_server}/api/games/{game['id']}/hands", hand, token)[0] == 201
    page = phone.page
    phone.go(f"/games/{game['id']}/join/{game['scorer_token']}")
    assert phone.totals() == {"Ann": sum(n + 1 for n in range(1, 31)), "Bob": 0, "Cy": 0}
    assert visible_in(page, "#hand-30 > tr:first-child", "#board .sheet")
    assert not visible_in(page, "#hand-1 > tr:first-child", "#board .sheet")
    expect(page.locator("#board .sheet tfoot")).to_be_in_viewport()
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_in_viewport()  # next tap
    phone.tap("#hand-30 .sheet-open")
    expect(page.locator("#hand-30 .edit-link")).to_be_visible()
    look_at_sheet(page, "sheet-30-hands")

    watcher = new_phone(viewport={"width": 390, "height": 844})
    watcher.goto(f"{live_server}/games/{game['id']}")
    assert visible_in(watcher, "#hand-30 > tr:first-child", "#board .sheet")
    expect(watcher.locator("#hand-30 .edit-link")).to_have_count(0)
    screenshot(watcher, "watch-30-hands")
    assert not serious_accessibility_problems(watcher)
