"""Muggins scoring (seed: block-draw-muggins.txt; contract: SCORING.md "Muggins (All Fives)"
and "Common to every game"; entry shape: API.md "Entries, by ruleset" → muggins)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.muggins import (
    MUGGINS,
    RULESETS,
    check_call,
    count_ends,
    highest_count,
    play_points,
    round_to_nearest_five,
    score_play,
    score_plays,
)
from scorekeeper.tiles import DOUBLE_NINE, DOUBLE_SIX
from tests.words import english

TWO = Table(("Ann", "Bob"))
THREE = Table(("Ann", "Bob", "Cy"))
FOUR = Table(("Ann", "Bob", "Cy", "Dee"))
PAIRS = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))


def options(table: Table = THREE, **given: object) -> dict[str, Any]:
    return MUGGINS.resolve_options(given, table)


def score(entry: dict[str, Any], table: Table = THREE, **given: object) -> HandResult:
    return MUGGINS.score_hand(entry, table, options(table, **given))


def refused(entry: dict[str, Any], table: Table = THREE, **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, table, **given)
    return caught.value


def out(*plays: dict[str, Any], pips: dict[str, int] | None = None) -> dict[str, Any]:
    """A three-player hand with these plays that Ann ends by dominoing (Bob 13 + Cy 4)."""
    return {"plays": list(plays), "pips": pips or {"Ann": 0, "Bob": 13, "Cy": 4}, "domino": "Ann"}


def as_hands(table: Table, *entries: dict[str, Any], **given: object) -> list[ScoredHand]:
    resolved = options(table, **given)
    return [
        ScoredHand(number, entry, MUGGINS.score_hand(entry, table, resolved))
        for number, entry in enumerate(entries, start=1)
    ]


# --- the declaration, the table and the options ----------------------------------------


def test_declaration() -> None:
    """SCORING.md: "Muggins (All Fives) — `muggins` (seed: block-draw-muggins.txt)"."""
    assert RULESETS == (MUGGINS,)
    assert MUGGINS.id == "muggins"
    assert MUGGINS.name == "Muggins (All Fives)"
    assert MUGGINS.seed == "block-draw-muggins.txt"
    assert MUGGINS.players == (2, 3, 4)
    assert MUGGINS.partnerships == "optional"
    assert not MUGGINS.lowest_wins


def test_two_to_four_players_and_partnerships_only_with_four() -> None:
    """SCORING.md Muggins: "2 to 4 players; with 4, **option** partnerships (off)"."""
    for table in (TWO, THREE, FOUR, PAIRS):
        MUGGINS.check_table(table)
    assert not MUGGINS.partnerships_required(4)
    with pytest.raises(RuleError, match="not 5"):
        MUGGINS.check_table(Table(("Ann", "Bob", "Cy", "Dee", "Eve")))
    with pytest.raises(RuleError, match="with 3 players has no partnerships"):
        MUGGINS.check_table(Table(("Ann", "Bob", "Cy"), ("Us", "Them")))


def test_default_options() -> None:
    """SCORING.md: set double-six (default); points_per_five (false); target 200 (seed: "The player to reach 200 points first ... wins")."""
    assert options() == {"set": "double-six", "points_per_five": False, "target": 200}


def test_points_per_five_brings_the_target_down_to_61() -> None:
    """SCORING.md Muggins: "**Option** `target` 200 (61 when `points_per_five`)"."""
    assert options(points_per_five=True)["target"] == 61
    assert options(PAIRS, points_per_five=True)["target"] == 61


def test_a_target_given_is_kept_whatever_the_scoring() -> None:
    """Seed: "The player to reach 200 points first, or some mutually agreed total, wins"."""
    assert options(points_per_five=True, target=121)["target"] == 121
    assert options(points_per_five=False, target=150)["target"] == 150


def test_double_nine_set_is_an_option() -> None:
    """SCORING.md Common: "**Option** `set` where a game allows it (`block`, `draw`, `muggins`)"."""
    assert options(set="double-nine")["set"] == "double-nine"


def test_bad_options_are_refused() -> None:
    """SCORING.md Common: options are per-game settings; API.md: "unknown ones are a 422"."""
    with pytest.raises(RuleError, match="double-six, double-nine"):
        options(set="double-twelve")
    with pytest.raises(RuleError, match="points_per_five must be true or false"):
        options(points_per_five="yes")
    with pytest.raises(RuleError, match="Points to win must be at least 1"):  # as labelled
        options(target=0)
    with pytest.raises(RuleError, match="scoring") as caught:
        options(scoring="others")
    assert "set, points_per_five, target" in str(caught.value)


# --- the count and the muggins-call checker --------------------------------------------


def test_checker_counts_the_open_ends_with_a_crosswise_double_counting_both_halves() -> None:
    """API.md: `POST /api/muggins/check` `{"ends": [4, "6-6", 1]}` → count 17, points 0."""
    assert check_call([4, "6-6", 1], DOUBLE_SIX) == (17, 0)


def test_a_count_that_is_a_multiple_of_five_scores_itself() -> None:
    """Seed: "4-4 ... ends add up to eight and do not score ... a 4-1, the ends add up to 5, thus scoring 5 points"."""
    assert check_call(["4-4"], DOUBLE_SIX) == (8, 0)
    assert check_call(["4-4", 1], DOUBLE_SIX) == (9, 0)
    assert check_call([4, 1], DOUBLE_SIX) == (5, 5)
    assert check_call([4, 6], DOUBLE_SIX) == (10, 10)
    assert check_call(["5-5", 5, 5], DOUBLE_SIX) == (20, 20)


def test_a_lone_first_double_counts_both_halves() -> None:
    """SCORING.md Muggins: "a lone first double counts both halves"."""
    assert check_call(["5-5"], DOUBLE_SIX) == (10, 10)
    assert count_ends(["6-6"], DOUBLE_SIX) == 12


def test_points_per_five_scores_the_count_divided_by_five() -> None:
    """SCORING.md Muggins: "**option** `points_per_five` (false): score count ÷ 5 instead"."""
    assert check_call(["5-5", 5], DOUBLE_SIX, points_per_five=True) == (15, 3)
    assert check_call([4, "6-6", 1], DOUBLE_SIX, points_per_five=True) == (17, 0)
    assert play_points(20, points_per_five=True) == 4
    assert play_points(20, points_per_five=False) == 20


def test_a_count_of_zero_does_not_score() -> None:
    """SCORING.md Muggins: "If the count is a *positive* multiple of 5" — blanks at both ends score nothing."""
    assert check_call([0, 0], DOUBLE_SIX) == (0, 0)
    assert check_call(["0-0"], DOUBLE_SIX) == (0, 0)


def test_double_nine_ends_go_up_to_nine() -> None:
    """SCORING.md Common: the double-nine set (the Bookshelf set) as an option of muggins."""
    assert check_call([9, "8-8", 7, 0], DOUBLE_NINE) == (32, 0)
    assert check_call([9, "9-9", 7], DOUBLE_NINE) == (34, 0)
    assert check_call(["9-9", 2], DOUBLE_NINE) == (20, 20)
    with pytest.raises(RuleError, match="cannot be more than 6"):
        check_call([9, 1], DOUBLE_SIX)


@pytest.mark.parametrize(
    ("ends", "problem"),
    [
        ([], "list of 1 to 4 ends"),
        ([1, 2, 3, 4, 5], "list of 1 to 4 ends"),
        ("5-5", "list of 1 to 4 ends"),
        (None, "list of 1 to 4 ends"),
        ([7, 3], "an open end cannot be more than 6"),
        ([-1, 6], "an open end cannot be less than 0"),
        ([True, 4], "an open end must be a whole number"),
        ([2.5, 2.5], "an open end must be a whole number"),
        (["3-4", 1], "3-4 is not a double"),
        (["7-7", 1], "7-7 is not in the double-six set"),
        (["five", 1], "is not a domino"),
        (["6-6", "6-6"], "6-6 is claimed 2 times"),
        ([5], "single open end only while the first double lies alone"),
    ],
)
def test_impossible_ends_are_refused(ends: object, problem: str) -> None:
    """SCORING.md Common: "a count ... that cannot happen ... [is an] input error"; a tile outside the set is one too."""
    with pytest.raises(RuleError, match=problem) as caught:
        check_call(ends, DOUBLE_SIX)
    assert caught.value.field == "ends"


def test_highest_count_is_four_ends_of_the_heaviest_doubles() -> None:
    """SCORING.md Common: counts that cannot happen are input errors; four crosswise doubles is the most a layout shows."""
    assert highest_count(DOUBLE_SIX) == 12 + 10 + 8 + 6
    assert highest_count(DOUBLE_NINE) == 18 + 16 + 14 + 12
    assert count_ends(["6-6", "5-5", "4-4", "3-3"], DOUBLE_SIX) == highest_count(DOUBLE_SIX)


def test_rounding_to_the_nearest_five() -> None:
    """SCORING.md Muggins: "rounded to the nearest multiple of 5 (… 12 → 10, 13 → 15, 17 → 15, 18 → 20 …)"."""
    assert [round_to_nearest_five(n) for n in (12, 13, 17, 18)] == [10, 15, 15, 20]
    assert [round_to_nearest_five(n) for n in (0, 1, 2, 3, 5, 10)] == [0, 0, 0, 5, 5, 10]


# --- scoring during play ---------------------------------------------------------------


def test_each_play_that_counts_a_multiple_of_five_scores_for_its_player() -> None:
    """Seed: "Player 3 now adds a 6-1, resulting in a score of 10"; SCORING.md: "the player who played scores the count"."""
    result = score(
        out(
            {"player": "Ann", "ends": ["4-4"]},
            {"player": "Bob", "ends": [4, 1]},
            {"player": "Cy", "ends": [4, 6]},
            {"player": "Ann", "ends": [5, "5-5", 5]},
        )
    )
    assert english(result.explanation)[:4] == (
        "Ann: ends 4-4 = 8, no score",
        "Bob: ends 4 + 1 = 5, scores 5",
        "Cy: ends 4 + 6 = 10, scores 10",
        "Ann: ends 5 + 5-5 + 5 = 20, scores 20",
    )
    # Ann's 20 during play plus 15 for dominoing (Bob 13 + Cy 4 = 17 → 15).
    assert result.scores == {"Ann": 35, "Bob": 5, "Cy": 10}


def test_points_may_be_given_directly() -> None:
    """API.md muggins: a play gives the open ends "or the points directly"."""
    result = score(out({"player": "Cy", "points": 15}))
    assert english(result.explanation)[0] == "Cy: scores 15"
    assert result.scores == {"Ann": 15, "Bob": 0, "Cy": 15}


def test_plays_score_one_point_per_five_with_points_per_five() -> None:
    """SCORING.md Muggins: "**option** `points_per_five` (false): score count ÷ 5 instead, for cribbage-board play"."""
    result = score(
        out({"player": "Bob", "ends": ["5-5", 5]}, {"player": "Cy", "points": 2}),
        points_per_five=True,
    )
    assert english(result.explanation)[:2] == (
        "Bob: ends 5-5 + 5 = 15 (15 ÷ 5), scores 3",
        "Cy: scores 2",
    )
    assert result.scores == {"Ann": 3, "Bob": 3, "Cy": 2}


@pytest.mark.parametrize(
    ("points", "given", "problem"),
    [
        (12, {}, "12 is not a multiple of 5"),
        (0, {}, "cannot be less than 1"),
        (-5, {}, "cannot be less than 1"),
        (40, {}, "cannot be more than 35"),
        (65, {"set": "double-nine"}, "cannot be more than 60"),
        (8, {"points_per_five": True}, "cannot be more than 7"),
        (0, {"points_per_five": True}, "cannot be less than 1"),
        ("15", {}, "must be a whole number"),
    ],
)
def test_direct_points_a_play_cannot_score_are_refused(
    points: object, given: dict[str, object], problem: str
) -> None:
    """SCORING.md Common: "a count ... that cannot happen" is an input error (a play scores a positive multiple of 5, at most four heavy doubles' worth)."""
    error = refused(out({"player": "Cy", "points": points}), THREE, **given)
    assert problem in str(error)
    assert str(error).startswith("play 1: ")
    assert error.field == "plays"


def test_the_most_a_play_can_score_is_accepted() -> None:
    """SCORING.md Muggins: the count is the sum of the open ends (four crosswise doubles at most)."""
    assert score(out({"player": "Cy", "points": 35})).scores["Cy"] == 35
    assert score(out({"player": "Cy", "points": 60}), set="double-nine").scores["Cy"] == 60
    assert score(out({"player": "Cy", "points": 7}), points_per_five=True).scores["Cy"] == 7
    assert score(out({"player": "Cy", "points": 1}), points_per_five=True).scores["Cy"] == 1


def test_play_ends_are_checked_against_the_set_in_force() -> None:
    """SCORING.md Common: "A tile outside the game's set ... is an input error"."""
    error = refused(out({"player": "Bob", "ends": [8, 2]}))
    assert str(error) == "play 1: an open end cannot be more than 6"
    assert score(out({"player": "Bob", "ends": [8, 2]}), set="double-nine").scores["Bob"] == 10


# --- muggins ---------------------------------------------------------------------------


def test_muggins_gives_the_points_to_the_caller() -> None:
    """SCORING.md Muggins: "any other player who calls "muggins" takes the points instead"; seed: "anyone can call "muggins" and add the points to his total"."""
    result = score(
        out(
            {"player": "Cy", "points": 15, "muggins_by": "Ann"},
            {"player": "Bob", "ends": ["5-5", 5], "muggins_by": "Cy"},
        )
    )
    assert english(result.explanation)[:2] == (
        "Cy: 15 taken by Ann (muggins)",
        "Bob: ends 5-5 + 5 = 15, 15 taken by Cy (muggins)",
    )
    assert result.scores == {"Ann": 15 + 15, "Bob": 0, "Cy": 15}


def test_muggins_null_means_no_call() -> None:
    """API.md muggins: `muggins_by` is optional; the points stay with the player who played."""
    result = score(out({"player": "Cy", "points": 15, "muggins_by": None}))
    assert result.scores["Cy"] == 15


def test_muggins_in_partnerships_goes_to_the_callers_team() -> None:
    """SCORING.md Common: "A *side* is a player, or a team in a partnership game" (Ann & Cy, Bob & Dee)."""
    entry = {
        "plays": [
            {"player": "Ann", "ends": [5, "5-5", 5]},
            {"player": "Bob", "points": 10, "muggins_by": "Cy"},
        ],
        "pips": {"Us": 6, "Them": 8},
        "domino": "Ann",
    }
    result = score(entry, PAIRS)
    assert english(result.explanation)[:2] == (
        "Ann: ends 5 + 5-5 + 5 = 20, scores 20 for Us",
        "Bob: 10 taken by Cy (muggins) for Us",
    )
    assert result.scores == {"Us": 20 + 10 + 10, "Them": 0}


@pytest.mark.parametrize(
    ("play", "table", "problem"),
    [
        (
            {"player": "Cy", "points": 15, "muggins_by": "Cy"},
            THREE,
            "Cy cannot call muggins on their own play",
        ),
        (
            {"player": "Cy", "points": 15, "muggins_by": "Ann"},
            PAIRS,
            "Ann is Cy's partner: only an opponent",
        ),
        (
            {"player": "Cy", "points": 15, "muggins_by": "Zed"},
            THREE,
            "Zed is not playing in this game",
        ),
        (
            {"player": "Cy", "ends": [4, "6-6", 1], "muggins_by": "Ann"},
            THREE,
            "muggins takes a score, but Cy's play scores nothing",
        ),
    ],
)
def test_impossible_muggins_calls_are_refused(
    play: dict[str, Any], table: Table, problem: str
) -> None:
    """SCORING.md Muggins: "any *other* player who calls "muggins" takes the points" — there must be points, and partners share them already."""
    pips = {side: 0 if side == table.side_of("Ann") else 5 for side in table.sides}
    error = refused({"plays": [play], "pips": pips, "domino": "Ann"}, table)
    assert problem in str(error)
    assert error.field == "plays"


# --- what a play must look like --------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "problem"),
    [
        ({"player": "Ann"}, "plays must be a list"),
        (["Ann 15"], "play 1: a play must be an object"),
        (
            [{"player": "Zed", "points": 5}],
            "play 1: Zed is not playing in this game (it has Ann, Bob, Cy)",
        ),
        (
            [{"player": "Ann", "points": 5}, {"player": "Bob"}],
            "play 2: Bob's play must give either its open ends or its points",
        ),
        (
            [{"player": "Bob", "points": 5, "ends": [4, 1]}],
            "play 1: Bob's play must give either its open ends or its points",
        ),
        ([{"player": "Bob", "points": 5, "tile": "4-1"}], "play 1: tile is not part of a play"),
        ([{"player": "Bob", "ends": [4, "3-4"]}], "play 1: 3-4 is not a double"),
    ],
)
def test_malformed_plays_are_refused_naming_the_play(plays: object, problem: str) -> None:
    """SCORING.md Common: "invalid input changes nothing and gives a clear error naming what is wrong"."""
    error = refused({"plays": plays, "pips": {"Ann": 0, "Bob": 5, "Cy": 5}, "domino": "Ann"})
    assert problem in str(error)
    assert error.field == "plays"


