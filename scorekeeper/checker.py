"""The muggins-call checker: tap the open ends, learn the count and whether a call stands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.rules.base import check_entry_keys, flag, whole_number
from scorekeeper.rules.muggins import check_call
from scorekeeper.tiles import SETS


def check(body: Mapping[str, Any]) -> dict[str, Any]:
    """Count the ends; with `claimed`, say whether a muggins call on that claim stands."""
    check_entry_keys(body, ("ends", "set", "points_per_five", "claimed"))
    set_name = body.get("set", "double-six")
    if not isinstance(set_name, str) or set_name not in SETS:
        raise RuleError(f"set must be one of: {', '.join(SETS)}", "set")
    per_five = flag(body, "points_per_five")
    count, points = check_call(body.get("ends"), SETS[set_name], per_five)
    claimed = whole_number(body.get("claimed", 0), "claimed", "the points claimed")
    stands = points > claimed
    return {
        "count": count,
        "points": points,
        "claimed": claimed,
        "muggins": stands,
        "explanation": explain(count, points, claimed, stands),
    }


def explain(count: int, points: int, claimed: int, stands: bool) -> str:
    if points == 0:
        said = f"The ends count {count}: not a multiple of 5, so it scores nothing."
    else:
        said = f"The ends count {count}: it scores {points}."
    if stands:
        return f"{said} Claimed {claimed}: muggins! The caller takes {points}."
    if claimed:
        return f"{said} Claimed {claimed}: the claim is right, no muggins."
    return said
