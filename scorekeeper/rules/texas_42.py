"""Texas 42: two partnerships bid for the 42 points of a hand (7 tricks and 35 count).

There is no seed text: shared/SCORING_MORE.md ("Texas 42") is the contract, from the
public sources it cites (Wikipedia's 42, pagat, texas42.net, 42-online). It settles the
bids in points (30-41) and marks (42 × n, up to 7 marks), made or set, marks to 7 or
points to 250, the dealer's forced bid, Nello and the other special contracts, and when a
hand stopped early is decided.

What the app cannot see it does not check: the auction (only the winning bid is entered)
and how many doubles a Plunge or Splash bidder held.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    check_entry_keys,
    flag,
    per_side,
    running_totals,
    side_numbers,
    whole_number,
    zero_scores,
)
from scorekeeper.rules.eighty import (
    COUNT_OR_TILES,
    NOT_AFTER_ALL_PASSED,
    BidWon,
    TricksAndCount,
    bidders_win_on_a_shared_crossing,
    count_numbers,
    too_many_tiles,
    tricks_for,
    tricks_phrase,
)
from scorekeeper.tiles import DOUBLE_SIX, Tile
from scorekeeper.words import Message, say, say_n

__all__ = [
    "ALL_COUNT",
    "COUNT_VALUES",
    "HAND_POINTS",
    "LOWEST_BID",
    "MARK",
    "MARK_BIDS",
    "POINT_BIDS",
    "RULESETS",
    "TEXAS_42",
    "TRICKS",
    "Texas42Ruleset",
]

ENTRY_FIELDS = (
    "bidder",
    "bid",
    "contract",
    "points",
    "tricks",
    "count",
    "count_tiles",
    "made",
    "bidder_tricks",
    "all_passed",
)
TRICKS = 7
TILES_PER_TRICK = 4
HAND_POINTS = 42  # 1 per trick + 35 count
LOWEST_BID = 30
MARK = 42  # a bid of 42 is one mark; higher bids are whole marks, 42 × n
MOST_MARKS = 7  # settled in SCORING_MORE.md: the 7-mark ceiling
POINT_BIDS = tuple(range(LOWEST_BID, MARK))  # 30 … 41
MARK_BIDS = tuple(MARK * n for n in range(1, MOST_MARKS + 1))  # 42, 84, … 294

# The count tiles and their worth (SCORING_MORE.md: "5-5 and 6-4 are worth 10 each; 5-0,
# 4-1 and 3-2 are worth 5 each (35 in all)").
COUNT_VALUES: Mapping[Tile, int] = {
    Tile.of(5, 5): 10,
    Tile.of(6, 4): 10,
    Tile.of(5, 0): 5,
    Tile.of(4, 1): 5,
    Tile.of(3, 2): 5,
}
ALL_COUNT = sum(COUNT_VALUES.values())  # 35


@dataclass(frozen=True)
class Contract:
    """A special contract: its option, the bids it allows and how a refusal says so."""

    name: str
    label: str
    bids: tuple[int, ...]
    bid_rule: Message


CONTRACTS: Mapping[str, Contract] = {
    "nello": Contract(
        "nello", "Nello", MARK_BIDS, say("a Nello bid is at least 1 mark (%(bid)s)", bid=MARK)
    ),
    "plunge": Contract(
        "plunge",
        "Plunge",
        MARK_BIDS[3:],
        say("a Plunge bid is at least 4 marks (%(bid)s)", bid=MARK_BIDS[3]),
    ),
    "splash": Contract(
        "splash",
        "Splash",
        MARK_BIDS[1:3],
        say(
            "a Splash bid is 2 or 3 marks (%(two)s or %(three)s)",
            two=MARK_BIDS[1],
            three=MARK_BIDS[2],
        ),
    ),
    "sevens": Contract(
        "sevens", "Sevens", MARK_BIDS, say("a Sevens bid is at least 1 mark (%(bid)s)", bid=MARK)
    ),
}


@dataclass(frozen=True)
class Bid(BidWon):
    """The winning bid: who, for which team, how much, and the special contract if any."""

    value: int
    contract: Contract | None

    @property
    def marks(self) -> int:
        """A point bid is worth 1 mark; a mark bid bid ÷ 42."""
        return max(1, self.value // MARK)

    @property
    def in_marks(self) -> bool:
        """Made only with all 7 tricks: every mark bid and every special contract."""
        return self.value >= MARK

    @property
    def said(self) -> Message:
        """'Ann bid 31', 'Ann bid 84 (2 marks)', 'Ann bid 168 (4 marks) Plunge'."""
        if self.contract is not None:
            return say_n(
                "%(bidder)s bid %(bid)s (%(count)s mark) %(contract)s",
                "%(bidder)s bid %(bid)s (%(count)s marks) %(contract)s",
                self.marks,
                bidder=self.bidder,
                bid=self.value,
                contract=self.contract.label,
            )
        if self.in_marks:
            return say_n(
                "%(bidder)s bid %(bid)s (%(count)s mark)",
                "%(bidder)s bid %(bid)s (%(count)s marks)",
                self.marks,
                bidder=self.bidder,
                bid=self.value,
            )
        return say("%(bidder)s bid %(bid)s", bidder=self.bidder, bid=self.value)


@dataclass(frozen=True)
class BidRow:
    """A row of bid buttons on the entry page: its name, its columns, (bid, label) pairs."""

    label: Message
    columns: int
    bids: tuple[tuple[int, str | Message], ...]
    kind: str  # "point-bids" or "mark-bids", for the page's layout


@dataclass(frozen=True)
class Taken:
    """What each team took, as far as the entry says: tricks, count and points (None if not given)."""

    tricks: Mapping[str, int] | None
    count: Mapping[str, int] | None
    points: Mapping[str, int] | None
    count_tiles: Mapping[str, tuple[Tile, ...]] | None = None


def count_tile_name(tile: Tile) -> str:
    """A tile as 42 players name the count: high end first (6-4, 5-0, 4-1, 3-2)."""
    return f"{tile.high}-{tile.low}"


# --- reading an entry ------------------------------------------------------------------


def read_bid(entry: Entry, table: Table, options: Options) -> Bid:
    """The bidder, the bid (30-41, or 42 × 1 … 7) and the special contract, checked."""
    if entry.get("bidder") is None:
        if options["all_pass"] == "redeal":
            nobody = say(
                "name the player who won the bidding (or all_passed: true when everybody passed)"
            )
        else:
            nobody = say("name the player who won the bidding")
        raise RuleError(nobody, "bidder")
    bidder = table.player(entry["bidder"], "bidder")
    raw = entry.get("bid")
    allowed = say(
        "%(low)s to %(high)s points, or marks: %(marks)s",
        low=LOWEST_BID,
        high=MARK - 1,
        marks=", ".join(map(str, MARK_BIDS)),
    )
    if raw is None:
        raise RuleError(say("the bid must be %(allowed)s; not nothing", allowed=allowed), "bid")
    if isinstance(raw, bool) or not isinstance(raw, int):
        not_a_number = say(
            "the bid must be %(allowed)s; not %(given)s", allowed=allowed, given=repr(raw)
        )
        raise RuleError(not_a_number, "bid")
    if raw not in POINT_BIDS and raw not in MARK_BIDS:
        raise RuleError(
            say("%(bid)s is not a bid: bids are %(allowed)s", bid=raw, allowed=allowed), "bid"
        )
    return Bid(bidder, table.side_of(bidder), raw, read_contract(entry, options, raw))


def read_contract(entry: Entry, options: Options, bid: int) -> Contract | None:
    raw = entry.get("contract")
    if raw is None:
        return None
    name = raw.strip().casefold() if isinstance(raw, str) else ""
    if name not in CONTRACTS:
        raise RuleError(
            say(
                "%(given)s is not a contract here: the contracts are %(contracts)s",
                given=repr(raw),
                contracts=", ".join(CONTRACTS),
            ),
            "contract",
        )
    contract = CONTRACTS[name]
    if not options[name]:
        raise RuleError(
            say("%(contract)s is off in this game", contract=contract.label), "contract"
        )
    if bid not in contract.bids:
        raise RuleError(contract.bid_rule, "bid")
    return contract


def points_for(side: str) -> Message:
    """What a team's points are called in a refusal of them."""
    return say("the points for %(side)s", side=side)