def test_player_names_are_matched_loosely() -> None:
    """API.md: names are "unique in the game ignoring case" and trimmed."""
    result = score(out({"player": " bob ", "points": 10, "muggins_by": "CY"}))
    assert english(result.explanation)[0] == "Bob: 10 taken by Cy (muggins)"


# --- the end of the hand ---------------------------------------------------------------


def test_the_player_who_dominoed_scores_the_others_pips_rounded_to_five() -> None:
    """Seed: "The player to dispose of all dominoes first, gets the points of all the tiles left in the other players' hands to the nearest multiple of 5"."""
    result = score(out())
    assert english(result.explanation) == (
        "Ann dominoed: Bob 13 + Cy 4 = 17, rounded to 15: Ann scores 15 points.",
    )
    assert result.scores == {"Ann": 15, "Bob": 0, "Cy": 0}


@pytest.mark.parametrize(
    ("left", "points"), [(12, 10), (13, 15), (17, 15), (18, 20), (0, 0), (2, 0)]
)
def test_end_of_hand_rounding(left: int, points: int) -> None:
    """SCORING.md Muggins: "rounded to the nearest multiple of 5 (… 12 → 10, 13 → 15, 17 → 15, 18 → 20 …)"."""
    result = score({"pips": {"Ann": 0, "Bob": left}, "domino": "Ann"}, TWO)
    assert result.scores == {"Ann": points, "Bob": 0}
    assert english(result.explanation) == (
        f"Ann dominoed: Bob {left}, rounded to {points}: Ann scores {points} points.",
    )


