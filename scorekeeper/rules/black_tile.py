"""Black Tile: the dominoes Hearts. Every point tile a player captures in tricks counts against them.

Seed: black-tile.txt (11 Point Black Tile and its 21-point variant); SCORING.md settles the
entry, the widow, the end of the game and the passing order.

Interpretations (where the seed and SCORING.md leave a choice):

- The widow (3 players) is the one tile left over from the deal. Unless the option
  `widow_to_first_trick` is on, it is out of play, and so are its points.
- Captured tiles: a player missing from `captured` captured nothing. Every point tile must
  be captured by exactly one player or be named as the unused widow. With 3 players and the
  widow unused, at most 27 tiles can have been captured.
- Points as numbers, 3 players, widow unused: if the entry names no widow, the widow is
  taken to be a tile without points, so the points must add up to all the points of the
  variant (11 or 21). When the widow is a point tile the entry must name it, and then the
  points must add up to the total minus the widow's points. With `widow_to_first_trick` (or
  4 players) there is no unused tile, naming one is refused, and the points add up to the
  total.
- Points as numbers must also be possible: while the 0-0 is in play somebody holds it, so
  somebody has at least its 4 (11-point) or 11 (21-point) points.
- A moon is one player holding every point in play, even when a point tile is the widow;
  the others then score 22 (11-point) or 42 (21-point) each.
- End: exactly one of `hands` and `target` is in force; giving one switches the other's
  default off. With `target`, the game ends after the hand in which somebody reaches it.
  Either way the lowest total wins and equal lowest totals share the win.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    NextHand,
    Option,
    Options,
    OptionValue,
    RuleError,
    Ruleset,
    ScoredHand,
    Status,
    Table,
    and_list,
    check_entry_keys,
    dealer_of,
    named_sides,
    whole_number,
    zero_scores,
)
from scorekeeper.tiles import DOUBLE_SIX, Tile
from scorekeeper.words import Message, say, say_n

ENTRY_FIELDS = ("captured", "points", "widow")
DOUBLE_BLANK = Tile(0, 0)
PASSING_FOUR: tuple[str, ...] = ("right", "left", "across", "hold")
PASSING_THREE: tuple[str, ...] = ("right", "left", "hold")
MOST_HANDS = 1_000
MOST_TARGET = 10_000


@dataclass(frozen=True)
class Variant:
    """Which tiles score, how many points each, and what a moon costs the others."""

    point_tiles: tuple[tuple[Tile, int], ...]
    ones: Message  # how the one-point tiles are called at the table: "of the 3-suit"
    moon_score: int

    @property
    def values(self) -> dict[Tile, int]:
        return dict(self.point_tiles)

    @property
    def total(self) -> int:
        return sum(points for _, points in self.point_tiles)

    @property
    def big(self) -> int:
        """The points of the 0-0, the one tile worth more than 1."""
        return self.values[DOUBLE_BLANK]

    def value(self, tile: Tile) -> int:
        """The points a tile scores (0 for a tile without points)."""
        return self.values.get(tile, 0)


ELEVEN = Variant(
    point_tiles=((DOUBLE_BLANK, 4), *((Tile.of(3, n), 1) for n in range(7))),
    ones=say("of the 3-suit"),
    moon_score=22,
)

TWENTY_ONE = Variant(
    point_tiles=(
        (DOUBLE_BLANK, 11),
        *(
            (Tile.of(a, b), 1)
            for a, b in (
                (0, 5),
                (1, 4),
                (2, 3),
                (0, 6),
                (1, 5),
                (2, 4),
                (3, 3),
                (1, 6),
                (2, 5),
                (3, 4),
            )
        ),
    ),
    ones=say("of 5, 6 or 7 pips"),
    moon_score=42,
)


def passing_direction(hand_number: int, players: int) -> str:
    """Which way tiles are passed before a hand: "right", "left", "across" or "hold".

    4 players: right, left, across, hold, repeat; 3 players: right, left, hold, repeat.
    """
    if hand_number < 1:
        raise ValueError(f"hands are numbered from 1, not {hand_number}")
    if players == 4:
        order = PASSING_FOUR
    elif players == 3:
        order = PASSING_THREE
    else:
        raise ValueError(f"Black Tile is played by 3 or 4 players, not {players}")
    return order[(hand_number - 1) % len(order)]


def two_rounds(table: Table) -> int:
    """The default length of an 11-point game: every player deals twice."""
    return 2 * len(table.players)


@dataclass(frozen=True)
class Accounting:
    """What a hand's entry says: points per player, why, and the points that were in play."""

    points: dict[str, int]
    lines: list[Message]
    in_play: int


