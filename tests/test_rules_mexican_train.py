"""Mexican Train scoring (contract: shared/SCORING_MORE.md, "Mexican Train — `mexican-train`").

Each test quotes the line of SCORING_MORE.md it checks (line numbers as of this commit).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.mexican_train import MEXICAN_TRAIN
from tests.words import english

FOUR = Table(("Ann", "Bob", "Cy", "Dee"))
EIGHT = Table(("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"))


def options(table: Table = FOUR, **given: object) -> dict[str, Any]:
    return MEXICAN_TRAIN.resolve_options(given, table)


def score(
    entry: dict[str, Any], round_number: int = 1, table: Table = FOUR, **given: object
) -> HandResult:
    zero = dict.fromkeys(table.players, 0)
    return MEXICAN_TRAIN.score_in_game(
        entry, table, options(table, **given), zero, number=round_number
    )


def refused(entry: dict[str, Any], round_number: int = 1, **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, round_number, **given)
    return caught.value


def played(*rounds: tuple[dict[str, int], str | None], table: Table = FOUR) -> list[ScoredHand]:
    return [
        ScoredHand(n, {"domino": out}, HandResult(scores, ()))
        for n, (scores, out) in enumerate(rounds, start=1)
    ]


# --- the declaration and the options (SCORING_MORE.md lines 19-42) -----------------------


def test_declaration() -> None:
    """L19: "| `mexican-train` | Mexican Train | 2–8 | never | `set` double-twelve, `rounds` 13,
    `double_blank_value` 0, `tiebreak_rounds_out` false |"; L32 "Lowest total wins."."""
    assert REGISTRY["mexican-train"] is MEXICAN_TRAIN
    assert MEXICAN_TRAIN.name == "Mexican Train"
    assert MEXICAN_TRAIN.players == tuple(range(2, 9))
    assert MEXICAN_TRAIN.partnerships == "never"
    assert MEXICAN_TRAIN.lowest_wins
    assert options() == {
        "set": "double-twelve",
        "rounds": 13,
        "double_blank_value": 0,
        "tiebreak_rounds_out": False,
    }


def test_two_to_eight_players_never_partnerships() -> None:
    """L31: "2 to 8 players, each for themself; no partnerships"."""
    for count in range(2, 9):
        MEXICAN_TRAIN.check_table(Table(EIGHT.players[:count]))
    with pytest.raises(RuleError, match="not 9"):
        MEXICAN_TRAIN.check_table(Table((*EIGHT.players, "Ivy")))
    with pytest.raises(RuleError, match="not 1"):
        MEXICAN_TRAIN.check_table(Table(("Ann",)))
    with pytest.raises(RuleError, match="no partnerships"):
        MEXICAN_TRAIN.check_table(Table(FOUR.players, ("Us", "Them")))


def test_rounds_follow_the_set() -> None:
    """L36-37: "`rounds` defaults to top + 1: 13 rounds (12-12 down to 0-0) with double-twelve,
    10 rounds (9-9 down to 0-0) with double-nine"."""
    assert options()["rounds"] == 13
    assert options(set="double-nine")["rounds"] == 10


def test_fewer_rounds_allowed_more_refused() -> None:
    """L38-40: "A smaller whole number, at least 1, plays a short game ... More than top + 1 is
    refused when the game is created"."""
    assert options(rounds=7)["rounds"] == 7
    assert options(rounds=1)["rounds"] == 1
    for bad, set_name in ((0, "double-twelve"), (14, "double-twelve"), (11, "double-nine")):
        with pytest.raises(RuleError) as caught:
            options(set=set_name, rounds=bad)
        assert caught.value.field == "options.rounds"
    with pytest.raises(RuleError, match="at most 10 rounds"):
        options(set="double-nine", rounds=11)


