"""Two phones at one table, in a real Chromium: the scorer writes, the watcher's page
follows within 2 seconds by itself, and nothing on the watcher's phone can write."""

from __future__ import annotations

import contextlib
import io
import re
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from scorekeeper.web import links
from tests.browser.conftest import (
    NewPhone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)
from tests.server import call

LAN = "192.168.1.20"
LIVE_WITHIN_MS = 2000


def clock_stopped_now(page: Page) -> None:
    """The page's clock (`page.clock.install()`ed) brought to the present and stopped: its
    timers run only as the test moves it on (`clock.run_for`, which fires one board ask at
    most, the next being set once the answer is in). So "within 2 s" is 2 s of the page's
    own time, however loaded the machine, and the answer is waited for as long as it takes:
    speed is the bench's. Stopped before the page's first address, no ask of its own can be
    on its way when the test writes."""
    # Its time runs as the machine's until it stops: the instant to stop at must still be
    # ahead of it when the browser gets the order, however long that takes on a busy machine.
    for ahead in (0.5, 5, 30):
        try:
            page.clock.pause_at(datetime.now() + timedelta(seconds=ahead))
            return
        except PlaywrightError as error:
            if "past" not in str(error):
                raise
    raise AssertionError("the page's clock ran more than 30 s ahead of the machine's")


