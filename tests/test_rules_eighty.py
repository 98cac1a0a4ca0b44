"""Eighty: the rules of eighty.txt as settled by SCORING.md, section "Eighty".

Every test cites the rule it checks: the seed (eighty.txt) or a SCORING.md line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Status, Table
from scorekeeper.rules.eighty import (
    EIGHTY,
    NORMAL_PLAY,
    RULESETS,
    count_can_happen,
    hand_points,
    team_points,
)
from scorekeeper.tiles import EIGHTY_SET
from tests.words import english

TABLE = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))
SIDES = ("Us", "Them")
# Written out here, not taken from the module: the count tiles and their worth.
COUNT_WORTH = {"5-5": 10, "4-6": 10, "1-4": 5, "2-3": 5}


def options(**given: object) -> dict[str, Any]:
    return EIGHTY.resolve_options(given, TABLE)


def score(entry: Mapping[str, Any], **given: object) -> HandResult:
    return EIGHTY.score_hand(entry, TABLE, options(**given))


def refusal(entry: Mapping[str, Any], **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, **given)
    return caught.value


def hand(
    bidder: str = "Ann",
    bid: object = 60,
    tricks: tuple[int, int] = (6, 4),
    count: tuple[int, int] | None = (40, 15),
    **extra: object,
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "bidder": bidder,
        "bid": bid,
        "tricks": {"Us": tricks[0], "Them": tricks[1]},
    }
    if count is not None:
        entry["count"] = {"Us": count[0], "Them": count[1]}
    entry.update(extra)
    return entry


def play(entries: list[dict[str, Any]], **given: object) -> Status:
    opts = options(**given)
    hands = [
        ScoredHand(number, entry, EIGHTY.score_hand(entry, TABLE, opts))
        for number, entry in enumerate(entries, start=1)
    ]
    return EIGHTY.status(TABLE, opts, hands)


# --- the declaration and the options ---------------------------------------------------


def test_declaration() -> None:
    """SCORING.md: "4 players in two fixed partnerships"; API.md: partnerships "always" for eighty."""
    assert RULESETS == (EIGHTY,)
    assert EIGHTY.id == "eighty"
    assert EIGHTY.name == "Eighty"
    assert EIGHTY.players == (4,)
    assert EIGHTY.partnerships == "always"
    assert EIGHTY.seed == "eighty.txt"


def test_option_defaults() -> None:
    """SCORING.md: options target 250, nel_o true, nel_o_value 80, marks false, marks_target 10."""
    assert options() == {
        "target": 250,
        "nel_o": True,
        "nel_o_value": 80,
        "marks": False,
        "marks_target": 10,
    }
    assert options(target=100, nel_o=False, marks=True)["target"] == 100


def test_unknown_and_bad_options_are_refused() -> None:
    """SCORING.md: every option is a per-game setting; API.md: unknown options are a 422."""
    with pytest.raises(RuleError, match="widow") as caught:
        options(widow=True)
    assert caught.value.field == "options"
    with pytest.raises(RuleError, match="nel_o must be true or false"):
        options(nel_o="yes")
    # Issue 15: named as the new-game form labels the field.
    with pytest.raises(RuleError, match="Points to win must be a whole number"):
        options(target="250")
    with pytest.raises(RuleError, match=r"Marks to win \(with marks\) must be at least 1"):
        options(marks_target=0)


def test_table_must_be_four_players_in_partnerships() -> None:
    """SCORING.md: "4 players in two fixed partnerships"."""
    with pytest.raises(RuleError, match="played by 4 players, not 3"):
        EIGHTY.check_table(Table(("Ann", "Bob", "Cy")))
    with pytest.raises(RuleError, match="played in partnerships"):
        EIGHTY.check_table(Table(("Ann", "Bob", "Cy", "Dee")))
    with pytest.raises(RuleError, match="played in partnerships"):
        EIGHTY.score_hand(hand(), Table(("Ann", "Bob", "Cy", "Dee")), options())
    EIGHTY.check_table(TABLE)


# --- a bid made or failed --------------------------------------------------------------


def test_points_are_two_per_trick_plus_count() -> None:
    """SCORING.md: "Each team scores 2 points per trick won (10 tricks) plus its count"."""
    assert hand_points(hand(tricks=(6, 4), count=(40, 15)), TABLE) == {"Us": 52, "Them": 23}
    assert team_points({"Us": 10, "Them": 0}, {"Us": 60, "Them": 0}) == {"Us": 80, "Them": 0}


def test_bid_made_each_team_scores_what_it_took() -> None:
    """SCORING.md: "Bid made (bidding team's points >= bid): each team scores the points it took"."""
    result = score(hand(bid=60, tricks=(7, 3), count=(50, 10)))
    assert result.scores == {"Us": 64, "Them": 16}
    assert english(result.explanation) == (
        "Us bid 60 and took 7 tricks (14) + count 50 = 64: bid made, Us score 64",
        "Them took 3 tricks (6) + count 10 = 16: Them score 16",
    )


def test_bid_made_exactly() -> None:
    """SCORING.md: "Bid made (bidding team's points >= bid)" — equal is made."""
    result = score(hand(bid=62, tricks=(6, 4), count=(50, 5)))
    assert result.scores == {"Us": 62, "Them": 13}
    assert "bid made" in english(result.explanation)[0]


def test_bid_failed_bidders_zero_others_bid_plus_points() -> None:
    """SCORING.md: "Bid failed: the bidding team scores 0; the other team scores the bid plus the points it took"."""
    result = score(hand(bid=60, tricks=(6, 4), count=(40, 15)))
    assert result.scores == {"Us": 0, "Them": 83}
    assert english(result.explanation) == (
        "Us bid 60 and took 6 tricks (12) + count 40 = 52: bid failed, Us score 0",
        "Them score the bid 60 + their 8 + 15 = 83",
    )


def test_bid_failed_by_one_point() -> None:
    """SCORING.md: "Bid made (bidding team's points >= bid)"; below it the bid failed."""
    result = score(hand(bid=63, tricks=(6, 4), count=(50, 5)))
    assert result.scores == {"Us": 0, "Them": 63 + 8 + 5}


def test_bid_by_the_other_team() -> None:
    """eighty.txt: partners keep "their combined scores"; Bob and Dee are the team Them."""
    result = score(hand(bidder="Dee", bid=50, tricks=(2, 8), count=(10, 45)))
    assert result.scores == {"Us": 14, "Them": 61}
    assert english(result.explanation)[0].startswith(
        "Them bid 50 and took 8 tricks (16) + count 45 = 61"
    )


def test_bid_of_eighty_needs_everything() -> None:
    """eighty.txt: "a maximum possible score and bid of 80 points for a hand"."""
    assert score(hand(bid=80, tricks=(10, 0), count=(60, 0))).scores == {"Us": 80, "Them": 0}
    assert score(hand(bid=80, tricks=(10, 0), count=(55, 0))).scores == {"Us": 0, "Them": 80}


def test_scores_have_both_sides_zero_included() -> None:
    """API.md: "scores of a hand has every side, 0 included"."""
    for entry in (
        hand(bid=80, tricks=(10, 0), count=(60, 0)),
        hand(bid=60),
        {"all_passed": True},
        hand(bid="nel-o", count=None, tricks=(0, 10)),
    ):
        assert set(score(entry).scores) == set(SIDES)


def test_names_are_matched_loosely() -> None:
    """base.py Table.player/side: names match ignoring case and surrounding spaces."""
    entry = {
        "bidder": " ann ",
        "bid": 60,
        "tricks": {"us": 6, "THEM": 4},
        "count": {"Us": 50, "them": 5},
    }
    assert score(entry).scores == {"Us": 62, "Them": 13}


def test_sample_entry_scores() -> None:
    """base.py Ruleset.sample_entry: "A legal entry for this table"."""
    entry = EIGHTY.sample_entry(TABLE)
    assert score(entry).scores == {"Us": 0, "Them": 83}


# --- count tiles -----------------------------------------------------------------------


def test_count_tiles_score_like_numbers() -> None:
    """SCORING.md: "each 5-5 and 4-6 taken scores 10, each 1-4 and 2-3 scores 5"."""
    entry = hand(count=None, tricks=(6, 4))
    entry["count_tiles"] = {"Us": ["5-5", "4-6", "6-4", "1-4"], "Them": ["3-2", "2-3", "4-1"]}
    result = score(entry)
    assert hand_points(entry, TABLE) == {"Us": 12 + 35, "Them": 8 + 15}
    assert result.scores == {"Us": 0, "Them": 60 + 8 + 15}
    assert english(result.explanation)[0] == "Us took 5-5 + 4-6 + 4-6 + 1-4: count 35"
    assert english(result.explanation)[1] == "Them took 2-3 + 2-3 + 1-4: count 15"


def test_count_tiles_may_include_other_tiles() -> None:
    """API.md: count_tiles are "the count tiles each team took"; other tiles are ignored (our choice)."""
    entry = hand(bid=50, count=None, tricks=(6, 4))
    entry["count_tiles"] = {
        "Us": ["5-5", "4-6", "5-5", "4-6", "3-6", "6-6"],
        "Them": ["1-4", "2-3", "1-4", "2-3"],
    }
    result = score(entry)
    assert result.scores == {"Us": 52, "Them": 28}
    assert (
        english(result.explanation)[0]
        == "Us took 5-5 + 4-6 + 5-5 + 4-6: count 40 (3-6, 6-6 not counted)"
    )


def test_count_tiles_team_without_count() -> None:
    """SCORING.md: the count is what each team took; a team may take none."""
    entry = hand(count=None, tricks=(8, 2))
    entry["count_tiles"] = {"Us": ["5-5", "4-6", "5-5", "4-6", "1-4", "2-3"], "Them": []}
    result = score(entry)
    assert result.scores == {"Us": 66, "Them": 4}
    assert "Them took no count tiles: count 0" in english(result.explanation)


def test_blank_tile_is_refused() -> None:
    """SCORING.md: "Two double-six sets without any blank tile"; "A tile outside the game's set ... is an input error"."""
    entry = hand(count=None)
    entry["count_tiles"] = {"Us": ["5-5", "0-5"], "Them": []}
    error = refusal(entry)
    assert "0-5 is not in the Eighty" in str(error)
    assert error.field == "count_tiles"


def test_not_a_tile_is_refused() -> None:
    """SCORING.md: "Tiles are written a-b"."""
    entry = hand(count=None)
    entry["count_tiles"] = {"Us": ["five-five"], "Them": []}
    error = refusal(entry)
    assert "is not a domino" in str(error)
    assert error.field == "count_tiles"


def test_count_tile_claimed_three_times_is_refused() -> None:
    """SCORING.md: "one tile claimed twice (Eighty's two sets allow two copies of each tile)" is an error."""
    entry = hand(count=None)
    entry["count_tiles"] = {"Us": ["5-5", "5-5", "4-6", "4-6"], "Them": ["5-5", "1-4"]}
    error = refusal(entry)
    assert "5-5 is claimed 3 times" in str(error)
    assert "2 times" in str(error)
    assert error.field == "count_tiles"


def test_count_tiles_must_be_a_list() -> None:
    """API.md: count_tiles maps each team to a list of tiles."""
    entry = hand(count=None)
    entry["count_tiles"] = {"Us": "5-5", "Them": []}
    assert "must be a list" in str(refusal(entry))


def test_more_tiles_than_the_tricks_hold_are_refused() -> None:
    """eighty.txt: each trick is one tile from each of the four players: 4 tiles a trick."""
    entry = hand(count=None, tricks=(9, 1))
    entry["count_tiles"] = {
        "Us": ["5-5", "4-6", "5-5"],
        "Them": ["4-6", "1-4", "2-3", "1-4", "2-3"],
    }
    error = refusal(entry)
    assert "Them took 1 trick, which hold 4 tiles, but 5 tiles are listed" in str(error)
    assert error.field == "count_tiles"


def test_count_tiles_missing_more_than_the_unused_two_are_refused() -> None:
    """SCORING.md: "10 tiles each, 2 unused" — a count tile not taken must be one of the 2 unused."""
    entry = hand(count=None)
    entry["count_tiles"] = {"Us": ["5-5", "4-6", "5-5"], "Them": ["1-4", "2-3"]}
    error = refusal(entry)
    assert "4-6, 1-4, 2-3 are not accounted for" in str(error)
    assert error.field == "count_tiles"


def test_two_count_tiles_may_sit_out() -> None:
    """SCORING.md: "a count tile may be among the 2 unused tiles, so less may be in play"."""
    entry = hand(count=None, bid=50, tricks=(6, 4))
    entry["count_tiles"] = {"Us": ["5-5", "4-6", "1-4", "2-3"], "Them": ["1-4", "2-3"]}
    assert score(entry).scores == {"Us": 0, "Them": 50 + 8 + 10}


def test_count_and_count_tiles_together_are_refused() -> None:
    """API.md: an entry gives count or count_tiles."""
    entry = hand()
    entry["count_tiles"] = {"Us": [], "Them": []}
    error = refusal(entry)
    assert "either each team's count or its count tiles, not both" in str(error)


def test_count_is_required_outside_nel_o() -> None:
    """SCORING.md: "Entry: bidder, bid, tricks per team (must total 10), and count per team"."""
    error = refusal(hand(count=None))
    assert "give each team's count" in str(error)
    assert error.field == "count"


# --- counts that cannot happen -----------------------------------------------------------


def test_count_must_be_a_multiple_of_five() -> None:
    """SCORING.md: "count per team (multiples of 5, together at most 60)"."""
    error = refusal(hand(count=(42, 15)))
    assert "count for Us must be a multiple of 5" in str(error)
    assert "not 42" in str(error)
    assert error.field == "count"


def test_count_over_sixty_in_all_is_refused() -> None:
    """SCORING.md: "count per team (multiples of 5, together at most 60)"."""
    error = refusal(hand(count=(40, 25)))
    assert "the counts add up to 65, but there are only 60 count points" in str(error)
    assert error.field == "count"


def test_count_over_sixty_for_one_team_is_refused() -> None:
    """SCORING.md: the count tiles are "60 in all"."""
    error = refusal(hand(count=(65, 0)))
    assert "count for Us cannot be more than 60" in str(error)


def test_count_not_a_number_is_refused() -> None:
    """SCORING.md: invalid input "gives a clear error naming what is wrong"."""
    error = refusal(hand(count=("forty", 15)))  # type: ignore[arg-type]
    assert "the count for Us must be a whole number" in str(error)
    assert "cannot be less than 0" in str(refusal(hand(count=(-5, 60))))


def test_team_without_tricks_has_no_count() -> None:
    """eighty.txt: teams "score the pip total of all the 5 and 10-point count tiles won in any trick"."""
    error = refusal(hand(tricks=(10, 0), count=(50, 5)))
    assert "Them took no trick, so Them took no count tiles: its count is 0, not 5" in str(error)
    assert error.field == "count"


def test_one_trick_holds_at_most_forty_count() -> None:
    """eighty.txt: a trick is four tiles; the four best count tiles are the four 10s (40)."""
    error = refusal(hand(tricks=(9, 1), count=(15, 45)))
    assert "Them took 1 trick (4 tiles), which hold at most 40 count, not 45" in str(error)
    assert score(hand(bid=50, tricks=(9, 1), count=(20, 40))).scores == {"Us": 0, "Them": 92}


def test_at_least_forty_count_is_taken() -> None:
    """SCORING.md: "10 tiles each, 2 unused": at most two count tiles (20) can sit out."""
    error = refusal(hand(count=(20, 15)))
    assert "the counts add up to 35, but at least 40 count is always taken" in str(error)
    assert score(hand(bid=50, count=(40, 0))).scores == {"Us": 52, "Them": 8}


def test_counts_no_deal_can_give_are_refused() -> None:
    """SCORING.md: "a count or trick total that cannot happen" is an input error.

    One trick holding 40 means all four 10s, so the 20 not taken cannot be on 2 tiles.
    """
    error = refusal(hand(tricks=(1, 9), count=(40, 0)))
    assert "counts of Us 40 and Them 0 cannot happen with these tricks" in str(error)
    assert error.field == "count"


def _possible_counts(us_tricks: int) -> set[tuple[int, int]]:
    """Every (Us count, Them count) some deal allows, by trying every home of every count tile."""
    worths = [10, 10, 10, 10, 5, 5, 5, 5]
    room = {"Us": 4 * us_tricks, "Them": 4 * (10 - us_tricks), "out": 2}
    found = set()
    for homes in product(("Us", "Them", "out"), repeat=len(worths)):
        if all(homes.count(place) <= room[place] for place in room):
            found.add(
                (
                    sum(w for w, h in zip(worths, homes, strict=True) if h == "Us"),
                    sum(w for w, h in zip(worths, homes, strict=True) if h == "Them"),
                )
            )
    return found


@pytest.mark.parametrize("us_tricks", range(11))
def test_exactly_the_counts_a_deal_can_give_are_accepted(us_tricks: int) -> None:
    """SCORING.md: "a count or trick total that cannot happen" is an input error — and only that.

    Checked against every way of sharing the 8 count tiles between the teams and the 2 unused.
    """
    possible = _possible_counts(us_tricks)
    for us, them in product(range(0, 61, 5), repeat=2):
        entry = hand(bid=50, tricks=(us_tricks, 10 - us_tricks), count=(us, them))
        if (us, them) in possible:
            assert score(entry).scores  # accepted
        else:
            assert refusal(entry).field == "count"


def test_count_can_happen_directly() -> None:
    """SCORING.md: "a count tile may be among the 2 unused tiles, so less may be in play"."""
    assert count_can_happen({"Us": 5, "Them": 5}, {"Us": 30, "Them": 10}, NORMAL_PLAY)
    assert not count_can_happen({"Us": 5, "Them": 5}, {"Us": 30, "Them": 5}, NORMAL_PLAY)


# --- tricks ----------------------------------------------------------------------------


def test_tricks_must_total_ten() -> None:
    """SCORING.md: "tricks per team (must total 10)"."""
    error = refusal(hand(tricks=(6, 3)))
    assert "the tricks must total 10, not 9 (Us 6 + Them 3)" in str(error)
    assert error.field == "tricks"


def test_tricks_out_of_range_are_refused() -> None:
    """eighty.txt: "there are ten possible tricks"."""
    assert "the tricks for Us cannot be more than 10" in str(refusal(hand(tricks=(11, -1))))
    assert "the tricks for Them cannot be less than 0" in str(refusal(hand(tricks=(10, -1))))
    assert "must be a whole number" in str(refusal(hand(tricks=(6.0, 4))))  # type: ignore[arg-type]


def test_tricks_need_both_teams() -> None:
    """API.md: "Every per-side map in entries ... is keyed by side name"."""
    entry = hand()
    entry["tricks"] = {"Us": 10}
    error = refusal(entry)
    assert "tricks has nothing for Them" in str(error)
    entry["tricks"] = {"Us": 6, "Them": 4, "Others": 0}
    assert "Others is not a side in this game" in str(refusal(entry))


# --- bidder and bid --------------------------------------------------------------------


def test_unknown_bidder_is_refused() -> None:
    """SCORING.md: "a player who is not in the game" is an input error."""
    error = refusal(hand(bidder="Zed"))
    assert "Zed is not playing in this game" in str(error)
    assert error.field == "bidder"


def test_team_as_bidder_is_refused() -> None:
    """API.md: "bidder is always a player"."""
    assert "Us is not playing in this game" in str(refusal(hand(bidder="Us")))


def test_missing_bidder_is_refused() -> None:
    """SCORING.md: "Entry: bidder, bid, tricks per team ..."."""
    entry = hand()
    del entry["bidder"]
    error = refusal(entry)
    assert "name the player who won the bidding" in str(error)
    assert error.field == "bidder"


@pytest.mark.parametrize("bid", [49, 81, 0, 100, -60])
def test_bid_out_of_range_is_refused(bid: int) -> None:
    """SCORING.md: "Bids 50–80"; eighty.txt: "The lowest bid is 50 points and the highest bid is 80"."""
    error = refusal(hand(bid=bid))
    assert f"a bid of {bid} is out of range: bids go from 50 to 80" in str(error)
    assert error.field == "bid"


@pytest.mark.parametrize("bid", ["sixty", "60", 60.0, True, None, [60]])
def test_bid_not_a_number_is_refused(bid: object) -> None:
    """SCORING.md: "Bids 50–80" or Nel-O; anything else is an input error."""
    error = refusal(hand(bid=bid))
    assert "the bid must be a number from 50 to 80 or Nel-O" in str(error)
    assert error.field == "bid"


def test_bids_at_the_limits_are_accepted() -> None:
    """SCORING.md: "Bids 50–80"."""
    assert score(hand(bid=50, count=(50, 5))).scores == {"Us": 62, "Them": 13}
    assert score(hand(bid=80, count=(50, 5))).scores == {"Us": 0, "Them": 93}


def test_unknown_entry_field_is_refused() -> None:
    """API.md: the eighty entry has bidder, bid, tricks, count or count_tiles, or all_passed."""
    error = refusal(hand(trump=6))
    assert "trump is not part of a hand here" in str(error)
    assert error.field == "trump"


def test_entry_not_an_object_is_refused() -> None:
    """SCORING.md: invalid input "gives a clear error naming what is wrong"."""
    with pytest.raises(RuleError, match="must be given as an object"):
        EIGHTY.score_hand([1, 2], TABLE, options())  # type: ignore[arg-type]


# --- everybody passed ------------------------------------------------------------------


def test_all_passed_scores_zero_for_both() -> None:
    """SCORING.md: "Everybody passed: a redeal, recorded as a hand scoring 0 for every side"."""
    result = score({"all_passed": True})
    assert result.scores == {"Us": 0, "Them": 0}
    assert "Everybody passed" in english(result.explanation)[0]
    assert score({"all_passed": True}, marks=True).scores == {"Us": 0, "Them": 0}


def test_all_passed_moves_the_deal_on() -> None:
    """SCORING.md: "the deal moves on"; "the deal passes clockwise (seat+1) every hand, including a redeal"."""
    assert EIGHTY.next_hand(TABLE, options(), 0).dealer == "Ann"
    assert EIGHTY.next_hand(TABLE, options(), 1).dealer == "Bob"
    assert EIGHTY.next_hand(TABLE, options(), 4).dealer == "Ann"
    assert EIGHTY.next_hand(TABLE, options(), 4).passing is None


def test_all_passed_with_a_bid_is_refused() -> None:
    """SCORING.md: everybody passed means nobody bid: the entry has nothing else."""
    error = refusal({"all_passed": True, "bidder": "Ann", "bid": 60})
    assert "everybody passed, so the hand has no bidder" in str(error)
    assert error.field == "bidder"


def test_all_passed_must_be_true_or_false() -> None:
    """API.md: {"all_passed": true}."""
    error = refusal({"all_passed": "yes"})
    assert "all_passed must be true or false" in str(error)


def test_all_passed_false_is_an_ordinary_hand() -> None:
    """API.md: {"all_passed": true} marks the redeal; false means a hand was played."""
    assert score(hand(all_passed=False)).scores == {"Us": 0, "Them": 83}


# --- Nel-O -----------------------------------------------------------------------------


def test_nel_o_made() -> None:
    """SCORING.md: "If the bidder wins no trick the bidding team scores option nel_o_value (80)"."""
    result = score({"bidder": "Bob", "bid": "nel-o", "tricks": {"Us": 10, "Them": 0}})
    assert result.scores == {"Us": 0, "Them": 80}
    assert english(result.explanation) == (
        "Bob bid Nel-O for Them; Dee sat out",
        "Bob took no trick: Nel-O made, Them score 80",
    )


def test_nel_o_failed() -> None:
    """SCORING.md: "If the bidder wins no trick the bidding team scores ...; otherwise the other team does"."""
    result = score(hand(bidder="Cy", bid="nel-o", tricks=(1, 9), count=None))
    assert result.scores == {"Us": 0, "Them": 80}
    assert english(result.explanation)[-1] == "Cy took 1 trick: Nel-O failed, Them score 80"


def test_nel_o_value_option() -> None:
    """SCORING.md: "option nel_o_value (80)"."""
    entry = hand(bid="nel-o", tricks=(0, 10), count=None)
    assert score(entry, nel_o_value=100).scores == {"Us": 100, "Them": 0}


def test_nel_o_scores_only_the_award() -> None:
    """SCORING.md: "Only that award is scored in a Nel-O hand (no trick or count points)"."""
    result = score(hand(bid="nel-o", tricks=(0, 10), count=(0, 50)))
    assert result.scores == {"Us": 80, "Them": 0}
    assert "Tricks and count do not score in a Nel-O hand" in english(result.explanation)


def test_nel_o_count_is_still_checked_when_given() -> None:
    """SCORING.md: invalid input "gives a clear error"; a team without tricks has no count."""
    error = refusal(hand(bid="nel-o", tricks=(0, 10), count=(5, 50)))
    assert "Us took no trick, so Us took no count tiles" in str(error)


def test_nel_o_count_may_be_low() -> None:
    """SCORING.md: "the partner sits out" — the partner's 10 tiles are not played, so little count may be in play."""
    result = score(hand(bid="nel-o", tricks=(0, 10), count=(0, 10)))
    assert result.scores == {"Us": 80, "Them": 0}


