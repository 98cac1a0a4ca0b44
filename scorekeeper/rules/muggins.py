"""Muggins (All Fives): a play scores when the open ends count a multiple of five.

Seed: block-draw-muggins.txt (the Bookshelf rules: crosswise doubles count both halves,
muggins, the player who dominoed scores the others' pips to the nearest five, 200 wins).
SCORING.md settles the rest: points per five (61 wins), blocked hands, partnerships, and
that the game ends at the very play that reaches the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    Option,
    Options,
    RuleError,
    Ruleset,
    Table,
    and_list,
    as_typed,
    check_entry_keys,
    points_phrase,
    whole_number,
    zero_scores,
)
from scorekeeper.rules.block import PipsLeft, dominoed_side, pips_left
from scorekeeper.tiles import SETS, Tile, TileSet
from scorekeeper.words import Message, say

ENTRY_FIELDS = ("plays", "pips", "tiles", "domino")
PLAY_FIELDS = ("player", "ends", "points", "muggins_by")
# The first double is a spinner: once both its sides are played on, the layout has four arms.
MAX_ENDS = 4
PER_FIVE_TARGET = 61

# An open end: the number showing, or a double lying crosswise (counting both halves).
OpenEnd = int | Tile


@dataclass(frozen=True)
class ScoredPlay:
    """One play: the side the points go to, the points, and the line that explains them."""

    side: str
    points: int
    explanation: Message
    crosswise: tuple[Tile, ...] = ()


def round_to_nearest_five(n: int) -> int:
    """n to the nearest multiple of 5 (12 → 10, 13 → 15); whole numbers never fall halfway."""
    return (n + 2) // 5 * 5


def play_points(count: int, points_per_five: bool) -> int:
    """What a count scores: a positive multiple of 5 scores itself (or count ÷ 5), else 0."""
    if count <= 0 or count % 5:
        return 0
    return count // 5 if points_per_five else count


def read_ends(ends: object, tileset: TileSet, field: str = "ends") -> tuple[OpenEnd, ...]:
    """The open ends after a play: 1 to 4, each a number of the set or a crosswise double."""
    if not isinstance(ends, list | tuple) or not 1 <= len(ends) <= MAX_ENDS:
        raise RuleError(
            say(
                'give the open ends as a list of 1 to %(most)s ends, like [4, "6-6", 1]',
                most=MAX_ENDS,
            ),
            field,
        )
    parsed = tuple(_read_end(end, tileset, field) for end in ends)
    if len(parsed) == 1 and not isinstance(parsed[0], Tile):
        raise RuleError(
            say(
                "a layout has a single open end only while the first double lies alone: "
                "write it as the double, like 6-6"
            ),
            field,
        )
    tileset.check_claims((end for end in parsed if isinstance(end, Tile)), field)
    return parsed


def _read_end(value: object, tileset: TileSet, field: str) -> OpenEnd:
    top = tileset.highest_end
    if isinstance(value, str):
        tile = tileset.parse(value, field)
        if not tile.is_double:
            raise RuleError(
                say(
                    "%(tile)s is not a double: an end is a number from 0 to %(top)s, "
                    "or a crosswise double like 5-5",
                    tile=str(tile),
                    top=top,
                ),
                field,
            )
        return tile
    return whole_number(value, field, say("an open end"), high=top)


def _end_pips(end: OpenEnd) -> int:
    return end.pips if isinstance(end, Tile) else end


def count_ends(ends: object, tileset: TileSet) -> int:
    """The count: the open ends added, a crosswise double counting both halves."""
    return sum(_end_pips(end) for end in read_ends(ends, tileset))


def check_call(ends: object, tileset: TileSet, points_per_five: bool = False) -> tuple[int, int]:
    """The muggins-call checker: what these open ends count, and what that count scores."""
    count = count_ends(ends, tileset)
    return count, play_points(count, points_per_five)


def highest_count(tileset: TileSet) -> int:
    """The most a layout can count: four ends, each at best one of the heaviest doubles."""
    # Each double exists once, so four ends count at most the four heaviest doubles crosswise
    # (12+10+8+6 = 36 with double-six, 18+16+14+12 = 60 with double-nine); a plain end (at most
    # the highest number, repeatable) stands in where a set has fewer heavy doubles.
    values = [t.pips for t in tileset.tiles if t.is_double] + [tileset.highest_end] * MAX_ENDS
    return sum(sorted(values, reverse=True)[:MAX_ENDS])


def _direct_points(value: object, tileset: TileSet, points_per_five: bool) -> int:
    count = highest_count(tileset)
    most = play_points(count - count % 5, points_per_five)
    points = whole_number(value, "plays", say("the points of a play"), low=1, high=most)
    if not points_per_five and points % 5:
        raise RuleError(
            say(
                "%(points)s is not a multiple of 5, so no play scores it (with points per five "
                "off, a play scores its count)",
                points=points,
            ),
            "plays",
        )
    return points


def _muggins_taker(play: Mapping[str, Any], player: str, table: Table) -> str | None:
    if play.get("muggins_by") is None:
        return None
    taker = table.player(play["muggins_by"], "plays")
    if taker == player:
        raise RuleError(
            say("%(player)s cannot call muggins on their own play", player=player), "plays"
        )
    if table.side_of(taker) == table.side_of(player):
        raise RuleError(
            say(
                "%(taker)s is %(player)s's partner: only an opponent can call muggins",
                taker=taker,
                player=player,
            ),
            "plays",
        )
    return taker


def play_fields(play: object, fields: Sequence[str] = PLAY_FIELDS) -> Mapping[str, Any]:
    """A play as given, refused unless it is an object holding only `fields`."""
    if not isinstance(play, Mapping):
        raise RuleError(say('a play must be an object like {"player": "Ann", "ends": [5, "5-5"]}'))
    for key in play:
        if key not in fields:
            raise RuleError(
                say(
                    "%(key)s is not part of a play (expected: %(fields)s)",
                    key=as_typed(key),
                    fields=", ".join(fields),
                ),
                "plays",
            )
    return play


def score_play(raw: object, table: Table, options: Options) -> ScoredPlay:
    """One play scored: what its ends count (or the points given) and who takes them."""
    play = play_fields(raw)
    player = table.player(play.get("player"), "plays")
    if ("ends" in play) == ("points" in play):
        raise RuleError(
            say("%(player)s's play must give either its open ends or its points", player=player),
            "plays",
        )
    points, counted, crosswise = _play_score(play, SETS[options["set"]], options["points_per_five"])
    taker = _muggins_taker(play, player, table)
    side = table.side_of(taker or player)
    if taker is not None and not points:
        raise RuleError(
            say("muggins takes a score, but %(player)s's play scores nothing", player=player),
            "plays",
        )
    if not points:
        said = say("no score")
    elif taker is not None and table.partnerships:
        said = say(
            "%(points)s taken by %(taker)s (muggins) for %(side)s",
            points=points,
            taker=taker,
            side=side,
        )
    elif taker is not None:
        said = say("%(points)s taken by %(taker)s (muggins)", points=points, taker=taker)
    elif table.partnerships:
        said = say("scores %(points)s for %(side)s", points=points, side=side)
    else:
        said = say("scores %(points)s", points=points)
    if counted is None:
        line = say("%(player)s: %(score)s", player=player, score=said)
    else:
        line = say("%(player)s: %(count)s, %(score)s", player=player, count=counted, score=said)
    return ScoredPlay(side, points, line, crosswise)


def _play_score(
    play: Mapping[str, Any], tileset: TileSet, points_per_five: bool
) -> tuple[int, Message | None, tuple[Tile, ...]]:
    """A play's points, how its ends counted ("ends 5 + 5-5 = 15"), its crosswise doubles."""
    if "points" in play:
        return _direct_points(play["points"], tileset, points_per_five), None, ()
    ends = read_ends(play["ends"], tileset, "plays")
    count = sum(_end_pips(end) for end in ends)
    points = play_points(count, points_per_five)
    listed = " + ".join(str(end) for end in ends)
    if points and points_per_five:
        counted = say("ends %(ends)s = %(count)s (%(count)s ÷ 5)", ends=listed, count=count)
    else:
        counted = say("ends %(ends)s = %(count)s", ends=listed, count=count)
    return points, counted, tuple(end for end in ends if isinstance(end, Tile))