def test_end_of_hand_with_points_per_five_divides_by_five() -> None:
    """SCORING.md Muggins: "rounded to the nearest multiple of 5 (…; ÷ 5 when `points_per_five`)"."""
    result = score(out(), points_per_five=True)
    assert result.scores == {"Ann": 3, "Bob": 0, "Cy": 0}
    assert (
        english(result.explanation)[-1]
        == "Ann dominoed: Bob 13 + Cy 4 = 17, rounded to 15: Ann scores 3 points (15 ÷ 5)."
    )


def test_in_partnerships_the_team_that_dominoed_scores_the_opponents_pips() -> None:
    """SCORING.md Muggins: "(in partnerships: in the two opponents' hands)"; API.md: "In partnerships `pips`/`tiles` are per team"."""
    result = score({"pips": {"Us": 9, "Them": 23}, "domino": "Dee"}, PAIRS)
    # Dee plays for Them (seats 2 and 4); Us holds 9, and the partner's own pips do not count.
    assert result.scores == {"Us": 0, "Them": 10}
    assert english(result.explanation) == (
        "Dee dominoed: Us 9, rounded to 10: Them scores 10 points.",
    )


def test_a_blocked_hand_scores_the_lightest_hand_the_others_pips_minus_its_own() -> None:
    """SCORING.md Muggins: "A blocked hand: the side with the lightest hand scores the others' pips minus its own, rounded the same way"."""
    result = score({"pips": {"Ann": 10, "Bob": 13, "Cy": 4}, "domino": None})
    assert result.scores == {"Ann": 0, "Bob": 0, "Cy": 20}
    assert english(result.explanation) == (
        "Blocked, Cy has the lightest hand (4): Ann 10 + Bob 13 = 23, minus 4 = 19, rounded to 20: Cy scores 20 points.",
    )


