"""Mexican Train: a round from each double down to 0-0; everybody scores their own pips; lowest wins.

Contract: shared/SCORING_MORE.md, "Mexican Train — `mexican-train`" (no seed text: the rules
come from the public sources listed there and in static/rules/mexican-train.txt).

Interpretations settled by the contract (no source found): engines run downward only; equal
lowest totals share the win; the pip ceilings (the set less the engine on the table); an
engine in a hand and a misplaced `double_blank` are refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    Entry,
    HandResult,
    NextHand,
    Option,
    Options,
    RuleError,
    Ruleset,
    ScoredHand,
    Sentence,
    Status,
    Table,
    and_list,
    check_entry_keys,
    dealer_of,
    per_side,
    running_totals,
    whole_number,
    zero_scores,
)
from scorekeeper.tiles import DOUBLE_NINE, DOUBLE_TWELVE, Tile, TileSet, pip_count
from scorekeeper.words import Message, say, say_n

ENTRY_FIELDS = ("pips", "tiles", "domino", "double_blank")
SETS: dict[str, TileSet] = {"double-twelve": DOUBLE_TWELVE, "double-nine": DOUBLE_NINE}
DOUBLE_BLANK = Tile(0, 0)


def rounds_in(set_name: str) -> int:
    """A full game: one round per double, top double down to 0-0 (13 or 10)."""
    return SETS[set_name].highest_end + 1


def engine_of(options: Options, round_number: int) -> Tile:
    """Round r is played from the double top − (r − 1): 12-12, 11-11, … (downward only)."""
    top = SETS[options["set"]].highest_end
    end = top - (round_number - 1)
    return Tile(end, end)


@dataclass(frozen=True)
class Hands:
    """What a round's entry says each player holds: pips, the tiles if given, the 0-0's holder."""

    pips: Mapping[str, int]
    tiles: Mapping[str, tuple[Tile, ...]] | None
    double_blank: str | None


@dataclass(frozen=True)
class MexicanTrainRuleset(Ruleset):
    """Fixed rounds, one per engine; each player scores the pips left in their own hand."""

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """`rounds` follows the set unless given: 13 with double-twelve, 10 with double-nine."""
        resolved = super().resolve_options(given, table)
        most = rounds_in(resolved["set"])
        if "rounds" not in given:
            resolved["rounds"] = most
        elif resolved["rounds"] > most:
            raise RuleError(
                say(
                    "a %(set)s game has at most %(most)s rounds (%(top)s down to 0-0), not "
                    "%(rounds)s",
                    set=resolved["set"],
                    most=most,
                    top=f"{most - 1}-{most - 1}",
                    rounds=resolved["rounds"],
                ),
                "options.rounds",
            )
        return resolved

    # --- one round -----------------------------------------------------------------

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        """Round 1's scoring; a round of a game is scored by score_in_game."""
        return self.score_round(entry, table, options, 1)

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
        return self.score_round(entry, table, options, number)

    def score_round(self, entry: Entry, table: Table, options: Options, number: int) -> HandResult:
        """Score round `number`: every player's own pips, 0 for the one who went out."""
        check_entry_keys(entry, ENTRY_FIELDS)
        engine = engine_of(options, number)
        tileset = SETS[options["set"]]
        domino = None if entry.get("domino") is None else table.player(entry["domino"], "domino")
        hands = hands_left(entry, table, tileset, engine, domino)
        value = options["double_blank_value"]
        scores = zero_scores(table)
        opening = (
            say(
                "Round %(number)s (engine %(engine)s): %(player)s went out: 0.",
                number=number,
                engine=str(engine),
                player=domino,
            )
            if domino
            else say(
                "Round %(number)s (engine %(engine)s): blocked; everybody counts their pips.",
                number=number,
                engine=str(engine),
            )
        )
        lines: list[Sentence] = [opening]
        for player in table.players:
            if player == domino:
                continue
            extra = value if hands.double_blank == player else 0
            scores[player] = hands.pips[player] + extra
            lines.append(round_line(player, hands, extra))
        return HandResult(scores, tuple(lines))

    # --- the game ------------------------------------------------------------------

    def next_hand(self, table: Table, options: Options, hands_played: int) -> NextHand:
        """The deal passes clockwise; the next round's engine is one lower."""
        number = hands_played + 1
        return NextHand(number, dealer_of(table, number), engine=str(engine_of(options, number)))

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """Over after the last round: the lowest total wins; equal lowest share the win."""
        rounds = options["rounds"]
        if len(hands) < rounds:
            left = rounds - len(hands)
            return Status(False, (), say_n("%(count)s round left", "%(count)s rounds left", left))
        counted = hands[:rounds]
        totals = running_totals(table, counted)
        lowest = min(totals.values())
        tied = tuple(p for p in table.players if totals[p] == lowest)
        if len(tied) > 1 and options["tiebreak_rounds_out"]:
            return rounds_out_tiebreak(tied, counted, lowest, rounds)
        if len(tied) == 1:
            return Status(
                True,
                tied,
                say(
                    "%(player)s has the lowest total (%(total)s) after %(rounds)s rounds and wins",
                    player=tied[0],
                    total=lowest,
                    rounds=rounds,
                ),
            )
        return Status(
            True,
            tied,
            say(
                "%(names)s share the win with %(total)s after %(rounds)s rounds",
                names=and_list(tied),
                total=lowest,
                rounds=rounds,
            ),
        )

    def sample_entry(self, table: Table) -> dict[str, Any]:
        pips = {player: 0 if i == 0 else 5 * i for i, player in enumerate(table.players)}
        return {"pips": pips, "domino": table.players[0]}


