"""The end of a game, exactly (issue 12): through the API and through the pages' real forms.

Each test quotes the line of shared/SCORING.md (or API.md) it comes from. The pages are
driven as a phone drives them: the form is read from the page, CSRF token included.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from tests.conftest import Api

FOUR = ["Ann", "Bob", "Cy", "Dee"]

# --- the pages' forms, read as a browser reads them -------------------------------------


class HiddenFields(HTMLParser):
    """The hidden fields (CSRF token, version, one-time key) of each form on a page."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append((found.get("action", ""), {}))
        elif tag == "input" and found.get("type") == "hidden" and self.forms:
            self.forms[-1][1][found.get("name", "")] = found.get("value", "")


def form_on(client: FlaskClient, page: str, action: str) -> dict[str, str]:
    """The hidden fields of the form on `page` that posts to `action`."""
    response = client.get(page)
    assert response.status_code == 200, response.get_data(True)
    parser = HiddenFields()
    parser.feed(response.get_data(True))
    for found, fields in parser.forms:
        if (found.split("#")[0] or page.split("?")[0]) == action:  # no action: the page itself
            assert fields.get("csrf_token"), f"the form to {action} carries no CSRF token"
            return fields
    raise AssertionError(f"no form posting to {action} on {page}: {[f for f, _ in parser.forms]}")


def page_text(response: Any) -> str:
    """The page as a player reads it: tags dropped, entities decoded, spaces collapsed."""
    text = response.get_data(True)
    text = text.split("<body", 1)[-1]
    parser = TextOnly()
    parser.feed(text)
    return " ".join(" ".join(parser.parts).split())


class TextOnly(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template", "svg"):
            self.skipping += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template", "svg"):
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(html.unescape(data))


def new_game(client: FlaskClient, ruleset: str, players: list[str], **fields: str) -> str:
    """Start a game on the new-game page; this client then holds the scorer's right."""
    form = form_on(client, f"/new/{ruleset}", f"/new/{ruleset}")
    data = {**form, **{f"player-{i}": name for i, name in enumerate(players, start=1)}, **fields}
    response = client.post(f"/new/{ruleset}", data=data)
    assert response.status_code == 303, page_text(response)
    return urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]


def enter_hand(client: FlaskClient, game: str, fields: dict[str, Any]) -> Any:
    form = form_on(client, f"/games/{game}", f"/games/{game}/hands")
    return client.post(f"/games/{game}/hands", data=MultiDict({**form, **fields}))


def correct_hand(client: FlaskClient, game: str, number: int, fields: dict[str, Any]) -> Any:
    edit = f"/games/{game}/hands/{number}/edit"
    form = form_on(client, edit, f"/games/{game}/hands/{number}")
    return client.post(f"/games/{game}/hands/{number}", data=MultiDict({**form, **fields}))


def undo_last_hand(client: FlaskClient, game: str) -> Any:
    form = form_on(client, f"/games/{game}/undo", f"/games/{game}/undo")
    return client.post(f"/games/{game}/undo", data=form)


