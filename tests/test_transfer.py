"""Moving data: export a game or a league to JSON, import it into another instance, losslessly."""

from __future__ import annotations

import errno
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.cli import main
from tests.conftest import Api
from tests.test_fuzz import database_dump

FOUR = ["Ann", "Bob", "Cy", "Dee"]
# This database's own numbering: compared through what it points at, not as numbers.
LOCAL_IDS = {"leagues": "id", "log": "id", "seasons": "id"}


def cli(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def instance(database: Path) -> tuple[Flask, FlaskClient, Api]:
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"})
    client = app.test_client()
    return app, client, Api(client)


def refused_import(file: Path, target: Path, message: str) -> None:
    """The import fails with `message`, and the target database is exactly as it was."""
    before = database_dump(target)
    refused = cli("import", file, "--database", target)
    assert refused.exit_code == 1 and message in refused.output, refused.output
    assert database_dump(target) == before


def comparable(database: Path) -> dict[str, list[Any]]:
    """Every table except idempotency keys, rows in their stored order per game or league,
    with league ids replaced by slugs and this database's own integer ids left out."""
    with closing(sqlite3.connect(database)) as conn:
        conn.row_factory = sqlite3.Row
        slugs = dict(conn.execute("select id, slug from leagues").fetchall())
        tables = [
            r[0]
            for r in conn.execute(
                "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
                " and name not like '\\_%' escape '\\' and name != 'request_keys'"
            )
        ]
        found: dict[str, list[Any]] = {}
        for table in sorted(tables):
            rows = []
            for row in conn.execute(f"select * from [{table}] order by rowid"):
                item = {k: row[k] for k in row.keys() if k != LOCAL_IDS.get(table)}  # noqa: SIM118
                if "league_id" in item:
                    item["league_id"] = slugs.get(item["league_id"])
                rows.append(item)
            # Stored order within a game or league; games and leagues sorted among themselves.
            owner = (
                "id"
                if table == "games"
                else next(
                    (k for k in ("game_id", "league_id", "slug") if rows and k in rows[0]), None
                )
            )
            found[table] = sorted(rows, key=lambda r: str(r[owner])) if owner else rows
        return found


@pytest.fixture
def source(tmp_path: Path) -> dict[str, Any]:
    """A club's instance: a league with a season and games of several kinds, and a game on its own."""
    database = tmp_path / "laptop.sqlite3"
    _app, client, api = instance(database)
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json or {}
    league_token = {"X-League-Token": league["league_token"]}
    slug = league["slug"]
    season = client.post(
        f"/api/leagues/{slug}/seasons",
        json={"name": "Spring", "starts_on": "2020-03-01", "ends_on": "2099-05-31"},
        headers=league_token,
    )
    assert season.status_code == 201, season.json
    in_league = []
    for body in (
        {"ruleset": "block", "players": FOUR, "partnerships": True, "team_names": ["Us", "Them"]},
        {"ruleset": "draw", "players": ["Ann", "Bob"], "options": {"target": 20}},
        {"ruleset": "muggins", "players": ["Ann", "Bob", "Cy"]},
    ):
        response = client.post("/api/games", json={**body, "league": slug}, headers=league_token)
        assert response.status_code == 201, response.json
        game = response.json or {}
        api.tokens[game["id"]] = game["scorer_token"]
        in_league.append(game["id"])
    block, draw, muggins = in_league
    api.hand(block, {"pips": {"Us": 0, "Them": 14}, "domino": "Ann"})
    api.hand(block, {"pips": {"Us": 9, "Them": 0}, "domino": "Bob"})
    client.put(
        f"/api/games/{block}/hands/1",
        json={"pips": {"Us": 0, "Them": 18}, "domino": "Cy"},
        headers=api.headers(block),
    )
    api.hand(block, {"pips": {"Us": 0, "Them": 3}, "domino": "Ann"})
    client.delete(f"/api/games/{block}/hands/3", headers=api.headers(block))
    api.hand(draw, {"pips": {"Ann": 0, "Bob": 25}, "domino": "Ann"})  # finishes the game
    rematch = client.post(f"/api/games/{draw}/next", headers=api.headers(draw))
    assert rematch.status_code == 201, rematch.json
    api.hand(muggins, {"pips": {"Ann": 0, "Bob": 12, "Cy": 3}, "domino": "Ann"})
    played = client.post(
        f"/api/games/{muggins}/plays",
        json={"player": "Bob", "ends": ["5-5"]},
        headers=api.headers(muggins),
    )
    assert played.status_code == 201  # a hand in progress, still being played
    alone = api.create("moon", ["Ann", "Bob", "Cy"], team_names=None)
    api.hand(alone["id"], {"bidder": "Ann", "bid": 5, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}})
    return {
        "database": database,
        "league_token": league["league_token"],
        "slug": slug,
        "tokens": dict(api.tokens),
        "in_league": [*in_league, (rematch.json or {})["id"]],
        "alone": alone["id"],
    }


