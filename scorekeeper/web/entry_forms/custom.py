"""A custom game on a page: the points every side scored in the hand, typed.

Every side needs a number: a blank box is not 0, so a forgotten side is refused, not
scored nothing. A minus sign is offered only where the club allows negative points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.web.entry_forms.base import (
    Entry,
    EntryForm,
    FormData,
    form_number,
    spoken_list,
)
from scorekeeper.words import say


def read(game: Game, form: FormData) -> Entry:
    """points-<n> for every side n."""
    points = {
        side: form_number(form, f"points-{i}", say("%(side)s's points", side=side), "points")
        for i, side in enumerate(game.table.sides)
    }
    missing = [side for side, value in points.items() if value is None]
    if missing:
        raise RuleError(
            say("type %(sides)s's points (0 if none)", sides=spoken_list(missing)), "points"
        )
    return {"points": {side: value or 0 for side, value in points.items()}}


def fill(game: Game, entry: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """Form values that show a stored hand again, for a correction."""
    given = entry.get("points", {})
    return {f"points-{i}": str(given.get(side, "")) for i, side in enumerate(game.table.sides)}


FORM = EntryForm("entry/custom.html", read, fill, ("points",), ("signs.js",), ("newer_games.css",))