@pytest.mark.parametrize(
    ("set_name", "round_number", "engine"),
    [
        ("double-twelve", 1, "12-12"),
        ("double-twelve", 2, "11-11"),
        ("double-twelve", 7, "6-6"),
        ("double-twelve", 13, "0-0"),
        ("double-nine", 1, "9-9"),
        ("double-nine", 10, "0-0"),
    ],
)
def test_engines_run_downward(set_name: str, round_number: int, engine: str) -> None:
    """L34-35: "Round *r* (from 1) is played from the engine double `d-d` with d = top − (r − 1)";
    L41-42: "the API adds it to `next` (`"engine": "11-11"`)"."""
    opts = options(set=set_name)
    assert MEXICAN_TRAIN.next_hand(FOUR, opts, round_number - 1).engine == engine
    pips = {p: 0 if p == "Ann" else 1 for p in FOUR.players}
    result = score({"pips": pips, "domino": "Ann"}, round_number, set=set_name)
    assert english(result.explanation)[0].startswith(f"Round {round_number} (engine {engine})")


def test_the_deal_passes_clockwise() -> None:
    """SCORING.md common rules: "the deal passes clockwise (seat+1) every hand"."""
    opts = options(EIGHT)
    dealers = [MEXICAN_TRAIN.next_hand(EIGHT, opts, n).dealer for n in range(9)]
    assert dealers == [*EIGHT.players, "Ann"]


# --- a round's score (L43-50) ------------------------------------------------------------


def test_example_1_ann_goes_out() -> None:
    """L86-88 (example 1): "Round 1 (engine 12-12), Ann goes out ... Scores: Ann 0, Bob 23,
    Cy 41, Dee 7"."""
    result = score({"pips": {"Ann": 0, "Bob": 23, "Cy": 41, "Dee": 7}, "domino": "Ann"})
    assert result.scores == {"Ann": 0, "Bob": 23, "Cy": 41, "Dee": 7}
    assert english(result.explanation)[0] == "Round 1 (engine 12-12): Ann went out: 0."


def test_example_1_refusals() -> None:
    """L89: "`"pips": {"Ann": 5, …}, "domino": "Ann"` → 422 "Ann went out but has 5 pips"";
    L90: "Bob's tiles include `"12-12"` → 422 "12-12 is this round's engine"."""
    error = refused({"pips": {"Ann": 5, "Bob": 23, "Cy": 41, "Dee": 7}, "domino": "Ann"})
    assert str(error) == "Ann went out but has 5 pips"
    tiles = {"Ann": [], "Bob": ["12-12", "3-4"], "Cy": ["1-1"], "Dee": ["2-2"]}
    error = refused({"tiles": tiles, "domino": "Ann"})
    assert "12-12 is this round's engine" in str(error)
    assert error.field == "tiles"


EXAMPLE_2_TILES = {"Ann": ["0-0", "3-4"], "Bob": [], "Cy": ["12-11"], "Dee": ["6-6", "0-5"]}


def test_example_2_tiles_with_the_double_blank_at_50() -> None:
    """L91-96 (example 2): "Ann: (0+0) + (3+4) = 7 pips, + 50 for the 0-0 = 57. Bob: 0 (went
    out). Cy: 12 + 11 = 23. Dee: (6+6) + (0+5) = 17."; L73-74 the explanation."""
    result = score({"tiles": EXAMPLE_2_TILES, "domino": "Bob"}, 3, double_blank_value=50)
    assert result.scores == {"Ann": 57, "Bob": 0, "Cy": 23, "Dee": 17}
    assert english(result.explanation) == (
        "Round 3 (engine 10-10): Bob went out: 0.",
        "Ann: 0-0, 3-4 = 7 pips + 50 for the 0-0 = 57.",
        "Cy: 11-12 = 23 pips = 23.",
        "Dee: 6-6, 0-5 = 17 pips = 17.",
    )


def test_example_2_pips_form_scores_the_same() -> None:
    """L98-99: "The pips form `{"pips": {"Ann": 7, "Bob": 0, "Cy": 23, "Dee": 17},
    "double_blank": "Ann", "domino": "Bob"}` scores the same. With the default value 0, Ann
    scores 7."."""
    entry = {"pips": {"Ann": 7, "Bob": 0, "Cy": 23, "Dee": 17}, "double_blank": "Ann"}
    entry["domino"] = "Bob"
    assert score(entry, 3, double_blank_value=50).scores == {
        "Ann": 57,
        "Bob": 0,
        "Cy": 23,
        "Dee": 17,
    }
    assert score(entry, 3).scores["Ann"] == 7
    assert score({"tiles": EXAMPLE_2_TILES, "domino": "Bob"}, 3).scores["Ann"] == 7