def test_nel_o_spellings() -> None:
    """API.md: "bid": "nel-o"; eighty.txt writes it Nel-O."""
    for spelling in ("nel-o", "Nel-O", "NELO", " nel o "):
        entry = hand(bid=spelling, tricks=(0, 10), count=None)
        assert score(entry).scores == {"Us": 80, "Them": 0}


def test_nel_o_refused_when_off() -> None:
    """SCORING.md: "Option nel_o (true)" — with it off there is no Nel-O bid."""
    entry = hand(bid="nel-o", tricks=(0, 10), count=None)
    error = refusal(entry, nel_o=False)
    assert "Nel-O is not played in this game" in str(error)
    assert error.field == "bid"
    assert "or Nel-O" not in str(refusal(hand(bid="sixty"), nel_o=False))


def test_nel_o_tricks_must_total_ten() -> None:
    """SCORING.md: "tricks per team (must total 10)"."""
    error = refusal(hand(bid="nel-o", tricks=(0, 9), count=None))
    assert "the tricks must total 10" in str(error)


# --- marks -----------------------------------------------------------------------------


def test_marks_bid_made_scores_one_mark() -> None:
    """SCORING.md: "the team that wins the hand (the bidders if they made it ...) scores 1 mark"."""
    result = score(hand(bid=60, tricks=(7, 3), count=(50, 10)), marks=True)
    assert result.scores == {"Us": 1, "Them": 0}
    assert english(result.explanation)[-1].endswith("bid made, Us score 1 mark")


