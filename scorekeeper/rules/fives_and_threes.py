"""Fives and Threes: a play scores when the two open ends count a multiple of 5 and/or 3.

There is no seed text: shared/SCORING_MORE.md ("Fives and Threes") is the contract, from
the public sources it cites (pagat's page after the Guinness Book of Traditional Pub Games,
the Teesdale League, and others). It settles the count and its points (15 scores 8), the
go point for chipping out, 61 exactly (a score that would overshoot is disregarded, the
chipping-out play and its go point as one score), partnerships, and the muggins option.

The exact finish makes a hand's scores depend on the totals before it: the ruleset scores
a hand with them (`score_in_game`), and the game ends at the very score that reaches 61.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    FirstHandFromZero,
    HandResult,
    Option,
    Options,
    RuleError,
    Sentence,
    Table,
    and_list,
    check_entry_keys,
    or_list,
    points_phrase,
    whole_number,
    zero_scores,
)
from scorekeeper.rules.muggins import OpenEnd, play_fields, read_ends
from scorekeeper.tiles import DOUBLE_SIX, Tile, parse_tile
from scorekeeper.words import Message, say, say_n

__all__ = [
    "FIVES_AND_THREES",
    "GO_POINT",
    "MAX_ENDS",
    "PLAY_POINTS",
    "RULESETS",
    "FivesAndThreesRuleset",
    "count_points",
    "points_breakdown",
]

ENTRY_FIELDS = ("plays", "domino")
PLAY_FIELDS = ("player", "ends", "points", "muggins_by", "out")
MAX_ENDS = 2  # no spinner: the layout has two ends
GO_POINT = 1  # for chipping out (playing the last tile)
# What a single play can score (SCORING_MORE.md: "one of 0, 1, 2, 3, 4, 6 or 8").
PLAY_POINTS = (0, 1, 2, 3, 4, 6, 8)


def count_points(count: int) -> int:
    """count ÷ 5 when a multiple of 5, plus count ÷ 3 when a multiple of 3 (15 → 3 + 5 = 8)."""
    if count <= 0:
        return 0
    return (0 if count % 5 else count // 5) + (0 if count % 3 else count // 3)


def points_breakdown(count: int) -> Message:
    """'3 fives + 5 threes = 8', '2 fives = 2', 'no score'."""
    fives = count > 0 and count % 5 == 0
    threes = count > 0 and count % 3 == 0
    five = say_n("%(count)s five", "%(count)s fives", count // 5)
    three = say_n("%(count)s three", "%(count)s threes", count // 3)
    if fives and threes:
        return say(
            "%(fives)s + %(threes)s = %(points)s",
            fives=five,
            threes=three,
            points=count_points(count),
        )
    if fives or threes:
        return say(
            "%(part)s = %(points)s", part=five if fives else three, points=count_points(count)
        )
    return say("no score")


def read_layout_ends(ends: object, field: str = "ends") -> tuple[OpenEnd, ...]:
    """The two open ends after a play (one only for a lone first double), as Muggins reads them."""
    if not isinstance(ends, list | tuple) or not 1 <= len(ends) <= MAX_ENDS:
        raise RuleError(
            say(
                'give the two open ends after the play, like [5, "5-5"] (a lone first double '
                'as ["6-6"])'
            ),
            field,
        )
    if len(ends) == MAX_ENDS and all(isinstance(end, str) for end in ends):
        try:
            first, second = (parse_tile(end) for end in ends)
        except RuleError:
            pass  # read_ends says what is wrong with it
        else:
            if first == second:
                raise RuleError(say("%(tile)s cannot be at both ends", tile=str(first)), field)
    return read_ends(list(ends), DOUBLE_SIX, field)


def check_ends(ends: object) -> tuple[int, int]:
    """The checker's fives-and-threes mode: what the open ends count and what that scores."""
    count = sum(_end_pips(end) for end in read_layout_ends(ends))
    return count, count_points(count)


def _end_pips(end: OpenEnd) -> int:
    return end.pips if isinstance(end, Tile) else end


@dataclass(frozen=True)
class Score:
    """One score of the hand, in order: a play's points (with the go point when it chipped
    out), or the go point alone. `play` is the play's number, 0 for the go point alone."""

    side: str
    points: int
    said: Message
    play: int


# --- reading the plays -----------------------------------------------------------------


