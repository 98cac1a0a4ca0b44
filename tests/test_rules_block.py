"""Block and Draw scoring (seeds: block-dominoes.txt, block-draw-muggins.txt; contract:
SCORING.md "Block and Draw" and "Common to every game")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.block import BLOCK, DRAW, RULESETS, BlockRuleset
from tests.words import english

TWO = Table(("Ann", "Bob"))
THREE = Table(("Ann", "Bob", "Cy"))
FOUR = Table(("Ann", "Bob", "Cy", "Dee"))
TEAMS = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))


def score(
    entry: dict[str, Any],
    table: Table = THREE,
    ruleset: BlockRuleset = BLOCK,
    **options: object,
) -> HandResult:
    return ruleset.score_hand(entry, table, ruleset.resolve_options(options, table))


def refused(
    entry: dict[str, Any],
    table: Table = THREE,
    ruleset: BlockRuleset = BLOCK,
    **options: object,
) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, table, ruleset, **options)
    return caught.value


def hands(*scores: dict[str, int]) -> list[ScoredHand]:
    return [
        ScoredHand(number, {}, HandResult(points, ()))
        for number, points in enumerate(scores, start=1)
    ]


# --- the declaration, the table and the options ----------------------------------------


def test_declaration() -> None:
    """SCORING.md Block and Draw: "`block`, `draw`" ... "2 to 4 players; with 4, **option** partnerships"."""
    assert RULESETS == (BLOCK, DRAW)
    assert (BLOCK.id, DRAW.id) == ("block", "draw")
    assert BLOCK.seed == "block-dominoes.txt"
    assert DRAW.seed == "block-draw-muggins.txt"
    for ruleset in RULESETS:
        assert ruleset.players == (2, 3, 4)
        assert ruleset.partnerships == "optional"
        assert not ruleset.lowest_wins


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_to_four_players_partnerships_only_with_four(ruleset: BlockRuleset) -> None:
    """SCORING.md Block and Draw: "2 to 4 players; with 4, **option** partnerships (off)"."""
    for table in (TWO, THREE, FOUR, TEAMS):
        ruleset.check_table(table)
    assert not ruleset.partnerships_required(4)
    with pytest.raises(RuleError, match="2 or 3 or 4 players, not 5"):
        ruleset.check_table(Table(("Ann", "Bob", "Cy", "Dee", "Eve")))
    with pytest.raises(RuleError, match="no partnerships") as caught:
        ruleset.check_table(Table(("Ann", "Bob"), ("Us", "Them")))
    assert caught.value.field == "partnerships"


def test_block_defaults() -> None:
    """SCORING.md Block and Draw: `difference` is the default for `block`; British options off; set double-six."""
    assert BLOCK.resolve_options({}, THREE) == {
        "set": "double-six",
        "scoring": "difference",
        "target": 61,
        "double_either_end": False,
        "double_with_double": False,
    }


def test_draw_defaults() -> None:
    """SCORING.md Block and Draw: `others` is the default for `draw` (the Bookshelf seed); target 100."""
    assert DRAW.resolve_options({}, THREE) == {
        "set": "double-six",
        "scoring": "others",
        "target": 100,
        "double_either_end": False,
        "double_with_double": False,
    }


@pytest.mark.parametrize(("table", "target"), [(TWO, 100), (TEAMS, 100), (THREE, 61), (FOUR, 61)])
def test_block_target_depends_on_the_table(table: Table, target: int) -> None:
    """block-dominoes.txt: "played for 100 points in a two player or partnership game, and for 61 points in a three or four handed game"."""
    assert BLOCK.resolve_options({}, table)["target"] == target


@pytest.mark.parametrize("table", [TWO, THREE, FOUR, TEAMS])
def test_draw_target_is_100(table: Table) -> None:
    """block-draw-muggins.txt: "The winner of the game is the first player to reach 100 points"."""
    assert DRAW.resolve_options({}, table)["target"] == 100


def test_options_are_validated() -> None:
    """SCORING.md Block and Draw: **option** `scoring` is `difference` or `others`; **option** `set`."""
    assert BLOCK.resolve_options({"scoring": "others", "target": 150}, THREE)["target"] == 150
    assert BLOCK.resolve_options({"set": "double-nine"}, THREE)["set"] == "double-nine"
    with pytest.raises(RuleError, match="one of: difference, others") as caught:
        BLOCK.resolve_options({"scoring": "lowest"}, THREE)
    assert caught.value.field == "options.scoring"
    with pytest.raises(RuleError, match="one of: double-six, double-nine"):
        DRAW.resolve_options({"set": "double-twelve"}, THREE)
    with pytest.raises(RuleError, match="true or false"):
        BLOCK.resolve_options({"double_with_double": "yes"}, THREE)
    with pytest.raises(RuleError, match="nel_o is not an option of Block Dominoes"):
        BLOCK.resolve_options({"nel_o": True}, THREE)


# --- difference scoring (block) ------------------------------------------------------------


def test_difference_domino_scores_the_others_pips() -> None:
    """block-dominoes.txt: "credited with the sum of the scores of the losers, minus his own total"."""
    result = score({"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    assert result.scores == {"Ann": 19, "Bob": 0, "Cy": 0}
    assert english(result.explanation) == (
        "Ann dominoed.",
        "Ann scores Bob 12 + Cy 7 = 19, minus own 0: 19 points.",
    )


def test_difference_blocked_lightest_scores_others_minus_own() -> None:
    """block-dominoes.txt: "The lowest scoring player is the winner and is credited with the sum of the scores of the losers, minus his own total"."""
    result = score({"pips": {"Ann": 10, "Bob": 4, "Cy": 15}, "domino": None})
    assert result.scores == {"Ann": 0, "Bob": 21, "Cy": 0}
    assert english(result.explanation) == (
        "The hand blocked; lightest hand: Bob (4 pips).",
        "Bob scores Ann 10 + Cy 15 = 25, minus own 4: 21 points.",
    )


def test_difference_blocked_without_a_domino_field() -> None:
    """API.md block: "`null` (or absent) means the hand blocked"; SCORING.md difference scoring."""
    result = score({"pips": {"Ann": 9, "Bob": 20}}, TWO)
    assert result.scores == {"Ann": 11, "Bob": 0}


def test_difference_blocked_tie_nobody_scores() -> None:
    """block-dominoes.txt: "If there is a tie for lowest score, then nobody gets a score"."""
    result = score({"pips": {"Ann": 6, "Bob": 6, "Cy": 20}})
    assert result.scores == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert english(result.explanation) == (
        "The hand blocked; lightest hand: Ann and Bob (6 pips).",
        "A tie for the lightest hand: nobody scores.",
    )


def test_draw_with_difference_option_tie_nobody_scores() -> None:
    """SCORING.md Block and Draw: under `difference` "A tie for fewest pips in a blocked hand: nobody scores"."""
    result = score({"pips": {"Ann": 6, "Bob": 6, "Cy": 20}}, ruleset=DRAW, scoring="difference")
    assert result.scores == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_difference_with_four_individual_players() -> None:
    """SCORING.md Block and Draw: "the winner scores the sum of all other players' pips minus their own pips"."""
    result = score({"pips": {"Ann": 8, "Bob": 3, "Cy": 11, "Dee": 5}}, FOUR)
    assert result.scores == {"Ann": 0, "Bob": 21, "Cy": 0, "Dee": 0}


# --- others scoring (draw) -----------------------------------------------------------------


def test_others_domino_scores_the_others_pips() -> None:
    """block-draw-muggins.txt: "The winner gets the total of all points (spots) in all other players' hands"."""
    result = score({"pips": {"Ann": 12, "Bob": 0, "Cy": 7}, "domino": "Bob"}, ruleset=DRAW)
    assert result.scores == {"Ann": 0, "Bob": 19, "Cy": 0}
    assert english(result.explanation) == ("Bob dominoed.", "Bob scores Ann 12 + Cy 7 = 19 points.")


def test_others_blocked_lightest_scores_the_others_pips_without_subtracting() -> None:
    """block-draw-muggins.txt: "the player with the lowest point total in hand, the lightest is the winner" and gets the others' pips."""
    result = score({"pips": {"Ann": 10, "Bob": 4, "Cy": 15}}, ruleset=DRAW)
    assert result.scores == {"Ann": 0, "Bob": 25, "Cy": 0}