def test_marks_bid_failed_other_team_scores_one_mark() -> None:
    """SCORING.md: "the team that wins the hand (... else the other team) scores 1 mark"."""
    result = score(hand(bid=60), marks=True)
    assert result.scores == {"Us": 0, "Them": 1}
    assert english(result.explanation)[-1] == "Them score 1 mark"


def test_marks_nel_o() -> None:
    """SCORING.md: marks — the team that wins the hand scores 1 mark; Nel-O decides who wins it."""
    made = hand(bid="nel-o", tricks=(0, 10), count=None)
    failed = hand(bid="nel-o", tricks=(2, 8), count=None)
    assert score(made, marks=True).scores == {"Us": 1, "Them": 0}
    assert score(failed, marks=True).scores == {"Us": 0, "Them": 1}


def test_marks_game_ends_at_marks_target() -> None:
    """SCORING.md: "first to option marks_target 10 wins"."""
    won = hand(bid=50, count=(50, 5))
    status = play([won] * 9, marks=True)
    assert not status.finished
    status = play([won] * 10, marks=True)
    assert status.finished
    assert status.winners == ("Us",)
    assert english(status.explanation) == "Us reached 10 marks with 10 and won"
    assert play([won] * 3, marks=True, marks_target=3).winners == ("Us",)


