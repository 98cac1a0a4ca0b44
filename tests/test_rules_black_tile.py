"""Black Tile (11 and 21 point): the seed black-tile.txt as settled by SCORING.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import HandResult, RuleError, ScoredHand, Table
from scorekeeper.rules.black_tile import (
    BLACK_TILE_11,
    BLACK_TILE_21,
    RULESETS,
    BlackTileRuleset,
    passing_direction,
)
from tests.words import english

THREE = Table(("Ann", "Bob", "Cy"))
FOUR = Table(("Ann", "Bob", "Cy", "Dee"))

# The point tiles, written out from the seed rather than taken from the module.
ELEVEN_POINTS = {
    "0-0": 4,
    "3-0": 1,
    "3-1": 1,
    "3-2": 1,
    "3-3": 1,
    "3-4": 1,
    "3-5": 1,
    "3-6": 1,
}
TWENTY_ONE_POINTS = {
    "0-0": 11,
    "0-5": 1,
    "1-4": 1,
    "2-3": 1,
    "0-6": 1,
    "1-5": 1,
    "2-4": 1,
    "3-3": 1,
    "1-6": 1,
    "2-5": 1,
    "3-4": 1,
}
ALL_TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def canonical(tile: str) -> str:
    a, b = sorted(int(n) for n in tile.split("-"))
    return f"{a}-{b}"


def point_table(ruleset: BlackTileRuleset) -> dict[str, int]:
    raw = ELEVEN_POINTS if ruleset is BLACK_TILE_11 else TWENTY_ONE_POINTS
    return {canonical(tile): points for tile, points in raw.items()}


def score(
    ruleset: BlackTileRuleset,
    entry: Mapping[str, Any],
    table: Table = THREE,
    **options: object,
) -> HandResult:
    return ruleset.score_hand(entry, table, ruleset.resolve_options(options, table))


def refusal(
    ruleset: BlackTileRuleset,
    entry: Mapping[str, Any],
    table: Table = THREE,
    **options: object,
) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(ruleset, entry, table, **options)
    return caught.value


def hands_of(table: Table, *scores: Mapping[str, int]) -> list[ScoredHand]:
    return [
        ScoredHand(n, {"points": dict(s)}, HandResult(dict(s), ()))
        for n, s in enumerate(scores, start=1)
    ]


# --- the declaration ----------------------------------------------------------------


def test_declarations() -> None:
    """SCORING.md Black Tile: "3 or 4 players, each for themself. Lowest total wins."; ids and
    names from API.md."""
    assert RULESETS == (BLACK_TILE_11, BLACK_TILE_21)
    assert (BLACK_TILE_11.id, BLACK_TILE_11.name) == ("black-tile-11", "11 Point Black Tile")
    assert (BLACK_TILE_21.id, BLACK_TILE_21.name) == ("black-tile-21", "21 Point Black Tile")
    for ruleset in RULESETS:
        assert ruleset.players == (3, 4)
        assert ruleset.partnerships == "never"
        assert ruleset.lowest_wins is True
        assert ruleset.seed == "black-tile.txt"


def test_two_or_five_players_and_partnerships_are_refused() -> None:
    """Seed: "3 or 4 players use a standard 6-6 set"; SCORING.md: each for themself."""
    with pytest.raises(RuleError, match="3 or 4 players, not 2"):
        BLACK_TILE_11.check_table(Table(("Ann", "Bob")))
    with pytest.raises(RuleError, match="no partnerships"):
        BLACK_TILE_21.check_table(Table(FOUR.players, ("Us", "Them")))
    BLACK_TILE_11.check_table(THREE)
    BLACK_TILE_11.check_table(FOUR)


# --- options ------------------------------------------------------------------------


def test_default_options_11_point() -> None:
    """SCORING.md: option hands "default: 2 × players for 11-point"; widow_to_first_trick
    (false)."""
    assert BLACK_TILE_11.resolve_options({}, THREE) == {
        "widow_to_first_trick": False,
        "hands": 6,
        "target": None,
    }
    assert BLACK_TILE_11.resolve_options({}, FOUR)["hands"] == 8


def test_default_options_21_point() -> None:
    """SCORING.md: "210 is the default for 21-point"; seed: "Winning score for a game is 210"."""
    assert BLACK_TILE_21.resolve_options({}, FOUR) == {
        "widow_to_first_trick": False,
        "hands": None,
        "target": 210,
    }


def test_target_switches_off_the_default_hands() -> None:
    """SCORING.md: end by option hands or option target (61 is the seed's 11-point variant)."""
    options = BLACK_TILE_11.resolve_options({"target": 61}, THREE)
    assert options["target"] == 61
    assert options["hands"] is None


def test_hands_switch_off_the_default_target() -> None:
    """SCORING.md: option hands — a fixed number of hands (here for 21-point instead of 210)."""
    options = BLACK_TILE_21.resolve_options({"hands": 8}, FOUR)
    assert options["hands"] == 8
    assert options["target"] is None


def test_one_end_given_with_the_other_switched_off_explicitly() -> None:
    """SCORING.md: hands or target; naming the other as null is the same choice."""
    options = BLACK_TILE_11.resolve_options({"hands": 9, "target": None}, THREE)
    assert (options["hands"], options["target"]) == (9, None)
    options = BLACK_TILE_21.resolve_options({"hands": None}, THREE)
    assert (options["hands"], options["target"]) == (None, 210)


def test_resolving_resolved_options_changes_nothing() -> None:
    """SCORING.md: "the game page shows the options in force" — stored options resolve again."""
    for ruleset in RULESETS:
        for chosen in ({}, {"target": 61}, {"hands": 12}, {"widow_to_first_trick": True}):
            once = ruleset.resolve_options(chosen, THREE)
            assert ruleset.resolve_options(once, THREE) == once


def test_both_ends_refused() -> None:
    """SCORING.md: option hands *or* option target — one end is in force."""
    with pytest.raises(RuleError, match="not both") as caught:
        BLACK_TILE_11.resolve_options({"hands": 6, "target": 61}, THREE)
    assert caught.value.field == "options.target"


@pytest.mark.parametrize(
    ("ruleset", "given"),
    [
        (BLACK_TILE_11, {"hands": None}),
        (BLACK_TILE_21, {"target": None}),
        (BLACK_TILE_11, {"hands": None, "target": None}),
    ],
)
def test_no_end_refused(ruleset: BlackTileRuleset, given: dict[str, object]) -> None:
    """SCORING.md: the game ends after a number of hands or at a target; neither is refused."""
    with pytest.raises(RuleError, match="needs an end") as caught:
        ruleset.resolve_options(given, THREE)
    assert caught.value.field == "options.hands"


@pytest.mark.parametrize(("table", "hands"), [(THREE, 7), (THREE, 8), (FOUR, 6), (FOUR, 10)])
def test_hands_not_a_multiple_of_players_refused(table: Table, hands: int) -> None:
    """SCORING.md: hands "must be a multiple of the number of players"; seed: "Play a number of
    hands evenly divisible by the number of players"."""
    with pytest.raises(RuleError, match=f"multiple of the number of players.*{hands} is not"):
        BLACK_TILE_11.resolve_options({"hands": hands}, table)


def test_hands_multiple_of_players_accepted() -> None:
    """Seed: "for four players ... either four, eight, or twelve hands comprise a game"."""
    for hands in (4, 8, 12):
        assert BLACK_TILE_11.resolve_options({"hands": hands}, FOUR)["hands"] == hands
    assert BLACK_TILE_11.resolve_options({"hands": 3}, THREE)["hands"] == 3


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"hands": 0}, "at least 1"),
        ({"target": 0}, "at least 1"),
        ({"hands": "six"}, "whole number"),
        ({"widow_to_first_trick": "yes"}, "true or false"),
        ({"jokers": True}, "jokers is not an option"),
    ],
)
def test_bad_option_values_refused(given: dict[str, object], message: str) -> None:
    """SCORING.md: options are per-game settings; a value they do not accept is refused."""
    with pytest.raises(RuleError, match=message):
        BLACK_TILE_11.resolve_options(given, THREE)


