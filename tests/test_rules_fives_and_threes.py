"""Fives and Threes: the rules of shared/SCORING_MORE.md, section "Fives and Threes".

Every test quotes the SCORING_MORE.md line it checks; the three hand-worked examples there
are tested as written, through the rules and through the API.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.fives_and_threes import (
    FIVES_AND_THREES,
    RULESETS,
    check_ends,
    count_points,
)
from tests.words import english

TWO = Table(("Ann", "Bob"))
FOUR = Table(("Ann", "Bob", "Cy", "Dee"), ("Us", "Them"))
F3 = FIVES_AND_THREES


def options(table: Table = TWO, **given: object) -> dict[str, Any]:
    return F3.resolve_options(given, table)


def score(
    entry: Mapping[str, Any],
    before: Mapping[str, int] | None = None,
    table: Table = TWO,
    **given: object,
) -> HandResult:
    before = before or {side: 0 for side in table.sides}
    return F3.score_in_game(entry, table, options(table, **given), before)


def refusal(entry: Mapping[str, Any], table: Table = TWO, **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, table=table, **given)
    return caught.value


# --- the declaration and the options ---------------------------------------------------


def test_declaration() -> None:
    """SCORING_MORE.md table: "`fives-and-threes` | Fives and Threes | 2–4 | optional (4
    players)"; "Set: double-six. … Highest wins"."""
    assert RULESETS == (F3,)
    assert REGISTRY["fives-and-threes"] is F3
    assert F3.players == (2, 3, 4)
    assert F3.partnerships == "optional"
    assert F3.lowest_wins is False
    assert F3.live_plays is True
    F3.check_table(FOUR)
    F3.check_table(Table(("Ann", "Bob", "Cy", "Dee")))


def test_option_defaults() -> None:
    """SCORING_MORE.md: "`target` 61, `exact_finish` true, `muggins` false"."""
    assert options() == {"target": 61, "exact_finish": True, "muggins": False}


# --- the count ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "points"),
    [(3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4)],
)
def test_the_points_table(count: int, points: int) -> None:
    """SCORING_MORE.md: "points = count ÷ 5 (when it is a multiple of 5) + count ÷ 3 (when it
    is a multiple of 3)", the table: 3 → 1, 5 → 1, 6 → 2, 9 → 3, 10 → 2, 12 → 4, 15 → 8
    (3 fives + 5 threes), 18 → 6, 20 → 4."""
    assert count_points(count) == points


@pytest.mark.parametrize("count", [0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 17, 22])
def test_every_other_count_scores_nothing(count: int) -> None:
    """SCORING_MORE.md: "Every other count, 0 included, scores 0"."""
    assert count_points(count) == 0


def test_a_single_play_scores_one_of_the_listed_points() -> None:
    """SCORING_MORE.md: "Counts that can occur are 0–18, 20 and 22 … So a single play scores
    one of 0, 1, 2, 3, 4, 6 or 8"."""
    possible = {count_points(c) for c in (*range(19), 20, 22)}
    assert possible == {0, 1, 2, 3, 4, 6, 8}


def test_crosswise_doubles_and_the_lone_first_double() -> None:
    """SCORING_MORE.md: "A lone first double counts both halves once, entered as `["d-d"]`"
    and "A double lying crosswise at an end counts both halves (5-5 → 10)"; the checker
    example: `{"ends": [5, "5-5"]}` → `{"count": 15, "points": 8}`; 22 is 6-6 and 5-5."""
    assert check_ends(["6-6"]) == (12, 4)
    assert check_ends([5, "5-5"]) == (15, 8)
    assert check_ends(["6-6", "5-5"]) == (22, 0)
    assert check_ends([0, 0]) == (0, 0)


