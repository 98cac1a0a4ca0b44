"""The command line: a real server process that phones (and scripts) can use, init-db, backup."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import create_app
from tests.conftest import Api
from tests.server import call, server_log, serving

pytestmark = pytest.mark.slow


def test_serve_scores_a_block_game_for_a_second_process(tmp_path: Path) -> None:
    with serving(tmp_path / "club.sqlite3") as (base, _process):
        status, game = call(
            "POST", f"{base}/api/games", {"ruleset": "block", "players": ["Ann", "Bob"]}
        )
        assert status == 201
        token = {"X-Scorer-Token": game["scorer_token"]}
        status, first = call(
            "POST",
            f"{base}/api/games/{game['id']}/hands",
            {"pips": {"Ann": 0, "Bob": 23}, "domino": "Ann"},
            token,
        )
        assert status == 201 and first["totals"] == {"Ann": 23, "Bob": 0}
        status, refused = call("POST", f"{base}/api/games/{game['id']}/hands", {"pips": {}}, token)
        assert status == 422 and refused["error"]
        status, shown = call("GET", f"{base}/api/games/{game['id']}")
        assert status == 200 and len(shown["hands"]) == 1
        # Links are made for other phones: the path is this game's join link on this port.
        assert game["scorer_url"].endswith(
            f":{base.rsplit(':', 1)[1]}/games/{game['id']}/join/{game['scorer_token']}"
        )


def test_serve_prints_the_address_to_open_and_uses_waitress(tmp_path: Path) -> None:
    with serving(tmp_path / "club.sqlite3") as (base, _process):
        import urllib.request

        with urllib.request.urlopen(f"{base}/healthz") as response:
            assert response.headers["Server"] == "scorekeeper"  # waitress, not the debug server
    output = server_log(tmp_path / "club.sqlite3").read_text()
    # The tests serve on loopback only: the CLI says so, and how to let phones in.
    assert f"Open on this laptop: {base}/" in output
    assert "Phones cannot reach this server" in output
    assert "scorekeeper serve --host 0.0.0.0" in output
    assert "Open on a phone" not in output


def test_init_db_creates_the_schema(tmp_path: Path) -> None:
    database = tmp_path / "new" / "x.sqlite3"
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "init-db", "--database", str(database)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Database ready" in result.stdout
    with sqlite3.connect(database) as conn:
        tables = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    assert {"games", "hands", "log", "leagues"} <= tables


def test_backup_while_serving_holds_every_hand(tmp_path: Path) -> None:
    database, copy = tmp_path / "club.sqlite3", tmp_path / "backup.sqlite3"
    with serving(database) as (base, _process):
        _, game = call("POST", f"{base}/api/games", {"ruleset": "draw", "players": ["Ann", "Bob"]})
        token = {"X-Scorer-Token": game["scorer_token"]}
        for pips in (5, 7, 9):
            call(
                "POST",
                f"{base}/api/games/{game['id']}/hands",
                {"pips": {"Ann": 0, "Bob": pips}, "domino": "Ann"},
                token,
            )
        subprocess.run(
            [sys.executable, "-m", "scorekeeper", "backup", str(copy), "--database", str(database)],
            capture_output=True,
            text=True,
            check=True,
        )
    with sqlite3.connect(copy) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from hands").fetchone()[0] == 3


def test_the_club_file_lives_in_the_instance_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper import create_app

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "club"))
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "club" / "scorekeeper.sqlite3")
    assert (tmp_path / "club" / "secret_key").is_file()
    # The key is made once and kept: a restart signs cookies the same way.
    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]


def test_serve_on_port_0_prints_and_links_the_port_the_system_chose(tmp_path: Path) -> None:
    """`--port 0`: the system picks a free port; the address printed (and every link and QR
    code) names that port, never 0."""
    import re
    import time
    import urllib.request

    database = tmp_path / "club.sqlite3"
    log = server_log(database)
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "scorekeeper", "serve"),
                *("--host", "127.0.0.1", "--port", "0", "--database", str(database)),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
    try:
        deadline = time.monotonic() + 20
        while not (found := re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        port = int(found.group(1))
        assert port != 0
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            assert response.read() == b"ok\n"
        status, created = call(
            "POST",
            f"http://127.0.0.1:{port}/api/games",
            {"ruleset": "block", "players": ["Margaret", "María José"]},
        )
        assert status == 201
        assert created["watch_url"].startswith(f"http://127.0.0.1:{port}/games/")
    finally:
        process.terminate()
        process.wait(timeout=10)


def scorekeeper(*args: str, language: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )


def test_scorer_link_gives_a_game_whose_phone_died_a_new_scorer_link(tmp_path: Path) -> None:
    """The only phone keeping score dies mid-game: the laptop lists the games going on, makes
    a new scorer link for one (its id or a watch link pasted whole), and another phone scores
    with it; the dead phone's link no longer can. The history says where the link came from."""
    database = tmp_path / "club.sqlite3"
    app = create_app({"DATABASE": database, "SECRET_KEY": "club", "RATE_LIMIT_BURST": 0})
    api = Api(app.test_client())
    game = api.create("block", ["Christopher", "María José", "Margaret"])
    api.hand(
        game["id"],
        {"domino": "Margaret", "pips": {"Christopher": 4, "María José": 9, "Margaret": 0}},
    )
    finished = api.create("block", ["Ann", "Bob"], options={"target": 10})
    api.hand(finished["id"], {"domino": "Ann", "pips": {"Ann": 0, "Bob": 12}})

    listed = scorekeeper("scorer-link", "--database", str(database))
    assert listed.returncode == 0, listed.stderr
    assert (
        f"{game['id']}  Block Dominoes: Christopher, María José, Margaret, 1 hand" in listed.stdout
    )
    assert finished["id"] not in listed.stdout  # over: nothing to keep scoring

    watch_link = f"http://192.0.2.7:5000/games/{game['id']}"
    made = scorekeeper(
        "scorer-link", "--database", str(database), "--port", "5123", "--", watch_link
    )
    assert made.returncode == 0, made.stderr
    assert "New scorer link for Block Dominoes (Christopher, María José, Margaret)" in made.stdout
    found = re.search(rf":5123/games/{re.escape(game['id'])}/join/([A-Za-z0-9_-]+)\n", made.stdout)
    assert found is not None, made.stdout
    new_token = found.group(1)
    assert "█" in made.stdout  # the QR code to scan off the laptop's screen

    hand = {"domino": "Christopher", "pips": {"Christopher": 0, "María José": 3, "Margaret": 5}}
    dead_phone = app.test_client().post(
        f"/api/games/{game['id']}/hands",
        json=hand,
        headers={"X-Scorer-Token": game["scorer_token"]},
    )
    assert dead_phone.status_code == 403
    other_phone = app.test_client()
    assert other_phone.get(f"/games/{game['id']}/join/{new_token}").status_code == 303
    page = other_phone.get(f"/games/{game['id']}").get_data(as_text=True)
    assert 'id="hand-form"' in page  # this phone keeps score now
    history = other_phone.get(f"/games/{game['id']}/history").get_data(as_text=True)
    assert "on the server&#39;s laptop (scorekeeper scorer-link)" in history