def test_a_league_and_a_game_round_trip_losslessly(source: dict[str, Any], tmp_path: Path) -> None:
    league_file, game_file = tmp_path / "league.json", tmp_path / "game.json"
    target = tmp_path / "other-laptop.sqlite3"
    exported = cli(
        "export", "--league", source["slug"], league_file, "--database", source["database"]
    )
    assert exported.exit_code == 0, exported.output
    assert "Exported 4 games with 4 hands" in exported.output
    assert (
        cli(
            "export", "--game", source["alone"], game_file, "--database", source["database"]
        ).exit_code
        == 0
    )
    for file in (league_file, game_file):
        imported = cli("import", file, "--database", target)
        assert imported.exit_code == 0, imported.output
    assert (
        f"Imported 4 games with 4 hands and league {source['slug']}"
        in cli("import", league_file, "--database", tmp_path / "third.sqlite3").output
    )

    # Everything stored is the same: games, hands, log, plays, the league and its seasons.
    stored = comparable(source["database"])
    assert all(stored[t] for t in ("leagues", "seasons", "games", "hands", "log", "plays"))
    assert comparable(target) == stored
    # The games read the same through the API, totals, hand in progress and match included.
    _, old, _ = instance(source["database"])
    _, new, new_api = instance(target)
    for game_id in [*source["in_league"], source["alone"]]:
        assert new.get(f"/api/games/{game_id}").json == old.get(f"/api/games/{game_id}").json
    assert (
        new.get(f"/api/leagues/{source['slug']}/standings").json
        == old.get(f"/api/leagues/{source['slug']}/standings").json
    )
    # The links still work on the new laptop: the scorer's token and the league's.
    new_api.tokens.update(source["tokens"])
    assert new_api.post_hand(source["alone"], {"all_passed": True}).status_code == 201
    joined = new.post(
        "/api/games",
        json={"ruleset": "block", "players": ["A", "B"], "league": source["slug"]},
        headers={"X-League-Token": source["league_token"]},
    )
    assert joined.status_code == 201
    # Exporting again from the new laptop gives the same document.
    again = tmp_path / "again.json"
    assert (
        cli(
            "export", "--league", source["slug"], again, "--database", tmp_path / "third.sqlite3"
        ).exit_code
        == 0
    )
    first, second = (json.loads(f.read_text()) for f in (league_file, again))
    assert {**first, "exported_at": None} == {**second, "exported_at": None}


def test_importing_twice_is_refused_and_changes_nothing(
    source: dict[str, Any], tmp_path: Path
) -> None:
    league_file, target = tmp_path / "league.json", tmp_path / "other.sqlite3"
    cli("export", "--league", source["slug"], league_file, "--database", source["database"])
    assert cli("import", league_file, "--database", target).exit_code == 0
    refused_import(
        league_file, target, "is already in this database: importing it again would double it"
    )