def test_ends_checks() -> None:
    """SCORING_MORE.md Checks: "`ends` has 2 entries, or 1 entry only for a lone double
    `"d-d"`. Each entry is 0–6 or `"d-d"` with d from 0 to 6, and the same double cannot be
    at both ends ("6-6 cannot be at both ends")"."""
    for ends in ([5], [1, 2, 3], [], [7, 1], [-1, 2], ["5-4", 1], ["7-7", 1], "5,5"):
        with pytest.raises(RuleError):
            check_ends(ends)
    with pytest.raises(RuleError, match="6-6 cannot be at both ends"):
        check_ends(["6-6", "6-6"])


# --- a hand -----------------------------------------------------------------------------


EXAMPLE_1 = {
    "plays": [
        {"player": "Ann", "ends": ["6-6"]},
        {"player": "Bob", "ends": ["6-6", 3]},
        {"player": "Ann", "ends": [4, 3]},
        {"player": "Bob", "ends": [4, "3-3"]},
        {"player": "Ann", "ends": [4, 5]},
        {"player": "Bob", "ends": [4, 1]},
        {"player": "Ann", "ends": [2, 1], "out": True},
    ],
    "domino": "Ann",
}


def test_example_1_two_players_ann_chips_out() -> None:
    """SCORING_MORE.md example 1: "Totals: Ann 4 + 0 + 3 + 2 = 9; Bob 8 + 2 + 1 = 11"; the
    last play: `[2, 1]` count 3 → "1, + go 1 = 2"."""
    result = score(EXAMPLE_1)
    assert result.scores == {"Ann": 9, "Bob": 11}
    assert [dict(step) for step in result.steps] == [
        {"Ann": 4, "Bob": 0},
        {"Ann": 0, "Bob": 8},
        {"Ann": 0, "Bob": 2},
        {"Ann": 3, "Bob": 0},
        {"Ann": 0, "Bob": 1},
        {"Ann": 2, "Bob": 0},
    ]
    assert english(result.explanation)[1] == "Bob: 6-6 + 3 = 15 → 3 fives + 5 threes = 8: Bob 8."
    assert english(result.explanation)[2] == "Ann: 4 + 3 = 7 → no score."
    assert english(result.explanation)[-1] == "Ann: 2 + 1 = 3 → 1 three = 1, + go 1: Ann 9."


def exact_hand(out: bool = True) -> dict[str, Any]:
    last: dict[str, Any] = {"player": "Ann", "ends": [0, 5]}
    if out:
        last["out"] = True
    return {
        "plays": [
            {"player": "Ann", "ends": [5, 5]},
            {"player": "Bob", "ends": [6, 5]},
            last,
        ],
        "domino": "Ann",
    }


def test_example_2a_the_go_point_and_the_play_overshoot_together() -> None:
    """SCORING_MORE.md example 2(a): "Ann starts on 58: 58 + 2 = 60. Then 1 + go 1 = 2 → 62,
    over 61, so both are disregarded and Ann stays on 60. Scored separately, the play's 1
    would have made 61; the combined rule stops that"."""
    result = score(exact_hand(), {"Ann": 58, "Bob": 50})
    assert result.scores == {"Ann": 2, "Bob": 0}
    assert english(result.explanation)[-1] == (
        "Ann: 0 + 5 = 5 → 1 five = 1, + go 1; would make 62, over 61: not scored."
    )
    # Without the out flag the go point is scored alone, after the plays: the play's 1 makes
    # 61 and wins, and the go point comes after the end.
    separate = score(exact_hand(out=False), {"Ann": 58, "Bob": 50})
    assert separate.scores == {"Ann": 3, "Bob": 0}
    assert "after the end of the game" in english(separate.explanation)[-1]


def test_example_2b_exactly_61_wins() -> None:
    """SCORING_MORE.md example 2(b): "Ann starts on 57: 59, then 59 + 2 = 61 exactly, and Ann
    wins"."""
    result = score(exact_hand(), {"Ann": 57, "Bob": 50})
    assert result.scores == {"Ann": 4, "Bob": 0}
    assert english(result.explanation)[-1].endswith("Ann 61, the game is won.")
    hands = [
        ScoredHand(1, {}, HandResult({"Ann": 57, "Bob": 50}, ("before",))),
        ScoredHand(2, exact_hand(), result),
    ]
    status = F3.status(TWO, options(), hands)
    assert status.finished and status.winners == ("Ann",)