def test_a_blocked_hand_may_omit_domino() -> None:
    """API.md: `"domino"` ... `null` (or absent) means the hand blocked."""
    assert score({"pips": {"Ann": 10, "Bob": 13, "Cy": 4}}).scores["Cy"] == 20


def test_a_blocked_partnership_hand_compares_team_pips() -> None:
    """SCORING.md Muggins: blocked: "the side with the lightest hand" — a side is a team in partnerships."""
    result = score({"pips": {"Us": 21, "Them": 9}, "domino": None}, PAIRS, points_per_five=True)
    assert result.scores == {"Us": 0, "Them": 2}
    assert english(result.explanation)[-1].startswith(
        "Blocked, Them has the lightest hand (9): Us 21, minus 9 = 12"
    )


@pytest.mark.parametrize(
    ("table", "pips", "tie"),
    [
        (THREE, {"Ann": 4, "Bob": 4, "Cy": 20}, "Ann and Bob"),
        (PAIRS, {"Us": 11, "Them": 11}, "Us and Them"),
    ],
)
def test_a_tie_for_the_lightest_hand_scores_nothing(
    table: Table, pips: dict[str, int], tie: str
) -> None:
    """SCORING.md Muggins: "a tie for lightest: nobody scores"."""
    result = score({"plays": [{"player": "Bob", "points": 10}], "pips": pips}, table)
    assert (
        english(result.explanation)[-1]
        == f"Blocked: {tie} tie for the lightest hand ({min(pips.values())}): nobody scores."
    )
    assert result.scores == {
        side: 10 if side == table.side_of("Bob") else 0 for side in table.sides
    }


