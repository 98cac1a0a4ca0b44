"""Latin American / Caribbean partnership dominoes (contract: shared/SCORING_MORE.md,
"Partnership Dominoes (Latin American / Caribbean) — `latin-partnership`", lines 465-671).

Each test quotes the line of SCORING_MORE.md it checks (line numbers as of this commit).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.latin_partnership import LATIN_PARTNERSHIP, heaviest_hand
from tests.words import english

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
NAMED = Table(PLAYERS, ("Ann & Cy", "Bob & Dee"))
US_THEM = Table(PLAYERS, ("Us", "Them"))


def options(table: Table = NAMED, **given: object) -> dict[str, Any]:
    return LATIN_PARTNERSHIP.resolve_options(given, table)


def score(
    entry: dict[str, Any],
    table: Table = NAMED,
    earlier: list[ScoredHand] | None = None,
    **given: object,
) -> HandResult:
    hands = earlier or []
    totals = {side: sum(h.result.scores[side] for h in hands) for side in table.sides}
    return LATIN_PARTNERSHIP.score_in_game(
        entry, table, options(table, **given), totals, number=len(hands) + 1
    )


def refused(entry: dict[str, Any], table: Table = NAMED, **given: object) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(entry, table, **given)
    return caught.value


def before(table: Table, *totals: int, hands: int = 1) -> list[ScoredHand]:
    """Hands already played that leave the teams on these totals."""
    first = dict(zip(table.sides, totals, strict=True))
    zero = dict.fromkeys(table.sides, 0)
    rest = [ScoredHand(n, {}, HandResult(zero, ())) for n in range(2, hands + 1)]
    return [ScoredHand(1, {}, HandResult(first, ())), *rest]


ENTRY_1 = {
    "pips": {"Ann": 0, "Bob": 12, "Cy": 9, "Dee": 20},
    "domino": "Ann",
    "capicua": True,
    "pases_corridos": ["Bob"],
    "last_tile": "3-5",
    "ends_before": [5, 3],
}
TRANQUE = {"pips": {"Ann": 3, "Bob": 10, "Cy": 25, "Dee": 30}, "domino": None, "closer": "Cy"}


# --- declaration and options (L22, L467-474, L512-517) -------------------------------------


def test_declaration_and_defaults() -> None:
    """L22: "| `latin-partnership` | ... | 4 | always | `set` double-six, `count` all, `tranque`
    team, `capicua` 25, `pase_corrido` 25, `chuchazo` 0, `hand_bonuses` false, `target` 200 |";
    L474 "Highest total wins."."""
    assert REGISTRY["latin-partnership"] is LATIN_PARTNERSHIP
    assert LATIN_PARTNERSHIP.players == (4,)
    assert LATIN_PARTNERSHIP.partnerships == "always"
    assert not LATIN_PARTNERSHIP.lowest_wins
    assert options() == {
        "set": "double-six",
        "count": "all",
        "tranque": "team",
        "capicua": 25,
        "pase_corrido": 25,
        "chuchazo": 0,
        "hand_bonuses": False,
        "target": 200,
    }


def test_four_players_always_partners() -> None:
    """L471: "4 players, partnerships always: Us = seats 1 & 3, Them = seats 2 & 4"."""
    LATIN_PARTNERSHIP.check_table(NAMED)
    assert LATIN_PARTNERSHIP.partnerships_required(4)
    with pytest.raises(RuleError):
        LATIN_PARTNERSHIP.check_table(Table(PLAYERS))
    with pytest.raises(RuleError):
        LATIN_PARTNERSHIP.check_table(Table(PLAYERS[:3]))
    assert NAMED.teams == (("Ann", "Cy"), ("Bob", "Dee"))


def test_cuban_double_nine_defaults() -> None:
    """L514-515: "With `set: double-nine`, the defaults become the Cuban ones: `target` 100,
    `count` opponents, `capicua` 0, `pase_corrido` 0"; given values still win."""
    cuban = options(set="double-nine")
    assert (cuban["target"], cuban["count"], cuban["capicua"], cuban["pase_corrido"]) == (
        100,
        "opponents",
        0,
        0,
    )
    assert cuban["tranque"] == "team"
    assert options(set="double-nine", target=150, capicua=30)["target"] == 150
    assert options(set="double-nine", capicua=30)["capicua"] == 30