# --- scoring captured tiles -----------------------------------------------------------


def test_captured_tiles_score_11_point() -> None:
    """Seed: "Each of the seven tiles of the 3's suit score 1 point ... The 0-0 scores 4";
    the API.md example entry."""
    result = score(
        BLACK_TILE_11,
        {
            "captured": {
                "Ann": ["3-6", "3-3"],
                "Bob": ["0-0", "3-1"],
                "Cy": ["3-0", "3-2", "3-4", "3-5"],
            }
        },
    )
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 4}
    assert english(result.explanation) == (
        "Ann: 2 tiles of the 3-suit = 2",
        "Bob: 0-0 = 4, plus 1 tile of the 3-suit = 1, total 5",
        "Cy: 4 tiles of the 3-suit = 4",
    )


def test_captured_tiles_score_21_point() -> None:
    """Seed (21 Point): one point for each of 0-5, 1-4, 2-3, 0-6, 1-5, 2-4, 3-3, 1-6, 2-5, 3-4;
    "The double blank, or 0-0 tile, scores 11 points"."""
    result = score(
        BLACK_TILE_21,
        {
            "captured": {
                "Ann": ["0-5", "1-4", "2-3"],
                "Bob": ["0-6", "1-5", "2-4", "3-3", "1-6", "2-5", "3-4"],
                "Cy": ["0-0"],
                "Dee": [],
            }
        },
        FOUR,
    )
    assert result.scores == {"Ann": 3, "Bob": 7, "Cy": 11, "Dee": 0}
    assert "Cy: 0-0 = 11" in english(result.explanation)
    assert "Ann: 3 tiles of 5, 6 or 7 pips = 3" in english(result.explanation)
    assert "Dee: no point tiles = 0" in english(result.explanation)


