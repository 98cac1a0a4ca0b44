"""`scorekeeper import` of mutated exports: refused whole in a sentence, or used without a 500.

A real export of a league (games of several kinds, a season, a correction, a live play) is
changed in one place at random, down into the JSON written inside its columns, and
imported into a database that already holds a game. Either the import is refused, with a
sentence, no traceback, and the database exactly as it was; or every page, API answer and
CSV of the league still answers without a server error.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.cli import main
from tests.conftest import Api
from tests.test_fuzz import database_dump

FOUR = ["Ann", "Bob", "Cy", "Dee"]
Path_ = tuple[Any, ...]


def build_export(folder: Path) -> tuple[dict[str, Any], Path]:
    """A league export, and a target database already holding a game of its own."""
    source = folder / "source.sqlite3"
    app = create_app(
        {"TESTING": True, "DATABASE": source, "SECRET_KEY": "t", "RATE_LIMIT_BURST": 0}
    )
    client = app.test_client()
    api = Api(client)
    league = client.post("/api/leagues", json={"name": "Thursday Club"}).json or {}
    headers = {"X-League-Token": league["league_token"]}
    client.post(
        f"/api/leagues/{league['slug']}/seasons",
        json={"name": "Spring", "starts_on": "2020-03-01", "ends_on": "2099-05-31"},
        headers=headers,
    )
    games = {}
    for body in (
        {"ruleset": "block", "players": FOUR, "partnerships": True, "options": {"target": 10}},
        {"ruleset": "muggins", "players": ["Ann", "Bob", "Cy"]},
        {"ruleset": "moon", "players": ["Ann", "Bob", "Cy"]},
        {"ruleset": "black-tile-11", "players": ["Ann", "Bob", "Cy"]},
    ):
        made = client.post("/api/games", json={**body, "league": league["slug"]}, headers=headers)
        assert made.status_code == 201, made.json
        game = made.json or {}
        api.tokens[game["id"]] = game["scorer_token"]
        games[body["ruleset"]] = game["id"]
    api.hand(games["block"], {"pips": {"Ann & Cy": 0, "Bob & Dee": 14}, "domino": "Ann"})
    api.hand(games["muggins"], {"pips": {"Ann": 0, "Bob": 12, "Cy": 3}, "domino": "Ann"})
    client.post(
        f"/api/games/{games['muggins']}/plays",
        json={"player": "Bob", "ends": ["5-5"]},
        headers=api.headers(games["muggins"]),
    )
    api.hand(games["moon"], {"bidder": "Ann", "bid": 5, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}})
    api.hand(games["black-tile-11"], {"points": {"Ann": 2, "Bob": 5, "Cy": 4}})
    exported = folder / "league.json"
    result = CliRunner().invoke(
        main, ["export", "--league", league["slug"], str(exported), "--database", str(source)]
    )
    assert result.exit_code == 0, result.output
    target = folder / "target.sqlite3"
    other = Api(create_app({"TESTING": True, "DATABASE": target, "SECRET_KEY": "t"}).test_client())
    other.create("draw", ["Eve", "Fay"])
    return json.loads(exported.read_text()), target


@pytest.fixture(scope="module")
def export() -> Iterator[tuple[dict[str, Any], Path, Path]]:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-import-fuzz-"))
    document, target = build_export(folder)
    yield document, target, folder
    shutil.rmtree(folder, ignore_errors=True)


def places(value: Any, at: Path_ = ()) -> Iterator[Path_]:
    """Every place in the document, JSON written inside a text column included ("json" steps)."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*at, index))
    elif isinstance(value, str) and value[:1] in "[{":
        try:
            inner = json.loads(value)
        except ValueError:
            return
        for place in places(inner, ()):
            if place:
                yield (*at, "json", *place)


def changed(document: Any, place: Path_, new: Any, delete: bool) -> Any:
    """`document` with the value at `place` replaced by `new` (or removed)."""
    if not place:
        return new
    step, rest = place[0], place[1:]
    if step == "json":
        return json.dumps(changed(json.loads(document), rest, new, delete))
    document = list(document) if isinstance(document, list) else dict(document)
    if not rest and delete:
        del document[step]
        return document
    document[step] = changed(document[step], rest, new, delete)
    return document


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["", "Ann", "3-4", "finished", "in_progress", "[]", "{}", "x" * 41, "\u202eAnn"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_export_is_refused_cleanly_or_served_without_errors(
    export: tuple[dict[str, Any], Path, Path], data: st.DataObject
) -> None:
    document, template, folder = export
    every_place = [p for p in places(document) if p]
    place = data.draw(st.sampled_from(every_place), "place")
    delete = data.draw(st.booleans(), "delete") and not isinstance(place[-1], int)
    new = None if delete else data.draw(JSON_VALUES, "new value")
    mutated = changed(copy.deepcopy(document), place, new, delete)

    work = Path(tempfile.mkdtemp(dir=folder))
    target, file = work / "target.sqlite3", work / "mutated.json"
    shutil.copy(template, target)
    file.write_text(json.dumps(mutated))
    before = database_dump(target)
    result = CliRunner().invoke(main, ["import", str(file), "--database", str(target)])
    event("refused" if result.exit_code else "imported")
    if result.exit_code != 0:
        assert result.exit_code == 1 and result.output.startswith("Error: "), result.output
        assert "Traceback" not in result.output and result.exception is not None
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        assert database_dump(target) == before
    else:
        assert_league_served(target, mutated)
    shutil.rmtree(work, ignore_errors=True)


def assert_league_served(target: Path, document: dict[str, Any]) -> None:
    client = create_app({"TESTING": True, "DATABASE": target, "SECRET_KEY": "t"}).test_client()
    slugs = [record["league"]["slug"] for record in document["leagues"]]
    for slug in slugs:
        for path in (
            f"/leagues/{slug}",
            f"/api/leagues/{slug}",
            f"/api/leagues/{slug}/standings",
            f"/leagues/{slug}/standings.csv",
            f"/leagues/{slug}/games.csv",
            f"/leagues/{slug}/games.json",
            f"/leagues/{slug}/screen",
            f"/leagues/{slug}/players/Ann",
        ):
            response = client.get(path)
            assert response.status_code < 500, (path, response.get_data(as_text=True)[:300])
    for record in document["games"]:
        game_id = record["game"]["id"]
        for path in (f"/api/games/{game_id}", f"/games/{game_id}", f"/games/{game_id}/history"):
            response = client.get(path)
            assert response.status_code < 500, (path, response.get_data(as_text=True)[:300])


def test_the_unchanged_export_imports() -> None:
    """The fuzz starts from an export that imports: a refusal means the mutation was refused."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-import-plain-"))
    try:
        document, target = build_export(folder)
        file = folder / "plain.json"
        file.write_text(json.dumps(document))
        result = CliRunner().invoke(main, ["import", str(file), "--database", str(target)])
        assert result.exit_code == 0, result.output
        assert_league_served(target, document)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
