"""The explicit registry of page entry forms, by ruleset id."""

from __future__ import annotations

from scorekeeper.errors import RuleError
from scorekeeper.web.entry_forms import (
    black_tile,
    block,
    custom,
    eighty,
    fives_and_threes,
    latin_partnership,
    mexican_train,
    moon,
    muggins,
    texas_42,
)
from scorekeeper.web.entry_forms.base import EntryForm
from scorekeeper.words import say

ENTRY_FORMS: dict[str, EntryForm] = {
    "block": block.FORM,
    "draw": block.FORM,
    "black-tile-11": black_tile.FORM,
    "black-tile-21": black_tile.FORM,
    "eighty": eighty.FORM,
    "moon": moon.FORM,
    "muggins": muggins.FORM,
    "texas-42": texas_42.FORM,
    "fives-and-threes": fives_and_threes.FORM,
    "mexican-train": mexican_train.FORM,
    "latin-partnership": latin_partnership.FORM,
    "custom": custom.FORM,
}


def entry_form(ruleset_id: str) -> EntryForm:
    """The page form for this game."""
    if ruleset_id not in ENTRY_FORMS:
        raise RuleError(
            say("%(game)s cannot be scored on a page yet; use the JSON API", game=ruleset_id)
        )
    return ENTRY_FORMS[ruleset_id]
