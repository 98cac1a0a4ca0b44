"""Texas 42: the rules of shared/SCORING_MORE.md, section "Texas 42".

Every test quotes the SCORING_MORE.md line it checks; the hand-worked examples there are
tested as written ("Examples (Ann & Cy = "Us", Bob & Dee = "Them")").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Status, Table
from scorekeeper.rules.texas_42 import RULESETS, TEXAS_42
from tests.words import english

TABLE = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))
# Written out here, not taken from the module (SCORING_MORE.md: "5-5 and 6-4 are worth 10
# each; 5-0, 4-1 and 3-2 are worth 5 each (35 in all)").
COUNT_WORTH = {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}


def options(**given: object) -> dict[str, Any]:
    return TEXAS_42.resolve_options(given, TABLE)


def score(entry: Mapping[str, Any], **given: object) -> HandResult:
    return TEXAS_42.score_hand(entry, TABLE, options(**given))


def refusal(entry: Mapping[str, Any], **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, **given)
    return caught.value


def play(entries: list[dict[str, Any]], **given: object) -> Status:
    opts = options(**given)
    hands = [
        ScoredHand(number, entry, TEXAS_42.score_hand(entry, TABLE, opts))
        for number, entry in enumerate(entries, start=1)
    ]
    return TEXAS_42.status(TABLE, opts, hands)


POINTS = {"scoring": "points"}


# --- the declaration and the options ---------------------------------------------------


def test_declaration() -> None:
    """SCORING_MORE.md table: "`texas-42` | Texas 42 | 4 | always"."""
    assert RULESETS == (TEXAS_42,)
    assert REGISTRY["texas-42"] is TEXAS_42
    assert TEXAS_42.name == "Texas 42"
    assert TEXAS_42.players == (4,)
    assert TEXAS_42.partnerships == "always"


def test_option_defaults() -> None:
    """SCORING_MORE.md: "`scoring` marks, `marks_target` 7, `points_target` 250, `all_pass`
    forced, `nello` true, `plunge` false, `splash` false, `sevens` false"."""
    assert options() == {
        "scoring": "marks",
        "marks_target": 7,
        "points_target": 250,
        "all_pass": "forced",
        "nello": True,
        "plunge": False,
        "splash": False,
        "sevens": False,
    }
    with pytest.raises(RuleError, match="scoring must be one of: marks, points"):
        options(scoring="chips")
    with pytest.raises(RuleError, match="all_pass must be one of: forced, redeal"):
        options(all_pass="shuffle")


def test_four_players_in_fixed_partnerships() -> None:
    """SCORING_MORE.md: "4 players in fixed partnerships, always on"."""
    with pytest.raises(RuleError, match="played by 4 players, not 3"):
        TEXAS_42.check_table(Table(("Ann", "Bob", "Cy")))
    with pytest.raises(RuleError, match="played in partnerships"):
        TEXAS_42.check_table(Table(("Ann", "Bob", "Cy", "Dee")))


# --- the hand-worked examples ------------------------------------------------------------


def test_example_1_a_made_point_bid() -> None:
    """SCORING_MORE.md example 1: "`{"bidder": "Ann", "bid": 31, "points": {"Us": 35, "Them":
    7}}`: 35 ≥ 31, made. `marks`: Us +1 mark, Them 0. `points`: Us +35, Them +7."."""
    entry = {"bidder": "Ann", "bid": 31, "points": {"Us": 35, "Them": 7}}
    marks = score(entry)
    assert marks.scores == {"Us": 1, "Them": 0}
    assert english(marks.explanation) == ("Ann bid 31; Us took 35 ≥ 31: made. Us score 1 mark.",)
    assert score(entry, **POINTS).scores == {"Us": 35, "Them": 7}


def test_example_1_stopped_early() -> None:
    """SCORING_MORE.md example 1: "Stopped early with `marks`:
    `{"bidder":"Ann","bid":31,"points":{"Us":31,"Them":3}}` is decided (31 ≥ 31) and scores
    Us +1 mark. With `points` it is refused (total 34, not 42)."."""
    entry = {"bidder": "Ann", "bid": 31, "points": {"Us": 31, "Them": 3}}
    assert score(entry).scores == {"Us": 1, "Them": 0}
    refused = refusal(entry, **POINTS)
    assert "must total 42" in str(refused) and "not 34" in str(refused)
    assert refused.field == "points"


