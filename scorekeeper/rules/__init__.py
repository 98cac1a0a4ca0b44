"""The explicit registry of rulesets: one module per game family, imported by name."""

from scorekeeper.rules import (
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
from scorekeeper.rules.base import RuleError, Ruleset, as_typed
from scorekeeper.words import say

REGISTRY: dict[str, Ruleset] = {
    ruleset.id: ruleset
    for module in (
        black_tile,
        block,
        eighty,
        fives_and_threes,
        moon,
        muggins,
        texas_42,
        mexican_train,
        latin_partnership,
        custom,
    )
    for ruleset in module.RULESETS
}


def get_ruleset(ruleset_id: object) -> Ruleset:
    """The ruleset with this id, or a RuleError listing the ones there are."""
    if isinstance(ruleset_id, str) and ruleset_id in REGISTRY:
        return REGISTRY[ruleset_id]
    raise RuleError(
        say(
            "%(asked)s is not a game here (games: %(games)s)",
            asked=f"'{as_typed(ruleset_id)}'"
            if isinstance(ruleset_id, str)
            else as_typed(ruleset_id),
            games=", ".join(REGISTRY),
        ),
        "ruleset",
    )


__all__ = ["REGISTRY", "RuleError", "Ruleset", "get_ruleset"]
