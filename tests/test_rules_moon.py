"""Moon scoring (seed: moon.txt; contract: SCORING.md "Moon" and "Common to every game")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.moon import (
    MOON,
    RULESETS,
    match_score,
    match_winner,
)
from tests.words import english

THREE = Table(("Ann", "Bob", "Cy"))
FOUR = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))


def score(entry: dict[str, Any], table: Table = THREE) -> HandResult:
    return MOON.score_hand(entry, table, MOON.resolve_options({}, table))


def refused(entry: dict[str, Any], table: Table = THREE) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, table)
    return caught.value


def hands(*scores: dict[str, int]) -> list[ScoredHand]:
    return [
        ScoredHand(number, {}, HandResult(points, ()))
        for number, points in enumerate(scores, start=1)
    ]


# --- the declaration, the table and the options ----------------------------------------


def test_declaration() -> None:
    """SCORING.md Moon: "3 players ... 4 players (partnerships, the seed's variant)"; API.md id `moon`."""
    assert RULESETS == (MOON,)
    assert MOON.id == "moon"
    assert MOON.name == "Moon"
    assert MOON.seed == "moon.txt"
    assert MOON.players == (3, 4)
    assert MOON.partnerships == "always"


def test_three_players_each_for_themself_and_four_in_partnerships() -> None:
    """SCORING.md Moon: 3 players each for themself; 4 players in partnerships."""
    MOON.check_table(THREE)
    MOON.check_table(FOUR)
    assert MOON.partnerships_required(4)
    assert not MOON.partnerships_required(3)
    with pytest.raises(RuleError, match="played in partnerships") as caught:
        MOON.check_table(Table(("Ann", "Bob", "Cy", "Dee")))
    assert caught.value.field == "partnerships"
    with pytest.raises(RuleError, match="3 or 4 players, not 2"):
        MOON.check_table(Table(("Ann", "Bob")))


def test_target_defaults_to_21() -> None:
    """SCORING.md Moon: "the first side to reach **option** `target` 21 wins"."""
    assert MOON.resolve_options({}, THREE) == {"target": 21}
    assert MOON.resolve_options({}, FOUR) == {"target": 21}
    assert MOON.resolve_options({"target": 31}, FOUR) == {"target": 31}


def test_target_must_be_a_positive_whole_number() -> None:
    """SCORING.md Moon: target is an option (a whole number of points)."""
    with pytest.raises(RuleError, match="whole number") as caught:
        MOON.resolve_options({"target": "21"}, THREE)
    assert caught.value.field == "options.target"
    with pytest.raises(RuleError, match="at least 1"):
        MOON.resolve_options({"target": 0}, THREE)


def test_unknown_option_is_refused() -> None:
    """API.md Games: "options: any of the ruleset's options; unknown ones are a 422"."""
    with pytest.raises(RuleError, match="nel_o is not an option of Moon"):
        MOON.resolve_options({"nel_o": True}, FOUR)


# --- 3 players -------------------------------------------------------------------------


def test_three_bidder_who_makes_it_scores_the_bid() -> None:
    """moon.txt: "Players score 1 point for each trick they win, except for the winning bidder"."""
    result = score({"bidder": "Ann", "bid": 5, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}})
    assert result.scores == {"Ann": 5, "Bob": 1, "Cy": 1}
    assert english(result.explanation) == (
        "Ann bid 5 and took 5 tricks: made, scores 5",
        "Bob: 1 trick = 1",
        "Cy: 1 trick = 1",
    )


def test_three_bidder_scores_no_more_than_the_bid() -> None:
    """SCORING.md Moon: "a bidder who took at least the bid scores the bid (no more, even with more tricks)"."""
    result = score({"bidder": "Ann", "bid": 5, "tricks": {"Ann": 6, "Bob": 1, "Cy": 0}})
    assert result.scores == {"Ann": 5, "Bob": 1, "Cy": 0}
    assert english(result.explanation)[0] == "Ann bid 5 and took 6 tricks: made, scores 5"
    assert "Cy: 0 tricks = 0" in english(result.explanation)


def test_three_bidder_who_is_set_scores_minus_the_bid() -> None:
    """moon.txt: "If the winning bidder scores less than his bid, he scores minus his bid amount"."""
    result = score({"bidder": "Bob", "bid": 6, "tricks": {"Ann": 2, "Bob": 5, "Cy": 0}})
    assert result.scores == {"Ann": 2, "Bob": -6, "Cy": 0}
    assert "Bob bid 6 and took 5: set, -6" in english(result.explanation)
    assert "Ann: 2 tricks = 2" in english(result.explanation)


def test_three_lowest_and_highest_plain_bids() -> None:
    """moon.txt: "a bid between 4 and 7"."""
    low = score({"bidder": "Cy", "bid": 4, "tricks": {"Ann": 1, "Bob": 2, "Cy": 4}})
    assert low.scores == {"Ann": 1, "Bob": 2, "Cy": 4}
    high = score({"bidder": "Cy", "bid": 7, "tricks": {"Ann": 0, "Bob": 0, "Cy": 7}})
    assert high.scores == {"Ann": 0, "Bob": 0, "Cy": 7}


def test_three_moon_that_takes_all_seven_scores_21() -> None:
    """moon.txt: "21 (called "shooting the moon") which is a bid to win all the seven tricks, but scoring 21 points"."""
    result = score({"bidder": "Ann", "bid": 21, "tricks": {"Ann": 7, "Bob": 0, "Cy": 0}})
    assert result.scores == {"Ann": 21, "Bob": 0, "Cy": 0}
    assert english(result.explanation)[0] == "Ann shot the moon and took all 7: 21"


def test_three_moon_that_misses_a_trick_scores_minus_21() -> None:
    """SCORING.md Moon: "21 = shooting the moon (win all 7 tricks)" ... "otherwise minus the bid"."""
    result = score({"bidder": "Ann", "bid": 21, "tricks": {"Ann": 6, "Bob": 1, "Cy": 0}})
    assert result.scores == {"Ann": -21, "Bob": 1, "Cy": 0}
    assert english(result.explanation)[0] == "Ann shot the moon and took 6: set, -21"


# --- 4 players in partnerships -----------------------------------------------------------


def test_four_team_that_makes_its_bid_scores_every_trick() -> None:
    """moon.txt Variation: "If a partnership who won the bid makes it, ... they score all the tricks they won"."""
    result = score({"bidder": "Cy", "bid": 4, "tricks": {"Us": 6, "Them": 1}}, FOUR)
    assert result.scores == {"Us": 6, "Them": 1}
    assert english(result.explanation) == (
        "Cy won the bid for Us.",
        "Us bid 4 and took 6 tricks: made, scores 6",
        "Them: 1 trick = 1",
    )


def test_four_team_that_is_set_scores_minus_the_bid() -> None:
    """moon.txt Variation: "fails to take the bid number of tricks, they score minus the total of their bid"."""
    result = score({"bidder": "Ann", "bid": 4, "tricks": {"Us": 3, "Them": 4}}, FOUR)
    assert result.scores == {"Us": -4, "Them": 4}
    assert "Us bid 4 and took 3: set, -4" in english(result.explanation)
    assert "Them: 4 tricks = 4" in english(result.explanation)


def test_four_bid_of_three_is_the_lowest() -> None:
    """moon.txt Variation: "the low bid is three tricks"."""
    result = score({"bidder": "Bob", "bid": 3, "tricks": {"Us": 4, "Them": 3}}, FOUR)
    assert result.scores == {"Us": 4, "Them": 3}
    assert english(result.explanation)[0] == "Bob won the bid for Them."


def test_four_moon_scores_21_or_minus_21() -> None:
    """SCORING.md Moon: "a bidding team that made its bid scores every trick it took (21 for a moon)"."""
    made = score({"bidder": "Dee", "bid": 21, "tricks": {"Us": 0, "Them": 7}}, FOUR)
    assert made.scores == {"Us": 0, "Them": 21}
    assert "Them shot the moon and took all 7: 21" in english(made.explanation)
    missed = score({"bidder": "Dee", "bid": 21, "tricks": {"Us": 1, "Them": 6}}, FOUR)
    assert missed.scores == {"Us": 1, "Them": -21}


def test_four_bid_of_seven_made_scores_seven_not_21() -> None:
    """SCORING.md Moon: only a bid of 21 is a moon; a made 7 scores the tricks taken."""
    result = score({"bidder": "Ann", "bid": 7, "tricks": {"Us": 7, "Them": 0}}, FOUR)
    assert result.scores == {"Us": 7, "Them": 0}


# --- everybody passed ----------------------------------------------------------------------


@pytest.mark.parametrize("table", [THREE, FOUR])
def test_everybody_passed_is_a_redeal_scoring_zero(table: Table) -> None:
    """SCORING.md Moon: "Everybody passed: a redeal, recorded as a hand scoring 0 for every side"."""
    result = score({"all_passed": True}, table)
    assert result.scores == {side: 0 for side in table.sides}
    assert "redeal" in english(result.explanation)[0]


def test_everybody_passed_with_a_bid_is_refused() -> None:
    """SCORING.md Common: "invalid input ... gives a clear error naming what is wrong"."""
    error = refused({"all_passed": True, "bidder": "Ann"})
    assert "everybody passed" in str(error)
    assert error.field == "bidder"


def test_all_passed_must_be_true_or_false() -> None:
    """API.md moon entry: `{"all_passed": true}`."""
    error = refused({"all_passed": "yes"})
    assert str(error) == "all_passed must be true or false"
    assert error.field == "all_passed"


def test_all_passed_false_is_an_ordinary_hand() -> None:
    """API.md moon entry: a hand is a bid or `{"all_passed": true}`."""
    entry = {"all_passed": False, "bidder": "Ann", "bid": 4}
    entry["tricks"] = {"Ann": 4, "Bob": 2, "Cy": 1}
    assert score(entry).scores == {"Ann": 4, "Bob": 2, "Cy": 1}


# --- refusals ------------------------------------------------------------------------------


def test_bidder_who_is_not_playing_is_refused() -> None:
    """SCORING.md Common: "a player who is not in the game" is an input error."""
    error = refused({"bidder": "Zed", "bid": 4, "tricks": {"Ann": 4, "Bob": 2, "Cy": 1}})
    assert "Zed is not playing in this game" in str(error)
    assert error.field == "bidder"


def test_bidder_must_be_a_player_not_a_team() -> None:
    """API.md moon: "`bidder` is always a player; `tricks` is keyed by side"."""
    error = refused({"bidder": "Us", "bid": 4, "tricks": {"Us": 4, "Them": 3}}, FOUR)
    assert "Us is not playing in this game" in str(error)
    assert error.field == "bidder"


def test_bidder_name_is_matched_loosely() -> None:
    """API.md Games: names are unique "ignoring case"; sides matched by name."""
    result = score({"bidder": " ann ", "bid": 4, "tricks": {"ANN": 4, "bob": 2, "Cy": 1}})
    assert result.scores == {"Ann": 4, "Bob": 2, "Cy": 1}


@pytest.mark.parametrize("bid", [3, 8, 20, 22, 0, -4])
def test_three_bid_out_of_range_is_refused(bid: int) -> None:
    """moon.txt: "a bid between 4 and 7" ... "the next highest bid must be 21"."""
    error = refused({"bidder": "Ann", "bid": bid, "tricks": {"Ann": 7, "Bob": 0, "Cy": 0}})
    assert str(error) == (
        f"{bid} is not a bid with 3 players: bid 4 to 7 tricks, or 21 to shoot the moon"
    )
    assert error.field == "bid"


@pytest.mark.parametrize("bid", [2, 8, 14])
def test_four_bid_out_of_range_is_refused(bid: int) -> None:
    """SCORING.md Moon: "Bids: 4–7 (3 players) or 3–7 (4 players), or 21"."""
    error = refused({"bidder": "Ann", "bid": bid, "tricks": {"Us": 7, "Them": 0}}, FOUR)
    assert "3 to 7 tricks, or 21" in str(error)
    assert f"{bid} is not a bid with 4 players" in str(error)
    assert error.field == "bid"


@pytest.mark.parametrize("bid", ["5", 5.0, True, None, "moon"])
def test_bid_must_be_a_whole_number(bid: object) -> None:
    """SCORING.md Moon: bids are numbers of tricks (or 21)."""
    error = refused({"bidder": "Ann", "bid": bid, "tricks": {"Ann": 7, "Bob": 0, "Cy": 0}})
    assert str(error).startswith("the bid must be a whole number")
    assert error.field == "bid"


@pytest.mark.parametrize("total", [6, 8])
def test_tricks_must_total_seven(total: int) -> None:
    """SCORING.md Moon: "7 tricks per hand"; Common: "a ... trick total that cannot happen" is an error."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 4, "Bob": total - 5, "Cy": 1}})
    assert str(error) == f"the tricks add up to {total}, but every hand has 7 tricks"
    assert error.field == "tricks"


