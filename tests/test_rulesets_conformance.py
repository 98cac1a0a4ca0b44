"""Every registered ruleset keeps the same contract: options validate, a sample hand scores,
every side gets a score, and every score is explained in sentences."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.rules import REGISTRY, Ruleset
from scorekeeper.rules.base import RuleError, ScoredHand, Table, end_of_game
from tests.words import english

RULESETS = list(REGISTRY.values())
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def tables(ruleset: Ruleset) -> list[Table]:
    found = []
    for count in ruleset.players:
        players = NAMES[:count]
        if ruleset.partnerships != "always" or count != 4:
            found.append(Table(players))
        if ruleset.partnerships != "never" and count == 4:
            found.append(Table(players, ("Us", "Them")))
    return [t for t in found if not _refused(ruleset, t)]


def new_game_body(
    ruleset: Ruleset, table: Table, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The API's new-game request for this table."""
    return {
        "ruleset": ruleset.id,
        "players": list(table.players),
        "partnerships": table.partnerships,
        **({"team_names": list(table.team_names)} if table.partnerships else {}),
        "options": options or {},
    }


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
        "texas-42",
        "fives-and-threes",
        "mexican-train",
        "latin-partnership",
        "custom",
    }


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_declaration_is_complete(ruleset: Ruleset) -> None:
    assert ruleset.name and ruleset.description.endswith(".")
    assert ruleset.seed.endswith(".txt")
    assert ruleset.players and all(2 <= n <= 10 for n in ruleset.players)
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
        assert english(result.explanation)
        for line in english(result.explanation):
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
        assert str(refused.value)


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
            "double_blank",
            "closer",
            "capicua",
            "pases_corridos",
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
    created = client.post("/api/games", json=new_game_body(ruleset, table))
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


# --- SCORING.md, common rules: "A game ends after the first hand at which its end condition
# holds. If a correction makes an earlier hand end the game, the hands after it stay in the
# record but no longer count" — for every registered ruleset, with its own sample hands.

MOST_HANDS_SEARCHED = 120


@dataclass(frozen=True)
class EarlierEnd:
    """A game in progress, and a correction of one of its hands that ends it sooner."""

    options: dict[str, Any]
    entries: tuple[dict[str, Any], ...]  # the hands entered, the game still going on
    number: int  # the hand corrected
    correction: dict[str, Any]
    ends_after: int  # the hand the game ends at once corrected


def option_choices(ruleset: Ruleset, table: Table) -> list[dict[str, Any]]:
    """The defaults, then (where the game has a target) a small one and a doubled one."""
    choices: list[dict[str, Any]] = [{}]
    target = ruleset.resolve_options({}, table).get("target")
    if any(option.name == "target" for option in ruleset.options):
        choices.append({"target": 20})
        if isinstance(target, int):
            choices.append({"target": 2 * target})
    return choices


def scored(ruleset: Ruleset, table: Table, options: Any, entries: Any) -> list[ScoredHand]:
    return [
        ScoredHand(number, entry, ruleset.score_hand(entry, table, options))
        for number, entry in enumerate(entries, start=1)
    ]


def runs_of_hands(samples: tuple[dict[str, Any], ...]) -> list[list[dict[str, Any]]]:
    """Long runs of the ruleset's sample hands: all of them in turn, and the first alone."""
    return [
        [samples[turn % len(samples)] for turn in range(MOST_HANDS_SEARCHED)],
        [samples[0]] * MOST_HANDS_SEARCHED,
    ]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_a_game_once_over_stays_over_as_hands_are_added(ruleset: Ruleset) -> None:
    """SCORING.md: "A game ends after the first hand at which its end condition holds" — so a
    ruleset's status, over after some hands, is over after any more (end_of_game relies on it
    to find that first hand by halving the record)."""
    ended = 0
    for table in tables(ruleset):
        for chosen in option_choices(ruleset, table):
            options = ruleset.resolve_options(chosen, table)
            for run in runs_of_hands(ruleset.sample_entries(table)):
                hands = scored(ruleset, table, options, run[:40])
                over = [ruleset.status(table, options, hands[:n]).finished for n in range(41)]
                assert over == sorted(over), (ruleset.id, table, chosen, over.index(True))
                ended += over[-1]
    assert ended, f"{ruleset.id}: no run of its sample hands ends a game within 40 hands"


def earlier_end(ruleset: Ruleset, table: Table) -> EarlierEnd | None:
    """Sample hands entered as long as the game goes on; then a correction of one of them
    (earliest hand first) to another sample hand that ends the game before the last hand,
    two hands before it where the samples allow (to undo more than one)."""
    cases = earlier_ends(ruleset, table)
    first = next(cases, None)
    if first is None or len(first.entries) - first.ends_after > 1:
        return first
    return next((c for c in cases if len(c.entries) - c.ends_after > 1), first)


