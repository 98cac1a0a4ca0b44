"""The phone pages through the test client: forms, one-time keys, refusals that keep what was typed."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

pytestmark = pytest.mark.usefixtures("plain_forms")  # tests/conftest.py


def start(client: FlaskClient, ruleset: str, players: list[str], **fields: str) -> str:
    data = {f"player-{i}": name for i, name in enumerate(players, start=1)} | fields
    response = client.post(f"/new/{ruleset}", data=data)
    assert response.status_code == 303, response.get_data(True)
    return urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]


def hands(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    return client.get(f"/api/games/{game_id}").json["hands"]  # type: ignore[index]


def errors(response: Any) -> list[str]:
    return re.findall(r'class="field-error"[^>]*>([^<]*)<', response.get_data(True))


def test_a_double_tap_records_one_hand(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob"])
    form = {"domino": "Ann", "pips-1": "12", "version": "1", "key": "one-time"}
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert len(hands(client, game)) == 1


def test_forms_without_a_key_are_each_recorded(client: FlaskClient) -> None:
    """A form posted without its one-time key is still one hand each, never silently merged."""
    game = start(client, "block", ["Ann", "Bob"])
    client.post(f"/games/{game}/hands", data={"domino": "Ann", "pips-1": "12"})
    client.post(f"/games/{game}/hands", data={"domino": "Bob", "pips-0": "5"})
    assert [h["scores"] for h in hands(client, game)] == [
        {"Ann": 12, "Bob": 0},
        {"Ann": 0, "Bob": 5},
    ]


def test_a_refused_hand_keeps_what_was_typed_and_says_why(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob", "Cy"])
    response = client.post(
        f"/games/{game}/hands",
        data={"domino": "Cy", "pips-0": "3", "pips-1": "6", "pips-2": "4", "key": "k"},
    )
    assert response.status_code == 422
    assert errors(response) == ["Cy dominoed, so Cy has 0 pips left, not 4"]
    page = response.get_data(True)
    assert 'name="pips-0" value="3"' in page and 'name="pips-2" value="4"' in page
    assert hands(client, game) == []


def test_picked_tiles_and_typed_pips_are_not_mixed(client: FlaskClient) -> None:
    game = start(client, "block", ["Ann", "Bob", "Cy"])
    response = client.post(
        f"/games/{game}/hands", data={"domino": "Ann", "tiles-1": "6-6", "pips-2": "7", "key": "k"}
    )
    assert response.status_code == 422
    assert "pick Cy's tiles too" in errors(response)[0].replace("&#39;", "'")
    assert hands(client, game) == []


def test_names_with_html_show_as_text(client: FlaskClient) -> None:
    game = start(client, "block", ["<script>x</script>", "Bob"])
    page = client.get(f"/games/{game}").get_data(True)
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_new_game_refusal_names_the_problem(client: FlaskClient) -> None:
    response = client.post("/new/block", data={"player-1": "Ann", "player-2": "ann"})
    assert response.status_code == 422
    assert "named twice" in response.get_data(True)


def test_house_rules_on_the_form_become_the_games_options(client: FlaskClient) -> None:
    game = start(
        client, "draw", ["Ann", "Bob"], **{"option-target": "150", "option-scoring": "difference"}
    )
    options = client.get(f"/api/games/{game}").json["options"]  # type: ignore[index]
    assert options["target"] == 150 and options["scoring"] == "difference"


def test_a_play_that_ends_the_game_can_still_be_undone(client: FlaskClient) -> None:
    game = start(client, "muggins", ["Ann", "Bob"], **{"option-target": "20"})
    version = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    for ends in (["5-5"], ["5-5", "5", "5"]):
        data = MultiDict(
            [("player", "Ann"), ("version", str(version)), *(("end", e) for e in ends)]
        )
        assert client.post(f"/games/{game}/plays", data=data).status_code == 303
        version = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    shown = client.get(f"/api/games/{game}").json
    assert shown["status"] == "finished", shown
    page = client.get(f"/games/{game}").get_data(True)
    assert "Undo play 2" in page
    client.post(f"/games/{game}/plays/undo", data={"version": str(version)})
    assert client.get(f"/api/games/{game}").json["status"] == "in_progress"  # type: ignore[index]


def test_a_game_started_on_a_page_can_join_a_league_this_phone_manages(client: FlaskClient) -> None:
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    assert client.get("/new/block").get_data(True).count('name="league"') == 0
    client.get(f"/leagues/{league['slug']}/admin/{league['league_token']}")
    assert "Thursday Club" in client.get("/new/block").get_data(True)
    game = start(client, "block", ["Ann", "Bob"], league=league["slug"])
    assert client.get(f"/api/games/{game}").json["league"] == league["slug"]  # type: ignore[index]


def test_a_league_this_phone_does_not_manage_is_refused(client: FlaskClient) -> None:
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json
    assert league is not None
    response = client.post(
        "/new/block", data={"player-1": "Ann", "player-2": "Bob", "league": league["slug"]}
    )
    assert response.status_code == 403
    assert "league" in response.get_data(True)


def test_a_long_game_is_one_sheet_with_the_running_total_after_every_hand(
    client: FlaskClient,
) -> None:
    """A paper score sheet: a row per hand, each side's points and its total after the hand."""
    game = start(client, "block", ["Ann", "Bob"], **{"option-target": "1000"})
    assert client.get(f"/api/games/{game}").json["options"]["target"] == 1000  # type: ignore[index]
    for n in range(1, 31):
        form = {"domino": "Ann", "pips-1": str(n), "version": str(n)}
        assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert client.get(f"/api/games/{game}").json["status"] == "in_progress"  # type: ignore[index]

    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert [int(n) for n in re.findall(r'<tbody class="sheet-hand" id="hand-(\d+)"', page)] == list(
        range(1, 31)
    )
    for n in (1, 2, 17, 30):  # Ann scores Bob's n pips in hand n: 1 + 2 + … + n after it
        row = page[page.index(f'id="hand-{n}"') : page.index("</tr>", page.index(f'id="hand-{n}"'))]
        cells = re.findall(r"<td><small>([^<]*)</small> <b>(\d+)</b></td>", row)
        assert cells == [(f"+{n}", str(n * (n + 1) // 2)), ("0", "0")], (n, cells)
    hand_30 = page[page.index('id="hand-30"') :]
    assert "<li>Ann dominoed" in hand_30  # the newest hands come with their explanations
    assert page.count("<li>Ann dominoed") == 10, "the page stays small however long the game"
    older = re.search(
        r'id="hand-20">\s*<tr>\s*<th scope="row"><a class="sheet-open" href="([^"]+)"', page
    )
    assert older is not None and older.group(1).endswith("?hands=all#hand-20")
    everything = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert everything.count("<li>Ann dominoed") == 30
    assert re.search(r'data-side="Ann"><span class="points">465<', page)  # the totals at the foot


def explained(page: str) -> list[int]:
    """The hands whose explanations a game page carries, newest first."""
    return [
        int(n)
        for n in re.findall(
            r'<tr class="sheet-why"><td colspan="\d+"><div class="why">\s*'
            r"<p><strong>Hand (\d+)</strong>",
            page,
        )
    ][::-1]


def test_a_watcher_sees_the_newest_hands_explained_and_the_rest_on_request(app: Flask) -> None:
    """The watch page, like the scorer's, explains the newest 10 hands; its live board too."""
    scorer = app.test_client()
    game = start(scorer, "block", ["Ann", "Bob"], **{"option-target": "1000"})
    for n in range(1, 13):
        form = {"domino": "Ann", "pips-1": str(n), "version": str(n)}
        assert scorer.post(f"/games/{game}/hands", data=form).status_code == 303

    watcher = app.test_client()
    page = watcher.get(f"/games/{game}").get_data(as_text=True)
    rows = [int(n) for n in re.findall(r'<tbody class="sheet-hand" id="hand-(\d+)"', page)]
    assert rows == list(range(1, 13))  # every hand's row stays on the sheet
    assert explained(page) == list(range(12, 2, -1))
    board = watcher.get(f"/games/{game}/board").get_data(as_text=True)
    assert explained(board) == list(range(12, 2, -1))
    older = re.search(
        r'id="hand-2">\s*<tr>\s*<th scope="row"><a class="sheet-open" href="([^"]+)"', page
    )
    assert older is not None and older.group(1).endswith("?hands=all#hand-2")

    everything = watcher.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert explained(everything) == list(range(12, 0, -1))
    # The board it keeps up to date by itself keeps explaining every hand.
    polled = re.search(r'data-board-url="([^"]+)"', everything)
    assert polled is not None
    all_board = watcher.get(polled.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert explained(all_board) == list(range(12, 0, -1))


def test_a_stale_form_sent_again_after_its_hand_was_undone_saves_nothing(
    client: FlaskClient,
) -> None:
    """Back to the form, Save again: the hand it saved was undone, and it stays undone."""
    game = start(client, "block", ["Ann", "Bob"])
    form = {"domino": "Ann", "pips-1": "12", "version": "1", "key": "one-time"}
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303
    assert client.post(f"/games/{game}/undo", data={"number": "1"}).status_code == 303
    again = client.post(f"/games/{game}/hands", data=form)
    assert again.status_code == 409 and "undone since" in again.get_data(True)
    assert hands(client, game) == []


FOUR = ["Ann", "Bob", "Cy", "Dee"]
# Half a hand in each seed game, as its page posts it: nothing the rules could score.
HALF_HANDS: dict[str, dict[str, str]] = {
    "block": {"domino": "Ann"},  # nobody's pips
    "draw": {"pips-0": "5", "pips-1": "3", "pips-2": "7", "pips-3": "9"},  # who went out?
    "muggins": {"domino": "blocked", "pips-0": "5"},  # a blank is not 0
    "black-tile-11": {"points-0": "4", "points-1": "2"},  # two boxes left blank
    "black-tile-21": {"tile-0-0": "1", "tile-0-5": "2"},
    "eighty": {"bidder": "Bob", "bid": "60"},
    "moon": {"bidder": "Bob", "bid": "4"},
}


@pytest.mark.parametrize("ruleset", sorted(HALF_HANDS))
def test_an_empty_or_half_hand_is_refused_by_the_form_and_nothing_is_recorded(
    client: FlaskClient, ruleset: str
) -> None:
    game = start(client, ruleset, FOUR)
    for form in ({}, HALF_HANDS[ruleset]):
        response = client.post(f"/games/{game}/hands", data={**form, "key": "k"})
        assert response.status_code == 422, (form, response.status_code)
        page = response.get_data(True)
        assert errors(response) or 'class="flash flash-error"' in page, form
        assert hands(client, game) == []


def test_blank_pips_are_asked_for_by_name_and_only_the_one_out_may_be_blank(
    client: FlaskClient,
) -> None:
    game = start(client, "block", ["Ann", "Bob", "Cy"])
    blocked = client.post(f"/games/{game}/hands", data={"domino": "blocked", "pips-0": "4"})
    assert errors(blocked) == ["Type the pips left in Bob and Cy&#39;s hands (0 if none)"]
    unchosen = client.post(f"/games/{game}/hands", data={"pips-0": "4", "pips-1": "2"})
    assert errors(unchosen) == ["Tap who went out, or “Nobody: blocked”"]
    assert hands(client, game) == []
    went_out = client.post(
        f"/games/{game}/hands", data={"domino": "Ann", "pips-1": "4", "pips-2": "2"}
    )
    assert went_out.status_code == 303  # Ann's own box is the one the rules fill: 0
    assert [h["scores"] for h in hands(client, game)] == [{"Ann": 6, "Bob": 0, "Cy": 0}]


def test_refusals_name_fields_as_the_form_labels_them(client: FlaskClient) -> None:
    response = client.post(
        "/new/block", data={"player-1": "Ann", "player-2": "Bob", "option-target": "0"}
    )
    assert response.status_code == 422
    assert "Points to win must be at least 1" in response.get_data(True)
    nobody = client.post("/new/block", data={})
    assert nobody.status_code == 422
    assert "Type the players&#39; names, in seat order" in nobody.get_data(True)


def test_a_form_from_a_page_loaded_before_another_phones_hand_is_refused(
    client: FlaskClient,
) -> None:
    """A hand or a correction entered on a page that is out of date is refused with a
    sentence and changes nothing; the phone sees the game as it is now."""
    game = start(client, "block", ["Ann", "Bob"])
    loaded = client.get(f"/api/games/{game}").json["version"]  # type: ignore[index]
    first = {"domino": "Ann", "pips-1": "12", "version": str(loaded)}
    assert client.post(f"/games/{game}/hands", data=first).status_code == 303
    before = hands(client, game)

    stale_hand = {"domino": "Bob", "pips-0": "9", "version": str(loaded)}
    refused = client.post(f"/games/{game}/hands", data=stale_hand)
    assert refused.status_code == 409
    assert "changed on another phone" in refused.get_data(True)
    stale_fix = {"domino": "Ann", "pips-1": "30", "version": str(loaded)}
    refused = client.post(f"/games/{game}/hands/1", data=stale_fix)
    assert refused.status_code == 409
    assert "changed on another phone" in refused.get_data(True)
    assert hands(client, game) == before


def test_a_scorer_page_comes_without_the_templates_indentation(client: FlaskClient) -> None:
    """Phones get no runs of blanks (web/unindent.py); what the page says is unchanged."""
    game = start(client, "muggins", ["Ann", "María José"])
    form = {"domino": "Ann", "pips-1": "13", "version": "1"}
    assert client.post(f"/games/{game}/hands", data=form).status_code == 303

    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert re.search(r"\n[ \t]{2,}", page) is None
    assert re.search(r">[ \t]{2,}<", page) is None
    assert '<th scope="col" class="side-name">María José</th>' in page
    assert "<li>Ann dominoed: María José 13, rounded to 15: Ann scores 15 points.</li>" in page
    assert '<h2 id="entry-title">Hand 2</h2>' in page


@pytest.mark.parametrize(("domino_set", "highest"), [("double-six", 6), ("double-nine", 9)])
def test_a_scorer_page_carries_the_pips_of_its_own_set(
    client: FlaskClient, domino_set: str, highest: int
) -> None:
    """Every half of the set in play can be drawn (the tile picker's too), and no other."""
    game = start(client, "block", ["Ann", "Bob"], **{"option-set": domino_set})
    page = client.get(f"/games/{game}").get_data(as_text=True)

    drawn = [int(n) for n in re.findall(r'<symbol id="pips-(\d+)"', page)]
    assert drawn == list(range(highest + 1))
    assert f'data-highest="{highest}"' in page  # the picker's tiles, drawn by tiles.js