def test_block_with_others_option() -> None:
    """SCORING.md Block and Draw: **option** `scoring` `others` also applies to `block`."""
    result = score({"pips": {"Ann": 10, "Bob": 4, "Cy": 15}}, scoring="others")
    assert result.scores == {"Ann": 0, "Bob": 25, "Cy": 0}


def test_others_blocked_tie_splits_rounded_down() -> None:
    """block-draw-muggins.txt: "If the lightest hand is shared by more than one player, than those players split the total points"; SCORING.md: "rounded down"."""
    result = score({"pips": {"Ann": 5, "Bob": 5, "Cy": 9}}, ruleset=DRAW)
    assert result.scores == {"Ann": 4, "Bob": 4, "Cy": 0}
    assert english(result.explanation) == (
        "The hand blocked; lightest hand: Ann and Bob (5 pips).",
        "Ann and Bob split Cy 9 = 9 pips: 4 each (rounded down).",
    )


def test_others_blocked_three_way_tie_among_four() -> None:
    """SCORING.md Block and Draw: "each scoring that sum divided by the number tied, rounded down"."""
    result = score({"pips": {"Ann": 3, "Bob": 3, "Cy": 3, "Dee": 20}}, FOUR, DRAW)
    assert result.scores == {"Ann": 6, "Bob": 6, "Cy": 6, "Dee": 0}
    result = score({"pips": {"Ann": 3, "Bob": 3, "Cy": 3, "Dee": 22}}, FOUR, DRAW)
    assert result.scores == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 0}


