"""League standings from the results that finished games keep: rows, ratings, player records.

Every game row caches its status, winners and final totals, and a correction rewrites
them, so standings never rescore a hand and always follow the latest correction. Games
count in the order they were started (`created_at`): a game's `finished_at` moves when one
of its hands is corrected, its start never does. Dates are the club laptop's local dates.

Ratings and tallies are folds over the games in that order, so a change alters them only
from its own position on: a `Pool` keeps both folds' state every so many games and folds
again from the last kept state before the first game that changed.
"""

from __future__ import annotations

import hashlib
import json
import operator
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property, lru_cache
from itertools import compress, count
from typing import Any, NamedTuple

from scorekeeper import ratings, store
from scorekeeper.names import same_name_key
from scorekeeper.ratings import Skill
from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import Option, Ruleset, Table
from scorekeeper.store import Connection, League, Season
from scorekeeper.words import Label, Message, say

FORM_LENGTH = 5
# Games between the states a pool keeps: a change is folded again from at most this many
# games before it. Rating a game costs about thirteen times tallying it, and each kept
# tally is a copy of every player's.
RATINGS_EVERY = 100
TALLIES_EVERY = 1000
# Up to this many new or changed games are read by id (well within the 999 parameters an
# older SQLite allows a statement); more, and the whole view is read.
READ_BY_ID = 500


@lru_cache(maxsize=4096)
def player_key(name: str) -> str:
    """How players are matched across games: case, spaces and Unicode spelling ignored."""
    return same_name_key(name)


# --- games and how each ended ---------------------------------------------------------


class SideResult(NamedTuple):
    """How a game ended for one side (a tuple: standings make tens of thousands of them)."""

    side: str
    keys: tuple[str, ...]  # its players' keys
    place: int
    won: bool
    points_for: int  # the side's final total
    points_against: float  # the average of the other sides' final totals


@dataclass(frozen=True)
class Outcome:
    """How one game ended for one player."""

    key: str
    name: str
    side: str
    place: int
    won: bool
    points_for: int
    points_against: float
    opponents: tuple[str, ...]  # the keys of the players on the other sides


