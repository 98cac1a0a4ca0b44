"""Eighty: two partnerships bid for the points of 10 tricks (2 each) and the count tiles (60).

Seed: eighty.txt. SCORING.md ("Eighty") settles what the seed leaves open: bids 50-80, a
failed bid scores 0 for the bidders and the bid plus their own points for the others, the
Nel-O award, first to 250 (the bidders win when both teams get there on the same hand) and
the marks variant.

What can actually happen at the table, and is therefore checked (SCORING.md: "a count or
trick total that cannot happen" is an input error):

- 42 tiles, 10 each, 2 sit out. Every played tile ends up in some trick, so every count
  tile is taken by a team unless it is one of the 2 unused tiles: the count in play is
  between 40 (two 10-count tiles unused) and 60.
- A team with t tricks took 4t tiles, so it holds at most that many count tiles; a team
  that took no trick has no count.
- In a Nel-O hand the bidder's partner sits out: tricks are of 3 tiles and 12 tiles go
  unplayed, so any count from 0 to 60 can be in play. Count does not score in Nel-O, so
  it may be left out; when it is given it is checked all the same.

`count_tiles` may list the non-count tiles a team took as well (the trick pile as it lies):
they are checked (in the set, at most 2 copies, no more tiles than the tricks hold) and
otherwise ignored, as Black Tile ignores non-point tiles in `captured`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
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
    count_tiles_sentence,
    first_to_target,
    flag,
    per_side,
    side_numbers,
    zero_scores,
)
from scorekeeper.tiles import EIGHTY_SET, Tile
from scorekeeper.words import Message, say, say_n

__all__ = [
    "ALL_COUNT",
    "COUNT_OR_TILES",
    "COUNT_VALUES",
    "EIGHTY",
    "HIGHEST_BID",
    "LOWEST_BID",
    "NEL_O_PLAY",
    "NORMAL_PLAY",
    "NOT_AFTER_ALL_PASSED",
    "RULESETS",
    "Bid",
    "BidWon",
    "EightyRuleset",
    "Play",
    "TricksAndCount",
    "bidders_win_on_a_shared_crossing",
    "bidding_side",
    "count_can_happen",
    "count_for",
    "count_numbers",
    "hand_points",
    "not_a_count",
    "read_bid",
    "read_count",
    "read_tricks",
    "team_points",
    "too_many_tiles",
    "tricks_for",
    "tricks_phrase",
]

ENTRY_FIELDS = ("bidder", "bid", "tricks", "count", "count_tiles", "all_passed")
LOWEST_BID = 50
HIGHEST_BID = 80
TRICKS = 10
POINTS_PER_TRICK = 2

# The count tiles and what each copy is worth (eighty.txt: "Tiles bearing a total of 5 or
# 10 pips are the scoring count tiles").
COUNT_VALUES: Mapping[Tile, int] = {
    Tile.of(5, 5): 10,
    Tile.of(4, 6): 10,
    Tile.of(1, 4): 5,
    Tile.of(2, 3): 5,
}
# Every copy of every count tile, highest first: [10, 10, 10, 10, 5, 5, 5, 5].
_COUNT_COPIES = sorted(
    (value for tile, value in COUNT_VALUES.items() for _ in range(EIGHTY_SET.copies[tile])),
    reverse=True,
)
ALL_COUNT = sum(_COUNT_COPIES)  # 60
_TENS = _COUNT_COPIES.count(10)
_FIVES = _COUNT_COPIES.count(5)


@dataclass(frozen=True)
class Play:
    """How the tiles of a hand are played: tiles per trick, and tiles nobody plays."""

    tiles_per_trick: int
    unplayed: int


# 4 players, 10 tricks of 4 tiles, 2 tiles unused.
NORMAL_PLAY = Play(tiles_per_trick=4, unplayed=2)
# Nel-O: the partner sits out with 10 tiles face down: 10 tricks of 3, 12 tiles unplayed.
NEL_O_PLAY = Play(tiles_per_trick=3, unplayed=12)


@dataclass(frozen=True)
class BidWon:
    """Who won the bidding, and for which team: each bidding game's `Bid` adds what was bid
    (Eighty's value or Nel-O; Texas 42's value and special contract)."""

    bidder: str
    side: str


@dataclass(frozen=True)
class Bid(BidWon):
    """The winning bid: who made it, for which team, and how much (None for Nel-O)."""

    value: int | None

    @property
    def nel_o(self) -> bool:
        return self.value is None


# --- words ----------------------------------------------------------------------------


def tricks_for(side: str) -> Message:
    """What a side's tricks are called in a refusal of them (Moon and Texas 42 say the same)."""
    return say("the tricks for %(side)s", side=side)