# --- the player who dominoed ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_dominoer_must_have_no_pips(ruleset: BlockRuleset) -> None:
    """SCORING.md Block and Draw: "The player who dominoed must have 0 pips"."""
    error = refused({"pips": {"Ann": 3, "Bob": 12, "Cy": 7}, "domino": "Ann"}, ruleset=ruleset)
    assert str(error) == "Ann dominoed, so Ann has 0 pips left, not 3"
    assert error.field == "domino"


def test_dominoer_with_tiles_left_is_refused() -> None:
    """SCORING.md Block and Draw: "The player who dominoed must have 0 pips" (pips counted from tiles)."""
    error = refused({"tiles": {"Ann": ["1-2"], "Bob": ["6-6"], "Cy": []}, "domino": "Ann"})
    assert str(error) == "Ann dominoed, so Ann has no tiles left, not 1-2"


def test_dominoer_still_holding_the_double_blank_is_refused() -> None:
    """SCORING.md Block and Draw: the player who dominoed went out, so holds no tile, not even 0-0."""
    error = refused({"tiles": {"Ann": ["0-0"], "Bob": ["6-6"], "Cy": []}, "domino": "Ann"})
    assert str(error) == "Ann dominoed, so Ann has no tiles left, not 0-0"
    assert error.field == "domino"


def test_dominoer_wins_even_if_another_hand_is_also_empty_of_pips() -> None:
    """SCORING.md Block and Draw: "the winner is the player who dominoed"."""
    result = score({"pips": {"Ann": 0, "Bob": 0, "Cy": 7}, "domino": "Bob"})
    assert result.scores == {"Ann": 0, "Bob": 7, "Cy": 0}


def test_dominoer_not_in_the_game_is_refused() -> None:
    """SCORING.md Common: "a player who is not in the game" is an input error."""
    error = refused({"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Zed"})
    assert str(error) == "Zed is not playing in this game (it has Ann, Bob, Cy)"
    assert error.field == "domino"


@pytest.mark.parametrize(
    ("typed", "repeated"),
    [
        ("Bob\x00", "Bob� is not playing"),  # a NUL, from a script: shown, not sent on
        ("Cy\u202e", "Cy� is not playing"),  # a direction override would turn the sentence
        ("Zed\nis the winner", "Zed�is the winner is not playing"),
        ("M" * 3000, "M" * 40 + "… is not playing"),  # a real name has at most 40
        ("a" + "\u0301" * 3000, "a" + "\u0301" * 11 + "… is not playing"),  # one letter
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧 is not playing"),  # joined: one emoji, kept
    ],
)
def test_an_unknown_name_is_repeated_readably(typed: str, repeated: str) -> None:
    """A refusal repeats an unknown name as a line a person can read: no control characters
    and not 3,000 letters of it."""
    error = refused({"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": typed})
    assert str(error) == f"{repeated} in this game (it has Ann, Bob, Cy)"
    assert error.field == "domino"


def test_dominoer_name_is_matched_loosely() -> None:
    """API.md Games: names are unique "ignoring case"."""
    result = score({"pips": {"ann": 0, "BOB": 12, "Cy": 7}, "domino": " ANN "})
    assert result.scores == {"Ann": 19, "Bob": 0, "Cy": 0}
    assert english(result.explanation)[0] == "Ann dominoed."


def test_pips_for_a_player_not_in_the_game_is_refused() -> None:
    """SCORING.md Common: "a player who is not in the game" is an input error."""
    error = refused({"pips": {"Ann": 0, "Bob": 12, "Zed": 7}, "domino": "Ann"})
    assert "Zed is not playing in this game" in str(error)
    assert error.field == "pips"


def test_a_side_missing_from_pips_is_refused() -> None:
    """SCORING.md Block and Draw: "Entry: each side's pips left in hand"."""
    error = refused({"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"})
    assert str(error) == "pips has nothing for Cy"


# --- partnerships --------------------------------------------------------------------------


def test_partnership_domino_team_scores_the_other_team_minus_own() -> None:
    """SCORING.md Block and Draw: "The winning team is the team of the player who dominoed" ... "minus its own (`difference`)"."""
    result = score({"pips": {"Us": 6, "Them": 20}, "domino": "Cy"}, TEAMS)
    assert result.scores == {"Us": 14, "Them": 0}
    assert english(result.explanation) == (
        "Cy dominoed.",
        "Us scores Them 20 = 20, minus own 6: 14 points.",
    )


def test_partnership_domino_others_scores_the_other_team() -> None:
    """SCORING.md Block and Draw: the winning team "scores the other team's pips (`others`)"."""
    result = score({"pips": {"Us": 6, "Them": 20}, "domino": "Bob"}, TEAMS, DRAW)
    assert result.scores == {"Us": 0, "Them": 6}
    assert english(result.explanation) == ("Bob dominoed.", "Them scores Us 6 = 6 points.")


