"""The muggins-call checker: tap the open ends, learn the count and whether a call stands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.rules.base import check_entry_keys, flag, whole_number
from scorekeeper.rules.muggins import check_call
from scorekeeper.tiles import SETS

DEFAULT_SET = "double-six"


def check(body: Mapping[str, Any]) -> dict[str, Any]:
    """Count the ends of the chosen set; only with `claimed`, say whether a muggins call stands.

    SCORING.md Muggins: "only when a claim is given does it say whether a muggins call
    stands (a claim below what the play scores)". A blank claim is no claim, not a claim of 0.
    """
    check_entry_keys(body, ("ends", "set", "points_per_five", "claimed"))
    set_name = body.get("set", DEFAULT_SET)
    if not isinstance(set_name, str) or set_name not in SETS:
        raise RuleError(f"set must be one of: {', '.join(SETS)}", "set")
    per_five = flag(body, "points_per_five")
    count, points = check_call(body.get("ends"), SETS[set_name], per_five)
    answer: dict[str, Any] = {"set": set_name, "count": count, "points": points}
    if body.get("claimed") is None:
        return {**answer, "explanation": explain(count, points)}
    claimed = whole_number(body["claimed"], "claimed", "the points claimed")
    return {
        **answer,
        "claimed": claimed,
        "muggins": claimed < points,
        "explanation": explain(count, points, claimed),
    }


def explain(count: int, points: int, claimed: int | None = None) -> str:
    """What the ends count and score and, for a claim, whether a muggins call on it stands."""
    if points == 0:
        said = f"The ends count {count}: not a multiple of 5, so it scores nothing."
    else:
        said = f"The ends count {count}: it scores {points}."
    if claimed is None:
        return said
    if claimed < points:
        return f"{said} Claimed {claimed}: muggins! The caller takes {points}."
    if claimed == points:
        return f"{said} Claimed {claimed}: the claim is right, no muggins."
    return f"{said} Claimed {claimed}, more than it scores: no muggins (muggins is for a claim too low)."