def game_json(client: FlaskClient, game: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/games/{game}").json  # type: ignore[assignment]
    return body


def db_bytes(database: Path) -> bytes:
    return database.read_bytes()


# --- Muggins: a side reaches the target mid-hand -----------------------------------------

# The hand: Bob 15, Ann 15, Bob 20 (35), Ann 25 (40: Ann reaches 40); then Bob plays
# another 10 and dominoes with Ann holding 14 (15 rounded).
REACHING_PLAYS = [
    {"player": "Bob", "ends": [5, "5-5"]},
    {"player": "Ann", "ends": ["5-5", 5]},
    {"player": "Bob", "ends": ["6-6", "4-4"]},
    {"player": "Ann", "ends": ["6-6", "4-4", 5]},
    {"player": "Bob", "ends": [5, 5]},
]
REACHING_HAND = {"plays": REACHING_PLAYS, "pips": {"Ann": 14, "Bob": 0}, "domino": "Bob"}


def test_muggins_plays_after_the_target_do_not_count(api: Api) -> None:
    """SCORING.md Muggins: "Plays after the one that reached the target, and the end-of-hand
    score, do not count: an entry may still hold them (the explanation says they came after
    the end)"."""
    game = api.create("muggins", ["Ann", "Bob"], options={"target": 40})
    written = api.hand(game["id"], REACHING_HAND)
    # Ann 15 + 25 = 40 reaches the target; Bob's 15 + 20 = 35 stands, his 10 and 15 do not.
    assert written["totals"] == {"Ann": 40, "Bob": 35}
    assert (written["status"], written["winners"]) == ("finished", ["Ann"])
    hand = api.game(game["id"])["hands"][0]
    assert hand["counted"] is True and hand["scores"] == {"Ann": 40, "Bob": 35}
    assert hand["entry"] == REACHING_HAND  # the entry still holds the plays after the end
    said = hand["explanation"][-1]
    assert "came after the end and does not count" in said and "Bob 10; then Bob 15" in said


def test_muggins_a_live_play_after_the_target_is_refused(api: Api, database: Path) -> None:
    """SCORING.md Muggins: "a live play posted after it is refused (409)"."""
    game = api.create("muggins", ["Ann", "Bob"], options={"target": 40})
    url = f"/api/games/{game['id']}/plays"
    for play in REACHING_PLAYS[:4]:
        assert api.client.post(url, json=play, headers=api.headers(game["id"])).status_code == 201
    reached = api.game(game["id"])
    assert (reached["status"], reached["totals"]) == ("finished", {"Ann": 40, "Bob": 35})
    before = db_bytes(database)
    late = api.client.post(url, json=REACHING_PLAYS[4], headers=api.headers(game["id"]))
    assert late.status_code == 409
    assert "over" in late.json["error"] and "Ann reached 40" in late.json["error"]
    assert db_bytes(database) == before
    assert api.game(game["id"])["totals"] == {"Ann": 40, "Bob": 35}


def test_muggins_pages_show_the_plays_after_the_end_as_not_counted(client: FlaskClient) -> None:
    """SCORING.md Muggins: an entry "may still hold them (the explanation says they came after
    the end)" — here through the scorer's page: a hand entered, then corrected with its plays."""
    game = new_game(client, "muggins", ["Ann", "Bob"], **{"option-target": "40"})
    entered = enter_hand(client, game, {"domino": "Bob", "pips-0": "14"})
    assert entered.status_code == 303, page_text(entered)
    rows: dict[str, Any] = {"domino": "Bob", "pips-0": "14", "plays": str(len(REACHING_PLAYS))}
    for row, play in enumerate(REACHING_PLAYS):
        rows[f"play-{row}-player"] = play["player"]
        rows[f"play-{row}-ends"] = " ".join(str(end) for end in play["ends"])
    corrected = correct_hand(client, game, 1, rows)
    assert corrected.status_code == 303, page_text(corrected)
    page = page_text(client.get(f"/games/{game}?hands=all"))
    assert "Ann reached 40 with 40 and won." in page
    assert "What was scored after that came after the end and does not count" in page
    assert game_json(client, game)["totals"] == {"Ann": 40, "Bob": 35}


def test_muggins_page_refuses_a_live_play_after_the_target(
    client: FlaskClient, database: Path
) -> None:
    """SCORING.md Muggins: "a live play posted after it is refused (409)" — the page's form."""
    game = new_game(client, "muggins", ["Ann", "Bob"], **{"option-target": "20"})
    for ends in (["5-5"], ["5", "5"]):  # Ann 10, then Ann 10 more: 20, the target
        form = form_on(client, f"/games/{game}", f"/games/{game}/plays")
        data = MultiDict([*form.items(), ("player", "Ann"), *(("end", e) for e in ends)])
        assert client.post(f"/games/{game}/plays", data=data).status_code == 303
    assert game_json(client, game)["status"] == "finished"
    scorer_page = page_text(client.get(f"/games/{game}"))
    assert "Game over" in scorer_page and "Tap the open ends" not in scorer_page
    # A second phone still showing the play form, at the game's current version.
    token = form_on(client, f"/games/{game}", f"/games/{game}/next")["csrf_token"]
    version = str(game_json(client, game)["version"])
    before = db_bytes(database)
    late = client.post(
        f"/games/{game}/plays",
        data=MultiDict(
            [("csrf_token", token), ("version", version), ("player", "Bob"), ("end", "5")]
        ),
    )
    assert late.status_code == 409
    assert "This game is over (Ann reached 20 with 20 and won)." in page_text(late)
    assert db_bytes(database) == before


# --- A correction that makes an earlier hand end the game ----------------------------------

ANN_10 = {"pips": {"Ann": 0, "Bob": 10}, "domino": "Ann"}
BOB_5 = {"pips": {"Ann": 5, "Bob": 0}, "domino": "Bob"}
ANN_5 = {"pips": {"Ann": 0, "Bob": 5}, "domino": "Ann"}
ANN_40 = {"pips": {"Ann": 0, "Bob": 40}, "domino": "Ann"}


def test_a_correction_that_ends_a_block_game_earlier(api: Api) -> None:
    """SCORING.md, common rules: "A game ends after the first hand at which its end condition
    holds. If a correction makes an earlier hand end the game, the hands after it stay in the
    record but no longer count: totals, status and winners are those at the end, each later
    hand is marked as played after the end (API: "counted": false)"."""
    game = api.create("block", ["Ann", "Bob"], options={"target": 30})
    for entry in (ANN_10, BOB_5, ANN_5):
        api.hand(game["id"], entry)
    fixed = api.client.put(
        f"/api/games/{game['id']}/hands/1", json=ANN_40, headers=api.headers(game["id"])
    )
    assert fixed.status_code == 200
    # Not 50 for Ann and "reached 30 with 50": the game ended at hand 1.
    assert fixed.json["totals"] == {"Ann": 40, "Bob": 0}
    assert fixed.json["result"] == "Ann reached 30 with 40 and won"
    shown = api.game(game["id"])
    assert (shown["status"], shown["winners"], shown["next"]) == ("finished", ["Ann"], None)
    assert [hand["counted"] for hand in shown["hands"]] == [True, False, False]
    assert [hand["entry"] for hand in shown["hands"]] == [ANN_40, BOB_5, ANN_5]
    assert [hand["totals"] for hand in shown["hands"]] == [{"Ann": 40, "Bob": 0}] * 3
    assert shown["hands"][1]["explanation"][-1] == (
        "Played after the end of the game: this hand does not count."
    )


def test_hands_after_the_end_can_be_undone_one_by_one(api: Api) -> None:
    """SCORING.md: "the page says so and offers to undo them"; API.md: DELETE undoes the last
    hand only — so, repeated, it takes back every hand after the end; the result stays."""
    game = api.create("block", ["Ann", "Bob"], options={"target": 30})
    for entry in (ANN_10, BOB_5, ANN_5):
        api.hand(game["id"], entry)
    headers = api.headers(game["id"])
    api.client.put(f"/api/games/{game['id']}/hands/1", json=ANN_40, headers=headers)
    for number in (3, 2):
        undone = api.client.delete(f"/api/games/{game['id']}/hands/{number}", headers=headers)
        assert undone.status_code == 200
        assert (undone.json["status"], undone.json["totals"]) == (
            "finished",
            {"Ann": 40, "Bob": 0},
        )
    assert [hand["counted"] for hand in api.game(game["id"])["hands"]] == [True]


def test_a_correction_can_reopen_a_game(api: Api) -> None:
    """SCORING.md: "A correction can equally reopen a game" — the later hands count again."""
    game = api.create("block", ["Ann", "Bob"], options={"target": 30})
    for entry in (ANN_10, BOB_5, ANN_5):
        api.hand(game["id"], entry)
    headers = api.headers(game["id"])
    api.client.put(f"/api/games/{game['id']}/hands/1", json=ANN_40, headers=headers)
    back = api.client.put(f"/api/games/{game['id']}/hands/1", json=ANN_10, headers=headers)
    assert (back.json["status"], back.json["totals"]) == ("in_progress", {"Ann": 15, "Bob": 5})
    assert all(hand["counted"] for hand in api.game(game["id"])["hands"])
    assert api.hand(game["id"], ANN_5)["hand"]["number"] == 4


def moon_hand(bidder: str, bid: int, ann: int, bob: int, cy: int) -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "tricks": {"Ann": ann, "Bob": bob, "Cy": cy}}