def _scored_plays(plays: object, table: Table, options: Options) -> tuple[ScoredPlay, ...]:
    if not isinstance(plays, list | tuple):
        raise RuleError(
            say('plays must be a list like [{"player": "Ann", "ends": ["5-5"]}]'), "plays"
        )
    scored = []
    for number, play in enumerate(plays, start=1):
        try:
            scored.append(score_play(play, table, options))
        except RuleError as error:
            raise RuleError(
                say("play %(number)s: %(error)s", number=number, error=error.message), "plays"
            ) from error
    return tuple(scored)


def _plays_result(plays: Sequence[ScoredPlay], table: Table) -> HandResult:
    scores = zero_scores(table)
    steps: list[Mapping[str, int]] = []
    for play in plays:
        if play.points:
            scores[play.side] += play.points
            steps.append({**zero_scores(table), play.side: play.points})
    return HandResult(scores, tuple(play.explanation for play in plays), tuple(steps))


def score_plays(plays: object, table: Table, options: Options) -> HandResult:
    """The scores made during play (a hand in progress): one step per scoring play, in order."""
    return _plays_result(_scored_plays(plays, table, options), table)


def _sum_text(sides: Sequence[str], pips: Mapping[str, int]) -> str:
    terms = " + ".join(f"{side} {pips[side]}" for side in sides)
    return f"{terms} = {sum(pips[side] for side in sides)}" if len(sides) > 1 else terms


