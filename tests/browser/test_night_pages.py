"""A club night on phones (CLUB_NIGHT.md): the organiser opens it, checks twelve players in and
seats three rounds of 4-player Moon; each table scores its own game from its own scorer
link on its own phone; the standings are checked against figures worked out here by hand;
the projector is looked at full size, light and dark."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.browser.test_moon_pages import enter_moon_hand
from tests.browser.test_score_sheet import BROKEN_NAMES, PHONE_SIZES
from tests.browser.test_share_browser import LIVE_WITHIN_MS, clock_stopped_now
from tests.server import call

NAMES = [
    "Ann",
    "Bob",
    "Christopher",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Margaret",
    "Kim",
    "María José",
]
# Each table's hands (bidder's seat, bid, tricks the bidder's side took), to 7 points:
# table 1: A (seats 1 & 3) bid 7 and take all 7: A 7, B 0.
# table 2: B bid 4, take 6 (B 6, A 1); A bid 3, take 3 (A 4, B 10): B wins 10–4.
# table 3: A bid 5, take 4: set (A −5, B 3); B bid 4, take 5 (B 8, A −3): B wins 8 to −3.
PLAYS = {1: [(1, 7, 7)], 2: [(2, 4, 6), (1, 3, 3)], 3: [(1, 5, 4), (2, 4, 5)]}
FINAL = {1: (7, 0), 2: (4, 10), 3: (-3, 8)}


def open_night(phone: Phone) -> None:
    """A league, then a Moon night to 7 points, 3 rounds, tables of 4, individual."""
    phone.go("/leagues")
    phone.page.fill('input[name="name"]', "Thursday Club")
    phone.submit_text("Start the league")
    phone.page.goto(phone.page.url.replace("/manage", "/nights"))
    phone.tap_text("Moon")
    phone.page.fill('input[name="option-target"]', "7")
    phone.page.fill('input[name="rounds"]', "3")
    phone.page.fill('input[name="name"]', "Thursday night")
    phone.submit_text("Open the night")
    expect(phone.page.locator("h1")).to_have_text("Thursday night")


def seating(page: Page) -> dict[int, list[str]]:
    """The current round's tables as the night page shows them: table → seats in order."""
    tables = {}
    for card in page.locator("#board .night-table").all():
        number = int(card.get_attribute("data-table") or 0)
        seats = card.locator(".seats li").all_inner_texts()
        tables[number] = [s.removesuffix(" deals").strip() for s in seats]
    return tables


def standings(page: Page) -> dict[str, tuple[int, int, int, str, str]]:
    """Player → (place, won, played, margin, points for) as the night page shows them."""
    shown = {}
    for row in page.locator("#board .night-standings tbody tr").all():
        cells = row.locator("td, th").all_inner_texts()
        place, player, won, margin, points_for, _against, played = cells[:7]
        shown[player] = (int(place), int(won), int(played), margin, points_for)
    return shown