def test_example_2c_without_exact_finish() -> None:
    """SCORING_MORE.md example 2(c): "As (a) with `exact_finish: false`: 60 + 2 = 62 ≥ 61,
    and Ann wins"."""
    result = score(exact_hand(), {"Ann": 58, "Bob": 50}, exact_finish=False)
    assert result.scores == {"Ann": 4, "Bob": 0}
    hands = [
        ScoredHand(1, {}, HandResult({"Ann": 58, "Bob": 50}, ("before",))),
        ScoredHand(2, exact_hand(), result),
    ]
    status = F3.status(TWO, options(exact_finish=False), hands)
    assert status.finished and status.winners == ("Ann",)


EXAMPLE_3 = {
    "plays": [
        {"player": "Ann", "ends": [5, 5]},
        {"player": "Bob", "ends": [5, "5-5"]},
        {"player": "Cy", "ends": [2, "5-5"], "muggins_by": "Dee"},
        {"player": "Dee", "ends": [2, 4]},
    ]
}


def test_example_3_partnership_muggins_and_exact_61() -> None:
    """SCORING_MORE.md example 3: "Ann & Cy ("Us") are on 40, Bob & Dee ("Them") on 55 … Bob
    `[5, "5-5"]` 15 → 8: 55 + 8 = 63 > 61: disregarded, Them stay 55 … Cy, `"muggins_by":
    "Dee"` … 12 → 4 go to Them: 59 … Dee `[2, 4]` 6 → 2: Them 61 exactly. The game ends and
    Them win. A fifth play in the same entry is refused with 422"."""
    result = score(EXAMPLE_3, {"Us": 40, "Them": 55}, FOUR, muggins=True)
    assert result.scores == {"Us": 2, "Them": 6}
    assert english(result.explanation) == (
        "Ann: 5 + 5 = 10 → 2 fives = 2 for Us: Us 42.",
        "Bob: 5 + 5-5 = 15 → 3 fives + 5 threes = 8; would make 63, over 61: not scored for Them.",
        "Cy: 2 + 5-5 = 12 → 4 threes = 4, taken by Dee (muggins) for Them: Them 59.",
        "Dee: 2 + 4 = 6 → 2 threes = 2 for Them: Them 61, the game is won.",
        "Blocked: no go point.",
    )
    hands = [
        ScoredHand(1, {}, HandResult({"Us": 40, "Them": 55}, ("before",))),
        ScoredHand(2, EXAMPLE_3, result),
    ]
    status = F3.status(FOUR, options(FOUR, muggins=True), hands)
    assert status.finished and status.winners == ("Them",)
    fifth = {"plays": [*EXAMPLE_3["plays"], {"player": "Ann", "ends": [2, 1]}]}
    with pytest.raises(RuleError, match="the game ended at play 4: Them reached 61") as caught:
        score(fifth, {"Us": 40, "Them": 55}, FOUR, muggins=True)
    assert caught.value.field == "plays"


def test_explanation_example() -> None:
    """SCORING_MORE.md: "**Explanation**, for example: "Bob: 5 + 5-5 = 15 → 3 fives + 5 threes
    = 8; would make 63, over 61: not scored.""."""
    result = score({"plays": [{"player": "Bob", "ends": [5, "5-5"]}]}, {"Ann": 0, "Bob": 55})
    assert english(result.explanation)[0] == (
        "Bob: 5 + 5-5 = 15 → 3 fives + 5 threes = 8; would make 63, over 61: not scored."
    )
    assert result.scores == {"Ann": 0, "Bob": 0}


# --- the go point ----------------------------------------------------------------------------


