"""A night's name in each reader's language: a night opened without one is named by its date,
said in the words and the date format of whoever reads it (never stored in the opener's),
on every page, screen and answer that names it; a name given by hand is shown exactly as
typed; a file whose unnamed nights stored the old default has them unnamed again (m010).

The nights are dated 23 September 2026 (their `created_at` set in the file), and each
language's words for that day are written out by hand: Babel's CLDR abbreviations, which
differ by region ("sept" in Spain, "sep" in Mexico, "set." in Brazil).
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from scorekeeper import create_app, leagues
from scorekeeper.nights import night as nights
from scorekeeper.store import connect, migrate
from scorekeeper.store.schema import migrations

pytestmark = pytest.mark.usefixtures("plain_forms")

# Midday UTC: 23 September on the club laptop's calendar wherever it is within 11 hours.
OPENED = "2026-09-23T12:00:00.000+00:00"
ENGLISH = {"Accept-Language": "en-US,en;q=0.9"}
SPAIN = {"Accept-Language": "es-ES,es;q=0.9"}
MEXICO = {"Accept-Language": "es-MX,es;q=0.9"}
BRAZIL = {"Accept-Language": "pt-BR,pt;q=0.9"}
# Each reader, and the unnamed night's name as they read it.
READERS = [
    (ENGLISH, "Night of 23 Sep 2026"),
    (SPAIN, "Noche del 23 sept 2026"),
    (MEXICO, "Noche del 23 sep 2026"),
    (BRAZIL, "Noite de 23 set. 2026"),
]
FOUR = ["María José", "Christopher", "Margaret", "Ann"]


class Club:
    """A league whose admin link this client opened (the organiser's browser, in English)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        created = client.post("/api/leagues", json={"name": "Club Latino"}).json
        assert created is not None
        self.slug = created["slug"]
        self.token = {"X-League-Token": created["league_token"]}
        admin = client.get(f"/leagues/{self.slug}/admin/{created['league_token']}")
        assert admin.status_code == 303

    def open_from_the_page(self, name: str = "") -> tuple[int, str]:
        """Open a Moon night from the English page; its number and the page it leads to."""
        opened = self.client.post(
            f"/leagues/{self.slug}/nights/new/moon",
            data={"name": name, "rounds": "3", "option-target": "7", "format": "individual"},
            headers=ENGLISH,
        )
        assert opened.status_code == 303, opened.get_data(as_text=True)
        number = int(opened.location.rstrip("/").rsplit("/", 1)[1])
        page = self.client.get(opened.location, headers=ENGLISH).get_data(as_text=True)
        return number, page

    def seat_four(self, number: int) -> None:
        api = f"/api/leagues/{self.slug}/nights/{number}"
        checked_in = self.client.post(f"{api}/players", json={"add": FOUR}, headers=self.token)
        assert checked_in.status_code == 200
        assert self.client.post(f"{api}/rounds", headers=self.token).status_code == 201


def stored_name(database: Path, number: int) -> str:
    with closing(sqlite3.connect(database)) as conn:
        found = conn.execute("select name from nights where number = ?", [number]).fetchone()
    return str(found[0])


def date_nights(database: Path) -> None:
    """Every night of the file opened on 23 September 2026."""
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("update nights set created_at = ?", [OPENED])
        conn.commit()


def heading(html: str) -> str:
    found = re.search(r"<h1>([^<]*)</h1>", html)
    assert found, html[:300]
    return found.group(1)


def title(html: str) -> str:
    found = re.search(r"<title>([^<]*)</title>", html)
    assert found
    return found.group(1)


def test_an_unnamed_night_is_named_by_its_date_in_each_readers_words(
    app: Flask, client: FlaskClient, database: Path
) -> None:
    club = Club(client)
    number, page = club.open_from_the_page()
    # The English opener's flash names it in English; nothing of it is kept as its name.
    assert re.search(r"Night of \d{1,2} \w{3} \d{4} is open: check the players in\.", page)
    assert stored_name(database, number) == ""
    club.seat_four(number)
    date_nights(database)

    visitor = app.test_client()  # the kept views, drawn once per language
    night = f"/leagues/{club.slug}/nights/{number}"
    for headers, name in READERS:
        for reader in (client, visitor):
            html = reader.get(night, headers=headers).get_data(as_text=True)
            assert heading(html) == name
            assert title(html).startswith(f"{name} · Club Latino")
            standings = re.search(r'role="region" aria-label="([^"]*)"', html)
            assert standings and name in standings.group(1)
            screen = reader.get(f"{night}/screen", headers=headers).get_data(as_text=True)
            assert heading(screen) == name
            assert title(screen).startswith(f"{name} · ")
            board = reader.get(f"{night}/screen/board", headers=headers).get_data(as_text=True)
            assert heading(board) == name
            listed = reader.get(f"/leagues/{club.slug}/nights", headers=headers)
            assert f">{name}</a>" in listed.get_data(as_text=True)
        cards = client.get(f"{night}/rounds/1/cards", headers=headers).get_data(as_text=True)
        assert f"<h2>{name} · " in cards
        assert f"← {name}</a>" in cards


def test_the_api_names_an_unnamed_night_in_the_requests_language(
    client: FlaskClient, database: Path
) -> None:
    club = Club(client)
    url = f"/api/leagues/{club.slug}/nights"
    opened = client.post(url, json={"ruleset": "moon", "name": "  "}, headers=club.token)
    assert opened.status_code == 201
    assert stored_name(database, 1) == ""
    date_nights(database)
    for headers, name in [({}, "Night of 23 Sep 2026"), *READERS]:
        night = client.get(f"{url}/1", headers=headers).json
        assert night is not None
        assert night["name"] == name
        listed = client.get(url, headers=headers).json
        assert listed is not None
        assert [row["name"] for row in listed] == [name]


def test_refusals_that_name_an_unnamed_night_say_it_in_the_readers_words(
    client: FlaskClient, database: Path
) -> None:
    club = Club(client)
    number, _page = club.open_from_the_page()
    club.seat_four(number)
    date_nights(database)
    refused = client.post(
        f"/api/leagues/{club.slug}/nights/{number}/players",
        json={"remove": ["Bob"]},
        headers={**club.token, **SPAIN},
    )
    assert refused.status_code == 422
    assert refused.json is not None
    assert "Bob no está apuntado en Noche del 23 sept 2026" in refused.json["error"]
    missing = client.get(f"/leagues/{club.slug}/nights/{number}/rounds/9/cards", headers=BRAZIL)
    assert missing.status_code == 404
    assert "Noite de 23 set. 2026 não tem rodada 9." in missing.get_data(as_text=True)


@pytest.mark.parametrize("name", ["Viernes de dominó", "Pairs"])
def test_a_named_night_keeps_its_name_in_every_language(
    app: Flask, client: FlaskClient, database: Path, name: str
) -> None:
    # "Pairs" is also a sentence of the catalogs (the format, "Parejas" in Spanish): a name
    # typed by hand is never looked up as one.
    club = Club(client)
    number, page = club.open_from_the_page(f"  {name} ")
    assert f"{name} is open: check the players in." in page
    assert stored_name(database, number) == name
    club.seat_four(number)
    visitor = app.test_client()
    night = f"/leagues/{club.slug}/nights/{number}"
    for headers, _unnamed in READERS:
        assert heading(visitor.get(night, headers=headers).get_data(as_text=True)) == name
        screen = visitor.get(f"{night}/screen", headers=headers).get_data(as_text=True)
        assert heading(screen) == name
        cards = client.get(f"{night}/rounds/1/cards", headers=headers).get_data(as_text=True)
        assert f"<h2>{name} · " in cards
        listed = visitor.get(f"/leagues/{club.slug}/nights", headers=headers)
        assert f">{name}</a>" in listed.get_data(as_text=True)
        api: Any = client.get(f"/api/leagues/{club.slug}/nights/{number}", headers=headers).json
        assert api["name"] == name


# --- a club's file from before m010 ----------------------------------------------------

# The names the app stored for an unnamed night opened on 23 September 2026, as it wrote
# them: its first English default (f"Night of {day.day} {day:%b %Y}"), then the default said
# in the opener's words, in each region's date format.
OLD_DEFAULTS = [
    "Night of 23 Sep 2026",
    "Noche del 23 sept 2026",
    "Noche del 23 sep 2026",
    "Noite de 23 set. 2026",
]
# Names an organiser typed that only look like a default: kept as they are.
HAND_NAMED = [
    "Night of 22 Sep 2026",  # another day's
    "Night of 23 Sep 2026 – final",
    "night of 23 sep 2026",
    "Noche del 23 de septiembre",
    "Viernes de dominó",
]


def old_file(path: Path) -> str:
    """A file of the schema before m010 holding a night for each name above, all opened on
    23 September 2026; returns the league's slug."""
    old = Database(path)
    migrations.apply(old, stop_before="m010_unnamed_nights_say_their_date_to_each_reader")
    old.close()
    db = connect(path)
    try:
        league, _token = leagues.create_league(db, "Old Club")
        for name in [*OLD_DEFAULTS, *HAND_NAMED]:
            nights.create_night(db, league, {"ruleset": "moon", "name": name})
    finally:
        db.close()
    date_nights(path)
    return league.slug


def test_a_file_from_before_m010_has_its_stored_defaults_unnamed(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    slug = old_file(path)
    migrate(path)

    with closing(sqlite3.connect(path)) as conn:
        names = [row[0] for row in conn.execute("select name from nights order by number")]
    assert names == [""] * len(OLD_DEFAULTS) + HAND_NAMED

    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test"})
    listed = app.test_client().get(f"/leagues/{slug}/nights", headers=SPAIN)
    shown = re.findall(
        r'class="button secondary" href="/leagues/[^"]+/nights/\d+">([^<]*)</a>',
        listed.get_data(as_text=True),
    )
    # Latest first: the hand-named ones as typed, then the four unnamed ones, in Spanish.
    assert shown == [*reversed(HAND_NAMED), *["Noche del 23 sept 2026"] * len(OLD_DEFAULTS)]