def test_moon_a_tie_plays_on_until_a_correction_breaks_it(api: Api) -> None:
    """SCORING.md Moon: "if several reach it on the same hand, the highest total wins; a tie for
    highest plays on" — and a game ends after the first hand at which that holds."""
    game = api.create("moon", ["Ann", "Bob", "Cy"], options={"target": 10})
    api.hand(game["id"], moon_hand("Ann", 5, 5, 2, 0))  # Ann 5, Bob 2
    api.hand(game["id"], moon_hand("Bob", 6, 1, 6, 0))  # Ann 6, Bob 8
    tied = api.hand(game["id"], moon_hand("Ann", 4, 5, 2, 0))  # Ann 10, Bob 10: a tie plays on
    assert (tied["status"], tied["totals"]["Ann"], tied["totals"]["Bob"]) == ("in_progress", 10, 10)
    assert "tied for the lead at 10" in tied["result"]
    ended = api.hand(game["id"], moon_hand("Ann", 4, 4, 3, 0))  # Ann 14, Bob 13
    assert (ended["status"], ended["winners"]) == ("finished", ["Ann"])
    # Hand 3 corrected: Ann took 5 on a bid of 5, so she led alone at 11 to 10 after hand 3.
    fixed = api.client.put(
        f"/api/games/{game['id']}/hands/3",
        json=moon_hand("Ann", 5, 5, 2, 0),
        headers=api.headers(game["id"]),
    ).json
    assert (fixed["status"], fixed["winners"]) == ("finished", ["Ann"])
    assert fixed["totals"] == {"Ann": 11, "Bob": 10, "Cy": 0}
    assert [hand["counted"] for hand in api.game(game["id"])["hands"]] == [True] * 3 + [False]