# --- the end of the game ---------------------------------------------------------------


def test_first_to_target_wins() -> None:
    """SCORING.md: "End: first team to reach option target 250 wins"."""
    made = hand(bid=60, tricks=(8, 2), count=(55, 5))  # Us 71, Them 9
    status = play([made] * 3)
    assert not status.finished
    status = play([made] * 4)  # Us 284
    assert status.finished
    assert status.winners == ("Us",)
    assert english(status.explanation) == "Us reached 250 with 284 and won"


def test_reaching_the_target_exactly_wins() -> None:
    """SCORING.md: "Reaches the target means total >= target"."""
    made = hand(bid=60, tricks=(8, 2), count=(55, 5))  # Us 71
    status = play([made], target=71)
    assert status.finished
    assert status.winners == ("Us",)
    assert not play([made], target=72).finished


def test_both_reach_target_bidders_win() -> None:
    """eighty.txt: "If both partnerships score 250 points or over in the same round, then the
    partnership who made the bid in the final round wins the game regardless of the scores"."""
    first = hand(bid=50, tricks=(6, 4), count=(40, 15))  # Us make it: Us 52, Them 23
    last = hand(bidder="Dee", bid=50, tricks=(5, 5), count=(20, 40))  # Them make it: 30, 50
    assert score(last).scores == {"Us": 30, "Them": 50}
    status = play([first, last], target=70)  # Us 82, Them 73: both reach 70 on hand 2
    assert status.finished
    assert status.winners == ("Them",)
    assert english(status.explanation) == "Both teams reached 70 on hand 2: the bidders, Them, won"


