"""Domino faces for the templates: where the pips go on each half of a tile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from scorekeeper.rules.mexican_train import SETS as TRAIN_SETS
from scorekeeper.tiles import SETS, Tile, parse_tile

_CORNERS = ((10, 10), (30, 30))
_OTHER_CORNERS = ((30, 10), (10, 30))
_CENTRE = ((20, 20),)
_SIDES = ((10, 20), (30, 20))
_MIDDLES = ((20, 10), (20, 30))
_FOUR_ROWS = tuple((x, y) for x in (9, 31) for y in (7, 16, 24, 33))

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: _CENTRE,
    2: _CORNERS,
    3: _CORNERS + _CENTRE,
    4: _CORNERS + _OTHER_CORNERS,
    5: _CORNERS + _OTHER_CORNERS + _CENTRE,
    6: _CORNERS + _OTHER_CORNERS + _SIDES,
    7: _CORNERS + _OTHER_CORNERS + _SIDES + _CENTRE,
    8: _CORNERS + _OTHER_CORNERS + _SIDES + _MIDDLES,
    9: _CORNERS + _OTHER_CORNERS + _SIDES + _MIDDLES + _CENTRE,
    # Double-twelve halves (Mexican Train): two columns of four, and a middle column.
    10: (*_FOUR_ROWS, (20, 12), (20, 28)),
    11: (*_FOUR_ROWS, (20, 12), (20, 20), (20, 28)),
    12: (*_FOUR_ROWS, (20, 7), (20, 16), (20, 24), (20, 33)),
}


def half_pips(number: int, offset: int = 0) -> list[tuple[int, int]]:
    """Pip centres for one half of a tile (a 40×40 square), moved right by `offset`."""
    return [(x + offset, y) for x, y in PIPS[number]]


def highest_pips(options: Mapping[str, Any]) -> int:
    """The most pips a half shows in this game's set (double-six unless it names another)."""
    chosen = options.get("set", "double-six")
    tileset = SETS.get(chosen) or TRAIN_SETS.get(chosen)
    return tileset.highest_end if tileset else max(PIPS)


def tile_of(text: str | Tile) -> Tile:
    return text if isinstance(text, Tile) else parse_tile(text)


def init_app(app: Flask) -> None:
    app.add_template_global(half_pips)
    app.add_template_global(highest_pips)
    app.add_template_global(tile_of)
