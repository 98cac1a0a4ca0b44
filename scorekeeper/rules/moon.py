"""Moon: bid on the tricks you will take out of seven; make it or lose the bid.

Seed: moon.txt (3 players each for themself; the 4-player variant in fixed partnerships).
SCORING.md, section "Moon", settles what the seed leaves open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    Option,
    Options,
    RuleError,
    Ruleset,
    ScoredHand,
    Status,
    Table,
    and_list,
    check_entry_keys,
    first_to_target,
    flag,
    running_totals,
    side_numbers,
    zero_scores,
)
from scorekeeper.words import Message, say, say_n

ENTRY_FIELDS = ("bidder", "bid", "tricks", "all_passed")
TRICKS_PER_HAND = 7
MOON_BID = 21
HIGHEST_BID = 7
MATCH_WINS_NEEDED = 2
"""A match (4 players) is best two of three games: the first team to win two takes it."""


def lowest_bid(table: Table) -> int:
    """4 tricks with 3 players, 3 with 4 players in partnerships (moon.txt, "Variation")."""
    return 3 if table.partnerships else 4


# The refusals that name a missing or extra field say it in a whole sentence each, so that
# every language words the field its own way.
NOT_AFTER_ALL_PASSED: Mapping[str, Message] = {
    "bidder": say(
        "everybody passed, so the hand has no bidder: give either all_passed or the bidder, "
        "bid and tricks"
    ),
    "bid": say(
        "everybody passed, so the hand has no bid: give either all_passed or the bidder, "
        "bid and tricks"
    ),
    "tricks": say(
        "everybody passed, so the hand has no tricks: give either all_passed or the bidder, "
        "bid and tricks"
    ),
}
NEEDED: Mapping[str, Message] = {
    "bidder": say(
        "the hand needs the bidder: give the bidder, the bid and the tricks each side took, "
        "or all_passed: true"
    ),
    "bid": say(
        "the hand needs the bid: give the bidder, the bid and the tricks each side took, "
        "or all_passed: true"
    ),
    "tricks": say(
        "the hand needs the tricks: give the bidder, the bid and the tricks each side took, "
        "or all_passed: true"
    ),
}


@dataclass(frozen=True)
class MoonRuleset(Ruleset):
    """Moon for 3 players (each for themself) or 4 (two partnerships)."""

    # --- what the entry page shows, so that no template restates a rule ---------------

    moon_bid: ClassVar[int] = MOON_BID
    tricks: ClassVar[int] = TRICKS_PER_HAND

    def bids(self, table: Table) -> tuple[int, ...]:
        """The trick bids the page offers this table (shooting the moon comes besides)."""
        return tuple(range(lowest_bid(table), HIGHEST_BID + 1))

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        if flag(entry, "all_passed"):
            extra = [key for key in ("bidder", "bid", "tricks") if key in entry]
            if extra:
                raise RuleError(NOT_AFTER_ALL_PASSED[extra[0]], extra[0])
            redeal = say("Everybody passed: a redeal, 0 for every side.")
            return HandResult(zero_scores(table), (redeal,))
        for key in ("bidder", "bid", "tricks"):
            if key not in entry:
                raise RuleError(NEEDED[key], key)
        bidder = table.player(entry["bidder"], "bidder")
        bid = check_bid(entry["bid"], table)
        tricks = check_tricks(entry, table)
        bidding_side = table.side_of(bidder)

        scores = zero_scores(table)
        lines: list[Message] = []
        if table.partnerships:
            lines.append(
                say("%(bidder)s won the bid for %(side)s.", bidder=bidder, side=bidding_side)
            )
        scores[bidding_side], line = bidder_score(
            bidding_side, bid, tricks[bidding_side], table.partnerships
        )
        lines.append(line)
        for side in table.sides:
            if side != bidding_side:
                scores[side] = tricks[side]
                lines.append(
                    say_n(
                        "%(side)s: %(count)s trick = %(points)s",
                        "%(side)s: %(count)s tricks = %(points)s",
                        tricks[side],
                        side=side,
                        points=scores[side],
                    )
                )
        return HandResult(scores, tuple(lines))

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """First side to the target wins; several at once: the highest; a tie for highest plays on."""
        target: int = options["target"]
        result = first_to_target(table, hands, target, crossing_winners=_highest_alone)
        if result.finished:
            return result
        totals = running_totals(table, hands)
        best = max(totals.values())
        if best >= target:
            tied = [side for side in table.sides if totals[side] == best]
            playing_on = say(
                "%(sides)s are tied for the lead at %(best)s, past %(target)s: "
                "play on until one side leads alone",
                sides=and_list(tied),
                best=best,
                target=target,
            )
            return Status(False, (), playing_on)
        return result

    def match_games(self, table: Table) -> int:
        """The 4-player partnership game is played as a match, best two of three."""
        return 3 if table.partnerships else 0

    def match_standing(
        self, table: Table, game_winners: Sequence[tuple[str, ...]]
    ) -> tuple[dict[str, int], str | None]:
        return match_score(game_winners, table.sides), match_winner(game_winners, table.sides)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        bidder = table.players[0]
        sides = table.sides
        if table.partnerships:
            tricks = {sides[0]: 5, sides[1]: 2}
        else:
            tricks = {sides[0]: 5, sides[1]: 1, sides[2]: 1}
        return {"bidder": bidder, "bid": lowest_bid(table) + 1, "tricks": tricks}

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and seat 1 shooting the moon: all 7 tricks for 21."""
        tricks = {side: TRICKS_PER_HAND if i == 0 else 0 for i, side in enumerate(table.sides)}
        moon = {"bidder": table.players[0], "bid": MOON_BID, "tricks": tricks}
        return (*super().sample_entries(table), moon)


