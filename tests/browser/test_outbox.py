"""Scoring through a Wi-Fi drop (issue #17): the scorer's phone keeps every change until the
server has it, sends each once, in order, and shows a refused one with the server's sentence.

Block, two players, 2-player `difference` scoring: whoever went out (0 pips) scores the other
player's pips (SCORING.md), so each hand's points below are the pips typed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import BrowserContext, Error, Locator, Page, Route, expect

from tests.browser.conftest import (
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.browser.test_muggins_pages import tap_end
from tests.browser.test_phone_habits import small_controls
from tests.server import call

SENT = 15_000  # ms a change may take to go and be answered, on a loaded machine


def new_game(live_server: str) -> dict[str, Any]:
    status, game = call(
        "POST", f"{live_server}/api/games", {"ruleset": "block", "players": ["Ann", "Bob"]}
    )
    assert status == 201
    return game


def scorer_opens_a_new_game(phone: Phone, live_server: str) -> dict[str, Any]:
    """A new game of Block, opened on `phone` by its scorer link."""
    game = new_game(live_server)
    phone.go(f"/games/{game['id']}/join/{game['scorer_token']}")
    return game


def server_hands(live_server: str, game: dict[str, Any]) -> tuple[list[Any], dict[str, int]]:
    """Each hand as the server recorded it (who went out, the pips typed), and the totals."""
    status, shown = call("GET", f"{live_server}/api/games/{game['id']}")
    assert status == 200
    hands = [(h["number"], h["entry"]["domino"], h["entry"]["pips"]) for h in shown["hands"]]
    return hands, shown["totals"]


def other_phone_enters(
    live_server: str, game: dict[str, Any], out: str, pips: dict[str, int]
) -> None:
    status, _ = call(
        "POST",
        f"{live_server}/api/games/{game['id']}/hands",
        {"domino": out, "pips": pips},
        headers={"X-Scorer-Token": game["scorer_token"]},
    )
    assert status == 201


def enter(phone: Phone, out: str, loser_pips: int) -> None:
    """Tap who went out, type the other player's pips, tap Save (which waits for no page)."""
    phone.tap_text(out, within="#hand-form")
    other = 1 if out == "Ann" else 0
    phone.type(f'#hand-form input[name="pips-{other}"]', str(loser_pips))
    phone.tap("#hand-form .save-bar button.primary")


def waiting(page: Page) -> Locator:
    """The changes the sheet shows as not on the server yet."""
    return page.locator("#board .sheet-waiting")


def confirmed(page: Page) -> Locator:
    return page.locator("#board .sheet-hand")


@contextmanager
def frozen(page: Page) -> Iterator[None]:
    """The tab frozen, as a phone's browser freezes a tab out of sight: it runs nothing, not
    even the news that the network is back, until it is thawed."""
    tab = page.context.new_cdp_session(page)
    tab.send("Page.setWebLifecycleState", {"state": "frozen"})
    try:
        yield
    finally:
        # A tab may have begun drawing its page anew (another tab's news came as it froze):
        # while the new page commits, Chromium has no active page to thaw, for a moment.
        for _ in range(50):
            try:
                tab.send("Page.setWebLifecycleState", {"state": "active"})
                break
            except Error as error:
                if "Not attached to an active page" not in error.message:
                    raise
                time.sleep(0.1)
        else:
            raise AssertionError("the frozen tab could not be thawed in 5 s")
        tab.detach()  # the tab goes on to the next test (KeptTab) as any other


