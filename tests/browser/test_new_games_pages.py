"""Mexican Train, Latin partnership and a custom game played on a phone (390×844) by tapping.

Taps are counted as a player makes them: a tap on a choice, a field or a button is one; a number
typed into a field after tapping it counts as one more, however many digits it has (issue 20:
"Mexican Train with 8 players: one round in at most 2 × players + 2 taps when pips are typed").
Totals are read from the API, the same game the page shows.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import (
    NewPhone,
    Phone,
    assert_fits_a_phone,
    screenshot,
    serious_accessibility_problems,
)

EIGHT = [
    "Christopher",
    "Margaret",
    "María José",
    "Elizabeth",
    "Jonathan",
    "Bartholomew",
    "Konstantinos",
    "Hal",
]


def start(phone: Phone, ruleset: str, players: list[str], **fields: str) -> str:
    """Start a game on the new-game page; returns the game's id."""
    phone.go(f"/new/{ruleset}")
    for seat, name in enumerate(players, start=1):
        phone.page.fill(f'input[name="player-{seat}"]', name)
    for name, value in fields.items():
        target = phone.page.locator(f'[name="{name}"]')
        if target.get_attribute("type") == "checkbox":
            target.check()
        elif target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    phone.submit_text("Start the game")
    expect(phone.page).to_have_url(re.compile(r"/games/[\w-]+$"))
    return phone.page.url.rsplit("/", 1)[1]


def game_json(phone: Phone, game_id: str) -> dict[str, Any]:
    body: dict[str, Any] = phone.page.request.get(f"{phone.base}/api/games/{game_id}").json()
    return body


def enter(phone: Phone, selector: str, value: str) -> None:
    """Tap a box and type a number into it: two taps, whatever its digits."""
    box = phone.page.locator(selector)
    phone.tap(box)
    box.fill(value)
    phone.taps += 1


def save(phone: Phone) -> None:
    """Tap Save, which must be on screen without scrolling."""
    button = phone.page.locator("#entry button.primary")
    expect(button).to_be_in_viewport(ratio=1)
    phone.submit(button)


def words_never_broken(phone: Phone, selector: str) -> list[str]:
    """The names (in `selector`) with a word split over two lines."""
    broken: list[str] = phone.page.evaluate(
        """(selector) => {
            const broken = [];
            for (const element of document.querySelectorAll(selector)) {
                const text = element.firstChild;
                if (!text || text.nodeType !== Node.TEXT_NODE) continue;
                let at = 0;
                for (const word of text.textContent.split(" ")) {
                    const range = document.createRange();
                    range.setStart(text, at);
                    range.setEnd(text, at + word.length);
                    const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
                    if (word.trim() && lines.size > 1) broken.push(word);
                    at += word.length + 1;
                }
            }
            return broken;
        }""",
        selector,
    )
    return broken