def score_table(new_phone: NewPhone, base: str, link: str, table: int) -> None:
    """The table's phone: open its scorer link, enter its hands."""
    page = new_phone(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        phone = Phone(page, base)
        # The link names the laptop by its LAN address; here the server is on loopback.
        phone.go(urlsplit(link).path)
        expect(phone.page.locator("#entry")).to_be_visible()
        for bidder_seat, bid, took in PLAYS[table]:
            bidder = (
                phone.page.locator("#entry [name=bidder]")
                .nth(bidder_seat - 1)
                .get_attribute("value")
            )
            side = 0 if bidder_seat in (1, 3) else 1
            enter_moon_hand(
                phone, str(bidder), str(bid), {side: str(took), 1 - side: str(7 - took)}
            )
        expect(phone.page.locator(".result")).to_contain_text("won")
    finally:
        new_phone.give_back(page)


def test_a_whole_night_on_phones(
    phone: Phone, browser: Browser, new_phone: NewPhone, live_server: str
) -> None:
    page = phone.page
    open_night(phone)
    night_url = page.url

    # Check-in: twelve names typed in one go, one of them twice.
    phone.type('textarea[name="names"]', ", ".join(NAMES) + ", ann")
    phone.submit_text("Check in")
    expect(page.locator(".flash")).to_have_text("12 players present.")
    expect(page.locator(".present li")).to_have_count(12)
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    screenshot(page, "night-check-in")

    # A second organiser's phone (holding the admin right; no script, so its page stays
    # as it was loaded) shows "Seat round 1" too.
    second = browser.new_context(
        storage_state=page.context.storage_state(), java_script_enabled=False, has_touch=True
    )
    other = Phone(second.new_page(), live_server)
    other.page.goto(night_url)

    tally = {name: [0, 0, 0, 0] for name in NAMES}  # won, played, for, against
    for round_number in (1, 2, 3):
        phone.submit_text(f"Seat round {round_number}")
        expect(page.locator(".flash")).to_have_text(f"Round {round_number} is seated: 3 tables.")
        tables = seating(page)
        assert sorted(p for seats in tables.values() for p in seats) == sorted(NAMES)
        if round_number == 1:
            assert_fits_a_phone(page)
            screenshot(page, "night-seating")
            # The second organiser taps it after the first: refused, nothing reseated.
            other.submit_text("Seat round 1")
            expect(other.page.locator(".flash")).to_have_text("Round 1 is already seated.")
            assert seating(other.page) == tables
            second.close()

        # The organiser's table cards carry each table's scorer link.
        phone.submit_text("Table cards to score")
        links = page.locator(".night-card .share-url a").all_inner_texts()
        assert len(links) == 3
        page.goto(night_url)
        for table, link in enumerate(links, start=1):
            score_table(new_phone, live_server, link, table)
            a, b = FINAL[table]
            seats = tables[table]
            for players, ours, theirs in (
                ((seats[0], seats[2]), a, b),
                ((seats[1], seats[3]), b, a),
            ):
                for player in players:
                    tally[player][0] += ours > theirs
                    tally[player][1] += 1
                    tally[player][2] += ours
                    tally[player][3] += theirs

        page.reload()
        shown = standings(page)
        keys = {n: (t[0], t[2] - t[3], t[2]) for n, t in tally.items()}
        for name, (won, played, points_for, against) in tally.items():
            place = 1 + sum(other > keys[name] for other in keys.values())
            assert shown[name] == (
                place,
                won,
                played,
                str(points_for - against),
                str(points_for),
            ), name

    expect(page.locator(".next-step h2")).to_contain_text("All 3 rounds are played")
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    screenshot(page, "night-page")

    # The projector, full size, as the organiser's laptop shows it.
    page.goto(night_url + "/screen")
    page.set_viewport_size({"width": 1920, "height": 1080})
    expect(page.locator(".night-screen .night-table")).to_have_count(3)
    too_small = page.evaluate(
        """() => [...document.querySelectorAll('.night-screen *')]
            .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .filter(e => parseFloat(getComputedStyle(e).fontSize) < 32)
            .map(e => `${e.tagName}.${e.className}: ${getComputedStyle(e).fontSize}`)"""
    )
    assert too_small == []
    qr_sizes = page.evaluate(
        "() => [...document.querySelectorAll('.night-screen img.qr')].map(i => i.getBoundingClientRect().width)"
    )
    assert len(qr_sizes) == 4 and min(qr_sizes) >= 300, qr_sizes  # three tables and the night
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size == [1920, 1080], size  # one screenful: nothing to scroll
    assert serious_accessibility_problems(page) == []
    screenshot(page, "night-projector")

    # The league counts the night: nine games.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(night_url.split("/nights/")[0])
    expect(page.locator(".subtitle").first).to_contain_text("Standings over 9 finished games")


def test_the_timer_counts_down_and_the_projector_follows_a_hand_by_itself(
    phone: Phone, live_server: str
) -> None:
    """A visitor's phone and projector, never reloaded: the clock runs, time is called, a
    table's hand appears within 2 s."""
    status, league = call("POST", f"{live_server}/api/leagues", {"name": "Late Club"})
    assert status == 201
    api = f"{live_server}/api/leagues/{league['slug']}/nights"
    as_league = {"X-League-Token": league["league_token"]}
    status, _ = call("POST", api, {"ruleset": "moon", "minutes": 40}, as_league)
    assert status == 201
    call("POST", f"{api}/1/players", {"add": NAMES[:4]}, as_league)
    status, seated = call("POST", f"{api}/1/rounds", {"round": 1}, as_league)
    assert status == 201
    page = phone.page

    page.clock.install()
    clock_stopped_now(page)
    phone.go(f"/leagues/{league['slug']}/nights/1")
    expect(page.locator(".night-timer time")).to_have_text(re.compile(r"^(40:00|39:[0-5]\d) left$"))
    status, _ = call("POST", f"{api}/1/rounds/1/call-time", None, as_league)
    assert status == 200
    # The board updates by itself within 2 s of the page's time, and the clock's next tick
    # says time is up; each table says its hand in play is the last. (The page's clock is
    # first brought to the present: time was called after it stopped.)
    clock_stopped_now(page)
    page.clock.run_for(LIVE_WITHIN_MS)
    expect(page.locator(".table-state")).to_have_text(
        "0 hands played; time called: the hand in play is the last"
    )
    page.clock.run_for(1000)
    expect(page.locator(".night-timer time")).to_have_text("Time!")

    page.set_viewport_size({"width": 1920, "height": 1080})
    phone.go(f"/leagues/{league['slug']}/nights/1/screen")
    table = seated["tables"][0]
    hand = {
        "bidder": table["seats"][1],
        "bid": 4,
        "tricks": {table["sides"][1]: 5, table["sides"][0]: 2},
    }
    status, _ = call(
        "POST",
        f"{live_server}/api/games/{table['game_id']}/hands",
        hand,
        {"X-Scorer-Token": table["scorer_token"]},
    )
    assert status == 201
    page.clock.run_for(LIVE_WITHIN_MS)
    totals = page.locator(".night-screen .table-totals .points")
    expect(totals).to_have_text(["2", "5"])
    expect(page.locator(".night-screen .table-state")).to_have_text("time called after hand 1")
    screenshot(page, "night-projector-time-called")


def test_seated_names_stay_whole_on_a_narrow_phone(phone: Phone, live_server: str) -> None:
    """Each table's seats, two to a row from 360 px, one to a row below: at 320 px, or a
    360 px phone zoomed to 130 % (280 px), no name is broken inside a word. Two to a row,
    "Bartholomew" broke there at 320 px, and "Christopher" and "Alexandra" too at 280 px."""
    names = ["Christopher", "Bartholomew", "Margaret", "Elizabeth"]
    names += ["Jonathan", "Alexandra", "Ann", "Bob"]
    status, league = call("POST", f"{live_server}/api/leagues", {"name": "Narrow Club"})
    assert status == 201
    api = f"{live_server}/api/leagues/{league['slug']}/nights"
    as_league = {"X-League-Token": league["league_token"]}
    status, _ = call("POST", api, {"ruleset": "moon"}, as_league)
    assert status == 201
    status, _ = call("POST", f"{api}/1/players", {"add": names}, as_league)
    assert status == 200
    status, _ = call("POST", f"{api}/1/rounds", {"round": 1}, as_league)
    assert status == 201
    page = phone.page
    for size in PHONE_SIZES:
        page.set_viewport_size(size)
        phone.go(f"/leagues/{league['slug']}/nights/1")
        expect(page.locator(".seats li")).to_have_count(len(names))
        assert page.evaluate(BROKEN_NAMES, names) == [], size
        assert_fits_a_phone(page)