def test_3_suit_tiles_are_not_points_in_21_point() -> None:
    """Seed (21 Point): "the penalty tiles are scored differently" — 3-6 (9 pips) scores 0."""
    captured = {"Ann": ["3-6", "3-5", "0-0"], "Bob": list(TWENTY_ONE_POINTS)[1:], "Cy": []}
    result = score(BLACK_TILE_21, {"captured": captured})
    assert result.scores == {"Ann": 11, "Bob": 10, "Cy": 0}


def test_non_point_tiles_are_ignored() -> None:
    """API.md: "Non-point tiles in captured are allowed and ignored"."""
    result = score(
        BLACK_TILE_11,
        {
            "captured": {
                "Ann": ["6-6", "5-4", "3-6", "3-3"],
                "Bob": ["0-0", "3-1", "1-1"],
                "Cy": ["3-0", "3-2", "3-4", "3-5", "2-2"],
            }
        },
    )
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 4}


def test_tiles_either_way_round_and_names_loosely() -> None:
    """SCORING.md: "Tiles are written a-b; b-a is the same tile"; names ignore case."""
    result = score(
        BLACK_TILE_11,
        {
            "captured": {
                "ann": ["6-3", "3-3"],
                " BOB ": ["0-0", "1-3"],
                "Cy": ["0-3", "2-3", "4-3", "5-3"],
            }
        },
    )
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 4}


def test_a_player_left_out_of_captured_took_nothing() -> None:
    """API.md: "scores of a hand has every side, 0 included"."""
    result = score(
        BLACK_TILE_11,
        {"captured": {"Ann": ["3-6", "3-3", "0-0"], "Bob": ["3-1", "3-0", "3-2", "3-4", "3-5"]}},
    )
    assert result.scores == {"Ann": 6, "Bob": 5, "Cy": 0}
    assert "Cy: no point tiles = 0" in english(result.explanation)


# --- the widow ----------------------------------------------------------------------


def test_unused_widow_point_tile_is_out_of_play() -> None:
    """SCORING.md: "By default the widow is not used, so its points are out of play";
    API.md: "widow": "3-5" (3 players): the unused leftover tile."""
    result = score(
        BLACK_TILE_11,
        {
            "captured": {"Ann": ["3-6", "3-3"], "Bob": ["0-0", "3-1"], "Cy": ["3-0", "3-2", "3-4"]},
            "widow": "3-5",
        },
    )
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 3}
    assert english(result.explanation)[0] == (
        "Widow 3-5 left unused: its 1 point out of play; 10 points in play"
    )


def test_unused_widow_without_points() -> None:
    """SCORING.md: the entry may name the widow; a widow without points changes nothing."""
    captured = {"Ann": ["3-6", "3-3"], "Bob": ["0-0", "3-1"], "Cy": ["3-0", "3-2", "3-4", "3-5"]}
    result = score(BLACK_TILE_11, {"captured": captured, "widow": "6-6"})
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 4}
    assert english(result.explanation)[0] == "Widow 6-6 left unused (no points); 11 points in play"


def test_widow_to_first_trick_is_part_of_captured_tiles() -> None:
    """SCORING.md: option widow_to_first_trick — "the widow is simply part of that player's
    captured tiles"; seed: "the winner of the first trick also wins the face-down tile"."""
    all_28 = {"Ann": ALL_TILES[:10], "Bob": ALL_TILES[10:19], "Cy": ALL_TILES[19:]}
    result = score(BLACK_TILE_11, {"captured": all_28}, widow_to_first_trick=True)
    expected = {
        player: sum(point_table(BLACK_TILE_11).get(canonical(t), 0) for t in tiles)
        for player, tiles in all_28.items()
    }
    assert result.scores == expected
    assert sum(result.scores.values()) == 11


def test_widow_to_first_trick_refuses_an_unused_widow() -> None:
    """SCORING.md: with widow_to_first_trick the winner of the first trick takes the widow, so
    no tile is left unused."""
    error = refusal(
        BLACK_TILE_11,
        {"captured": {"Ann": list(ELEVEN_POINTS)[:-1]}, "widow": "3-6"},
        widow_to_first_trick=True,
    )
    assert "goes to the winner of the first trick" in str(error)
    assert error.field == "widow"


def test_widow_to_first_trick_point_tile_must_be_captured() -> None:
    """SCORING.md: "every point tile is captured by exactly one player" — with the widow taken
    by the first trick's winner, a missing point tile cannot be the widow."""
    error = refusal(
        BLACK_TILE_11,
        {"captured": {"Ann": list(ELEVEN_POINTS)[:-1]}},
        widow_to_first_trick=True,
    )
    assert str(error) == "3-6 is not accounted for: give it to the player who captured it"


def test_widow_with_four_players_refused() -> None:
    """SCORING.md: "With 3 players one tile is left over (the widow)" — 4 players have none."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS)}, "widow": "6-6"}, FOUR)
    assert str(error) == "there is no widow with 4 players: all 28 tiles are dealt"
    assert error.field == "widow"


def test_widow_also_captured_refused() -> None:
    """SCORING.md: each point tile is captured by exactly one player *or* named as the widow."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS)}, "widow": "5-3"})
    assert str(error) == "3-5 is named as the unused widow, but Ann captured it"
    assert error.field == "captured"


