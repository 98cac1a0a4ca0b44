"""Partnership dominoes as played in the Dominican Republic, Puerto Rico and Cuba.

Contract: shared/SCORING_MORE.md, "Partnership Dominoes (Latin American / Caribbean) —
`latin-partnership`" (no seed text: the sources are listed there and in
static/rules/latin-partnership.txt).

The team that dominoes (or wins the tranque) scores the pips left, by option `count`; capicúa,
pase corrido, chuchazo and the Puerto Rican hand bonuses add to it. The game ends the moment
a team reaches the target, taking the hand's scores in order: the pases corridos as entered,
then the hand's result; what comes after that moment is not scored (settled here).
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
    flag,
    per_side,
    whole_number,
    zero_scores,
)
from scorekeeper.tiles import DOUBLE_NINE, DOUBLE_SIX, Tile, TileSet, pip_count
from scorekeeper.words import Message, say

ENTRY_FIELDS = (
    "pips",
    "tiles",
    "domino",
    "closer",
    "capicua",
    "chuchazo",
    "pases_corridos",
    "last_tile",
    "ends_before",
)
SETS: dict[str, TileSet] = {"double-six": DOUBLE_SIX, "double-nine": DOUBLE_NINE}
HAND_SIZE = {"double-six": 7, "double-nine": 10}
HAND_BONUSES = (100, 75, 50, 25)  # Puerto Rican 500: the winners of hands 1 to 4
TRANQUE_RULES = ("team", "individual", "closer_right", "closer_left")
# With the double-nine set (the Cuban game) these defaults change (SCORING_MORE.md).
CUBAN_DEFAULTS = {"target": 100, "count": "opponents", "capicua": 0, "pase_corrido": 0}
CHUCHA = Tile(0, 0)


def heaviest_hand(set_name: str) -> int:
    """The most pips one hand can hold: its size in the set's heaviest tiles (69 or 152)."""
    tiles = sorted(SETS[set_name].tiles, key=lambda t: t.pips, reverse=True)
    return pip_count(tiles[: HAND_SIZE[set_name]])


@dataclass(frozen=True)
class Left:
    """The pips left at the end of the hand: per player when known, and per team."""

    players: Mapping[str, int] | None
    teams: Mapping[str, int]
    tiles: Mapping[str, tuple[Tile, ...]] | None


@dataclass(frozen=True)
class LatinPartnershipRuleset(FirstHandFromZero):
    """Four players in two fixed partnerships; the hand's winners score the pips left."""

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """With the double-nine set, options not given take the Cuban defaults."""
        resolved = super().resolve_options(given, table)
        if resolved["set"] == "double-nine":
            for name, value in CUBAN_DEFAULTS.items():
                if name not in given:
                    resolved[name] = value
        return resolved

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
        domino = None if entry.get("domino") is None else table.player(entry["domino"], "domino")
        if entry.get("closer") is not None:
            table.player(entry["closer"], "closer")  # named, it must be a player of the game
        left = pips_left(entry, table, options, domino)
        check_last_tile(entry, options, left, domino)
        steps: list[tuple[dict[str, int], Message]] = [
            pase_step(table, options, player) for player in pases_corridos(entry, table, options)
        ]
        if domino is not None:
            steps.append(domino_step(entry, table, options, left, domino, number))
        else:
            steps.append(tranque_step(entry, table, options, left, number))
        return in_order(table, options, steps, before)

    def sample_entry(self, table: Table) -> dict[str, Any]:
        pips = {player: 0 if i == 0 else 5 + i for i, player in enumerate(table.players)}
        return {"pips": pips, "domino": table.players[0]}


# --- the pips left ---------------------------------------------------------------------


