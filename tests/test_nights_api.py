"""A club night through the API (CLUB_NIGHT.md): check-in, rounds, scoring at each table with
its own scorer token, time called, the night's standings, and the league counting it all.

The standings are worked out here by hand from the hands each table enters, not by the
code under test.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import store

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "María José"]


class Organiser:
    """The organiser's script: the league token on every write."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        created = client.post("/api/leagues", json={"name": "Thursday Club"})
        assert created.status_code == 201
        self.slug = created.json["slug"]  # type: ignore[index]
        self.headers = {"X-League-Token": created.json["league_token"]}  # type: ignore[index]

    def url(self, path: str = "") -> str:
        return f"/api/leagues/{self.slug}/nights{path}"

    def post(self, path: str, body: Any = None, **headers: str) -> Any:
        return self.client.post(self.url(path), json=body, headers={**self.headers, **headers})

    def night(self, number: int = 1) -> dict[str, Any]:
        response = self.client.get(self.url(f"/{number}"))
        assert response.status_code == 200
        body: dict[str, Any] = response.json  # type: ignore[assignment]
        return body

    def open(self, **settings: Any) -> int:
        response = self.post("", {"ruleset": "moon", **settings})
        assert response.status_code == 201, response.json
        return int(response.json["number"])

    def seat(self, number: int, round_number: int) -> dict[str, Any]:
        response = self.post(f"/{number}/rounds", {"round": round_number})
        assert response.status_code == 201, response.json
        body: dict[str, Any] = response.json
        return body


@pytest.fixture
def organiser(client: FlaskClient) -> Organiser:
    return Organiser(client)


def moon_hand(
    client: FlaskClient, table: dict[str, Any], bidder_seat: int, bid: int, took: int
) -> Any:
    """Post a 4-player Moon hand at a table with its own scorer token: the bidder's side
    took `took` of the 7 tricks, the other side the rest."""
    sides = table["sides"]
    bidder = table["seats"][bidder_seat - 1]
    side = 0 if bidder_seat in (1, 3) else 1
    tricks = {sides[side]: took, sides[1 - side]: 7 - took}
    return client.post(
        f"/api/games/{table['game_id']}/hands",
        json={"bidder": bidder, "bid": bid, "tricks": tricks},
        headers={"X-Scorer-Token": table["scorer_token"]},
    )


# Each table of each round plays these hands (bidder's seat, bid, tricks the bidder's side
# took), to 7 points (the night's house rule). Partners score every trick they take; a set
# bidding side loses its bid. Worked by hand, A = seats 1 & 3, B = seats 2 & 4:
PLAYS = {
    # A bids 7, takes all 7: A 7, B 0. A wins 7–0.
    1: [(1, 7, 7)],
    # B bids 4, takes 6: B 6, A 1. A bids 3, takes 3: A 4, B 10. B wins 10–4.
    2: [(2, 4, 6), (1, 3, 3)],
    # A bids 5, takes 4: set, A −5, B 3. B bids 4, takes 5: B 8, A −3. B wins 8 to −3.
    3: [(1, 5, 4), (2, 4, 5)],
}
FINAL = {1: (7, 0), 2: (4, 10), 3: (-3, 8)}  # (A, B) final totals by table