@pytest.mark.parametrize("target", [100, 150, 200, 250, 500])
def test_targets(target: int) -> None:
    """L512-513: "`target` (200): any whole number; usual values are 100, 150, 200, 250 and 500"."""
    assert options(target=target)["target"] == target
    with pytest.raises(RuleError):
        options(target=0)


# --- the domino (L478-482) and example 1 (L563-567) ---------------------------------------


def test_example_1_domino_with_capicua_and_a_pase_corrido() -> None:
    """L564-565: "Them: 25 (Bob's pase corrido). Us: 12 + 9 + 20 = 41, + 25 capicúa = 66.";
    L549-550: the explanation "Ann dominoed (capicúa): Bob 12 + Cy 9 + Dee 20 = 41, + 25 capicúa
    = 66 to Ann & Cy. Bob: pase corrido, 25 to Bob & Dee."."""
    result = score(ENTRY_1)
    assert result.scores == {"Ann & Cy": 66, "Bob & Dee": 25}
    assert english(result.explanation) == (
        "Bob: pase corrido, 25 to Bob & Dee.",
        "Ann dominoed (capicúa): Bob 12 + Cy 9 + Dee 20 = 41, + 25 capicúa = 66 to Ann & Cy.",
    )
    assert result.steps == ({"Ann & Cy": 0, "Bob & Dee": 25}, {"Ann & Cy": 66, "Bob & Dee": 0})


def test_example_1_count_opponents() -> None:
    """L566: "With `count: opponents`: Us 12 + 20 = 32, + 25 = 57; Them 25."; L482 "`opponents`:
    only the two opponents' hands"."""
    assert score(ENTRY_1, count="opponents").scores == {"Ann & Cy": 57, "Bob & Dee": 25}


def test_example_1_capicua_with_a_double_refused() -> None:
    """L567: "With `"last_tile": "4-4"` → 422 "a double cannot make capicúa""; L500 "A double
    never makes capicúa"."""
    error = refused({**ENTRY_1, "last_tile": "4-4", "ends_before": [4, 4]})
    assert str(error) == "a double cannot make capicúa"


def test_count_all_includes_partner() -> None:
    """L480-481: "`all` (default): the pips in the three other hands, partner's included"."""
    entry = {"pips": {"Ann": 0, "Bob": 1, "Cy": 50, "Dee": 2}, "domino": "Ann"}
    assert score(entry).scores == {"Ann & Cy": 53, "Bob & Dee": 0}


def test_per_team_pips() -> None:
    """L525: "`pips` per player, or per team (`"Us"`, `"Them"`)"; L557 `{"pips": {"Us": 21,
    "Them": 32}, "domino": "Ann"}`."""
    entry = {"pips": {"Us": 21, "Them": 32}, "domino": "Ann"}
    assert score(entry, US_THEM).scores == {"Us": 53, "Them": 0}
    assert score(entry, US_THEM, count="opponents").scores == {"Us": 32, "Them": 0}
    assert score({"pips": {"Us": 21, "Them": 32}, "domino": "Bob"}, US_THEM).scores == {
        "Us": 0,
        "Them": 53,
    }


def test_tiles_entry() -> None:
    """L558: `{"tiles": {"Ann": [], "Bob": ["6-6", "0-1"], "Cy": ["2-3"], "Dee": ["4-5", "0-0"]},
    "domino": "Ann"}`."""
    tiles = {"Ann": [], "Bob": ["6-6", "0-1"], "Cy": ["2-3"], "Dee": ["4-5", "0-0"]}
    result = score({"tiles": tiles, "domino": "Ann"})
    assert result.scores == {"Ann & Cy": 13 + 5 + 9, "Bob & Dee": 0}