@pytest.mark.parametrize("value", [25, 50])
def test_double_blank_house_values_change_only_that_tile(value: int) -> None:
    """L49-50: "`double_blank_value` (0): what a 0-0 left in a hand scores ... 25 and 50 are the
    house rules. Only this tile's score changes."."""
    tiles = {"Ann": ["0-0", "1-2"], "Bob": [], "Cy": ["0-1"], "Dee": ["5-5"]}
    result = score({"tiles": tiles, "domino": "Bob"}, 2, double_blank_value=value)
    assert result.scores == {"Ann": 3 + value, "Bob": 0, "Cy": 1, "Dee": 10}


def test_blocked_round_everybody_scores_own_pips() -> None:
    """L45-48: "In a blocked round everybody scores their own pips. Nobody scores other players'
    pips, and going out earns no bonus beyond the 0."."""
    result = score({"pips": {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}, "domino": None}, 5)
    assert result.scores == {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}
    assert "blocked" in english(result.explanation)[0]
    absent = score({"pips": {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}}, 5)
    assert absent.scores == result.scores


# --- checks (L55-68) ---------------------------------------------------------------------


def test_every_player_exactly_once_no_stranger() -> None:
    """L56: "Every player of the game has exactly one entry, and no other name appears."."""
    error = refused({"pips": {"Ann": 0, "Bob": 3, "Cy": 4}, "domino": "Ann"})
    assert "Dee" in str(error) and error.field == "pips"
    error = refused({"pips": {"Ann": 0, "Bob": 3, "Cy": 4, "Dee": 1, "Zed": 2}, "domino": "Ann"})
    assert "Zed" in str(error)
    error = refused({"pips": {"Ann": 0, "ann": 1, "Bob": 3, "Cy": 4, "Dee": 1}, "domino": "Ann"})
    assert "twice" in str(error)


def test_pips_ceiling_is_the_set_less_the_engine() -> None:
    """L57-59: "Pips are whole numbers from 0 up to the set total minus the engine's pips:
    1092 − 2d (double-twelve) or 495 − 2d (double-nine). The sum over all players is bounded
    the same way."."""
    base = {"Ann": 0, "Bob": 0, "Cy": 0}
    assert score({"pips": {**base, "Dee": 1068}, "domino": "Ann"}).scores["Dee"] == 1068
    assert refused({"pips": {**base, "Dee": 1069}, "domino": "Ann"}).field == "pips"
    assert score({"pips": {**base, "Dee": 1092}, "domino": "Ann"}, 13).scores["Dee"] == 1092
    assert refused({"pips": {**base, "Dee": 478}, "domino": "Ann"}, set="double-nine")
    assert refused({"pips": {"Ann": 0, "Bob": 600, "Cy": 600, "Dee": 0}, "domino": "Ann"})
    for bad in (-1, 2.5, "7", True, None, 10**5000):
        error = refused({"pips": {**base, "Dee": bad}, "domino": "Ann"})
        assert "Dee" in str(error) and error.field == "pips"


def test_domino_player_has_no_tiles() -> None:
    """L60: "The `domino` player has 0 pips and no tiles"."""
    tiles = {"Ann": ["1-2"], "Bob": ["3-3"], "Cy": ["1-1"], "Dee": ["2-2"]}
    error = refused({"tiles": tiles, "domino": "Ann"})
    assert str(error) == "Ann went out but has tiles left: 1-2"
    assert refused({"pips": {"Ann": 0, "Bob": 1, "Cy": 1, "Dee": 1}, "domino": "Zed"}).field == (
        "domino"
    )


def test_tiles_in_the_set_and_never_twice() -> None:
    """L61: "Tiles: every tile is in the set and no tile appears twice."."""
    assert "not in the double-nine set" in str(
        refused(
            {
                "tiles": {"Ann": [], "Bob": ["12-12"], "Cy": ["1-1"], "Dee": ["2-2"]},
                "domino": "Ann",
            },
            set="double-nine",
        )
    )
    error = refused(
        {"tiles": {"Ann": [], "Bob": ["3-4"], "Cy": ["4-3"], "Dee": ["2-2"]}, "domino": "Ann"}
    )
    assert "3-4 is claimed 2 times" in str(error)