def test_a_whole_night_of_moon_through_the_api(organiser: Organiser, client: FlaskClient) -> None:
    number = organiser.open(table_size=4, rounds=3, format="individual", options={"target": 7})
    checked = organiser.post(f"/{number}/players", {"add": NAMES})
    assert checked.status_code == 200
    assert [p["name"] for p in checked.json["players"]] == NAMES

    # Worked by hand, round by round: per player [won, played, points for, against].
    tally: dict[str, list[int]] = {name: [0, 0, 0, 0] for name in NAMES}
    for round_number in (1, 2, 3):
        seated = organiser.seat(number, round_number)
        assert seated["number"] == round_number
        assert seated["byes"] == []
        assert [len(t["seats"]) for t in seated["tables"]] == [4, 4, 4]
        assert sorted(p for t in seated["tables"] for p in t["seats"]) == sorted(NAMES)
        if round_number > 1:
            # Table 1 holds the leaders. After round 1 the four best placed come from two
            # tables, so they have not met and sit together; later, meeting again within
            # three rounds is avoided, so only the leader is sure to be there.
            before = organiser.night(number)["standings"]
            leaders = {row["player"] for row in before if row["place"] <= 4}
            assert seated["tables"][0]["seats"][0] in leaders
            if round_number == 2:
                assert set(seated["tables"][0]["seats"]) == leaders
        for table in seated["tables"]:
            for bidder_seat, bid, took in PLAYS[table["table"]]:
                response = moon_hand(client, table, bidder_seat, bid, took)
                assert response.status_code == 201, response.json
            assert response.json["status"] == "finished"
            a_total, b_total = FINAL[table["table"]]
            seats = table["seats"]
            for players, ours, theirs in (
                ((seats[0], seats[2]), a_total, b_total),
                ((seats[1], seats[3]), b_total, a_total),
            ):
                for player in players:
                    tally[player][0] += ours > theirs
                    tally[player][1] += 1
                    tally[player][2] += ours
                    tally[player][3] += theirs

        night = organiser.night(number)
        rows = {row["player"]: row for row in night["standings"]}
        for name, (won, played, points_for, against) in tally.items():
            row = rows[name]
            assert (row["won"], row["played"], row["byes"]) == (won, played, 0), name
            assert (row["points_for"], row["points_against"]) == (points_for, against), name
            assert row["margin"] == points_for - against, name
        # Places: most won, then margin, then points for; equals share a place.
        keys = {name: (t[0], t[2] - t[3], t[2]) for name, t in tally.items()}
        for name, row in rows.items():
            assert row["place"] == 1 + sum(other > keys[name] for other in keys.values()), name
        if round_number == 1:
            # After round 1, by hand: table 3's B (won, +11), table 1's A (won, +7),
            # table 2's B (won, +6), then the losers: table 2's A (−6), 1's B (−7), 3's A (−11).
            first = {t["table"]: t["seats"] for t in seated["tables"]}
            expected_places = {
                1: [first[3][1], first[3][3]],
                3: [first[1][0], first[1][2]],
                5: [first[2][1], first[2][3]],
                7: [first[2][0], first[2][2]],
                9: [first[1][1], first[1][3]],
                11: [first[3][0], first[3][2]],
            }
            for place, players in expected_places.items():
                for player in players:
                    assert rows[player]["place"] == place, (player, rows[player])
            assert rows[first[3][1]]["margin"] == 11 and rows[first[3][1]]["points_for"] == 8

    # Partners never repeat in three rounds of twelve players.
    partners: dict[str, set[str]] = {name: set() for name in NAMES}
    for played in organiser.night(number)["rounds"]:
        for table in played["tables"]:
            for members in table["teams"].values():
                a, b = members
                assert b not in partners[a]
                partners[a].add(b)
                partners[b].add(a)

    # The league counts the night's nine games in its standings and ratings.
    league = client.get(f"/api/leagues/{organiser.slug}/standings").json
    assert league["games"] == 9
    league_rows = {row["player"]: row for row in league["rows"]}
    for name, (won, played, points_for, _against) in tally.items():
        assert league_rows[name]["played"] == played == 3
        assert league_rows[name]["won"] == won
        assert league_rows[name]["points_for"] == points_for
    best = max(tally, key=lambda n: (tally[n][0], tally[n][2] - tally[n][3]))
    worst = min(tally, key=lambda n: (tally[n][0], tally[n][2] - tally[n][3]))
    assert league_rows[best]["rating"] > league_rows[worst]["rating"]


def test_seating_a_round_twice_is_refused_and_a_round_can_be_undone_until_a_hand(
    organiser: Organiser, client: FlaskClient
) -> None:
    number = organiser.open()
    organiser.post(f"/{number}/players", {"add": NAMES[:8]})
    first = organiser.seat(number, 1)

    # A second organiser (or a double tap) seating round 1, or the next round early.
    again = organiser.post(f"/{number}/rounds", {"round": 1})
    assert again.status_code == 409
    assert again.json["error"] == "Round 1 is already seated."
    early = organiser.post(f"/{number}/rounds")
    assert early.status_code == 409
    assert "Round 1 is still being played" in early.json["error"]
    assert len(organiser.night(number)["rounds"]) == 1

    # Undone before a hand, then seated again: the same draw.
    undone = client.delete(organiser.url(f"/{number}/rounds/1"), headers=organiser.headers)
    assert undone.status_code == 200
    assert undone.json["rounds"] == []
    assert client.get(f"/api/games/{first['tables'][0]['game_id']}").status_code == 404
    redrawn = organiser.seat(number, 1)
    assert [t["seats"] for t in redrawn["tables"]] == [t["seats"] for t in first["tables"]]

    # After a hand, the seating stays.
    assert moon_hand(client, redrawn["tables"][1], 1, 4, 5).status_code == 201
    refused = client.delete(organiser.url(f"/{number}/rounds/1"), headers=organiser.headers)
    assert refused.status_code == 409
    assert "Hands have been entered at table 2" in refused.json["error"]
    assert len(organiser.night(number)["rounds"]) == 1