def test_widow_not_a_domino_refused() -> None:
    """SCORING.md: "A tile outside the game's set ... is an input error"."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS)}, "widow": "7-1"})
    assert str(error) == "1-7 is not in the double-six set"
    assert error.field == "widow"


def test_27_tiles_at_most_with_an_unused_widow() -> None:
    """Seed: "3 players each draw 9 tiles (one tile is left face-down and is not used)" — so
    28 captured tiles cannot happen (SCORING.md: a count that cannot happen is refused)."""
    all_28 = {"Ann": ALL_TILES[:10], "Bob": ALL_TILES[10:19], "Cy": ALL_TILES[19:]}
    error = refusal(BLACK_TILE_11, {"captured": all_28})
    assert "28 tiles are listed as captured" in str(error)
    assert "only 27 are played" in str(error)
    assert error.field == "captured"


# --- refusals of captured tiles -----------------------------------------------------


def test_unaccounted_point_tile_refused() -> None:
    """SCORING.md: "a point tile that is neither is refused ("3-6 is not accounted for")"."""
    error = refusal(
        BLACK_TILE_11,
        {"captured": {"Ann": ["3-3"], "Bob": ["0-0", "3-1"], "Cy": ["3-0", "3-2", "3-4", "3-5"]}},
    )
    assert str(error) == "3-6 is not accounted for: give it to a player or name it as the widow"
    assert error.field == "captured"


def test_unaccounted_point_tile_with_four_players() -> None:
    """SCORING.md: 3-6 not accounted for — with 4 players there is no widow to name."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS)[:-1]}}, FOUR)
    assert str(error) == "3-6 is not accounted for: give it to the player who captured it"


def test_several_unaccounted_point_tiles_named() -> None:
    """SCORING.md: "a clear error naming what is wrong" — every missing tile is named."""
    error = refusal(BLACK_TILE_21, {"captured": {"Ann": ["0-5", "1-4"]}})
    for tile in ("0-0", "2-3", "0-6", "1-5", "2-4", "3-3", "1-6", "2-5", "3-4"):
        assert tile in str(error)
    assert "are not accounted for" in str(error)


def test_unaccounted_tile_even_with_a_widow_named() -> None:
    """SCORING.md: every point tile is captured or *is* the named widow; another is refused."""
    error = refusal(
        BLACK_TILE_11,
        {"captured": {"Ann": ["0-0", "3-0", "3-1", "3-2", "3-3", "3-4"]}, "widow": "3-5"},
    )
    assert str(error) == "3-6 is not accounted for: give it to the player who captured it"


def test_tile_claimed_twice_refused() -> None:
    """SCORING.md: "one tile claimed twice" is an input error."""
    error = refusal(
        BLACK_TILE_11,
        {"captured": {"Ann": list(ELEVEN_POINTS), "Bob": ["3-6"]}},
    )
    assert str(error) == "3-6 is claimed 2 times, but the double-six set holds it once"
    assert error.field == "captured"


def test_tile_outside_the_set_refused() -> None:
    """SCORING.md: "A tile outside the game's set (see each game) is an input error"; Black
    Tile uses double-six."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": [*ELEVEN_POINTS, "3-7"]}})
    assert str(error) == "3-7 is not in the double-six set"
    assert error.field == "captured"


def test_not_a_tile_refused() -> None:
    """SCORING.md: "Tiles are written a-b"; anything else is a clear error."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": [*ELEVEN_POINTS, "double blank"]}})
    assert "is not a domino" in str(error)


def test_unknown_player_refused() -> None:
    """SCORING.md: "a player who is not in the game" is an input error."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS), "Dee": []}})
    assert str(error) == "Dee is not playing in this game (it has Ann, Bob, Cy)"
    assert error.field == "captured"


def test_player_given_twice_refused() -> None:
    """SCORING.md: names are matched ignoring case, so "ann" and "Ann" are one player."""
    error = refusal(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS), "ann": []}})
    assert str(error) == "Ann is given twice in captured"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"captured": ["3-6"]}, "captured must give the tiles each player took"),
        ({"captured": {"Ann": "3-6"}}, "must be a list"),
        ({}, "give the point tiles each player captured"),
        ({"captured": {}, "points": {}}, "not both"),
        ({"captured": {}, "trumps": 3}, "trumps is not part of a hand here"),
    ],
)
def test_malformed_entries_refused(entry: dict[str, Any], message: str) -> None:
    """SCORING.md Black Tile "Entry: the point tiles each player captured, or each player's
    points"; API.md entry shape."""
    error = refusal(BLACK_TILE_11, entry)
    assert message in str(error)


# --- points as numbers --------------------------------------------------------------


def test_points_as_numbers() -> None:
    """SCORING.md: "Entry: ... or each player's points"; API.md example
    {"points": {"Ann": 2, "Bob": 5, "Cy": 4}}."""
    result = score(BLACK_TILE_11, {"points": {"Ann": 2, "Bob": 5, "Cy": 4}})
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 4}
    assert english(result.explanation) == ("Ann: 2 points", "Bob: 5 points", "Cy: 4 points")