def test_engine_in_a_hand_is_refused() -> None:
    """L61-62: "The round's engine in any hand is refused ("10-10 is this round's engine; it is
    on the table")"."""
    tiles = {"Ann": [], "Bob": ["3-3"], "Cy": ["10-10"], "Dee": ["2-2"]}
    error = refused({"tiles": tiles, "domino": "Ann"}, 3)
    assert str(error).startswith("10-10 is this round's engine; it is on the table")
    assert score({"tiles": tiles, "domino": "Ann"}, 2).scores["Cy"] == 20


def test_blocked_round_with_tiles_needs_a_tile_in_every_hand() -> None:
    """L63-65: "Blocked round entered as tiles: an empty hand is refused ("Cy has no tiles: name
    Cy as the player who went out"). Entered as pips, a 0 is accepted"."""
    tiles = {"Ann": ["1-1"], "Bob": ["3-3"], "Cy": [], "Dee": ["2-2"]}
    assert str(refused({"tiles": tiles, "domino": None})) == (
        "Cy has no tiles: name Cy as the player who went out"
    )
    pips = {"Ann": 2, "Bob": 6, "Cy": 0, "Dee": 4}
    assert score({"pips": pips, "domino": None}).scores == pips


def test_double_blank_checks() -> None:
    """L66-68: "`double_blank` must be a player of the game other than the `domino` player. It is
    refused in the round whose engine is 0-0, and it must agree with the tiles"."""
    pips = {"Ann": 0, "Bob": 3, "Cy": 4, "Dee": 5}
    assert refused({"pips": pips, "domino": "Ann", "double_blank": "Zed"}).field == "double_blank"
    assert refused({"pips": pips, "domino": "Ann", "double_blank": "Ann"}).field == "double_blank"
    assert score({"pips": pips, "domino": "Ann", "double_blank": "Cy"}, double_blank_value=25)
    tiles = {"Ann": [], "Bob": ["0-0"], "Cy": ["1-1"], "Dee": ["2-2"]}
    error = refused({"tiles": tiles, "domino": "Ann", "double_blank": "Cy"})
    assert str(error) == "the 0-0 is named as Cy's, but Bob holds it"
    assert score({"tiles": tiles, "domino": "Ann", "double_blank": "Bob"}).scores["Bob"] == 0


def test_pips_or_tiles_not_both_not_neither_and_nothing_else() -> None:
    """L51-52: "Either each player's pips, or each player's tiles left ... plus `domino`"."""
    pips = {"Ann": 0, "Bob": 3, "Cy": 4, "Dee": 5}
    tiles = {"Ann": [], "Bob": ["1-2"], "Cy": ["1-3"], "Dee": ["1-4"]}
    assert refused({"pips": pips, "tiles": tiles, "domino": "Ann"}).field == "pips"
    assert refused({"domino": "Ann"}).field == "pips"
    assert refused({"pips": pips, "domino": "Ann", "bid": 3}).field == "bid"


# --- the end (L69-72) and example 3 (L100-107) -------------------------------------------

TWELVE_ROUNDS = played(
    ({"Ann": 0, "Bob": 20, "Cy": 30, "Dee": 0}, "Ann"),
    ({"Ann": 20, "Bob": 0, "Cy": 30, "Dee": 40}, "Bob"),
    ({"Ann": 0, "Bob": 20, "Cy": 30, "Dee": 40}, "Ann"),
    ({"Ann": 20, "Bob": 0, "Cy": 30, "Dee": 40}, "Bob"),
    ({"Ann": 0, "Bob": 20, "Cy": 30, "Dee": 40}, "Ann"),
    ({"Ann": 30, "Bob": 25, "Cy": 0, "Dee": 30}, "Cy"),
    ({"Ann": 20, "Bob": 20, "Cy": 20, "Dee": 0}, "Dee"),
    ({"Ann": 20, "Bob": 20, "Cy": 0, "Dee": 20}, "Cy"),
    ({"Ann": 20, "Bob": 20, "Cy": 0, "Dee": 20}, "Cy"),
    ({"Ann": 10, "Bob": 20, "Cy": 0, "Dee": 0}, None),
    ({"Ann": 10, "Bob": 0, "Cy": 0, "Dee": 0}, None),
    ({"Ann": 20, "Bob": 0, "Cy": 20, "Dee": 0}, None),
)