def test_time_called_ends_each_table_after_the_hand_in_play(
    organiser: Organiser, client: FlaskClient
) -> None:
    number = organiser.open(minutes=40)  # Moon to 21: nobody gets there tonight
    organiser.post(f"/{number}/players", {"add": NAMES})
    seated = organiser.seat(number, 1)
    assert seated["deadline"] > seated["seated_at"]
    t1, t2, t3 = seated["tables"]
    # Before time is called: table 2 is 5–2 up for A; table 3 is 4–3 up for A.
    assert moon_hand(client, t2, 1, 4, 5).status_code == 201
    assert moon_hand(client, t3, 1, 4, 4).status_code == 201
    # Times are kept to the millisecond, and a hand entered in the very millisecond time is
    # called counts as entered after it (the last). At a table the two are seconds apart; here
    # they can share one: the call waits for the clock to move past the hands before it.
    entered_by = store.now()
    while store.now() == entered_by:
        pass

    called = organiser.post(f"/{number}/rounds/1/call-time")
    assert called.status_code == 200
    assert all(t["status"] == "in_progress" for t in called.json["tables"])

    # The hand in play at each table is the last one.
    # Table 1: B bids 4 and takes 6: B 6, A 1. B wins.
    last = moon_hand(client, t1, 2, 4, 6)
    assert last.json["status"] == "finished"
    assert last.json["winners"] == [t1["sides"][1]]
    assert last.json["result"].startswith("time called after hand 1")
    # Table 2: B bids 3 and takes 4: A 8, B 6. A, ahead, wins.
    last = moon_hand(client, t2, 2, 3, 4)
    assert last.json["winners"] == [t2["sides"][0]]
    assert last.json["totals"] == {t2["sides"][0]: 8, t2["sides"][1]: 6}
    # Table 3: B bids 3 and takes 4: A 7, B 7. Level: a shared win.
    last = moon_hand(client, t3, 2, 3, 4)
    assert last.json["winners"] == t3["sides"]
    assert "share the win" in last.json["result"]
    # No hand after the last.
    assert moon_hand(client, t1, 1, 4, 4).status_code == 409

    night = organiser.night(number)
    states = [t["state"] for t in night["rounds"][0]["tables"]]
    assert states == [
        "time called after hand 1",
        "time called after hand 2",
        "time called after hand 2",
    ]
    assert night["rounds"][0]["finished"]
    won = {row["player"]: row["won"] for row in night["standings"]}
    assert sum(won.values()) == 2 + 2 + 4  # two winners a table; table 3's four share it


def test_a_time_limit_that_runs_out_ends_the_game_after_the_next_hand(
    organiser: Organiser, client: FlaskClient, database: Path
) -> None:
    number = organiser.open(minutes=30)
    organiser.post(f"/{number}/players", {"add": NAMES[:4]})
    table = organiser.seat(number, 1)["tables"][0]
    assert moon_hand(client, table, 1, 4, 5).status_code == 201
    # Half an hour passes after hand 1: the round's deadline is reached before hand 2.
    time.sleep(0.01)
    with sqlite3.connect(database) as conn:
        conn.execute("update games set time_called_at = ?", [store.now()])
    time.sleep(0.01)
    last = moon_hand(client, table, 2, 3, 3)  # A 9, B 3
    assert last.json["status"] == "finished"
    assert last.json["winners"] == [table["sides"][0]]
    assert last.json["result"].startswith("time called after hand 2")