def test_the_tiles_left_may_be_given_instead_of_pips() -> None:
    """API.md block/draw/muggins: "pips as numbers or as the tiles left"."""
    result = score({"tiles": {"Ann": [], "Bob": ["6-6", "0-1"], "Cy": ["3-1"]}, "domino": "Ann"})
    assert result.scores == {"Ann": 15, "Bob": 0, "Cy": 0}
    assert english(result.explanation) == (
        "Bob: 6-6 + 0-1 = 13 pips",
        "Cy: 1-3 = 4 pips",
        "Ann dominoed: Bob 13 + Cy 4 = 17, rounded to 15: Ann scores 15 points.",
    )


def test_a_double_played_crosswise_cannot_be_left_in_a_hand() -> None:
    """SCORING.md Common: "one tile claimed twice" is an input error — a crosswise double lies on the table."""
    entry = {
        "plays": [{"player": "Ann", "ends": ["6-6"]}],
        "tiles": {"Ann": [], "Bob": ["6-6"], "Cy": ["3-1"]},
        "domino": "Ann",
    }
    error = refused(entry)
    assert str(error) == "6-6 was played crosswise, so it cannot be left in Bob's hand"
    assert error.field == "tiles"


@pytest.mark.parametrize(
    ("entry", "problem", "field"),
    [
        (
            {"pips": {"Ann": 3, "Bob": 13, "Cy": 4}, "domino": "Ann"},
            "Ann dominoed, so Ann has 0 pips left, not 3",
            "domino",
        ),
        (
            {"pips": {"Ann": 0, "Bob": 13, "Cy": 4}, "domino": "Zed"},
            "Zed is not playing in this game",
            "domino",
        ),
        ({"pips": {"Ann": 0, "Bob": 13}, "domino": "Ann"}, "pips has nothing for Cy", "pips"),
        (
            {"pips": {"Ann": 0, "Bob": 169, "Cy": 4}, "domino": "Ann"},
            "cannot be more than 168",
            "pips",
        ),
        (
            {"pips": {"Ann": 0, "Bob": 100, "Cy": 100}, "domino": "Ann"},
            "200 pips in all is more than the whole double-six set holds (168)",
            "pips",
        ),
        (
            {"pips": {"Ann": 0, "Bob": -1, "Cy": 4}, "domino": "Ann"},
            "cannot be less than 0",
            "pips",
        ),
        ({"domino": "Ann"}, "give the pips left in each hand, or the tiles left", "pips"),
        ({"pips": {"Ann": 0, "Bob": 1, "Cy": 4}, "tiles": {}, "domino": "Ann"}, "not both", "pips"),
        (
            {"tiles": {"Ann": [], "Bob": ["3-1"], "Cy": ["1-3"]}, "domino": "Ann"},
            "1-3 is claimed 2 times",
            "tiles",
        ),
        (
            {"tiles": {"Ann": [], "Bob": ["7-1"], "Cy": []}, "domino": "Ann"},
            "1-7 is not in the double-six set",
            "tiles",
        ),
        (
            {"pips": {"Ann": 0, "Bob": 1, "Cy": 4}, "domino": "Ann", "either_end": True},
            "either_end is not part of a hand here",
            "either_end",
        ),
    ],
)
def test_impossible_end_of_hand_entries_are_refused(
    entry: dict[str, Any], problem: str, field: str
) -> None:
    """SCORING.md Common: "Pips outside what the set can hold ..., a player who is not in the game: all are input errors"; Block/Draw: "The player who dominoed must have 0 pips"."""
    error = refused(entry)
    assert problem in str(error)
    assert error.field == field