# --- the tranque (L483-496) and example 2 (L568-579) --------------------------------------


@pytest.mark.parametrize(
    ("rule", "winner", "why"),
    [
        ("team", "Ann & Cy", "Ann & Cy 28, Bob & Dee 40"),
        ("individual", "Ann & Cy", "Ann holds the fewest pips (3)"),
        ("closer_right", "Bob & Dee", "Cy closed with 25 against Bob (on Cy's right) 10"),
        ("closer_left", "Ann & Cy", "Cy closed with 25 against Dee (on Cy's left) 30"),
    ],
)
def test_example_2_tranque_under_each_rule(rule: str, winner: str, why: str) -> None:
    """L568-578: "| `team` (default) | 28 < 40 | Us | ... | `individual` | Ann's 3 is the fewest |
    Us | ... | `closer_right` | Cy (seat 3) against seat 2, Bob: 25 > 10 | Them | ... |
    `closer_left` | Cy against seat 4, Dee: 25 < 30 | Us |"; L578 "The winners score 68 with
    `count: all`. With `count: opponents`, Us score 40 (or Them score 28)."."""
    result = score(TRANQUE, tranque=rule)
    loser = "Bob & Dee" if winner == "Ann & Cy" else "Ann & Cy"
    assert result.scores == {winner: 68, loser: 0}
    assert why in english(result.explanation)[0]
    opponents = score(TRANQUE, tranque=rule, count="opponents").scores[winner]
    assert opponents == (40 if winner == "Ann & Cy" else 28)


def test_example_2_per_team_pips_with_individual_refused() -> None:
    """L579: "Per-team pips with `individual` → 422"; L540-541 "("this tranque rule needs each
    player's pips")"."""
    entry = {"pips": {"Us": 28, "Them": 40}, "domino": None}
    error = refused(entry, US_THEM, tranque="individual")
    assert "this tranque rule needs each player's pips" in str(error)
    assert refused(entry, US_THEM, tranque="closer_left").field == "pips"
    assert score(entry, US_THEM).scores == {"Us": 68, "Them": 0}


def test_tranque_ties() -> None:
    """L484-485 "Equal totals: a tied hand, nobody scores"; L486-488 "If that fewest is shared by
    players of both teams, the hand is tied ...; if it is shared by two partners, their team
    wins"; L491 and L493 "equal goes to the closer's team"."""
    even = {"pips": {"Ann": 10, "Bob": 10, "Cy": 20, "Dee": 20}, "domino": None, "closer": "Cy"}
    assert score(even).scores == {"Ann & Cy": 0, "Bob & Dee": 0}
    assert "nobody scores" in english(score(even).explanation)[0]
    assert score(even, tranque="individual").scores == {"Ann & Cy": 0, "Bob & Dee": 0}
    partners = {"pips": {"Ann": 4, "Bob": 9, "Cy": 4, "Dee": 5}, "domino": None}
    assert score(partners, tranque="individual").scores == {"Ann & Cy": 22, "Bob & Dee": 0}
    level = {"pips": {"Ann": 1, "Bob": 20, "Cy": 20, "Dee": 5}, "domino": None, "closer": "Cy"}
    assert score(level, tranque="closer_right").scores["Ann & Cy"] == 46


def test_closer_needed_and_a_player() -> None:
    """L527 "`closer`: needed in a tranque with `closer_right` / `closer_left`"; L542 "`closer` is
    a player of the game"."""
    without = {k: v for k, v in TRANQUE.items() if k != "closer"}
    assert refused(without, tranque="closer_right").field == "closer"
    assert refused({**TRANQUE, "closer": "Zed"}, tranque="closer_left").field == "closer"
    assert refused({**TRANQUE, "closer": "Zed"}).field == "closer"
    assert refused({**ENTRY_1, "closer": 3}).field == "closer"