@dataclass(frozen=True)
class BlackTileRuleset(Ruleset):
    """11 and 21 Point Black Tile differ only in their point tiles and the moon's price."""

    variant: Variant = ELEVEN

    # --- options -------------------------------------------------------------------

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """Exactly one end is in force: a number of hands or a target.

        Giving one of them switches off the other's default; giving both, or switching both
        off, is refused. A number of hands must be a multiple of the number of players.
        """
        resolved = super().resolve_options(given, table)
        hands_given = given.get("hands") is not None
        target_given = given.get("target") is not None
        if hands_given and target_given:
            raise RuleError(
                say("choose one way to end the game: a number of hands or a target, not both"),
                "options.target",
            )
        if hands_given:
            resolved["target"] = None
        elif target_given:
            resolved["hands"] = None
        hands = resolved["hands"]
        if hands is None and resolved["target"] is None:
            raise RuleError(
                say("the game needs an end: give a number of hands or a target"), "options.hands"
            )
        count = len(table.players)
        if hands is not None and hands % count:
            raise RuleError(
                say(
                    "the number of hands must be a multiple of the number of players "
                    "(%(players)s), so that everybody deals equally often: %(hands)s is not",
                    players=count,
                    hands=hands,
                ),
                "options.hands",
            )
        return resolved

    # --- one hand ------------------------------------------------------------------

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        check_entry_keys(entry, ENTRY_FIELDS)
        if "captured" in entry and "points" in entry:
            raise RuleError(
                say(
                    "give either the point tiles each player captured or each player's points, "
                    "not both"
                ),
                "points",
            )
        if "captured" not in entry and "points" not in entry:
            raise RuleError(
                say(
                    "give the point tiles each player captured (captured) or each player's "
                    "points (points)"
                ),
                "captured",
            )
        widow = self._widow(entry, table, options)
        if "captured" in entry:
            counted = self._from_tiles(entry, table, options, widow)
        else:
            counted = self._from_points(entry, table, widow)
        lines = counted.lines
        if widow is not None:
            lines.insert(0, self._widow_line(widow, counted.in_play))
        shooter = next(
            (player for player, points in counted.points.items() if points == counted.in_play),
            None,
        )
        scores = zero_scores(table)
        if shooter is None:
            scores.update(counted.points)
        else:
            others = self.variant.moon_score
            scores.update({player: others for player in table.players if player != shooter})
            lines.append(
                say(
                    "%(player)s shot the moon: 0, everyone else %(points)s",
                    player=shooter,
                    points=others,
                )
            )
        return HandResult(scores, tuple(lines))

    def _widow(self, entry: Entry, table: Table, options: Options) -> Tile | None:
        """The unused leftover tile named in the entry, if any (3 players only)."""
        raw = entry.get("widow")
        if raw is None:
            return None
        if len(table.players) != 3:
            raise RuleError(
                say(
                    "there is no widow with %(players)s players: all 28 tiles are dealt",
                    players=len(table.players),
                ),
                "widow",
            )
        if options["widow_to_first_trick"]:
            raise RuleError(
                say(
                    "in this game the widow goes to the winner of the first trick, so it is not "
                    "left unused: list it among that player's captured tiles instead"
                ),
                "widow",
            )
        return DOUBLE_SIX.parse(raw, "widow")

    def _widow_line(self, widow: Tile, in_play: int) -> Message:
        points = self.variant.value(widow)
        if points == 0:
            return say(
                "Widow %(tile)s left unused (no points); %(in_play)s points in play",
                tile=str(widow),
                in_play=in_play,
            )
        return say_n(
            "Widow %(tile)s left unused: its %(count)s point out of play; %(in_play)s points in "
            "play",
            "Widow %(tile)s left unused: its %(count)s points out of play; %(in_play)s points in "
            "play",
            points,
            tile=str(widow),
            in_play=in_play,
        )

    def _from_tiles(
        self, entry: Entry, table: Table, options: Options, widow: Tile | None
    ) -> Accounting:
        raw = entry["captured"]
        if not isinstance(raw, Mapping):
            raise RuleError(
                say('captured must give the tiles each player took, like {"Ann": ["3-6", "0-0"]}'),
                "captured",
            )
        named = named_sides(raw, "captured", table)
        hands = DOUBLE_SIX.parse_hands(
            {player: named.get(player, []) for player in table.players}, "captured"
        )
        owner: dict[Tile, str] = {}
        for player, tiles in hands.items():
            for tile in tiles:
                owner[tile] = player
        if widow is not None and widow in owner:
            raise RuleError(
                say(
                    "%(tile)s is named as the unused widow, but %(player)s captured it",
                    tile=str(widow),
                    player=owner[widow],
                ),
                "captured",
            )
        widow_unused = len(table.players) == 3 and not options["widow_to_first_trick"]
        if widow_unused and len(owner) > len(DOUBLE_SIX.tiles) - 1:
            raise RuleError(
                say(
                    "%(listed)s tiles are listed as captured, but with 3 players only 27 are "
                    "played (one is the unused widow)",
                    listed=len(owner),
                ),
                "captured",
            )
        missing = [
            tile for tile, _ in self.variant.point_tiles if tile not in owner and tile != widow
        ]
        if missing:
            raise RuleError(
                self._missing_sentence(missing, widow_unused and widow is None), "captured"
            )
        lines: list[Message] = []
        points: dict[str, int] = {}
        for player, tiles in hands.items():
            points[player] = sum(self.variant.value(tile) for tile in tiles)
            lines.append(self._tally(player, tiles, points[player]))
        in_play = self.variant.total - (0 if widow is None else self.variant.value(widow))
        return Accounting(points, lines, in_play)

    def _missing_sentence(self, missing: Sequence[Tile], widow_open: bool) -> Message:
        tiles = and_list([str(tile) for tile in missing])
        if widow_open and len(missing) == 1:
            return say(
                "%(tiles)s is not accounted for: give it to a player or name it as the widow",
                tiles=tiles,
            )
        if widow_open:
            return say(
                "%(tiles)s are not accounted for: give each to the player who captured it (one "
                "of them may be the widow)",
                tiles=tiles,
            )
        if len(missing) == 1:
            return say(
                "%(tiles)s is not accounted for: give it to the player who captured it",
                tiles=tiles,
            )
        return say(
            "%(tiles)s are not accounted for: give each to the player who captured it", tiles=tiles
        )

    def _tally(self, player: str, tiles: Sequence[Tile], points: int) -> Message:
        ones = sum(1 for tile in tiles if self.variant.value(tile) == 1)
        big = {"player": player, "tile": str(DOUBLE_BLANK), "big": self.variant.big}
        if DOUBLE_BLANK in tiles and ones:
            return say_n(
                "%(player)s: %(tile)s = %(big)s, plus %(count)s tile %(ones)s = %(count)s, "
                "total %(points)s",
                "%(player)s: %(tile)s = %(big)s, plus %(count)s tiles %(ones)s = %(count)s, "
                "total %(points)s",
                ones,
                ones=self.variant.ones,
                points=points,
                **big,
            )
        if DOUBLE_BLANK in tiles:
            return say("%(player)s: %(tile)s = %(big)s", **big)
        if ones:
            return say_n(
                "%(player)s: %(count)s tile %(ones)s = %(count)s",
                "%(player)s: %(count)s tiles %(ones)s = %(count)s",
                ones,
                player=player,
                ones=self.variant.ones,
            )
        return say("%(player)s: no point tiles = 0", player=player)

    def _from_points(self, entry: Entry, table: Table, widow: Tile | None) -> Accounting:
        widow_points = 0 if widow is None else self.variant.value(widow)
        in_play = self.variant.total - widow_points
        raw = entry["points"]
        if not isinstance(raw, Mapping):
            raise RuleError(
                say(
                    "points must give a number for each of %(players)s",
                    players=", ".join(table.players),
                ),
                "points",
            )
        named = named_sides(raw, "points", table)
        missing = [player for player in table.players if player not in named]
        if missing:
            raise RuleError(
                say("points has nothing for %(players)s", players=", ".join(missing)), "points"
            )
        points = {
            player: whole_number(
                named[player],
                "points",
                say("the points for %(player)s", player=player),
                high=in_play,
            )
            for player in table.players
        }
        given = sum(points.values())
        if given != in_play and widow is None and len(table.players) == 3 and given < in_play:
            raise RuleError(
                say(
                    "the points add up to %(given)s, but %(in_play)s points are in play (if the "
                    "unused widow is a point tile, name it as the widow)",
                    given=given,
                    in_play=in_play,
                ),
                "points",
            )
        if given != in_play:
            raise RuleError(
                say(
                    "the points add up to %(given)s, but %(in_play)s points are in play",
                    given=given,
                    in_play=in_play,
                ),
                "points",
            )
        if widow != DOUBLE_BLANK and max(points.values()) < self.variant.big:
            raise RuleError(
                say(
                    "somebody took the %(tile)s, worth %(big)s, but nobody has %(big)s points or "
                    "more",
                    tile=str(DOUBLE_BLANK),
                    big=self.variant.big,
                ),
                "points",
            )
        lines = [
            say_n(
                "%(player)s: %(count)s point", "%(player)s: %(count)s points", value, player=player
            )
            for player, value in points.items()
        ]
        return Accounting(points, lines, in_play)

    # --- the game ------------------------------------------------------------------

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """Over after the agreed hands, or after the hand in which somebody reaches the target.

        The lowest total wins; equal lowest totals share the win.
        """
        limit: int | None = options["hands"]
        target: int | None = options["target"]
        totals = zero_scores(table)
        for played, hand in enumerate(hands, start=1):
            for player, points in hand.result.scores.items():
                totals[player] += points
            if limit is not None and played >= limit:
                when = say_n("after %(count)s hand", "after %(count)s hands", played)
                return _lowest_wins(totals, when)
            if target is not None:
                reached = [player for player in table.players if totals[player] >= target]
                if len(reached) == 1:
                    when = say(
                        "after %(player)s reached %(target)s in hand %(hand)s",
                        player=reached[0],
                        target=target,
                        hand=played,
                    )
                    return _lowest_wins(totals, when)
                if reached:
                    when = say(
                        "after %(players)s each reached %(target)s in hand %(hand)s",
                        players=and_list(reached),
                        target=target,
                        hand=played,
                    )
                    return _lowest_wins(totals, when)
        if limit is not None:
            playing = say("%(played)s of %(limit)s hands played", played=len(hands), limit=limit)
            return Status(False, (), playing)
        return Status(False, (), say("nobody has reached %(target)s yet", target=target))

    def next_hand(self, table: Table, options: Options, hands_played: int) -> NextHand:
        """The deal passes clockwise; the passing direction cycles (SCORING.md)."""
        number = hands_played + 1
        return NextHand(
            number, dealer_of(table, number), passing_direction(number, len(table.players))
        )

    def sample_entry(self, table: Table) -> dict[str, Any]:
        """Every point tile captured by somebody, dealt round the table."""
        captured: dict[str, list[str]] = {player: [] for player in table.players}
        for i, (tile, _) in enumerate(self.variant.point_tiles):
            captured[table.players[i % len(table.players)]].append(str(tile))
        return {"captured": captured}

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """The sample hands, and a moon: seat 1 takes every point tile, the others pay for it."""
        moon = {"captured": {table.players[0]: [str(tile) for tile, _ in self.variant.point_tiles]}}
        return (*super().sample_entries(table), moon)