def test_a_refused_entry_is_refused_whole() -> None:
    """SCORING.md Common: "A hand is scored as a whole: invalid input changes nothing"."""
    entry = out({"player": "Bob", "points": 15}, {"player": "Cy", "points": 13})
    error = refused(entry)
    assert str(error).startswith("play 2: 13 is not a multiple of 5")


# --- the whole hand: every side, steps in play order ------------------------------------


def test_scores_have_every_side_zero_included() -> None:
    """API.md: "`scores` of a hand has every side, 0 included"."""
    assert score(out()).scores == {"Ann": 15, "Bob": 0, "Cy": 0}
    assert score({"pips": {"Ann": 0, "Bob": 0}, "domino": "Ann"}, TWO).scores == {
        "Ann": 0,
        "Bob": 0,
    }
    result = score({"pips": {"Us": 3, "Them": 30}, "domino": "Ann"}, PAIRS)
    assert result.scores == {"Us": 30, "Them": 0}


def test_plays_may_be_left_out_when_nobody_scored_during_play() -> None:
    """API.md muggins: live plays "belong to the hand in progress"; the hand's own entry then needs only the end of hand."""
    assert score({"pips": {"Ann": 0, "Bob": 13, "Cy": 4}, "domino": "Ann"}) == score(out())


def test_steps_are_the_scoring_plays_in_order_then_the_end_of_hand() -> None:
    """SCORING.md Muggins: "taking the hand's scores in order (plays in play order, then the end-of-hand score)"."""
    result = score(
        out(
            {"player": "Bob", "ends": [4, 1]},
            {"player": "Cy", "ends": [4, 2]},
            {"player": "Ann", "points": 10, "muggins_by": "Cy"},
        )
    )
    assert result.steps == (
        {"Ann": 0, "Bob": 5, "Cy": 0},
        {"Ann": 0, "Bob": 0, "Cy": 10},
        {"Ann": 15, "Bob": 0, "Cy": 0},
    )
    assert result.scores == {"Ann": 15, "Bob": 5, "Cy": 10}


def test_sample_entry_is_legal_for_every_table() -> None:
    """SCORING.md Muggins (2 to 4 players, partnerships optional); base.Ruleset.sample_entry: "A legal entry for this table"."""
    for table in (TWO, THREE, FOUR, PAIRS):
        result = score(MUGGINS.sample_entry(table), table)
        assert set(result.scores) == set(table.sides)
        assert sum(result.scores.values()) > 0