def count_for(side: str) -> Message:
    """What a team's count is called in a refusal of it (Texas 42 says the same)."""
    return say("the count for %(side)s", side=side)


# A field given when everybody passed, refused in a whole sentence (Texas 42 says the same).
NOT_AFTER_ALL_PASSED: Mapping[str, Message] = {
    "bidder": say("everybody passed, so the hand has no bidder"),
    "bid": say("everybody passed, so the hand has no bid"),
    "contract": say("everybody passed, so the hand has no contract"),
    "points": say("everybody passed, so the hand has no points"),
    "tricks": say("everybody passed, so the hand has no tricks"),
    "count": say("everybody passed, so the hand has no count"),
    "count_tiles": say("everybody passed, so the hand has no count tiles"),
    "made": say("everybody passed, so the hand has no made"),
    "bidder_tricks": say("everybody passed, so the hand has no bidder tricks"),
}
COUNT_OR_TILES = say("give either each team's count or its count tiles, not both")


# --- reading an entry ------------------------------------------------------------------


def _is_nel_o(value: object) -> bool:
    """'nel-o' written any reasonable way: Nel-O, nelo, nel o."""
    if not isinstance(value, str):
        return False
    return "".join(ch for ch in value.casefold() if ch not in " -_") == "nelo"


def read_bid(entry: Entry, table: Table, options: Options) -> Bid:
    """The bidder (a player) and the bid: a whole number 50-80, or Nel-O when it is played."""
    if "bidder" not in entry or entry["bidder"] is None:
        raise RuleError(
            say(
                "name the player who won the bidding (or give all_passed: true if everybody passed)"
            ),
            "bidder",
        )
    bidder = table.player(entry["bidder"], "bidder")
    side = table.side_of(bidder)
    raw = entry.get("bid")
    if _is_nel_o(raw):
        if not options["nel_o"]:
            raise RuleError(say("Nel-O is not played in this game (option nel_o is off)"), "bid")
        return Bid(bidder, side, None)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise RuleError(_not_a_bid(raw, bool(options["nel_o"])), "bid")
    if not LOWEST_BID <= raw <= HIGHEST_BID:
        out_of_range = say(
            "a bid of %(bid)s is out of range: bids go from %(low)s to %(high)s",
            bid=raw,
            low=LOWEST_BID,
            high=HIGHEST_BID,
        )
        raise RuleError(out_of_range, "bid")
    return Bid(bidder, side, raw)


def _not_a_bid(raw: object, nel_o: bool) -> Message:
    """The refusal of a bid that is not a number (nor Nel-O, where it is played)."""
    values = {"low": LOWEST_BID, "high": HIGHEST_BID}
    if raw is None and nel_o:
        return say(
            "the bid must be a number from %(low)s to %(high)s or Nel-O, not nothing", **values
        )
    if raw is None:
        return say("the bid must be a number from %(low)s to %(high)s, not nothing", **values)
    if nel_o:
        return say(
            "the bid must be a number from %(low)s to %(high)s or Nel-O, not %(given)s",
            given=repr(raw),
            **values,
        )
    return say(
        "the bid must be a number from %(low)s to %(high)s, not %(given)s",
        given=repr(raw),
        **values,
    )