def _play_points(play: Mapping[str, Any], player: str) -> tuple[int, Sentence]:
    """The play's points and how they came: "5 + 5-5 = 15 → 3 fives + 5 threes = 8"."""
    if "ends" not in play and "points" not in play:
        raise RuleError(
            say("%(player)s's play must give its open ends or its points", player=player), "plays"
        )
    given = None
    if "points" in play:
        given = whole_number(play["points"], "plays", say("the points of a play"))
        if given not in PLAY_POINTS:
            shown = ", ".join(map(str, PLAY_POINTS))
            raise RuleError(
                say(
                    "no play scores %(points)s: a play scores one of %(shown)s",
                    points=given,
                    shown=shown,
                ),
                "plays",
            )
    if "ends" not in play:
        assert given is not None
        return given, points_phrase(given)
    ends = read_layout_ends(play["ends"], "plays")
    count = sum(_end_pips(end) for end in ends)
    points = count_points(count)
    if given is not None and given != points:
        raise RuleError(
            say(
                "%(player)s's ends count %(count)s, which scores %(points)s, not %(given)s",
                player=player,
                count=count,
                points=points,
                given=given,
            ),
            "plays",
        )
    return points, say(
        "%(ends)s = %(count)s → %(breakdown)s",
        ends=" + ".join(str(end) for end in ends),
        count=count,
        breakdown=points_breakdown(count),
    )


def _caller(play: Mapping[str, Any], player: str, table: Table, options: Options) -> str | None:
    if play.get("muggins_by") is None:
        return None
    if not options["muggins"]:
        raise RuleError(say("muggins calls are off in this game (option muggins)"), "plays")
    caller = table.player(play["muggins_by"], "plays")
    if caller == player:
        raise RuleError(
            say("%(caller)s cannot call muggins on their own play", caller=caller), "plays"
        )
    if table.side_of(caller) == table.side_of(player):
        raise RuleError(
            say(
                "%(caller)s cannot call muggins on %(player)s's play: they are partners",
                caller=caller,
                player=player,
            ),
            "plays",
        )
    return caller


def _out_flag(play: Mapping[str, Any]) -> bool:
    value = play.get("out", False)
    if not isinstance(value, bool):
        raise RuleError(say("out must be true or false"), "plays")
    return value


def domino_side(entry: Entry, table: Table) -> str | None:
    """The side that chipped out: a player, or in partnerships a team or either partner."""
    name = entry.get("domino")
    if name is None:
        return None
    if not table.partnerships:
        return table.player(name, "domino")
    wanted = name.strip().casefold() if isinstance(name, str) else ""
    for side in table.sides:
        if side.casefold() == wanted or wanted in (p.casefold() for p in table.members(side)):
            return side
    raise RuleError(
        say(
            "%(name)s is not a team or a player of this game: domino names the team that "
            "chipped out (%(teams)s) or either of its players",
            name=str(name),
            teams=or_list(table.sides),
        ),
        "domino",
    )


def read_scores(entry: Entry, table: Table, options: Options) -> tuple[Score, ...]:
    """The hand's scores in order: each play, the go point with the play flagged out (or
    alone after the plays); plays that score nothing are kept, for the record."""
    plays = entry.get("plays", [])
    if not isinstance(plays, list | tuple):
        raise RuleError(
            say('plays must be a list like [{"player": "Ann", "ends": ["6-6"]}]'), "plays"
        )
    domino = domino_side(entry, table)
    scores: list[Score] = []
    flagged = False
    for number, raw in enumerate(plays, start=1):
        try:
            play = play_fields(raw, PLAY_FIELDS)
            player = table.player(play.get("player"), "plays")
            points, how = _play_points(play, player)
            caller = _caller(play, player, table, options)
            out = _out_flag(play)
        except RuleError as error:
            raise RuleError(
                say("play %(number)s: %(error)s", number=number, error=error.message), "plays"
            ) from error
        if caller is not None and not points:
            raise RuleError(
                say(
                    "play %(number)s: muggins takes a score, but %(player)s's play scores nothing",
                    number=number,
                    player=player,
                ),
                "plays",
            )
        side = table.side_of(caller or player)
        if caller is not None:
            said = say(
                "%(player)s: %(how)s, taken by %(caller)s (muggins)",
                player=player,
                how=how,
                caller=caller,
            )
        else:
            said = say("%(player)s: %(how)s", player=player, how=how)
        if out:
            _check_out(number, len(plays), player, domino, table)
            flagged = True
            assert domino is not None  # _check_out refuses out without domino
            if side == domino:
                with_go = say("%(play)s, + go %(go)s", play=said, go=GO_POINT)
                scores.append(Score(side, points + GO_POINT, with_go, number))
                continue
            scores.append(Score(side, points, said, number))
            scores.append(Score(domino, GO_POINT, chipped_out(player), 0))
            continue
        scores.append(Score(side, points, said, number))
    if domino is not None and not flagged:
        who = entry["domino"] if isinstance(entry["domino"], str) else domino
        scores.append(Score(domino, GO_POINT, chipped_out(who.strip()), 0))
    return tuple(scores)


