"""Black Tile on a page: who took each point tile (a tap a tile), the moon in a tap, or points.

The form names players by seat ("0", "1", …) so that no player's name can be mistaken for
the widow; read() turns seats back into names, as the API takes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.names import as_typed
from scorekeeper.numbers import as_whole_number
from scorekeeper.rules.base import and_list
from scorekeeper.rules.black_tile import BlackTileRuleset, Variant
from scorekeeper.tiles import Tile, parse_tile
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    side_numbers_or_rest,
)
from scorekeeper.words import say

WIDOW = "widow"  # the value of a tile's "widow" choice; seats are numbers, so never a seat

Owners = dict[Tile, str | None]  # a point tile and who took it; None: left over as the widow


def read(game: Game, form: FormData) -> Entry:
    """tile-<a-b> (a seat or "widow"), moon (a seat), or points-<n> with the widow's tile."""
    variant = variant_of(game)
    owners = tile_owners(game, variant, form)
    moon = seat_player(game, form.get("moon"), "moon")
    typed = any((form.get(f"points-{i}") or "").strip() for i in range(len(game.table.players)))
    if not owners and moon is None and not typed:
        raise RuleError(
            say(
                "tap who took each point tile, tap who shot the moon, or enter each player's points"
            ),
            "captured",
        )
    entry: Entry = {}
    if owners or moon is not None:
        entry.update(captured_entry(game, variant, owners, moon))
    if typed:  # with tiles too, the ruleset refuses the entry and says why
        entry.update(points_entry(game, variant, form))
    return entry


def variant_of(game: Game) -> Variant:
    """The point tiles and the moon's price of this Black Tile game."""
    if not isinstance(game.ruleset, BlackTileRuleset):
        raise TypeError(f"{game.ruleset.id} is not a Black Tile game")
    return game.ruleset.variant


def seat_player(game: Game, raw: str | None, field: str) -> str | None:
    """The player in the seat posted as `raw` ("0" is seat 1), or None when blank."""
    value = (raw or "").strip()
    if not value:
        return None
    players = game.table.players
    seat = as_whole_number(value)
    if isinstance(seat, int) and seat < len(players):
        return players[seat]
    raise RuleError(say("“%(typed)s” is not a seat at this table", typed=as_typed(value)), field)


def tile_owners(game: Game, variant: Variant, form: FormData) -> Owners:
    """The point tiles tapped so far: who took each, or the widow."""
    owners: Owners = {}
    for tile, _ in variant.point_tiles:
        raw = (form.get(f"tile-{tile}") or "").strip()
        if raw == WIDOW:
            owners[tile] = None
        elif raw:
            owners[tile] = seat_player(game, raw, "captured")
    return owners


def captured_entry(game: Game, variant: Variant, owners: Owners, moon: str | None) -> Entry:
    """The tiles each player took; a moon gives every point tile to its shooter."""
    if moon is not None:
        for tile, owner in owners.items():
            if owner != moon:
                raise RuleError(
                    say(
                        "%(player)s shot the moon, so %(player)s took every point tile, but "
                        "%(tile)s is marked as the widow: tap it again, or tap No under the moon",
                        player=moon,
                        tile=str(tile),
                    )
                    if owner is None
                    else say(
                        "%(player)s shot the moon, so %(player)s took every point tile, but "
                        "%(tile)s is given to %(owner)s: tap it again, or tap No under the moon",
                        player=moon,
                        tile=str(tile),
                        owner=owner,
                    ),
                    "moon",
                )
        owners = {tile: moon for tile, _ in variant.point_tiles}
    widows = [tile for tile, owner in owners.items() if owner is None]
    if len(widows) > 1:
        raise RuleError(
            say(
                "only one tile is left over as the widow, but %(tiles)s are all marked as the widow",
                tiles=and_list([str(tile) for tile in widows]),
            ),
            "captured",
        )
    captured = {
        player: [str(tile) for tile, owner in owners.items() if owner == player]
        for player in game.table.players
    }
    entry: Entry = {"captured": captured}
    if widows:
        entry["widow"] = str(widows[0])
    return entry


def points_entry(game: Game, variant: Variant, form: FormData) -> Entry:
    """Each player's points; one box left blank gets what the others leave of the points."""
    entry: Entry = {}
    widow = (form.get("widow") or "").strip()
    in_play = variant.total
    if widow:
        entry["widow"] = widow
        in_play -= variant.value(parse_tile(widow, "widow"))
    points = side_numbers_or_rest(game, form, "points", say("the points"), total=in_play)
    blank = [side for side, value in points.items() if value is None]
    if blank:  # a blank is not 0: only one box may be left for the page to fill in
        raise RuleError(
            say(
                "type the points of %(sides)s: only one box may be left blank "
                "(it gets what the others leave)",
                sides=and_list(blank),
            ),
            "points",
        )
    entry["points"] = {side: value or 0 for side, value in points.items()}
    return entry


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored entry again, for a correction."""
    variant = variant_of(game)
    seat = {player: str(i) for i, player in enumerate(game.table.players)}
    values: dict[str, str | list[str]] = {}
    raw_widow = entry.get("widow")
    widow = parse_tile(raw_widow) if raw_widow else None
    if widow is not None and not variant.value(widow):
        widow = None  # a widow without points changes no score: the form need not show it
    if "captured" in entry:
        for name, tiles in entry["captured"].items():
            for tile in map(parse_tile, tiles):
                if variant.value(tile):
                    values[f"tile-{tile}"] = seat[game.table.player(name)]
        if widow is not None:
            values[f"tile-{widow}"] = WIDOW
        return values
    for name, points in entry.get("points", {}).items():
        values[f"points-{seat[game.table.player(name)]}"] = str(points)
    if widow is not None:
        values["widow"] = str(widow)
    return values


FORM = EntryForm(
    "entry/black_tile.html",
    read,
    fill,
    ("captured", "points", "widow", "moon"),
    ("black_tile.js",),
    ("black_tile.css",),
)