def test_only_one_team_reaching_the_target_wins_even_if_it_did_not_bid() -> None:
    """SCORING.md: "End: first team to reach option target 250 wins"."""
    first = hand(bid=50, tricks=(6, 4), count=(40, 15))  # Us 52, Them 23
    last = hand(bidder="Dee", bid=50, tricks=(5, 5), count=(20, 40))  # Us 30, Them 50
    status = play([first, last], target=80)  # Us 82, Them 73
    assert status.winners == ("Us",)
    assert english(status.explanation) == "Us reached 80 with 82 and won"


def test_status_not_finished_at_start() -> None:
    """SCORING.md: the game ends when a team reaches the target; before that it goes on."""
    assert play([]) == Status(False)
    assert not play([{"all_passed": True}] * 5).finished


# --- properties over legal hands -------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """A hand as dealt and played: who won each trick and which tiles went where."""

    tricks: dict[str, int]
    took: dict[str, list[str]]
    count_in_play: int

    def count(self) -> dict[str, int]:
        return {
            side: sum(COUNT_WORTH.get(t, 0) for t in tiles) for side, tiles in self.took.items()
        }

    def points(self) -> dict[str, int]:
        """What each team took, worked out here: 2 a trick plus the count it took."""
        count = self.count()
        return {side: 2 * self.tricks[side] + count[side] for side in SIDES}

    def entry(self, bidder: str, bid: object, *, tiles: bool) -> dict[str, Any]:
        entry: dict[str, Any] = {"bidder": bidder, "bid": bid, "tricks": dict(self.tricks)}
        if tiles:
            entry["count_tiles"] = {side: list(ts) for side, ts in self.took.items()}
        else:
            entry["count"] = self.count()
        return entry