def chipped_out(who: str) -> Message:
    return say("%(player)s chipped out: go %(go)s", player=who, go=GO_POINT)


def _check_out(number: int, count: int, player: str, domino: str | None, table: Table) -> None:
    if domino is None:
        raise RuleError(
            say(
                "play %(number)s is flagged out, but nobody chipped out: name the side in domino",
                number=number,
            ),
            "plays",
        )
    if number != count:
        raise RuleError(
            say(
                "play %(number)s is flagged out, so it must be the last play of the hand",
                number=number,
            ),
            "plays",
        )
    if table.side_of(player) != domino:
        raise RuleError(
            say(
                "play %(number)s is flagged out, but %(player)s is not of %(side)s, who chipped "
                "out",
                number=number,
                player=player,
                side=domino,
            ),
            "plays",
        )


def _check_flags(entry: Entry) -> None:
    plays = entry.get("plays", [])
    flagged = [
        n
        for n, play in enumerate(plays if isinstance(plays, list | tuple) else [], start=1)
        if isinstance(play, Mapping) and play.get("out") is True
    ]
    if len(flagged) > 1:
        raise RuleError(
            say(
                "plays %(numbers)s are flagged out: only one play chips a side out",
                numbers=and_list([str(n) for n in flagged]),
            ),
            "plays",
        )


# --- scoring a hand ----------------------------------------------------------------------


def score_in_order(
    scores: Sequence[Score],
    table: Table,
    options: Options,
    before: Mapping[str, int],
    *,
    strict: bool,
) -> HandResult:
    """Take the hand's scores in order against the totals: one that would overshoot an exact
    target is disregarded; the game ends at the score that reaches it."""
    target = int(options["target"])
    exact = bool(options["exact_finish"])
    totals = {side: before.get(side, 0) for side in table.sides}
    counted = zero_scores(table)
    steps: list[Mapping[str, int]] = []
    lines: list[Sentence] = []
    ended: Message | None = None
    for score in scores:
        for_side = table.partnerships and score.points
        if ended is not None:
            if strict and score.play:
                raise RuleError(
                    say(
                        "the game ended at %(when)s: play %(number)s came after",
                        when=ended,
                        number=score.play,
                    ),
                    "plays",
                )
            lines.append(say("%(play)s: after the end of the game, not scored.", play=score.said))
            continue
        reached = totals[score.side] + score.points
        if not score.points:
            lines.append(say("%(play)s.", play=score.said))
            continue
        values = {"play": score.said, "side": score.side, "total": reached, "target": target}
        # Whole sentences, each written out, so that the catalogs' extraction finds them.
        if exact and reached > target:
            lines.append(
                say(
                    "%(play)s; would make %(total)s, over %(target)s: not scored for %(side)s.",
                    **values,
                )
                if for_side
                else say("%(play)s; would make %(total)s, over %(target)s: not scored.", **values)
            )
            continue
        totals[score.side] = reached
        counted[score.side] += score.points
        steps.append({**zero_scores(table), score.side: score.points})
        if reached >= target:
            got = target if exact else reached
            ended = (
                say(
                    "play %(number)s: %(side)s reached %(total)s",
                    number=score.play,
                    side=score.side,
                    total=got,
                )
                if score.play
                else say("the go point: %(side)s reached %(total)s", side=score.side, total=got)
            )
            lines.append(
                say("%(play)s for %(side)s: %(side)s %(total)s, the game is won.", **values)
                if for_side
                else say("%(play)s: %(side)s %(total)s, the game is won.", **values)
            )
        else:
            lines.append(
                say("%(play)s for %(side)s: %(side)s %(total)s.", **values)
                if for_side
                else say("%(play)s: %(side)s %(total)s.", **values)
            )
    if not scores:
        lines.append(say("Blocked, and no play scored: nobody scores."))
    return HandResult(counted, tuple(lines), tuple(steps))