def _whole_points(entry: Entry, table: Table) -> dict[str, int]:
    return side_numbers(entry, "points", table, points_for, high=HAND_POINTS)


def _most_count(tricks: int) -> int:
    """The most count that `tricks` tricks (4 tiles each) can hold, highest tiles first."""
    values = sorted(COUNT_VALUES.values(), reverse=True)
    return sum(values[: TILES_PER_TRICK * tricks])


def _count_from_tiles(
    entry: Entry, table: Table, tricks: Mapping[str, int], played_out: bool
) -> tuple[dict[str, int], dict[str, tuple[Tile, ...]]]:
    """Each team's count and count tiles; tiles that are not count are checked, then ignored."""
    hands = DOUBLE_SIX.parse_hands(per_side(entry, "count_tiles", table), "count_tiles")
    count: dict[str, int] = {}
    counted: dict[str, tuple[Tile, ...]] = {}
    for side, tiles in hands.items():
        room = TILES_PER_TRICK * tricks[side]
        if len(tiles) > room:
            raise RuleError(too_many_tiles(side, tricks[side], room, len(tiles)), "count_tiles")
        counted[side] = tuple(t for t in tiles if t in COUNT_VALUES)
        count[side] = sum(COUNT_VALUES[t] for t in counted[side])
    if played_out:
        listed = {t for tiles in hands.values() for t in tiles}
        missing = [count_tile_name(t) for t in COUNT_VALUES if t not in listed]
        if missing:
            raise RuleError(
                say_n(
                    "%(tiles)s is not accounted for: every count tile is in play, so a team "
                    "took it",
                    "%(tiles)s are not accounted for: every count tile is in play, so a team "
                    "took it",
                    len(missing),
                    tiles=", ".join(missing),
                ),
                "count_tiles",
            )
    return count, counted