def read_tricks(entry: Entry, table: Table) -> dict[str, int]:
    """Tricks per team, which must total 10."""
    tricks = side_numbers(entry, "tricks", table, tricks_for, high=TRICKS)
    total = sum(tricks.values())
    if total != TRICKS:
        parts = " + ".join(f"{side} {n}" for side, n in tricks.items())
        wrong = say(
            "the tricks must total %(tricks)s, not %(total)s (%(parts)s)",
            tricks=TRICKS,
            total=total,
            parts=parts,
        )
        raise RuleError(wrong, "tricks")
    return tricks


def _most_count(tiles: int) -> int:
    """The most count that `tiles` tiles can hold (the highest count tiles first)."""
    return sum(_COUNT_COPIES[: max(0, tiles)])


def count_can_happen(tricks: Mapping[str, int], count: Mapping[str, int], play: Play) -> bool:
    """Whether some deal of the count tiles gives every team exactly its count.

    Each team holds at most `tiles_per_trick` tiles per trick it won; the count tiles no
    team took must be among the unplayed tiles.
    """
    room = {side: play.tiles_per_trick * n for side, n in tricks.items()}
    ways = [
        [
            (tens, fives)
            for tens in range(_TENS + 1)
            for fives in range(_FIVES + 1)
            if 10 * tens + 5 * fives == count[side] and tens + fives <= room[side]
        ]
        for side in tricks
    ]
    for combo in product(*ways):
        tens = sum(t for t, _ in combo)
        fives = sum(f for _, f in combo)
        if tens <= _TENS and fives <= _FIVES and _TENS + _FIVES - tens - fives <= play.unplayed:
            return True
    return False


def _check_count(
    tricks: Mapping[str, int], count: Mapping[str, int], play: Play, field: str
) -> None:
    """Refuse a count a team could not have taken with its tricks (see the module's notes)."""
    for side, value in count.items():
        if tricks[side] == 0 and value:
            raise RuleError(
                say(
                    "%(side)s took no trick, so %(side)s took no count tiles: its count is 0, "
                    "not %(count)s",
                    side=side,
                    count=value,
                ),
                field,
            )
        tiles = play.tiles_per_trick * tricks[side]
        most = _most_count(tiles)
        if value > most:
            raise RuleError(
                say_n(
                    "%(side)s took %(count)s trick (%(tiles)s tiles), which hold at most "
                    "%(most)s count, not %(given)s",
                    "%(side)s took %(count)s tricks (%(tiles)s tiles), which hold at most "
                    "%(most)s count, not %(given)s",
                    tricks[side],
                    side=side,
                    tiles=tiles,
                    most=most,
                    given=value,
                ),
                field,
            )
    total = sum(count.values())
    if total > ALL_COUNT:
        raise RuleError(
            say(
                "the counts add up to %(total)s, but there are only %(all)s count points",
                total=total,
                all=ALL_COUNT,
            ),
            field,
        )
    least = ALL_COUNT - _most_count(play.unplayed)
    if total < least:
        raise RuleError(
            say(
                "the counts add up to %(total)s, but at least %(least)s count is always taken: "
                "only %(unplayed)s tiles are not played, and every played count tile is won in a "
                "trick",
                total=total,
                least=least,
                unplayed=play.unplayed,
            ),
            field,
        )
    if not count_can_happen(tricks, count, play):
        (us, us_count), (them, them_count) = count.items()
        raise RuleError(
            say(
                "counts of %(us)s %(us_count)s and %(them)s %(them_count)s cannot happen with "
                "these tricks: no sharing of the count tiles (four worth 10, four worth 5, at "
                "most %(unplayed)s not played) gives them",
                us=us,
                us_count=us_count,
                them=them,
                them_count=them_count,
                unplayed=play.unplayed,
            ),
            field,
        )


def count_numbers(entry: Entry, table: Table, all_count: int = ALL_COUNT) -> dict[str, int]:
    """Each team's count as numbers: whole multiples of 5 up to all the count in the set."""
    count = side_numbers(entry, "count", table, count_for, high=all_count)
    for side, value in count.items():
        if value % 5:
            raise RuleError(not_a_count(side, value), "count")
    return count