def eighty_hand(bidder: str, us: tuple[int, int], them: tuple[int, int]) -> dict[str, Any]:
    """A bid of 50: tricks and count per team."""
    return {
        "bidder": bidder,
        "bid": 50,
        "tricks": {"Us": us[0], "Them": them[0]},
        "count": {"Us": us[1], "Them": them[1]},
    }


def test_eighty_bidders_win_at_the_hand_a_correction_makes_the_end(api: Api) -> None:
    """SCORING.md Eighty: "if both reach it on the same hand, the bidding team of that hand
    wins" — at the first hand where both do, even when a later hand was entered."""
    game = api.create("eighty", FOUR, team_names=["Us", "Them"], options={"target": 100})
    api.hand(game["id"], eighty_hand("Bob", (4, 10), (6, 50)))  # Us 18, Them 62
    api.hand(game["id"], eighty_hand("Ann", (5, 40), (5, 20)))  # Us 68, Them 92
    api.hand(game["id"], {"all_passed": True})
    api.hand(game["id"], {"all_passed": True})
    # Hand 3 was Ann's 50, made: Us 118 and Them 122 both reach 100; the bidders, Us, win.
    fixed = api.client.put(
        f"/api/games/{game['id']}/hands/3",
        json=eighty_hand("Ann", (5, 40), (5, 20)),
        headers=api.headers(game["id"]),
    ).json
    assert (fixed["status"], fixed["winners"]) == ("finished", ["Us"])
    assert fixed["totals"] == {"Us": 118, "Them": 122}
    assert fixed["result"] == "Both teams reached 100 on hand 3: the bidders, Us, won"
    assert [hand["counted"] for hand in api.game(game["id"])["hands"]] == [True] * 3 + [False]