@dataclass(frozen=True)
class FivesAndThreesRuleset(FirstHandFromZero):
    """Fives and Threes: live plays, the go point, and 61 exactly."""

    def score_in_game(
        self,
        entry: Entry,
        table: Table,
        options: Options,
        before: Mapping[str, int],
        *,
        number: int = 1,
        strict: bool = True,
    ) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        if "plays" not in entry and "domino" not in entry:
            raise RuleError(
                say(
                    "give the plays that scored and who chipped out (domino: null for a blocked "
                    "hand)"
                ),
                "domino",
            )
        _check_flags(entry)
        scores = read_scores(entry, table, options)
        result = score_in_order(scores, table, options, before, strict=strict)
        if entry.get("domino") is None and scores:
            return HandResult(
                result.scores, (*result.explanation, say("Blocked: no go point.")), result.steps
            )
        return result

    def score_plays(self, plays: Sequence[Any], table: Table, options: Options) -> HandResult:
        return self.plays_in_game(plays, table, options, zero_scores(table))

    def plays_in_game(
        self, plays: Sequence[Any], table: Table, options: Options, before: Mapping[str, int]
    ) -> HandResult:
        """The plays so far; a play flagged out ends the hand with its go point."""
        entry: dict[str, Any] = {"plays": list(plays)}
        out = [p for p in plays if isinstance(p, Mapping) and p.get("out") is True]
        if out:
            entry["domino"] = out[-1].get("player")
        _check_flags(entry)
        scores = read_scores(entry, table, options)
        return score_in_order(scores, table, options, before, strict=True)

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """Hands worth the go point alone, to seat 1 or to seat 2: totals then climb one by
        one, so a run of them reaches any target exactly, as the exact finish asks."""
        first, second = table.players[0], table.players[1]
        return ({"plays": [], "domino": first}, {"plays": [], "domino": second})

    def sample_entry(self, table: Table) -> dict[str, Any]:
        first, second = table.players[0], table.players[1]
        return {
            "plays": [
                {"player": first, "ends": ["6-6"]},
                {"player": second, "ends": ["6-6", 3]},
                {"player": first, "ends": [2, 1], "out": True},
            ],
            "domino": first,
        }


FIVES_AND_THREES = FivesAndThreesRuleset(
    id="fives-and-threes",
    name="Fives and Threes",
    description="Score when the two open ends count a multiple of 5 or 3 (15 scores 8), 1 for "
    "chipping out; the first to exactly 61 wins.",
    seed="fives-and-threes.txt",
    players=(2, 3, 4),
    partnerships="optional",
    live_plays=True,
    scored_from_totals=True,
    open_ends=MAX_ENDS,
    count_scoring="fives-and-threes",
    flags_last_tile=True,
    sources=(
        "gambiter.com/domino/western/fives_and_threes.html (the text of pagat's Fives and "
        "Threes, after Arthur Taylor's Guinness Book of Traditional Pub Games): double-six, 2–4 "
        "players, four as partners; crosswise doubles count their total; chipping out",
        "Pagat's scoring paragraphs (factbrazerzkidai.blogg.se copy): 1 for chipping out, none "
        "when blocked; exactly 61; the chip-out point scored with the play, both disregarded "
        "if they take you over 61",
        "bcad5sand3s.co.uk/what_is_fives_and_threes.htm (Teesdale League): 61 exactly; 6 → 2, "
        "12 → 4, 15 → 8",
        "eightygames.wordpress.com/2014/03/06/fives-and-threes-dominos/: exact 61, the scoring "
        "table, 1 for the last domino, pips left not scored",
        "skill.williamhill.com/fr/rules/dominoes-fives-threes: 1 for chipping out; scores over "
        "the target do not count",
        "onlinedominogames.com/fives-and-threes: no spinner; the target reached without "
        "exactness (the exact_finish option)",
        "qcsalon.net/en/fives-and-threes: limit 61; 15 → 8",
        "britannica.com/topic/muggins-domino-game: the muggins call 'by prior agreement'",
    ),
    options=(
        Option("target", "Points to win", 61, int, minimum=1, maximum=10_000),
        Option(
            "exact_finish", "Finish exactly on the target (overshoots do not score)", True, bool
        ),
        Option("muggins", "Muggins calls: a missed score goes to the caller's side", False, bool),
    ),
)

RULESETS = (FIVES_AND_THREES,)
