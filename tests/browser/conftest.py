"""Browser tests: Debian's Chromium at a phone's size, against the real app served over HTTP."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from waitress import wasyncore
from waitress.server import create_server

from scorekeeper import create_app
from tests.conftest import SCREENSHOTS_WANTED

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
# The features Playwright 1.65 turns off in every Chromium it starts (its chromiumSwitches.ts,
# less those for Windows and Edge).
PLAYWRIGHT_DISABLED_FEATURES = [
    "AimEnabled",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsFirstBalancedModeAutoEnable",
    "HttpsUpgrades",
    "LensOverlay",
    "MediaRouter",
    "NetworkTimeServiceQuerying",
    "OptimizationHints",
    "PaintHolding",
    "PreconnectToSearch",
    "ThirdPartyStoragePartitioning",
]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Headless Chromium still builds each window's address-bar popup as a web page of its
    # own (chrome://omnibox-popup): a renderer per browser context, about 0.6 s of CPU for a
    # window nobody sees, a fifth of a browser test's CPU. A --disable-features given here
    # replaces Playwright's own, so its list comes along.
    "--disable-features="
    + ",".join([*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is needed for the browser tests: apt-get install chromium")
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app on a real SQLite file, served over HTTP by waitress from a thread."""
    database = tmp_path_factory.mktemp("browser") / "scorekeeper.sqlite3"
    app = create_app({"DATABASE": database, "SECRET_KEY": "browser-tests", "RATE_LIMIT_BURST": 0})
    # waitress, the server `scorekeeper serve` runs, rather than Werkzeug's development server.
    server = create_server(serving_axe(app), host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.effective_port}"
    AXE_SERVED.add(origin)
    yield origin
    AXE_SERVED.discard(origin)
    # waitress's loop runs while any connection is open, and Chromium keeps its own open:
    # `server.close()` alone left the loop running, and the join waited its 5 s at the end of
    # every worker's run. Everything is closed in the loop's own thread, so the loop ends.
    server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
    thread.join(timeout=5)
    assert not thread.is_alive(), "the live server did not stop"
    server.task_dispatcher.shutdown()


# axe-core, which the audits load into the page they audit.
AXE_SCRIPT: str = Axe().axe_script
AXE_PATH = "/_tests/axe.min.js"
AXE_SERVED: set[str] = set()  # the origins whose server answers AXE_PATH (the live server)


