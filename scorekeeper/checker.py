"""The muggins-call checker: tap the open ends, learn the count and whether a call stands.

It counts for Muggins (a multiple of 5 scores itself, or ÷ 5) or, with `ruleset`
"fives-and-threes", for Fives and Threes (one point per five and per three: 15 scores 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.rules.base import check_entry_keys, flag, whole_number
from scorekeeper.rules.fives_and_threes import check_ends, points_breakdown
from scorekeeper.rules.muggins import check_call
from scorekeeper.tiles import SETS
from scorekeeper.words import Message, say

DEFAULT_SET = "double-six"
MUGGINS = "muggins"
FIVES_AND_THREES = "fives-and-threes"
# The games the checker counts for, as the page offers them.
GAMES = {MUGGINS: "Muggins (All Fives)", FIVES_AND_THREES: "Fives and Threes"}


def check(body: Mapping[str, Any]) -> dict[str, Any]:
    """Count the ends of the chosen set; only with `claimed`, say whether a muggins call stands.

    SCORING.md Muggins: "only when a claim is given does it say whether a muggins call
    stands (a claim below what the play scores)". A blank claim is no claim, not a claim of 0.
    """
    check_entry_keys(body, ("ends", "set", "points_per_five", "claimed", "ruleset"))
    game = body.get("ruleset", MUGGINS)
    if not isinstance(game, str) or game not in GAMES:
        raise RuleError(say("ruleset must be one of: %(ids)s", ids=", ".join(GAMES)), "ruleset")
    set_name = body.get("set", DEFAULT_SET)
    if not isinstance(set_name, str) or set_name not in SETS:
        raise RuleError(say("set must be one of: %(ids)s", ids=", ".join(SETS)), "set")
    per_five = flag(body, "points_per_five")
    if game == FIVES_AND_THREES:
        if set_name != DEFAULT_SET:
            raise RuleError(say("Fives and Threes is played with a double-six set"), "set")
        if per_five:
            raise RuleError(
                say(
                    "points per five is a Muggins option: Fives and Threes scores fives and threes"
                ),
                "points_per_five",
            )
        count, points = check_ends(body.get("ends"))
    else:
        count, points = check_call(body.get("ends"), SETS[set_name], per_five)
    answer: dict[str, Any] = {"set": set_name, "count": count, "points": points}
    if body.get("claimed") is None:
        return {**answer, "explanation": explain(count, points, None, game)}
    claimed = whole_number(body["claimed"], "claimed", say("the points claimed"))
    return {
        **answer,
        "claimed": claimed,
        "muggins": claimed < points,
        "explanation": explain(count, points, claimed, game),
    }


def explain(count: int, points: int, claimed: int | None = None, game: str = MUGGINS) -> Message:
    """What the ends count and score and, for a claim, whether a muggins call on it stands."""
    if game == FIVES_AND_THREES:
        if points == 0:
            said = say(
                "The ends count %(count)s: not a multiple of 5 or 3, so it scores nothing.",
                count=count,
            )
        else:
            said = say(
                "The ends count %(count)s: %(breakdown)s.",
                count=count,
                breakdown=points_breakdown(count),
            )
    elif points == 0:
        said = say(
            "The ends count %(count)s: not a multiple of 5, so it scores nothing.", count=count
        )
    else:
        said = say("The ends count %(count)s: it scores %(points)s.", count=count, points=points)
    if claimed is None:
        return said
    if claimed < points:
        verdict = say(
            "Claimed %(claimed)s: muggins! The caller takes %(points)s.",
            claimed=claimed,
            points=points,
        )
    elif claimed == points:
        verdict = say("Claimed %(claimed)s: the claim is right, no muggins.", claimed=claimed)
    else:
        verdict = say(
            "Claimed %(claimed)s, more than it scores: no muggins (muggins is for a claim too low).",
            claimed=claimed,
        )
    return say("%(said)s %(verdict)s", said=said, verdict=verdict)