def check_bid(value: object, table: Table) -> int:
    """A bid of the lowest bid to 7 tricks, or 21 to shoot the moon."""
    low = lowest_bid(table)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            say(
                "the bid must be a whole number: %(low)s to %(high)s tricks, or %(moon)s to "
                "shoot the moon",
                low=low,
                high=HIGHEST_BID,
                moon=MOON_BID,
            ),
            "bid",
        )
    if value != MOON_BID and not low <= value <= HIGHEST_BID:
        raise RuleError(
            say(
                "%(bid)s is not a bid with %(players)s players: bid %(low)s to %(high)s tricks, "
                "or %(moon)s to shoot the moon",
                bid=value,
                players=len(table.players),
                low=low,
                high=HIGHEST_BID,
                moon=MOON_BID,
            ),
            "bid",
        )
    return value


def check_tricks(entry: Entry, table: Table) -> dict[str, int]:
    """The tricks each side took: a whole number for every side, 7 in all."""
    tricks = side_numbers(
        entry,
        "tricks",
        table,
        lambda side: say("the tricks for %(side)s", side=side),
        high=TRICKS_PER_HAND,
    )
    total = sum(tricks.values())
    if total != TRICKS_PER_HAND:
        raise RuleError(
            say(
                "the tricks add up to %(total)s, but every hand has %(tricks)s tricks",
                total=total,
                tricks=TRICKS_PER_HAND,
            ),
            "tricks",
        )
    return tricks


def bidder_score(side: str, bid: int, took: int, partnerships: bool) -> tuple[int, Message]:
    """What the bidding side scores, and the line that says why.

    Made: 3 players score the bid (no more for extra tricks), partnerships every trick
    taken; a moon that took all 7 scores 21. Set: minus the bid.
    """
    if bid == MOON_BID:
        if took == TRICKS_PER_HAND:
            made = say(
                "%(side)s shot the moon and took all %(tricks)s: %(points)s",
                side=side,
                tricks=TRICKS_PER_HAND,
                points=MOON_BID,
            )
            return MOON_BID, made
        missed = say(
            "%(side)s shot the moon and took %(took)s: set, %(points)s",
            side=side,
            took=took,
            points=-bid,
        )
        return -bid, missed
    if took < bid:
        return -bid, say(
            "%(side)s bid %(bid)s and took %(took)s: set, %(points)s",
            side=side,
            bid=bid,
            took=took,
            points=-bid,
        )
    points = took if partnerships else bid
    return points, say_n(
        "%(side)s bid %(bid)s and took %(count)s trick: made, scores %(points)s",
        "%(side)s bid %(bid)s and took %(count)s tricks: made, scores %(points)s",
        took,
        side=side,
        bid=bid,
        points=points,
    )


def _highest_alone(
    hand: ScoredHand, totals: Mapping[str, int], reached: list[str]
) -> tuple[str, ...]:
    """Of the sides that reached the target, the highest wins; a tie for highest plays on."""
    best = max(totals[side] for side in reached)
    leaders = tuple(side for side in reached if totals[side] == best)
    return leaders if len(leaders) == 1 else ()


# --- the match (4 players): best two of three games -------------------------------------


def match_score(
    game_winners: Sequence[tuple[str, ...]], team_names: Sequence[str]
) -> dict[str, int]:
    """Games won by each team, every team included (a game without winners counts nothing)."""
    score = {team: 0 for team in team_names}
    for winners in game_winners:
        for team in winners:
            if team not in score:
                raise RuleError(
                    say(
                        "%(team)s is not a team of this match (teams: %(teams)s)",
                        team=team,
                        teams=", ".join(team_names),
                    ),
                    "winners",
                )
            score[team] += 1
    return score


def match_winner(game_winners: Sequence[tuple[str, ...]], team_names: Sequence[str]) -> str | None:
    """The first team to win two games, taking the games in order; None while undecided."""
    match_score(game_winners, team_names)  # refuses a team that is not in the match
    score = {team: 0 for team in team_names}
    for winners in game_winners:
        for team in winners:
            score[team] += 1
            if score[team] >= MATCH_WINS_NEEDED:
                return team
    return None


MOON = MoonRuleset(
    id="moon",
    name="Moon",
    description="Bid on the tricks you will take out of seven, or shoot the moon for 21; "
    "make the bid or lose it.",
    seed="moon.txt",
    players=(3, 4),
    partnerships="always",
    options=(Option("target", "Points to win", MOON_BID, int, minimum=1, maximum=10_000),),
)

RULESETS = (MOON,)