def test_points_must_add_up() -> None:
    """SCORING.md: "Points entered as numbers must add up to the points in play"."""
    error = refusal(BLACK_TILE_11, {"points": {"Ann": 3, "Bob": 5, "Cy": 4, "Dee": 1}}, FOUR)
    assert str(error) == "the points add up to 13, but 11 points are in play"
    assert error.field == "points"


def test_points_short_with_three_players_hint_at_the_widow() -> None:
    """SCORING.md: "(with 3 players, name the widow when it is a point tile)"."""
    error = refusal(BLACK_TILE_11, {"points": {"Ann": 2, "Bob": 5, "Cy": 3}})
    assert str(error).startswith("the points add up to 10, but 11 points are in play")
    assert "name it as the widow" in str(error)


def test_points_with_a_point_tile_widow() -> None:
    """SCORING.md: with the widow a point tile its points are out of play, so the numbers add
    up to the rest."""
    result = score(BLACK_TILE_11, {"points": {"Ann": 2, "Bob": 5, "Cy": 3}, "widow": "3-5"})
    assert result.scores == {"Ann": 2, "Bob": 5, "Cy": 3}
    assert "10 points in play" in english(result.explanation)[0]
    error = refusal(BLACK_TILE_11, {"points": {"Ann": 2, "Bob": 5, "Cy": 4}, "widow": "3-5"})
    assert str(error) == "the points add up to 11, but 10 points are in play"


def test_points_with_the_double_blank_as_widow_21_point() -> None:
    """SCORING.md: the widow's points (0-0 = 11 in 21-point) are out of play: 10 left."""
    result = score(BLACK_TILE_21, {"points": {"Ann": 4, "Bob": 3, "Cy": 3}, "widow": "0-0"})
    assert result.scores == {"Ann": 4, "Bob": 3, "Cy": 3}


def test_points_nobody_could_hold_the_double_blank() -> None:
    """Seed: "The 0-0 scores 4 points against the player who wins it"; SCORING.md: "a count
    ... that cannot happen" is an input error — 3+3+3+2 leaves nobody with the 0-0."""
    error = refusal(BLACK_TILE_11, {"points": {"Ann": 3, "Bob": 3, "Cy": 3, "Dee": 2}}, FOUR)
    assert "0-0" in str(error)
    assert "nobody has 4 points or more" in str(error)
    error = refusal(BLACK_TILE_21, {"points": {"Ann": 7, "Bob": 7, "Cy": 7}})
    assert "nobody has 11 points or more" in str(error)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ({"Ann": -1, "Bob": 8, "Cy": 4}, "the points for Ann cannot be less than 0"),
        ({"Ann": 12, "Bob": 0, "Cy": 0}, "the points for Ann cannot be more than 11"),
        ({"Ann": "2", "Bob": 5, "Cy": 4}, "the points for Ann must be a whole number"),
        ({"Ann": 2.0, "Bob": 5, "Cy": 4}, "the points for Ann must be a whole number"),
        ({"Ann": True, "Bob": 6, "Cy": 4}, "the points for Ann must be a whole number"),
        ({"Ann": 2, "Bob": 9}, "points has nothing for Cy"),
        ({"Ann": 2, "Bob": 5, "ann": 4}, "Ann is given twice in points"),
        ({"Ann": 2, "Bob": 5, "Cy": 2, "Dee": 2}, "Dee is not playing in this game"),
    ],
)
def test_bad_points_refused(points: dict[str, object], message: str) -> None:
    """SCORING.md: points outside what can happen, and players not in the game, are refused."""
    error = refusal(BLACK_TILE_11, {"points": points})
    assert message in str(error)
    assert error.field == "points"


def test_points_not_a_map_refused() -> None:
    """API.md: {"points": {"Ann": 2, "Bob": 5, "Cy": 4}} — a number for each player."""
    error = refusal(BLACK_TILE_11, {"points": [2, 5, 4]})
    assert str(error) == "points must give a number for each of Ann, Bob, Cy"


def test_points_with_widow_and_four_players_refused() -> None:
    """SCORING.md: the widow exists with 3 players only."""
    error = refusal(
        BLACK_TILE_11, {"points": {"Ann": 11, "Bob": 0, "Cy": 0, "Dee": 0}, "widow": "3-5"}, FOUR
    )
    assert "no widow with 4 players" in str(error)


# --- shooting the moon ----------------------------------------------------------------


def test_moon_11_point() -> None:
    """Seed: "If a player wins all the point tiles ... he scores 0 points, whilst his opponents
    each score 22 points"; SCORING.md explanation "Ann shot the moon: 0, everyone else 22"."""
    result = score(BLACK_TILE_11, {"captured": {"Ann": list(ELEVEN_POINTS), "Bob": ["6-6"]}})
    assert result.scores == {"Ann": 0, "Bob": 22, "Cy": 22}
    assert english(result.explanation)[-1] == "Ann shot the moon: 0, everyone else 22"