def test_hands_entered_offline_survive_a_reload_and_reach_the_server_once_in_order(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    expect(page.locator("#entry-title")).to_have_text("Hand 1")
    # The same game open in a second tab of the same phone: it shares the waiting list.
    second = context.new_page()
    second.goto(f"{live_server}/games/{game['id']}")
    # The scorer types in the first tab, so it is the one in front: a tab behind another
    # draws no frames, and each tap there waits seconds for one (20 s of this test).
    page.bring_to_front()

    context.set_offline(True)
    for number, (out, pips) in enumerate([("Ann", 12), ("Bob", 7), ("Ann", 5)], start=1):
        enter(phone, out, pips)
        expect(waiting(page)).to_have_count(number)
        # The form is ready for the next hand, blank.
        expect(page.locator("#entry-title")).to_have_text(f"Hand {number + 1}")
        expect(page.locator('#hand-form input[name="pips-0"]')).to_have_value("")
    expect(page.locator("#outbox-banner")).to_have_text(
        "Offline, and nothing is lost. Waiting to send: 3"
    )
    expect(waiting(page).first).to_contain_text("Hand 1")
    expect(waiting(page).last).to_contain_text("Hand 3")
    # No scores of its own: the sheet's totals are the server's last ones, and say so.
    assert confirmed(page).count() == 0
    assert set(phone.totals().values()) == {0}
    expect(page.locator(".outbox-totals-note")).to_be_visible()
    expect(waiting(second)).to_have_count(3)  # each shown once there too
    expect(waiting(second).last).to_contain_text("Hand 3")
    assert server_hands(live_server, game)[0] == []
    page.evaluate("window.scrollTo(0, 0)")  # the banner, the sheet and the list in view
    screenshot(page, "outbox-waiting")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)

    with pytest.raises(Error):  # no service worker: offline, a reload is the browser's error page
        page.reload()
    context.set_offline(False)
    phone.go(f"/games/{game['id']}")  # the scorer opens the game again, network back
    expect(confirmed(page)).to_have_count(3, timeout=SENT)
    expect(page.locator("#outbox")).to_be_hidden()
    expect(page.locator("#outbox-banner")).to_be_hidden()
    assert phone.totals() == {"Ann": 12 + 5, "Bob": 7}
    hands, totals = server_hands(live_server, game)
    assert hands == [
        (1, "Ann", {"Ann": 0, "Bob": 12}),
        (2, "Bob", {"Ann": 7, "Bob": 0}),
        (3, "Ann", {"Ann": 0, "Bob": 5}),
    ]
    assert totals == {"Ann": 17, "Bob": 7}
    expect(page.locator("#entry-title")).to_have_text("Hand 4")
    # The second tab sent or saw them sent: it shows the server's sheet, nothing twice.
    expect(second.locator("#board .sheet-hand")).to_have_count(3, timeout=SENT)
    expect(waiting(second)).to_have_count(0)
    second.close()


NOTHING_ENTERED = "Nothing is entered yet, so nothing was kept."


def kept_on_the_phone(page: Page, game: dict[str, Any]) -> list[str]:
    """The changes the phone's storage keeps for `game`, by their storage names."""
    return page.evaluate(
        "(game) => Object.keys(localStorage).filter((k) => k.startsWith(`scorekeeper.outbox.${game}.`))",
        game["id"],
    )


