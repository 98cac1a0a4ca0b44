"""What every game's entry form shares: reading numbers and names from a posted form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper.errors import RuleError
from scorekeeper.games import Game
from scorekeeper.numbers import read_whole_number, too_long
from scorekeeper.words import Message, say

FormData = MultiDict[str, str]
Entry = dict[str, Any]


@dataclass(frozen=True)
class EntryForm:
    """How one family of games is entered on a page.

    `read` turns the posted form into the same entry the JSON API takes; `fill` turns a
    stored entry back into form values, to correct a hand; `template` draws the fields.
    """

    template: str
    read: Callable[[Game, FormData], Entry]
    fill: Callable[[Game, Mapping[str, Any]], dict[str, str | list[str]]]
    fields: tuple[str, ...] = ()  # entry fields whose errors the template shows next to them
    scripts: tuple[str, ...] = ()  # files in static/ the entry needs on the scorer's page
    # Its family's stylesheets in static/, after style.css: other pages never load them.
    styles: tuple[str, ...] = ()


def form_number(form: FormData, name: str, what: Message, field: str) -> int | None:
    """A whole number typed or tapped into `name`; blank is None."""
    raw = (form.get(name) or "").strip().replace("−", "-")
    if not raw:
        return None
    number = read_whole_number(raw, signed=True)
    if number is not None:
        return number
    if too_long(raw):
        raise RuleError(
            say(
                "%(what)s is far too large: %(digits)s digits",
                what=what,
                digits=str(len(raw.lstrip("-"))),  # a count, not an amount: bare (5000)
            ),
            field,
        )
    raise RuleError(
        say("%(what)s must be a whole number, not “%(typed)s”", what=what, typed=raw[:20]), field
    )


def seat_values(game: Game, form: FormData, prefix: str) -> dict[str, str]:
    """The values posted as `<prefix>-<n>` for each side n (0-based), keyed by side name."""
    return {
        side: (form.get(f"{prefix}-{i}") or "").strip() for i, side in enumerate(game.table.sides)
    }


def side_numbers_or_rest(
    game: Game, form: FormData, prefix: str, what: Message, total: int | None = None
) -> dict[str, int | None]:
    """A number per side; with `total`, one side left blank gets what the others leave of it."""
    values = {
        side: form_number(
            form, f"{prefix}-{i}", say("%(what)s for %(side)s", what=what, side=side), prefix
        )
        for i, side in enumerate(game.table.sides)
    }
    blank = [side for side, value in values.items() if value is None]
    if total is not None and len(blank) == 1:
        values[blank[0]] = total - sum(v for v in values.values() if v is not None)
    return values


def player_named(game: Game, form: FormData, name: str) -> str | None:
    """The player chosen in `name` (posted as the player's name), or None when blank."""
    value = (form.get(name) or "").strip()
    return value or None


def tile_list(text: str) -> list[str]:
    """Tiles typed or tapped as "3-4 6-6" (spaces or commas between them)."""
    return [part for part in text.replace(",", " ").split() if part]


def spoken_list(names: list[str]) -> Message | str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy': names as a sentence says them."""
    if len(names) == 1:
        return names[0]
    return say("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])