def not_a_count(side: str, value: int) -> Message:
    """The refusal of a count that no count tiles add up to (Texas 42 says the same)."""
    return say(
        "the count for %(side)s must be a multiple of 5 (count tiles are worth 5 or 10), "
        "not %(count)s",
        side=side,
        count=value,
    )


def too_many_tiles(side: str, tricks: int, room: int, listed: int) -> Message:
    """The refusal of more tiles than a team's tricks hold (Texas 42 says the same)."""
    return say_n(
        "%(side)s took %(count)s trick, which hold %(room)s tiles, but %(listed)s tiles are "
        "listed for %(side)s",
        "%(side)s took %(count)s tricks, which hold %(room)s tiles, but %(listed)s tiles are "
        "listed for %(side)s",
        tricks,
        side=side,
        room=room,
        listed=listed,
    )


def _tiles_count(
    entry: Entry, table: Table, tricks: Mapping[str, int], play: Play, lines: list[Message]
) -> dict[str, int]:
    """The count from the tiles each team took; non-count tiles are checked, then ignored."""
    hands = EIGHTY_SET.parse_hands(per_side(entry, "count_tiles", table), "count_tiles")
    count: dict[str, int] = {}
    for side, tiles in hands.items():
        room = play.tiles_per_trick * tricks[side]
        if len(tiles) > room:
            raise RuleError(too_many_tiles(side, tricks[side], room, len(tiles)), "count_tiles")
        counted = [t for t in tiles if t in COUNT_VALUES]
        others = [t for t in tiles if t not in COUNT_VALUES]
        count[side] = sum(COUNT_VALUES[t] for t in counted)
        lines.append(_count_line(side, counted, others, count[side]))
    claimed = [t for tiles in hands.values() for t in tiles]
    missing = [
        tile for tile in COUNT_VALUES for _ in range(EIGHTY_SET.copies[tile] - claimed.count(tile))
    ]
    if len(missing) > play.unplayed:
        raise RuleError(
            say(
                "%(tiles)s are not accounted for: only %(unplayed)s tiles are not played, and "
                "every other count tile is won in a trick",
                tiles=", ".join(str(t) for t in missing),
                unplayed=play.unplayed,
            ),
            "count_tiles",
        )
    return count


def _count_line(side: str, counted: Sequence[Tile], others: Sequence[Tile], count: int) -> Message:
    """What a team's count tiles are worth, naming the other tiles it listed, which are not."""
    took = " + ".join(str(t) for t in counted)
    not_counted = ", ".join(str(t) for t in others)
    if counted and others:
        return say(
            "%(side)s took %(tiles)s: count %(count)s (%(others)s not counted)",
            side=side,
            tiles=took,
            count=count,
            others=not_counted,
        )
    if counted:
        return say("%(side)s took %(tiles)s: count %(count)s", side=side, tiles=took, count=count)
    if others:
        return say(
            "%(side)s took no count tiles: count 0 (%(others)s not counted)",
            side=side,
            others=not_counted,
        )
    return say("%(side)s took no count tiles: count 0", side=side)


def read_count(
    entry: Entry, table: Table, tricks: Mapping[str, int], play: Play, lines: list[Message]
) -> dict[str, int]:
    """Each team's count, given as numbers (`count`) or as the tiles it took (`count_tiles`)."""
    if "count" in entry and "count_tiles" in entry:
        raise RuleError(COUNT_OR_TILES, "count")
    if "count_tiles" in entry:
        count = _tiles_count(entry, table, tricks, play, lines)
        _check_count(tricks, count, play, "count_tiles")
        return count
    if "count" not in entry:
        raise RuleError(
            say(
                "give each team's count (multiples of 5, together at most %(all)s) or the "
                "count tiles it took",
                all=ALL_COUNT,
            ),
            "count",
        )
    count = count_numbers(entry, table)
    _check_count(tricks, count, play, "count")
    return count