@dataclass(frozen=True)
class LeagueGame:
    """A league game as standings see it: who sat where, the final totals and the winners."""

    id: str
    ruleset: str
    table: Table
    totals: Mapping[str, int]
    winners: tuple[str, ...]
    finished: bool
    created_at: str  # UTC, ISO 8601, as stored
    version: int  # bumped by every write to the game
    options: Mapping[str, Any] = field(default_factory=dict)  # a custom game says who wins

    @classmethod
    def of(cls, result: store.GameResult) -> LeagueGame:
        return cls(
            id=result.id,
            ruleset=result.ruleset,
            table=Table(result.players, result.team_names),
            totals=result.totals,
            winners=result.winners,
            finished=result.finished,
            created_at=result.created_at,
            version=result.version,
            options=result.options,
        )

    @cached_property
    def stamp(self) -> store.Stamp:
        """What tells that this is still the game its row holds (`finished_games`)."""
        return (self.id, self.version)

    @cached_property
    def started(self) -> datetime:
        """When the game started, in the club laptop's local time."""
        return datetime.fromisoformat(self.created_at).astimezone()

    @property
    def ruleset_name(self) -> str:
        return ruleset_name(self.ruleset)

    @cached_property
    def kind(self) -> str:
        """Which standings table the game counts in: its ruleset's, or, for a game the club
        names itself (a ruleset with a free-text option: `custom`), that name's with these
        options. Two clubs' games called "Pub Rummy" and "Chicken Foot" are different games,
        and so is "Pub Rummy" to 30 against "Pub Rummy" over 10 hands; a name typed again
        with other capitals or spaces is the same name."""
        ruleset = REGISTRY.get(self.ruleset)
        if ruleset is None or not any(option.free_text for option in ruleset.options):
            return self.ruleset
        return f"{self.ruleset}:{same_options_key(ruleset, self.options)}"

    @property
    def kind_name(self) -> str:
        """The table's name: the ruleset's, or the name the players gave their game."""
        ruleset = REGISTRY.get(self.ruleset)
        return ruleset.title_with(self.options) if ruleset else self.ruleset

    @property
    def kind_shown(self) -> Message | str:
        """The table's name as a page shows it (`| named`): the name the players gave their
        game as they typed it (never looked up as an English sentence: "Moon" stays so), the
        ruleset's in the reader's words."""
        ruleset = REGISTRY.get(self.ruleset)
        return ruleset.shown_title_with(self.options) if ruleset else self.ruleset

    @property
    def lowest_wins(self) -> bool:
        ruleset = REGISTRY.get(self.ruleset)
        return ruleset is not None and ruleset.lowest_wins_with(self.options)

    @cached_property
    def side_keys(self) -> tuple[tuple[str, ...], ...]:
        """The player keys of each side, in the order of `table.sides`."""
        return tuple(
            tuple(player_key(p) for p in self.table.members(side)) for side in self.table.sides
        )

    @cached_property
    def places(self) -> dict[str, int]:
        """Each side's final place: the winners share first, the rest follow by total."""
        sign = 1 if self.lowest_wins else -1

        def standing(side: str) -> tuple[bool, int]:
            if side in self.winners:
                return (False, 0)
            return (True, sign * self.totals.get(side, 0))

        keys = {side: standing(side) for side in self.table.sides}
        return {side: 1 + sum(other < own for other in keys.values()) for side, own in keys.items()}

    @cached_property
    def placing(self) -> tuple[tuple[tuple[str, ...], int], ...]:
        """All that rating reads of a game: each side's player keys and place, in side order."""
        return tuple(
            (keys, self.places[side])
            for side, keys in zip(self.table.sides, self.side_keys, strict=True)
        )

    @cached_property
    def shape(self) -> ratings.Shape:
        """How the sides placed, as rating reads it (the sides of `side_keys`, in order)."""
        return ratings.shape(tuple(place for _, place in self.placing))

    @cached_property
    def side_results(self) -> tuple[SideResult, ...]:
        """How the game ended for each side, in the order of `table.sides`."""
        sides = self.table.sides
        totals = [self.totals.get(side, 0) for side in sides]
        everyone = sum(totals)
        return tuple(
            SideResult(
                side=side,
                keys=keys,
                place=self.places[side],
                won=side in self.winners,
                points_for=total,
                points_against=(everyone - total) / (len(sides) - 1),
            )
            for side, keys, total in zip(sides, self.side_keys, totals, strict=True)
        )

    @cached_property
    def outcomes(self) -> tuple[Outcome, ...]:
        """One outcome per player: partners share their side's result."""
        return tuple(
            Outcome(
                key=key,
                name=player,
                side=result.side,
                place=result.place,
                won=result.won,
                points_for=result.points_for,
                points_against=result.points_against,
                opponents=tuple(
                    k for other in self.side_results if other is not result for k in other.keys
                ),
            )
            for result in self.side_results
            for key, player in zip(result.keys, self.table.members(result.side), strict=True)
        )

    @cached_property
    def outcome_of(self) -> dict[str, Outcome]:
        """The outcome of each player, by player key."""
        return {outcome.key: outcome for outcome in self.outcomes}


def same_options_key(ruleset: Ruleset, options: Mapping[str, Any]) -> str:
    """A short key equal for equal options (free text compared as a player reads it)."""
    seen = {
        option.name: same_name_key(str(options.get(option.name)))
        if option.free_text
        else options.get(option.name)
        for option in ruleset.options
    }
    return hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()[:12]


def kind_names(games: Sequence[LeagueGame]) -> dict[str, Message | str]:
    """Each table's name as a page shows it (`LeagueGame.kind_shown`; `str()` of it is the
    English), one game of it given per table; tables that share a name (the same custom game
    with other options) are told apart by the options in which they differ."""
    names = {game.kind: game.kind_shown for game in games}
    for game in games:
        twins = [other for other in games if other.kind_name == game.kind_name]
        ruleset = REGISTRY.get(game.ruleset)
        if len(twins) < 2 or ruleset is None:
            continue
        differ = [
            option
            for option in ruleset.options
            if len({str(other.options.get(option.name)) for other in twins}) > 1
        ]
        said = [
            told
            for option in differ
            if (told := option_said(option, game.options.get(option.name))) is not None
        ]
        if said:
            options = said[0]
            for more in said[1:]:
                options = say("%(options)s, %(option)s", options=options, option=more)
            names[game.kind] = say("%(name)s (%(options)s)", name=game.kind_shown, options=options)
    return names


def option_said(option: Option, value: object) -> Message | None:
    """An option as a table's name tells it, in the reader's language: "Points to end the
    game: 30", a switch by its label when on; an option that is off or unset says nothing."""
    if value is None or value is False:
        return None
    label = Label(option.label)  # the label's words, without its explanation
    return label if value is True else say("%(option)s: %(value)s", option=label, value=value)