@st.composite
def deals(draw: st.DrawFn, tiles_per_trick: int = 4) -> Deal:
    """Shuffle the 42 tiles; 10 tricks of `tiles_per_trick` are played, each won by a team."""
    tiles = [str(t) for t in draw(st.permutations(EIGHTY_SET.tiles))]
    winners = draw(st.lists(st.sampled_from(SIDES), min_size=10, max_size=10))
    played = tiles[: 10 * tiles_per_trick]
    took: dict[str, list[str]] = {side: [] for side in SIDES}
    for number, winner in enumerate(winners):
        took[winner].extend(played[number * tiles_per_trick : (number + 1) * tiles_per_trick])
    tricks = {side: winners.count(side) for side in SIDES}
    in_play = sum(COUNT_WORTH.get(t, 0) for t in played)
    return Deal(tricks, took, in_play)


@given(deals(), st.booleans())
def test_points_total_twenty_plus_count_in_play(deal: Deal, tiles: bool) -> None:
    """SCORING.md: "2 points per trick won (10 tricks) plus its count (60 in all; a count tile
    may be among the 2 unused tiles, so less may be in play)": together 20 + the count in play."""
    points = hand_points(deal.entry("Ann", 60, tiles=tiles), TABLE)
    assert sum(points.values()) == 20 + deal.count_in_play
    assert 40 <= deal.count_in_play <= 60