def test_no_capicua_in_a_tranque() -> None:
    """L500-501 "there is none in a tranque"; L543 "`capicua` and `chuchazo` need a `domino`"."""
    assert refused({**TRANQUE, "capicua": True}).field == "capicua"
    assert refused({**TRANQUE, "chuchazo": True}, chuchazo=50).field == "chuchazo"


# --- bonuses (L497-511) ---------------------------------------------------------------------


def test_bonuses_need_their_option() -> None:
    """L497 "Each is a number of points; 0 turns it off"; L543 "need their option on
    (non-zero)"; L548 "`pases_corridos` ... refused if the option is 0"."""
    assert refused(ENTRY_1, capicua=0).field == "capicua"
    assert refused(ENTRY_1, pase_corrido=0).field == "pases_corridos"
    out = {"pips": {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": "Ann"}
    assert refused({**out, "chuchazo": True}).field == "chuchazo"


def test_pases_corridos_repeat_and_are_players() -> None:
    """L504 "there is no limit per hand"; L529 "a name may repeat"; L548 "`pases_corridos` names
    are players of the game"."""
    out = {"pips": {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": "Ann"}
    result = score({**out, "pases_corridos": ["Cy", "Bob", "Cy"]}, pase_corrido=30)
    assert result.scores == {"Ann & Cy": 6 + 60, "Bob & Dee": 30}
    assert refused({**out, "pases_corridos": ["Zed"]}).field == "pases_corridos"


def test_ends_before_must_fit_the_last_tile_for_capicua() -> None:
    """L547: "With `ends_before`: for capicúa, each end must be one of the last tile's numbers";
    L499-500 "each open end before the last play showed one of the tile's numbers"."""
    error = refused({**ENTRY_1, "ends_before": [5, 2]})
    assert error.field == "capicua" and "3-5" in str(error)
    assert score({**ENTRY_1, "ends_before": [5, 5]}).scores["Ann & Cy"] == 66


def test_last_tile_checks() -> None:
    """L544-546: "`chuchazo` with a tile other than 0-0 is refused; `last_tile` must not be in any
    hand"."""
    tiles = {"Ann": [], "Bob": ["6-6", "0-1"], "Cy": ["2-3"], "Dee": ["4-5"]}
    out = {"tiles": tiles, "domino": "Ann"}
    assert refused({**out, "last_tile": "2-3"}).field == "last_tile"
    error = refused({**out, "chuchazo": True, "last_tile": "1-1"}, chuchazo=100)
    assert error.field == "chuchazo"
    assert score({**out, "chuchazo": True, "last_tile": "0-0"}, chuchazo=100).scores == {
        "Ann & Cy": 27 + 100,
        "Bob & Dee": 0,
    }


def test_hand_bonuses_for_hands_one_to_four() -> None:
    """L508-511: "the winners of hands 1, 2, 3 and 4 of the game score +100, +75, +50 and +25;
    from hand 5 on, nothing. A tied hand's bonus is lost, and the bonus goes to the hand's winner
    whether by domino or by tranque"."""
    out = {"pips": {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": "Ann"}
    for number, bonus in ((1, 100), (2, 75), (3, 50), (4, 25), (5, 0)):
        earlier = before(NAMED, 0, 0, hands=number - 1) if number > 1 else []
        result = score(out, earlier=earlier, hand_bonuses=True, target=500)
        assert result.scores["Ann & Cy"] == 6 + bonus
    assert score(TRANQUE, hand_bonuses=True, target=500).scores["Ann & Cy"] == 68 + 100
    tie = {"pips": {"Ann": 10, "Bob": 10, "Cy": 20, "Dee": 20}, "domino": None}
    assert score(tie, hand_bonuses=True, target=500).scores == {"Ann & Cy": 0, "Bob & Dee": 0}


# --- the end (L518-523) and examples 3-4 (L580-591) -----------------------------------------


def test_example_3_both_teams_pass_200_in_one_hand() -> None:
    """L580-584: "Us are on 190, Them on 185 ... Dee's pase corrido comes first: Them 185 + 25 =
    210 ≥ 200, and Them win. Ann's domino ... is not scored. The hand records Them 25, Us 0, with
    the explanation."."""
    entry = {"pips": {"Ann": 0, "Bob": 5, "Cy": 4, "Dee": 6}, "domino": "Ann"}
    entry["pases_corridos"] = ["Dee"]
    earlier = before(US_THEM, 190, 185)
    result = score(entry, US_THEM, earlier)
    assert result.scores == {"Us": 0, "Them": 25}
    assert english(result.explanation) == (
        "Dee: pase corrido, 25 to Them.",
        "Them reached 200 with 210 and won: the rest of the hand is not scored.",
    )
    hands = [*earlier, ScoredHand(2, entry, result)]
    status = LATIN_PARTNERSHIP.status(US_THEM, options(US_THEM), hands)
    assert status.finished and status.winners == ("Them",)


def test_the_game_ends_when_a_team_reaches_the_target() -> None:
    """L518: "The game ends the moment a team reaches the target"; SCORING.md "reaches the
    target" meaning total >= target."""
    out = {"pips": {"Ann": 0, "Bob": 5, "Cy": 4, "Dee": 6}, "domino": "Ann"}
    earlier = before(US_THEM, 185, 0)
    result = score(out, US_THEM, earlier)
    assert result.scores == {"Us": 15, "Them": 0}
    hands = [*earlier, ScoredHand(2, out, result)]
    status = LATIN_PARTNERSHIP.status(US_THEM, options(US_THEM), hands)
    assert status.finished and status.winners == ("Us",)
    assert not LATIN_PARTNERSHIP.status(US_THEM, options(US_THEM), earlier).finished


def test_example_4_cuban() -> None:
    """L586-588: "Cuban, `set: double-nine` with its defaults: Bob dominoes, pips Ann 31, Cy 24,
    Dee 17 → Them +31 + 24 = 55 (Dee's 17 not counted). A tranque with Ann 20, Bob 15, Cy 18,
    Dee 30: Us 38 < Them 45, so Us win and score 45."."""
    out = {"pips": {"Ann": 31, "Bob": 0, "Cy": 24, "Dee": 17}, "domino": "Bob"}
    assert score(out, US_THEM, set="double-nine").scores == {"Us": 0, "Them": 55}
    stuck = {"pips": {"Ann": 20, "Bob": 15, "Cy": 18, "Dee": 30}, "domino": None}
    assert score(stuck, US_THEM, set="double-nine").scores == {"Us": 45, "Them": 0}


def test_example_4_puerto_rican_500() -> None:
    """L589-591: "Puerto Rican 500 (`target` 500, `hand_bonuses` true, `capicua` 100, `chuchazo`
    100): in hand 1 Bob dominoes with the 0-0; pips Ann 14, Cy 22, Dee 9. Them score 14 + 22 +
    9 = 45, + 100 chuchazo + 100 for hand 1 = 245."."""
    entry = {
        "pips": {"Ann": 14, "Bob": 0, "Cy": 22, "Dee": 9},
        "domino": "Bob",
        "chuchazo": True,
        "last_tile": "0-0",
    }
    given = {"target": 500, "hand_bonuses": True, "capicua": 100, "chuchazo": 100}
    result = score(entry, US_THEM, **given)
    assert result.scores == {"Us": 0, "Them": 245}
    assert english(result.explanation)[-1] == (
        "Bob dominoed: Ann 14 + Cy 22 + Dee 9 = 45, + 100 chuchazo, + 100 for hand 1 = 245 to Them."
    )


# --- checks (L531-548) ------------------------------------------------------------------------


def test_all_four_players_or_both_teams() -> None:
    """L532: "All four players are present (or both teams, for per-team pips)"."""
    assert "Dee" in str(refused({"pips": {"Ann": 0, "Bob": 1, "Cy": 2}, "domino": "Ann"}))
    assert "Them" in str(refused({"pips": {"Us": 3}, "domino": "Ann"}, US_THEM))
    assert refused({"domino": "Ann"}).field == "pips"


def test_pip_ceilings() -> None:
    """L533-535: "Pips are whole numbers from 0 to the heaviest possible hand: 69 for double-six
    (7 tiles) and 152 for double-nine (10 tiles). A team's pips are at most twice that, and all
    hands together at most the set total (168 / 495)."."""
    assert (heaviest_hand("double-six"), heaviest_hand("double-nine")) == (69, 152)
    ok = {"pips": {"Ann": 0, "Bob": 69, "Cy": 69, "Dee": 30}, "domino": "Ann"}
    assert score(ok).scores["Ann & Cy"] == 168
    assert refused({"pips": {"Ann": 0, "Bob": 70, "Cy": 1, "Dee": 1}, "domino": "Ann"})
    assert refused({"pips": {"Ann": 0, "Bob": 69, "Cy": 69, "Dee": 31}, "domino": "Ann"})
    assert score({"pips": {"Us": 138, "Them": 30}, "domino": "Ann"}, US_THEM)
    assert refused({"pips": {"Us": 139, "Them": 0}, "domino": "Ann"}, US_THEM)
    nine = {"pips": {"Ann": 0, "Bob": 152, "Cy": 0, "Dee": 0}, "domino": "Ann"}
    assert score(nine, set="double-nine").scores["Bob & Dee"] == 0
    for bad in (-1, 1.5, "3", None, True, 10**5000):
        error = refused({"pips": {"Ann": 0, "Bob": bad, "Cy": 1, "Dee": 1}, "domino": "Ann"})
        assert "Bob" in str(error) and error.field == "pips"


def test_tile_checks() -> None:
    """L536-537: "Tiles: every tile is in the set, none appears twice, and a hand holds at most 7
    (or 10) tiles."."""
    base = {"Ann": [], "Bob": ["1-1"], "Cy": ["2-2"], "Dee": ["3-3"]}
    assert "not in the double-six set" in str(
        refused({"tiles": {**base, "Dee": ["7-7"]}, "domino": "Ann"})
    )
    assert "claimed 2 times" in str(refused({"tiles": {**base, "Dee": ["1-1"]}, "domino": "Ann"}))
    eight = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2", "1-3"]
    error = refused({"tiles": {**base, "Dee": eight}, "domino": "Ann"})
    assert str(error) == "Dee holds 8 tiles, but a hand has at most 7"
    assert score({"tiles": {**base, "Dee": eight}, "domino": "Ann"}, set="double-nine")


def test_domino_player_and_tranque_hands() -> None:
    """L538-539: "The `domino` player has 0 pips and no tiles. In a tranque every hand holds a
    tile (with tiles; with pips, a 0 is accepted, since the hand may be the 0-0 alone)."."""
    assert str(refused({"pips": {"Ann": 4, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": "Ann"})) == (
        "Ann dominoed but has 4 pips"
    )
    tiles = {"Ann": ["1-1"], "Bob": ["2-2"], "Cy": [], "Dee": ["3-3"]}
    assert refused({"tiles": tiles, "domino": "Ann"}).field == "tiles"
    assert "Cy has no tiles" in str(refused({"tiles": tiles, "domino": None}))
    zero = {"pips": {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": None}
    assert score(zero).scores == {"Ann & Cy": 6, "Bob & Dee": 0}


def test_unknown_fields_and_shapes_refused() -> None:
    """SCORING.md: "A flag or entry field that the game's options do not allow ... is an input
    error"."""
    out = {"pips": {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 3}, "domino": "Ann"}
    assert refused({**out, "bid": 30}).field == "bid"
    assert refused({**out, "capicua": "yes"}).field == "capicua"
    assert refused({**out, "pases_corridos": "Bob"}).field == "pases_corridos"
    assert refused({**out, "ends_before": [1, 2]}).field == "ends_before"
    assert refused({**out, "last_tile": "3-5", "ends_before": [3]}).field == "ends_before"