def test_black_tile_target_ends_at_the_corrected_hand(api: Api) -> None:
    """SCORING.md Black Tile: "option target — the game ends after the hand in which anybody
    reaches it" — a moon corrected into hand 1 ends it there (others 22 each)."""
    game = api.create("black-tile-11", ["Ann", "Bob", "Cy"], options={"target": 20})
    spread = {"points": {"Ann": 3, "Bob": 6, "Cy": 2}}
    for _ in range(2):
        api.hand(game["id"], spread)
    moon = {"points": {"Ann": 11, "Bob": 0, "Cy": 0}}
    fixed = api.client.put(
        f"/api/games/{game['id']}/hands/1", json=moon, headers=api.headers(game["id"])
    ).json
    assert fixed["totals"] == {"Ann": 0, "Bob": 22, "Cy": 22}
    assert (fixed["status"], fixed["winners"]) == ("finished", ["Ann"])
    assert [hand["counted"] for hand in api.game(game["id"])["hands"]] == [True, False]


def test_black_tile_fixed_hands_end_at_that_hand(api: Api) -> None:
    """SCORING.md Black Tile: "option hands — a fixed number of hands": the game ends after
    exactly that many, counting every one of them, and takes no more."""
    game = api.create("black-tile-11", ["Ann", "Bob", "Cy"], options={"hands": 3})
    spread = {"points": {"Ann": 3, "Bob": 6, "Cy": 2}}
    for _ in range(3):
        api.hand(game["id"], spread)
    shown = api.game(game["id"])
    assert shown["status"] == "finished" and shown["winners"] == ["Cy"]
    assert [hand["counted"] for hand in shown["hands"]] == [True] * 3
    assert api.post_hand(game["id"], spread).status_code == 409


def test_the_pages_say_which_hands_came_after_the_end_and_offer_to_undo_them(
    client: FlaskClient, app: Any
) -> None:
    """SCORING.md: "each later hand is marked as played after the end ..., and the page says
    so and offers to undo them" — the scorer's page (real forms, CSRF) and the watch page."""
    game = new_game(client, "block", ["Ann", "Bob"], **{"option-target": "30"})
    for fields in (
        {"domino": "Ann", "pips-1": "10"},
        {"domino": "Bob", "pips-0": "5"},
        {"domino": "Ann", "pips-1": "5"},
    ):
        assert enter_hand(client, game, fields).status_code == 303
    fixed = correct_hand(client, game, 1, {"domino": "Ann", "pips-1": "40"})
    assert fixed.status_code == 303, page_text(fixed)

    scorer = page_text(client.get(f"/games/{game}"))
    assert "Ann reached 30 with 40 and won." in scorer
    assert "Hands 2 and 3 were played after the end of the game: they do not count." in scorer
    assert "Undo hand 3" in scorer and scorer.count("Not counted") == 2
    watcher = app.test_client()
    watched = page_text(watcher.get(f"/games/{game}"))
    assert "Hands 2 and 3 were played after the end of the game: they do not count." in watched
    assert watched.count("Not counted") == 2 and "Undo hand" not in watched

    confirm = page_text(client.get(f"/games/{game}/undo"))
    assert "It was played after the end of the game, so the totals stay as they are." in confirm
    assert undo_last_hand(client, game).status_code == 303
    scorer = page_text(client.get(f"/games/{game}"))
    assert "Hand 2 was played after the end of the game: it does not count." in scorer
    assert "Undo hand 2" in scorer
    assert undo_last_hand(client, game).status_code == 303
    scorer = page_text(client.get(f"/games/{game}"))
    assert "after the end" not in scorer and "Not counted" not in scorer
    assert "Ann reached 30 with 40 and won." in scorer and "Game over" in scorer


# --- The muggins-call checker ----------------------------------------------------------------


def test_checker_takes_the_set(client: FlaskClient) -> None:
    """SCORING.md Muggins: "The muggins-call checker takes the set (double-six by default,
    double-nine) and 1 to 4 open ends. It says the count and what it scores"."""
    nine = client.post("/api/muggins/check", json={"set": "double-nine", "ends": [9, "9-9", 3]})
    assert nine.status_code == 200
    assert (nine.json["count"], nine.json["points"]) == (30, 30)
    six = client.post("/api/muggins/check", json={"ends": [9, "9-9", 3]})
    assert six.status_code == 422 and "cannot be more than 6" in six.json["error"]
    odd = client.post("/api/muggins/check", json={"set": "double-twelve", "ends": [5, 5]})
    assert odd.status_code == 422
    assert odd.json["error"] == "Set must be one of: double-six, double-nine"