def end_of_hand(
    entry: Entry, table: Table, left: PipsLeft, points_per_five: bool
) -> tuple[dict[str, int], Message]:
    """The end-of-hand score: the player out (or the lightest side) scores the others' pips."""
    scores = zero_scores(table)
    pips = left.pips
    domino = dominoed_side(entry, table, left)
    if domino is not None:
        winner = domino
        others = [side for side in table.sides if side != winner]
        total = sum(pips[side] for side in others)
        said = say(
            "%(player)s dominoed: %(sum)s",
            player=table.player(entry["domino"]),
            sum=_sum_text(others, pips),
        )
    else:
        lightest = min(pips.values())
        tied = [side for side in table.sides if pips[side] == lightest]
        if len(tied) > 1:
            return scores, say(
                "Blocked: %(names)s tie for the lightest hand (%(pips)s): nobody scores.",
                names=and_list(tied),
                pips=lightest,
            )
        winner = tied[0]
        others = [side for side in table.sides if side != winner]
        total = sum(pips[side] for side in others) - lightest
        said = say(
            "Blocked, %(side)s has the lightest hand (%(pips)s): %(sum)s, minus %(pips)s = "
            "%(total)s",
            side=winner,
            pips=lightest,
            sum=_sum_text(others, pips),
            total=total,
        )
    rounded = round_to_nearest_five(total)
    scores[winner] = rounded // 5 if points_per_five else rounded
    if points_per_five:
        return scores, say(
            "%(how)s, rounded to %(rounded)s: %(side)s scores %(points)s (%(rounded)s ÷ 5).",
            how=said,
            rounded=rounded,
            side=winner,
            points=points_phrase(scores[winner]),
        )
    return scores, say(
        "%(how)s, rounded to %(rounded)s: %(side)s scores %(points)s.",
        how=said,
        rounded=rounded,
        side=winner,
        points=points_phrase(scores[winner]),
    )


def _check_played_doubles(left: PipsLeft, plays: Sequence[ScoredPlay]) -> None:
    """A double played crosswise lies on the table, so it cannot be left in anybody's hand."""
    if left.tiles is None:
        return
    played = {tile for play in plays for tile in play.crosswise}
    for side, tiles in left.tiles.items():
        for tile in tiles:
            if tile in played:
                raise RuleError(
                    say(
                        "%(tile)s was played crosswise, so it cannot be left in %(side)s's hand",
                        tile=str(tile),
                        side=side,
                    ),
                    "tiles",
                )


@dataclass(frozen=True)
class MugginsRuleset(Ruleset):
    """Muggins: scores during play, then the end-of-hand pips; the game can end mid-hand."""

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """As every game, but the target defaults to 61 when scoring one point per five."""
        resolved = super().resolve_options(given, table)
        if "target" not in given and resolved["points_per_five"]:
            resolved["target"] = PER_FIVE_TARGET
        return resolved

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        tileset = SETS[options["set"]]
        plays = _scored_plays(entry.get("plays", []), table, options)
        during = _plays_result(plays, table)
        left = pips_left(entry, table, tileset)
        _check_played_doubles(left, plays)
        end, said = end_of_hand(entry, table, left, bool(options["points_per_five"]))
        scores = {side: during.scores[side] + end[side] for side in table.sides}
        explanation = (*during.explanation, *left.counted, said)
        return HandResult(scores, explanation, (*during.steps, end))

    def score_plays(self, plays: Sequence[Any], table: Table, options: Options) -> HandResult:
        """The plays of the hand in progress, counting in the totals at once."""
        return score_plays(list(plays), table, options)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        first, second = table.players[0], table.players[1]
        out = table.side_of(first)
        pips = {side: 0 if side == out else 6 + 7 * i for i, side in enumerate(table.sides)}
        return {
            "plays": [
                {"player": first, "ends": ["5-5"]},
                {"player": second, "ends": ["5-5", 0]},
                {"player": first, "ends": ["5-5", 5], "muggins_by": second},
            ],
            "pips": pips,
            "domino": first,
        }

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and a big one: out first while the others hold heavy hands."""
        out = table.side_of(table.players[0])
        each = 150 // (len(table.sides) - 1)  # 150 pips in the others' hands: the set holds 168
        heavy = {side: 0 if side == out else each for side in table.sides}
        return (*super().sample_entries(table), {"pips": heavy, "domino": table.players[0]})


MUGGINS = MugginsRuleset(
    id="muggins",
    name="Muggins (All Fives)",
    description="Score the open ends whenever they add up to a multiple of five; the first "
    "out scores the others' pips to the nearest five.",
    seed="block-draw-muggins.txt",
    players=(2, 3, 4),
    live_plays=True,
    open_ends=MAX_ENDS,
    partnerships="optional",
    options=(
        Option("set", "Domino set", "double-six", str, choices=tuple(SETS)),
        Option(
            "points_per_five",
            "Score one point per five (cribbage-board play; the target becomes 61)",
            False,
            bool,
        ),
        Option("target", "Points to win", 200, int, minimum=1, maximum=10_000),
    ),
)

RULESETS = (MUGGINS,)