@pytest.fixture
def base(live_server: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The app over real HTTP, on a laptop that is at 192.168.1.20 on the club's Wi-Fi."""
    monkeypatch.setattr(links, "lan_address", lambda: LAN)
    return live_server


@pytest.fixture
def phones(new_phone: NewPhone, browser_context_args: dict[str, Any]) -> Callable[[], Page]:
    """Open phones: each a tab of its own browser context (its own cookies), kept (KeptTabs)."""
    return lambda: new_phone(**browser_context_args)


@pytest.fixture
def game(base: str) -> dict[str, Any]:
    status, created = call(
        "POST", f"{base}/api/games", {"ruleset": "draw", "players": ["Ann", "Bob", "Cy"]}
    )
    assert status == 201
    return created


def write(base: str, game: dict[str, Any], method: str, path: str, body: Any = None) -> Any:
    """The scorer's write through the JSON API, with the scorer token."""
    status, result = call(
        method,
        f"{base}/api/games/{game['id']}{path}",
        body,
        {"X-Scorer-Token": game["scorer_token"]},
    )
    assert status in (200, 201), result
    return result


def forged_post(page: Page, url: str, body: str, content_type: str) -> int:
    """A POST sent from the watcher's own page, with its cookies, as a script could."""
    status: int = page.evaluate(
        """async ([url, body, type]) => (await fetch(url, {
            method: "POST", body, headers: {"Content-Type": type}})).status""",
        [url, body, content_type],
    )
    return status


def qr_codes(page: Page, selector: str) -> list[str]:
    """The QR codes a phone camera would read off this part of the screen, top to bottom."""
    shot = Image.open(io.BytesIO(page.locator(selector).screenshot()))
    found = sorted(zxingcpp.read_barcodes(shot), key=lambda b: b.position.top_left.y)
    return [str(b.text) for b in found]


def test_watcher_sees_every_change_within_two_seconds_and_cannot_write(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    scorer, watcher = phones(), phones()
    token = game["scorer_token"]
    requests: list[tuple[str, str]] = []
    scorer.on("request", lambda r: requests.append((r.url, r.headers.get("referer", ""))))
    scorer.goto(f"{base}/games/{game['id']}/join/{token}")
    assert scorer.url == f"{base}/games/{game['id']}"
    assert token not in scorer.content()

    watcher.clock.install()
    clock_stopped_now(watcher)
    watcher.goto(f"{base}/games/{game['id']}")
    totals = watcher.locator("#board .total .points")
    expect(totals).to_have_text(["0", "0", "0"])

    write(base, game, "POST", "/hands", {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    watcher.clock.run_for(LIVE_WITHIN_MS)
    expect(totals).to_have_text(["19", "0", "0"])
    write(base, game, "PUT", "/hands/1", {"pips": {"Ann": 3, "Bob": 0, "Cy": 9}, "domino": "Bob"})
    watcher.clock.run_for(LIVE_WITHIN_MS)
    expect(totals).to_have_text(["0", "12", "0"])
    write(base, game, "DELETE", "/hands/1")
    watcher.clock.run_for(LIVE_WITHIN_MS)
    expect(totals).to_have_text(["0", "0", "0"])
    expect(watcher.locator("#board")).to_contain_text("No hands yet")

    # The watcher has nothing to write with, and a forged write changes nothing.
    assert watcher.locator("form").count() == 0
    game_url = f"{base}/games/{game['id']}"
    entry = '{"pips": {"Ann": 0, "Bob": 50, "Cy": 50}, "domino": "Ann"}'
    assert (
        forged_post(watcher, f"{base}/api/games/{game['id']}/hands", entry, "application/json")
        == 403
    )
    form = "pips-0=0&pips-1=50&pips-2=50&domino=Ann"
    urlencoded = "application/x-www-form-urlencoded"
    # Refused before anything is read (400 until a missing CSRF token is a 403 too: see
    # test_share.py::test_forged_page_write_is_a_403).
    assert forged_post(watcher, f"{game_url}/hands", form, urlencoded) in (400, 403)
    assert forged_post(watcher, f"{game_url}/rotate", "", urlencoded) == 403
    # The watcher's next look at the board, asked after the forged writes: nothing changed.
    with watcher.expect_request(lambda r: r.url.endswith("/board")) as asked:
        watcher.clock.run_for(LIVE_WITHIN_MS)
    answer = asked.value.response()
    assert answer is not None and answer.status == 304
    expect(totals).to_have_text(["0", "0", "0"])

    # The token went out once, in the scorer link itself: never in a later address or referrer.
    assert token in requests[0][0]
    assert not [r for r in requests[1:] if token in r[0] or token in r[1]]


def test_watcher_catches_up_by_itself_after_the_network_drops(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    watcher = phones()
    context = watcher.context
    watcher.goto(f"{base}/games/{game['id']}")
    totals = watcher.locator("#board .total .points")
    expect(totals).to_have_text(["0", "0", "0"])

    context.set_offline(True)
    for _ in range(2):  # several polls fail while offline, the page waiting longer each time
        watcher.wait_for_event("requestfailed", lambda r: r.url.endswith("/board"))
    write(base, game, "POST", "/hands", {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    expect(totals).to_have_text(["0", "0", "0"])
    context.set_offline(False)
    # Back online it catches up by itself (how soon is the test above's, on the page's clock).
    expect(totals).to_have_text(["19", "0", "0"])


# Counts the page's asks for its board as they are made (an init script: the CSP does not
# apply to it), so a test can tell "no ask" without waiting to see none arrive.
COUNT_BOARD_ASKS = """(() => {
    window.boardAsks = 0;
    const fetch = window.fetch;
    window.fetch = (...args) => {
        if (String(args[0]).endsWith("/board")) window.boardAsks += 1;
        return fetch(...args);
    };
})()"""


def test_hidden_page_stops_asking_and_catches_up_when_shown(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    watcher = phones()
    watcher.add_init_script(COUNT_BOARD_ASKS)
    watcher.clock.install()  # the page's timers run when the test moves its clock on
    watcher.goto(f"{base}/games/{game['id']}")

    def asks() -> int:
        count: int = watcher.evaluate("window.boardAsks")
        return count

    watcher.clock.run_for(1500)
    assert asks() >= 1, "the page asks for the board while it is shown"

    set_hidden = """hidden => {
        Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    watcher.evaluate(set_hidden, True)
    before = asks()
    write(base, game, "POST", "/hands", {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    watcher.clock.run_for(10_000)  # ten seconds of the page's time: ten asks, were it shown
    assert asks() == before
    watcher.evaluate(set_hidden, False)
    watcher.clock.run_for(300)  # shown again, it asks at once (within its 200 ms of jitter)
    # Hidden, it had no ask waiting: only the one made on being shown brings the new board.
    expect(watcher.locator("#board .total .points")).to_have_text(["19", "0", "0"])


def test_scorer_shows_both_qr_codes_and_a_new_link_replaces_the_old(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    old = game["scorer_token"]
    scorer = phones()
    scorer.goto(f"{base}/games/{game['id']}/join/{old}")
    scorer.goto(f"{base}/games/{game['id']}/share")
    port = base.rsplit(":", 1)[1]
    watch_url = f"http://{LAN}:{port}/games/{game['id']}"
    # A phone that joined by the scorer link can pass that same link on.
    joined_link = f"http://{LAN}:{port}/games/{game['id']}/join/{old}"
    scorer.locator(".scorer-code img").evaluate("img => img.decode()")
    assert qr_codes(scorer, ".share-codes") == [watch_url, joined_link]

    scorer.get_by_role("button", name="Make a new scorer link").or_(
        scorer.get_by_role("button", name="Make a scorer link")
    ).click()
    expect(scorer.get_by_role("status")).to_contain_text("New scorer link made")
    scorer.locator(".scorer-code img").evaluate("img => img.decode()")
    watch, scorer_link = qr_codes(scorer, ".share-codes")
    assert watch == watch_url
    assert re.fullmatch(rf"http://{LAN}:{port}/games/{game['id']}/join/[\w-]{{22}}", scorer_link)
    new = scorer_link.rsplit("/", 1)[1]
    assert new != old and new not in scorer.content() and new not in scorer.url
    assert_fits_a_phone(scorer)
    assert serious_accessibility_problems(scorer) == []
    screenshot(scorer, "share-panel")

    entry = {"pips": {"Ann": 0, "Bob": 1, "Cy": 1}, "domino": "Ann"}
    status, _ = call("POST", f"{base}/api/games/{game['id']}/hands", entry, {"X-Scorer-Token": old})
    assert status == 403
    status, _ = call("POST", f"{base}/api/games/{game['id']}/hands", entry, {"X-Scorer-Token": new})
    assert status == 201


@pytest.mark.parametrize(("size", "points"), [("a6", (298, 420)), ("a4", (595, 842))])
def test_table_card_prints_on_one_page_of_its_size(
    base: str,
    game: dict[str, Any],
    phones: Callable[[], Page],
    size: str,
    points: tuple[int, int],
) -> None:
    card = phones()
    card.goto(f"{base}/games/{game['id']}/card?size={size}")
    card.locator(".table-card-qr").evaluate("img => img.decode()")
    assert_fits_a_phone(card)
    assert serious_accessibility_problems(card) == []
    screenshot(card, f"table-card-{size}")
    pdf = card.pdf(prefer_css_page_size=True, print_background=True)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == 1, "the card fits on one page"
    width, height = (round(float(n)) for n in boxes[0])
    assert (width, height) == points


def shown_not_saved(typing: Page, why: str) -> None:
    """The hand typed (Bob went out; Ann 12, Cy 7) is on the page with `why`, not to be saved."""
    expect(typing.locator("#entry-title")).to_have_text("Hand 1 was not saved")
    expect(typing.get_by_role("alert")).to_contain_text(why)
    expect(typing.get_by_role("radio", name="Bob", exact=True)).to_be_checked()
    expect(typing.locator('input[name="pips-0"]')).to_have_value("12")
    expect(typing.locator('input[name="pips-2"]')).to_have_value("7")
    expect(typing.get_by_role("button", name="Save hand 1")).to_have_count(0)


def test_a_phone_whose_scorer_link_was_replaced_keeps_the_hand_it_typed(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    """Issue 15: the hand typed on a phone that lost the scorer right is shown to it, with
    whom to ask for the new link, and nothing is recorded."""
    join = f"{base}/games/{game['id']}/join/{game['scorer_token']}"
    typing, other = phones(), phones()
    typing.goto(join)
    other.goto(join)
    typing.get_by_role("radio", name="Bob", exact=True).click()
    typing.fill('input[name="pips-0"]', "12")
    typing.fill('input[name="pips-2"]', "7")

    other.goto(f"{base}/games/{game['id']}/share")
    other.get_by_role("button", name="Make a new scorer link").click()
    expect(other.get_by_role("status")).to_contain_text("New scorer link made")

    typing.get_by_role("button", name="Save hand 1").click()
    shown_not_saved(typing, "Ask the person now keeping score to show you the new link")
    status, shown = call("GET", f"{base}/api/games/{game['id']}")
    assert status == 200 and shown["hands"] == []
    assert_fits_a_phone(typing)
    assert serious_accessibility_problems(typing) == []
    screenshot(typing, "scorer-link-replaced")


def test_a_phone_whose_browser_forgot_everything_keeps_the_hand_it_typed(
    base: str, game: dict[str, Any], phones: Callable[[], Page]
) -> None:
    """Mid-hand, the phone's browser data is cleared (cookies and storage: a cleaning app, a
    private window's end). Save shows the hand as typed and says what to do; nothing is
    recorded, and the phone is not left on a bare refusal."""
    typing = phones()
    phone = typing.context
    typing.goto(f"{base}/games/{game['id']}/join/{game['scorer_token']}")
    typing.get_by_role("radio", name="Bob", exact=True).click()
    typing.fill('input[name="pips-0"]', "12")
    typing.fill('input[name="pips-2"]', "7")

    phone.clear_cookies()
    typing.evaluate("localStorage.clear()")
    typing.get_by_role("button", name="Save hand 1").click()

    shown_not_saved(typing, "its browser has forgotten the scorer's right")
    expect(typing.locator("#refusal")).to_be_in_viewport()
    status, shown = call("GET", f"{base}/api/games/{game['id']}")
    assert status == 200 and shown["hands"] == []
    assert_fits_a_phone(typing)
    screenshot(typing, "scorer-right-forgotten")


@contextlib.contextmanager
def another_site(pages: dict[str, str]) -> Iterator[str]:
    """A site of someone else's on the same laptop (another port: another origin), serving
    `pages` (path → HTML); yields its address."""

    class Site(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    with ThreadingHTTPServer(("127.0.0.1", 0), Site) as site:
        thread = threading.Thread(target=site.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{site.server_address[1]}"
        finally:
            site.shutdown()
            thread.join()


def test_another_site_cannot_show_a_game_inside_its_own_page(
    base: str, game: dict[str, Any], page: Page
) -> None:
    """A page on another site that frames the scorer's page, to trick a tap on Save, gets an
    empty frame: Chromium refuses to draw any page of ours inside another site's."""
    framed = {
        "scorer's page": f"{base}/games/{game['id']}/join/{game['scorer_token']}",
        "watch page": f"{base}/games/{game['id']}",
        "its own page": "/own",  # drawn: frames do show here
    }
    frames = "".join(
        f'<iframe title="{name}" src="{url}"></iframe>' for name, url in framed.items()
    )
    pages = {"/prize": f"<h1>You won!</h1>{frames}", "/own": "<p>Tap here to claim</p>"}
    with another_site(pages) as elsewhere:
        page.goto(f"{elsewhere}/prize")
        expect(page.frame_locator('[title="its own page"]').get_by_text("Tap here")).to_be_visible()
        for name in ("scorer's page", "watch page"):
            inside = page.frame_locator(f'[title="{name}"]')
            expect(inside.get_by_text("Ann")).to_have_count(0)
            expect(inside.get_by_role("button")).to_have_count(0)
            frame = page.locator(f'[title="{name}"]').element_handle().content_frame()
            assert frame is not None and frame.url == "chrome-error://chromewebdata/", name