def test_scorer_link_for_a_game_that_is_not_there_says_so_in_the_terminals_language(
    tmp_path: Path,
) -> None:
    database = tmp_path / "club.sqlite3"
    create_app({"DATABASE": database, "SECRET_KEY": "club"})
    refused = scorekeeper(
        "scorer-link", "--database", str(database), "no-such-game", language="es_ES.UTF-8"
    )
    assert refused.returncode == 1
    assert "No hay ninguna partida no-such-game en" in refused.stderr
    empty = scorekeeper("scorer-link", "--database", str(database), language="pt_BR.UTF-8")
    assert empty.returncode == 0 and "Não há nenhuma partida em andamento em" in empty.stdout


def test_league_link_gives_a_league_whose_admin_link_was_lost_a_new_one(tmp_path: Path) -> None:
    """No organiser's phone holds the admin link any more: the laptop lists the leagues and
    makes a new admin link (from the slug, or a standings link pasted whole); the old one
    stops managing, the new one manages."""
    database = tmp_path / "club.sqlite3"
    app = create_app({"DATABASE": database, "SECRET_KEY": "club", "RATE_LIMIT_BURST": 0})
    client = app.test_client()
    league = client.post("/api/leagues", json={"name": "Ñandú Dominoes"}).get_json()

    listed = scorekeeper("league-link", "--database", str(database))
    assert listed.returncode == 0, listed.stderr
    assert f"{league['slug']}  Ñandú Dominoes" in listed.stdout

    standings = f"http://192.0.2.7:5000/leagues/{league['slug']}"
    made = scorekeeper("league-link", "--database", str(database), "--port", "5124", standings)
    assert made.returncode == 0, made.stderr
    assert "New admin link for Ñandú Dominoes" in made.stdout
    link = re.search(rf":5124/leagues/{league['slug']}/admin/([A-Za-z0-9_-]+)\n", made.stdout)
    assert link is not None, made.stdout
    new_game = {"ruleset": "block", "players": ["Ann", "Bob"], "league": league["slug"]}
    old = client.post(
        "/api/games", json=new_game, headers={"X-League-Token": league["league_token"]}
    )
    assert old.status_code == 403
    organiser = app.test_client()
    assert organiser.get(f"/leagues/{league['slug']}/admin/{link.group(1)}").status_code == 303
    assert organiser.get(f"/leagues/{league['slug']}/manage").status_code == 200
    missing = scorekeeper(
        "league-link", "--database", str(database), "nope", language="pt_BR.UTF-8"
    )
    assert missing.returncode == 1 and "Não há nenhuma liga nope em" in missing.stderr