def ruleset_name(ruleset_id: str) -> str:
    ruleset = REGISTRY.get(ruleset_id)
    return ruleset.name if ruleset else ruleset_id


def league_games(
    db: Connection,
    league: League,
    *,
    ruleset: str | None = None,
    season: Season | None = None,
    finished_only: bool = True,
) -> list[LeagueGame]:
    """The league's games in the order they were started, filtered by ruleset and season."""
    choice = store.Choice(league.id, ruleset, season, finished_only)
    return [LeagueGame.of(result) for result in store.results(db, choice)]


def finished_games(
    db: Connection,
    league: League,
    ruleset: str | None,
    season: Season | None,
    kept: Sequence[LeagueGame],
) -> list[LeagueGame]:
    """The chosen finished games in order, reusing the kept games whose rows are unchanged.

    Every write to a game bumps its version, so reading the stamp (id, version) of each
    game tells which kept games still match their rows; whole rows are read only for the
    games new to the choice or changed since. Should a game change again between the two
    reads, every game is read afresh.

    Most kept games still stand where they stood in the order (a correction moves none, a
    game finishing tonight lands near the end): they are matched in place, compared in C,
    and only the games elsewhere are looked up by stamp.
    """
    choice = store.Choice(league.id, ruleset, season)
    stamps = store.stamps(db, choice)
    games = list(kept[: len(stamps)])
    # The places whose kept game is not the one there now, then the places past the kept.
    elsewhere = [
        *differing(map(operator.attrgetter("stamp"), games), stamps, operator.ne),
        *range(len(games), len(stamps)),
    ]
    unplaced = [kept[n] for n in elsewhere if n < len(kept)] + list(kept[len(stamps) :])
    known = {game.stamp: game for game in unplaced}
    wanted = [stamps[n][0] for n in elsewhere if stamps[n] not in known]
    if len(wanted) > READ_BY_ID:
        return league_games(db, league, ruleset=ruleset, season=season)
    if wanted:
        for result in store.results_with_ids(db, choice, wanted):
            game = LeagueGame.of(result)
            known[game.stamp] = game
    try:
        found = [known[stamps[n]] for n in elsewhere]
    except KeyError:
        return league_games(db, league, ruleset=ruleset, season=season)
    for n, game in zip(elsewhere, found, strict=True):
        if n < len(games):
            games[n] = game
        else:  # the places past the kept games come last in `elsewhere`, in order
            games.append(game)
    return games


def finished_games_version(
    db: Connection, league: League, ruleset: str | None, season: Season | None
) -> tuple[Any, ...]:
    """Changes whenever the finished games chosen change: one finishes, reopens or is corrected."""
    return store.results_version(db, store.Choice(league.id, ruleset, season))


def rulesets_played(db: Connection, league: League) -> list[tuple[str, int]]:
    """The rulesets with finished games in the league and how many, most played first."""
    return store.rulesets_played(db, league.id)


# --- ratings ------------------------------------------------------------------------


class Rating(NamedTuple):
    """A Plackett–Luce rating: the skill estimate `mu` and how unsure it still is, `sigma`.

    A tuple: a league's standings hold one for each player after each of its games.
    """

    mu: float = ratings.MU
    sigma: float = ratings.SIGMA

    @property
    def shown(self) -> float:
        """The cautious rating shown and ranked by (mu − 3σ): 0 for a newcomer, rising with play."""
        return self.mu - 3 * self.sigma

    @property
    def certainty(self) -> str:
        """How sure the rating is, in words a player understands."""
        if self.sigma < 4:
            return "sure"
        if self.sigma < 6.5:
            return "fairly sure"
        return "unsure: few games"


class RatedGame(NamedTuple):
    """A finished game with its players' ratings just after it (a tuple: a league's fold
    makes one per game, and a frozen dataclass's fields cost a call each to set)."""

    game: LeagueGame
    after: Mapping[str, Skill]  # (mu, sigma) by player key: `Rating` is made only to be shown


def rate_games(games: Iterable[LeagueGame]) -> list[RatedGame]:
    """Rate games in order as one pool: each by its final placing, partners as a team.

    What a `Pool` keeps up to date; the tests hold it to this.
    """
    current: dict[str, Skill] = {}
    return [rate_game(current, game) for game in games]


def rate_game(current: dict[str, Skill], game: LeagueGame) -> RatedGame:
    """Rate one game onto the players' current ratings, and update them."""
    return RatedGame(game, ratings.rate_into(current, game.side_keys, game.shape))