def test_checker_says_nothing_of_muggins_without_a_claim(client: FlaskClient) -> None:
    """SCORING.md Muggins: "only when a claim is given does it say whether a muggins call
    stands (a claim below what the play scores)"; API.md: "only with a claim does the answer
    carry "muggins": true|false"."""
    bare = client.post("/api/muggins/check", json={"ends": [5, "5-5"]}).json
    assert bare["points"] == 15 and "muggins" not in bare and "claimed" not in bare
    assert bare["explanation"] == "The ends count 15: it scores 15."
    for claimed, stands in ((0, True), (10, True), (15, False), (20, False)):
        said = client.post("/api/muggins/check", json={"ends": [5, "5-5"], "claimed": claimed})
        assert said.json["muggins"] is stands, claimed
    blank = client.post("/api/muggins/check", json={"ends": [5, "5-5"], "claimed": None}).json
    assert "muggins" not in blank


def test_checker_page_takes_the_set_and_a_blank_claim_is_no_claim(client: FlaskClient) -> None:
    """SCORING.md Muggins: the checker "takes the set (... double-nine)" — on the checker page
    too — and with the claim left blank it must not say "Claimed 0: muggins!"."""
    page = client.get("/muggins?set=double-nine&end=9&end=9-9&end=3&claimed=")
    text = page_text(page)
    assert page.status_code == 200
    assert "Count 30" in text and "Scores 30" in text
    assert "muggins" not in text.split("Scores 30", 1)[1].lower()
    assert '<option value="double-nine" selected>' in page.get_data(True)
    # The second end, 9-9, chosen among the crosswise doubles of the double-nine set.
    crosswise = page.get_data(True).split('<optgroup label="Crosswise doubles">')[2]
    assert "<option selected>9-9</option>" in crosswise.split("</optgroup>", 1)[0]
    stands = page_text(client.get("/muggins?set=double-nine&end=9&end=9-9&end=3&claimed=25"))
    assert "Muggins stands" in stands and "Claimed 25: muggins! The caller takes 30." in stands
    right = page_text(client.get("/muggins?set=double-nine&end=9&end=9-9&end=3&claimed=30"))
    assert "No muggins" in right and "Muggins stands" not in right
    six = client.get("/muggins?end=9&end=9-9&end=3")
    assert "An open end cannot be more than 6" in page_text(six)
    assert '<option value="9-9">' not in six.get_data(True)


# --- Eighty: count only with tricks, 40 to 60 in all, at most two count tiles missing --------


def eighty_entry(**fields: Any) -> dict[str, Any]:
    return {"bidder": "Ann", "bid": 60, **fields}


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (
            eighty_entry(tricks={"Us": 10, "Them": 0}, count={"Us": 40, "Them": 10}),
            "Them took no trick, so Them took no count tiles: its count is 0, not 10",
        ),
        (
            eighty_entry(tricks={"Us": 6, "Them": 4}, count={"Us": 20, "Them": 15}),
            "the counts add up to 35, but at least 40 count is always taken",
        ),
        (
            eighty_entry(tricks={"Us": 6, "Them": 4}, count={"Us": 40, "Them": 25}),
            "the counts add up to 65, but there are only 60 count points",
        ),
        (
            eighty_entry(
                tricks={"Us": 6, "Them": 4},
                count_tiles={"Us": ["5-5", "5-5", "4-6"], "Them": ["1-4", "1-4"]},
            ),
            "are not accounted for: only 2 tiles are not played",
        ),
    ],
)
def test_eighty_count_that_cannot_happen_is_refused(
    api: Api, database: Path, entry: dict[str, Any], words: str
) -> None:
    """SCORING.md Eighty: "Count can only be taken with tricks: a team with no trick has 0
    count. The two teams' counts add up to 60 less the count tiles among the 2 unused tiles
    (so 40 to 60); with count_tiles, the count tiles not listed are the unused ones, so at
    most two may be missing." Refusals are a 422 sentence that changes nothing."""
    game = api.create("eighty", FOUR, team_names=["Us", "Them"])
    before = db_bytes(database)
    refused = api.post_hand(game["id"], entry)
    assert refused.status_code == 422
    assert words.casefold() in refused.json["error"].casefold()
    assert db_bytes(database) == before