def test_the_api_example_entry() -> None:
    """API.md muggins example: Ann 5-5, Bob [5, 5, 5], Cy 15 taken by Ann, Ann dominoed (Bob 13, Cy 4)."""
    entry = {
        "plays": [
            {"player": "Ann", "ends": ["5-5"]},
            {"player": "Bob", "ends": [5, 5, 5]},
            {"player": "Cy", "points": 15, "muggins_by": "Ann"},
        ],
        "pips": {"Ann": 0, "Bob": 13, "Cy": 4},
        "domino": "Ann",
    }
    result = score(entry)
    assert result.scores == {"Ann": 10 + 15 + 15, "Bob": 15, "Cy": 0}
    assert english(result.explanation) == (
        "Ann: ends 5-5 = 10, scores 10",
        "Bob: ends 5 + 5 + 5 = 15, scores 15",
        "Cy: 15 taken by Ann (muggins)",
        "Ann dominoed: Bob 13 + Cy 4 = 17, rounded to 15: Ann scores 15 points.",
    )


# --- a hand in progress ------------------------------------------------------------------


def test_live_plays_score_at_once() -> None:
    """API.md muggins: plays posted one at a time "belong to the hand in progress and count in the totals at once"."""
    result = score_plays(
        [{"player": "Ann", "ends": ["5-5"]}, {"player": "Bob", "ends": ["5-5", 1]}],
        THREE,
        options(),
    )
    assert result.scores == {"Ann": 10, "Bob": 0, "Cy": 0}
    assert result.steps == ({"Ann": 10, "Bob": 0, "Cy": 0},)
    assert english(result.explanation) == (
        "Ann: ends 5-5 = 10, scores 10",
        "Bob: ends 5-5 + 1 = 11, no score",
    )
    assert score_plays([], THREE, options()) == HandResult({"Ann": 0, "Bob": 0, "Cy": 0}, (), ())


def test_one_live_play_is_checked_on_its_own() -> None:
    """API.md muggins: `POST /api/games/{id}/plays` takes one play, same shape as in the hand entry."""
    played = score_play({"player": "Dee", "ends": [6, 4]}, PAIRS, options(PAIRS))
    assert (played.side, played.points, english(played.explanation)) == (
        "Them",
        10,
        "Dee: ends 6 + 4 = 10, scores 10 for Them",
    )
    with pytest.raises(RuleError, match="Dee's play must give either its open ends or its points"):
        score_play({"player": "Dee"}, PAIRS, options(PAIRS))


def test_a_hand_in_progress_counts_towards_the_target() -> None:
    """SCORING.md Muggins: "The game ends the moment a side reaches it"; live plays count in the totals at once."""
    table = TWO
    done = as_hands(
        table,
        {
            "plays": [{"player": "Ann", "points": 30}] * 6,
            "pips": {"Ann": 0, "Bob": 13},
            "domino": "Ann",
        },
    )
    assert done[0].result.scores["Ann"] == 195
    live = ScoredHand(
        2, {}, score_plays([{"player": "Ann", "ends": [4, 1]}], table, options(table))
    )
    assert MUGGINS.status(table, options(table), done).finished is False
    status = MUGGINS.status(table, options(table), [*done, live])
    assert (status.finished, status.winners) == (True, ("Ann",))


# --- the end of the game -------------------------------------------------------------------

# Ann scores 5 × 35 = 175 and Bob 175 during play; Ann dominoes for 15 more: Ann 190, Bob 175.
ANN_190_BOB_175 = {
    "plays": [{"player": "Ann", "points": 35}] * 5 + [{"player": "Bob", "points": 35}] * 5,
    "pips": {"Ann": 0, "Bob": 13, "Cy": 4},
    "domino": "Ann",
}


def test_the_game_goes_on_below_the_target() -> None:
    """SCORING.md Muggins: "**Option** `target` 200"; "Reaches the target" means total >= target."""
    hands = as_hands(THREE, out({"player": "Bob", "points": 35}))
    assert MUGGINS.status(THREE, options(), hands).finished is False


def test_the_game_ends_at_the_play_that_reaches_the_target_and_later_plays_do_not_change_the_winner() -> (
    None
):
    """SCORING.md Muggins: "The game ends the moment a side reaches it, taking the hand's scores in order ... That side wins"."""
    second = out(
        {"player": "Ann", "ends": ["5-5"]},  # Ann 200: the game ends here
        {"player": "Bob", "points": 35},  # Bob 210: higher, but too late
        {"player": "Bob", "points": 35},  # Bob 245
    )
    hands = as_hands(THREE, ANN_190_BOB_175, second)
    totals = {side: sum(h.result.scores[side] for h in hands) for side in THREE.sides}
    assert totals == {"Ann": 215, "Bob": 245, "Cy": 0}
    status = MUGGINS.status(THREE, options(), hands)
    assert status.finished
    assert status.winners == ("Ann",)
    assert "Ann reached 200 with 200" in english(status.explanation)


