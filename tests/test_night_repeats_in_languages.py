"""A night's repeats (who partners or meets again because the seating could not avoid it)
said in the reader's language, on the night page and in the API; and a file seated before
they were kept as Messages (English sentences in it) read back the same way after m009.

Who repeats is worked out here from the seats the API gives, round by round; the Spanish
and Portuguese sentences are written out by hand.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from contextlib import closing
from html import escape
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from scorekeeper import create_app, games, leagues
from scorekeeper.nights import night as nights
from scorekeeper.store import connect, migrate
from scorekeeper.store.schema import migrations

SPANISH = {"Accept-Language": "es-DO,es;q=0.9,en;q=0.5"}
PORTUGUESE = {"Accept-Language": "pt-BR,pt;q=0.9"}
FOUR = ["María José", "Christopher", "Margaret", "Ann"]


class Organiser:
    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        created = client.post("/api/leagues", json={"name": "Club Latino"}).json
        assert created is not None
        self.slug = created["slug"]
        self.headers = {"X-League-Token": created["league_token"]}
        opened = self.post("", {"ruleset": "moon", "rounds": 4, "options": {"target": 7}})
        assert opened.status_code == 201, opened.json
        self.post("/1/players", {"add": FOUR})

    def post(self, path: str, body: Any = None, **headers: str) -> Any:
        return self.client.post(
            f"/api/leagues/{self.slug}/nights{path}", json=body, headers={**self.headers, **headers}
        )

    def seat_and_finish(self, round_number: int, **headers: str) -> dict[str, Any]:
        """Seat the round (its answer in the language `headers` ask for) and play its one
        table to the end: seat 1 bids 7 and takes every trick, 7–0 at a target of 7."""
        seated = self.post("/1/rounds", {"round": round_number}, **headers)
        assert seated.status_code == 201, seated.json
        body: dict[str, Any] = seated.json
        table = body["tables"][0]
        first, second = table["sides"]
        hand = self.client.post(
            f"/api/games/{table['game_id']}/hands",
            json={"bidder": table["seats"][0], "bid": 7, "tricks": {first: 7, second: 0}},
            headers={"X-Scorer-Token": table["scorer_token"]},
        )
        assert hand.status_code == 201 and hand.json["status"] == "finished"
        return body


def teams(table: dict[str, Any]) -> list[tuple[str, str]]:
    """The two partnerships of a table of four: seats 1 & 3 and 2 & 4."""
    a, b, c, d = table["seats"]
    return [(a, c), (b, d)]


def expected_repeats(rounds: list[dict[str, Any]]) -> tuple[list[tuple[str, str]], list[Any]]:
    """Of the last round's one table: the partnerships seen before, and who meets again an
    opponent of the last three rounds (with the round they met in), in seat order."""
    *before, last = [teams(r["tables"][0]) for r in rounds]
    partnered = {frozenset(team) for pairings in before for team in pairings}
    met: dict[frozenset[str], int] = {}
    for number, (one, other) in enumerate(before, start=1):
        for a, b in itertools.product(one, other):
            met[frozenset((a, b))] = number
    partners = [team for team in last if frozenset(team) in partnered]
    meetings = [
        (a, b, met[frozenset((a, b))])
        for a, b in itertools.product(*last)
        if frozenset((a, b)) in met
    ]
    return partners, meetings


def test_repeats_are_said_in_spanish_and_portuguese_on_the_page_and_in_the_api(
    client: FlaskClient,
) -> None:
    organiser = Organiser(client)
    rounds = [organiser.seat_and_finish(1)]
    # Round 2: new partners, but four players cannot avoid meeting two opponents again.
    rounds.append(organiser.seat_and_finish(2, **SPANISH))
    partners, meetings = expected_repeats(rounds)
    assert not partners and len(meetings) == 2
    spanish = [
        f"Mesa 1: {a} vuelve a enfrentarse a {b} (ya se enfrentaron en la ronda {met})."
        for a, b, met in meetings
    ]
    portuguese = [
        f"Mesa 1: {a} enfrenta {b} de novo (já se enfrentaram na rodada {met})."
        for a, b, met in meetings
    ]
    english = [f"Table 1: {a} meets {b} again (they met in round {met})." for a, b, met in meetings]
    assert rounds[1]["repeats"] == spanish  # the seating's own answer, as asked
    night = f"/api/leagues/{organiser.slug}/nights/1"
    assert client.get(night).json["rounds"][1]["repeats"] == english  # type: ignore[index]
    assert client.get(night, headers=SPANISH).json["rounds"][1]["repeats"] == spanish  # type: ignore[index]
    assert client.get(night, headers=PORTUGUESE).json["rounds"][1]["repeats"] == portuguese  # type: ignore[index]
    page = f"/leagues/{organiser.slug}/nights/1"
    for headers, said, summary in (
        (SPANISH, spanish, "No se pudieron evitar 2 repeticiones"),
        (PORTUGUESE, portuguese, "Não deu para evitar 2 repetições"),
    ):
        html = client.get(page, headers=headers).get_data(as_text=True)
        assert summary in html
        for sentence in said:
            assert f"<li>{escape(sentence)}</li>" in html
        assert "meets" not in html and "again" not in html

    # Rounds 3 and 4: four players have three ways to pair up, so round 4 partners two of
    # them again, and says so.
    rounds.append(organiser.seat_and_finish(3))
    rounds.append(organiser.seat_and_finish(4, **PORTUGUESE))
    partners, meetings = expected_repeats(rounds)
    assert partners
    said = rounds[3]["repeats"]
    for a, b in partners:
        assert f"Mesa 1: {a} e {b} são parceiros de novo." in said
    for a, b, met in meetings:
        assert f"Mesa 1: {a} enfrenta {b} de novo (já se enfrentaram na rodada {met})." in said
    assert len(said) == len(partners) + len(meetings)
    latest = client.get(night, headers=SPANISH).json["rounds"][3]["repeats"]  # type: ignore[index]
    for a, b in partners:
        assert f"Mesa 1: {a} y {b} vuelven a ser compañeros." in latest
    html = client.get(page, headers=SPANISH).get_data(as_text=True)
    for a, b in partners:
        assert f"<li>{escape(f'Mesa 1: {a} y {b} vuelven a ser compañeros.')}</li>" in html


def test_the_api_says_each_tables_state_and_the_standings_rule_in_the_readers_language(
    client: FlaskClient,
) -> None:
    organiser = Organiser(client)
    organiser.seat_and_finish(1)
    night = f"/api/leagues/{organiser.slug}/nights/1"
    english = client.get(night).json
    spanish = client.get(night, headers=SPANISH).json
    portuguese = client.get(night, headers=PORTUGUESE).json
    assert english and spanish and portuguese
    assert english["rounds"][0]["tables"][0]["state"] == "finished"
    assert spanish["rounds"][0]["tables"][0]["state"] == "terminada"
    assert portuguese["rounds"][0]["tables"][0]["state"] == "terminada"
    assert english["standings_rule"].startswith("Ranked by games won, then margin")
    assert spanish["standings_rule"].startswith("Ordenados por partidas ganadas, luego diferencia")
    assert portuguese["standings_rule"].startswith("Ordenados por partidas vencidas, depois saldo")
    # Only the sentences change: the figures are the same whatever the language.
    assert spanish["standings"] == english["standings"] == portuguese["standings"]


# --- a club's file seated before m009 --------------------------------------------------

OLD_NAMES = ("Tom and Jerry", "Bea", "Cy", "María José")


def old_night(path: Path) -> tuple[str, list[list[str]]]:
    """A file of the schema before m009 holding a night of two rounds at one table of four,
    its repeats stored as the English sentences seating wrote then. Returns the league's
    slug and the round-2 table's sides."""
    old = Database(path)
    migrations.apply(old, stop_before="m009_night_repeats_in_any_language")
    old.close()
    db = connect(path)
    try:
        league, _token = leagues.create_league(db, "Old Club")
        night = nights.create_night(db, league, {"ruleset": "moon", "options": {"target": 7}})
        nights.check_in(db, league, night.number, nights.CheckIn(add=OLD_NAMES))
        for _ in range(2):
            played = nights.seat(db, league, night.number, "secret").round
            table = played.tables[0]
            first, second = table.sides
            entry = {"bidder": table.seats[0], "bid": 7, "tricks": {first: 7, second: 0}}
            games.record_hand(db, table.game_id, entry, games.Writer(via="test"))
        sides = [list(members) for members in played.tables[0].members]
    finally:
        db.close()
    (a, c), (b, d) = sides
    # What seating wrote before: Table {n}: {a} meets {b} again (they met in round {met}).
    # Round 1's partners were never partners again; who met before, met in round 1.
    with closing(sqlite3.connect(path)) as conn:
        english = [
            f"Table 1: {x} meets {y} again (they met in round 1)."
            for x, y in itertools.product((a, c), (b, d))
        ]
        english.append("Table 7: Ann meets Bob again (they met in round 1).")  # no table 7
        conn.execute("update night_rounds set repeats = ? where number = 2", [json.dumps(english)])
        conn.commit()
    return league.slug, sides