def test_eighty_forty_to_sixty_in_all_is_accepted(api: Api) -> None:
    """SCORING.md Eighty: "(so 40 to 60)" — both ends of the range, and two count tiles unused."""
    game = api.create("eighty", FOUR, team_names=["Us", "Them"])
    for count in ({"Us": 30, "Them": 10}, {"Us": 40, "Them": 20}):
        api.hand(game["id"], eighty_entry(tricks={"Us": 6, "Them": 4}, count=count))
    two_unused = {"Us": ["5-5", "5-5", "4-6"], "Them": ["1-4", "1-4", "2-3"]}
    api.hand(game["id"], eighty_entry(tricks={"Us": 6, "Them": 4}, count_tiles=two_unused))


def test_eighty_page_refuses_count_without_tricks(client: FlaskClient, database: Path) -> None:
    """SCORING.md Eighty: "a team with no trick has 0 count" — the scorer's page says so
    next to the count and keeps what was typed."""
    game = new_game(client, "eighty", FOUR, team_1="Us", team_2="Them")
    before = db_bytes(database)
    fields = {"bidder": "Ann", "bid": "60", "tricks-0": "10", "tricks-1": "0"}
    refused = enter_hand(client, game, {**fields, "count-0": "40", "count-1": "10"})
    assert refused.status_code == 422
    assert "Them took no trick, so Them took no count tiles" in page_text(refused)
    assert db_bytes(database) == before
    six_four = {"tricks-0": "6", "tricks-1": "4", "count-0": "20", "count-1": "15"}
    short = enter_hand(client, game, {**fields, **six_four})
    assert short.status_code == 422 and "at least 40 count" in page_text(short)
    assert game_json(client, game)["hands"] == []


# --- A field the game's options do not allow is an input error, in every ruleset --------------


@pytest.mark.parametrize(
    ("ruleset", "players", "options", "entry", "words"),
    [
        (
            "black-tile-11",
            ["Ann", "Bob", "Cy"],
            {"widow_to_first_trick": True},
            {"points": {"Ann": 3, "Bob": 6, "Cy": 2}, "widow": "4-4"},
            "widow",
        ),
        (
            "black-tile-21",
            ["Ann", "Bob", "Cy"],
            {"widow_to_first_trick": True},
            {"points": {"Ann": 10, "Bob": 6, "Cy": 5}, "widow": "4-4"},
            "widow",
        ),
        (
            "block",
            ["Ann", "Bob"],
            {},
            {"pips": {"Ann": 0, "Bob": 5}, "domino": "Ann", "with_double": True},
            "doubling for with double is not in force in this game",
        ),
        (
            "draw",
            ["Ann", "Bob"],
            {},
            {"pips": {"Ann": 0, "Bob": 5}, "domino": "Ann", "either_end": True},
            "doubling for either end is not in force in this game",
        ),
        (
            "muggins",
            ["Ann", "Bob"],
            {},
            {"plays": [{"player": "Ann", "ends": [9, 1]}], "pips": {"Ann": 0, "Bob": 5}},
            "an open end cannot be more than 6",
        ),
        (
            "eighty",
            ["Ann", "Bob", "Cy", "Dee"],
            {"nel_o": False},
            {"bidder": "Ann", "bid": "nel-o", "tricks": {"Us": 0, "Them": 10}},
            "Nel-O is not played in this game",
        ),
        (
            "moon",
            ["Ann", "Bob", "Cy"],
            {},
            {"bidder": "Ann", "bid": 3, "tricks": {"Ann": 3, "Bob": 2, "Cy": 2}},
            "3 is not a bid with 3 players",
        ),
    ],
)
def test_a_field_the_options_do_not_allow_is_refused(
    api: Api,
    database: Path,
    ruleset: str,
    players: list[str],
    options: dict[str, Any],
    entry: dict[str, Any],
    words: str,
) -> None:
    """SCORING.md, common rules: "A flag or entry field that the game's options do not allow (a
    British doubling flag with the option off, a widow with 4 players, a Nel-O bid with nel_o
    off) is an input error, not silently ignored." (Muggins: an end beyond the set in force;
    Moon, which has no such option: a bid only the other table size allows.)"""
    teams = {"team_names": ["Us", "Them"]} if ruleset == "eighty" else {}
    game = api.create(ruleset, players, options=options, **teams)
    before = db_bytes(database)
    refused = api.post_hand(game["id"], entry)
    assert refused.status_code == 422, refused.json
    assert words.casefold() in refused.json["error"].casefold()
    assert db_bytes(database) == before