def test_the_go_point() -> None:
    """SCORING_MORE.md: "The player who plays their last tile scores 1 point. … In a blocked
    hand nobody scores it"; "the go point added to the play flagged `out`, or scored alone
    after all plays if no play is flagged"."""
    assert score({"plays": [], "domino": "Bob"}).scores == {"Ann": 0, "Bob": 1}
    assert score({"domino": "Bob"}).scores == {"Ann": 0, "Bob": 1}
    blocked = score({"plays": [{"player": "Ann", "ends": [5, 5]}], "domino": None})
    assert blocked.scores == {"Ann": 2, "Bob": 0}
    assert english(blocked.explanation)[-1] == "Blocked: no go point."


def test_the_go_point_in_partnerships() -> None:
    """SCORING_MORE.md: "In partnerships the hand goes on until both players of one team have
    played out, and that team then scores the point"; "`domino`: … in partnerships, the team
    name or either partner's name"; Checks: "In partnerships, `domino` must name a team or
    one of its players"."""
    for name in ("Them", "them", "Bob", "Dee"):
        assert score({"domino": name}, table=FOUR).scores == {"Us": 0, "Them": 1}
    assert refusal({"domino": "Zed"}, FOUR).field == "domino"


def test_pips_left_are_not_scored() -> None:
    """SCORING_MORE.md: "Pips left in hands are not scored. There is no end-of-hand pip count"."""
    refused = refusal({"plays": [], "domino": "Ann", "pips": {"Ann": 0, "Bob": 12}})
    assert refused.field == "pips"


# --- checks -------------------------------------------------------------------------------


def test_players_and_callers_are_players_of_the_game() -> None:
    """SCORING_MORE.md Checks: "Every `player` and `muggins_by` is a player of the game"."""
    assert "Zed" in str(refusal({"plays": [{"player": "Zed", "ends": [5, 5]}]}))
    refused = refusal(
        {"plays": [{"player": "Ann", "ends": [5, 5], "muggins_by": "Zed"}]}, muggins=True
    )
    assert str(refused).startswith("play 1: Zed is not playing")


def test_a_play_holds_only_the_fields_of_a_play() -> None:
    """A misspelt field is refused by name, not ignored: the list it gives includes `out`,
    which a Muggins play does not have."""
    refused = refusal({"plays": [{"player": "Ann", "ends": [5, 5], "tile": "5-5"}]})
    assert str(refused) == (
        "play 1: tile is not part of a play (expected: player, ends, points, muggins_by, out)"
    )
    assert refused.field == "plays"
    assert str(refusal({"plays": ["Ann 10"]})).startswith("play 1: a play must be an object")


def test_points_given_directly() -> None:
    """SCORING_MORE.md Checks: "`points` given directly must be one of 0, 1, 2, 3, 4, 6, 8. If
    both `ends` and `points` are given, they must agree"."""
    assert score({"plays": [{"player": "Ann", "points": 8}]}).scores == {"Ann": 8, "Bob": 0}
    for bad in (5, 7, 9, -1, "8"):
        assert refusal({"plays": [{"player": "Ann", "points": bad}]}).field == "plays"
    agree = {"plays": [{"player": "Ann", "ends": [5, "5-5"], "points": 8}]}
    assert score(agree).scores == {"Ann": 8, "Bob": 0}
    disagree = refusal({"plays": [{"player": "Ann", "ends": [5, "5-5"], "points": 6}]})
    assert "count 15, which scores 8, not 6" in str(disagree)


