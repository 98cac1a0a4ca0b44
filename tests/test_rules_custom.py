"""The custom game (contract: shared/SCORING.md, "Beyond the seeds", lines 182-187: "A free-form
`custom` game (any number of sides, points typed per hand, highest or lowest wins, a target or
a number of hands) follows the same shapes: a ruleset module, its options, its entry, its
checks, its explanation."; issue 20: "2–10 sides (players or teams), a name for the game,
points typed per hand (negative allowed where the club says so), highest or lowest wins, a
target or a fixed number of hands")."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.custom import CUSTOM
from tests.words import english

THREE = Table(("Ann", "Bob", "Cy"))
TEN = Table(tuple(f"Player {n}" for n in range(1, 11)))
TEAMS = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))


def options(table: Table = THREE, **given: object) -> dict[str, Any]:
    return CUSTOM.resolve_options(given, table)


def score(points: dict[str, Any], table: Table = THREE, **given: object) -> HandResult:
    return CUSTOM.score_hand({"points": points}, table, options(table, **given))


def refused(points: Any, table: Table = THREE, **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        CUSTOM.score_hand({"points": points}, table, options(table, **given))
    return caught.value


def hands(*rows: dict[str, int]) -> list[ScoredHand]:
    return [ScoredHand(n, {}, HandResult(row, ())) for n, row in enumerate(rows, start=1)]


def test_declaration_and_defaults() -> None:
    """SCORING.md L185: "A free-form `custom` game"; issue 20 "2–10 sides"."""
    assert REGISTRY["custom"] is CUSTOM
    assert CUSTOM.players == tuple(range(2, 11))
    assert options() == {
        "name": "House game",
        "lowest_wins": False,
        "negative": False,
        "target": 100,
        "hands": None,
    }


def test_two_to_ten_sides_players_or_teams() -> None:
    """Issue 20: "2–10 sides (players or teams)"."""
    for count in range(2, 11):
        CUSTOM.check_table(Table(TEN.players[:count]))
    CUSTOM.check_table(TEAMS)
    CUSTOM.check_table(Table(("Ann & Cy", "Bob & Dee", "Eve & Fay")))
    with pytest.raises(RuleError, match="not 11"):
        CUSTOM.check_table(Table((*TEN.players, "Eleven")))
    assert score({"Us": 5, "Them": 7}, TEAMS).scores == {"Us": 5, "Them": 7}


def test_a_name_for_the_game() -> None:
    """Issue 20: "a name for the game"."""
    assert options(name="  Pub   Fives ")["name"] == "Pub Fives"
    for bad in ("", "   ", 7, "x" * 41, "bad\u0007name"):
        with pytest.raises(RuleError) as caught:
            options(name=bad)
        assert caught.value.field == "options.name"


def test_points_typed_per_hand_with_the_explanation() -> None:
    """SCORING.md L185: "points typed per hand"; L19-20 "Every computed score comes with an
    explanation a player can read at the table"."""
    result = score({"Ann": 12, "bob": 0, "Cy": 7})
    assert result.scores == {"Ann": 12, "Bob": 0, "Cy": 7}
    assert english(result.explanation) == ("Points as typed: Ann 12, Bob 0, Cy 7.",)


def test_every_side_needs_points_and_only_whole_numbers() -> None:
    """SCORING.md L21-24: "invalid input changes nothing and gives a clear error naming what is
    wrong ... a player who is not in the game"."""
    assert "Cy" in str(refused({"Ann": 1, "Bob": 2}))
    assert "Zed" in str(refused({"Ann": 1, "Bob": 2, "Cy": 3, "Zed": 4}))
    for bad in (1.5, "4", None, True, 10**5000, 100_001):
        error = refused({"Ann": 1, "Bob": bad, "Cy": 3})
        assert "Bob" in str(error) and error.field == "points"
    assert refused([1, 2, 3]).field == "points"
    with pytest.raises(RuleError):
        CUSTOM.score_hand({"points": {"Ann": 1, "Bob": 1, "Cy": 1}, "pips": 3}, THREE, options())


def test_negative_points_only_where_the_club_says_so() -> None:
    """Issue 20: "negative allowed where the club says so"."""
    error = refused({"Ann": -5, "Bob": 2, "Cy": 3})
    assert str(error).startswith("Ann's points cannot be negative in this game")
    assert score({"Ann": -5, "Bob": 2, "Cy": 3}, negative=True).scores["Ann"] == -5


def test_target_highest_wins() -> None:
    """SCORING.md L185 "highest ... wins, a target"; L27 "'Reaches the target' means total >=
    target"."""
    opts = options(target=50)
    played = hands({"Ann": 30, "Bob": 20, "Cy": 0}, {"Ann": 10, "Bob": 30, "Cy": 0})
    assert not CUSTOM.status(THREE, opts, played[:1]).finished
    status = CUSTOM.status(THREE, opts, played)
    assert status.finished and status.winners == ("Bob",)
    assert not CUSTOM.lowest_wins_with(opts)


def test_target_lowest_wins() -> None:
    """SCORING.md L185 "highest or lowest wins": with the lowest, reaching the target ends the
    game and the lowest total then wins (as in Black Tile)."""
    opts = options(target=50, lowest_wins=True)
    assert CUSTOM.lowest_wins_with(opts)
    played = hands({"Ann": 30, "Bob": 20, "Cy": 5}, {"Ann": 25, "Bob": 1, "Cy": 15})
    status = CUSTOM.status(THREE, opts, played)
    assert status.finished and status.winners == ("Cy",)
    assert english(status.explanation) == (
        "Cy has the lowest total (20) after Ann reached 50 in hand 2 and wins"
    )


def test_a_fixed_number_of_hands() -> None:
    """SCORING.md L185 "or a number of hands"; equal best totals share the win."""
    opts = options(hands=2)
    assert opts["target"] is None
    played = hands({"Ann": 3, "Bob": 1, "Cy": 2}, {"Ann": 0, "Bob": 2, "Cy": 1})
    assert english(CUSTOM.status(THREE, opts, played[:1]).explanation) == "1 hand left"
    status = CUSTOM.status(THREE, opts, played)
    assert status.winners == ("Ann", "Bob", "Cy")
    assert "share the win with the highest total (3) after 2 hands" in english(status.explanation)
    lowest = CUSTOM.status(THREE, options(hands=1, lowest_wins=True), played)
    assert lowest.winners == ("Bob",)


def test_one_end_only() -> None:
    """SCORING.md L185 "a target or a number of hands": one of the two."""
    with pytest.raises(RuleError, match="not both"):
        options(target=50, hands=3)
    with pytest.raises(RuleError, match="needs an end"):
        options(target=None)
    for bad in ({"hands": 0}, {"target": 0}, {"hands": 1001}):
        with pytest.raises(RuleError):
            options(**bad)