def test_moon_21_point_four_players() -> None:
    """Seed (21 Point): "he scores 0 points while each opponent scores 42 points"."""
    result = score(BLACK_TILE_21, {"captured": {"Dee": list(TWENTY_ONE_POINTS)}}, FOUR)
    assert result.scores == {"Ann": 42, "Bob": 42, "Cy": 42, "Dee": 0}
    assert english(result.explanation)[-1] == "Dee shot the moon: 0, everyone else 42"


def test_moon_from_points() -> None:
    """SCORING.md: "one player holding all of them is a moon" (points entered as numbers)."""
    result = score(BLACK_TILE_11, {"points": {"Ann": 0, "Bob": 11, "Cy": 0}})
    assert result.scores == {"Ann": 22, "Bob": 0, "Cy": 22}
    assert "Bob shot the moon: 0, everyone else 22" in english(result.explanation)


def test_moon_with_a_point_tile_widow() -> None:
    """SCORING.md: "Shooting the moon: one player captured every point tile *in play*"."""
    tiles = [t for t in ELEVEN_POINTS if t != "3-5"]
    result = score(BLACK_TILE_11, {"captured": {"Cy": tiles}, "widow": "3-5"})
    assert result.scores == {"Ann": 22, "Bob": 22, "Cy": 0}
    result = score(BLACK_TILE_11, {"points": {"Ann": 10, "Bob": 0, "Cy": 0}, "widow": "3-5"})
    assert result.scores == {"Ann": 0, "Bob": 22, "Cy": 22}


def test_failed_moon_scores_as_usual() -> None:
    """Seed: "If a player attempts to shoot the moon and fails, scoring is as per usual"."""
    tiles = list(ELEVEN_POINTS)
    result = score(BLACK_TILE_11, {"captured": {"Ann": tiles[:-1], "Bob": tiles[-1:]}})
    assert result.scores == {"Ann": 10, "Bob": 1, "Cy": 0}
    assert not any("moon" in line for line in english(result.explanation))


# --- the end of the game ----------------------------------------------------------------


def test_game_of_fixed_hands_ends_after_the_last() -> None:
    """SCORING.md: option hands — a fixed number of hands; "Lowest total wins"."""
    options = BLACK_TILE_11.resolve_options({"hands": 3}, THREE)
    hands = hands_of(
        THREE,
        {"Ann": 2, "Bob": 5, "Cy": 4},
        {"Ann": 6, "Bob": 1, "Cy": 4},
        {"Ann": 0, "Bob": 1, "Cy": 10},
    )
    status = BLACK_TILE_11.status(THREE, options, hands[:2])
    assert not status.finished
    assert status.winners == ()
    assert english(status.explanation) == "2 of 3 hands played"
    status = BLACK_TILE_11.status(THREE, options, hands)
    assert status.finished
    assert status.winners == ("Bob",)
    assert english(status.explanation) == "Bob has the lowest total (7) after 3 hands and wins"


def test_equal_lowest_share_the_win() -> None:
    """SCORING.md: "equal lowest totals share the win"."""
    options = BLACK_TILE_11.resolve_options({"hands": 3}, THREE)
    hands = hands_of(
        THREE,
        {"Ann": 2, "Bob": 5, "Cy": 4},
        {"Ann": 6, "Bob": 1, "Cy": 4},
        {"Ann": 0, "Bob": 2, "Cy": 5},
    )
    status = BLACK_TILE_11.status(THREE, options, hands)
    assert status.finished
    assert status.winners == ("Ann", "Bob")
    assert (
        english(status.explanation)
        == "Ann and Bob share the win with the lowest total (8) after 3 hands"
    )


def test_default_game_is_two_rounds_of_deals() -> None:
    """SCORING.md: hands default 2 × players for 11-point: 8 hands with 4 players."""
    options = BLACK_TILE_11.resolve_options({}, FOUR)
    seven = hands_of(FOUR, *[{"Ann": 2, "Bob": 3, "Cy": 4, "Dee": 2}] * 7)
    assert not BLACK_TILE_11.status(FOUR, options, seven).finished
    eight = hands_of(FOUR, *[{"Ann": 2, "Bob": 3, "Cy": 4, "Dee": 2}] * 8)
    status = BLACK_TILE_11.status(FOUR, options, eight)
    assert status.finished
    assert status.winners == ("Ann", "Dee")


def test_target_ends_the_game_after_the_hand_that_reaches_it() -> None:
    """SCORING.md: option target — "the game ends after the hand in which anybody reaches it"
    ("Reaches the target" means total >= target); seed: "the player with the least
    accumulated points wins"."""
    options = BLACK_TILE_11.resolve_options({"target": 61}, THREE)
    hands = hands_of(
        THREE,
        {"Ann": 0, "Bob": 22, "Cy": 22},
        {"Ann": 22, "Bob": 0, "Cy": 22},
        {"Ann": 5, "Bob": 1, "Cy": 5},
        {"Ann": 3, "Bob": 8, "Cy": 12},
    )
    status = BLACK_TILE_11.status(THREE, options, hands[:3])
    assert not status.finished
    assert english(status.explanation) == "nobody has reached 61 yet"
    status = BLACK_TILE_11.status(THREE, options, hands)
    assert status.finished
    assert status.winners == ("Ann",)
    assert english(status.explanation) == (
        "Ann has the lowest total (30) after Cy reached 61 in hand 4 and wins"
    )