def test_example_2_a_set_point_bid_by_count_tiles() -> None:
    """SCORING_MORE.md example 2: "Them: 4 + 10 + 5 = 19. Us: 3 + 10 + 5 + 5 = 23. … 19 < 34,
    so the bid is set. `marks`: Us +1 mark. `points`: Them 0; Us 34 + 23 = 57."."""
    entry = {
        "bidder": "Bob",
        "bid": 34,
        "tricks": {"Us": 3, "Them": 4},
        "count_tiles": {"Us": ["6-4", "5-0", "3-2"], "Them": ["5-5", "4-1"]},
    }
    assert score(entry).scores == {"Us": 1, "Them": 0}
    result = score(entry, **POINTS)
    assert result.scores == {"Us": 57, "Them": 0}
    assert english(result.explanation)[-1] == (
        "Bob bid 34; Them took 4 tricks + 5-5 + 4-1 = 19 < 34: set. Us score 34 + 23 = 57."
    )


def test_example_3a_a_set_mark_bid() -> None:
    """SCORING_MORE.md example 3(a): "Cy bids 84 (2 marks) and Them take 1 trick: set.
    `marks`: Them +2. `points`, with `{"bidder":"Cy","bid":84,"points":{"Us":41,"Them":1}}`:
    Us 0, Them 84 + 1 = 85."."""
    tricks = {"bidder": "Cy", "bid": 84, "tricks": {"Us": 6, "Them": 1}}
    assert score(tricks).scores == {"Us": 0, "Them": 2}
    points = {"bidder": "Cy", "bid": 84, "points": {"Us": 41, "Them": 1}}
    result = score(points, **POINTS)
    assert result.scores == {"Us": 0, "Them": 85}
    assert english(result.explanation)[-1].endswith("set. Them score 84 + 1 = 85.")


def test_example_3b_nello() -> None:
    """SCORING_MORE.md example 3(b): "`{"bidder":"Dee","bid":42,"contract":"nello",
    "bidder_tricks":0}`: made. `marks`: Them +1; `points`: Them +42, Us 0. With
    `"bidder_tricks": 1` it is set: Us +1 mark (or +42)."."""
    made = {"bidder": "Dee", "bid": 42, "contract": "nello", "bidder_tricks": 0}
    assert score(made).scores == {"Us": 0, "Them": 1}
    assert score(made, **POINTS).scores == {"Us": 0, "Them": 42}
    set_ = {**made, "bidder_tricks": 1}
    assert score(set_).scores == {"Us": 1, "Them": 0}
    assert score(set_, **POINTS).scores == {"Us": 42, "Them": 0}
    assert english(score(set_).explanation) == (
        "Dee bid 42 (1 mark) Nello; Dee took 1 trick: set. Us score 1 mark.",
    )


def test_example_3c_bidder_goes_out() -> None:
    """SCORING_MORE.md example 3(c): "`points`, with Us on 245 and Them on 221. Bob bids 30;
    Them take 30, Us 12. The bid is made: Them 251, Us 257. Both are over 250, so the
    bidders (Them) win, although Us are higher"; End: "if both teams reach it on the same
    hand, the bidding team wins ("bidder goes out")"."""
    to_245_and_221 = (
        [{"bidder": "Ann", "bid": 30, "points": {"Us": 42, "Them": 0}}] * 5  # Us 210
        + [{"bidder": "Ann", "bid": 30, "points": {"Us": 35, "Them": 7}}]  # Us 245, Them 7
        + [{"bidder": "Bob", "bid": 30, "points": {"Us": 0, "Them": 42}}] * 4  # Them 175
        + [{"bidder": "Ann", "bid": 34, "points": {"Us": 30, "Them": 12}}]  # set: Them 34 + 12
    )
    opts = options(**POINTS)
    totals = {"Us": 0, "Them": 0}
    for entry in to_245_and_221:
        for side, points in TEXAS_42.score_hand(entry, TABLE, opts).scores.items():
            totals[side] += points
    assert totals == {"Us": 245, "Them": 221}
    assert not play(to_245_and_221, **POINTS).finished
    last = {"bidder": "Bob", "bid": 30, "points": {"Us": 12, "Them": 30}}
    assert score(last, **POINTS).scores == {"Us": 12, "Them": 30}
    status = play([*to_245_and_221, last], **POINTS)
    assert status.finished and status.winners == ("Them",)
    assert (
        english(status.explanation) == "Both teams reached 250 on hand 12: the bidders, Them, won"
    )