def test_a_night_seated_before_m009_says_its_repeats_in_any_language(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    slug, ((a, c), (b, d)) = old_night(path)
    migrate(path)

    with closing(sqlite3.connect(path)) as conn:
        stored = json.loads(
            conn.execute("select repeats from night_rounds where number = 2").fetchone()[0]
        )
    pairs = list(itertools.product((a, c), (b, d)))
    # A name holding " and " is read back whole, as the table's player it is.
    assert stored[:4] == [
        {
            "id": "Table %(table)s: %(player)s meets %(opponent)s again "
            "(they met in round %(round)s).",
            "values": {"table": 1, "player": x, "opponent": y, "round": 1},
        }
        for x, y in pairs
    ]
    assert stored[4] == "Table 7: Ann meets Bob again (they met in round 1)."

    app: Flask = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test"})
    client = app.test_client()
    html = client.get(f"/leagues/{slug}/nights/1", headers=SPANISH).get_data(as_text=True)
    for x, y in pairs:
        sentence = f"Mesa 1: {x} vuelve a enfrentarse a {y} (ya se enfrentaron en la ronda 1)."
        assert f"<li>{escape(sentence)}</li>" in html
    # The sentence that matched no table is shown as it was stored.
    assert "<li>Table 7: Ann meets Bob again (they met in round 1).</li>" in html
    api = client.get(f"/api/leagues/{slug}/nights/1", headers=PORTUGUESE).json
    assert api is not None
    assert api["rounds"][1]["repeats"][0] == (
        f"Mesa 1: {a} enfrenta {b} de novo (já se enfrentaram na rodada 1)."
    )


def test_a_night_opened_unnamed_is_named_by_its_date_in_the_askers_words(
    client: FlaskClient,
) -> None:
    created = client.post("/api/leagues", json={"name": "Club Carioca"}).json
    assert created is not None
    url = f"/api/leagues/{created['slug']}/nights"
    token = {"X-League-Token": created["league_token"]}
    portuguese = client.post(url, json={"ruleset": "moon"}, headers={**token, **PORTUGUESE})
    spanish = client.post(url, json={"ruleset": "moon", "name": " "}, headers={**token, **SPANISH})
    english = client.post(url, json={"ruleset": "moon"}, headers=token)
    assert portuguese.json["name"].startswith("Noite de ")  # type: ignore[index]
    assert spanish.json["name"].startswith("Noche del ")  # type: ignore[index]
    assert english.json["name"].startswith("Night of ")  # type: ignore[index]


def test_a_round_or_table_that_is_not_there_is_said_in_the_readers_language(
    client: FlaskClient,
) -> None:
    organiser = Organiser(client)
    organiser.seat_and_finish(1)
    token = organiser.headers["X-League-Token"]
    assert client.get(f"/leagues/{organiser.slug}/admin/{token}").status_code == 303
    night = f"/leagues/{organiser.slug}/nights/1"
    admin = client.get(night + "/rounds/9/cards", headers=SPANISH)
    assert admin.status_code == 404
    assert "no tiene ronda 9" in admin.get_data(as_text=True)
    missing = client.get(night + "/rounds/1/tables/5/scorer-qr.svg", headers=PORTUGUESE)
    assert missing.status_code == 404
    assert "A rodada 1 não tem mesa 5." in missing.get_data(as_text=True)