def pips_left(entry: Entry, table: Table, options: Options, domino: str | None) -> Left:
    """Pips per player (numbers or tiles) or per team, checked against the set."""
    if ("pips" in entry) == ("tiles" in entry):
        raise RuleError(
            say("give either the pips left (per player or per team) or the tiles"), "pips"
        )
    set_name = options["set"]
    tileset = SETS[set_name]
    if "tiles" in entry:
        hands = tileset.parse_hands(per_player(entry, "tiles", table), "tiles")
        for player, tiles in hands.items():
            if len(tiles) > HAND_SIZE[set_name]:
                raise RuleError(
                    say(
                        "%(player)s holds %(count)s tiles, but a hand has at most %(most)s",
                        player=player,
                        count=len(tiles),
                        most=HAND_SIZE[set_name],
                    ),
                    "tiles",
                )
        players = {player: pip_count(tiles) for player, tiles in hands.items()}
        left = Left(players, team_sums(table, players), hands)
    else:
        left = pips_given(entry, table, options)
    most = tileset.total_pips
    if sum(left.teams.values()) > most:
        raise RuleError(
            say(
                "%(pips)s pips in all is more than the whole %(set)s set holds (%(most)s)",
                pips=sum(left.teams.values()),
                set=tileset.name,
                most=most,
            ),
            "pips",
        )
    check_out_and_stuck(left, domino)
    return left


def pips_given(entry: Entry, table: Table, options: Options) -> Left:
    raw = entry["pips"]
    if not isinstance(raw, Mapping):
        raise RuleError(
            say(
                "pips must give a number for each of %(players)s (or for each team)",
                players=", ".join(table.players),
            ),
            "pips",
        )
    most = heaviest_hand(options["set"])
    teams = {name.casefold() for name in table.team_names}
    if raw and all(isinstance(k, str) and k.strip().casefold() in teams for k in raw):
        given = per_side(entry, "pips", table)
        if entry.get("domino") is None and options["tranque"] != "team":
            raise RuleError(
                say("this tranque rule needs each player's pips, not each team's"), "pips"
            )
        numbers = {
            team: whole_number(
                value, "pips", say("the pips for %(side)s", side=team), high=2 * most
            )
            for team, value in given.items()
        }
        return Left(None, numbers, None)
    players = {
        player: whole_number(value, "pips", say("%(side)s's pips", side=player), high=most)
        for player, value in per_player(entry, "pips", table).items()
    }
    return Left(players, team_sums(table, players), None)


def per_player(entry: Entry, key: str, table: Table) -> dict[str, Any]:
    """entry[key] with exactly one value for each of the four players."""
    raw = entry.get(key)
    if not isinstance(raw, Mapping):
        raise RuleError(
            say(
                "%(key)s must give a value for each of %(sides)s",
                key=key,
                sides=", ".join(table.players),
            ),
            key,
        )
    values: dict[str, Any] = {}
    for name, value in raw.items():
        player = table.player(name, key)
        if player in values:
            raise RuleError(say("%(side)s is given twice in %(key)s", side=player, key=key), key)
        values[player] = value
    missing = [player for player in table.players if player not in values]
    if missing:
        raise RuleError(
            say("%(key)s has nothing for %(sides)s", key=key, sides=", ".join(missing)), key
        )
    return {player: values[player] for player in table.players}


def team_sums(table: Table, players: Mapping[str, int]) -> dict[str, int]:
    return {team: sum(players[p] for p in table.members(team)) for team in table.sides}


def check_out_and_stuck(left: Left, domino: str | None) -> None:
    """The domino player holds nothing; in a tranque everybody holds a tile."""
    if domino is not None and left.tiles is not None and left.tiles[domino]:
        held = ", ".join(map(str, left.tiles[domino]))
        raise RuleError(
            say("%(player)s dominoed but has tiles left: %(held)s", player=domino, held=held),
            "tiles",
        )
    if domino is not None and left.players is not None and left.players[domino]:
        raise RuleError(
            say(
                "%(player)s dominoed but has %(pips)s pips",
                player=domino,
                pips=left.players[domino],
            ),
            "pips",
        )
    if domino is None and left.tiles is not None:
        for player, tiles in left.tiles.items():
            if not tiles:
                raise RuleError(
                    say(
                        "%(player)s has no tiles: in a tranque everybody holds a tile, so name "
                        "%(player)s as the player who dominoed",
                        player=player,
                    ),
                    "tiles",
                )