def _check_count(count: Mapping[str, int], tricks: Mapping[str, int], field: str) -> None:
    for side, value in count.items():
        if tricks[side] == 0 and value:
            raise RuleError(
                say(
                    "%(side)s took no trick, so %(side)s took no count: its count is 0, "
                    "not %(given)s",
                    side=side,
                    given=value,
                ),
                field,
            )
        most = _most_count(tricks[side])
        if value > most:
            raise RuleError(
                say_n(
                    "%(side)s took %(count)s trick, which hold at most %(most)s count, "
                    "not %(given)s",
                    "%(side)s took %(count)s tricks, which hold at most %(most)s count, "
                    "not %(given)s",
                    tricks[side],
                    side=side,
                    most=most,
                    given=value,
                ),
                field,
            )


# What a hand's points, tricks or counts must add up to, said whole for each of them.
NOT_PLAYED_OUT: Mapping[str, Callable[..., Message]] = {
    "points": lambda **values: say(
        "the points must total %(whole)s when playing for points (the hand is played out), "
        "not %(total)s (%(parts)s)",
        **values,
    ),
    "tricks": lambda **values: say(
        "the tricks must total %(whole)s when playing for points (the hand is played out), "
        "not %(total)s (%(parts)s)",
        **values,
    ),
    "counts": lambda **values: say(
        "the counts must total %(whole)s when playing for points (the hand is played out), "
        "not %(total)s (%(parts)s)",
        **values,
    ),
}
TOO_MANY: Mapping[str, Callable[..., Message]] = {
    "points": lambda **values: say(
        "the points add up to %(total)s (%(parts)s), but a hand has %(whole)s", **values
    ),
    "tricks": lambda **values: say(
        "the tricks add up to %(total)s (%(parts)s), but a hand has %(whole)s", **values
    ),
    "counts": lambda **values: say(
        "the counts add up to %(total)s (%(parts)s), but a hand has %(whole)s", **values
    ),
}


def _check_totals(
    values: Mapping[str, int], whole: int, what: str, field: str, played_out: bool
) -> None:
    """Exactly the hand's total when it was played out (points scoring), else at most it."""
    total = sum(values.values())
    parts = " + ".join(f"{side} {n}" for side, n in values.items())
    if played_out and total != whole:
        raise RuleError(NOT_PLAYED_OUT[what](whole=whole, total=total, parts=parts), field)
    if total > whole:
        raise RuleError(TOO_MANY[what](whole=whole, total=total, parts=parts), field)