def by_ruleset(games: Iterable[LeagueGame]) -> list[tuple[str, list[LeagueGame]]]:
    """The games of each ruleset (of each named custom game: `LeagueGame.kind`), the most
    played first.

    Each ruleset's games are rated as a pool of their own: skill at Moon says little about
    skill at Block, so a rating belongs to one game.
    """
    groups: dict[str, list[LeagueGame]] = {}
    for game in games:
        groups.setdefault(game.kind, []).append(game)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


# --- standings ------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One player's line in the standings."""

    key: str
    player: str
    played: int
    won: int
    points_for: int
    points_against: float
    rating: Rating
    form: tuple[bool, ...]  # the last five results, oldest first: True for a win
    last_played: date

    @property
    def win_rate(self) -> float:
        return self.won / self.played

    @property
    def average(self) -> float:
        """Points for per game."""
        return self.points_for / self.played


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    points_for: int = 0
    points_against: float = 0.0
    form: deque[bool] = field(default_factory=lambda: deque(maxlen=FORM_LENGTH))
    last: RatedGame | None = None

    def copy(self) -> _Tally:
        return _Tally(
            self.played, self.won, self.points_for, self.points_against, self.form.copy(), self.last
        )

    def row(self, key: str) -> Row:
        assert self.last is not None
        return Row(
            key=key,
            player=self.last.game.outcome_of[key].name,  # the latest spelling of the name
            played=self.played,
            won=self.won,
            points_for=self.points_for,
            points_against=self.points_against,
            rating=Rating(*self.last.after[key]),
            form=tuple(self.form),
            last_played=self.last.game.started.date(),
        )


def rank_key(row: Row) -> tuple[float, float, int]:
    """What the standings rank by: rating, then win rate, then games played."""
    return (-row.rating.shown, -row.win_rate, -row.played)


def standings_rows(rated: Iterable[RatedGame]) -> tuple[Row, ...]:
    """One row per player over these rated games, best first."""
    tallies: dict[str, _Tally] = {}
    for item in rated:
        tally_game(tallies, item)
    return rows_of(tallies)


def tally_game(tallies: dict[str, _Tally], item: RatedGame) -> None:
    """Add a rated game to its players' tallies (a league's fold does this for every player
    of every game after a change: written out, not a method call per player)."""
    for result in item.game.side_results:
        won = result.won
        for key in result.keys:
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally()
            tally.played += 1
            tally.won += won
            tally.points_for += result.points_for
            tally.points_against += result.points_against
            tally.form.append(won)
            tally.last = item


def rows_of(tallies: Mapping[str, _Tally]) -> tuple[Row, ...]:
    """One row per player, best first."""
    rows = (tally.row(key) for key, tally in tallies.items())
    return tuple(sorted(rows, key=lambda row: (*rank_key(row), row.key)))


