"""Explanations kept so that they can be said in any language later: a club's older file and
an older export (both holding English sentences) keep working, and end up as Messages."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from sqlite_utils import Database

from scorekeeper import create_app, games
from scorekeeper.cli import main
from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import Table
from scorekeeper.store import connect, migrate
from scorekeeper.store.schema import migrations
from scorekeeper.words import Message, explanation_of
from tests.conftest import Api
from tests.words import english

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def old_database(path: Path) -> Database:
    """A club's file made before m008: the schema up to m007, English explanations in it."""
    old = Database(path)
    migrations.apply(old, stop_before="m008_explanations_in_any_language")
    return old


def add_game(
    old: Database, game_id: str, ruleset: str, table: Table, given: dict[str, Any]
) -> None:
    options = REGISTRY[ruleset].resolve_options(given, table)
    old.execute(
        "insert into games (id, ruleset, players, team_names, options, token_hash, version, "
        "created_at) values (?, ?, ?, ?, ?, 'h', 1, '2025-01-01T19:00:00.000+00:00')",
        [
            game_id,
            ruleset,
            json.dumps(table.players),
            json.dumps(table.team_names),
            json.dumps(options),
        ],
    )


def add_hand(
    old: Database, game_id: str, number: int, entry: Any, scores: Any, lines: list[str]
) -> None:
    old.execute(
        "insert into hands (game_id, number, entry, scores, explanation, steps, dealer, "
        "created_at) values (?, ?, ?, ?, ?, '[]', 'Ann', '2025-01-01T19:01:00.000+00:00')",
        [game_id, number, json.dumps(entry), json.dumps(scores), json.dumps(lines)],
    )


def stored_explanations(path: Path, game_id: str) -> list[list[Any]]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute(
            "select explanation from hands where game_id = ? order by number", [game_id]
        )
        return [json.loads(row[0]) for row in rows]