def test_a_save_with_nothing_entered_offline_keeps_nothing_and_says_so(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """A tap on Save before the hand is entered, even two, is no hand to keep and send later."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    save = page.locator("#hand-form .save-bar button.primary")
    said = page.locator("#entry .outbox-nothing")

    context.set_offline(True)
    save.dblclick()  # a double tap, before anything is entered
    expect(said).to_have_text(NOTHING_ENTERED)
    expect(said).to_have_attribute("role", "alert")
    phone.tap(save)  # and once more
    expect(said).to_have_count(1)
    expect(page.locator("#entry-title")).to_have_text("Hand 1")
    expect(waiting(page)).to_have_count(0)
    expect(page.locator("#outbox-banner")).to_be_hidden()
    assert kept_on_the_phone(page, game) == []
    screenshot(page, "outbox-nothing-entered")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)

    # The hand entered: it is kept, and the sentence goes.
    enter(phone, "Ann", 12)
    expect(waiting(page)).to_have_count(1)
    expect(said).to_be_hidden()
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    # Save again on the blank form for hand 2: nothing more waits.
    phone.tap(save)
    expect(said).to_have_text(NOTHING_ENTERED)
    expect(waiting(page)).to_have_count(1)
    assert len(kept_on_the_phone(page, game)) == 1

    context.set_offline(False)
    expect(confirmed(page)).to_have_count(1, timeout=SENT)
    expect(waiting(page)).to_have_count(0)
    expect(page.locator("#outbox-banner")).to_be_hidden()  # no change refused: none was kept
    assert server_hands(live_server, game) == (
        [(1, "Ann", {"Ann": 0, "Bob": 12})],
        {"Ann": 12, "Bob": 0},
    )

    # Online with nothing waiting, the server's own sentence for the game, as without script.
    phone.go(f"/games/{game['id']}")
    phone.save()
    expect(page.locator("#entry .field-error, #entry .flash-error").first).to_contain_text(
        "Tap who went out"
    )
    expect(said).to_be_hidden()
    assert kept_on_the_phone(page, game) == []
    assert len(server_hands(live_server, game)[0]) == 1


FILL_THE_STORAGE = """() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 2) {
        const filler = "x".repeat(size);
        try {
            for (;;) localStorage.setItem(`filler-${n++}`, filler);
        } catch {
            // full at this size: smaller pieces fill what is left
        }
    }
    return n;
}"""


def test_a_hand_saved_when_the_phones_storage_is_full_goes_as_the_plain_form(
    phone: Phone, live_server: str
) -> None:
    """No room to keep it: the Save is the plain form's, and the hand is on the server."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    # (The kept tab's reset empties the storage for the next test.)
    assert page.evaluate(FILL_THE_STORAGE) > 0
    phone.tap_text("Ann", within="#hand-form")
    phone.type('#hand-form input[name="pips-1"]', "9")
    phone.save()
    expect(confirmed(page)).to_have_count(1)
    assert phone.totals() == {"Ann": 9, "Bob": 0}
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    assert server_hands(live_server, game)[0] == [(1, "Ann", {"Ann": 0, "Bob": 9})]