def test_check_in_twice_leaving_and_coming_back(organiser: Organiser) -> None:
    number = organiser.open()
    organiser.post(f"/{number}/players", {"add": ["Ann", "Bob", "Cy", "Dee", "Eve"]})
    again = organiser.post(f"/{number}/players", {"add": ["ann", "  Bob  "]})
    assert [p["name"] for p in again.json["players"]] == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    seated = organiser.seat(number, 1)
    assert len(seated["byes"]) == 1  # 5 players of Moon: a table of 4 and a bye

    # Someone leaves: kept in the standings, not seated again; a late arrival is.
    player = seated["tables"][0]["seats"][0]
    organiser.post(f"/{number}/players", {"remove": [player], "add": ["Fay"]})
    players = {p["name"]: p["present"] for p in organiser.night(number)["players"]}
    assert players[player] is False and players["Fay"] is True
    rows = {row["player"] for row in organiser.night(number)["standings"]}
    assert player in rows


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    [
        ("", {"ruleset": "checkers"}, 422, "ruleset"),
        ("", {"ruleset": "moon", "format": "teams"}, 422, "format"),
        ("", {"ruleset": "black-tile-11", "format": "pairs"}, 422, "format"),
        ("", {"ruleset": "moon", "table_size": 5}, 422, "table_size"),
        ("", {"ruleset": "moon", "rounds": 0}, 422, "rounds"),
        ("", {"ruleset": "moon", "minutes": "soon"}, 422, "minutes"),
        ("", {"ruleset": "moon", "options": {"target": -1}}, 422, "options.target"),
        ("", {"ruleset": "moon", "name": "x" * 5000}, 422, "name"),
        ("/1/players", {"add": ["x" * 5000]}, 422, "add"),
        ("/1/players", {"add": "Ann"}, 422, "add"),
        ("/1/players", {"remove": ["Nobody"]}, 422, "remove"),
        ("/1/players", {"pairs": [["Ann", "Bob"]]}, 422, "pairs"),
        ("/1/players", {"who": ["Ann"]}, 422, "who"),
        ("/1/rounds", {"round": "two"}, 422, "round"),
        ("/1/rounds", {"round": 3}, 409, "round"),
        ("/1/rounds", {"order": "age"}, 422, "order"),
    ],
)
def test_bad_requests_get_a_sentence_and_change_nothing(
    organiser: Organiser, path: str, body: Any, status: int, field: str
) -> None:
    organiser.open()
    organiser.post("/1/players", {"add": ["Ann"]})
    before = organiser.night(1)
    response = organiser.post(path, body)
    assert response.status_code == status, response.json
    assert response.json["field"] == field
    assert not response.json["error"][0].islower()
    assert organiser.night(1)["version"] == before["version"]
    assert len(organiser.client.get(organiser.url()).json) == 1


def test_writes_need_the_league_token_and_honour_if_match(
    organiser: Organiser, client: FlaskClient
) -> None:
    number = organiser.open()
    assert client.post(organiser.url(), json={"ruleset": "moon"}).status_code == 403
    wrong = client.post(
        organiser.url(f"/{number}/players"), json={"add": ["Ann"]}, headers={"X-League-Token": "x"}
    )
    assert wrong.status_code == 403
    version = organiser.night(number)["version"]
    organiser.post(f"/{number}/players", {"add": ["Ann"]}, **{"If-Match": str(version)})
    stale = organiser.post(f"/{number}/players", {"add": ["Bob"]}, **{"If-Match": str(version)})
    assert stale.status_code == 409
    assert [p["name"] for p in organiser.night(number)["players"]] == ["Ann"]
    assert client.get(organiser.url("/99")).status_code == 404


def test_pairs_are_ranked_as_pairs(organiser: Organiser, client: FlaskClient) -> None:
    number = organiser.open(format="pairs", options={"target": 7})
    organiser.post(
        f"/{number}/players",
        {"add": NAMES[:8], "pairs": [NAMES[0:2], NAMES[2:4], NAMES[4:6], NAMES[6:8]]},
    )
    seated = organiser.seat(number, 1)
    pairs = {" & ".join(NAMES[n : n + 2]) for n in range(0, 8, 2)}
    for table in seated["tables"]:
        assert set(table["sides"]) <= pairs
        assert moon_hand(client, table, 1, 7, 7).status_code == 201
    rows = organiser.night(number)["standings"]
    assert {row["player"] for row in rows} == pairs
    winners = {t["sides"][0] for t in seated["tables"]}
    assert {row["player"] for row in rows if row["place"] == 1} == winners
    assert all(row["margin"] == (7 if row["player"] in winners else -7) for row in rows)