def test_tricks_must_total_seven_with_partnerships() -> None:
    """SCORING.md Moon: "7 tricks per hand"."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Us": 4, "Them": 4}}, FOUR)
    assert "add up to 8" in str(error)


def test_a_side_missing_from_tricks_is_refused() -> None:
    """API.md: "Every per-side map in entries and results is keyed by side name"."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 5, "Bob": 2}})
    assert str(error) == "tricks has nothing for Cy"
    assert error.field == "tricks"


def test_tricks_keyed_by_players_in_partnerships_is_refused() -> None:
    """API.md moon: "`tricks` is keyed by side" (teams with 4 players)."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 4, "Bob": 3}}, FOUR)
    assert "Ann is not a side in this game" in str(error)
    assert error.field == "tricks"


def test_a_side_given_twice_is_refused() -> None:
    """API.md: per-side maps have one value per side (names matched ignoring case)."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Us": 4, "us": 0, "Them": 3}}, FOUR)
    assert str(error) == "Us is given twice in tricks"


def test_negative_tricks_are_refused() -> None:
    """SCORING.md Common: "a count or trick total that cannot happen" is an input error."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 8, "Bob": -1, "Cy": 0}})
    assert str(error) in {
        "the tricks for Bob cannot be less than 0",
        "the tricks for Ann cannot be more than 7",
    }
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 6, "Bob": 2, "Cy": -1}})
    assert str(error) == "the tricks for Cy cannot be less than 0"
    assert error.field == "tricks"


def test_tricks_must_be_whole_numbers() -> None:
    """SCORING.md Moon: tricks are counted, 7 per hand."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {"Ann": 4.5, "Bob": 1.5, "Cy": 1}})
    assert str(error) == "the tricks for Ann must be a whole number"


