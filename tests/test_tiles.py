"""Tiles and sets (contract: SCORING.md "Common to every game", the set of each game)."""

from __future__ import annotations

import pytest

from scorekeeper.errors import RuleError
from scorekeeper.tiles import (
    DOUBLE_NINE,
    DOUBLE_SIX,
    EIGHTY_SET,
    MOON_SET,
    SETS,
    Tile,
    parse_tile,
    pip_count,
)

# --- one tile ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["3-4", "4-3", " 3-4 ", "4 - 3", "3–4"])
def test_parse_is_order_free(text: str) -> None:
    """SCORING.md Common: "Tiles are written `a-b`; `b-a` is the same tile"."""
    tile = parse_tile(text)
    assert tile == Tile(3, 4)
    assert str(tile) == "3-4"


def test_tile_of_either_order_is_the_same_tile() -> None:
    """SCORING.md Common: "`b-a` is the same tile"."""
    assert Tile.of(6, 2) == Tile.of(2, 6) == Tile(2, 6)
    assert hash(Tile.of(6, 2)) == hash(Tile.of(2, 6))
    assert len({Tile.of(1, 5), Tile.of(5, 1)}) == 1


def test_tile_pips_and_doubles() -> None:
    """block-draw-muggins.txt: "a 4-3 (totals 7)"; doubles have the same number on both ends."""
    assert parse_tile("4-3").pips == 7
    assert parse_tile("6-6").is_double
    assert not parse_tile("5-6").is_double
    assert parse_tile("0-0").pips == 0
    assert pip_count([Tile(3, 4), Tile(6, 6), Tile(0, 1)]) == 20
    assert pip_count([]) == 0


@pytest.mark.parametrize(
    "text", ["34", "3-4-5", "a-b", "", "3-", "-3", "-1-2", "3.5-1", "three-four"]
)
def test_text_that_is_not_a_tile_is_refused_clearly(text: str) -> None:
    """SCORING.md Common: invalid input "gives a clear error naming what is wrong"."""
    with pytest.raises(RuleError) as caught:
        parse_tile(text, "tiles")
    assert str(caught.value) == f"“{text}” is not a domino: write a tile as two numbers like 3-4"
    assert caught.value.field == "tiles"


@pytest.mark.parametrize("value", [34, None, ["3", "4"], (3, 4)])
def test_a_value_that_is_not_text_is_refused_clearly(value: object) -> None:
    """SCORING.md Common: invalid input "gives a clear error naming what is wrong"."""
    with pytest.raises(RuleError, match="is not a domino: write a tile as two numbers like 3-4"):
        parse_tile(value)


@pytest.mark.parametrize("text", ["²-3", "3-½"])
def test_unusual_digit_characters_are_refused_clearly(text: str) -> None:
    """SCORING.md Common: invalid input "gives a clear error naming what is wrong" (never a crash)."""
    with pytest.raises(RuleError, match="is not a domino"):
        parse_tile(text)


# --- the sets ------------------------------------------------------------------------------


def test_double_six_set() -> None:
    """SCORING.md Block and Draw: "Set: double-six"; Black Tile: "double-six (28 tiles)"."""
    assert len(DOUBLE_SIX.tiles) == 28
    assert DOUBLE_SIX.total_pips == 168
    assert DOUBLE_SIX.highest_end == 6
    assert set(DOUBLE_SIX.copies.values()) == {1}
    assert all(Tile.of(a, b) in DOUBLE_SIX for a in range(7) for b in range(7))
    assert Tile(6, 7) not in DOUBLE_SIX
    assert DOUBLE_SIX.name == "double-six"


def test_double_nine_set() -> None:
    """block-draw-muggins.txt: "The Bookshelf Games Domino set comes with 55 tiles ... up to 9 on each end"."""
    assert len(DOUBLE_NINE.tiles) == 55
    assert DOUBLE_NINE.total_pips == 495
    assert DOUBLE_NINE.highest_end == 9
    assert set(DOUBLE_NINE.copies.values()) == {1}
    assert Tile(9, 9) in DOUBLE_NINE
    assert Tile(9, 10) not in DOUBLE_NINE


def test_sets_offered_by_the_set_option() -> None:
    """SCORING.md Common: **option** `set`: `double-six` (default) or `double-nine`."""
    assert SETS == {"double-six": DOUBLE_SIX, "double-nine": DOUBLE_NINE}