def test_partnership_team_pips_from_both_partners_tiles() -> None:
    """SCORING.md Block and Draw: "a team's pips are its two players' pips added"."""
    entry = {"tiles": {"Us": ["6-6", "1-2"], "Them": ["0-1", "2-2"]}, "domino": None}
    result = score(entry, TEAMS, DRAW)
    assert result.scores == {"Us": 0, "Them": 15}
    assert english(result.explanation) == (
        "The hand blocked; lightest hand: Them (5 pips).",
        "Us: 6-6 + 1-2 = 15 pips",
        "Them: 0-1 + 2-2 = 5 pips",
        "Them scores Us 15 = 15 points.",
    )


def test_partnership_blocked_team_with_fewer_pips_wins() -> None:
    """SCORING.md Block and Draw: "the team with fewer pips in a blocked hand"."""
    assert score({"pips": {"Us": 30, "Them": 12}}, TEAMS).scores == {"Us": 0, "Them": 18}
    assert score({"pips": {"Us": 30, "Them": 12}}, TEAMS, DRAW).scores == {"Us": 0, "Them": 30}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_partnership_blocked_equal_nobody_scores(ruleset: BlockRuleset) -> None:
    """SCORING.md Block and Draw: partnerships, blocked hand "(equal: nobody scores)" under either scoring."""
    result = score({"pips": {"Us": 14, "Them": 14}}, TEAMS, ruleset)
    assert result.scores == {"Us": 0, "Them": 0}
    assert english(result.explanation)[-1] == "A tie for the lightest hand: nobody scores."


def test_partnership_difference_never_below_zero() -> None:
    """SCORING.md Block and Draw: "the other team's pips minus its own (`difference`, never below 0)"."""
    result = score({"pips": {"Us": 25, "Them": 10}, "domino": "Ann"}, TEAMS)
    assert result.scores == {"Us": 0, "Them": 0}
    assert english(result.explanation)[-1] == "Us scores Them 10 = 10, minus own 25: 0 points."


def test_partnership_domino_names_a_player_not_a_team() -> None:
    """API.md block: "`domino` names the player who went out"."""
    error = refused({"pips": {"Us": 0, "Them": 10}, "domino": "Us"}, TEAMS)
    assert "Us is not playing in this game" in str(error)
    assert error.field == "domino"


def test_partnership_pips_are_keyed_by_team() -> None:
    """API.md block: "In partnerships `pips`/`tiles` are per team"."""
    error = refused({"pips": {"Ann": 0, "Bob": 10}, "domino": "Ann"}, TEAMS)
    assert "Ann is not a side in this game" in str(error)


# --- British club doublings ----------------------------------------------------------------