@given(deals(), st.sampled_from(TABLE.players), st.integers(50, 80))
def test_count_and_count_tiles_agree(deal: Deal, bidder: str, bid: int) -> None:
    """API.md: count per team "or the count tiles each team took" — the same hand either way."""
    by_number = score(deal.entry(bidder, bid, tiles=False))
    by_tiles = score(deal.entry(bidder, bid, tiles=True))
    assert by_number.scores == by_tiles.scores
    assert (
        english(by_number.explanation)
        == english(by_tiles.explanation)[-len(english(by_number.explanation)) :]
    )


@given(deals(), st.sampled_from(TABLE.players), st.integers(50, 80))
def test_bid_rule_over_legal_hands(deal: Deal, bidder: str, bid: int) -> None:
    """SCORING.md: "Bid made ...: each team scores the points it took. Bid failed: the bidding
    team scores 0; the other team scores the bid plus the points it took"."""
    entry = deal.entry(bidder, bid, tiles=False)
    raw = deal.points()
    bidders = TABLE.side_of(bidder)
    (others,) = (s for s in SIDES if s != bidders)
    scores = score(entry).scores
    if raw[bidders] >= bid:
        assert scores == raw
    else:
        assert scores == {bidders: 0, others: bid + raw[others]}


@given(deals(), st.sampled_from(TABLE.players), st.integers(50, 80))
def test_marks_one_mark_to_the_hand_winner(deal: Deal, bidder: str, bid: int) -> None:
    """SCORING.md: "the team that wins the hand (the bidders if they made it, else the other
    team) scores 1 mark"."""
    entry = deal.entry(bidder, bid, tiles=True)
    bidders = TABLE.side_of(bidder)
    made = deal.points()[bidders] >= bid
    scores = score(entry, marks=True).scores
    assert sorted(scores.values()) == [0, 1]
    assert (scores[bidders] == 1) == made