def test_a_tab_waiting_to_retry_does_not_keep_another_tab_from_sending_once_online(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """The phone is back online: the hand goes at once from whichever tab can send it, not
    20 s later because the tab it was typed in is waiting out its retry, asleep."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    second = context.new_page()
    second.goto(f"{live_server}/games/{game['id']}")
    page.bring_to_front()  # the tab the scorer types in (see the test above)
    context.set_offline(True)
    enter(phone, "Ann", 12)  # its first try fails at once: it waits to try again
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    # The scorer switches tabs: the first one falls asleep in its wait.
    with frozen(page):
        expect(waiting(second)).to_have_count(1)
        context.set_offline(False)
        second.bring_to_front()
        expect(second.locator("#board .sheet-hand")).to_have_count(1, timeout=SENT)
        expect(waiting(second)).to_have_count(0)
        assert server_hands(live_server, game)[0] == [(1, "Ann", {"Ann": 0, "Bob": 12})]
    second.close()


def test_a_tab_frozen_while_it_tries_again_does_not_keep_a_newly_opened_tab_from_sending(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """Weak Wi-Fi: the first try got no answer, the second is on its way and hangs, and the
    phone freezes the tab out of sight. The game opened again in another tab sends the hand at
    once, not after the frozen tab's 20 s lease; the hung try, answered later, adds nothing."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    posts: list[Route] = []

    def weak_wifi(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route)
        if len(posts) == 1:
            route.abort("internetdisconnected")  # no answer
        # and the next one hangs, on its way

    page.route(f"**/games/{game['id']}/hands", weak_wifi)
    enter(phone, "Ann", 12)
    expect(page.locator("#entry-title")).to_have_text("Hand 2")  # the first try failed
    for _ in range(SENT // 100):  # its next try goes out about a second later, and hangs
        if len(posts) == 2:
            break
        page.wait_for_timeout(100)
    assert len(posts) == 2
    with frozen(page):
        second = context.new_page()
        second.goto(f"{live_server}/games/{game['id']}")
        expect(second.locator("#board .sheet-hand")).to_have_count(1, timeout=SENT)
        expect(waiting(second)).to_have_count(0)
        assert server_hands(live_server, game)[0] == [(1, "Ann", {"Ann": 0, "Bob": 12})]
        # The hung try reaches the server at last; the answer waits for the tab to wake.
        with page.expect_response(lambda r: r.request.method == "POST", timeout=SENT) as late:
            posts[1].continue_()
        assert late.value.headers.get("idempotent-replayed") == "true"  # kept once, by its key
    expect(confirmed(page)).to_have_count(1, timeout=SENT)
    expect(waiting(page)).to_have_count(0)
    expect(page.locator("#outbox-banner")).to_be_hidden()
    assert server_hands(live_server, game)[0] == [(1, "Ann", {"Ann": 0, "Bob": 12})]
    second.close()


def test_a_lost_answer_records_the_hand_once_and_a_correction_and_an_undo_wait_too(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    keys: list[str | None] = []
    replayed: list[str | None] = []

    def answer_lost_once(route: Route) -> None:
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()  # the server has the hand…
            route.abort("internetdisconnected")  # …and the phone never hears it
        else:
            route.continue_()

    page.route(f"**/games/{game['id']}/hands", answer_lost_once)
    page.on(
        "response",
        lambda r: (
            replayed.append(r.headers.get("idempotent-replayed"))
            if r.request.method == "POST"
            else None
        ),
    )
    enter(phone, "Ann", 9)
    # The phone heard nothing: it keeps the hand and tries again by itself.
    expect(confirmed(page)).to_have_count(1, timeout=SENT)
    expect(page.locator("#outbox")).to_be_hidden()
    assert phone.totals() == {"Ann": 9, "Bob": 0}
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1], keys  # the retry reused its key
    assert replayed == ["true"]  # answered from what the server kept, not recorded again
    hands, totals = server_hands(live_server, game)
    assert hands == [(1, "Ann", {"Ann": 0, "Bob": 9})]
    assert totals == {"Ann": 9, "Bob": 0}

    # A correction saved as the network drops waits, and lands when it is back.
    phone.correct(1)
    context.set_offline(True)
    phone.type('#hand-form input[name="pips-1"]', "11")
    phone.tap("#hand-form .save-bar button.primary")
    expect(waiting(page)).to_have_count(1)
    expect(waiting(page)).to_contain_text("Correction of hand 1")
    with page.expect_navigation(timeout=SENT):
        context.set_offline(False)
    expect(page.locator("#outbox")).to_be_hidden()
    assert phone.totals() == {"Ann": 11, "Bob": 0}

    # So does an undo.
    phone.submit(page.locator(".tools").get_by_role("link", name="Undo hand 1"))
    context.set_offline(True)
    phone.tap(page.get_by_role("button", name="Undo hand 1"))
    expect(page.locator(".outbox-item")).to_contain_text("Undo of hand 1")
    expect(page.locator("#outbox-banner")).to_contain_text("Offline")
    with page.expect_navigation(timeout=SENT):
        context.set_offline(False)
    expect(confirmed(page)).to_have_count(0)
    assert server_hands(live_server, game) == ([], {"Ann": 0, "Bob": 0})


def test_a_hand_another_phone_entered_meanwhile_is_shown_refused_then_discarded_or_entered_next(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)

    # Offline, this phone enters hands 1 and 2; meanwhile another phone enters hand 1.
    context.set_offline(True)
    enter(phone, "Ann", 12)
    enter(phone, "Bob", 7)
    expect(waiting(page)).to_have_count(2)
    other_phone_enters(live_server, game, "Bob", {"Ann": 3, "Bob": 0})
    context.set_offline(False)

    refused = page.locator(".outbox-item.is-refused")
    expect(refused).to_have_count(1, timeout=SENT)
    expect(refused).to_contain_text("Hand 1")
    expect(refused.locator(".outbox-refusal")).to_contain_text("hand 1 was already entered")
    expect(page.locator(".outbox-item.is-behind")).to_contain_text("Hand 2")
    expect(page.locator("#outbox-banner")).to_contain_text("refused")
    # The sheet shows the server's hand 1 (the other phone's), the waiting ones after it.
    expect(confirmed(page)).to_have_count(1)
    assert phone.totals() == {"Ann": 0, "Bob": 3}
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "outbox-conflict")
    assert not serious_accessibility_problems(page)
    assert_fits_a_phone(page)
    assert small_controls(page) == []

    # Discard it: the hand after it goes in its turn, as hand 2.
    with page.expect_navigation(timeout=SENT):
        phone.tap(refused.get_by_role("button", name="Discard it"))
    expect(confirmed(page)).to_have_count(2)
    expect(page.locator("#outbox")).to_be_hidden()
    assert server_hands(live_server, game)[0] == [
        (1, "Bob", {"Ann": 3, "Bob": 0}),
        (2, "Bob", {"Ann": 7, "Bob": 0}),
    ]

    # Again: offline hand 3, the other phone's hand 3 first; this time it goes as hand 4.
    context.set_offline(True)
    enter(phone, "Ann", 5)
    expect(waiting(page)).to_have_count(1)
    other_phone_enters(live_server, game, "Ann", {"Ann": 0, "Bob": 1})
    context.set_offline(False)
    expect(refused).to_have_count(1, timeout=SENT)
    expect(refused.locator(".outbox-refusal")).to_contain_text("hand 3 was already entered")
    with page.expect_navigation(timeout=SENT):
        phone.tap(refused.get_by_role("button", name="Enter it as the next hand"))
    expect(confirmed(page)).to_have_count(4)
    expect(page.locator("#outbox")).to_be_hidden()
    hands, totals = server_hands(live_server, game)
    assert hands == [
        (1, "Bob", {"Ann": 3, "Bob": 0}),
        (2, "Bob", {"Ann": 7, "Bob": 0}),
        (3, "Ann", {"Ann": 0, "Bob": 1}),
        (4, "Ann", {"Ann": 0, "Bob": 5}),
    ]
    assert totals == {"Ann": 1 + 5, "Bob": 3 + 7}
    assert phone.totals() == totals


def test_a_sheet_whose_refresh_finds_no_network_catches_up_by_itself(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """The waiting hand is refused once the network is back (another phone entered hand 1),
    and the page's first try to fetch the server's sheet finds no network (this tab still
    offline a moment after another, a flickering Wi-Fi): the sheet catches up all the same,
    without a tap, and does not stay on a sheet the server no longer has."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    context.set_offline(True)
    enter(phone, "Ann", 12)
    expect(waiting(page)).to_have_count(1)
    other_phone_enters(live_server, game, "Bob", {"Ann": 3, "Bob": 0})

    failed: list[str] = []

    def no_network_the_first_time(route: Route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort("internetdisconnected")

    page.route(f"{live_server}/games/{game['id']}", no_network_the_first_time)
    context.set_offline(False)
    refused = page.locator(".outbox-item.is-refused")
    expect(refused).to_have_count(1, timeout=SENT)
    expect(confirmed(page)).to_have_count(1, timeout=SENT)
    assert failed, "the first fetch of the sheet was to find no network"
    assert phone.totals() == {"Ann": 0, "Bob": 3}
    expect(refused.locator(".outbox-refusal")).to_contain_text("hand 1 was already entered")


def test_muggins_plays_made_offline_go_in_order_once_the_network_is_back(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """Muggins counts each play as it is made: a play kept offline waits like a hand, and
    the pad keeps the ends as tapped, where the next play starts."""
    page = phone.page
    status, game = call(
        "POST", f"{live_server}/api/games", {"ruleset": "muggins", "players": ["Ann", "Bob", "Cy"]}
    )
    assert status == 201
    phone.go(f"/games/{game['id']}/join/{game['scorer_token']}")
    context.set_offline(True)
    # The play's button tapped before its ends, twice: no play to keep, and the page says so.
    play = page.locator("#play-form button.play-score")
    play.dblclick()
    said = page.locator("#entry .outbox-nothing")
    expect(said).to_have_text(NOTHING_ENTERED)
    expect(waiting(page)).to_have_count(0)
    assert kept_on_the_phone(page, game) == []
    # Bob opens with 5-5 crosswise (10); Cy plays 5-0 on the spinner: 5 + 5 + 0 = 10.
    tap_end(phone, None, "5", "Double")
    phone.tap(page.locator("#play-form").get_by_role("button", name="Bob scores 10"))
    expect(waiting(page)).to_have_count(1)
    expect(waiting(page)).to_contain_text("Play by Bob, hand 1")
    expect(said).to_be_hidden()
    phone.tap_text("Cy", within="#play-form")
    tap_end(phone, 1, "0")
    phone.tap(page.locator("#play-form").get_by_role("button", name="Cy scores 10"))
    expect(waiting(page).last).to_contain_text("Play by Cy, hand 1")
    assert set(phone.totals().values()) == {0}
    with page.expect_navigation(timeout=SENT):
        context.set_offline(False)
    assert phone.totals() == {"Ann": 0, "Bob": 10, "Cy": 10}
    status, shown = call("GET", f"{live_server}/api/games/{game['id']}")
    assert shown["hand_in_progress"]["plays"] == [
        {"player": "Bob", "ends": ["5-5"]},
        {"player": "Cy", "ends": ["5-5", 0]},
    ]


# Chromium tells a page, late, of storage writes the page before it in the same tab made: the
# removal of the change a refused Save dropped just before its plain form went arrived once the
# refused page was listening (seen at 07:20 on a loaded machine: the page went to the board,
# the refusal's sentence gone). The page must take it for what it is: no other tab's news.
# Dispatched here as Chromium delivered it, so that the order is certain; the Navigation API's
# `navigate` event says, at once, whether the page set out to leave.
LATE_NEWS = """([game, oldValue]) => {
    let leaving = null;
    navigation.addEventListener("navigate", (event) => { leaving = event.destination.url; });
    const slot = `scorekeeper.outbox.${game}.001700000000000-0001-${"0".repeat(32)}`;
    window.dispatchEvent(new StorageEvent("storage", {
        key: slot, oldValue, newValue: null, storageArea: localStorage, url: location.href,
    }));
    return leaving;
}"""


def test_a_page_drawn_after_a_save_is_not_drawn_again_by_the_news_of_the_page_before_it(
    phone: Phone, live_server: str
) -> None:
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    change = '{"key": "0", "kind": "hand", "tries": 1}'

    # Save with nothing entered: refused, the sentence next to the form, and it stays there.
    phone.save()
    error = page.locator("#entry .field-error, #entry .flash-error").first
    expect(error).to_be_visible()
    assert page.evaluate(LATE_NEWS, [game["id"], change]) is None
    expect(error).to_be_visible()
    expect(page.locator("#entry-title")).to_have_text("Hand 1")

    # A hand saved: the page drawn anew once, not again when the same news comes late.
    phone.tap_text("Ann", within="#hand-form")
    phone.type('#hand-form input[name="pips-1"]', "9")
    phone.save()
    expect(confirmed(page)).to_have_count(1)
    assert page.evaluate(LATE_NEWS, [game["id"], change]) is None
    assert phone.totals() == {"Ann": 9, "Bob": 0}


def test_a_refused_hand_stays_on_screen_when_another_tab_saves_one(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """The sheet follows the other tab; the refused hand and its sentence stay where they are."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    phone.tap_text("Ann", within="#hand-form")
    phone.save()  # who went out, but not the other player's pips: refused
    error = page.locator("#entry .field-error, #entry .flash-error").first
    expect(error).to_be_visible()

    second = Phone(context.new_page(), live_server)
    second.go(f"/games/{game['id']}")
    second.tap_text("Bob", within="#hand-form")
    second.type('#hand-form input[name="pips-0"]', "4")
    second.save()
    expect(confirmed(second.page)).to_have_count(1)

    expect(confirmed(page)).to_have_count(1)  # the first tab's sheet is the server's again
    expect(error).to_be_visible()
    expect(page.locator('#hand-form input[name="domino"][value="Ann"]')).to_be_checked()
    assert phone.totals() == {"Ann": 0, "Bob": 4}  # Bob went out: Ann's 4 pips are his
    # Nothing kept on the phone: the refused hand was never a change to send, in either tab.
    expect(page.locator("#outbox")).to_be_hidden()
    expect(second.page.locator("#outbox")).to_be_hidden()
    second.page.close()


# Every storage write another tab hears, in order (storage events come in the order of the writes).
HEARS = """() => {
    window.heard = [];
    window.addEventListener("storage", (event) => {
        window.heard.push([event.key, event.newValue]);
    });
}"""


def test_another_tab_never_hears_the_next_hand_without_its_version_once_the_one_before_is_sent(
    phone: Phone, live_server: str, context: BrowserContext
) -> None:
    """A tab sends hand 1 and hears it acknowledged; hand 2 waits. Another tab that hears of
    hand 1's end before hand 2 has the game's version after hand 1 would send hand 2, if it
    could, with the version its own page was drawn with. Drawn before hand 1 was saved, that
    page's version is older, and the server refuses hand 2 as if another phone had entered
    a hand (seen on CI, 2026-11-29: hands stuck behind a refusal nobody caused)."""
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    listener = context.new_page()  # a tab of the same phone that only listens
    listener.goto(f"{live_server}/healthz")
    listener.evaluate(HEARS)
    page.bring_to_front()
    sent: list[dict[str, list[str]]] = []  # every change the phone sent, as sent
    page.on(
        "request",
        lambda r: sent.append(parse_qs(r.post_data or "")) if r.method == "POST" else None,
    )
    context.set_offline(True)
    enter(phone, "Ann", 12)
    enter(phone, "Bob", 7)
    expect(waiting(page)).to_have_count(2)
    with page.expect_navigation(timeout=SENT):
        context.set_offline(False)
    expect(confirmed(page)).to_have_count(2)
    assert phone.totals() == {"Ann": 12, "Bob": 7}
    assert server_hands(live_server, game)[0] == [
        (1, "Ann", {"Ann": 0, "Bob": 12}),
        (2, "Bob", {"Ann": 7, "Bob": 0}),
    ]
    prefix = f"scorekeeper.outbox.{game['id']}."
    heard: list[tuple[str, str | None]] = [tuple(one) for one in listener.evaluate("heard")]
    slots = sorted({key for key, _ in heard if key.startswith(prefix)})
    assert len(slots) == 2, heard
    first_slot, second_slot = slots
    first_gone = heard.index((first_slot, None))
    second_then = [value for key, value in heard[:first_gone] if key == second_slot][-1]
    assert second_then is not None
    second = json.loads(second_then)
    # Hand 2, as another tab knows it when it hears hand 1 is gone: ready to go, against the
    # version hand 1 gave the game, the one the server took it with.
    assert second["follows"] is False
    hand_two = [body for body in sent if body.get("domino") == ["Bob"]]
    assert hand_two and all(body["version"] == hand_two[0]["version"] for body in hand_two)
    assert parse_qs(second["body"])["version"] == hand_two[0]["version"]
    listener.close()


def test_a_tab_that_hears_a_change_it_never_showed_was_sent_shows_the_sheet_with_it(
    phone: Phone, live_server: str
) -> None:
    page = phone.page
    game = scorer_opens_a_new_game(phone, live_server)
    expect(page.locator("#entry-title")).to_have_text("Hand 1")
    other_phone_enters(live_server, game, "Ann", {"Ann": 0, "Bob": 12})  # the other tab's hand
    status, shown = call("GET", f"{live_server}/api/games/{game['id']}")
    assert status == 200
    # What another tab wrote when it heard the hand acknowledged: the answer's version, then
    # the removal of the change, which this page never showed (Chromium updates a page's
    # storage ahead of the events it sends, so a change can come and go between two looks).
    page.evaluate(
        "([game, version]) => localStorage.setItem(`scorekeeper.outbox-acked.${game}`, version)",
        [game["id"], str(shown["version"])],
    )
    with page.expect_navigation(timeout=SENT):
        leaving = page.evaluate(LATE_NEWS, [game["id"], '{"key": "0", "kind": "hand"}'])
    assert leaving is not None
    expect(confirmed(page)).to_have_count(1)
    assert phone.totals() == {"Ann": 12, "Bob": 0}
    expect(page.locator("#entry-title")).to_have_text("Hand 2")


@pytest.mark.parametrize(
    ("entered_meanwhile", "choice", "going", "recorded"),
    [
        (1, "Enter it as the next hand", ["2", "3"], [(2, "Ann"), (3, "Bob")]),
        (2, "Discard it", ["3"], [(3, "Bob")]),
    ],
    ids=["entered as the next hand", "discarded"],
)
def test_waiting_hands_are_numbered_as_they_will_be_recorded_whatever_is_done_with_a_refused_one(
    phone: Phone,
    live_server: str,
    context: BrowserContext,
    entered_meanwhile: int,
    choice: str,
    going: list[str],
    recorded: list[tuple[int, str]],
) -> None:
    """Hands typed offline behind one the server refuses: each waiting row, and the next
    hand's heading, say the number the hand will get once the scorer has chosen."""
    page = phone.page
    labels = page.locator("#outbox .outbox-label")
    game = scorer_opens_a_new_game(phone, live_server)
    context.set_offline(True)
    enter(phone, "Ann", 12)
    enter(phone, "Bob", 7)
    for _ in range(entered_meanwhile):  # another phone enters hand 1 (and hand 2)
        other_phone_enters(live_server, game, "Bob", {"Ann": 3, "Bob": 0})
    context.set_offline(False)
    expect(page.locator(".outbox-item.is-refused")).to_have_count(1, timeout=SENT)
    expect(labels).to_have_text(["Hand 1", "Hand 2"])
    # The next hand counts the one waiting behind the refusal, not the refused one.
    expect(page.locator("#entry-title")).to_have_text(f"Hand {entered_meanwhile + 2}")

    context.set_offline(True)  # the choice made with the network gone again: it waits
    phone.tap(page.get_by_role("button", name=choice))
    expect(labels).to_have_text([f"Hand {number}" for number in going])
    expect(page.locator("#board .sheet-waiting th")).to_have_text(going)
    next_hand = f"Hand {int(going[-1]) + 1}"
    expect(page.locator("#entry-title")).to_have_text(next_hand)
    with page.expect_navigation(timeout=SENT):
        context.set_offline(False)
    hands, _ = server_hands(live_server, game)
    assert [(number, out) for number, out, _ in hands[entered_meanwhile:]] == recorded
    expect(confirmed(page)).to_have_count(entered_meanwhile + len(recorded))
    expect(page.locator("#entry-title")).to_have_text(next_hand)