@pytest.mark.parametrize(
    ("ruleset", "players", "fields", "words"),
    [
        (
            "block",
            ["Ann", "Bob"],
            {"domino": "Ann", "pips-1": "5", "with_double": "1"},
            "Doubling for with double is not in force in this game",
        ),
        (
            "eighty",
            ["Ann", "Bob", "Cy", "Dee"],
            {"bidder": "Ann", "bid": "nel-o", "tricks-0": "0", "tricks-1": "10"},
            "Nel-O is not played in this game",
        ),
    ],
)
def test_a_page_posting_a_field_the_options_do_not_allow_is_refused(
    client: FlaskClient, database: Path, ruleset: str, players: list[str], fields: Any, words: str
) -> None:
    """SCORING.md: "... is an input error, not silently ignored" — a page form posting a box
    its game does not show (doubling off; Nel-O off) is refused with the sentence."""
    extra = {"team_1": "Us", "team_2": "Them"} if ruleset == "eighty" else {}
    game = new_game(client, ruleset, players, **extra)
    assert game_json(client, game)["options"].get("nel_o", False) is False
    before = db_bytes(database)
    refused = enter_hand(client, game, fields)
    assert refused.status_code == 422
    assert words in page_text(refused)
    assert db_bytes(database) == before


# --- A number with 5,000 digits is refused with a sentence, never a 500 -----------------------

HUGE = "9" * 5000


def test_a_five_thousand_digit_number_is_refused_with_a_sentence(
    client: FlaskClient, api: Api
) -> None:
    """Brief: "Bad input of any shape gets a clear sentence and changes nothing — never a 500"
    (Python will not read more than 4,300 digits as a number)."""
    game = new_game(client, "muggins", ["Ann", "Bob"])
    page = enter_hand(client, game, {"domino": "Ann", "pips-1": HUGE})
    assert page.status_code == 422 and "far too large: 5000 digits" in page_text(page)
    for query in (f"end=5&end=5&claimed={HUGE}", f"end={HUGE}&end=5"):
        checked = client.get(f"/muggins?{query}")
        assert checked.status_code == 200 and "flash-error" in checked.get_data(True)
    form = form_on(client, "/new/block", "/new/block")
    option = client.post(
        "/new/block", data={**form, "player-1": "Ann", "player-2": "Bob", "option-target": HUGE}
    )
    assert option.status_code == 422 and "Points to win must be a whole number" in page_text(option)
    body = '{"ends": [5, 5], "claimed": ' + HUGE + "}"
    answer = client.post("/api/muggins/check", data=body, content_type="application/json")
    assert answer.status_code == 422 and "far too long" in answer.json["error"]
    created = api.create("block", ["Ann", "Bob"])
    late = api.client.post(
        f"/api/games/{created['id']}/hands",
        data='{"pips": {"Ann": 0, "Bob": ' + HUGE + '}, "domino": "Ann"}',
        content_type="application/json",
        headers=api.headers(created["id"], **{"If-Match": HUGE}),
    )
    assert late.status_code in (400, 422) and late.json["error"]
    assert api.game(created["id"])["hands"] == []
    assert game_json(client, game)["hands"] == []