@given(deals(tiles_per_trick=3), st.sampled_from(TABLE.players), st.booleans())
def test_nel_o_over_legal_hands(deal: Deal, bidder: str, tiles: bool) -> None:
    """SCORING.md: Nel-O — "If the bidder wins no trick the bidding team scores nel_o_value (80);
    otherwise the other team does. Only that award is scored"."""
    bidders = TABLE.side_of(bidder)
    (others,) = (s for s in SIDES if s != bidders)
    scores = score(deal.entry(bidder, "nel-o", tiles=tiles)).scores
    winner = bidders if deal.tricks[bidders] == 0 else others
    assert scores == {winner: 80, ({bidders, others} - {winner}).pop(): 0}


@given(st.lists(deals(), min_size=1, max_size=12), st.sampled_from(TABLE.players))
def test_game_ends_once_and_for_the_first_to_target(hands: list[Deal], bidder: str) -> None:
    """SCORING.md: "first team to reach option target 250 wins; if both reach it on the same
    hand, the bidding team of that hand wins"."""
    entries = [deal.entry(bidder, 50, tiles=False) for deal in hands]
    status = play(entries)
    totals = dict.fromkeys(SIDES, 0)
    expected: tuple[str, ...] = ()
    for entry in entries:
        for side, points in score(entry).scores.items():
            totals[side] += points
        reached = tuple(s for s in SIDES if totals[s] >= 250)
        if reached:
            expected = reached if len(reached) == 1 else (TABLE.side_of(bidder),)
            break
    assert status.finished == bool(expected)
    assert status.winners == expected