def read_taken(entry: Entry, table: Table, played_out: bool) -> Taken:
    """Points, or tricks with count (or count tiles), or tricks alone; checked against the hand."""
    if "points" in entry and any(k in entry for k in ("tricks", "count", "count_tiles")):
        raise RuleError(
            say("give either each team's points or its tricks and count, not both"), "points"
        )
    if "points" in entry:
        points = _whole_points(entry, table)
        _check_totals(points, HAND_POINTS, "points", "points", played_out)
        return Taken(None, None, points)
    if "tricks" not in entry:
        if "count" in entry or "count_tiles" in entry:
            raise RuleError(say("give the tricks each team took with its count"), "tricks")
        return Taken(None, None, None)
    tricks = side_numbers(entry, "tricks", table, tricks_for, high=TRICKS)
    _check_totals(tricks, TRICKS, "tricks", "tricks", played_out)
    if "count" in entry and "count_tiles" in entry:
        raise RuleError(COUNT_OR_TILES, "count")
    tiles = None
    if "count_tiles" in entry:
        count, tiles = _count_from_tiles(entry, table, tricks, played_out)
        field = "count_tiles"
    elif "count" in entry:
        count = count_numbers(entry, table, ALL_COUNT)
        field = "count"
    else:
        return Taken(tricks, None, None)
    _check_count(count, tricks, field)
    _check_totals(count, ALL_COUNT, "counts", field, played_out)
    points = {side: tricks[side] + count[side] for side in table.sides}
    return Taken(tricks, count, points, tiles)


# --- made or set -------------------------------------------------------------------------


def _other(table: Table, side: str) -> str:
    (other,) = (s for s in table.sides if s != side)
    return other


def _decided_by_points(bid: Bid, taken: Taken, others: str) -> bool | None:
    """Made (True), set (False), or not decided yet (None) from the points each team holds."""
    assert taken.points is not None
    ours, theirs = taken.points[bid.side], taken.points[others]
    if bid.contract is not None and bid.contract.name == "nello":
        # The bidder must lose every trick: any point for the bidders is a trick taken.
        return False if ours else (True if theirs == HAND_POINTS else None)
    if bid.in_marks:
        # All 7 tricks are all 42 points; one trick to the others is a point for them.
        return True if ours == HAND_POINTS else (False if theirs else None)
    if ours >= bid.value:
        return True
    return False if theirs > HAND_POINTS - bid.value else None


def _decided_by_tricks(bid: Bid, tricks: Mapping[str, int], others: str) -> bool | None:
    ours, theirs = tricks[bid.side], tricks[others]
    if bid.contract is not None and bid.contract.name == "nello":
        return False if ours else (True if theirs == TRICKS else None)
    return True if ours == TRICKS else (False if theirs else None)


def _undecided(bid: Bid, taken: Taken, others: str) -> RuleError:
    if taken.points is not None:
        ours, theirs = taken.points[bid.side], taken.points[others]
        values = {"side": bid.side, "ours": ours, "others": others, "theirs": theirs}
        if bid.in_marks:
            undecided = say(
                "not decided: %(side)s %(ours)s of all %(all)s, %(others)s %(theirs)s. Play on "
                "until the bid is made or set, or tap Made or Set",
                all=HAND_POINTS,
                **values,
            )
        else:
            undecided = say(
                "not decided: %(side)s %(ours)s of %(bid)s, %(others)s %(theirs)s. Play on "
                "until the bid is made or set, or tap Made or Set",
                bid=bid.value,
                **values,
            )
        return RuleError(undecided, "points")
    assert taken.tricks is not None
    return RuleError(
        say(
            "not decided: %(side)s %(ours)s, %(others)s %(theirs)s. Play on until the bid is "
            "made or set",
            side=bid.side,
            ours=tricks_phrase(taken.tricks[bid.side]),
            others=others,
            theirs=tricks_phrase(taken.tricks[others]),
        ),
        "tricks",
    )


def made_or_set(entry: Entry, bid: Bid, taken: Taken, others: str) -> bool:
    """Whether the bid was made: from the points or tricks, or from `made` as given."""
    given = entry.get("made")
    if given is not None and not isinstance(given, bool):
        raise RuleError(say("made must be true or false"), "made")
    decided: bool | None = None
    if "bidder_tricks" in entry:
        if bid.contract is None or bid.contract.name != "nello":
            raise RuleError(
                say("the bidder's own tricks are entered only for Nello"), "bidder_tricks"
            )
        if taken.tricks is not None or taken.points is not None:
            raise RuleError(
                say("give the bidder's tricks or the teams' tricks, not both"), "bidder_tricks"
            )
        took = whole_number(
            entry["bidder_tricks"], "bidder_tricks", say("the bidder's tricks"), high=TRICKS
        )
        decided = took == 0
    elif taken.points is not None:
        decided = _decided_by_points(bid, taken, others)
    elif taken.tricks is not None:
        if not bid.in_marks:
            raise RuleError(
                say(
                    "a bid of %(bid)s points is decided by the points: give each team's count "
                    "with its tricks",
                    bid=bid.value,
                ),
                "count",
            )
        decided = _decided_by_tricks(bid, taken.tricks, others)
    elif given is None:
        raise RuleError(
            say("give each team's points, or tricks and count, or whether the bid was made"),
            "points",
        )
    if given is not None and decided is not None and given != decided:
        if given:
            wrong = say("Made was tapped, but the points say the bid was set")
        else:
            wrong = say("Set was tapped, but the points say the bid was made")
        raise RuleError(wrong, "made")
    if decided is None and given is None:
        raise _undecided(bid, taken, others)
    return bool(given) if decided is None else decided