def test_eighty_set_two_copies_of_each_non_blank_tile() -> None:
    """SCORING.md Eighty: "Two double-six sets without any blank tile: 42 tiles, two copies of each"."""
    assert len(EIGHTY_SET.tiles) == 42
    assert len(EIGHTY_SET.copies) == 21
    assert set(EIGHTY_SET.copies.values()) == {2}
    assert all(tile.low > 0 for tile in EIGHTY_SET.tiles)
    assert Tile(0, 0) not in EIGHTY_SET
    assert Tile(0, 5) not in EIGHTY_SET
    assert EIGHTY_SET.copies[Tile(5, 5)] == 2
    assert EIGHTY_SET.copies[Tile(4, 6)] == 2


def test_moon_set_keeps_only_the_double_blank() -> None:
    """SCORING.md Moon: "3 players: double-six without the blank tiles except 0-0 (22 tiles)"."""
    assert len(MOON_SET.tiles) == 22
    assert Tile(0, 0) in MOON_SET
    assert [tile for tile in MOON_SET.tiles if tile.low == 0] == [Tile(0, 0)]
    assert set(MOON_SET.copies.values()) == {1}
    assert all(tile in MOON_SET for tile in DOUBLE_SIX.tiles if tile.low > 0)


# --- parsing into a set and checking claims ------------------------------------------------


def test_a_tile_outside_the_set_is_refused() -> None:
    """SCORING.md Common: "A tile outside the game's set (see each game) is an input error"."""
    assert DOUBLE_SIX.parse("6-5") == Tile(5, 6)
    with pytest.raises(RuleError) as caught:
        DOUBLE_SIX.parse("7-7", "tiles")
    assert str(caught.value) == "7-7 is not in the double-six set"
    assert caught.value.field == "tiles"
    with pytest.raises(RuleError, match="0-3 is not in the Moon"):
        MOON_SET.parse("3-0")
    with pytest.raises(RuleError, match="0-0 is not in the Eighty"):
        EIGHTY_SET.parse("0-0")
    assert DOUBLE_NINE.parse("7-7") == Tile(7, 7)


def test_check_claims_refuses_a_tile_claimed_twice() -> None:
    """SCORING.md Common: "so is one tile claimed twice"."""
    DOUBLE_SIX.check_claims([Tile(3, 4), Tile(5, 5)])
    with pytest.raises(RuleError) as caught:
        DOUBLE_SIX.check_claims([Tile(3, 4), Tile.of(4, 3)], "tiles")
    assert str(caught.value) == "3-4 is claimed 2 times, but the double-six set holds it once"
    assert caught.value.field == "tiles"


def test_check_claims_allows_two_copies_in_the_eighty_set_but_not_three() -> None:
    """SCORING.md Common: "(Eighty's two sets allow two copies of each tile)"."""
    EIGHTY_SET.check_claims([Tile(5, 5), Tile(5, 5), Tile(4, 6), Tile.of(6, 4)])
    with pytest.raises(RuleError) as caught:
        EIGHTY_SET.check_claims([Tile(5, 5)] * 3, "count_tiles")
    assert str(caught.value) == (
        "5-5 is claimed 3 times, but the Eighty (two double-six sets without blanks) set "
        "holds it 2 times"
    )
    assert caught.value.field == "count_tiles"


def test_parse_hands_checks_claims_across_owners() -> None:
    """SCORING.md Common: a tile "claimed twice" is an input error, whoever claims it."""
    hands = DOUBLE_SIX.parse_hands({"Ann": ["6-6", "1-0"], "Bob": []}, "tiles")
    assert hands == {"Ann": (Tile(6, 6), Tile(0, 1)), "Bob": ()}
    with pytest.raises(RuleError, match="3-4 is claimed 2 times") as caught:
        DOUBLE_SIX.parse_hands({"Ann": ["3-4"], "Bob": ["4-3"]}, "tiles")
    assert caught.value.field == "tiles"
    both = EIGHTY_SET.parse_hands({"Us": ["5-5"], "Them": ["5-5"]}, "count_tiles")
    assert both == {"Us": (Tile(5, 5),), "Them": (Tile(5, 5),)}
    with pytest.raises(RuleError, match="claimed 3 times"):
        EIGHTY_SET.parse_hands({"Us": ["5-5", "5-5"], "Them": ["5-5"]}, "count_tiles")


def test_parse_hands_refuses_a_hand_that_is_not_a_list() -> None:
    """SCORING.md Common: invalid input "gives a clear error naming what is wrong"."""
    with pytest.raises(RuleError) as caught:
        DOUBLE_SIX.parse_hands({"Ann": "3-4"}, "tiles")
    assert str(caught.value) == 'the tiles for Ann must be a list like ["3-4", "6-6"]'
    assert caught.value.field == "tiles"