class Pool:
    """Games rated in order as one pool and tallied into rows; never changed once made.

    `updated` makes the pool of the games as they are now from this one, re-rating from
    the last kept state before the first game whose placing changed (or that came or
    went), and re-tallying from the last kept state before the first game that changed at
    all. A game that finishes tonight was started recently and sits near the end, so it
    costs the few games after it; a correction that moves totals but no placing re-rates
    nothing; a changed placing early on re-rates nearly everything. What comes out is
    what `rate_games` and `standings_rows` give for the same games, to the last bit.
    """

    def __init__(self) -> None:
        self.games: list[LeagueGame] = []
        self.rated: list[RatedGame] = []
        self.rows: tuple[Row, ...] = ()
        # The ratings after every RATINGS_EVERY games and the tallies after every
        # TALLIES_EVERY games, each from before the first game.
        self.ratings: list[dict[str, Skill]] = [{}]
        self.tallies: list[dict[str, _Tally]] = [{}]

    def updated(self, games: Sequence[LeagueGame]) -> Pool:
        """The pool of these games, in order."""
        if same_objects(games, self.games):
            return self
        pool = Pool()
        pool.games = list(games)
        # The ratings stand up to the first game placed otherwise (or that came or went);
        # from the last kept ratings before it on, they are worked out again.
        old = self.games
        placed = next(
            (n for n in differing(old, games) if old[n].placing != games[n].placing),
            min(len(old), len(games)),
        )
        start = placed if placed == len(games) else placed - placed % RATINGS_EVERY
        pool.ratings = self.ratings[: start // RATINGS_EVERY + 1]
        pool.rated = self.rated[:start]
        for n in differing(old[:start], games[:start]):  # new totals, the same placings
            pool.rated[n] = RatedGame(games[n], pool.rated[n].after)
        current = dict(pool.ratings[-1])
        for game in games[start:]:
            pool.rated.append(rate_game(current, game))
            if len(pool.rated) % RATINGS_EVERY == 0:
                pool.ratings.append(dict(current))

        # The tallies stand up to the first rated game that differs at all.
        changed = next(differing(self.rated, pool.rated), min(len(self.rated), len(pool.rated)))
        start = changed - changed % TALLIES_EVERY
        pool.tallies = self.tallies[: start // TALLIES_EVERY + 1]
        tallies = {key: tally.copy() for key, tally in pool.tallies[-1].items()}
        for n in range(start, len(pool.rated)):
            tally_game(tallies, pool.rated[n])
            if (n + 1) % TALLIES_EVERY == 0:
                pool.tallies.append({key: tally.copy() for key, tally in tallies.items()})
        pool.rows = rows_of(tallies)
        return pool


def same_objects(one: Sequence[object], other: Sequence[object]) -> bool:
    return len(one) == len(other) and all(map(operator.is_, one, other))


def differing(
    old: Iterable[object],
    new: Iterable[object],
    differ: Callable[[Any, Any], bool] = operator.is_not,
) -> Iterator[int]:
    """The positions (as far as both go) where `old` and `new` hold different objects (or
    where `differ` says they differ).

    Worked out in C, not in a Python loop: most of ten thousand games are the same objects.
    """
    return compress(count(), map(differ, old, new))


@dataclass(frozen=True)
class Standings:
    """The standings over one ruleset's games, or over every game (`ruleset` None).

    `key` tells the tables apart where one ruleset has several (custom games by name).
    """

    ruleset: str | None
    name: Message | str  # as a page shows it (`| named`); `str()` of it is the English
    lowest_wins: bool
    games: int
    rows: tuple[Row, ...]
    key: str = "all"

    @property
    def counts_points(self) -> bool:
        """Points add up within one game only: Block pips and Moon marks are different things."""
        return self.ruleset is not None

    def places(self) -> dict[str, int]:
        """Each player's place; players level on rating, win rate and games share it."""
        places: dict[str, int] = {}
        previous: tuple[float, float, int] | None = None
        for n, row in enumerate(self.rows, start=1):
            key = rank_key(row)
            places[row.key] = places[self.rows[n - 2].key] if key == previous else n
            previous = key
        return places


# --- one player -----------------------------------------------------------------------


@dataclass(frozen=True)
class HeadToHead:
    """A player's record against one opponent: finishing ahead of, behind or level with them."""

    key: str
    name: str
    met: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class PlayerRecord:
    """A player's games (latest first), rating history per ruleset and head-to-head record."""

    key: str
    name: str
    games: tuple[tuple[LeagueGame, Outcome], ...]
    ratings: dict[str, tuple[tuple[LeagueGame, Rating], ...]]
    head_to_head: tuple[HeadToHead, ...]

    @property
    def won(self) -> int:
        return sum(outcome.won for _, outcome in self.games)


def player_record(by_ruleset: Mapping[str, Sequence[RatedGame]], key: str) -> PlayerRecord | None:
    """The record of the player with this key, or None if they played none of these games."""
    ratings = {
        ruleset: tuple((item.game, Rating(*item.after[key])) for item in rated if key in item.after)
        for ruleset, rated in by_ruleset.items()
    }
    played = sorted(
        ((game, game.outcome_of[key]) for history in ratings.values() for game, _ in history),
        key=lambda pair: (pair[0].created_at, pair[0].id),
    )
    if not played:
        return None
    return PlayerRecord(
        key=key,
        name=played[-1][1].name,
        games=tuple(reversed(played)),
        ratings={ruleset: history for ruleset, history in ratings.items() if history},
        head_to_head=head_to_head(played),
    )


def head_to_head(played: Sequence[tuple[LeagueGame, Outcome]]) -> tuple[HeadToHead, ...]:
    """Against each opponent: games met, and how often the player finished ahead, behind, level."""
    tallies: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for game, own in played:
        for key in own.opponents:
            theirs = game.outcome_of[key]
            names[key] = theirs.name
            tally = tallies.setdefault(key, [0, 0, 0])
            tally[0 if own.place < theirs.place else 1 if own.place > theirs.place else 2] += 1
    records = [HeadToHead(key, names[key], sum(t), t[0], t[1], t[2]) for key, t in tallies.items()]
    return tuple(sorted(records, key=lambda h: (-h.met, h.key)))