def took_phrase(bid: Bid, taken: Taken, others: str, entry: Entry, made: bool) -> Message | None:
    """What decided the bid: "Them took 4 tricks + 5-5 + 4-1 = 19 < 34: set"; None when only
    Made or Set was tapped."""
    if "bidder_tricks" in entry:
        took = int(entry["bidder_tricks"])
        if made:
            return say_n(
                "%(bidder)s took %(count)s trick: made",
                "%(bidder)s took %(count)s tricks: made",
                took,
                bidder=bid.bidder,
            )
        return say_n(
            "%(bidder)s took %(count)s trick: set",
            "%(bidder)s took %(count)s tricks: set",
            took,
            bidder=bid.bidder,
        )
    if taken.points is not None:
        values = {"side": bid.side, "taken": _points_taken(bid.side, taken)}
        if bid.in_marks and made:
            return say(
                "%(side)s took %(taken)s, %(others)s %(theirs)s: made",
                others=others,
                theirs=taken.points[others],
                **values,
            )
        if bid.in_marks:
            return say(
                "%(side)s took %(taken)s, %(others)s %(theirs)s: set",
                others=others,
                theirs=taken.points[others],
                **values,
            )
        if made:
            return say("%(side)s took %(taken)s ≥ %(bid)s: made", bid=bid.value, **values)
        return say("%(side)s took %(taken)s < %(bid)s: set", bid=bid.value, **values)
    if taken.tricks is not None:
        values = {
            "side": bid.side,
            "ours": tricks_phrase(taken.tricks[bid.side]),
            "others": others,
            "theirs": tricks_phrase(taken.tricks[others]),
        }
        if made:
            return say("%(side)s took %(ours)s, %(others)s %(theirs)s: made", **values)
        return say("%(side)s took %(ours)s, %(others)s %(theirs)s: set", **values)
    return None


def _points_taken(side: str, taken: Taken) -> int | Message:
    """A team's points, with the tricks and count they come from when the entry gives them."""
    assert taken.points is not None
    points = taken.points[side]
    if taken.tricks is None:
        return points
    tricks = taken.tricks[side]
    if taken.count_tiles is not None and taken.count_tiles[side]:
        return say_n(
            "%(count)s trick + %(tiles)s = %(points)s",
            "%(count)s tricks + %(tiles)s = %(points)s",
            tricks,
            tiles=" + ".join(count_tile_name(t) for t in taken.count_tiles[side]),
            points=points,
        )
    if taken.count_tiles is not None:
        return say_n(
            "%(count)s trick = %(points)s", "%(count)s tricks = %(points)s", tricks, points=points
        )
    if taken.count is not None:
        return say_n(
            "%(count)s trick + count %(counted)s = %(points)s",
            "%(count)s tricks + count %(counted)s = %(points)s",
            tricks,
            counted=taken.count[side],
            points=points,
        )
    return points


def _hand_line(bid: Bid, took: Message | None, made: bool, scored: Message) -> Message:
    """The hand's one line: the bid; what decided it; what each team scores."""
    if took is not None:
        return say("%(bid)s; %(took)s. %(scored)s.", bid=bid.said, took=took, scored=scored)
    if made:
        return say("%(bid)s; made. %(scored)s.", bid=bid.said, scored=scored)
    return say("%(bid)s; set. %(scored)s.", bid=bid.said, scored=scored)


# --- the ruleset -----------------------------------------------------------------------