def tap_targets_too_small(phone: Phone, selector: str) -> list[str]:
    small: list[str] = phone.page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
            .map(e => e.outerHTML.slice(0, 80))""",
        selector,
    )
    return small


# --- Mexican Train -------------------------------------------------------------------------


def test_mexican_train_eight_players_a_whole_game(phone: Phone) -> None:
    page = phone.page
    game = start(phone, "mexican-train", EIGHT, **{"option-rounds": "3"})
    expect(page.locator(".engine-line")).to_contain_text("Round 1 of 3: engine 12-12")
    assert not words_never_broken(phone, ".pips-grid .field > span:first-child")
    assert not tap_targets_too_small(
        phone, "#entry .choice span, #entry input[type=number], #entry button"
    )
    assert_fits_a_phone(page)
    assert not serious_accessibility_problems(page)

    # Saving with nothing entered, or half a round, records nothing.
    save(phone)
    expect(page.locator(".field-error")).to_have_text("Tap who went out, or “Nobody: blocked”")
    phone.tap_text("Margaret", within="#entry")
    enter(phone, 'input[name="pips-0"]', "12")
    save(phone)
    expect(page.locator(".field-error")).to_contain_text(
        "Type the pips left in María José, Elizabeth"
    )
    expect(page.locator('input[name="pips-0"]')).to_have_value("12")
    assert game_json(phone, game)["hands"] == []

    # Round 1: Margaret went out; her 0 is filled in by the page, the other seven are typed.
    phone.go(f"/games/{game}")
    with phone.count_taps() as count:
        phone.tap_text("Margaret", within="#entry")
        margaret = page.locator('input[name="pips-1"]')
        expect(margaret).to_have_value("0")
        expect(margaret).to_have_class(re.compile("derived"))
        for seat, pips in enumerate(["12", "", "31", "7", "45", "3", "20", "9"]):
            if pips:
                enter(phone, f'input[name="pips-{seat}"]', pips)
        screenshot(page, "mexican-train-round-typed")
        save(phone)
    assert count.taps <= 2 * len(EIGHT) + 2, count.taps
    body = game_json(phone, game)
    assert body["totals"] == dict(zip(EIGHT, [12, 0, 31, 7, 45, 3, 20, 9], strict=True))
    assert body["next"]["engine"] == "11-11"
    expect(page.locator(".engine-line")).to_contain_text("Round 2 of 3: engine 11-11")

    # Round 2, blocked, counted from the tiles on the double-twelve picker for two players and
    # typed for the rest: the picker shows the sums it writes.
    phone.tap_text("Nobody: blocked", within="#entry")
    phone.tap("summary:has-text('Count from the tiles left instead')")
    picker = page.locator("[data-tile-picker]")
    expect(picker).to_be_visible()
    expect(picker.locator(".tile-pick")).to_have_count(91)
    assert not tap_targets_too_small(phone, "#entry .tile-pick, #entry .picker-side")
    held = {"Christopher": ["12-12", "0-5"], "Margaret": ["10-11", "3-3"]}
    for name, tiles in held.items():
        phone.tap(picker.locator(f'.picker-side[data-name="{name}"]'))
        for tile in tiles:
            phone.tap(picker.locator(f'.tile-pick[data-tile="{tile}"]'))
    expect(page.locator('input[name="tiles-0"]')).to_have_value("12-12 0-5")
    expect(page.locator('input[name="pips-0"]')).to_have_value("29")
    screenshot(page, "mexican-train-picker")
    for seat, tiles in enumerate(["1-2", "0-1", "2-2", "4-4", "9-9", "5-6"], start=2):
        page.fill(f'input[name="tiles-{seat}"]', tiles)
    save(phone)
    body = game_json(phone, game)
    assert body["hands"][1]["scores"] == dict(zip(EIGHT, [29, 27, 3, 1, 4, 8, 18, 11], strict=True))
    assert body["hands"][1]["explanation"][0] == (
        "Round 2 (engine 11-11): blocked; everybody counts their pips."
    )
    screenshot(page, "mexican-train-mid-game")
    # Eight columns fit the sheet at 390 px: no sideways scrolling to see a player's total.
    sheet = page.locator("#board .sheet")
    assert sheet.evaluate("e => e.scrollWidth - e.clientWidth") <= 0
    assert not words_never_broken(phone, "#board .side-name")

    # Round 3 (engine 10-10): Hal goes out; the game ends; the lowest total wins.
    phone.tap_text("Hal", within="#entry")
    for seat, pips in enumerate(["5", "4", "0", "8", "2", "30", "1"]):
        enter(phone, f'input[name="pips-{seat}"]', pips)
    save(phone)
    body = game_json(phone, game)
    assert body["status"] == "finished"
    lowest = min(body["totals"].values())
    assert body["winners"] == [n for n in EIGHT if body["totals"][n] == lowest]
    expect(page.locator(".result")).to_contain_text("lowest total")
    screenshot(page, "mexican-train-finished")
    assert_fits_a_phone(page)
    assert not serious_accessibility_problems(page)


# --- Latin partnership --------------------------------------------------------------------


def test_latin_partnership_a_whole_game(phone: Phone) -> None:
    page = phone.page
    game = start(
        phone,
        "latin-partnership",
        ["Christopher", "Margaret", "María José", "Jonathan"],
        team_1="Nosotros",
        team_2="Ellos",
        **{"option-target": "100"},
    )
    assert not words_never_broken(phone, ".pips-grid .field > span:first-child")
    assert_fits_a_phone(page)
    assert not serious_accessibility_problems(page)
    save(phone)
    expect(page.locator(".field-error")).to_have_text("Tap who dominoed, or “Nobody: tranque”")

    # Christopher dominoes with capicúa; Margaret made a pase corrido (tapped, not typed).
    with phone.count_taps() as count:
        phone.tap_text("Christopher", within="#entry")
        for seat, pips in ((1, "12"), (2, "9"), (3, "20")):
            enter(phone, f'input[name="pips-{seat}"]', pips)
        phone.tap('input[name="capicua"]')
        phone.tap(page.locator("[data-pases-buttons] button", has_text="+ Margaret"))
        expect(page.locator('input[name="pases"]')).to_have_value("Margaret")
        screenshot(page, "latin-partnership-hand-typed")
        save(phone)
    assert count.taps <= 10, count.taps
    body = game_json(phone, game)
    assert body["totals"] == {"Nosotros": 66, "Ellos": 25}

    # A tranque: the team holding fewer pips wins all four hands.
    phone.tap_text("Nobody: tranque", within="#entry")
    for seat, pips in enumerate(["3", "10", "25", "30"]):
        enter(phone, f'input[name="pips-{seat}"]', pips)
    save(phone)
    assert game_json(phone, game)["totals"] == {"Nosotros": 134, "Ellos": 25}
    body = game_json(phone, game)
    assert body["status"] == "finished" and body["winners"] == ["Nosotros"]
    expect(page.locator(".result")).to_contain_text("Nosotros reached 100")
    screenshot(page, "latin-partnership-finished")
    assert not serious_accessibility_problems(page)


def test_latin_partnership_team_pips_and_the_last_tile(phone: Phone) -> None:
    """SCORING_MORE.md L525 (pips per team) and L544-547 (the last tile's checks), at the table:
    what the API takes, typed on the phone, with the API's sentences."""
    page = phone.page
    four = ["Christopher", "Margaret", "María José", "Bartholomew"]
    game = start(phone, "latin-partnership", four, team_1="Nosotros", team_2="Ellos")

    # Christopher dominoes; the table counted each team's tiles together.
    phone.tap_text("Christopher", within="#entry")
    phone.tap(page.locator("summary", has_text="Counted per team instead"))
    enter(phone, 'input[name="team-pips-0"]', "21")
    save(phone)
    expect(page.locator(".field-error")).to_have_text("Type the pips left in Ellos's hands")
    expect(page.locator('input[name="team-pips-0"]')).to_be_visible()
    expect(page.locator('input[name="team-pips-0"]')).to_have_value("21")
    enter(phone, 'input[name="team-pips-1"]', "32")
    assert not tap_targets_too_small(
        phone, "#entry summary, #entry input[type=number], #entry .choice span"
    )
    screenshot(page, "latin-partnership-team-pips")
    save(phone)
    assert game_json(phone, game)["totals"] == {"Nosotros": 53, "Ellos": 0}

    # Margaret dominoes with capicúa, checked against the last tile: a double is refused.
    phone.tap_text("Margaret", within="#entry")
    for seat, pips in ((0, "12"), (2, "9"), (3, "20")):
        enter(phone, f'input[name="pips-{seat}"]', pips)
    phone.tap('input[name="capicua"]')
    phone.tap(page.locator("summary", has_text="Check it with the last tile"))
    phone.type('input[name="last_tile"]', "4-4")
    save(phone)
    expect(page.locator(".field-error")).to_have_text("A double cannot make capicúa")
    assert game_json(phone, game)["hands"][1:] == []
    phone.type('input[name="last_tile"]', "3-5")
    enter(phone, 'input[name="end-0"]', "5")
    enter(phone, 'input[name="end-1"]', "3")
    assert not tap_targets_too_small(
        phone, "#entry summary, #entry input[type=number], #entry input[type=text]"
    )
    assert_fits_a_phone(page)
    screenshot(page, "latin-partnership-last-tile")
    save(phone)
    assert game_json(phone, game)["totals"] == {"Nosotros": 53, "Ellos": 66}  # 41 + 25
    assert not serious_accessibility_problems(page)


# --- custom -------------------------------------------------------------------------------


def test_custom_game_a_whole_game_with_negative_points(phone: Phone) -> None:
    page = phone.page
    game = start(
        phone,
        "custom",
        ["Christopher", "Margaret", "María José"],
        **{
            "option-name": "Pub Rummy",
            "option-lowest_wins": "1",
            "option-negative": "1",
            "option-hands": "2",
        },
    )
    expect(page.locator("#game-title")).to_have_text("Pub Rummy lowest total wins")
    assert not words_never_broken(phone, ".pips-grid .field > span:first-child")
    save(phone)
    expect(page.locator(".field-error")).to_contain_text(
        "Type Christopher, Margaret and María José's points"
    )
    assert game_json(phone, game)["hands"] == []

    with phone.count_taps() as count:
        enter(phone, 'input[name="points-0"]', "12")
        enter(phone, 'input[name="points-1"]', "5")
        phone.tap(page.locator("button[data-sign]").nth(1))  # Margaret's 5 was a minus
        enter(phone, 'input[name="points-2"]', "0")
        expect(page.locator('input[name="points-1"]')).to_have_value("-5")
        screenshot(page, "custom-hand-typed")
        save(phone)
    assert count.taps <= 2 * 3 + 2, count.taps
    assert game_json(phone, game)["totals"] == {"Christopher": 12, "Margaret": -5, "María José": 0}
    screenshot(page, "custom-mid-game")

    for seat, points in enumerate(["1", "9", "3"]):
        enter(phone, f'input[name="points-{seat}"]', points)
    save(phone)
    body = game_json(phone, game)
    assert body["status"] == "finished" and body["winners"] == ["María José"]
    expect(page.locator(".result")).to_contain_text("María José has the lowest total (3)")
    screenshot(page, "custom-finished")
    assert_fits_a_phone(page)
    assert not serious_accessibility_problems(page)


def test_the_new_rules_pages(phone: Phone) -> None:
    for ruleset in ("mexican-train", "latin-partnership", "custom"):
        phone.go(f"/rules/{ruleset}")
        expect(phone.page.locator(".rules-text h2")).to_have_text("Sources")
        assert_fits_a_phone(phone.page)
        screenshot(phone.page, f"rules-{ruleset}")


def test_the_new_games_without_javascript(
    new_phone: NewPhone, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """Plain forms: radios, boxes and Save; the tiles are typed; nothing is filled in for you,
    yet the player who went out may be left blank (their 0 is derived by the server)."""
    phone = Phone(new_phone(**browser_context_args, java_script_enabled=False), live_server)
    page = phone.page

    train = start(phone, "mexican-train", ["Ann", "Bob", "Cy"], **{"option-rounds": "1"})
    expect(page.locator("[data-tile-picker]")).to_be_hidden()
    page.locator("label.choice", has_text="Bob").first.click()
    page.locator(".tiles-entry summary").click()
    page.fill('input[name="tiles-0"]', "0-0 3-4")
    page.fill('input[name="tiles-2"]', "12-11")
    with page.expect_navigation():
        page.locator("#entry button.primary").click()
    body = game_json(phone, train)
    assert body["totals"] == {"Ann": 7, "Bob": 0, "Cy": 23} and body["winners"] == ["Bob"]

    latin = start(phone, "latin-partnership", ["Ann", "Bob", "Cy", "Dee"])
    expect(page.locator("[data-pases-buttons]")).to_be_hidden()
    page.locator("label.choice", has_text="Ann").first.click()
    for seat, pips in ((1, "12"), (2, "9"), (3, "20")):
        page.fill(f'input[name="pips-{seat}"]', pips)
    page.locator('input[name="capicua"]').check()
    page.fill('input[name="pases"]', "Bob")
    with page.expect_navigation():
        page.locator("#entry button.primary").click()
    assert game_json(phone, latin)["totals"] == {"Ann & Cy": 66, "Bob & Dee": 25}

    custom = start(phone, "custom", ["Ann", "Bob"], **{"option-negative": "1"})
    expect(page.locator("button[data-sign]").first).to_be_hidden()
    page.fill('input[name="points-0"]', "-3")
    page.fill('input[name="points-1"]', "8")
    with page.expect_navigation():
        page.locator("#entry button.primary").click()
    assert game_json(phone, custom)["totals"] == {"Ann": -3, "Bob": 8}


def test_the_new_game_pages(phone: Phone) -> None:
    """Ten seats for a custom game, a name box, and the options in words."""
    for ruleset in ("custom", "mexican-train", "latin-partnership"):
        phone.go(f"/new/{ruleset}")
        assert_fits_a_phone(phone.page)
        assert not serious_accessibility_problems(phone.page)
        screenshot(phone.page, f"new-{ruleset}")
    phone.go("/new/custom")
    expect(phone.page.locator('input[name="player-10"]')).to_be_visible()
    expect(phone.page.locator('input[name="option-name"]')).to_have_value("House game")