def check_last_tile(entry: Entry, options: Options, left: Left, domino: str | None) -> None:
    """`last_tile` and `ends_before`, given only to check capicúa and chuchazo."""
    for key in ("capicua", "chuchazo"):
        if flag(entry, key) and domino is None:
            raise RuleError(
                say("%(bonus)s needs a player who dominoed, not a tranque", bonus=display(key)),
                key,
            )
        if flag(entry, key) and not options[key]:
            raise RuleError(say("%(bonus)s is not scored in this game", bonus=display(key)), key)
    raw = entry.get("last_tile")
    if raw is None:
        if entry.get("ends_before") is not None:
            raise RuleError(
                say("ends_before is checked against the last tile: give last_tile"),
                "ends_before",
            )
        return
    tile = SETS[options["set"]].parse(raw, "last_tile")
    if flag(entry, "capicua") and tile.is_double:
        raise RuleError(say("a double cannot make capicúa"), "capicua")
    if flag(entry, "chuchazo") and tile != CHUCHA:
        raise RuleError(
            say("chuchazo is dominoing with the 0-0, not %(tile)s", tile=str(tile)), "chuchazo"
        )
    if left.tiles is not None:
        for player, tiles in left.tiles.items():
            if tile in tiles:
                raise RuleError(
                    say(
                        "%(tile)s was the last tile played, so %(player)s cannot hold it",
                        tile=str(tile),
                        player=player,
                    ),
                    "last_tile",
                )
    ends = entry.get("ends_before")
    if ends is None:
        return
    top = SETS[options["set"]].highest_end
    if not isinstance(ends, list) or len(ends) != 2:
        raise RuleError(
            say("ends_before must give the two open ends before the last tile"), "ends_before"
        )
    numbers = [whole_number(e, "ends_before", say("an open end"), high=top) for e in ends]
    if flag(entry, "capicua") and any(end not in (tile.low, tile.high) for end in numbers):
        raise RuleError(
            say(
                "%(tile)s could not go on both ends %(first)s and %(second)s: no capicúa",
                tile=str(tile),
                first=numbers[0],
                second=numbers[1],
            ),
            "capicua",
        )


def display(key: str) -> str:
    return {"capicua": "capicúa", "chuchazo": "chuchazo"}[key]


# --- the hand's scores, in order ----------------------------------------------------------


def pases_corridos(entry: Entry, table: Table, options: Options) -> list[str]:
    raw = entry.get("pases_corridos")
    if raw is None or raw == []:
        return []
    if not isinstance(raw, list):
        raise RuleError(
            say("pases_corridos must list the players who made one, in play order"),
            "pases_corridos",
        )
    if not options["pase_corrido"]:
        raise RuleError(say("pase corrido is not scored in this game"), "pases_corridos")
    return [table.player(name, "pases_corridos") for name in raw]


def pase_step(table: Table, options: Options, player: str) -> tuple[dict[str, int], Message]:
    team = table.side_of(player)
    points = options["pase_corrido"]
    return {**zero_scores(table), team: points}, say(
        "%(player)s: pase corrido, %(points)s to %(team)s.", player=player, points=points, team=team
    )


def domino_step(
    entry: Entry, table: Table, options: Options, left: Left, domino: str, number: int
) -> tuple[dict[str, int], Message]:
    """The team that dominoed scores the pips by `count`, with its bonuses."""
    team = table.side_of(domino)
    others = next(t for t in table.sides if t != team)
    if left.players is not None:
        counted = [p for p in table.players if p != domino]
        if options["count"] == "opponents":
            counted = list(table.members(others))
        parts = [(p, left.players[p]) for p in counted]
    else:
        parts = [(t, left.teams[t]) for t in table.sides]
        if options["count"] == "opponents":
            parts = [(others, left.teams[others])]
    pips = sum(points for _, points in parts)
    bonuses = []
    capicua = flag(entry, "capicua")
    if capicua:
        points = options["capicua"]
        bonuses.append((points, say("%(points)s capicúa", points=points)))
    if flag(entry, "chuchazo"):
        points = options["chuchazo"]
        bonuses.append((points, say("%(points)s chuchazo", points=points)))
    bonuses.extend(hand_bonus(options, number))
    total = pips + sum(points for points, _ in bonuses)
    sum_text = " + ".join(f"{name} {points}" for name, points in parts)
    line = (
        say(
            "%(player)s dominoed (capicúa): %(sum)s = %(pips)s",
            player=domino,
            sum=sum_text,
            pips=pips,
        )
        if capicua
        else say("%(player)s dominoed: %(sum)s = %(pips)s", player=domino, sum=sum_text, pips=pips)
    )
    for _, bonus in bonuses:
        line = say("%(scored)s, + %(bonus)s", scored=line, bonus=bonus)
    if bonuses:
        line = say("%(scored)s = %(total)s to %(team)s.", scored=line, total=total, team=team)
    else:
        line = say("%(scored)s to %(team)s.", scored=line, team=team)
    return {**zero_scores(table), team: total}, line