def test_target_reached_by_several() -> None:
    """SCORING.md: the game ends when anybody reaches the target; lowest total still wins."""
    options = BLACK_TILE_21.resolve_options({}, THREE)
    hands = hands_of(THREE, {"Ann": 200, "Bob": 205, "Cy": 10}, {"Ann": 10, "Bob": 5, "Cy": 6})
    status = BLACK_TILE_21.status(THREE, options, hands)
    assert status.finished
    assert status.winners == ("Cy",)
    assert "Ann and Bob each reached 210 in hand 2" in english(status.explanation)


def test_no_hands_yet_is_not_finished() -> None:
    """SCORING.md: the game ends after hands are played, never before the first."""
    for ruleset in RULESETS:
        options = ruleset.resolve_options({}, FOUR)
        assert not ruleset.status(FOUR, options, []).finished


# --- dealing and passing --------------------------------------------------------------


def test_passing_four_players() -> None:
    """SCORING.md: "Passing ... 4 players: right, left, across, hold, repeat"."""
    assert [passing_direction(n, 4) for n in range(1, 10)] == [
        "right",
        "left",
        "across",
        "hold",
        "right",
        "left",
        "across",
        "hold",
        "right",
    ]


def test_passing_three_players() -> None:
    """SCORING.md: "3 players: right, left, hold, repeat"; seed: "If three play, hold dominoes
    and do not pass in the third deal"."""
    assert [passing_direction(n, 3) for n in range(1, 8)] == [
        "right",
        "left",
        "hold",
        "right",
        "left",
        "hold",
        "right",
    ]


@pytest.mark.parametrize(("hand", "players"), [(0, 4), (-1, 3), (1, 2), (1, 5)])
def test_passing_direction_rejects_impossible_arguments(hand: int, players: int) -> None:
    """Seed: 3 or 4 players; SCORING.md: "Hands are numbered from 1"."""
    with pytest.raises(ValueError):
        passing_direction(hand, players)


def test_next_hand_dealer_and_pass() -> None:
    """SCORING.md: "Seat 1 deals/shuffles the first hand; the deal passes clockwise"; seed:
    "Rotate the dealership (and lead player) clockwise every hand"; passing shown before each
    hand."""
    options = BLACK_TILE_11.resolve_options({}, FOUR)
    upcoming = [BLACK_TILE_11.next_hand(FOUR, options, played) for played in range(5)]
    assert [(h.number, h.dealer, h.passing) for h in upcoming] == [
        (1, "Ann", "right"),
        (2, "Bob", "left"),
        (3, "Cy", "across"),
        (4, "Dee", "hold"),
        (5, "Ann", "right"),
    ]
    options = BLACK_TILE_21.resolve_options({}, THREE)
    upcoming = [BLACK_TILE_21.next_hand(THREE, options, played) for played in range(4)]
    assert [(h.number, h.dealer, h.passing) for h in upcoming] == [
        (1, "Ann", "right"),
        (2, "Bob", "left"),
        (3, "Cy", "hold"),
        (4, "Ann", "right"),
    ]


# --- the sample entry ------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("table", [THREE, FOUR])
@pytest.mark.parametrize("widow_to_first_trick", [False, True])
def test_sample_entry_is_legal(
    ruleset: BlackTileRuleset, table: Table, widow_to_first_trick: bool
) -> None:
    """Ruleset.sample_entry: "A legal entry for this table"; it hands out every point."""
    entry = ruleset.sample_entry(table)
    result = score(ruleset, entry, table, widow_to_first_trick=widow_to_first_trick)
    total = 11 if ruleset is BLACK_TILE_11 else 21
    assert set(result.scores) == set(table.players)
    assert sum(result.scores.values()) == total


# --- properties over generated legal hands ----------------------------------------------