def _lowest_wins(totals: Mapping[str, int], when: Message) -> Status:
    lowest = min(totals.values())
    winners = tuple(player for player, total in totals.items() if total == lowest)
    if len(winners) == 1:
        sentence = say(
            "%(player)s has the lowest total (%(lowest)s) %(when)s and wins",
            player=winners[0],
            lowest=lowest,
            when=when,
        )
    else:
        sentence = say(
            "%(players)s share the win with the lowest total (%(lowest)s) %(when)s",
            players=and_list(winners),
            lowest=lowest,
            when=when,
        )
    return Status(True, winners, sentence)


def _options(
    hands: OptionValue | Callable[[Table], OptionValue], target: OptionValue
) -> tuple[Option, ...]:
    return (
        Option(
            "widow_to_first_trick",
            "3 players: the winner of the first trick takes the leftover tile (the widow)",
            False,
            bool,
        ),
        Option(
            "hands",
            "Fixed number of hands (a multiple of the number of players)",
            hands,
            int,
            minimum=1,
            maximum=MOST_HANDS,
            nullable=True,
        ),
        Option(
            "target",
            "Play until somebody reaches this many points",
            target,
            int,
            minimum=1,
            maximum=MOST_TARGET,
            nullable=True,
        ),
    )


BLACK_TILE_11 = BlackTileRuleset(
    id="black-tile-11",
    name="11 Point Black Tile",
    description="Dominoes Hearts: each tile of the 3-suit costs 1 point and the 0-0 costs 4; "
    "lowest total wins.",
    seed="black-tile.txt",
    players=(3, 4),
    partnerships="never",
    options=_options(two_rounds, None),
    lowest_wins=True,
    variant=ELEVEN,
)

BLACK_TILE_21 = BlackTileRuleset(
    id="black-tile-21",
    name="21 Point Black Tile",
    description="Black Tile with 21 penalty points: tiles of 5, 6 or 7 pips cost 1 and the "
    "0-0 costs 11; lowest total wins.",
    seed="black-tile.txt",
    players=(3, 4),
    partnerships="never",
    options=_options(None, 210),
    lowest_wins=True,
    variant=TWENTY_ONE,
)

RULESETS = (BLACK_TILE_11, BLACK_TILE_21)