def hand_bonus(options: Options, number: int) -> list[tuple[int, Message]]:
    """At most one: the bonus for hand `number` (the first hands of a game, by option)."""
    if not options["hand_bonuses"] or number > len(HAND_BONUSES):
        return []
    points = HAND_BONUSES[number - 1]
    return [(points, say("%(points)s for hand %(number)s", points=points, number=number))]


def tranque_step(
    entry: Entry, table: Table, options: Options, left: Left, number: int
) -> tuple[dict[str, int], Message]:
    """The tranque's winners by option `tranque`; they score by `count`; a tie scores nothing."""
    winner, why = tranque_winner(entry, table, options, left)
    if winner is None:
        return zero_scores(table), say("Tranque: %(why)s: a tied hand, nobody scores.", why=why)
    loser = next(t for t in table.sides if t != winner)
    bonuses = hand_bonus(options, number)
    if options["count"] == "opponents":
        pips = left.teams[loser]
        line = say(
            "Tranque: %(why)s: %(team)s win and score %(loser)s's hands, %(pips)s",
            why=why,
            team=winner,
            loser=loser,
            pips=pips,
        )
    else:
        pips = sum(left.teams.values())
        line = say(
            "Tranque: %(why)s: %(team)s win and score all four hands, %(pips)s",
            why=why,
            team=winner,
            pips=pips,
        )
    total = pips + sum(points for points, _ in bonuses)
    for _, bonus in bonuses:
        line = say("%(scored)s, + %(bonus)s = %(total)s", scored=line, bonus=bonus, total=total)
    return {**zero_scores(table), winner: total}, say("%(scored)s.", scored=line)


def tranque_winner(
    entry: Entry, table: Table, options: Options, left: Left
) -> tuple[str | None, Sentence]:
    rule = options["tranque"]
    us, them = table.sides
    if rule == "team":
        a, b = left.teams[us], left.teams[them]
        return (us if a < b else them if b < a else None), f"{us} {a}, {them} {b}"
    players = left.players
    assert players is not None  # per-team pips were refused for these rules
    if rule == "individual":
        fewest = min(players.values())
        holders = [p for p in table.players if players[p] == fewest]
        teams = {table.side_of(p) for p in holders}
        why: Sentence = (
            say("%(player)s holds the fewest pips (%(pips)s)", player=holders[0], pips=fewest)
            if len(holders) == 1
            else say(
                "%(names)s hold the fewest pips (%(pips)s)", names=and_list(holders), pips=fewest
            )
        )
        return (teams.pop() if len(teams) == 1 else None), why
    raw = entry.get("closer")
    if raw is None:
        raise RuleError(
            say(
                "name the closer (the player who made the last play): this tranque rule "
                "compares the closer's pips with an opponent's"
            ),
            "closer",
        )
    closer = table.player(raw, "closer")
    seat = table.players.index(closer)
    # Play runs counter-clockwise: the player on the closer's right plays next (seat − 1).
    step = -1 if rule == "closer_right" else 1
    opponent = table.players[(seat + step) % 4]
    mine, theirs = players[closer], players[opponent]
    values = {"closer": closer, "mine": mine, "opponent": opponent, "theirs": theirs}
    why = (
        say(
            "%(closer)s closed with %(mine)s against %(opponent)s (on %(closer)s's right) "
            "%(theirs)s",
            **values,
        )
        if step == -1
        else say(
            "%(closer)s closed with %(mine)s against %(opponent)s (on %(closer)s's left) "
            "%(theirs)s",
            **values,
        )
    )
    return (table.side_of(opponent) if theirs < mine else table.side_of(closer)), why


def in_order(
    table: Table,
    options: Options,
    steps: Sequence[tuple[dict[str, int], Message]],
    before: Mapping[str, int],
) -> HandResult:
    """The hand's scores in order, stopping the moment a team reaches the target."""
    totals = dict(before)
    kept: list[dict[str, int]] = []
    lines: list[Sentence] = []
    target = options["target"]
    for scores, line in steps:
        kept.append(scores)
        lines.append(line)
        for team, points in scores.items():
            totals[team] += points
        # Only a team crossing the target now ends the game (after a correction, a hand may
        # follow the end: it is then scored whole and marked as not counted).
        reached = [t for t in table.sides if before[t] < target <= totals[t] and scores[t]]
        if reached and len(kept) < len(steps):
            lines.append(
                say(
                    "%(team)s reached %(target)s with %(total)s and won: the rest of the hand is "
                    "not scored.",
                    team=reached[0],
                    target=target,
                    total=totals[reached[0]],
                )
            )
            break
    scores = zero_scores(table)
    for step in kept:
        for team, points in step.items():
            scores[team] += points
    return HandResult(scores, tuple(lines), tuple(kept))