@st.composite
def legal_captured_hands(
    draw: st.DrawFn,
) -> tuple[BlackTileRuleset, Table, bool, dict[str, Any], dict[str, int], int]:
    """A legal captured-tiles entry with the points each player should get and the points in
    play, computed from the seed's tables (not the module's)."""
    ruleset = draw(st.sampled_from(RULESETS))
    table = draw(st.sampled_from([THREE, FOUR]))
    to_first_trick = draw(st.booleans()) if table is THREE else False
    points = point_table(ruleset)
    tiles = draw(st.permutations(ALL_TILES))
    widow: str | None = None
    if table is THREE and not to_first_trick:
        widow = tiles[0]
        tiles = tiles[1:]
    # Most hands share the tiles round; some give one player everything (a moon).
    if draw(st.booleans()):
        owners = [draw(st.sampled_from(table.players)) for _ in tiles]
    else:
        owners = [draw(st.sampled_from(table.players))] * len(tiles)
    captured: dict[str, list[str]] = {player: [] for player in table.players}
    for tile, owner in zip(tiles, owners, strict=True):
        # Non-point tiles may be listed or left out; point tiles must be listed.
        if tile in points or draw(st.booleans()):
            flipped = draw(st.booleans())
            a, b = tile.split("-")
            captured[owner].append(f"{b}-{a}" if flipped else tile)
    entry: dict[str, Any] = {"captured": captured}
    in_play = sum(points.values())
    if widow is not None:
        if widow in points or draw(st.booleans()):
            entry["widow"] = widow  # a point-tile widow must be named
        in_play -= points.get(widow, 0)
    expected = {
        player: sum(points.get(canonical(t), 0) for t in ts) for player, ts in captured.items()
    }
    return ruleset, table, to_first_trick, entry, expected, in_play


@given(legal_captured_hands())
def test_property_a_hand_hands_out_the_points_in_play_or_a_moon(
    case: tuple[BlackTileRuleset, Table, bool, dict[str, Any], dict[str, int], int],
) -> None:
    """SCORING.md: every point tile in play is counted against the player who captured it;
    "Shooting the moon: ... That player scores 0; every other player scores 22 (11-point) or
    42 (21-point)"."""
    ruleset, table, to_first_trick, entry, expected, in_play = case
    result = score(ruleset, entry, table, widow_to_first_trick=to_first_trick)
    assert set(result.scores) == set(table.players)
    shooters = [player for player, points in expected.items() if points == in_play]
    if shooters:
        moon = 22 if ruleset is BLACK_TILE_11 else 42
        (shooter,) = shooters
        assert result.scores == {p: 0 if p == shooter else moon for p in table.players}
        assert sum(result.scores.values()) == moon * (len(table.players) - 1)
        assert (
            english(result.explanation)[-1] == f"{shooter} shot the moon: 0, everyone else {moon}"
        )
    else:
        assert result.scores == expected
        assert sum(result.scores.values()) == in_play
        assert len(english(result.explanation)) >= len(table.players)


@given(legal_captured_hands())
def test_property_points_as_numbers_score_like_the_tiles(
    case: tuple[BlackTileRuleset, Table, bool, dict[str, Any], dict[str, int], int],
) -> None:
    """SCORING.md: "Entry: the point tiles each player captured, or each player's points" —
    the same hand entered either way scores the same."""
    ruleset, table, to_first_trick, entry, expected, _ = case
    by_tiles = score(ruleset, entry, table, widow_to_first_trick=to_first_trick)
    as_points: dict[str, Any] = {"points": expected}
    if "widow" in entry:
        as_points["widow"] = entry["widow"]
    by_points = score(ruleset, as_points, table, widow_to_first_trick=to_first_trick)
    assert by_points.scores == by_tiles.scores


@given(legal_captured_hands(), st.data())
def test_property_a_missing_point_tile_is_refused(
    case: tuple[BlackTileRuleset, Table, bool, dict[str, Any], dict[str, int], int],
    data: st.DataObject,
) -> None:
    """SCORING.md: "a point tile that is neither [captured nor the widow] is refused"."""
    ruleset, table, to_first_trick, entry, _, _ = case
    points = point_table(ruleset)
    holders = [
        (player, i)
        for player, tiles in entry["captured"].items()
        for i, tile in enumerate(tiles)
        if canonical(tile) in points
    ]
    player, index = data.draw(st.sampled_from(holders))
    captured = {p: list(ts) for p, ts in entry["captured"].items()}
    removed = canonical(captured[player].pop(index))
    broken = {**entry, "captured": captured}
    with pytest.raises(RuleError, match=f"{removed} is not accounted for"):
        score(ruleset, broken, table, widow_to_first_trick=to_first_trick)


@given(
    st.sampled_from(RULESETS),
    st.sampled_from([THREE, FOUR]),
    st.lists(st.lists(st.integers(0, 42), min_size=4, max_size=4), max_size=20),
    st.integers(1, 4),
)
def test_property_fixed_hands_lowest_total_wins(
    ruleset: BlackTileRuleset, table: Table, rows: list[list[int]], rounds: int
) -> None:
    """SCORING.md: the game of a fixed number of hands ends after them; "Lowest total wins;
    equal lowest totals share the win"."""
    limit = rounds * len(table.players)
    options = ruleset.resolve_options({"hands": limit}, table)
    hands = hands_of(table, *[dict(zip(table.players, row, strict=False)) for row in rows])
    status = ruleset.status(table, options, hands)
    assert status.finished == (len(hands) >= limit)
    if status.finished:
        totals = {p: sum(h.result.scores[p] for h in hands[:limit]) for p in table.players}
        lowest = min(totals.values())
        assert status.winners == tuple(p for p in table.players if totals[p] == lowest)
        assert str(lowest) in english(status.explanation)
    else:
        assert status.winners == ()
