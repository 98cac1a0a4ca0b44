"""The audit trail: every change to a game, from which link and when; an undone hand restored."""

from __future__ import annotations

import hashlib
import html
import json
import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from flask import Flask, session
from flask.testing import FlaskClient
from flask_wtf.csrf import generate_csrf

from scorekeeper import games
from scorekeeper.store import connect
from tests.conftest import Api
from tests.test_fuzz import database_dump

PLAYERS = ["Ann", "Bob", "Cy"]
HANDS = [
    {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"},
    {"pips": {"Ann": 4, "Bob": 0, "Cy": 2}, "domino": "Bob"},
    {"pips": {"Ann": 3, "Bob": 9, "Cy": 0}, "domino": "Cy"},
]
CLUB_TIME = "America/Chicago"


@pytest.fixture
def club_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[ZoneInfo]:
    """The laptop's clock set to the club's time zone, far from UTC."""
    monkeypatch.setenv("TZ", CLUB_TIME)
    time.tzset()
    yield ZoneInfo(CLUB_TIME)
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def played(api: Api, client: FlaskClient) -> dict[str, Any]:
    """Three hands entered by API, hand 1 corrected, hand 3 undone; this client is the scorer."""
    game = api.create("block", PLAYERS, options={"target": 500})
    for entry in HANDS:
        api.hand(game["id"], entry)
    corrected = {"pips": {"Ann": 0, "Bob": 8, "Cy": 7}, "domino": "Ann"}
    assert (
        api.client.put(
            f"/api/games/{game['id']}/hands/1", json=corrected, headers=api.headers(game["id"])
        ).status_code
        == 200
    )
    undone = api.client.delete(f"/api/games/{game['id']}/hands/3", headers=api.headers(game["id"]))
    assert undone.status_code == 200
    assert client.get(f"/games/{game['id']}/join/{game['scorer_token']}").status_code == 303
    return game


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def changes(page: str) -> list[dict[str, str]]:
    """Each change as the page shows it, newest first: what, when and by whom, what it scored."""
    items = re.findall(
        r'<li class="hand change[^"]*">(.*?)</li>\s*(?=<li class="hand change|</ol>)', page, re.S
    )
    shown = []
    for item in items:
        what = re.search(r"<h3>(.*?)</h3>", item, re.S)
        by = re.search(r'<p class="subtitle">(.*?)</p>', item, re.S)
        scored = re.search(r'<ul class="explanation"[^>]*>(.*?)</ul>', item, re.S)
        assert what and by
        shown.append(
            {
                "what": text(what.group(1)),
                "by": text(by.group(1)),
                "scored": text(scored.group(1)) if scored else "",
            }
        )
    return shown


def restore_form(page: str) -> tuple[str, dict[str, str]]:
    """The first restore button's action and hidden fields."""
    match = re.search(r'<form method="post" action="([^"]+/restore)">(.*?)</form>', page, re.S)
    assert match, "no restore button"
    fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', match.group(2)))
    return html.unescape(match.group(1)), fields


def restore_form_of(client: FlaskClient, game_id: str) -> tuple[str, dict[str, str]]:
    return restore_form(client.get(f"/games/{game_id}/history").get_data(as_text=True))


def refused_restore(client: FlaskClient, form: tuple[str, dict[str, str]], database: Path) -> str:
    """Post the restore form, which must be refused with a 409 and change nothing; the page."""
    before = database_dump(database)
    refused = client.post(form[0], data=form[1])
    assert refused.status_code == 409
    assert database_dump(database) == before
    return html.unescape(refused.get_data(as_text=True))


def stored(app: Flask, game_id: str) -> games.Game:
    db = connect(app.config["DATABASE"])
    try:
        return games.load_game(db, game_id)
    finally:
        db.close()


def sha256_start(token: str) -> str:
    """How the history names a link: the start of its token's SHA-256, worked out here."""
    return hashlib.sha256(token.encode()).hexdigest()[:4]


def test_history_lists_every_change_with_its_link_and_local_time(
    app: Flask, client: FlaskClient, played: dict[str, Any], club_clock: ZoneInfo
) -> None:
    page = client.get(f"/games/{played['id']}/history").get_data(as_text=True)
    who = f"API token {sha256_start(played['scorer_token'])}…"
    shown = changes(page)
    assert [change["what"] for change in shown] == [
        "Hand 3 undone",
        "Hand 1 corrected",
        "Hand 3 entered",
        "Hand 2 entered",
        "Hand 1 entered",
        "Game started",
    ]
    assert all(change["by"].endswith(f"· by the {who}") for change in shown[:-1])
    # What each change scored, in the game's words: the correction shows its new numbers.
    assert "Ann dominoed" in shown[1]["scored"] and "15" in shown[1]["scored"]
    assert "Cy dominoed" in shown[0]["scored"]  # what was undone
    # When, in the club's time, not UTC.
    db = connect(app.config["DATABASE"])
    first = db.rows("select at from log where game_id = ? order by id", [played["id"]])[0]
    db.close()
    local = datetime.fromisoformat(first["at"]).astimezone(club_clock)
    assert local.utcoffset() != datetime.fromisoformat(first["at"]).utcoffset()
    assert shown[-1]["by"].startswith(local.strftime("%a %d %b %Y, %H:%M:%S"))
    assert f'datetime="{local.isoformat()}"' in page
    assert played["scorer_token"] not in page


def test_watchers_see_the_history_but_cannot_restore(
    app: Flask, played: dict[str, Any], database: Path
) -> None:
    watcher = app.test_client()
    page = watcher.get(f"/games/{played['id']}/history")
    assert page.status_code == 200 and "Hand 3 undone" in page.get_data(as_text=True)
    assert "/restore" not in page.get_data(as_text=True)
    # Even with a valid CSRF token of its own, a phone without the scorer right is refused.
    with app.test_request_context():
        csrf = generate_csrf()
        raw = session["csrf_token"]
    with watcher.session_transaction() as cookie:
        cookie["csrf_token"] = raw
    db = connect(database)
    undone_line = db.rows("select id from log where action = 'undone'")[0]
    db.close()
    before = database_dump(database)
    refused = watcher.post(
        f"/games/{played['id']}/history/{undone_line['id']}/restore",
        data={"csrf_token": csrf, "version": "6"},
    )
    assert refused.status_code == 403
    assert "Only the scorer's phone can restore" in html.unescape(refused.get_data(as_text=True))
    assert database_dump(database) == before


def test_the_scorer_restores_an_undone_hand_once_even_on_a_double_tap(
    app: Flask, client: FlaskClient, played: dict[str, Any]
) -> None:
    history = f"/games/{played['id']}/history"
    action, fields = restore_form_of(client, played["id"])
    assert "csrf_token" in fields and fields["version"] == "6"
    first = client.post(action, data=fields)
    assert first.status_code == 303
    second = client.post(action, data=fields)  # the same form, tapped twice
    assert second.status_code == 303
    game = stored(app, played["id"])
    assert len(game.hands) == 3
    assert game.hands[2].entry == HANDS[2]
    assert game.hands[2].result.scores == {"Ann": 0, "Bob": 0, "Cy": 12}
    page = client.get(history).get_data(as_text=True)
    fingerprint = sha256_start(played["scorer_token"])
    latest = changes(page)[0]
    assert latest["what"] == "Hand 3 entered"
    assert latest["by"].endswith(f"by the scorer link {fingerprint}…")
    assert "/restore" not in page  # hand 3 is back: nothing left to restore


def test_a_hand_cannot_be_restored_once_the_game_has_moved_on(
    client: FlaskClient, api: Api, played: dict[str, Any], database: Path
) -> None:
    form = restore_form_of(client, played["id"])
    api.tokens[played["id"]] = played["scorer_token"]
    api.hand(played["id"], {"pips": {"Ann": 0, "Bob": 1, "Cy": 1}, "domino": "Ann"})
    page = refused_restore(client, form, database)
    assert "Hand 3 can't be restored: the game has moved on (3 hands now)" in page


def test_a_restore_on_a_stale_page_names_what_changed(
    client: FlaskClient, api: Api, played: dict[str, Any], database: Path
) -> None:
    """Another phone corrected a hand after this page was loaded: the restore says so."""
    form = restore_form_of(client, played["id"])
    api.tokens[played["id"]] = played["scorer_token"]
    api.client.put(
        f"/api/games/{played['id']}/hands/2", json=HANDS[1], headers=api.headers(played["id"])
    )
    assert "hand 2 was corrected" in refused_restore(client, form, database)


def test_restoring_something_that_was_not_undone_is_a_404(
    client: FlaskClient, played: dict[str, Any]
) -> None:
    action, fields = restore_form_of(client, played["id"])
    created = re.sub(r"/\d+/restore", "/1/restore", action)  # log line 1: the game was started
    assert client.post(created, data=fields).status_code == 404


def test_history_of_an_unknown_game_is_a_404(client: FlaskClient) -> None:
    assert client.get("/games/nothing-here/history").status_code == 404


def test_history_shows_what_each_hand_scored_then_without_scoring_it_again(
    played: dict[str, Any], client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club that later changes how a game scores still sees each logged hand as it was."""

    def explanations() -> list[str]:
        page = client.get(f"/games/{played['id']}/history").get_data(as_text=True)
        return re.findall(r"<li>([^<]*dominoed[^<]*)</li>", page)

    before = explanations()
    assert any("Ann dominoed" in line for line in before)
    assert any("Cy dominoed" in line for line in before)  # the hand undone

    def refuse(*_args: Any) -> Any:
        raise AssertionError("history scored a hand again")

    from scorekeeper.rules import REGISTRY

    monkeypatch.setattr(type(REGISTRY["block"]), "score_hand", refuse)
    assert explanations() == before


def test_log_lines_written_before_results_were_kept_get_theirs_once(tmp_path: Path) -> None:
    """Upgrading a club's file: its old log lines are scored once, by the migration."""
    import sqlite3

    from sqlite_utils import Database

    from scorekeeper.rules import REGISTRY
    from scorekeeper.rules.base import Table
    from scorekeeper.store import migrate
    from scorekeeper.store.schema import migrations
    from scorekeeper.words import explanation_of
    from tests.words import english

    path = tmp_path / "old.sqlite3"
    old = Database(path)
    migrations.apply(old, stop_before="m007_log_keeps_what_each_hand_scored")
    options = REGISTRY["block"].resolve_options({"target": 100}, Table(("Ann", "Bob")))
    old.execute(
        "insert into games (id, ruleset, players, team_names, options, token_hash, version, "
        "created_at) values ('g1', 'block', ?, '[]', ?, 'h', 2, '2025-01-01T19:00:00.000+00:00')",
        [json.dumps(["Ann", "Bob"]), json.dumps(options)],
    )
    for action, entry in (
        ("entered", '{"pips":{"Ann":0,"Bob":7},"domino":"Ann"}'),
        ("corrected", '{"nonsense":true}'),
    ):
        old.execute(
            "insert into log (game_id, at, actor, action, hand_number, entry, version) "
            "values ('g1', '2025-01-01T19:01:00.000+00:00', 'api:x', ?, 1, ?, 2)",
            [action, entry],
        )
    old.conn.commit()
    old.close()

    migrate(path)
    with sqlite3.connect(path) as conn:
        results = [row[0] for row in conn.execute("select result from log order by id")]
    assert results[1] is None  # an entry that no longer scores keeps no result
    logged = json.loads(results[0])
    assert logged["scores"] == {"Ann": 7, "Bob": 0}
    assert "Ann dominoed." in english(explanation_of(logged["explanation"]))