def test_the_out_flag() -> None:
    """SCORING_MORE.md Checks: "At most one play is flagged `out`. It must be the last listed
    play and made by the `domino` side. `out` without `domino` is refused"."""
    two_out = {
        "plays": [
            {"player": "Ann", "ends": [5, 5], "out": True},
            {"player": "Bob", "ends": [5, 1], "out": True},
        ],
        "domino": "Bob",
    }
    assert "only one play" in str(refusal(two_out))
    not_last = {
        "plays": [
            {"player": "Ann", "ends": [5, 5], "out": True},
            {"player": "Bob", "ends": [5, 1]},
        ],
        "domino": "Ann",
    }
    assert "must be the last play" in str(refusal(not_last))
    wrong_side = {"plays": [{"player": "Ann", "ends": [5, 5], "out": True}], "domino": "Bob"}
    assert "Ann is not of Bob" in str(refusal(wrong_side))
    no_domino = {"plays": [{"player": "Ann", "ends": [5, 5], "out": True}]}
    assert "nobody chipped out" in str(refusal(no_domino))
    assert refusal({"plays": [{"player": "Ann", "ends": [5, 5], "out": "yes"}]}).field == "plays"


def test_muggins_option() -> None:
    """SCORING_MORE.md: "**Option** `muggins` (false): … A play with `muggins_by` gives its
    points to that player's side instead. The caller must be a player on another side. With
    the option off, `muggins_by` is refused"."""
    call = {"plays": [{"player": "Ann", "ends": [5, 5], "muggins_by": "Bob"}]}
    assert "muggins calls are off" in str(refusal(call))
    assert score(call, muggins=True).scores == {"Ann": 0, "Bob": 2}
    own = {"plays": [{"player": "Ann", "ends": [5, 5], "muggins_by": "Ann"}]}
    assert "their own play" in str(refusal(own, muggins=True))
    partner = {"plays": [{"player": "Ann", "ends": [5, 5], "muggins_by": "Cy"}]}
    assert "partners" in str(refusal(partner, FOUR, muggins=True))
    nothing = {"plays": [{"player": "Ann", "ends": [4, 3], "muggins_by": "Bob"}]}
    assert "scores nothing" in str(refusal(nothing, muggins=True))


def test_target_option() -> None:
    """SCORING_MORE.md: "**Option** `target` (61)"; End: "The game ends the moment a side
    reaches the target (exactly, by default)"."""
    result = score({"plays": [{"player": "Ann", "ends": [5, "5-5"]}]}, target=8)
    assert result.scores == {"Ann": 8, "Bob": 0}
    status = F3.status(TWO, options(target=8), [ScoredHand(1, {}, result)])
    assert status.finished and status.winners == ("Ann",)


def test_an_entry_without_plays_or_domino_is_refused() -> None:
    """SCORING.md common rules: "A hand is scored as a whole: invalid input changes nothing
    and gives a clear error naming what is wrong"."""
    assert refusal({}).field == "domino"


def test_live_plays_with_the_out_flag() -> None:
    """SCORING_MORE.md: "Plays may also be posted live to `POST /api/games/{id}/plays`, as for
    Muggins"; a live play flagged out carries the go point with it."""
    plays = EXAMPLE_1["plays"]
    assert F3.score_plays(plays, TWO, options()).scores == {"Ann": 9, "Bob": 11}
    so_far = F3.plays_in_game(plays[:2], TWO, options(), {"Ann": 0, "Bob": 55})
    assert so_far.scores == {"Ann": 4, "Bob": 0}


@settings(deadline=None, max_examples=200)
@given(
    before=st.tuples(st.integers(0, 60), st.integers(0, 60)),
    ends=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=8),
)
def test_exact_finish_never_passes_61(before: tuple[int, int], ends: list[tuple[int, int]]) -> None:
    """SCORING_MORE.md: "A score that would take the side over the target is disregarded; its
    total stays" — so no total ever passes 61, and a side on 61 has won."""
    plays = [{"player": ("Ann", "Bob")[i % 2], "ends": list(pair)} for i, pair in enumerate(ends)]
    start = {"Ann": before[0], "Bob": before[1]}
    opts = options()
    try:
        result = F3.score_in_game({"plays": plays}, TWO, opts, start)
    except RuleError as refused:
        # Only a play after one that reached 61 is refused.
        assert "the game ended at play" in str(refused)
        return
    for side in ("Ann", "Bob"):
        assert start[side] + result.scores[side] <= 61