def serving_axe(app: WSGIApplication) -> WSGIApplication:
    """The app, and axe-core at AXE_PATH for the audits (serious_accessibility_problems).

    A page loads it as a script of its own origin, which its Content-Security-Policy allows.
    Evaluated instead, its 570 KB go through the DevTools protocol (Python, node, Chromium's
    browser process) to the page: about 130 ms of CPU an audit, against 65–85 ms.
    """
    body = AXE_SCRIPT.encode()
    headers = [
        ("Content-Type", "text/javascript; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "max-age=31536000, immutable"),
    ]

    def serve(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == AXE_PATH:
            start_response("200 OK", headers)
            return [body]
        return app(environ, start_response)

    return serve


# Page, context and browser: Playwright's sync classes, wrapping its event emitters.
Emitter = Any
Listeners = dict[str, list[Any]]


def listeners_of(emitter: Emitter) -> Listeners:
    """The listeners an emitter of Playwright's has now, by event."""
    events = emitter._impl_obj._events
    return {name: list(each) if isinstance(each, list) else [each] for name, each in events.items()}


class KeptTab:
    """A tab kept from test to test, handed out each time as a new browser context's first tab.

    A new browser context and its first tab cost Chromium about 0.45 s of CPU (a renderer
    started and warmed up, and closed after the test); bringing a used tab back to what a
    new context holds costs about 0.12 s. Before each test the tab leaves the page it is on
    (whose scripts stop), and loses everything a test could have left: other tabs, cookies,
    every origin's storage (local, session, IndexedDB, caches), the HTTP cache, its history,
    routes, listeners, the network, the emulated media and the viewport. After a test that
    changes it for good (Playwright's clock, an init script, extra headers: `LASTING`) or
    closes the tab or its context, the next test gets a new context.
    """

    def __init__(self, browser: Browser, context_args: dict[str, Any]) -> None:
        self.browser = browser
        self.context_args = context_args
        # Playwright's own size for a context given none.
        self.viewport = context_args.get("viewport", {"width": 1280, "height": 720})
        self.context: BrowserContext | None = None

    def open(self) -> Page:
        self.context = self.browser.new_context(**self.context_args)
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.listeners = (listeners_of(self.context), listeners_of(self.page))
        self.changed_for_good = False
        for target in (self.context, self.page):
            for name in LASTING:
                if hasattr(target, name):  # a page has some of them, its context all
                    setattr(target, name, self.noted(getattr(target, name)))
        return self.page

    def noted(self, method: Callable[..., Any]) -> Callable[..., Any]:
        """`method`, which changes the tab for good: after the test, it gets a new context."""

        @functools.wraps(method)
        def noting(*args: Any, **kwargs: Any) -> Any:
            self.changed_for_good = True
            return method(*args, **kwargs)

        return noting

    def close(self) -> None:
        if self.context is not None:
            # A route the last test left (its handler holding a request, say) can keep the
            # context from closing: the run hangs at its end. A closed tab's routes went with
            # it (unrouting it would raise, and the context would be left open).
            with contextlib.suppress(PlaywrightError):
                if not self.page.is_closed():
                    self.page.unroute_all(behavior="ignoreErrors")
                self.context.unroute_all(behavior="ignoreErrors")
            with contextlib.suppress(PlaywrightError):
                self.context.close()
        self.context = None

    def fresh(self) -> Page:
        """The tab, as a new context's first tab would be."""
        if self.context is not None and not self.page.is_closed():
            with contextlib.suppress(PlaywrightError):  # a tab that cannot be reset is replaced
                self.reset()
                return self.page
        self.close()
        return self.open()

    def reset(self) -> None:
        context, page, cdp = self.context, self.page, self.cdp
        assert context is not None
        visited = {entry["url"] for entry in cdp.send("Page.getNavigationHistory")["entries"]}
        for other in context.pages:
            if other != page:
                visited.add(other.url)
                other.close()
        for emitter, kept in zip((context, page), self.listeners, strict=True):
            for name, now in listeners_of(emitter).items():
                for listener in now:
                    if listener not in kept.get(name, []):
                        emitter._impl_obj.remove_listener(name, listener)
        page.unroute_all(behavior="ignoreErrors")
        context.unroute_all(behavior="ignoreErrors")
        context.set_offline(False)
        page.goto("about:blank")  # the last test's page stops: nothing of it writes any more
        context.clear_cookies()
        for origin in {origin_of(url) for url in visited} - {None}:
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        cdp.send("Network.clearBrowserCache")
        cdp.send("Page.resetNavigationHistory")
        page.emulate_media(
            media="null", color_scheme="light", reduced_motion="no-preference", forced_colors="none"
        )
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)

    def retire_if_changed_for_good(self) -> None:
        """A tab the test changed in a way no reset undoes is closed: the next test gets a new
        context. Playwright's clock stays installed in a context, and so do init scripts,
        exposed functions, extra headers, permissions, a location and default timeouts."""
        if self.context is None or self.page.is_closed():
            return
        try:
            clocked = self.page.evaluate("'__pwClock' in globalThis")
        except PlaywrightError:
            clocked = True
        if clocked or self.changed_for_good:
            self.close()


# What a test can do to a page or a context that stays for good (KeptTab).
LASTING = (
    "add_init_script",
    "expose_binding",
    "expose_function",
    "set_extra_http_headers",
    "grant_permissions",
    "set_geolocation",
    "set_default_timeout",
    "set_default_navigation_timeout",
)


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


class KeptTabs:
    """The worker's kept tabs, by the settings of their contexts, lent to one test at a time.

    A test asks for a phone with the settings a new context would be given
    (`new_phone(java_script_enabled=False, ...)`) and gets a kept tab of those settings that
    no other phone of the test holds, as new (see KeptTab); the tabs come back when the test
    ends. The tests' phones come in a handful of kinds (the phone at 390×844, the same with
    script off, a laptop's screen), so most are a kept tab: a night's three tables scored
    one phone after another, round after round, use one.
    """

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.free: dict[str, list[KeptTab]] = {}
        self.lent: list[tuple[str, KeptTab]] = []

    def __call__(self, **context_args: Any) -> Page:
        """A phone: the first tab of a new context with these settings, as far as it can tell."""
        kind = json.dumps(context_args, sort_keys=True)
        free = self.free.setdefault(kind, [])
        tab = free.pop() if free else KeptTab(self.browser, context_args)
        self.lent.append((kind, tab))
        return tab.fresh()

    def give_back(self, page: Page) -> None:
        """The phone is done with before the test ends: another may have its tab."""
        for kind, tab in self.lent:
            if tab.page == page:
                self.lent.remove((kind, tab))
                tab.retire_if_changed_for_good()
                self.free[kind].append(tab)
                return
        raise ValueError("not a phone lent to this test")

    def take_back(self) -> None:
        for _, tab in list(self.lent):
            self.give_back(tab.page)

    def close(self) -> None:
        for tabs in self.free.values():
            for tab in tabs:
                tab.close()


@pytest.fixture(scope="session")
def kept_tabs(browser: Browser) -> Iterator[KeptTabs]:
    tabs = KeptTabs(browser)
    yield tabs
    tabs.close()


NewPhone = KeptTabs


@pytest.fixture
def new_phone(kept_tabs: KeptTabs) -> Iterator[NewPhone]:
    """`new_phone(**settings)`: the first tab of what would be a new browser context with
    these settings (Playwright's `browser.new_context`), kept from test to test (KeptTabs);
    `new_phone.give_back(page)` when a test is done with one."""
    yield kept_tabs
    kept_tabs.take_back()


@pytest.fixture
def page(new_phone: NewPhone, browser_context_args: dict[str, Any]) -> Page:
    """A phone's browser as if new (see KeptTab), in place of pytest-playwright's new context."""
    return new_phone(**browser_context_args)


@pytest.fixture
def context(page: Page) -> BrowserContext:
    """The context of the test's `page`."""
    return page.context


class Phone:
    """A phone in a player's hand: every tap and every key typed is counted."""

    def __init__(self, page: Page, base: str) -> None:
        self.page = page
        self.base = base
        self.taps = 0

    def go(self, path: str) -> None:
        self.page.goto(self.base + path)

    def tap(self, target: str | Locator) -> None:
        locator = self.page.locator(target) if isinstance(target, str) else target
        locator.tap()
        self.taps += 1

    def submit(self, target: str | Locator) -> None:
        """Tap a button that sends a form, and wait for the page that answers it."""
        with self.page.expect_navigation():
            self.tap(target)

    def submit_text(self, text: str, *, within: str = "body") -> None:
        with self.page.expect_navigation():
            self.tap_text(text, within=within)

    def tap_text(self, text: str, *, within: str = "body") -> None:
        """Tap the button, choice, checkbox or link whose accessible name is exactly `text`."""
        scope = self.page.locator(within)
        found = scope.get_by_role("radio", name=text, exact=True)
        for role in ("button", "link", "checkbox"):
            found = found.or_(scope.get_by_role(role, name=text, exact=True))  # type: ignore[arg-type]
        self.tap(found.first)

    def type(self, target: str | Locator, text: str) -> None:
        """Tap a field and type into it: one tap, plus one per key."""
        locator = self.page.locator(target) if isinstance(target, str) else target
        self.tap(locator)
        locator.fill("")
        locator.press_sequentially(text)
        self.taps += len(text)

    def keys(self, text: str) -> None:
        """Type into the box the page has put the cursor in: one tap per key."""
        self.page.keyboard.type(text)
        self.taps += len(text)

    def count_taps(self) -> TapCount:
        return TapCount(self)

    def save(self, target: str = "#hand-form .save-bar button.primary") -> None:
        """Tap the hand's Save, which must be in view without scrolling, and wait for the answer.

        After an accepted hand the next hand's first choice is in view, ready for its tap.
        """
        button = self.page.locator(target)
        expect(button).to_be_in_viewport(ratio=1)
        self.submit(button)
        first = self.page.locator("#hand-form fieldset input, #play-form fieldset input").first
        if first.count() and self.page.locator(".field-error, .flash-error").count() == 0:
            expect(first.locator("xpath=ancestor::label[1]")).to_be_in_viewport()

    def correct(self, number: int) -> None:
        """Tap hand `number`'s row on the sheet, then its Correct link."""
        self.tap(f"#hand-{number} .sheet-open")
        self.submit(f"#hand-{number} .edit-link")

    def totals(self) -> dict[str, int]:
        """The running totals at the foot of the score sheet.

        The sheet is checked on the way: each row's total is the one above it plus the
        row's points, and the newest row's totals are the foot's.
        """
        sheet = self.sheet()
        running = dict.fromkeys(sheet["totals"], 0)
        for row, counted in zip(sheet["rows"], sheet["counted"], strict=True):
            for side, (points, total) in row.items():
                running[side] += points if counted else 0  # after the end: struck out
                assert total == running[side], (side, points, total, running)
        assert running == sheet["totals"], (running, sheet["totals"])
        return sheet["totals"]

    def sheet(self) -> dict[str, Any]:
        """The sheet as shown: its rows oldest first, each side's (points, total after the hand);
        and the totals at its foot."""
        # A plain form's Save (script off) navigates: read the sheet of the page it lands on,
        # once that page has its sheet, not the half-loaded document in between.
        self.page.wait_for_load_state("domcontentloaded")
        self.page.locator("#board .sheet").wait_for()
        shown: dict[str, Any] = self.page.evaluate(
            """() => {
                const sheet = document.querySelector('#board .sheet');
                const sides = Array.from(sheet.querySelectorAll('tfoot .total'));
                const names = sides.map(cell => cell.dataset.side);
                const hands = Array.from(sheet.querySelectorAll('.sheet-hand'));
                const counted = hands.map(hand => !hand.classList.contains('not-counted'));
                const rows = hands.map(hand => hand.querySelector('tr'))
                    .map(row => Object.fromEntries(Array.from(row.querySelectorAll('td')).map(
                        (cell, i) => [names[i], [Number(cell.querySelector('small').textContent),
                                                 Number(cell.querySelector('b').textContent)]])));
                const totals = Object.fromEntries(sides.map(
                    cell => [cell.dataset.side, Number(cell.querySelector('.points').textContent)]));
                const heads = sheet.querySelectorAll('thead .side-name').length;
                return {rows, totals, heads, counted};
            }"""
        )
        assert shown["heads"] == len(shown["totals"])
        shown["rows"] = [{side: tuple(cell) for side, cell in row.items()} for row in shown["rows"]]
        return shown


class TapCount:
    """`with phone.count_taps() as count:` … `count.taps` is what that stretch took."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.start = 0
        self.taps = 0

    def __enter__(self) -> TapCount:
        self.start = self.phone.taps
        return self

    def __exit__(self, *exc: object) -> None:
        self.taps = self.phone.taps - self.start


@pytest.fixture
def phone(page: Page, live_server: str) -> Phone:
    return Phone(page, live_server)


def screenshot(page: Page, name: str) -> None:
    """Write `<name>-light.png` and `<name>-dark.png` for people to look at.

    Only when someone will: `pytest --screenshots` (or SCOREKEEPER_SCREENSHOTS=1). A test
    that reads pixels itself takes its own screenshot, whatever this says.
    """
    if not os.environ.get(SCREENSHOTS_WANTED):
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    scrolled = page.evaluate("[window.scrollX, window.scrollY]")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=SCREENSHOTS / f"{name}-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")
    # A whole-page picture may move the page: leave it where the player had it.
    page.evaluate("([x, y]) => window.scrollTo(x, y)", scrolled)


def look_at_sheet(page: Page, name: str) -> None:
    """The score sheet as a game goes: screenshots light and dark, axe clean, no sideways scroll."""
    page.locator("#board .sheet").scroll_into_view_if_needed()
    screenshot(page, name)
    assert not serious_accessibility_problems(page), name
    assert_fits_a_phone(page)


def serious_accessibility_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    load_axe(page)
    # Only what is reported comes back: axe's whole result is ~50 KB of JSON for Playwright
    # to carry and check.
    return page.evaluate(SERIOUS_PROBLEMS)  # type: ignore[no-any-return]


def load_axe(page: Page) -> None:
    """axe-core into the page: from the live server where the page is its, else evaluated."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
    if origin in AXE_SERVED:
        try:
            page.add_script_tag(url=origin + AXE_PATH)
            return
        except PlaywrightError:  # not loaded (a route the test set aborts it, say)
            pass
    page.evaluate(AXE_SCRIPT)


SERIOUS_PROBLEMS = """axe.run({resultTypes: ["violations"]}).then((results) =>
  results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${JSON.stringify(v.nodes[0].target)})`)
)"""


def assert_fits_a_phone(page: Page) -> None:
    """No sideways scrolling at the phone's width.

    Measured against the layout viewport (`clientWidth`: the 390 px of `width=device-width`),
    not `window.innerWidth`: on a phone (`is_mobile`) Chromium zooms out to show a page
    wider than the screen, and `innerWidth` grows with it, so it is always as wide as the
    page and this check could never fail."""
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