def earlier_ends(ruleset: Ruleset, table: Table) -> Iterator[EarlierEnd]:
    samples = ruleset.sample_entries(table)
    for chosen in option_choices(ruleset, table):
        options = ruleset.resolve_options(chosen, table)
        for run in runs_of_hands(samples):
            hands = scored(ruleset, table, options, run)
            going_on = end_of_game(ruleset, table, options, hands).last_counted - 1
            entries = run[:going_on]
            # A hand's score is its entry's alone: each sample is scored once, not per place.
            corrections = [(c, ruleset.score_hand(c, table, options)) for c in samples]
            for number in range(1, len(entries)):
                for correction, result in corrections:
                    changed = [
                        *hands[: number - 1],
                        ScoredHand(number, correction, result),
                        *hands[number:going_on],
                    ]
                    ending = end_of_game(ruleset, table, options, changed)
                    if ending.status.finished and ending.last_counted < len(entries):
                        yield EarlierEnd(
                            chosen, tuple(entries), number, correction, ending.last_counted
                        )


@pytest.mark.parametrize(
    ("ruleset", "table"),
    [(r, t) for r in RULESETS for t in tables(r)],
    ids=[
        f"{r.id}-{len(t.players)}{'-teams' if t.partnerships else ''}"
        for r in RULESETS
        for t in tables(r)
    ],
)
def test_a_correction_that_ends_the_game_earlier(
    client: FlaskClient, ruleset: Ruleset, table: Table
) -> None:
    """SCORING.md: "If a correction makes an earlier hand end the game, the hands after it stay
    in the record but no longer count: totals, status and winners are those at the end, each
    later hand is marked as played after the end (API: "counted": false), and the page says so
    and offers to undo them. A correction can equally reopen a game." """
    case = earlier_end(ruleset, table)
    if "rounds" in ruleset.resolve_options({}, table):
        # A game of a fixed number of rounds (Mexican Train) ends after its last round whatever
        # the hands hold: no correction can end it sooner.
        assert case is None, f"{ruleset.id}: a correction ended a fixed-length game sooner"
        return
    assert case is not None, f"{ruleset.id}: no sample hand can end a game sooner when corrected"
    created = client.post("/api/games", json=new_game_body(ruleset, table, case.options)).json
    assert created is not None
    url, headers = f"/api/games/{created['id']}", {"X-Scorer-Token": created["scorer_token"]}
    for entry in case.entries:
        assert client.post(f"{url}/hands", json=entry, headers=headers).status_code == 201
    assert client.get(url).json["status"] == "in_progress"  # type: ignore[index]

    fixed = client.put(f"{url}/hands/{case.number}", json=case.correction, headers=headers)
    assert fixed.status_code == 200, fixed.json
    game: dict[str, Any] = client.get(url).json  # type: ignore[assignment]
    assert game["status"] == "finished" and game["next"] is None
    counted = [hand["counted"] for hand in game["hands"]]
    after = len(case.entries) - case.ends_after
    assert counted == [True] * case.ends_after + [False] * after
    # The totals are the counted hands' scores added up, and stay put after the end.
    added = {
        side: sum(h["scores"][side] for h in game["hands"] if h["counted"])
        for side in game["sides"]
    }
    assert game["totals"] == added
    assert all(h["totals"] == added for h in game["hands"][case.ends_after - 1 :])
    assert all("after the end" in h["explanation"][-1] for h in game["hands"][case.ends_after :])
    # Winners as the ruleset decides after exactly the hands up to the end.
    options = ruleset.resolve_options(case.options, table)
    at_end = end_of_game(
        ruleset,
        table,
        options,
        scored(
            ruleset,
            table,
            options,
            [
                *case.entries[: case.number - 1],
                case.correction,
                *case.entries[case.number : case.ends_after],
            ],
        ),
    )
    assert game["winners"] == list(at_end.status.winners) and game["winners"]
    assert client.post(f"{url}/hands", json=case.entries[0], headers=headers).status_code == 409

    # The hands after the end are undone one by one, last first; the result stays.
    for number in range(len(case.entries), case.ends_after, -1):
        assert client.delete(f"{url}/hands/{number}", headers=headers).status_code == 200
        now: dict[str, Any] = client.get(url).json  # type: ignore[assignment]
        assert (now["status"], now["totals"], now["winners"]) == (
            "finished",
            added,
            game["winners"],
        )
    assert all(hand["counted"] for hand in now["hands"])

    # Corrected back, the game is reopened.
    back = client.put(
        f"{url}/hands/{case.number}", json=case.entries[case.number - 1], headers=headers
    )
    assert back.status_code == 200 and back.json["status"] == "in_progress"  # type: ignore[index]