def test_example_3_totals_after_twelve_rounds() -> None:
    """L100-101: "After 12 rounds the totals are Ann 170, Bob 165, Cy 190, Dee 230."."""
    totals = {p: sum(h.result.scores[p] for h in TWELVE_ROUNDS) for p in FOUR.players}
    assert totals == {"Ann": 170, "Bob": 165, "Cy": 190, "Dee": 230}
    status = MEXICAN_TRAIN.status(FOUR, options(), TWELVE_ROUNDS)
    assert not status.finished and english(status.explanation) == "1 round left"


def last_round(**given: object) -> list[ScoredHand]:
    entry = {"pips": {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}, "domino": None}
    before = {p: sum(h.result.scores[p] for h in TWELVE_ROUNDS) for p in FOUR.players}
    result = MEXICAN_TRAIN.score_in_game(entry, FOUR, options(**given), before, number=13)
    return [*TWELVE_ROUNDS, ScoredHand(13, entry, result)]


def test_example_3_last_round_ann_and_bob_share() -> None:
    """L103-104: "Scores 10, 15, 2, 1 give totals Ann 180, Bob 180, Cy 192, Dee 231. Status is
    finished; Ann and Bob share the win (180 each)."; L69-70 "equal lowest totals share the
    win"."""
    hands = last_round()
    assert hands[-1].result.scores == {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}
    assert english(hands[-1].result.explanation)[0].startswith("Round 13 (engine 0-0): blocked")
    totals = {p: sum(h.result.scores[p] for h in hands) for p in FOUR.players}
    assert totals == {"Ann": 180, "Bob": 180, "Cy": 192, "Dee": 231}
    status = MEXICAN_TRAIN.status(FOUR, options(), hands)
    assert status.finished and status.winners == ("Ann", "Bob")
    assert english(status.explanation) == "Ann and Bob share the win with 180 after 13 rounds"


def test_example_3_tiebreak_rounds_out() -> None:
    """L105-106: "With `tiebreak_rounds_out` on, if Ann went out in 3 rounds and Bob in 2, Ann
    wins alone."; L71-72 "if still equal, they share"."""
    hands = last_round(tiebreak_rounds_out=True)
    assert sum(h.entry.get("domino") == "Ann" for h in hands) == 3
    assert sum(h.entry.get("domino") == "Bob" for h in hands) == 2
    status = MEXICAN_TRAIN.status(FOUR, options(tiebreak_rounds_out=True), hands)
    assert status.winners == ("Ann",)
    assert "went out in the most rounds (Ann 3, Bob 2)" in english(status.explanation)
    even = [ScoredHand(h.number, {"domino": None}, h.result) for h in hands]
    assert MEXICAN_TRAIN.status(FOUR, options(tiebreak_rounds_out=True), even).winners == (
        "Ann",
        "Bob",
    )


def test_example_3_double_blank_in_the_0_0_round() -> None:
    """L107: "Adding `"double_blank": "Cy"` to this round → 422 "0-0 is this round's
    engine"."."""
    entry = {"pips": {"Ann": 10, "Bob": 15, "Cy": 2, "Dee": 1}, "domino": None}
    error = refused({**entry, "double_blank": "Cy"}, 13)
    assert str(error).startswith("0-0 is this round's engine")


def test_a_short_game_ends_after_its_rounds_and_one_winner() -> None:
    """L38-39: "for example, 7 rounds run 12-12 … 6-6"; L69 "The game ends after the last
    round. The lowest total wins"."""
    opts = options(rounds=7)
    assert MEXICAN_TRAIN.next_hand(FOUR, opts, 6).engine == "6-6"
    hands = played(*[({"Ann": 1, "Bob": 2, "Cy": 0, "Dee": 3}, "Cy")] * 7)
    assert not MEXICAN_TRAIN.status(FOUR, opts, hands[:6]).finished
    status = MEXICAN_TRAIN.status(FOUR, opts, hands)
    assert status.finished and status.winners == ("Cy",)
    assert english(status.explanation) == "Cy has the lowest total (0) after 7 rounds and wins"


def test_eight_players_one_round() -> None:
    """L31: "2 to 8 players"."""
    pips = {p: i for i, p in enumerate(EIGHT.players)}
    result = score({"pips": pips, "domino": "Ann"}, 1, EIGHT)
    assert result.scores == pips and len(english(result.explanation)) == 8