def test_the_first_to_reach_the_target_in_play_order_wins_even_if_the_other_ends_higher() -> None:
    """SCORING.md Muggins: "plays in play order, then the end-of-hand score" — swap who reaches 200 first and the winner follows."""
    second = out({"player": "Bob", "points": 35}, {"player": "Ann", "ends": ["5-5"]})
    status = MUGGINS.status(THREE, options(), as_hands(THREE, ANN_190_BOB_175, second))
    assert status.winners == ("Bob",)
    assert "Bob reached 200 with 210" in english(status.explanation)


def test_the_end_of_hand_score_can_reach_the_target() -> None:
    """SCORING.md Muggins: the hand's steps end with "the end-of-hand score"; reaching the target there wins too."""
    first = {
        "plays": [{"player": "Bob", "points": 35}] * 5,
        "pips": {"Ann": 0, "Bob": 0, "Cy": 0},
        "domino": "Bob",
    }
    hands = as_hands(THREE, first, {"pips": {"Ann": 20, "Bob": 0, "Cy": 6}, "domino": "Bob"})
    status = MUGGINS.status(THREE, options(), hands)
    assert (status.finished, status.winners) == (True, ("Bob",))


def test_points_per_five_game_ends_at_61() -> None:
    """SCORING.md Muggins: "**Option** `target` 200 (61 when `points_per_five`)"."""
    entry = {
        "plays": [{"player": "Ann", "points": 7}] * 8 + [{"player": "Bob", "points": 7}] * 9,
        "pips": {"Ann": 0, "Bob": 13, "Cy": 4},
        "domino": "Ann",
    }
    hands = as_hands(THREE, entry, points_per_five=True)
    # Ann 56 + 3 = 59 at the end; Bob's ninth 7 makes 63 first.
    assert hands[0].result.scores == {"Ann": 59, "Bob": 63, "Cy": 0}
    status = MUGGINS.status(THREE, options(points_per_five=True), hands)
    assert status.winners == ("Bob",)


def test_partnership_game_is_won_by_the_team() -> None:
    """SCORING.md Common: "A *side* is a player, or a team in a partnership game"; Muggins: "That side wins"."""
    entry = {
        "plays": [{"player": "Ann", "points": 35}, {"player": "Cy", "points": 35}] * 3,
        "pips": {"Us": 0, "Them": 0},
        "domino": "Bob",
    }
    status = MUGGINS.status(PAIRS, options(PAIRS, target=200), as_hands(PAIRS, entry))
    assert (status.finished, status.winners) == (True, ("Us",))


# --- properties ------------------------------------------------------------------------------

ENDS = st.lists(
    st.one_of(st.integers(0, 6), st.integers(0, 6).map(lambda n: f"{n}-{n}")),
    min_size=2,
    max_size=4,
).filter(
    lambda ends: (
        len({e for e in ends if isinstance(e, str)}) == sum(isinstance(e, str) for e in ends)
    )
)


@given(st.integers(0, 10_000))
def test_rounding_is_a_multiple_of_five_within_two(n: int) -> None:
    """SCORING.md Muggins: "rounded to the nearest multiple of 5"."""
    rounded = round_to_nearest_five(n)
    assert rounded % 5 == 0
    assert abs(rounded - n) <= 2


@given(ENDS)
def test_the_count_is_the_ends_with_crosswise_doubles_doubled(ends: list[int | str]) -> None:
    """SCORING.md Muggins: "the *count* is the sum of the open ends ... a double lying crosswise counts both halves"."""
    expected = sum(e if isinstance(e, int) else 2 * int(e.split("-")[0]) for e in ends)
    count, points = check_call(ends, DOUBLE_SIX)
    assert count == expected <= highest_count(DOUBLE_SIX)
    assert points == (count if count and count % 5 == 0 else 0)
    assert check_call(ends, DOUBLE_SIX, points_per_five=True)[1] == points // 5


@given(st.lists(st.tuples(st.sampled_from(THREE.players), st.integers(1, 7)), max_size=12))
def test_a_hands_steps_add_up_to_its_scores(plays: list[tuple[str, int]]) -> None:
    """SCORING.md Muggins: the hand's scores are its plays in order, then the end-of-hand score."""
    entry = out(*({"player": p, "points": 5 * n} for p, n in plays))
    result = score(entry)
    assert len(result.steps) == len(plays) + 1
    assert {s: sum(step[s] for step in result.steps) for s in THREE.sides} == result.scores
