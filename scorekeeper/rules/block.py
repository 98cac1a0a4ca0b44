"""Block and Draw: the side that goes out (or holds the lightest hand) scores the others' pips.

Seeds: block-dominoes.txt (difference scoring, ties, British doubling, targets 100/61) and
block-draw-muggins.txt (the Bookshelf rules: the winner scores all other players' pips).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    Option,
    Options,
    RuleError,
    Ruleset,
    Sentence,
    Table,
    and_list,
    check_entry_keys,
    flag,
    per_side,
    points_phrase,
    whole_number,
    zero_scores,
)
from scorekeeper.tiles import SETS, Tile, TileSet, pip_count
from scorekeeper.words import Message, say

ENTRY_FIELDS = ("pips", "tiles", "domino", "either_end", "with_double")


def block_target(table: Table) -> int:
    """100 with 2 players or partnerships, 61 with 3 or 4 individual players (block-dominoes.txt)."""
    return 100 if len(table.players) == 2 or table.partnerships else 61


def _options(default_scoring: str, target: Any) -> tuple[Option, ...]:
    return (
        Option("set", "Domino set", "double-six", str, choices=tuple(SETS)),
        Option(
            "scoring",
            "Winner scores: the difference (others' pips minus own) or all others' pips",
            default_scoring,
            str,
            choices=("difference", "others"),
        ),
        Option("target", "Points to win", target, int, minimum=1, maximum=10_000),
        Option(
            "double_either_end",
            "Double the hand when the last tile could go on either end (British clubs)",
            False,
            bool,
        ),
        Option(
            "double_with_double",
            "Double the hand when the winner goes out with a double (British clubs)",
            False,
            bool,
        ),
    )


@dataclass(frozen=True)
class PipsLeft:
    """Each side's pips at the end of the hand, with how they were counted."""

    pips: Mapping[str, int]
    counted: tuple[Sentence, ...]
    tiles: Mapping[str, tuple[Tile, ...]] | None = None  # when given as tiles