def team_points(tricks: Mapping[str, int], count: Mapping[str, int]) -> dict[str, int]:
    """What each team took: 2 points per trick plus its count (before the bid rule)."""
    return {side: POINTS_PER_TRICK * tricks[side] + count[side] for side in tricks}


def hand_points(entry: Entry, table: Table) -> dict[str, int]:
    """Each team's points in a hand's entry before the bid rule: 2 per trick plus its count.

    The tricks and the count are checked as in scoring; the bid only tells whether the
    hand was Nel-O (tricks of 3 tiles). Raises RuleError for an entry without count.
    """
    check_entry_keys(entry, ENTRY_FIELDS)
    play = NEL_O_PLAY if _is_nel_o(entry.get("bid")) else NORMAL_PLAY
    tricks = read_tricks(entry, table)
    return team_points(tricks, read_count(entry, table, tricks, play, []))


def bidding_side(entry: Entry, table: Table) -> str | None:
    """The team of the hand's bidder, or None for a hand without one (everybody passed)."""
    name = entry.get("bidder") if isinstance(entry, Mapping) else None
    if name is None:
        return None
    return table.side_of(table.player(name, "bidder"))


def bidders_win_on_a_shared_crossing(
    table: Table, hands: Sequence[ScoredHand], target: int, marks: bool
) -> Status:
    """The first team to the target wins; when both get there on the same hand, that hand's
    bidding team wins (Eighty and Texas 42's "bidder goes out"), in `marks` or in points."""
    shared: list[int] = []
    final: dict[str, int] = {}

    def crossing(
        hand: ScoredHand, totals: Mapping[str, int], reached: list[str]
    ) -> tuple[str, ...]:
        final.update(totals)
        if len(reached) == 1:
            return (reached[0],)
        try:
            side = bidding_side(hand.entry, table)
        except RuleError:
            side = None
        if side in reached:
            shared.append(hand.number)
            return (side,) if side is not None else ()
        best = max(totals[s] for s in reached)
        return tuple(s for s in reached if totals[s] == best)

    result = first_to_target(table, hands, target, crossing_winners=crossing)
    if not result.finished:
        return result
    values = {"winner": and_list(result.winners), "target": target}
    if shared and marks:
        sentence = say(
            "Both teams reached %(target)s marks on hand %(hand)s: the bidders, %(winner)s, won",
            hand=shared[0],
            **values,
        )
    elif shared:
        sentence = say(
            "Both teams reached %(target)s on hand %(hand)s: the bidders, %(winner)s, won",
            hand=shared[0],
            **values,
        )
    elif marks:
        sentence = say(
            "%(winner)s reached %(target)s marks with %(total)s and won",
            total=final[result.winners[0]],
            **values,
        )
    else:
        sentence = say(
            "%(winner)s reached %(target)s with %(total)s and won",
            total=final[result.winners[0]],
            **values,
        )
    return Status(True, result.winners, sentence)


# --- the ruleset -----------------------------------------------------------------------


def tricks_phrase(n: int) -> Message:
    """'1 trick', '5 tricks': a team's tricks, said inside a sentence (Texas 42's)."""
    return say_n("%(count)s trick", "%(count)s tricks", n)


class TricksAndCount:
    """What the entry page of a game of tricks and count tiles (Eighty, Texas 42) shows, so
    that no template restates a rule: the tricks of a hand, all the count, the count tiles."""

    tricks: ClassVar[int]
    all_count: ClassVar[int]
    count_values: ClassVar[Mapping[Tile, int]]

    def count_tile_name(self, tile: Tile) -> str:
        """A count tile as the game's players name it."""
        return str(tile)

    @property
    def count_hint(self) -> str:
        """'5-5 and 4-6 count 10; 1-4 and 2-3 count 5.'"""
        return count_tiles_sentence(
            {self.count_tile_name(t): v for t, v in self.count_values.items()}
        )