def test_exports_carry_every_seat_and_the_standings(
    organiser: Organiser, client: FlaskClient
) -> None:
    number = organiser.open(options={"target": 7})
    organiser.post(f"/{number}/players", {"add": ["=SUM(A1)", *NAMES[:4]]})
    seated = organiser.seat(number, 1)
    for table in seated["tables"]:
        moon_hand(client, table, 1, 7, 7)
    seats = client.get(f"/leagues/{organiser.slug}/nights/{number}/seats.csv")
    lines = seats.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0].startswith("round,table,seat,player,side")
    assert len(lines) == 1 + 5  # four seats and a bye
    assert "'=SUM(A1)" in seats.get_data(as_text=True)
    standings = client.get(f"/leagues/{organiser.slug}/nights/{number}/standings.csv")
    assert standings.get_data(as_text=True).lstrip("\ufeff").splitlines()[0] == (
        "place,player,played,won,byes,points_for,points_against,margin"
    )
    exported = client.get(f"/leagues/{organiser.slug}/nights/{number}/night.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    assert exported.json["standings"] == organiser.night(number)["standings"]


def test_round_one_by_league_rating_puts_the_strongest_at_table_one(
    organiser: Organiser, client: FlaskClient
) -> None:
    # Ann and Bob win four Moon games of the league against Cy and Dee, 7–0 each time.
    for _ in range(4):
        created = client.post(
            "/api/games",
            json={
                "ruleset": "moon",
                "players": ["Ann", "Cy", "Bob", "Dee"],
                "options": {"target": 7},
                "league": organiser.slug,
            },
            headers=organiser.headers,
        ).json
        table = {**created, "game_id": created["id"], "seats": created["players"]}
        assert moon_hand(client, table, 1, 7, 7).json["winners"] == ["Ann & Bob"]
    number = organiser.open(options={"target": 7})
    organiser.post(
        f"/{number}/players", {"add": ["Eve", "Fay", "Cy", "Gus", "Dee", "Hal", "Bob", "Ann"]}
    )
    seated = organiser.post(f"/{number}/rounds", {"round": 1, "order": "rating"}).json
    first, second = seated["tables"]
    assert {"Ann", "Bob"} <= set(first["seats"])
    assert first["seats"][0] in ("Ann", "Bob")
    # The two who lost every game rank below the unrated: they sit at table 2.
    assert {"Cy", "Dee"} <= set(second["seats"])


def test_pairs_can_be_registered_again_and_changed_before_they_play(organiser: Organiser) -> None:
    number = organiser.open(format="pairs")
    organiser.post(f"/{number}/players", {"add": NAMES[:4], "pairs": [["Ann", "Bob"]]})
    again = organiser.post(f"/{number}/players", {"pairs": [["bob", "Ann"]]})
    assert again.status_code == 200
    changed = organiser.post(f"/{number}/players", {"pairs": [["Ann", "Cy"], ["Bob", "Dee"]]})
    partners = {p["name"]: p["partner"] for p in changed.json["players"]}
    assert partners == {"Ann": "Cy", "Bob": "Dee", "Cy": "Ann", "Dee": "Bob"}
    seated = organiser.seat(number, 1)
    assert set(seated["tables"][0]["sides"]) == {"Ann & Cy", "Bob & Dee"}
    refused = organiser.post(f"/{number}/players", {"pairs": [["Ann", "Bob"]]})
    assert refused.status_code == 422
    assert "already played tonight in a pair" in refused.json["error"]


def test_a_retried_seating_with_its_idempotency_key_gets_the_same_round(
    organiser: Organiser,
) -> None:
    number = organiser.open()
    organiser.post(f"/{number}/players", {"add": NAMES[:8]})
    first = organiser.post(f"/{number}/rounds", {"round": 1}, **{"Idempotency-Key": "seat-1"})
    again = organiser.post(f"/{number}/rounds", {"round": 1}, **{"Idempotency-Key": "seat-1"})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json
    assert len(organiser.night(number)["rounds"]) == 1