# --- points and bids -------------------------------------------------------------------


def test_points_are_tricks_plus_count() -> None:
    """SCORING_MORE.md: "1 per trick (7 in all), plus the *count* tiles … The hand is worth 42"."""
    entry = {
        "bidder": "Ann",
        "bid": 35,
        "tricks": {"Us": 5, "Them": 2},
        "count": {"Us": 30, "Them": 5},
    }
    assert score(entry, **POINTS).scores == {"Us": 35, "Them": 7}
    tiles = {
        "bidder": "Ann",
        "bid": 30,
        "tricks": {"Us": 6, "Them": 1},
        "count_tiles": {"Us": ["5-5", "6-4", "5-0", "4-1"], "Them": ["3-2"]},
    }
    us = 6 + sum(COUNT_WORTH[t] for t in ("5-5", "6-4", "5-0", "4-1"))
    assert score(tiles, **POINTS).scores == {"Us": us, "Them": 1 + 5}


@pytest.mark.parametrize("bid", [30, 35, 41, 42, 84, 126, 168, 210, 252, 294])
def test_every_bid_in_range_is_accepted(bid: int) -> None:
    """SCORING_MORE.md: "a *point bid* is 30–41; 42 is 1 mark; higher bids are in marks: 84 (2
    marks), 126 (3), 168 (4), 210 (5), 252 (6), 294 (7)"."""
    entry = {"bidder": "Ann", "bid": bid, "made": True}
    assert score(entry).scores == {"Us": max(1, bid // 42), "Them": 0}


@pytest.mark.parametrize("bid", [29, 0, -42, 43, 50, 83, 85, 336, 10**50])
def test_bids_out_of_range_are_refused(bid: int) -> None:
    """SCORING_MORE.md Checks: "`bid` is 30–42 or a multiple of 42 up to 294"."""
    refused = refusal({"bidder": "Ann", "bid": bid, "made": True})
    assert refused.field == "bid"
    assert f"{bid} is not a bid" in str(refused)


def test_a_bid_must_be_a_number() -> None:
    """SCORING_MORE.md: "The winning bid is entered as a number"."""
    assert refusal({"bidder": "Ann", "bid": "31", "made": True}).field == "bid"
    assert refusal({"bidder": "Ann", "bid": True, "made": True}).field == "bid"
    assert str(refusal({"bidder": "Ann", "made": True})).startswith("the bid must be")


def test_bidder_is_a_player() -> None:
    """SCORING_MORE.md Checks: "`bidder` is a player of the game"."""
    refused = refusal({"bidder": "Zed", "bid": 30, "made": True})
    assert refused.field == "bidder" and "Zed is not playing" in str(refused)
    assert refusal({"bid": 30, "made": True}).field == "bidder"


def test_a_point_bid_is_made_at_its_value() -> None:
    """SCORING_MORE.md: "A point bid is made when the bidders' points are at least the bid"."""
    assert score({"bidder": "Bob", "bid": 36, "points": {"Us": 6, "Them": 36}}).scores == {
        "Us": 0,
        "Them": 1,
    }
    assert score({"bidder": "Bob", "bid": 37, "points": {"Us": 6, "Them": 36}}).scores == {
        "Us": 1,
        "Them": 0,
    }


def test_a_mark_bid_needs_all_seven_tricks() -> None:
    """SCORING_MORE.md: "A mark bid is made only if the bidders take all 7 tricks (all 42
    points). Otherwise the bidders are *set*"."""
    assert score({"bidder": "Ann", "bid": 42, "points": {"Us": 42, "Them": 0}}).scores == {
        "Us": 1,
        "Them": 0,
    }
    assert score({"bidder": "Ann", "bid": 42, "points": {"Us": 41, "Them": 1}}).scores == {
        "Us": 0,
        "Them": 1,
    }
    assert score({"bidder": "Ann", "bid": 126, "tricks": {"Us": 7, "Them": 0}}).scores == {
        "Us": 3,
        "Them": 0,
    }


# --- scoring in marks and in points ------------------------------------------------------


def test_marks_only_one_team_scores() -> None:
    """SCORING_MORE.md: "`marks` (default): if the bid is made, the bidding team scores the
    bid's marks; otherwise the other team scores them. Nobody else scores"."""
    assert score({"bidder": "Bob", "bid": 168, "made": False}).scores == {"Us": 4, "Them": 0}
    assert score({"bidder": "Bob", "bid": 168, "made": True}).scores == {"Us": 0, "Them": 4}


def test_points_point_bid() -> None:
    """SCORING_MORE.md: "`points`, for a point bid: made: each team scores the points it took;
    set: the bidders score 0 and the other team scores the bid plus the points it took"."""
    made = {"bidder": "Ann", "bid": 32, "points": {"Us": 32, "Them": 10}}
    assert score(made, **POINTS).scores == {"Us": 32, "Them": 10}
    set_ = {"bidder": "Ann", "bid": 33, "points": {"Us": 32, "Them": 10}}
    assert score(set_, **POINTS).scores == {"Us": 0, "Them": 43}


def test_points_mark_bid() -> None:
    """SCORING_MORE.md: "`points`, for a mark bid: made: the bidders score the bid's value (84
    for 2 marks) and the others score 0; set: the other team scores the bid's value plus the
    points it took"."""
    made = {"bidder": "Bob", "bid": 84, "points": {"Us": 0, "Them": 42}}
    assert score(made, **POINTS).scores == {"Us": 0, "Them": 84}
    set_ = {
        "bidder": "Bob",
        "bid": 84,
        "tricks": {"Us": 2, "Them": 5},
        "count": {"Us": 10, "Them": 25},
    }
    assert score(set_, **POINTS).scores == {"Us": 84 + 12, "Them": 0}


def test_points_scoring_needs_the_points_of_a_regular_bid() -> None:
    """SCORING_MORE.md Checks: "With `points` scoring a regular bid needs them; only special
    contracts may be entered with `made` or `bidder_tricks`"."""
    refused = refusal({"bidder": "Ann", "bid": 31, "made": True}, **POINTS)
    assert refused.field == "made"
    assert refusal({"bidder": "Ann", "bid": 31}, **POINTS).field == "points"
    no_count = refusal({"bidder": "Ann", "bid": 84, "tricks": {"Us": 7, "Them": 0}}, **POINTS)
    assert no_count.field == "count"


# --- everybody passed ----------------------------------------------------------------------


def test_all_pass_forced_refuses_a_passed_hand() -> None:
    """SCORING_MORE.md: "`forced` (default): if everybody passes, the dealer must bid 30. …
    `{"all_passed": true}` is refused ("the dealer must bid 30")"."""
    refused = refusal({"all_passed": True})
    assert "the dealer must bid 30" in str(refused)
    assert score({"bidder": "Ann", "bid": 30, "made": False}).scores == {"Us": 0, "Them": 1}


def test_all_pass_redeal_scores_nothing_and_the_deal_moves_on() -> None:
    """SCORING_MORE.md: "`redeal`: a redeal is recorded as a hand scoring 0 for both teams,
    and the deal moves on"."""
    result = score({"all_passed": True}, all_pass="redeal")
    assert result.scores == {"Us": 0, "Them": 0}
    assert "redeal" in english(result.explanation)[0]
    assert TEXAS_42.next_hand(TABLE, options(all_pass="redeal"), 1).dealer == "Bob"
    assert refusal({"all_passed": True, "bid": 30}, all_pass="redeal").field == "bid"


# --- a hand stopped early ------------------------------------------------------------------


def test_a_stopped_hand_must_be_decided() -> None:
    """SCORING_MORE.md: "An undecided entry is refused ("not decided: Us 20 of 31, Them 5")"."""
    refused = refusal({"bidder": "Ann", "bid": 31, "points": {"Us": 20, "Them": 5}})
    assert str(refused).startswith("not decided: Us 20 of 31, Them 5")


def test_a_stopped_hand_set_when_the_others_hold_more_than_42_less_the_bid() -> None:
    """SCORING_MORE.md: "set: the other team holds more than 42 − bid points (for a mark bid,
    at least one trick)"."""
    # Bid 31: the others need more than 11.
    assert score({"bidder": "Ann", "bid": 31, "points": {"Us": 20, "Them": 12}}).scores == {
        "Us": 0,
        "Them": 1,
    }
    assert refusal({"bidder": "Ann", "bid": 31, "points": {"Us": 20, "Them": 11}}).field == "points"
    # A mark bid: one trick to the others sets it at once.
    assert score({"bidder": "Ann", "bid": 84, "tricks": {"Us": 2, "Them": 1}}).scores == {
        "Us": 0,
        "Them": 2,
    }
    assert refusal({"bidder": "Ann", "bid": 84, "tricks": {"Us": 5, "Them": 0}}).field == "tricks"


def test_points_scoring_plays_the_hand_out() -> None:
    """SCORING_MORE.md: "With `points` scoring the hand is played out: tricks total 7, points
    42, count 35"."""
    assert "total 7" in str(
        refusal(
            {
                "bidder": "Ann",
                "bid": 30,
                "tricks": {"Us": 5, "Them": 1},
                "count": {"Us": 30, "Them": 5},
            },
            **POINTS,
        )
    )
    assert "total 35" in str(
        refusal(
            {
                "bidder": "Ann",
                "bid": 30,
                "tricks": {"Us": 5, "Them": 2},
                "count": {"Us": 25, "Them": 5},
            },
            **POINTS,
        )
    )
    missing = refusal(
        {
            "bidder": "Ann",
            "bid": 30,
            "tricks": {"Us": 5, "Them": 2},
            "count_tiles": {"Us": ["5-5", "6-4"], "Them": ["5-0", "4-1"]},
        },
        **POINTS,
    )
    assert missing.field == "count_tiles" and "3-2 is not accounted for" in str(missing)


# --- special contracts ---------------------------------------------------------------------


def test_nello_is_a_mark_bid_made_if_the_bidder_takes_no_trick() -> None:
    """SCORING_MORE.md: "**Option** `nello` (true): the bidder must lose every trick … The bid
    is a mark bid (42, 84, …); it is made if the bidder takes no trick"."""
    assert score({"bidder": "Ann", "bid": 84, "contract": "nello", "bidder_tricks": 0}).scores == {
        "Us": 2,
        "Them": 0,
    }
    assert score(
        {"bidder": "Ann", "bid": 42, "contract": "Nello", "tricks": {"Us": 0, "Them": 7}}
    ).scores == {"Us": 1, "Them": 0}
    # Stopped as soon as the bidder took a trick: set.
    assert score(
        {"bidder": "Ann", "bid": 42, "contract": "nello", "tricks": {"Us": 1, "Them": 2}}
    ).scores == {"Us": 0, "Them": 1}
    assert refusal({"bidder": "Ann", "bid": 31, "contract": "nello", "made": True}).field == "bid"
    refused = refusal({"bidder": "Ann", "bid": 42, "contract": "nello", "made": True}, nello=False)
    assert str(refused) == "Nello is off in this game"


def test_nello_in_points_scores_only_the_bid() -> None:
    """SCORING_MORE.md: "In `points` scoring only the bid's value is scored, to one side; no
    trick or count points (settled here, as Eighty's Nel-O)"."""
    entry = {"bidder": "Bob", "bid": 42, "contract": "nello", "bidder_tricks": 2}
    assert score(entry, **POINTS).scores == {"Us": 42, "Them": 0}
    with_points = {"bidder": "Bob", "bid": 42, "contract": "nello", "points": {"Us": 40, "Them": 2}}
    assert score(with_points, **POINTS).scores == {"Us": 42, "Them": 0}


def test_plunge() -> None:
    """SCORING_MORE.md: "**Option** `plunge` (false): the bidder holds at least 4 doubles and
    bids at least 4 marks (168) … Made only with all 7 tricks"; Checks: "a Plunge bid is at
    least 4 marks (168)"."""
    entry = {"bidder": "Ann", "bid": 168, "contract": "plunge", "made": True}
    assert str(refusal(entry)) == "Plunge is off in this game"
    assert score(entry, plunge=True).scores == {"Us": 4, "Them": 0}
    low = refusal({**entry, "bid": 126}, plunge=True)
    assert str(low) == "a Plunge bid is at least 4 marks (168)"
    assert score(
        {"bidder": "Ann", "bid": 210, "contract": "plunge", "tricks": {"Us": 6, "Them": 1}},
        plunge=True,
    ).scores == {"Us": 0, "Them": 5}


def test_splash() -> None:
    """SCORING_MORE.md: "**Option** `splash` (false): the bidder holds at least 3 doubles and
    bids 2 or 3 marks (84 or 126)"; Checks: "Splash is off in this game"."""
    entry = {"bidder": "Bob", "bid": 84, "contract": "splash", "made": True}
    assert str(refusal(entry)) == "Splash is off in this game"
    assert score(entry, splash=True).scores == {"Us": 0, "Them": 2}
    assert score({**entry, "bid": 126}, splash=True).scores == {"Us": 0, "Them": 3}
    for bid in (42, 168):
        assert refusal({**entry, "bid": bid}, splash=True).field == "bid"


def test_sevens() -> None:
    """SCORING_MORE.md: "**Option** `sevens` (false): no trumps … The bid is at least 42. Made
    only with all 7 tricks"."""
    entry = {"bidder": "Cy", "bid": 42, "contract": "sevens", "tricks": {"Us": 7, "Them": 0}}
    assert refusal(entry).field == "contract"
    assert score(entry, sevens=True).scores == {"Us": 1, "Them": 0}
    assert refusal({**entry, "bid": 35}, sevens=True).field == "bid"


def test_specials_set_in_points_give_the_bid_only() -> None:
    """SCORING_MORE.md: "In `points` scoring, a set special contract gives the other team the
    bid's value only (settled here: no source found)"."""
    entry = {"bidder": "Ann", "bid": 168, "contract": "plunge", "made": False}
    assert score(entry, scoring="points", plunge=True).scores == {"Us": 0, "Them": 168}


def test_unknown_contract_is_refused() -> None:
    """SCORING_MORE.md: "Each one is entered as `"contract"` and allowed only when its option
    is on"."""
    refused = refusal({"bidder": "Ann", "bid": 42, "contract": "moon", "made": True})
    assert refused.field == "contract" and "nello, plunge, splash, sevens" in str(refused)


# --- checks --------------------------------------------------------------------------------


def test_points_tricks_and_count_ranges() -> None:
    """SCORING_MORE.md Checks: "Points are whole numbers 0–42; tricks 0–7; each team's count is
    a multiple of 5"."""
    assert refusal({"bidder": "Ann", "bid": 30, "points": {"Us": 43, "Them": 0}}).field == "points"
    assert refusal({"bidder": "Ann", "bid": 30, "points": {"Us": -1, "Them": 0}}).field == "points"
    assert refusal({"bidder": "Ann", "bid": 84, "tricks": {"Us": 8, "Them": 0}}).field == "tricks"
    odd = refusal(
        {"bidder": "Ann", "bid": 30, "tricks": {"Us": 5, "Them": 2}, "count": {"Us": 27, "Them": 8}}
    )
    assert odd.field == "count" and "multiple of 5" in str(odd)


def test_totals_at_most_a_hand_with_marks() -> None:
    """SCORING_MORE.md Checks: "their totals are exactly 42 / 7 / 35 with `points` scoring, and
    at most that with `marks`"."""
    assert refusal({"bidder": "Ann", "bid": 30, "points": {"Us": 40, "Them": 3}}).field == "points"
    assert refusal({"bidder": "Ann", "bid": 84, "tricks": {"Us": 5, "Them": 3}}).field == "tricks"


def test_no_tricks_no_count() -> None:
    """SCORING_MORE.md Checks: "A team with 0 tricks has 0 count"."""
    refused = refusal(
        {"bidder": "Ann", "bid": 30, "tricks": {"Us": 7, "Them": 0}, "count": {"Us": 30, "Them": 5}}
    )
    assert "Them took no trick" in str(refused)
    tiles = refusal(
        {
            "bidder": "Ann",
            "bid": 30,
            "tricks": {"Us": 7, "Them": 0},
            "count_tiles": {"Us": ["5-5"], "Them": ["3-2"]},
        }
    )
    assert tiles.field == "count_tiles"


def test_each_count_tile_at_most_once_and_non_count_tiles_ignored() -> None:
    """SCORING_MORE.md Checks: "Each count tile is listed at most once across teams"; Entry:
    "Non-count tiles in `count_tiles` are allowed and ignored, as for Black Tile"."""
    twice = refusal(
        {
            "bidder": "Ann",
            "bid": 30,
            "tricks": {"Us": 5, "Them": 2},
            "count_tiles": {"Us": ["5-5"], "Them": ["5-5"]},
        }
    )
    assert twice.field == "count_tiles" and "5-5 is claimed 2 times" in str(twice)
    entry = {
        "bidder": "Ann",
        "bid": 30,
        "tricks": {"Us": 5, "Them": 2},
        "count_tiles": {"Us": ["5-5", "6-4", "5-0", "0-0", "1-2"], "Them": ["4-1", "3-2", "6-6"]},
    }
    assert score(entry, **POINTS).scores == {"Us": 5 + 25, "Them": 2 + 10}


def test_made_must_agree_with_the_points() -> None:
    """SCORING_MORE.md Checks: "If `made` is given with points or tricks, it must agree with
    them"."""
    entry = {"bidder": "Ann", "bid": 31, "points": {"Us": 35, "Them": 7}, "made": False}
    refused = refusal(entry)
    assert refused.field == "made"
    assert str(refused) == "Set was tapped, but the points say the bid was made"
    assert score({**entry, "made": True}).scores == {"Us": 1, "Them": 0}


def test_bidder_tricks() -> None:
    """SCORING_MORE.md: "for `nello` only, `bidder_tricks`"; Checks: "`bidder_tricks` is 0–7"."""
    assert refusal({"bidder": "Ann", "bid": 42, "bidder_tricks": 0}).field == "bidder_tricks"
    nello = {"bidder": "Ann", "bid": 42, "contract": "nello"}
    assert refusal({**nello, "bidder_tricks": 8}).field == "bidder_tricks"
    assert refusal({**nello, "bidder_tricks": -1}).field == "bidder_tricks"


def test_unknown_fields_are_refused() -> None:
    """SCORING.md common rules: "A flag or entry field that the game's options do not allow …
    is an input error, not silently ignored"."""
    refused = refusal({"bidder": "Ann", "bid": 30, "made": True, "widow": "3-3"})
    assert refused.field == "widow"


# --- the end -------------------------------------------------------------------------------


def test_seven_marks_win() -> None:
    """SCORING_MORE.md End: "**Option** `marks_target` (7) for marks … The first team to reach
    it wins. … With `marks` only one team scores per hand, so there can be no tie"."""
    made = {"bidder": "Ann", "bid": 30, "made": True}
    assert not play([made] * 6).finished
    status = play([made] * 7)
    assert status.finished and status.winners == ("Us",)
    assert english(status.explanation) == "Us reached 7 marks with 7 and won"
    two = {"bidder": "Bob", "bid": 84, "made": True}
    assert play([two] * 4).winners == ("Them",)
    assert play([made] * 2, marks_target=2).finished


def test_points_target() -> None:
    """SCORING_MORE.md End: "**option** `points_target` (250) for points"."""
    made = {"bidder": "Ann", "bid": 30, "points": {"Us": 42, "Them": 0}}
    assert not play([made] * 5, **POINTS).finished  # 210
    assert play([made] * 6, **POINTS).winners == ("Us",)  # 252
    assert play([made] * 3, scoring="points", points_target=100).finished


@settings(deadline=None, max_examples=200)
@given(
    bid=st.sampled_from([*range(30, 42), *(42 * n for n in range(1, 8))]),
    us=st.integers(0, 42),
    bidder=st.sampled_from(["Ann", "Bob", "Cy", "Dee"]),
)
def test_any_played_out_hand_scores_one_team_in_marks(bid: int, us: int, bidder: str) -> None:
    """SCORING_MORE.md: "`marks` … if the bid is made, the bidding team scores the bid's marks;
    otherwise the other team scores them. Nobody else scores"."""
    entry = {"bidder": bidder, "bid": bid, "points": {"Us": us, "Them": 42 - us}}
    result = score(entry)
    ours = "Us" if bidder in ("Ann", "Cy") else "Them"
    took = us if ours == "Us" else 42 - us
    made = took == 42 if bid >= 42 else took >= bid
    winner = ours if made else ("Them" if ours == "Us" else "Us")
    assert result.scores[winner] == max(1, bid // 42)
    assert sum(result.scores.values()) == max(1, bid // 42)


def test_explanation_names_the_teams_as_the_example() -> None:
    """SCORING_MORE.md: "**Explanation**, for example: "Bob bid 34; Bob & Dee took 4 tricks +
    5-5 + 4-1 = 19 < 34: set. Ann & Cy score 34 + 23 = 57."" (default team names)."""
    table = Table(("Ann", "Bob", "Cy", "Dee"), ("Ann & Cy", "Bob & Dee"))
    entry = {
        "bidder": "Bob",
        "bid": 34,
        "tricks": {"Ann & Cy": 3, "Bob & Dee": 4},
        "count_tiles": {"Ann & Cy": ["6-4", "5-0", "3-2"], "Bob & Dee": ["5-5", "4-1"]},
    }
    opts = TEXAS_42.resolve_options({"scoring": "points"}, table)
    assert english(TEXAS_42.score_hand(entry, table, opts).explanation) == (
        "Bob bid 34; Bob & Dee took 4 tricks + 5-5 + 4-1 = 19 < 34: set. "
        "Ann & Cy score 34 + 23 = 57.",
    )


# --- through the API -----------------------------------------------------------------------


def test_the_api_entries_of_the_contract(api: Any) -> None:
    """SCORING_MORE.md "Entry (API)": each of the six example entries, on a game of its
    options; a broken one is a 422 naming the field, and a finished game answers 409."""
    players = ["Ann", "Bob", "Cy", "Dee"]
    marks = api.create("texas-42", players, team_names=["Us", "Them"])
    for entry in (
        {"bidder": "Ann", "bid": 31, "points": {"Us": 35, "Them": 7}},
        {
            "bidder": "Bob",
            "bid": 34,
            "tricks": {"Us": 3, "Them": 4},
            "count_tiles": {"Us": ["6-4", "5-0", "3-2"], "Them": ["5-5", "4-1"]},
        },
        {"bidder": "Cy", "bid": 84, "tricks": {"Us": 6, "Them": 1}},
        {"bidder": "Dee", "bid": 42, "contract": "nello", "bidder_tricks": 0},
    ):
        body = api.hand(marks["id"], entry)
        assert body["hand"]["explanation"]
    assert api.game(marks["id"])["totals"] == {"Us": 2, "Them": 3}
    refused = api.post_hand(
        marks["id"], {"bidder": "Ann", "bid": 168, "contract": "plunge", "made": True}
    )
    assert refused.status_code == 422
    assert (
        refused.json["error"] == "Plunge is off in this game"
        and refused.json["field"] == "contract"
    )
    passed = api.post_hand(marks["id"], {"all_passed": True})
    assert passed.status_code == 422 and "the dealer must bid 30" in passed.json["error"]

    special = api.create(
        "texas-42",
        players,
        team_names=["Us", "Them"],
        options={"plunge": True, "all_pass": "redeal", "marks_target": 4},
    )
    assert api.hand(special["id"], {"all_passed": True})["totals"] == {"Us": 0, "Them": 0}
    done = api.hand(
        special["id"], {"bidder": "Ann", "bid": 168, "contract": "plunge", "made": True}
    )
    assert done["status"] == "finished" and done["winners"] == ["Us"]
    late = api.post_hand(special["id"], {"bidder": "Ann", "bid": 30, "made": True})
    assert late.status_code == 409


def test_the_board_says_how_far_the_leader_is() -> None:
    """SCORING_MORE.md End: "**Option** `marks_target` (7) for marks; **option**
    `points_target` (250) for points" — the page says how far the leader has to go."""
    made = {"bidder": "Ann", "bid": 84, "made": True}
    assert english(play([made]).explanation) == "leader needs 5 marks more to reach 7 marks"
    points = {"bidder": "Ann", "bid": 30, "points": {"Us": 40, "Them": 2}}
    assert (
        english(play([points], **POINTS).explanation) == "leader needs 210 points more to reach 250"
    )