def hands_left(
    entry: Entry, table: Table, tileset: TileSet, engine: Tile, domino: str | None
) -> Hands:
    """Each player's pips, from the numbers or the tiles, checked against the round."""
    if ("pips" in entry) == ("tiles" in entry):
        raise RuleError(
            say("give either each player's pips left or each player's tiles left"), "pips"
        )
    holder = entry.get("double_blank")
    named = None if holder is None else table.player(holder, "double_blank")
    if named is not None and engine == DOUBLE_BLANK:
        raise RuleError(
            say("0-0 is this round's engine: it is on the table, so nobody holds it"),
            "double_blank",
        )
    if named is not None and named == domino:
        raise RuleError(
            say(
                "%(player)s went out, so %(player)s cannot hold the 0-0: name who holds it",
                player=named,
            ),
            "double_blank",
        )
    if "tiles" in entry:
        return tiles_left(entry, table, tileset, engine, domino, named)
    most = tileset.total_pips - engine.pips
    pips = {
        player: whole_number(value, "pips", say("%(side)s's pips", side=player), high=most)
        for player, value in per_side(entry, "pips", table).items()
    }
    if sum(pips.values()) > most:
        raise RuleError(
            say(
                "%(pips)s pips in all is more than the %(set)s set holds with the engine "
                "%(engine)s on the table (%(most)s)",
                pips=sum(pips.values()),
                set=tileset.name,
                engine=str(engine),
                most=most,
            ),
            "pips",
        )
    if domino is not None and pips[domino]:
        raise RuleError(
            say("%(player)s went out but has %(pips)s pips", player=domino, pips=pips[domino]),
            "pips",
        )
    return Hands(pips, None, named)


def tiles_left(
    entry: Entry,
    table: Table,
    tileset: TileSet,
    engine: Tile,
    domino: str | None,
    named: str | None,
) -> Hands:
    hands = tileset.parse_hands(per_side(entry, "tiles", table), "tiles")
    for player, tiles in hands.items():
        if engine in tiles:
            raise RuleError(
                say(
                    "%(engine)s is this round's engine; it is on the table, not in %(player)s's "
                    "hand",
                    engine=str(engine),
                    player=player,
                ),
                "tiles",
            )
        if player == domino and tiles:
            held = ", ".join(map(str, tiles))
            raise RuleError(
                say("%(player)s went out but has tiles left: %(held)s", player=player, held=held),
                "tiles",
            )
        if domino is None and not tiles:
            raise RuleError(
                say(
                    "%(player)s has no tiles: name %(player)s as the player who went out",
                    player=player,
                ),
                "tiles",
            )
    holder = next((p for p, tiles in hands.items() if DOUBLE_BLANK in tiles), None)
    if named is not None and named != holder:
        raise RuleError(
            say(
                "the 0-0 is named as %(player)s's, but %(holder)s holds it",
                player=named,
                holder=holder,
            )
            if holder
            else say(
                "the 0-0 is named as %(player)s's, but nobody's tiles include it", player=named
            ),
            "double_blank",
        )
    pips = {player: pip_count(tiles) for player, tiles in hands.items()}
    return Hands(pips, hands, holder)