def test_a_different_league_with_the_same_name_is_not_merged(
    source: dict[str, Any], tmp_path: Path
) -> None:
    league_file, target = tmp_path / "league.json", tmp_path / "other.sqlite3"
    cli("export", "--league", source["slug"], league_file, "--database", source["database"])
    instance(target)
    with sqlite3.connect(target) as conn:  # another club's league that took the same address
        conn.execute(
            "insert into leagues (slug, name, token_hash, created_at) values (?, ?, ?, ?)",
            [source["slug"], "Thursday Club", "another club's token", "2026-01-01T00:00:00"],
        )
    refused_import(
        league_file, target, f"A different league called {source['slug']} already exists"
    )


def test_a_game_joins_its_league_when_the_league_is_already_there(
    source: dict[str, Any], tmp_path: Path
) -> None:
    """Moving a league, then one more game of it played on the old laptop later."""
    league_file, game_file, target = (
        tmp_path / "l.json",
        tmp_path / "g.json",
        tmp_path / "o.sqlite3",
    )
    late = source["in_league"][0]
    cli("export", "--league", source["slug"], league_file, "--database", source["database"])
    document = json.loads(league_file.read_text())
    document["games"] = [g for g in document["games"] if g["game"]["id"] != late]
    league_file.write_text(json.dumps(document))
    assert cli("import", league_file, "--database", target).exit_code == 0
    for game_id in (late, source["alone"]):
        cli("export", "--game", game_id, game_file, "--database", source["database"])
        assert cli("import", game_file, "--database", target).exit_code == 0
    assert comparable(target) == comparable(source["database"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: [], "not a Scorekeeper export"),
        (lambda d: {**d, "format_version": 99}, "format version 99"),
        (lambda d: {**d, "games": "all"}, "a list of leagues and a list of games"),
        (
            lambda d: {**d, "games": [{"game": {"id": "x"}, "tables": {"hands": [{}]}}]},
            "incomplete",
        ),
        (
            lambda d: {**d, "games": [{**d["games"][0], "tables": {"secrets": []}}]},
            "doesn't know: secrets",
        ),
        (
            lambda d: {
                **d,
                "games": [{**d["games"][0], "game": {**d["games"][0]["game"], "colour": 1}}],
            },
            "doesn't know: colour",
        ),
        (
            lambda d: {
                **d,
                "games": [{**d["games"][0], "game": {**d["games"][0]["game"], "players": "[1"}}],
            },
            "can't be read",
        ),
        (  # what a hand scored, kept in its log line for the history page
            lambda d: {
                **d,
                "games": [
                    {
                        **d["games"][0],
                        "tables": {
                            **d["games"][0]["tables"],
                            "log": [
                                {**line, "result": ""} for line in d["games"][0]["tables"]["log"]
                            ],
                        },
                    }
                ],
            },
            "its result is not the JSON the app writes there",
        ),
        (  # SQLite's json() read the game's hands: "malformed JSON", in SQLite's English
            lambda d: {
                **d,
                "games": [
                    {
                        **d["games"][0],
                        "tables": {
                            **d["games"][0]["tables"],
                            "hands": [
                                {**hand, "entry": "x"} for hand in d["games"][0]["tables"]["hands"]
                            ],
                        },
                    }
                ],
            },
            "its hands or plays are not the JSON the app writes there",
        ),
        (  # a league named by a list: "unhashable type: 'list'"
            lambda d: {
                **d,
                "games": [{**d["games"][0], "game": {**d["games"][0]["game"], "league": []}}],
            },
            "belongs to league [], which the export lacks",
        ),
    ],
)
def test_a_broken_export_is_refused_clearly_and_imports_nothing(
    source: dict[str, Any], tmp_path: Path, change: Any, message: str
) -> None:
    game_file, target = tmp_path / "game.json", tmp_path / "other.sqlite3"
    cli("export", "--game", source["alone"], game_file, "--database", source["database"])
    game_file.write_text(json.dumps(change(json.loads(game_file.read_text()))))
    instance(target)
    refused_import(game_file, target, message)