def test_double_either_end() -> None:
    """block-dominoes.txt Britain: "If the winner dominoes with a tile that could have been played on either end of the train, his opponent's scores are doubled"."""
    entry = {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann", "either_end": True}
    result = score(entry, double_either_end=True)
    assert result.scores == {"Ann": 38, "Bob": 0, "Cy": 0}
    assert english(result.explanation)[-1] == (
        "Doubled because the last tile could have gone on either end: Ann scores 38 points."
    )


def test_double_with_double() -> None:
    """block-dominoes.txt Britain: "The opponents points are doubled if the winner dominoed with a double"."""
    entry = {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann", "with_double": True}
    result = score(entry, ruleset=DRAW, double_with_double=True)
    assert result.scores == {"Ann": 38, "Bob": 0, "Cy": 0}
    assert (
        english(result.explanation)[-1]
        == "Doubled because went out with a double: Ann scores 38 points."
    )


def test_both_doublings_multiply_by_four() -> None:
    """SCORING.md Block and Draw: "When both apply the score is doubled twice (×4)"."""
    entry = {"pips": {"Us": 5, "Them": 16}, "domino": "Ann"}
    entry |= {"either_end": True, "with_double": True}
    result = score(entry, TEAMS, double_either_end=True, double_with_double=True)
    assert result.scores == {"Us": 44, "Them": 0}
    assert english(result.explanation)[-2:] == (
        "Doubled because the last tile could have gone on either end: Us scores 22 points.",
        "Doubled because went out with a double: Us scores 44 points.",
    )


def test_doubling_flags_false_change_nothing() -> None:
    """SCORING.md Block and Draw: the doublings apply only "if the winning tile could have been played on either end" / "with a double"."""
    entry = {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"}
    entry |= {"either_end": False, "with_double": False}
    result = score(entry, double_either_end=True, double_with_double=True)
    assert result.scores == {"Ann": 19, "Bob": 0, "Cy": 0}


@pytest.mark.parametrize(
    ("flag", "option"), [("either_end", "double_either_end"), ("with_double", "double_with_double")]
)
def test_doubling_refused_when_the_option_is_off(flag: str, option: str) -> None:
    """SCORING.md Block and Draw: the British doublings are options, "off by default"."""
    error = refused({"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann", flag: True})
    assert str(error) == f"doubling for {flag.replace('_', ' ')} is not in force in this game"
    assert error.field == flag


@pytest.mark.parametrize("flag", ["either_end", "with_double"])
def test_doubling_refused_in_a_blocked_hand(flag: str) -> None:
    """SCORING.md Block and Draw: the doublings are about the winning (last) tile, which a blocked hand has not."""
    entry = {"pips": {"Ann": 4, "Bob": 12, "Cy": 7}, flag: True}
    error = refused(entry, double_either_end=True, double_with_double=True)
    assert str(error) == "a blocked hand has no last tile to double for"
    assert error.field == flag


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("flag", ["either_end", "with_double"])
def test_doubling_refused_in_a_blocked_hand_with_a_tie(flag: str, ruleset: BlockRuleset) -> None:
    """SCORING.md Common: "invalid input changes nothing and gives a clear error"; a blocked hand has no last tile to double."""
    entry = {"pips": {"Ann": 5, "Bob": 5, "Cy": 9}, flag: True}
    error = refused(entry, ruleset=ruleset, double_either_end=True, double_with_double=True)
    assert error.field == flag


@pytest.mark.parametrize("flag", ["either_end", "with_double"])
def test_doubling_refused_when_off_even_if_the_blocked_hand_is_tied(flag: str) -> None:
    """SCORING.md Block and Draw: British doublings are "off by default"; Common: invalid input gives a clear error."""
    error = refused({"pips": {"Ann": 5, "Bob": 5, "Cy": 9}, flag: True})
    assert error.field == flag


def test_doubling_flag_must_be_true_or_false() -> None:
    """API.md block: `"either_end": true`, `"with_double": true`."""
    entry = {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann", "with_double": "yes"}
    error = refused(entry, double_with_double=True)
    assert str(error) == "with_double must be true or false"


# --- the set option and the tiles entry ----------------------------------------------------


def test_tiles_are_counted_as_pips() -> None:
    """SCORING.md Block and Draw: "the tiles left, from which pips are counted"."""
    entry = {"tiles": {"Ann": [], "Bob": ["6-6", "1-0"], "Cy": ["3-4"]}, "domino": "Ann"}
    result = score(entry)
    assert result.scores == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert english(result.explanation) == (
        "Ann dominoed.",
        "Bob: 6-6 + 0-1 = 13 pips",
        "Cy: 3-4 = 7 pips",
        "Ann scores Bob 13 + Cy 7 = 20, minus own 0: 20 points.",
    )


def test_tiles_in_either_order_are_the_same_tile() -> None:
    """SCORING.md Common: "Tiles are written `a-b`; `b-a` is the same tile"."""
    forward = score({"tiles": {"Ann": [], "Bob": ["3-4"], "Cy": ["1-6"]}, "domino": "Ann"})
    backward = score({"tiles": {"Ann": [], "Bob": ["4-3"], "Cy": ["6-1"]}, "domino": "Ann"})
    assert forward.scores == backward.scores == {"Ann": 14, "Bob": 0, "Cy": 0}


def test_a_tile_outside_the_set_is_refused() -> None:
    """SCORING.md Common: "A tile outside the game's set ... is an input error"; Block and Draw: "Set: double-six"."""
    error = refused({"tiles": {"Ann": [], "Bob": ["7-7"], "Cy": []}, "domino": "Ann"})
    assert str(error) == "7-7 is not in the double-six set"
    assert error.field == "tiles"


def test_a_tile_claimed_twice_is_refused() -> None:
    """SCORING.md Common: "so is one tile claimed twice"; `b-a` is the same tile as `a-b`."""
    error = refused({"tiles": {"Ann": [], "Bob": ["3-4"], "Cy": ["4-3"]}, "domino": "Ann"})
    assert str(error) == "3-4 is claimed 2 times, but the double-six set holds it once"
    assert error.field == "tiles"
    error = refused({"tiles": {"Ann": [], "Bob": ["5-5", "5-5"], "Cy": []}, "domino": "Ann"})
    assert "5-5 is claimed 2 times" in str(error)


def test_a_tile_that_is_not_a_domino_is_refused() -> None:
    """SCORING.md Common: "Tiles are written `a-b`"; invalid input "gives a clear error naming what is wrong"."""
    error = refused({"tiles": {"Ann": [], "Bob": ["34"], "Cy": []}, "domino": "Ann"})
    assert "is not a domino" in str(error)
    error = refused({"tiles": {"Ann": [], "Bob": "3-4", "Cy": []}, "domino": "Ann"})
    assert str(error) == 'the tiles for Bob must be a list like ["3-4", "6-6"]'


def test_double_nine_set_allows_its_tiles() -> None:
    """SCORING.md Common: **option** `set` `double-nine` (the Bookshelf set is double-nine)."""
    entry = {"tiles": {"Ann": [], "Bob": ["9-9", "7-8"], "Cy": ["0-9"]}, "domino": "Ann"}
    result = score(entry, ruleset=DRAW, set="double-nine")
    assert result.scores == {"Ann": 42, "Bob": 0, "Cy": 0}
    error = refused(entry, ruleset=DRAW)
    assert str(error) == "9-9 is not in the double-six set"


def test_double_nine_set_allows_pips_up_to_its_total() -> None:
    """SCORING.md Common: pips up to "all the set's pips" (double-nine: 495); **option** `set`."""
    entry = {"pips": {"Ann": 0, "Bob": 300, "Cy": 195}, "domino": "Ann"}
    assert score(entry, set="double-nine").scores == {"Ann": 495, "Bob": 0, "Cy": 0}
    error = refused(entry)
    assert str(error) == "the pips left for Bob cannot be more than 168"
    error = refused({"pips": {"Ann": 0, "Bob": 300, "Cy": 196}, "domino": "Ann"}, set="double-nine")
    assert str(error) == "496 pips in all is more than the whole double-nine set holds (495)"


# --- pips bounds and entry shape -----------------------------------------------------------


def test_negative_pips_are_refused() -> None:
    """SCORING.md Common: "Pips outside what the set can hold (negative ...)" are input errors."""
    error = refused({"pips": {"Ann": 0, "Bob": -3, "Cy": 7}, "domino": "Ann"})
    assert str(error) == "the pips left for Bob cannot be less than 0"
    assert error.field == "pips"


def test_pips_more_than_the_set_holds_are_refused() -> None:
    """SCORING.md Common: pips "more than all the set's pips" are an input error (double-six: 168)."""
    assert score({"pips": {"Ann": 0, "Bob": 168, "Cy": 0}, "domino": "Ann"}).scores["Ann"] == 168
    error = refused({"pips": {"Ann": 0, "Bob": 169, "Cy": 0}, "domino": "Ann"})
    assert str(error) == "the pips left for Bob cannot be more than 168"
    assert error.field == "pips"


def test_total_pips_more_than_the_set_holds_are_refused() -> None:
    """SCORING.md Common: pips "more than all the set's pips" are an input error, in all hands together."""
    error = refused({"pips": {"Ann": 0, "Bob": 100, "Cy": 69}, "domino": "Ann"})
    assert str(error) == "169 pips in all is more than the whole double-six set holds (168)"
    assert error.field == "pips"


@pytest.mark.parametrize("value", ["12", 1.5, True, None])
def test_pips_must_be_whole_numbers(value: object) -> None:
    """SCORING.md Block and Draw: "Entry: each side's pips left in hand"."""
    error = refused({"pips": {"Ann": 0, "Bob": value, "Cy": 7}, "domino": "Ann"})
    assert str(error) == "the pips left for Bob must be a whole number"


def test_both_pips_and_tiles_are_refused() -> None:
    """SCORING.md Block and Draw: "each side's pips left in hand (or the tiles left ...)"."""
    entry = {
        "pips": {"Ann": 0, "Bob": 7, "Cy": 7},
        "tiles": {"Ann": [], "Bob": ["3-4"], "Cy": ["2-5"]},
    }
    error = refused(entry | {"domino": "Ann"})
    assert str(error) == "give either the pips left in each hand or the tiles left, not both"
    assert error.field == "pips"


def test_neither_pips_nor_tiles_is_refused() -> None:
    """SCORING.md Block and Draw: the entry gives each side's pips or tiles left."""
    error = refused({"domino": "Ann"})
    # Not "… not both": nothing was given, so the sentence asks for one of the two.
    assert str(error) == "give the pips left in each hand, or the tiles left"
    assert error.field == "pips"


def test_an_unknown_field_is_refused() -> None:
    """API.md block: the entry fields are pips or tiles, domino, either_end, with_double."""
    error = refused({"pips": {"Ann": 0, "Bob": 7, "Cy": 7}, "domino": "Ann", "count": 5})
    assert str(error) == (
        "count is not part of a hand here (expected: pips, tiles, domino, either_end, with_double)"
    )
    assert error.field == "count"


def test_an_entry_that_is_not_an_object_is_refused() -> None:
    """API.md Errors: a body that is not an object is refused."""
    with pytest.raises(RuleError, match="object of fields"):
        BLOCK.score_hand([], THREE, BLOCK.resolve_options({}, THREE))  # type: ignore[arg-type]


@pytest.mark.parametrize("table", [TWO, THREE, FOUR, TEAMS])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_scores_have_every_side(table: Table, ruleset: BlockRuleset) -> None:
    """API.md: "`scores` of a hand has every side, 0 included"."""
    entry = ruleset.sample_entry(table)
    result = score(entry, table, ruleset)
    assert list(result.scores) == list(table.sides)
    assert english(result.explanation)
    tied = score({"pips": dict.fromkeys(table.sides, 3)}, table, ruleset)
    assert list(tied.scores) == list(table.sides)


# --- the end of the game and the deal ------------------------------------------------------


def test_game_goes_on_below_the_target() -> None:
    """SCORING.md Block and Draw: "First side to reach it wins"."""
    status = BLOCK.status(THREE, BLOCK.resolve_options({}, THREE), hands({"Ann": 60, "Bob": 0}))
    assert not status.finished
    assert status.winners == ()


def test_first_to_reach_the_target_wins() -> None:
    """block-dominoes.txt: "played ... for 61 points in a three or four handed game"; SCORING.md: "Reaches the target" means total >= target."""
    options = BLOCK.resolve_options({}, THREE)
    played = hands({"Ann": 40, "Bob": 0, "Cy": 0}, {"Ann": 21, "Bob": 0, "Cy": 0})
    status = BLOCK.status(THREE, options, [*played, *hands({"Bob": 90})])
    assert status.finished
    assert status.winners == ("Ann",)
    assert english(status.explanation) == "Ann reached 61 with 61 and won"


def test_draw_first_to_100_wins() -> None:
    """block-draw-muggins.txt: "The winner of the game is the first player to reach 100 points"."""
    options = DRAW.resolve_options({}, TEAMS)
    status = DRAW.status(TEAMS, options, hands({"Us": 99, "Them": 0}))
    assert not status.finished
    status = DRAW.status(TEAMS, options, hands({"Us": 99, "Them": 0}, {"Us": 0, "Them": 100}))
    assert status.winners == ("Them",)


def test_several_reaching_the_target_on_one_hand_the_highest_wins() -> None:
    """SCORING.md Block and Draw: "if several reach it on the same hand, the highest total wins"."""
    options = DRAW.resolve_options({}, THREE)
    played = hands({"Ann": 95, "Bob": 90, "Cy": 0}, {"Ann": 6, "Bob": 15, "Cy": 0})
    status = DRAW.status(THREE, options, played)
    assert status.finished
    assert status.winners == ("Bob",)
    assert english(status.explanation) == "Bob reached 100 with 105 and won"


def test_a_custom_target_is_used() -> None:
    """SCORING.md Block and Draw: **option** `target`."""
    options = BLOCK.resolve_options({"target": 150}, TWO)
    assert not BLOCK.status(TWO, options, hands({"Ann": 149, "Bob": 0})).finished
    assert BLOCK.status(TWO, options, hands({"Ann": 150, "Bob": 0})).winners == ("Ann",)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seat_one_deals_first_and_the_deal_passes_clockwise(ruleset: BlockRuleset) -> None:
    """SCORING.md Common: "Seat 1 deals/shuffles the first hand; the deal passes clockwise (seat+1) every hand"."""
    options = ruleset.resolve_options({}, THREE)
    deals = [ruleset.next_hand(THREE, options, played) for played in range(4)]
    assert [d.number for d in deals] == [1, 2, 3, 4]
    assert [d.dealer for d in deals] == ["Ann", "Bob", "Cy", "Ann"]
    assert deals[0].passing is None
    options = ruleset.resolve_options({}, TEAMS)
    dealers = [ruleset.next_hand(TEAMS, options, played).dealer for played in range(5)]
    assert dealers == ["Ann", "Bob", "Cy", "Dee", "Ann"]


# --- properties over generated legal hands -------------------------------------------------


@st.composite
def domino_hands(draw: st.DrawFn) -> tuple[Table, dict[str, Any]]:
    table = draw(st.sampled_from([TWO, THREE, FOUR, TEAMS]))
    dominoer = draw(st.sampled_from(table.players))
    winner = table.side_of(dominoer)
    budget = 168
    pips: dict[str, int] = {}
    for side in table.sides:
        # An individual who dominoed holds nothing; a team's partner may still hold tiles.
        held = 0 if side == winner and not table.partnerships else draw(st.integers(0, budget))
        pips[side] = held
        budget -= held
    return table, {"pips": pips, "domino": dominoer}


@given(domino_hands())
def test_property_others_winner_scores_the_others_pips(
    hand: tuple[Table, dict[str, Any]],
) -> None:
    """SCORING.md Block and Draw: `others` — "the winner scores the sum of all other players' pips"."""
    table, entry = hand
    result = score(entry, table, DRAW)
    winner = table.side_of(entry["domino"])
    others = [side for side in table.sides if side != winner]
    assert result.scores[winner] == sum(entry["pips"][side] for side in others)
    assert all(result.scores[side] == 0 for side in others)
    assert list(result.scores) == list(table.sides)


# A hand of any kind, scored here from SCORING.md's words: either ruleset, either scoring,
# either set, dominoed or blocked (ties included), pips or tiles, with the doublings.


@dataclass(frozen=True)
class Dealt:
    ruleset: BlockRuleset
    table: Table
    options: dict[str, Any]
    held: dict[str, list[tuple[int, int]]]  # side -> the tiles it still holds
    domino: str | None  # the player who went out, or None: the hand blocked
    flags: dict[str, bool]
    as_tiles: bool

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"domino": self.domino, **self.flags}
        if self.as_tiles:
            entry["tiles"] = {s: [f"{a}-{b}" for a, b in ts] for s, ts in self.held.items()}
        else:
            entry["pips"] = {s: sum(a + b for a, b in ts) for s, ts in self.held.items()}
        return entry

    def expected(self) -> dict[str, int]:
        pips = {side: sum(a + b for a, b in tiles) for side, tiles in self.held.items()}
        scores = dict.fromkeys(self.table.sides, 0)
        difference = self.options["scoring"] == "difference"
        if self.domino is not None:
            winner = self.table.side_of(self.domino)
            points = sum(p for side, p in pips.items() if side != winner)
            if difference:
                points = max(0, points - pips[winner])  # never below 0
            scores[winner] = points * 2 ** sum(self.flags.values())
            return scores
        lightest = min(pips.values())
        tied = [side for side, p in pips.items() if p == lightest]
        others = sum(p for side, p in pips.items() if side not in tied)
        if len(tied) == 1:
            scores[tied[0]] = others - lightest if difference else others
        elif not difference and not self.table.partnerships:
            for side in tied:  # the tied players split the others' pips, rounded down
                scores[side] = others // len(tied)
        return scores  # otherwise a tie for the lightest hand: nobody scores


@st.composite
def dealt_hands(draw: st.DrawFn) -> Dealt:
    ruleset = draw(st.sampled_from(RULESETS))
    table = draw(st.sampled_from([TWO, THREE, FOUR, TEAMS]))
    highest = draw(st.sampled_from([6, 9]))
    options = {
        "set": f"double-{'six' if highest == 6 else 'nine'}",
        "scoring": draw(st.sampled_from(["difference", "others"])),
        "double_either_end": draw(st.booleans()),
        "double_with_double": draw(st.booleans()),
    }
    tiles = draw(
        st.permutations([(a, b) for a in range(highest + 1) for b in range(a, highest + 1)])
    )
    domino = draw(st.sampled_from([None, *table.players]))
    held: dict[str, list[tuple[int, int]]] = {}
    for side in table.sides:
        out = domino is not None and not table.partnerships and side == domino
        fewest = 0 if domino is not None else 1  # nobody went out: everyone holds a tile
        count = 0 if out else draw(st.integers(fewest, 5 if table.partnerships else 3))
        held[side], tiles = tiles[:count], tiles[count:]
    if domino is None and draw(st.booleans()):
        # A tie for the lightest hand: some sides hold what the lightest holds (so its pips;
        # its very tiles cannot be in two hands).
        lightest = min(held.values(), key=lambda ts: sum(a + b for a, b in ts))
        for side in table.sides[: draw(st.integers(2, len(table.sides)))]:
            held[side] = list(lightest)
    flags: dict[str, bool] = {}
    if domino is not None:
        for flag, option in (
            ("either_end", "double_either_end"),
            ("with_double", "double_with_double"),
        ):
            if options[option]:
                flags[flag] = draw(st.booleans())
    as_tiles = draw(st.booleans())
    if as_tiles and len({t for ts in held.values() for t in ts}) < sum(map(len, held.values())):
        as_tiles = False  # a tile claimed twice is an error; pips alone cannot say so
    return Dealt(ruleset, table, options, held, domino, flags, as_tiles)


def blocked_tie(ruleset: BlockRuleset, scoring: str) -> Dealt:
    """Three players blocked, Ann and Bob tied for the lightest hand (3 pips), Cy 9."""
    options = {
        "set": "double-six",
        "scoring": scoring,
        "double_either_end": False,
        "double_with_double": False,
    }
    held = {"Ann": [(1, 2)], "Bob": [(0, 3)], "Cy": [(4, 5)]}
    return Dealt(ruleset, THREE, options, held, None, {}, True)


@settings(max_examples=300)
@given(dealt_hands())
# Ties the generator reaches only now and then: always tried (difference: nobody scores;
# others: the tied players split, rounded down).
@example(blocked_tie(BLOCK, "difference"))
@example(blocked_tie(DRAW, "difference"))
@example(blocked_tie(BLOCK, "others"))
def test_property_every_kind_of_hand_scores_as_the_rules_say(hand: Dealt) -> None:
    """SCORING.md Block and Draw, over generated legal hands of every kind."""
    result = hand.ruleset.score_hand(
        hand.entry(), hand.table, hand.ruleset.resolve_options(hand.options, hand.table)
    )
    assert result.scores == hand.expected()
    assert list(result.scores) == list(hand.table.sides)
    assert english(result.explanation)