def test_tricks_must_be_a_map() -> None:
    """API.md moon: `"tricks": {"Ann": 5, "Bob": 1, "Cy": 1}`."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": [4, 2, 1]})
    assert str(error) == "tricks must give a value for each of Ann, Bob, Cy"


@pytest.mark.parametrize("missing", ["bidder", "bid", "tricks"])
def test_a_missing_field_is_refused(missing: str) -> None:
    """API.md moon: an entry gives bidder, bid and tricks, or all_passed."""
    entry: dict[str, Any] = {"bidder": "Ann", "bid": 4, "tricks": {"Ann": 4, "Bob": 2, "Cy": 1}}
    del entry[missing]
    error = refused(entry)
    assert f"the hand needs the {missing}" in str(error)
    assert error.field == missing


def test_an_unknown_field_is_refused() -> None:
    """API.md moon: the entry fields are bidder, bid, tricks, all_passed."""
    error = refused({"bidder": "Ann", "bid": 4, "tricks": {}, "count": {}})
    assert str(error).startswith("count is not part of a hand here")
    assert error.field == "count"


def test_an_entry_that_is_not_an_object_is_refused() -> None:
    """API.md Errors: a body that is not an object is refused."""
    with pytest.raises(RuleError, match="object of fields"):
        MOON.score_hand([], THREE, {"target": 21})  # type: ignore[arg-type]


# --- the end of the game -------------------------------------------------------------------


def test_game_goes_on_below_the_target() -> None:
    """moon.txt: "the first player to score 21 points, wins the game"."""
    status = MOON.status(THREE, {"target": 21}, hands({"Ann": 20, "Bob": 1, "Cy": 0}))
    assert not status.finished
    assert status.winners == ()
    assert MOON.status(THREE, {"target": 21}, []).finished is False


def test_first_to_reach_the_target_wins() -> None:
    """SCORING.md Common: "Reaches the target" means total >= target."""
    played = hands({"Ann": 5, "Bob": 1, "Cy": 1}, {"Ann": 1, "Bob": 2, "Cy": 4}, {"Ann": 15})
    status = MOON.status(THREE, {"target": 21}, [*played, *hands({"Bob": 30})])
    assert status.finished
    assert status.winners == ("Ann",)
    assert "Ann reached 21 with 21" in english(status.explanation)


def test_several_reaching_the_target_the_highest_wins() -> None:
    """moon.txt: "Should more than one player go over 21 points in a round then the highest scoring player is the winner"."""
    played = hands({"Ann": 18, "Bob": 19, "Cy": 0}, {"Ann": -4, "Bob": 2, "Cy": 5})
    played += hands({"Ann": 7, "Bob": 0, "Cy": 0})
    status = MOON.status(THREE, {"target": 21}, played)
    assert status.finished
    assert status.winners == ("Bob",)  # Bob reached 21 alone on hand 2
    both = hands({"Ann": 18, "Bob": 19, "Cy": 0}, {"Ann": 5, "Bob": 2, "Cy": 0})
    status = MOON.status(THREE, {"target": 21}, both)
    assert status.winners == ("Ann",)
    assert "Ann reached 21 with 23" in english(status.explanation)


def test_a_tie_for_highest_plays_on() -> None:
    """SCORING.md Moon: "if several reach it on the same hand, the highest total wins; a tie for highest plays on"."""
    tied = hands({"Us": 18, "Them": 18}, {"Us": 4, "Them": 4})
    status = MOON.status(FOUR, {"target": 21}, tied)
    assert not status.finished
    assert status.winners == ()
    assert "Us and Them are tied for the lead at 22" in english(status.explanation)
    assert "play on" in english(status.explanation)
    settled = MOON.status(FOUR, {"target": 21}, [*tied, *hands({"Us": -3, "Them": 3})])
    assert settled.finished
    assert settled.winners == ("Them",)


def test_a_tie_for_highest_among_three_with_a_lower_crossing_plays_on() -> None:
    """SCORING.md Moon: "a tie for highest plays on" even when a third side also reached the target."""
    played = hands({"Ann": 19, "Bob": 19, "Cy": 18}, {"Ann": 4, "Bob": 4, "Cy": 3})
    status = MOON.status(THREE, {"target": 21}, played)
    assert not status.finished


def test_scores_can_go_negative() -> None:
    """SCORING.md Moon: "Scores can go negative"."""
    set_twice = [score({"bidder": "Ann", "bid": 7, "tricks": {"Ann": 5, "Bob": 1, "Cy": 1}})] * 2
    played = [ScoredHand(n, {}, result) for n, result in enumerate(set_twice, start=1)]
    assert [h.result.scores["Ann"] for h in played] == [-7, -7]
    assert not MOON.status(THREE, {"target": 21}, played).finished


def test_a_custom_target_is_used() -> None:
    """SCORING.md Moon: **option** `target`."""
    played = hands({"Us": 21, "Them": 0})
    assert not MOON.status(FOUR, {"target": 31}, played).finished
    played += hands({"Us": 10, "Them": 0})
    assert MOON.status(FOUR, {"target": 31}, played).winners == ("Us",)


def test_next_hand_deal_passes_clockwise() -> None:
    """SCORING.md Common: "the deal passes clockwise (seat+1) every hand, including a redeal"."""
    options = MOON.resolve_options({}, FOUR)
    assert [MOON.next_hand(FOUR, options, n).dealer for n in range(5)] == [
        "Ann",
        "Bob",
        "Cy",
        "Dee",
        "Ann",
    ]
    assert MOON.next_hand(THREE, options, 3).passing is None


# --- the match: best two of three (4 players) ----------------------------------------------


def test_match_score_counts_games_won() -> None:
    """moon.txt Variation: "The partnership who wins two out of three games, wins the match"."""
    teams = ("Us", "Them")
    assert match_score([], teams) == {"Us": 0, "Them": 0}
    assert match_score([("Us",), ("Them",)], teams) == {"Us": 1, "Them": 1}
    assert match_score([("Them",), (), ("Them",)], teams) == {"Us": 0, "Them": 2}


def test_match_winner_is_the_first_team_to_win_two() -> None:
    """SCORING.md Moon: "Match: with 4 players, a match is best two of three games"."""
    teams = ("Us", "Them")
    assert match_winner([], teams) is None
    assert match_winner([("Us",)], teams) is None
    assert match_winner([("Us",), ("Them",)], teams) is None
    assert match_winner([("Us",), ("Us",)], teams) == "Us"
    assert match_winner([("Us",), ("Them",), ("Them",)], teams) == "Them"
    assert match_winner([("Them",), ("Them",), ("Us",), ("Us",)], teams) == "Them"


def test_match_refuses_a_team_not_in_the_match() -> None:
    """SCORING.md Common: a name that is not in the game is an input error."""
    with pytest.raises(RuleError, match="Others is not a team of this match") as caught:
        match_score([("Others",)], ("Us", "Them"))
    assert caught.value.field == "winners"
    with pytest.raises(RuleError, match="not a team"):
        match_winner([("Us",), ("Us",), ("Others",)], ("Us", "Them"))


# --- sample entries ------------------------------------------------------------------------


@pytest.mark.parametrize("table", [THREE, FOUR])
def test_sample_entry_is_legal(table: Table) -> None:
    """API.md moon: sample entries follow the documented shape and score cleanly."""
    entry = MOON.sample_entry(table)
    assert set(entry) == {"bidder", "bid", "tricks"}
    assert set(entry["tricks"]) == set(table.sides)
    result = score(entry, table)
    assert set(result.scores) == set(table.sides)
    assert english(result.explanation)


# --- properties over generated legal hands -------------------------------------------------


@st.composite
def legal_hands(draw: st.DrawFn) -> tuple[Table, dict[str, Any]]:
    table = draw(st.sampled_from([THREE, FOUR]))
    low = 3 if table.partnerships else 4
    bid = draw(st.sampled_from([*range(low, 8), 21]))
    bidder = draw(st.sampled_from(table.players))
    cuts = sorted(draw(st.lists(st.integers(0, 7), min_size=len(table.sides) - 1)))
    bounds = [0, *cuts[: len(table.sides) - 1], 7]
    tricks = {side: bounds[i + 1] - bounds[i] for i, side in enumerate(table.sides)}
    return table, {"bidder": bidder, "bid": bid, "tricks": tricks}


@given(legal_hands())
def test_property_every_legal_hand_totals_seven_and_scores_every_side(
    hand: tuple[Table, dict[str, Any]],
) -> None:
    """SCORING.md Moon: "7 tricks per hand"; API.md: "`scores` of a hand has every side, 0 included"."""
    table, entry = hand
    assert sum(entry["tricks"].values()) == 7
    result = score(entry, table)
    assert list(result.scores) == list(table.sides)
    assert len(english(result.explanation)) == len(table.sides) + (1 if table.partnerships else 0)


@given(legal_hands())
def test_property_non_bidders_score_exactly_their_tricks(
    hand: tuple[Table, dict[str, Any]],
) -> None:
    """moon.txt: "Players score 1 point for each trick they win, except for the winning bidder"."""
    table, entry = hand
    result = score(entry, table)
    bidding_side = table.side_of(entry["bidder"])
    for side in table.sides:
        if side != bidding_side:
            assert result.scores[side] == entry["tricks"][side]


@given(legal_hands())
def test_property_bidder_scores_per_the_contract(hand: tuple[Table, dict[str, Any]]) -> None:
    """SCORING.md Moon: made scores the bid (3 players) or the tricks (4), 21 for a moon; else minus the bid."""
    table, entry = hand
    result = score(entry, table)
    side = table.side_of(entry["bidder"])
    bid, took = entry["bid"], entry["tricks"][side]
    made = took == 7 if bid == 21 else took >= bid
    if not made:
        expected = -bid
    elif bid == 21:
        expected = 21
    else:
        expected = took if table.partnerships else bid
    assert result.scores[side] == expected


@given(legal_hands(), st.integers(-3, 3).filter(lambda n: n != 0))
def test_property_a_trick_total_other_than_seven_is_refused(
    hand: tuple[Table, dict[str, Any]], change: int
) -> None:
    """SCORING.md Common: "a count or trick total that cannot happen" is an input error."""
    table, entry = hand
    last = table.sides[-1]
    entry["tricks"][last] += change
    with pytest.raises(RuleError) as caught:
        score(entry, table)
    assert caught.value.field == "tricks"