# --- through the API: the totals before a hand, live plays, corrections ---------------------


def test_examples_through_the_api(api: Any) -> None:
    """SCORING_MORE.md example 1 as an API entry, then example 2's exact finish across hands:
    a later hand is scored from the totals before it, and a correction scores the hands after
    it again."""
    game = api.create("fives-and-threes", ["Ann", "Bob"])
    body = api.hand(game["id"], EXAMPLE_1)
    assert body["totals"] == {"Ann": 9, "Bob": 11}
    # Four hands of 12 for Ann (Bob chips out each: 1): Ann 57, Bob 15.
    twelve = {"plays": [{"player": "Ann", "points": 4}] * 3, "domino": "Bob"}
    for _ in range(4):
        body = api.hand(game["id"], twelve)
    assert body["totals"] == {"Ann": 57, "Bob": 15}
    # Example 2(b): from 57, 59 then 61 exactly with the chipping-out play: Ann wins.
    body = api.hand(game["id"], exact_hand())
    assert body["totals"] == {"Ann": 61, "Bob": 15}
    assert body["status"] == "finished" and body["winners"] == ["Ann"]
    # Correct hand 2 so that Ann is on 58 before the last hand: example 2(a), her last play
    # and its go point overshoot together and are not scored; the game goes on.
    more = {"plays": [{"player": "Ann", "points": 4}] * 3 + [{"player": "Ann", "points": 1}]}
    response = api.client.put(
        f"/api/games/{game['id']}/hands/2",
        json={**more, "domino": "Bob"},
        headers=api.headers(game["id"]),
    )
    assert response.status_code == 200, response.json
    state = api.game(game["id"])
    assert state["totals"] == {"Ann": 60, "Bob": 15}
    assert state["status"] == "in_progress"
    assert "would make 62, over 61: not scored" in " ".join(state["hands"][-1]["explanation"])


def test_example_3_through_the_api(api: Any) -> None:
    """SCORING_MORE.md example 3: "Ann & Cy ("Us") are on 40, Bob & Dee ("Them") on 55 … The
    game ends and Them win. A fifth play in the same entry is refused with 422"."""
    game = api.create(
        "fives-and-threes",
        ["Ann", "Bob", "Cy", "Dee"],
        partnerships=True,
        team_names=["Us", "Them"],
        options={"muggins": True},
    )
    to_40_and_55 = [{"player": "Ann", "points": 8}] * 5 + [
        *[{"player": "Bob", "points": 8}] * 6,
        {"player": "Bob", "points": 4},
        {"player": "Bob", "points": 2},
        {"player": "Bob", "points": 1},
    ]
    assert api.hand(game["id"], {"plays": to_40_and_55, "domino": None})["totals"] == {
        "Us": 40,
        "Them": 55,
    }
    fifth = {"plays": [*EXAMPLE_3["plays"], {"player": "Ann", "ends": [2, 1]}], "domino": None}
    refused = api.post_hand(game["id"], fifth)
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == "plays"
    assert "game ended at play 4: Them reached 61" in refused.json["error"]
    assert api.game(game["id"])["totals"] == {"Us": 40, "Them": 55}
    won = api.hand(game["id"], {**EXAMPLE_3, "domino": None})
    assert won["totals"] == {"Us": 42, "Them": 61}
    assert won["status"] == "finished" and won["winners"] == ["Them"]