def test_export_needs_exactly_one_of_a_game_or_a_league(
    source: dict[str, Any], tmp_path: Path
) -> None:
    out = tmp_path / "x.json"
    assert cli("export", out, "--database", source["database"]).exit_code == 2
    missing = cli("export", "--game", "nope", out, "--database", source["database"])
    assert missing.exit_code == 1 and "There is no game nope" in missing.output
    assert not out.exists()


def test_a_league_whose_last_game_is_broken_imports_nothing_at_all(
    source: dict[str, Any], tmp_path: Path
) -> None:
    """All or nothing: the league and its first games are written before the last game is
    found unreadable, and every one of them is taken back."""
    league_file, target = tmp_path / "league.json", tmp_path / "other.sqlite3"
    exported = cli(
        "export", "--league", source["slug"], league_file, "--database", source["database"]
    )
    assert exported.exit_code == 0, exported.output
    document = json.loads(league_file.read_text())
    assert len(document["leagues"]) == 1 and len(document["games"]) == 4
    last = document["games"][-1]
    last["game"] = {**last["game"], "players": "[1"}  # read only after it is inserted
    league_file.write_text(json.dumps(document))
    instance(target)
    refused_import(league_file, target, f"Game {last['game']['id']} in the export can't be read")
    with closing(sqlite3.connect(target)) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (0,)
        assert conn.execute("select count(*) from leagues").fetchone() == (0,)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "its lists and objects are nested deeper than any"),
        (b'{"games": [' + b"9" * 5000 + b"]}", "it holds a number of more than 4,300 digits"),
        (b'{"format": "scorekeeper-\x00export"}', "it is not JSON (line 1, column 25)"),
        (b"\xff\xfe{\x00}\x00", "it is not text in UTF-8"),
        (b"", "it is not JSON (line 1, column 1)"),
    ],
    ids=["nested", "long number", "NUL", "UTF-16", "empty"],
)
def test_a_file_that_is_no_json_is_refused_in_words_for_a_person(
    tmp_path: Path, content: bytes, message: str
) -> None:
    """Python's own words were shown ("use sys.set_int_max_str_digits() to increase the
    limit"), in English whatever the terminal's language."""
    file, target = tmp_path / "export.json", tmp_path / "club.sqlite3"
    file.write_bytes(content)
    instance(target)
    refused_import(file, target, f"is not a JSON export: {message}")
    assert "sys." not in cli("import", file, "--database", target).output


def test_an_export_saved_again_with_a_byte_order_mark_imports(
    source: dict[str, Any], tmp_path: Path
) -> None:
    """Windows Notepad saves UTF-8 with a byte-order mark: an export opened and saved there
    still imports."""
    game_file, target = tmp_path / "game.json", tmp_path / "other.sqlite3"
    cli("export", "--game", source["alone"], game_file, "--database", source["database"])
    game_file.write_bytes(b"\xef\xbb\xbf" + game_file.read_bytes())
    instance(target)
    imported = cli("import", game_file, "--database", target)
    assert imported.exit_code == 0, imported.output
    _app, client, _api = instance(target)
    assert client.get(f"/api/games/{source['alone']}").status_code == 200


def test_an_export_that_cannot_be_read_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file this user may not read ended in PermissionError's traceback."""
    file, target = tmp_path / "export.json", tmp_path / "club.sqlite3"
    file.write_text("{}", encoding="utf-8")
    instance(target)

    def forbidden(self: Path, *_args: object, **_kwargs: object) -> str:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", forbidden)
    before = database_dump(target)
    refused = cli("import", file, "--database", target)
    monkeypatch.undo()
    assert refused.exit_code == 1, refused.output
    assert f"Error: {file} could not be read: this user may not read it." in refused.output
    assert database_dump(target) == before