def test_a_file_from_before_keeps_its_explanations_now_sayable_in_any_language(
    tmp_path: Path,
) -> None:
    """m008 scores each stored hand again in its place in the game (the partnership game's
    hand 2 scores from the totals before it) and keeps its Messages; the English is what it
    was. A hand that no longer scores as it was stored keeps its English as it is."""
    path = tmp_path / "club.sqlite3"
    old = old_database(path)
    block = Table(("Ann", "Bob", "Cy"))
    add_game(old, "b1", "block", block, {})
    add_hand(
        old,
        "b1",
        1,
        {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"},
        {"Ann": 19, "Bob": 0, "Cy": 0},
        ["Ann dominoed.", "Ann scores Bob 12 + Cy 7 = 19, minus own 0: 19 points."],
    )
    # Stored by a version whose rules scored it otherwise: the record keeps what it said.
    add_hand(
        old,
        "b1",
        2,
        {"pips": {"Ann": 5, "Bob": 0, "Cy": 9}, "domino": "Bob"},
        {"Ann": 0, "Bob": 99, "Cy": 0},
        ["Bob went out in an older way."],
    )
    latin = Table(tuple(FOUR), ("Us", "Them"))
    add_game(old, "l1", "latin-partnership", latin, {"target": 50})
    first = {"pips": {"Ann": 0, "Bob": 20, "Cy": 10, "Dee": 14}, "domino": "Ann"}
    second = {"pips": {"Ann": 3, "Bob": 0, "Cy": 4, "Dee": 6}, "domino": "Bob"}
    add_hand(
        old,
        "l1",
        1,
        first,
        {"Us": 44, "Them": 0},
        ["Ann dominoed: Bob 20 + Cy 10 + Dee 14 = 44 to Us."],
    )
    add_hand(
        old,
        "l1",
        2,
        second,
        {"Us": 0, "Them": 13},
        ["Bob dominoed: Ann 3 + Cy 4 + Dee 6 = 13 to Them."],
    )
    old.execute(
        "insert into log (game_id, at, actor, action, hand_number, entry, version, result) "
        "values ('b1', '2025-01-01T19:01:00.000+00:00', 'api:x', 'entered', 1, ?, 1, ?)",
        [
            json.dumps({"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"}),
            json.dumps(
                {
                    "scores": {"Ann": 19, "Bob": 0, "Cy": 0},
                    "explanation": [
                        "Ann dominoed.",
                        "Ann scores Bob 12 + Cy 7 = 19, minus own 0: 19 points.",
                    ],
                }
            ),
        ],
    )
    old.conn.commit()
    old.close()

    migrate(path)

    kept = stored_explanations(path, "b1")
    assert kept[0] == [
        {"id": "%(player)s dominoed.", "values": {"player": "Ann"}},
        {
            "id": "%(side)s scores %(sum)s = %(total)s, minus own %(own)s: %(points)s.",
            "values": {
                "side": "Ann",
                "sum": "Bob 12 + Cy 7",
                "total": 19,
                "own": 0,
                "points": {
                    "id": "%(points)s point",
                    "plural": "%(points)s points",
                    "count": 19,
                    "values": {"count": 19, "points": 19},
                },
            },
        },
    ]
    assert kept[1] == ["Bob went out in an older way."]
    db = connect(path)
    try:
        game = games.load_game(db, "b1")
        assert english(game.hands[0].result.explanation) == (
            "Ann dominoed.",
            "Ann scores Bob 12 + Cy 7 = 19, minus own 0: 19 points.",
        )
        assert english(game.hands[1].result.explanation) == ("Bob went out in an older way.",)
        partnership = games.load_game(db, "l1")
        assert all(
            isinstance(line, Message)
            for hand in partnership.hands
            for line in hand.result.explanation
        )
        assert english(partnership.hands[1].result.explanation) == (
            "Bob dominoed: Ann 3 + Cy 4 + Dee 6 = 13 to Them.",
        )
    finally:
        db.close()
    with closing(sqlite3.connect(path)) as conn:
        (logged,) = conn.execute("select result from log where game_id = 'b1'").fetchone()
    said = explanation_of(json.loads(logged)["explanation"])
    assert all(isinstance(line, Message) for line in said)
    assert english(said) == (
        "Ann dominoed.",
        "Ann scores Bob 12 + Cy 7 = 19, minus own 0: 19 points.",
    )


def test_an_older_export_with_english_explanations_imports_and_is_explained_again(
    tmp_path: Path,
) -> None:
    """An export made before Messages holds English sentences: it imports, and its hands
    are explained again as Messages (the scores were checked against the entries)."""
    source = tmp_path / "laptop.sqlite3"
    app = create_app({"TESTING": True, "DATABASE": source, "SECRET_KEY": "t"})
    api = Api(app.test_client())
    game = api.create("muggins", ["Ann", "Bob", "Cy"])
    api.hand(
        game["id"],
        {
            "plays": [{"player": "Ann", "ends": ["5-5"]}, {"player": "Bob", "ends": ["5-5", 5]}],
            "pips": {"Ann": 0, "Bob": 12, "Cy": 3},
            "domino": "Ann",
        },
    )
    shown = api.game(game["id"])["hands"][0]["explanation"]
    exported = tmp_path / "game.json"
    done = CliRunner().invoke(
        main, ["export", "--game", game["id"], str(exported), "--database", str(source)]
    )
    assert done.exit_code == 0, done.output
    doc = json.loads(exported.read_text())
    (record,) = doc["games"]
    for hand in record["tables"]["hands"]:
        lines = explanation_of(json.loads(hand["explanation"]))
        hand["explanation"] = json.dumps(list(english(lines)))  # as an older app wrote it
    for line in record["tables"]["log"]:
        if line.get("result"):
            result = json.loads(line["result"])
            result["explanation"] = list(english(explanation_of(result["explanation"])))
            line["result"] = json.dumps(result)
    older = tmp_path / "older.json"
    older.write_text(json.dumps(doc))
    target = tmp_path / "club.sqlite3"
    imported = CliRunner().invoke(main, ["import", str(older), "--database", str(target)])
    assert imported.exit_code == 0, imported.output

    (lines,) = stored_explanations(target, game["id"])
    assert all(isinstance(line, dict) and "id" in line for line in lines)
    assert lines[0] == {
        "id": "%(player)s: %(count)s, %(score)s",
        "values": {
            "player": "Ann",
            "count": {"id": "ends %(ends)s = %(count)s", "values": {"ends": "5-5", "count": 10}},
            "score": {"id": "scores %(points)s", "values": {"points": 10}},
        },
    }
    there = create_app({"TESTING": True, "DATABASE": target, "SECRET_KEY": "t"})
    assert Api(there.test_client()).game(game["id"])["hands"][0]["explanation"] == shown
    assert shown[:2] == ["Ann: ends 5-5 = 10, scores 10", "Bob: ends 5-5 + 5 = 15, scores 15"]