def test_live_plays_through_the_api(api: Any) -> None:
    """SCORING_MORE.md: "Plays may also be posted live to `POST /api/games/{id}/plays`, as for
    Muggins"; an overshoot is not scored, the game ends at the play that reaches the target
    exactly, and a play after it is a 409."""
    game = api.create("fives-and-threes", ["Ann", "Bob"], options={"target": 12})
    url = f"/api/games/{game['id']}/plays"
    headers = api.headers(game["id"])

    def post(play: dict[str, Any]) -> Any:
        return api.client.post(url, json=play, headers=headers)

    assert post({"player": "Ann", "ends": ["6-6"]}).json["totals"] == {"Ann": 4, "Bob": 0}
    assert post({"player": "Bob", "ends": ["6-6", 3]}).json["totals"] == {"Ann": 4, "Bob": 8}
    over = post({"player": "Bob", "ends": [5, "5-5"]})
    assert over.status_code == 201
    assert over.json["totals"] == {"Ann": 4, "Bob": 8}  # 8 + 8 = 16, over 12: not scored
    won = post({"player": "Ann", "ends": [5, "5-5"]})
    assert won.json["totals"] == {"Ann": 12, "Bob": 8}
    assert won.json["status"] == "finished" and won.json["winners"] == ["Ann"]
    assert post({"player": "Bob", "ends": [5, 1]}).status_code == 409


def test_the_history_explains_a_hand_from_the_totals_before_it(api: Any) -> None:
    """SCORING_MORE.md: "A score that would take the side over the target is disregarded":
    the history of changes says so of the hand as it was scored, not as if from 0."""
    game = api.create("fives-and-threes", ["Ann", "Bob"])
    api.hand(game["id"], {"plays": [{"player": "Bob", "points": 8}] * 7, "domino": None})
    api.hand(game["id"], {"plays": [{"player": "Bob", "ends": [5, "5-5"]}], "domino": None})
    page = api.client.get(f"/games/{game['id']}/history").get_data(True)
    assert "would make 64, over 61: not scored" in page


# --- the muggins-call checker's Fives and Threes mode ---------------------------------------


def test_the_checker_counts_fives_and_threes(api: Any) -> None:
    """SCORING_MORE.md: "(Proposed) `POST /api/muggins/check` takes `"ruleset":
    "fives-and-threes"`: `{"ends": [5, "5-5"], "ruleset": "fives-and-threes"}` →
    `{"count": 15, "points": 8}`"; a verdict only with a claim (SCORING.md, Muggins)."""
    client = api.client
    answer = client.post(
        "/api/muggins/check", json={"ends": [5, "5-5"], "ruleset": "fives-and-threes"}
    ).json
    assert (answer["count"], answer["points"]) == (15, 8)
    assert answer["explanation"] == "The ends count 15: 3 fives + 5 threes = 8."
    assert "muggins" not in answer
    muggins = client.post("/api/muggins/check", json={"ends": [5, "5-5"]}).json
    assert (muggins["count"], muggins["points"]) == (15, 15)
    claim = client.post(
        "/api/muggins/check", json={"ends": [6, 3], "ruleset": "fives-and-threes", "claimed": 2}
    ).json
    assert (claim["points"], claim["muggins"]) == (3, True)
    for body, field in (
        ({"ends": [5, 5, 5], "ruleset": "fives-and-threes"}, "ends"),
        ({"ends": ["6-6", "6-6"], "ruleset": "fives-and-threes"}, "ends"),
        ({"ends": [5, 5], "ruleset": "fives-and-threes", "set": "double-nine"}, "set"),
        ({"ends": [5, 5], "ruleset": "block"}, "ruleset"),
    ):
        refused = client.post("/api/muggins/check", json=body)
        assert refused.status_code == 422 and refused.json["field"] == field, refused.json


def test_the_checker_page_has_the_fives_and_threes_mode(api: Any) -> None:
    """The checker page (script off: a plain GET form) counts fives and threes when asked."""
    page = api.client.get("/muggins?ruleset=fives-and-threes&end=5&end=5-5&claimed=").get_data(True)
    assert 'value="fives-and-threes" selected' in page
    assert "The ends count 15: 3 fives + 5 threes = 8." in page
    # No claim, no verdict (the page's script carries the verdicts' words, unshown).
    assert 'class="verdict"' not in page