def round_line(player: str, hands: Hands, extra: int) -> Message:
    """'Ann: 0-0, 3-4 = 7 pips + 50 for the 0-0 = 57.'"""
    pips = hands.pips[player]
    counted = say_n("%(count)s pip", "%(count)s pips", pips)
    if hands.tiles is not None:
        shown = ", ".join(str(t) for t in hands.tiles[player])
        counted = say("%(tiles)s = %(pips)s", tiles=shown, pips=counted)
    if extra:
        return say(
            "%(player)s: %(pips)s + %(extra)s for the 0-0 = %(total)s.",
            player=player,
            pips=counted,
            extra=extra,
            total=pips + extra,
        )
    if hands.double_blank == player:
        return say(
            "%(player)s: %(pips)s, the 0-0 at face value = %(total)s.",
            player=player,
            pips=counted,
            total=pips,
        )
    if hands.tiles is not None:
        return say("%(player)s: %(pips)s = %(total)s.", player=player, pips=counted, total=pips)
    return say("%(player)s: %(pips)s.", player=player, pips=counted)


def rounds_out_tiebreak(
    tied: tuple[str, ...], hands: Sequence[ScoredHand], lowest: int, rounds: int
) -> Status:
    """Option `tiebreak_rounds_out`: among the tied, whoever went out in most rounds wins."""
    went_out = {player: 0 for player in tied}
    for hand in hands:
        out = hand.entry.get("domino")
        for player in tied:
            if isinstance(out, str) and out.strip().casefold() == player.casefold():
                went_out[player] += 1
    most = max(went_out.values())
    winners = tuple(p for p in tied if went_out[p] == most)
    counts = ", ".join(f"{p} {went_out[p]}" for p in tied)
    if len(winners) == 1:
        return Status(
            True,
            winners,
            say(
                "%(names)s tied on %(total)s after %(rounds)s rounds; %(player)s went out in the "
                "most rounds (%(counts)s) and wins",
                names=and_list(tied),
                total=lowest,
                rounds=rounds,
                player=winners[0],
                counts=counts,
            ),
        )
    return Status(
        True,
        winners,
        say(
            "%(names)s share the win with %(total)s after %(rounds)s rounds, having gone out "
            "equally often (%(counts)s)",
            names=and_list(winners),
            total=lowest,
            rounds=rounds,
            counts=counts,
        ),
    )


MEXICAN_TRAIN = MexicanTrainRuleset(
    id="mexican-train",
    name="Mexican Train",
    description="A round from each double down to 0-0; everybody scores the pips left in their "
    "own hand, and the lowest total wins.",
    seed="mexican-train.txt",
    players=(2, 3, 4, 5, 6, 7, 8),
    partnerships="never",
    options=(
        Option("set", "Domino set", "double-twelve", str, choices=tuple(SETS)),
        Option(
            "rounds",
            "Rounds (13 with double-twelve, 10 with double-nine)",
            13,
            int,
            minimum=1,
            maximum=13,
        ),
        Option(
            "double_blank_value",
            "What a 0-0 left in a hand scores (0 face value; 25 or 50 house rules)",
            0,
            int,
            minimum=0,
            maximum=100,
        ),
        Option(
            "tiebreak_rounds_out",
            "A tie for lowest goes to whoever went out in the most rounds",
            False,
            bool,
        ),
    ),
    lowest_wins=True,
    sources=(
        "mexicantrain.com/rules.html: double-twelve set, 13 rounds, fewest points wins, each dot "
        "one point; a round ends when a player plays all their dominoes or nobody can play",
        "mexicantrain.com/blog/how-does-mexican-train-dominoes-end.html: a round ends when a "
        "player lays their last tile, or when the boneyard is empty and nobody can play",
        "lantzalotgames.com/product-page/mexican-train-deluxe: 13 rounds from 12-12 down to 0-0; "
        "lowest total wins",
        "pagat.com/domino/star/mextrain-c.html (Joe Celko): 2 to 8 players with double-nine or "
        "double-twelve sets",
        "tablegameshub.com/mexican-train-dominoes-score-calculator: double-nine 10 rounds, "
        "double-twelve 13; the double blank 0 by face value, 25 or 50 as house scoring; going "
        "out can break ties",
        "visualfoodie.com/understanding-scoring-in-mexican-train-dominoes: blocked rounds; every "
        "player counts their own pips; going out scores zero",
        'eatsip365.com/explaining-the-scoring-rule-in-mexican-train-dominoes: "the standard rule '
        'is simple: you count the pips", so a high 0-0 is a house rule',
        'wikiHow, "Play Mexican Train Domino Game": the double blank generally 50, some count 25',
        "htfbw.com/games-cards/Games/74972.shtml: the first player out receives zero points",
        "Settled here, no source found: engines only run downward; a tied lowest total shares "
        "the win; the pip ceilings; the engine cannot be in a hand",
    ),
)

RULESETS = (MEXICAN_TRAIN,)
