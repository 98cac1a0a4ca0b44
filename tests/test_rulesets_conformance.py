"""Every registered ruleset keeps the same contract: options validate, a sample hand scores,
every side gets a score, and every score is explained in sentences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.rules import REGISTRY, Ruleset
from scorekeeper.rules.base import RuleError, Table

RULESETS = list(REGISTRY.values())
NAMES = ("Ann", "Bob", "Cy", "Dee")


def tables(ruleset: Ruleset) -> list[Table]:
    found = []
    for count in ruleset.players:
        players = NAMES[:count]
        if ruleset.partnerships != "always" or count != 4:
            found.append(Table(players))
        if ruleset.partnerships != "never" and count == 4:
            found.append(Table(players, ("Us", "Them")))
    return [t for t in found if not _refused(ruleset, t)]


def _refused(ruleset: Ruleset, table: Table) -> bool:
    try:
        ruleset.check_table(table)
    except RuleError:
        return True
    return False


def test_every_seed_game_is_registered() -> None:
    assert set(REGISTRY) == {
        "black-tile-11",
        "black-tile-21",
        "block",
        "draw",
        "muggins",
        "eighty",
        "moon",
    }


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_declaration_is_complete(ruleset: Ruleset) -> None:
    assert ruleset.name and ruleset.description.endswith(".")
    assert ruleset.seed.endswith(".txt")
    assert ruleset.players and all(2 <= n <= 4 for n in ruleset.players)
    assert ruleset.partnerships in ("never", "optional", "always")
    assert tables(ruleset), "no table can play this game"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_options_fill_defaults_validate_and_refuse_unknowns(ruleset: Ruleset) -> None:
    for table in tables(ruleset):
        options = ruleset.resolve_options({}, table)
        assert set(options) == {o.name for o in ruleset.options}
        assert ruleset.resolve_options(options, table) == options
        with pytest.raises(RuleError):
            ruleset.resolve_options({"no_such_option": 1}, table)
        for option in ruleset.options:
            assert option.label
            with pytest.raises(RuleError):
                ruleset.resolve_options({option.name: [1, 2]}, table)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_sample_hand_scores_every_side_with_sentences(ruleset: Ruleset) -> None:
    for table in tables(ruleset):
        options = ruleset.resolve_options({}, table)
        result = ruleset.score_hand(ruleset.sample_entry(table), table, options)
        assert set(result.scores) == set(table.sides)
        assert all(isinstance(points, int) for points in result.scores.values())
        assert result.explanation
        for line in result.explanation:
            assert isinstance(line, str) and len(line.split()) >= 2 and line[0].isupper(), line
        steps = result.ordered_steps
        assert {s: sum(step.get(s, 0) for step in steps) for s in table.sides} == dict(
            result.scores
        )


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_next_hand_and_status_from_no_hands(ruleset: Ruleset) -> None:
    for table in tables(ruleset):
        options = ruleset.resolve_options({}, table)
        assert ruleset.status(table, options, []).finished is False
        assert ruleset.next_hand(table, options, 0).dealer == table.players[0]
        assert ruleset.next_hand(table, options, 1).dealer == table.players[1]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_non_object_entries_are_refused_with_a_sentence(ruleset: Ruleset) -> None:
    table = tables(ruleset)[0]
    options = ruleset.resolve_options({}, table)
    for entry in ({}, {"nonsense": True}):
        with pytest.raises(RuleError) as refused:
            ruleset.score_hand(entry, table, options)
        assert refused.value.message


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.sampled_from(["Ann", "Bob", "Us", "3-3", "0-0", "nel-o", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "Ann",
                    "Bob",
                    "Cy",
                    "Us",
                    "Them",
                    "pips",
                    "tiles",
                    "domino",
                    "captured",
                    "points",
                    "widow",
                    "bidder",
                    "bid",
                    "tricks",
                    "count",
                    "plays",
                    "ends",
                    "player",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)
entries = st.dictionaries(
    st.sampled_from(
        [
            "pips",
            "tiles",
            "domino",
            "captured",
            "points",
            "widow",
            "bidder",
            "bid",
            "tricks",
            "count",
            "count_tiles",
            "all_passed",
            "plays",
            "either_end",
        ]
    ),
    json_values,
    max_size=5,
)


@pytest.fixture
def client(database: Path) -> FlaskClient:
    """One app for all of a property's examples (each plays its own game), writes unlimited."""
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t", "RATE_LIMIT_BURST": 0}
    return create_app(config).test_client()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ruleset=st.sampled_from(RULESETS), entry=entries)
def test_a_refused_entry_never_changes_the_game(
    client: FlaskClient, ruleset: Ruleset, entry: dict[str, Any]
) -> None:
    """Any entry is either scored or refused with a 422 sentence, and a refusal stores nothing."""
    table = tables(ruleset)[0]
    created = client.post(
        "/api/games",
        json={
            "ruleset": ruleset.id,
            "players": list(table.players),
            "partnerships": table.partnerships,
            **({"team_names": list(table.team_names)} if table.partnerships else {}),
        },
    )
    assert created.status_code == 201, created.get_data(True)
    game = created.json
    assert game is not None
    headers = {"X-Scorer-Token": game["scorer_token"]}
    sample = client.post(
        f"/api/games/{game['id']}/hands", json=ruleset.sample_entry(table), headers=headers
    )
    # The game is under way, so the entry below meets a game that can still take a hand.
    assert sample.status_code == 201, sample.get_data(True)
    assert sample.json is not None and sample.json["status"] == "in_progress"
    before = json.dumps(client.get(f"/api/games/{game['id']}").json, sort_keys=True)
    response = client.post(f"/api/games/{game['id']}/hands", json=entry, headers=headers)
    assert response.status_code in (201, 422), response.get_data(True)
    if response.status_code == 422:
        assert response.json is not None and response.json["error"]
        assert json.dumps(client.get(f"/api/games/{game['id']}").json, sort_keys=True) == before