@dataclass(frozen=True)
class Texas42Ruleset(TricksAndCount, Ruleset):
    """Texas 42: a bid, then made or set; marks (default) or points."""

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        self.check_table(table)
        if flag(entry, "all_passed"):
            return self._all_passed(entry, table, options)
        bid = read_bid(entry, table, options)
        points_scoring = options["scoring"] == "points"
        special = bid.contract is not None
        played_out = points_scoring and not special
        if points_scoring and not special and "made" in entry:
            raise RuleError(
                say(
                    "playing for points, a regular bid needs each team's points (or tricks and "
                    "count), not just made or set"
                ),
                "made",
            )
        if points_scoring and not special and not any(k in entry for k in ("points", "tricks")):
            raise RuleError(
                say("playing for points, give each team's points (or its tricks and count)"),
                "points",
            )
        if points_scoring and special:
            # A special contract played for points scores only its value; anything given is
            # still checked against a played-out hand.
            played_out = any(k in entry for k in ("points", "tricks"))
        taken = read_taken(entry, table, played_out)
        if points_scoring and not special and taken.points is None:
            raise RuleError(
                say("playing for points, give each team's count with its tricks"), "count"
            )
        others = _other(table, bid.side)
        made = made_or_set(entry, bid, taken, others)
        winner = bid.side if made else others
        scores = zero_scores(table)
        if not points_scoring:
            scores[winner] = bid.marks
            scored = say_n(
                "%(side)s score %(count)s mark",
                "%(side)s score %(count)s marks",
                bid.marks,
                side=winner,
            )
        elif special or bid.in_marks:
            # A special contract scores its value only; the others' points go with a set
            # mark bid.
            own = 0 if special or made or taken.points is None else taken.points[others]
            scores[winner] = bid.value + own
            if own:
                scored = say(
                    "%(side)s score %(bid)s + %(own)s = %(points)s",
                    side=winner,
                    bid=bid.value,
                    own=own,
                    points=scores[winner],
                )
            else:
                scored = say("%(side)s score %(bid)s", side=winner, bid=bid.value)
        else:
            assert taken.points is not None
            if made:
                scores.update(taken.points)
                scored = say(
                    "%(side)s score %(ours)s, %(others)s %(theirs)s",
                    side=bid.side,
                    ours=taken.points[bid.side],
                    others=others,
                    theirs=taken.points[others],
                )
            else:
                scores[others] = bid.value + taken.points[others]
                scored = say(
                    "%(side)s score %(bid)s + %(theirs)s = %(points)s",
                    side=others,
                    bid=bid.value,
                    theirs=taken.points[others],
                    points=scores[others],
                )
        return HandResult(
            scores,
            (_hand_line(bid, took_phrase(bid, taken, others, entry, made), made, scored),),
        )

    def _all_passed(self, entry: Entry, table: Table, options: Options) -> HandResult:
        if options["all_pass"] == "forced":
            raise RuleError(
                say(
                    "everybody passed, so the dealer must bid %(bid)s: enter the dealer as the "
                    "bidder with a bid of %(bid)s",
                    bid=LOWEST_BID,
                ),
                "all_passed",
            )
        extra = [key for key in ENTRY_FIELDS if key in entry and key != "all_passed"]
        if extra:
            raise RuleError(NOT_AFTER_ALL_PASSED[extra[0]], extra[0])
        redeal = say("Everybody passed: a redeal, nobody scores, and the deal moves on.")
        return HandResult(zero_scores(table), (redeal,))

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """First team to 7 marks (or 250 points) wins; playing for points, the bidders win
        when both teams get there on the same hand ("bidder goes out")."""
        points = options["scoring"] == "points"
        target = int(options["points_target"] if points else options["marks_target"])
        status = bidders_win_on_a_shared_crossing(table, hands, target, not points)
        if status.finished:
            return status
        # What the board says of the game's distance (its target is not the seeds' "target").
        more = target - max(running_totals(table, hands).values())
        if points:
            distance = say_n(
                "leader needs %(count)s point more to reach %(target)s",
                "leader needs %(count)s points more to reach %(target)s",
                more,
                target=target,
            )
        else:
            distance = say_n(
                "leader needs %(count)s mark more to reach %(target)s marks",
                "leader needs %(count)s marks more to reach %(target)s marks",
                more,
                target=target,
            )
        return Status(False, (), distance)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        us, them = table.sides
        return {"bidder": table.players[0], "bid": 31, "points": {us: 35, them: 7}}

    # --- what the entry page shows, so that no template restates a rule ---------------

    hand_points: ClassVar[int] = HAND_POINTS
    tricks: ClassVar[int] = TRICKS
    all_count: ClassVar[int] = ALL_COUNT
    count_tile_names: ClassVar[tuple[str, ...]] = tuple(count_tile_name(t) for t in COUNT_VALUES)

    count_values: ClassVar[Mapping[Tile, int]] = COUNT_VALUES

    def count_tile_name(self, tile: Tile) -> str:
        """'5-5 and 6-4 count 10; 5-0, 4-1 and 3-2 count 5': high end first."""
        return count_tile_name(tile)

    @property
    def count_worth(self) -> Mapping[str, int]:
        """Each count tile as the page shows it, and its worth."""
        return {count_tile_name(t): v for t, v in COUNT_VALUES.items()}

    def bid_rows(self) -> tuple[BidRow, ...]:
        """The bids the page offers: a row of point bids, then the mark bids."""
        marks = tuple(
            (bid, say_n("%(count)s mark", "%(count)s marks", bid // MARK)) for bid in MARK_BIDS
        )
        points = tuple((bid, str(bid)) for bid in POINT_BIDS)
        return (
            BidRow(say("Point bids"), 6, points, "point-bids"),
            BidRow(say("Mark bids (%(mark)s each)", mark=MARK), 4, marks, "mark-bids"),
        )

    def forced_bid_hint(self, dealer: str) -> Message:
        """What the page says instead of offering "Everybody passed" (all_pass: forced)."""
        return say(
            "Everybody passed? Then %(dealer)s, the dealer, must bid %(bid)s: tap %(dealer)s "
            "and %(bid)s.",
            dealer=dealer,
            bid=LOWEST_BID,
        )

    def contracts(self, options: Mapping[str, Any]) -> tuple[Contract, ...]:
        """The special contracts this game's options allow."""
        return tuple(c for name, c in CONTRACTS.items() if options.get(name))


TEXAS_42 = Texas42Ruleset(
    id="texas-42",
    name="Texas 42",
    description="Two partnerships bid for the 42 points of a hand (7 tricks and 35 count) in "
    "points or marks; the bidders make their bid or are set.",
    seed="texas-42.txt",
    players=(4,),
    partnerships="always",
    sources=(
        "en.wikipedia.org/wiki/42_(dominoes): 4 players; 7 marks or 250 points; minimum bid "
        "30; if all pass the dealer must bid 30 (or a reshuffle); Nel-O; Plunge",
        "pagat.com/domino/trick/42.html (McLeod; the marks game and its variants) and "
        "pagat.com/domino/trick/texas42.html (Celko; the points game)",
        "texas42.net/42scoring.html: points and marks scoring; texas42.net/42nutshell.html: "
        "the highest bid is 42 or multiples of it, play may stop once the bid is made or set",
        "42-online.com/how.php: if everyone passes the last bidder is forced to bid 30; mark "
        "bids must take all seven tricks",
        "forty-two.50megs.com/Forty-Two_Bid.html: marks are 42 × n",
        "recipegoldmine.com/childgames/four-hand-texas.html: a made bid scores the bid, a set "
        "gives the opponents the bid plus their points; 250 is game; the bidder goes out first",
        "domino-play.com/Games/Plunge.htm and dominorules.com/plunge; dominorules.com/sevens; "
        "domino-play.com/Games/Nel-O.htm",
        "jasonyandell/mk5-main, .claude/skills/texas-42/game-rules.md: Splash and Nello",
    ),
    options=(
        Option("scoring", "Score in", "marks", str, choices=("marks", "points")),
        Option("marks_target", "Marks to win (scoring in marks)", 7, int, minimum=1, maximum=100),
        Option(
            "points_target",
            "Points to win (scoring in points)",
            250,
            int,
            minimum=1,
            maximum=10_000,
        ),
        Option(
            "all_pass",
            "When everybody passes",
            "forced",
            str,
            choices=("forced", "redeal"),
        ),
        Option("nello", "Nello bids allowed (the bidder must lose every trick)", True, bool),
        Option("plunge", "Plunge bids allowed (4 doubles, at least 4 marks)", False, bool),
        Option("splash", "Splash bids allowed (3 doubles, 2 or 3 marks)", False, bool),
        Option("sevens", "Sevens bids allowed (closest to 7 wins the trick)", False, bool),
    ),
)

RULESETS = (TEXAS_42,)