@dataclass(frozen=True)
class BlockRuleset(Ruleset):
    """Block (no drawing) and Draw share one way of scoring a hand."""

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        left = pips_left(entry, table, SETS[options["set"]])
        domino = dominoed_side(entry, table, left)
        doublings = doubling_reasons(entry, options, domino is not None)
        if domino is not None:
            winners: tuple[str, ...] = (domino,)
            opening = say("%(player)s dominoed.", player=table.player(entry["domino"]))
        else:
            lightest = min(left.pips.values())
            winners = tuple(side for side in table.sides if left.pips[side] == lightest)
            opening = say(
                "The hand blocked; lightest hand: %(names)s (%(pips)s pips).",
                names=and_list(winners),
                pips=lightest,
            )
        scores = zero_scores(table)
        lines: list[Sentence] = [opening, *left.counted]
        if len(winners) > 1 and (options["scoring"] == "difference" or table.partnerships):
            lines.append(say("A tie for the lightest hand: nobody scores."))
            return HandResult(scores, tuple(lines))
        others = [side for side in table.sides if side not in winners]
        others_pips = sum(left.pips[side] for side in others)
        sum_text = " + ".join(f"{side} {left.pips[side]}" for side in others)
        if len(winners) > 1:
            share = others_pips // len(winners)
            lines.append(
                say(
                    "%(names)s split %(sum)s = %(total)s pips: %(share)s each (rounded down).",
                    names=and_list(winners),
                    sum=sum_text,
                    total=others_pips,
                    share=share,
                )
            )
            scores.update({side: share for side in winners})
            return HandResult(scores, tuple(lines))
        winner = winners[0]
        if options["scoring"] == "difference":
            points = max(0, others_pips - left.pips[winner])
            lines.append(
                say(
                    "%(side)s scores %(sum)s = %(total)s, minus own %(own)s: %(points)s.",
                    side=winner,
                    sum=sum_text,
                    total=others_pips,
                    own=left.pips[winner],
                    points=points_phrase(points),
                )
            )
        else:
            points = others_pips
            lines.append(
                say(
                    "%(side)s scores %(sum)s = %(points)s.",
                    side=winner,
                    sum=sum_text,
                    points=points_phrase(points),
                )
            )
        points = apply_doubling(doublings, winner, points, lines)
        scores[winner] = points
        return HandResult(scores, tuple(lines))

    def sample_entry(self, table: Table) -> dict[str, Any]:
        pips = {side: 5 * i for i, side in enumerate(table.sides)}
        return {"pips": pips, "domino": table.players[0]}

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and a big one: out first while the others hold heavy hands."""
        out = table.side_of(table.players[0])
        each = 150 // (len(table.sides) - 1)  # 150 pips in the others' hands: the set holds 168
        heavy = {side: 0 if side == out else each for side in table.sides}
        return (*super().sample_entries(table), {"pips": heavy, "domino": table.players[0]})


def pips_left(entry: Entry, table: Table, tileset: TileSet) -> PipsLeft:
    """The pips per side, given as numbers (`pips`) or as the tiles left (`tiles`)."""
    if "pips" not in entry and "tiles" not in entry:
        raise RuleError(say("give the pips left in each hand, or the tiles left"), "pips")
    if "pips" in entry and "tiles" in entry:
        raise RuleError(
            say("give either the pips left in each hand or the tiles left, not both"), "pips"
        )
    if "tiles" in entry:
        hands = tileset.parse_hands(per_side(entry, "tiles", table), "tiles")
        counted = tuple(
            say(
                "%(side)s: %(tiles)s = %(pips)s pips",
                side=side,
                tiles=" + ".join(str(t) for t in tiles),
                pips=pip_count(tiles),
            )
            for side, tiles in hands.items()
            if tiles
        )
        return PipsLeft({side: pip_count(tiles) for side, tiles in hands.items()}, counted, hands)
    most = tileset.total_pips
    pips = {
        side: whole_number(value, "pips", say("the pips left for %(side)s", side=side), high=most)
        for side, value in per_side(entry, "pips", table).items()
    }
    if sum(pips.values()) > most:
        raise RuleError(
            say(
                "%(pips)s pips in all is more than the whole %(set)s set holds (%(most)s)",
                pips=sum(pips.values()),
                set=tileset.name,
                most=most,
            ),
            "pips",
        )
    return PipsLeft(pips, ())


def dominoed_side(entry: Entry, table: Table, left: PipsLeft) -> str | None:
    """The side of the player who went out, or None for a blocked hand."""
    name = entry.get("domino")
    if name is None:
        return None
    player = table.player(name, "domino")
    side = table.side_of(player)
    if table.partnerships:
        return side
    if left.tiles is not None and left.tiles[side]:
        held = ", ".join(str(t) for t in left.tiles[side])
        raise RuleError(
            say(
                "%(player)s dominoed, so %(player)s has no tiles left, not %(held)s",
                player=player,
                held=held,
            ),
            "domino",
        )
    pips = left.pips
    if pips[side] != 0:
        raise RuleError(
            say(
                "%(player)s dominoed, so %(player)s has 0 pips left, not %(pips)s",
                player=player,
                pips=pips[side],
            ),
            "domino",
        )
    return side


# Each doubling: the entry's flag, the option that allows it, the line that explains it and
# the refusal when the option is off, each a whole sentence.
DOUBLINGS = (
    (
        "either_end",
        "double_either_end",
        say(
            "Doubled because the last tile could have gone on either end: %(side)s scores %(points)s."
        ),
        say("doubling for either end is not in force in this game"),
    ),
    (
        "with_double",
        "double_with_double",
        say("Doubled because went out with a double: %(side)s scores %(points)s."),
        say("doubling for with double is not in force in this game"),
    ),
)


def doubling_reasons(entry: Entry, options: Options, dominoed: bool) -> tuple[Message, ...]:
    """The British club doublings claimed for this hand, each checked against the options."""
    reasons = []
    for key, option, reason, not_in_force in DOUBLINGS:
        if not flag(entry, key):
            continue
        if not options[option]:
            raise RuleError(not_in_force, key)
        if not dominoed:
            raise RuleError(say("a blocked hand has no last tile to double for"), key)
        reasons.append(reason)
    return tuple(reasons)


def apply_doubling(
    reasons: tuple[Message, ...], winner: str, points: int, lines: list[Sentence]
) -> int:
    """×2 for each doubling that applies (×4 when both do); each reason is its whole sentence."""
    for reason in reasons:
        points *= 2
        lines.append(replace(reason, values={"side": winner, "points": points_phrase(points)}))
    return points


BLOCK = BlockRuleset(
    id="block",
    name="Block Dominoes",
    description="No drawing: the first out, or the lightest hand when blocked, scores the "
    "others' pips minus their own.",
    seed="block-dominoes.txt",
    players=(2, 3, 4),
    partnerships="optional",
    options=_options("difference", block_target),
)

DRAW = BlockRuleset(
    id="draw",
    name="Draw Dominoes",
    description="Draw from the boneyard when you cannot play; the first out scores all the "
    "pips left in the other hands.",
    seed="block-draw-muggins.txt",
    players=(2, 3, 4),
    partnerships="optional",
    options=_options("others", 100),
)

RULESETS = (BLOCK, DRAW)