@dataclass(frozen=True)
class EightyRuleset(TricksAndCount, Ruleset):
    """Eighty: bid, tricks and count; or Nel-O; or a redeal when everybody passed."""

    # --- what the entry page shows, so that no template restates a rule ---------------

    lowest_bid: ClassVar[int] = LOWEST_BID
    highest_bid: ClassVar[int] = HIGHEST_BID
    bid_step: ClassVar[int] = 5  # the bids offered as buttons; the others are typed
    tricks: ClassVar[int] = TRICKS
    all_count: ClassVar[int] = ALL_COUNT
    count_values: ClassVar[Mapping[Tile, int]] = COUNT_VALUES
    count_step: ClassVar[int] = 5  # every count tile is worth 5 or 10

    @property
    def count_tile_copies(self) -> tuple[tuple[str, int, int], ...]:
        """Each count tile, its worth and how many copies the two sets hold."""
        return tuple((str(t), v, EIGHTY_SET.copies[t]) for t, v in COUNT_VALUES.items())

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        self.check_table(table)
        scores = zero_scores(table)
        if flag(entry, "all_passed"):
            extra = [key for key in ENTRY_FIELDS if key in entry and key != "all_passed"]
            if extra:
                raise RuleError(NOT_AFTER_ALL_PASSED[extra[0]], extra[0])
            line = say("Everybody passed: a redeal, nobody scores, and the deal moves on")
            return HandResult(scores, (line,))
        bid = read_bid(entry, table, options)
        tricks = read_tricks(entry, table)
        if bid.nel_o:
            return self._score_nel_o(entry, table, options, bid, tricks)
        lines: list[Message] = []
        count = read_count(entry, table, tricks, NORMAL_PLAY, lines)
        points = team_points(tricks, count)
        assert bid.value is not None
        bidders = bid.side
        (others,) = (side for side in table.sides if side != bidders)
        took = {
            "side": bidders,
            "bid": bid.value,
            "trick_points": POINTS_PER_TRICK * tricks[bidders],
            "counted": count[bidders],
            "points": points[bidders],
        }
        marks = bool(options["marks"])
        if points[bidders] >= bid.value and marks:
            scores[bidders] = 1
            lines.append(
                say_n(
                    "%(side)s bid %(bid)s and took %(count)s trick (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid made, %(side)s score 1 mark",
                    "%(side)s bid %(bid)s and took %(count)s tricks (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid made, %(side)s score 1 mark",
                    tricks[bidders],
                    **took,
                )
            )
        elif points[bidders] >= bid.value:
            scores.update(points)
            lines.append(
                say_n(
                    "%(side)s bid %(bid)s and took %(count)s trick (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid made, %(side)s score %(points)s",
                    "%(side)s bid %(bid)s and took %(count)s tricks (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid made, %(side)s score %(points)s",
                    tricks[bidders],
                    **took,
                )
            )
            lines.append(
                say_n(
                    "%(side)s took %(count)s trick (%(trick_points)s) + count %(counted)s = "
                    "%(points)s: %(side)s score %(points)s",
                    "%(side)s took %(count)s tricks (%(trick_points)s) + count %(counted)s = "
                    "%(points)s: %(side)s score %(points)s",
                    tricks[others],
                    side=others,
                    trick_points=POINTS_PER_TRICK * tricks[others],
                    counted=count[others],
                    points=points[others],
                )
            )
        else:
            lines.append(
                say_n(
                    "%(side)s bid %(bid)s and took %(count)s trick (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid failed, %(side)s score 0",
                    "%(side)s bid %(bid)s and took %(count)s tricks (%(trick_points)s) + count "
                    "%(counted)s = %(points)s: bid failed, %(side)s score 0",
                    tricks[bidders],
                    **took,
                )
            )
            if marks:
                scores[others] = 1
                lines.append(say("%(side)s score 1 mark", side=others))
            else:
                scores[others] = bid.value + points[others]
                lines.append(
                    say(
                        "%(side)s score the bid %(bid)s + their %(trick_points)s + %(counted)s = "
                        "%(points)s",
                        side=others,
                        bid=bid.value,
                        trick_points=POINTS_PER_TRICK * tricks[others],
                        counted=count[others],
                        points=scores[others],
                    )
                )
        return HandResult(scores, tuple(lines))

    def _score_nel_o(
        self, entry: Entry, table: Table, options: Options, bid: Bid, tricks: Mapping[str, int]
    ) -> HandResult:
        """Nel-O: the bidder must lose every trick; only the award is scored."""
        scores = zero_scores(table)
        (partner,) = (p for p in table.members(bid.side) if p != bid.bidder)
        lines = [
            say(
                "%(bidder)s bid Nel-O for %(side)s; %(partner)s sat out",
                bidder=bid.bidder,
                side=bid.side,
                partner=partner,
            )
        ]
        if "count" in entry or "count_tiles" in entry:
            read_count(entry, table, tricks, NEL_O_PLAY, [])
            lines.append(say("Tricks and count do not score in a Nel-O hand"))
        (others,) = (side for side in table.sides if side != bid.side)
        # The partner plays no tile, so every trick the bidding team won is the bidder's.
        won = tricks[bid.side]
        winner = others if won else bid.side
        marks = bool(options["marks"])
        award = 1 if marks else int(options["nel_o_value"])
        scores[winner] = award
        if won and marks:
            lines.append(
                say_n(
                    "%(bidder)s took %(count)s trick: Nel-O failed, %(side)s score 1 mark",
                    "%(bidder)s took %(count)s tricks: Nel-O failed, %(side)s score 1 mark",
                    won,
                    bidder=bid.bidder,
                    side=others,
                )
            )
        elif won:
            lines.append(
                say_n(
                    "%(bidder)s took %(count)s trick: Nel-O failed, %(side)s score %(points)s",
                    "%(bidder)s took %(count)s tricks: Nel-O failed, %(side)s score %(points)s",
                    won,
                    bidder=bid.bidder,
                    side=others,
                    points=award,
                )
            )
        elif marks:
            lines.append(
                say(
                    "%(bidder)s took no trick: Nel-O made, %(side)s score 1 mark",
                    bidder=bid.bidder,
                    side=bid.side,
                )
            )
        else:
            lines.append(
                say(
                    "%(bidder)s took no trick: Nel-O made, %(side)s score %(points)s",
                    bidder=bid.bidder,
                    side=bid.side,
                    points=award,
                )
            )
        return HandResult(scores, tuple(lines))

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """First team to the target (or to marks_target marks) wins; on a shared crossing,
        the bidding team of that hand wins (eighty.txt: "regardless of the scores")."""
        marks = bool(options["marks"])
        target = int(options["marks_target"] if marks else options["target"])
        return bidders_win_on_a_shared_crossing(table, hands, target, marks)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        us, them = table.sides
        return {
            "bidder": table.players[0],
            "bid": 60,
            "tricks": {us: 6, them: 4},
            "count": {us: 40, them: 15},
        }

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and a Nel-O made by seat 1: the whole award for one team."""
        us, them = table.sides
        nel_o = {"bidder": table.players[0], "bid": "nel-o", "tricks": {us: 0, them: TRICKS}}
        return (*super().sample_entries(table), nel_o)


EIGHTY = EightyRuleset(
    id="eighty",
    name="Eighty",
    description="Two partnerships bid 50-80 for the points of 10 tricks (2 each) and the count "
    "tiles (60); the bidders must make their bid or the other team scores it.",
    seed="eighty.txt",
    players=(4,),
    partnerships="always",
    options=(
        Option("target", "Points to win", 250, int, minimum=1, maximum=10_000),
        Option("nel_o", "Nel-O bids allowed (the bidder must lose every trick)", True, bool),
        Option("nel_o_value", "Points for a Nel-O hand", 80, int, minimum=1, maximum=1_000),
        Option("marks", "Score 1 mark per hand won instead of points", False, bool),
        Option("marks_target", "Marks to win (with marks)", 10, int, minimum=1, maximum=1_000),
    ),
)

RULESETS = (EIGHTY,)