LATIN_PARTNERSHIP = LatinPartnershipRuleset(
    id="latin-partnership",
    name="Partnership Dominoes (Latin American / Caribbean)",
    description="Dominican, Puerto Rican and Cuban partnership dominoes: the team that "
    "dominoes or wins the tranque scores the pips left, with capicúa and pase corrido.",
    seed="latin-partnership.txt",
    players=(4,),
    partnerships="always",
    scored_from_totals=True,
    sources=(
        "pagat.com/tile/wdom/partnership.html (as gambiter.com/domino/western/partnership.html): "
        "fixed partnerships, all 28 tiles dealt; the winners score the losing team's tiles; a "
        "blocked game goes to the lower team, a tie scores nothing; target 100",
        "eightygames.wordpress.com/2013/04/28/partnership-dominoes: the winner scores all "
        "unplayed tiles, partner's included, to 200",
        "abw333/dominoes (a San Juan, Puerto Rico variation): going out scores all 3 other hands; "
        "the lower team wins a blocked game and scores both teams; a tie is 0; target 200",
        "boarden.club/how-to-play/dominican-dominoes and fichaflow.com (Dominican scoring, the "
        "tranque, capicúa values)",
        "dominoesonline.com/rule.php?id=1228128405: to 200; a pase corrido (skip 3 people) 25; "
        "in a tranque the locker against the player on the left, a tie to the locker; capicúa 25",
        "yoforia.com/what-does-capicua-mean-in-dominoes: unlimited pases corridos; capicúa 25",
        "manualzz.com/doc/23614212 (rules by Dania Ramos, Puerto Rico) and sacitc.blog: the "
        "Puerto Rican 500, its hand bonuses 100/75/50/25, the 0-0 and capicú 100, no capicú "
        "with a double",
        "pagat.com/tile/wdom/caribbean.html and caribbeantrading.com (Jamaica): a blocked game "
        "won by the single lightest hand",
        "libreonline.com (eastern Cuba), the Spanish Wikipedia text on dominó and "
        "stayandplaygamecafe.com/domino-tournament-rules: how a tranque is decided",
        "onlinedominogames.com/cuban-dominoes, dominorules.com/cuban-dominoes and "
        "ccherosc.github.io/ArtsDominos-v2: the Cuban double-nine game, 10 tiles each, the "
        "losing team's pips, usually to 100",
        "Settled here, no source found: who wins when both teams pass the target in one hand; "
        "hand bonuses for tied and tranque hands; the pip ceilings; the Cuban defaults",
    ),
    options=(
        Option(
            "set",
            "Domino set (double-nine is the Cuban game: unless changed, to 100 on the "
            "opponents' hands, without capicúa or pase corrido)",
            "double-six",
            str,
            choices=tuple(SETS),
        ),
        Option(
            "count",
            "The winners score the pips of all hands, or of the opponents' hands only",
            "all",
            str,
            choices=("all", "opponents"),
        ),
        Option(
            "tranque",
            "Who wins a tranque (a blocked game)",
            "team",
            str,
            choices=TRANQUE_RULES,
        ),
        Option("capicua", "Capicúa bonus (0: none)", 25, int, minimum=0, maximum=500),
        Option("pase_corrido", "Pase corrido bonus (0: none)", 25, int, minimum=0, maximum=500),
        Option(
            "chuchazo",
            "Chuchazo bonus, dominoing with the 0-0 (0: none)",
            0,
            int,
            minimum=0,
            maximum=500,
        ),
        Option(
            "hand_bonuses",
            "Puerto Rican 500: +100, +75, +50, +25 to the winners of hands 1 to 4",
            False,
            bool,
        ),
        Option("target", "Points to win", 200, int, minimum=1, maximum=10_000),
    ),
)

RULESETS = (LATIN_PARTNERSHIP,)
