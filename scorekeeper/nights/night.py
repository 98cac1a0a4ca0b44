"""A club night as stored: opening it, checking players in, seating rounds, calling time.

Every change is one transaction that reads the night afresh inside it, so two organisers
acting at once are served one after the other, and each action is safe to repeat: a name
checked in twice is checked in once, and "seat round 2" when round 2 is seated is refused
with a sentence saying so.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cached_property
from typing import Any

from scorekeeper import store, tokens
from scorekeeper.errors import Conflict, NotFound, RuleError
from scorekeeper.games import NAME_LIMIT as PLAYER_NAME_LIMIT
from scorekeeper.games import NewGame, insert_new_game
from scorekeeper.names import PLAYER, clean_name
from scorekeeper.nights.seating import Entrant, Layout, SeatedTable, Seating, seat_round
from scorekeeper.nights.standings import NightStandings, Result, night_standings
from scorekeeper.rules import Ruleset, get_ruleset
from scorekeeper.rules.base import Table
from scorekeeper.standings import Rating, league_games, player_key, rate_games, standings_rows
from scorekeeper.store import Connection, League, write_transaction
from scorekeeper.words import Message, say, say_n

FORMATS = ("individual", "pairs")
NAME_LIMIT = 60
ROUNDS_LIMIT = 30
MINUTES_LIMIT = 600
PLAYERS_LIMIT = 400  # names in one check-in request; a club night is far smaller
FIRST_ROUND_ORDERS = ("draw", "rating")


@dataclass(frozen=True)
class Player:
    """A player checked in to the night."""

    name: str
    key: str
    position: int
    pair: int | None
    left_after: int | None  # the last round they were seated for, if they left

    @property
    def present(self) -> bool:
        return self.left_after is None


@dataclass(frozen=True)
class TableGame:
    """A table of a round and its game, as the night shows it (from the game's stored row)."""

    round: int
    number: int
    game_id: str
    seats: tuple[str, ...]
    sides: tuple[str, ...]  # what scores: players, or team names in partnerships
    members: tuple[tuple[str, ...], ...]  # each side's players
    totals: Mapping[str, int]
    winners: tuple[str, ...]
    finished: bool
    hands: int
    version: int
    time_called_at: str | None
    last_hand_at: str | None

    @property
    def time_called(self) -> bool:
        """Whether the game ended because time was called."""
        return bool(
            self.finished
            and self.time_called_at
            and self.last_hand_at
            and self.last_hand_at >= self.time_called_at
        )

    @property
    def state_said(self) -> Message:
        """Where the table is, as its card and the API's `state` say it."""
        if self.time_called:
            return say("time called after hand %(hand)s", hand=self.hands)
        if self.finished:
            return say("finished")
        if self.time_called_at is not None and self.time_called_at <= store.now():
            return say_n(
                "%(count)s hand played; time called: the hand in play is the last",
                "%(count)s hands played; time called: the hand in play is the last",
                self.hands,
            )
        return say_n("%(count)s hand played", "%(count)s hands played", self.hands)

    def seated(self) -> SeatedTable:
        return SeatedTable(self.number, self.seats, self.members)


@dataclass(frozen=True)
class Round:
    """A seated round: its tables, who sat out, the repeats that could not be avoided."""

    number: int
    tables: tuple[TableGame, ...]
    byes: tuple[Entrant, ...]
    repeats: tuple[Message, ...]
    seated_at: str
    deadline: str | None
    called_at: str | None

    @property
    def finished(self) -> bool:
        return all(table.finished for table in self.tables)

    @property
    def hands(self) -> int:
        return sum(table.hands for table in self.tables)

    @property
    def time_up_at(self) -> str | None:
        """When time runs out (or ran out) for the round: the deadline or the call, if sooner."""
        times = [t for t in (self.deadline, self.called_at) if t]
        return min(times) if times else None


@dataclass(frozen=True)
class Night:
    """A night of a league: its settings, the players checked in and the rounds seated."""

    id: int
    league: League
    number: int
    name: str  # as the organiser typed it; empty if opened without one (see `title`)
    ruleset: Ruleset
    options: Mapping[str, Any]  # as the organiser set them; each table fills in the rest
    table_size: int
    format: str
    planned_rounds: int
    minutes: int | None
    seed: str
    version: int
    created_at: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]

    @property
    def title(self) -> Message | str:
        """The night's name as every page, screen and answer shows it (see `night_title`)."""
        return night_title(self.name, self.created_at)

    @property
    def pairs(self) -> bool:
        return self.format == "pairs"

    @property
    def layout(self) -> Layout:
        if self.pairs:
            return Layout(2, (2,), partnerships=True, pairs=True)
        return Layout(
            self.table_size,
            self.ruleset.players,
            partnerships=self.ruleset.partnerships_required(4),
        )

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def present(self) -> tuple[Player, ...]:
        return tuple(player for player in self.players if player.present)

    def entrants(self, *, present_only: bool) -> tuple[Entrant, ...]:
        """Players (individual) or complete pairs (pairs), in check-in order."""
        players = self.present if present_only else self.players
        if not self.pairs:
            return tuple((player.name,) for player in players)
        by_pair: dict[int, list[str]] = {}
        for player in players:
            if player.pair is not None:
                by_pair.setdefault(player.pair, []).append(player.name)
        return tuple(tuple(names) for names in by_pair.values() if len(names) == 2)

    def unpaired(self) -> tuple[str, ...]:
        """Pairs format: present players without a present partner (they cannot be seated)."""
        if not self.pairs:
            return ()
        seated = {name for entrant in self.entrants(present_only=True) for name in entrant}
        return tuple(p.name for p in self.present if p.name not in seated)

    @cached_property
    def byes(self) -> dict[Entrant, int]:
        counted: dict[Entrant, int] = {}
        for played in self.rounds:
            for entrant in played.byes:
                counted[entrant] = counted.get(entrant, 0) + 1
        return counted

    @cached_property
    def standings(self) -> NightStandings:
        """The night's standings over every finished game of its rounds."""
        entrant_of = {name: e for e in self.entrants(present_only=False) for name in e}
        results = [
            Result(
                sides=tuple(
                    tuple(dict.fromkeys(entrant_of.get(p, (p,)) for p in members))
                    for members in table.members
                ),
                totals=tuple(table.totals.get(side, 0) for side in table.sides),
                won=tuple(side in table.winners for side in table.sides),
                lowest_wins=self.ruleset.lowest_wins,
            )
            for played in self.rounds
            for table in played.tables
            if table.finished
        ]
        # Equals keep the order of the draw: the next round's seating is settled, and
        # not biased by who checked in first.
        everyone = self.draw(1, self.entrants(present_only=False))
        return night_standings(everyone, results, self.byes, self.ruleset.lowest_wins)

    def draw(self, round_number: int, entrants: Sequence[Entrant]) -> list[Entrant]:
        """The entrants in a random order that is the same each time it is asked for again."""
        order = list(entrants)
        random.Random(f"{self.seed}:{round_number}").shuffle(order)
        return order

    def table_token(self, secret: str, round_number: int, table: int) -> str:
        """The scorer token of a table's game, made again from the app's secret when needed."""
        seated_at = self.rounds[round_number - 1].seated_at
        return tokens.derived_token(
            secret, f"night-table:{self.seed}:{round_number}:{table}:{seated_at}"
        )


# --- reading -------------------------------------------------------------------------


def load_night(db: Connection, league: League, number: int) -> Night:
    """The league's night `number`, or NotFound."""
    row = store.night_row(db, league.id, number)
    if row is None:
        raise NotFound(
            say(
                "%(league)s has no night %(number)s. Check the address.",
                league=league.name,
                number=number,
            )
        )
    return night_from_row(db, league, row)


def nights_of(db: Connection, league: League) -> list[dict[str, Any]]:
    """The league's nights, latest first: number, name, title (as shown: `night_title`),
    ruleset and when it was opened."""
    return [
        {**row, "title": night_title(row["name"], row["created_at"])}
        for row in store.night_rows(db, league.id)
    ]


def night_title(name: str, created_at: str) -> Message | str:
    """A night's name as it is shown: the name the organiser gave it, exactly; a night opened
    without one (stored empty) is named by its date, said in each reader's words whenever it
    is shown ("Night of 23 Nov 2026", "Noche del 23 sept 2026"), never in the opener's."""
    return name or say("Night of %(date)s", date=opened_on(created_at))


def opened_on(created_at: str) -> date:
    """The day a night was opened, on the club laptop's calendar (its local time, as the
    clock on its screens), from the stored UTC instant."""
    return datetime.fromisoformat(created_at).astimezone().date()


def night_from_row(db: Connection, league: League, row: Mapping[str, Any]) -> Night:
    players = tuple(
        Player(p["name"], p["key"], p["position"], p["pair"], p["left_after"])
        for p in store.night_player_rows(db, row["id"])
    )
    tables: dict[int, list[TableGame]] = {}
    for game in store.night_game_rows(db, row["id"]):
        tables.setdefault(game["round"], []).append(table_game(game))
    rounds = tuple(
        Round(
            number=r["number"],
            tables=tuple(tables.get(r["number"], ())),
            byes=tuple(tuple(entrant) for entrant in json.loads(r["byes"])),
            repeats=tuple(stored_repeat(repeat) for repeat in json.loads(r["repeats"])),
            seated_at=r["seated_at"],
            deadline=r["deadline"],
            called_at=r["called_at"],
        )
        for r in store.night_round_rows(db, row["id"])
    )
    return Night(
        id=row["id"],
        league=league,
        number=row["number"],
        name=row["name"],
        ruleset=get_ruleset(row["ruleset"]),
        options=json.loads(row["options"]),
        table_size=row["table_size"],
        format=row["format"],
        planned_rounds=row["rounds"],
        minutes=row["minutes"],
        seed=row["seed"],
        version=row["version"],
        created_at=row["created_at"],
        players=players,
        rounds=rounds,
    )


def stored_repeat(stored: str | Mapping[str, Any]) -> Message:
    """A repeat as its round keeps it: a Message, or an English sentence m009 could not
    read back (a name changed since), which every language then shows as it is."""
    return Message(stored) if isinstance(stored, str) else Message.from_json(stored)


def table_game(row: Mapping[str, Any]) -> TableGame:
    seats = tuple(json.loads(row["players"]))
    team_names = tuple(json.loads(row["team_names"]))
    table = Table(seats, team_names)
    return TableGame(
        round=row["round"],
        number=row["table_number"],
        game_id=row["id"],
        seats=seats,
        sides=table.sides,
        members=tuple(table.members(side) for side in table.sides),
        totals=json.loads(row["totals"]),
        winners=tuple(json.loads(row["winners"])),
        finished=row["status"] == "finished",
        hands=row["hands"],
        version=row["version"],
        time_called_at=row["time_called_at"],
        last_hand_at=row["last_hand_at"],
    )


# --- opening a night -----------------------------------------------------------------


def create_night(db: Connection, league: League, payload: Mapping[str, Any]) -> Night:
    """Open a night from the organiser's settings (CLUB_NIGHT.md, "Setting up")."""
    ruleset = get_ruleset(payload.get("ruleset"))
    night_format = payload.get("format") or "individual"
    if night_format not in FORMATS:
        raise RuleError(say("the format is individual or pairs"), "format")
    if night_format == "pairs" and (ruleset.partnerships == "never" or 4 not in ruleset.players):
        raise RuleError(
            say("%(game)s has no partnerships: play it individual", game=ruleset.name), "format"
        )
    size = table_size(ruleset, payload.get("table_size"), night_format)
    given = payload.get("options") or {}
    if not isinstance(given, Mapping):
        raise RuleError(say("options must be an object of option names and values"), "options")
    sample = sample_table(ruleset, size, night_format)
    options = ruleset.resolve_options(given, sample)
    chosen = {name: options[name] for name in given}
    name = night_name(payload.get("name"))
    rounds = bounded(payload.get("rounds"), "rounds", 1, ROUNDS_LIMIT, default=3)
    minutes = bounded(payload.get("minutes"), "minutes", 1, MINUTES_LIMIT, default=None)
    with write_transaction(db) as tx:
        number = store.next_night_number(tx, league.id)
        at = store.now()
        store.insert_night(
            tx,
            {
                "league_id": league.id,
                "number": number,
                "name": name,
                "ruleset": ruleset.id,
                "options": store.dumps(chosen),
                "table_size": size,
                "format": night_format,
                "rounds": rounds,
                "minutes": minutes,
                "seed": secrets.token_hex(8),
                "version": 1,
                "created_at": at,
                "updated_at": at,
            },
        )
    return load_night(db, league, number)


def night_name(raw: object) -> str:
    """The night's name as stored; empty when none is given (then `night_title` names it by
    its date, in each reader's words)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return ""
    if not isinstance(raw, str):
        raise RuleError(say("the night's name must be text"), "name")
    name = " ".join(raw.split())
    if len(name) > NAME_LIMIT:
        raise RuleError(
            say_n(
                "a night's name has at most %(count)s character",
                "a night's name has at most %(count)s characters",
                NAME_LIMIT,
            ),
            "name",
        )
    return name


def table_size(ruleset: Ruleset, raw: object, night_format: str) -> int:
    if night_format == "pairs":
        if raw not in (None, 4):
            raise RuleError(
                say("in the pairs format every table seats two pairs: 4 players"), "table_size"
            )
        return 4
    if raw is None:
        return 4 if 4 in ruleset.players else max(ruleset.players)
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in ruleset.players:
        first, *more = ruleset.players
        allowed: Message | str = str(first)
        for size in more:
            allowed = say("%(some)s or %(last)s", some=allowed, last=str(size))
        raise RuleError(
            say("%(game)s tables seat %(allowed)s players", game=ruleset.name, allowed=allowed),
            "table_size",
        )
    return raw


def sample_table(ruleset: Ruleset, size: int, night_format: str) -> Table:
    """A table like the night's, to check its options against."""
    players = tuple(f"Player {n}" for n in range(1, size + 1))
    partners = night_format == "pairs" or ruleset.partnerships_required(size)
    return Table(players, ("Us", "Them") if partners else ())


def bounded(raw: object, field: str, low: int, high: int, *, default: int | None) -> int | None:
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise RuleError(
            say(
                "%(field)s must be a whole number from %(low)s to %(high)s",
                field=field,
                low=low,
                high=high,
            ),
            field,
        )
    return raw


# --- checking in ---------------------------------------------------------------------


@dataclass(frozen=True)
class CheckIn:
    """What a check-in request asks: names to add and to remove, pairs to register."""

    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()


def parse_check_in(payload: Mapping[str, Any]) -> CheckIn:
    return CheckIn(
        add=names_list(payload.get("add"), "add"),
        remove=names_list(payload.get("remove"), "remove"),
        pairs=pairs_list(payload.get("pairs")),
    )


def names_list(raw: object, field: str) -> tuple[str, ...]:
    """Names as `names.clean_name` leaves them (40 visible characters at most); a name given
    twice counts once."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > PLAYERS_LIMIT:
        raise RuleError(
            say(
                "%(field)s must be a list of at most %(count)s names",
                field=field,
                count=PLAYERS_LIMIT,
            ),
            field,
        )
    names: dict[str, str] = {}
    for item in raw:
        name = clean_name(item, PLAYER, field, PLAYER_NAME_LIMIT)
        names.setdefault(player_key(name), name)
    return tuple(names.values())


def pairs_list(raw: object) -> tuple[tuple[str, str], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > PLAYERS_LIMIT:
        raise RuleError(say("pairs must be a list of two names each"), "pairs")
    pairs = []
    for item in raw:
        names = names_list(item, "pairs") if isinstance(item, list) else ()
        if len(names) != 2:
            raise RuleError(say("each pair must be two different names"), "pairs")
        pairs.append((names[0], names[1]))
    return tuple(pairs)


def check_in(db: Connection, league: League, number: int, change: CheckIn) -> Night:
    """Add, remove and pair players; asking again for what is already so changes nothing."""
    with write_transaction(db) as tx:
        night = load_night(tx, league, number)
        known = {player.key: player for player in night.players}
        seated_keys = seated_players(night)
        next_position = max((p.position for p in night.players), default=0) + 1
        for name in change.add:
            key = player_key(name)
            if key in known:
                if not known[key].present:  # back after leaving: seated again from next round
                    store.update_night_player(tx, night.id, key, left_after=None)
                continue
            store.insert_night_player(
                tx,
                {
                    "night_id": night.id,
                    "key": key,
                    "name": name,
                    "position": next_position,
                    "pair": None,
                    "left_after": None,
                },
            )
            next_position += 1
        for name in change.remove:
            key = player_key(name)
            if key not in known:
                raise RuleError(
                    say("%(name)s is not checked in to %(night)s", name=name, night=night.title),
                    "remove",
                )
            if key in seated_keys:  # keeps their games and standing; not seated again
                rounds = len(night.rounds)
                store.update_night_player(tx, night.id, key, left_after=rounds)
            else:
                store.delete_night_player(tx, night.id, key)
        if change.pairs:
            register_pairs(tx, load_night(tx, league, number), change.pairs, seated_keys)
        store.bump_night(tx, night.id)
    return load_night(db, league, number)


def seated_players(night: Night) -> set[str]:
    """The keys of everyone seated or on a bye in a round so far."""
    names = {name for r in night.rounds for t in r.tables for name in t.seats}
    names |= {name for r in night.rounds for entrant in r.byes for name in entrant}
    return {player_key(name) for name in names}


def register_pairs(
    db: Connection, night: Night, pairs: Iterable[tuple[str, str]], seated_keys: set[str]
) -> None:
    if not night.pairs:
        raise RuleError(say("pairs are registered only in a night of the pairs format"), "pairs")
    known = {player.key: player for player in night.players}
    for first, second in pairs:
        members = []
        for name in (first, second):
            player = known.get(player_key(name))
            if player is None:
                raise RuleError(
                    say("%(name)s is not checked in: check them in first", name=name), "pairs"
                )
            members.append(player)
        if members[0].pair is not None and members[0].pair == members[1].pair:
            continue  # already this pair
        for member in members:
            if member.key in seated_keys and member.pair is not None:
                raise RuleError(
                    say("%(name)s has already played tonight in a pair", name=member.name),
                    "pairs",
                )
        for member in members:
            for other in night.players:  # a new pair breaks up the players' earlier pairs
                if member.pair is not None and other.pair == member.pair:
                    store.update_night_player(db, night.id, other.key, pair=None)
        pair = min(m.position for m in members)
        for member in members:
            store.update_night_player(db, night.id, member.key, pair=pair)
        known = {p.key: p for p in load_players(db, night.id)}


def load_players(db: Connection, night_id: int) -> list[Player]:
    return [
        Player(p["name"], p["key"], p["position"], p["pair"], p["left_after"])
        for p in store.night_player_rows(db, night_id)
    ]


# --- seating a round -----------------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """A round just seated, with its tables' scorer tokens (kept only as hashes)."""

    night: Night
    round: Round
    tokens: Mapping[int, str]  # table number → scorer token


def seat(
    db: Connection,
    league: League,
    number: int,
    secret: str,
    *,
    expected_round: int | None = None,
    order_by: str = "draw",
) -> Seated:
    """Seat the next round and start a game at each of its tables, all in one transaction."""
    if order_by not in FIRST_ROUND_ORDERS:
        raise RuleError(say("round 1 is seated by draw or by rating"), "order")
    with write_transaction(db) as tx:
        night = load_night(tx, league, number)
        round_number = len(night.rounds) + 1
        check_can_seat(night, round_number, expected_round)
        seating = seat_next(tx, night, round_number, order_by)
        at = store.now()
        deadline = None
        if night.minutes:
            end = datetime.fromisoformat(at) + timedelta(minutes=night.minutes)
            deadline = end.astimezone(UTC).isoformat(timespec="milliseconds")
        store.insert_night_round(
            tx,
            {
                "night_id": night.id,
                "number": round_number,
                "byes": store.dumps([list(e) for e in seating.byes]),
                "repeats": store.dumps([repeat.as_json() for repeat in seating.repeats]),
                "seated_at": at,
                "deadline": deadline,
                "called_at": None,
            },
        )
        night = load_night(tx, league, number)
        made = {}
        for seated in seating.tables:
            token = night.table_token(secret, round_number, seated.number)
            game_id = start_table_game(tx, night, seated, token, deadline)
            store.insert_night_table(
                tx,
                {
                    "night_id": night.id,
                    "round": round_number,
                    "number": seated.number,
                    "game_id": game_id,
                },
            )
            made[seated.number] = token
        store.bump_night(tx, night.id)
    night = load_night(db, league, number)
    return Seated(night, night.rounds[-1], made)


def check_can_seat(night: Night, round_number: int, expected_round: int | None) -> None:
    if expected_round is not None and expected_round != round_number:
        if expected_round < round_number:
            raise Conflict(
                say("Round %(number)s is already seated.", number=expected_round), "round"
            )
        raise Conflict(
            say("The next round to seat is round %(number)s.", number=round_number), "round"
        )
    current = night.current
    if current is not None and not current.finished:
        playing = [str(t.number) for t in current.tables if not t.finished]
        raise Conflict(
            say_n(
                "Round %(number)s is still being played (table %(tables)s): "
                "seat round %(next)s when every table has finished, or call time.",
                "Round %(number)s is still being played (tables %(tables)s): "
                "seat round %(next)s when every table has finished, or call time.",
                len(playing),
                number=current.number,
                tables=", ".join(playing),
                next=round_number,
            ),
            "round",
        )
    unpaired = night.unpaired()
    if unpaired:
        raise RuleError(
            say_n(
                "%(names)s has no partner: pair everyone present before seating",
                "%(names)s have no partner: pair everyone present before seating",
                len(unpaired),
                names=", ".join(unpaired),
            ),
            "pairs",
        )


def seat_next(db: Connection, night: Night, round_number: int, order_by: str) -> Seating:
    """Round 1 by the draw or league ratings; later rounds by the night's standings."""
    present = night.entrants(present_only=True)
    drawn = night.draw(round_number, present)
    if round_number == 1:
        order = rating_order(db, night, drawn) if order_by == "rating" else drawn
    else:
        here = set(present)
        order = [entrant for entrant in night.standings.order if entrant in here]
    played = [[table.seated() for table in r.tables] for r in night.rounds]
    return seat_round(order, night.layout, night.byes, played)


def rating_order(db: Connection, night: Night, drawn: Sequence[Entrant]) -> list[Entrant]:
    """Best rated first in the league's games of this ruleset; the unrated keep the draw's order."""
    rows = standings_rows(rate_games(league_games(db, night.league, ruleset=night.ruleset.id)))
    rating = {row.key: row.rating.shown for row in rows}

    newcomer = Rating().shown

    def strength(entrant: Entrant) -> float:
        return sum(rating.get(player_key(name), newcomer) for name in entrant)

    return sorted(drawn, key=strength, reverse=True)


def start_table_game(
    db: Connection, night: Night, seated: SeatedTable, token: str, deadline: str | None
) -> str:
    """The table's game, in the league, with the night's house rules."""
    team_names = tuple(" & ".join(side) for side in seated.sides) if seated.partnerships else ()
    table = Table(seated.seats, team_names)
    night.ruleset.check_table(table)
    options = night.ruleset.resolve_options(night.options, table)
    new = NewGame(night.ruleset, table, options, night.league.slug)
    return insert_new_game(
        db,
        new,
        tokens.token_hash(token),
        night.league.id,
        in_match=False,
        time_called_at=deadline,
    )


def undo_round(db: Connection, league: League, number: int, round_number: int) -> Night:
    """Take back the last round's seating, while no hand has been entered at any table."""
    with write_transaction(db) as tx:
        night = load_night(tx, league, number)
        current = night.current
        if current is None or current.number != round_number:
            raise Conflict(
                say("Round %(number)s is not the night's last round.", number=round_number),
                "round",
            )
        started = [str(t.number) for t in current.tables if t.hands]
        if started or any(store.has_plays(tx, t.game_id) for t in current.tables):
            raise Conflict(
                say(
                    "Hands have been entered at table %(tables)s: "
                    "round %(number)s can no longer be seated again.",
                    tables=", ".join(started),
                    number=round_number,
                )
                if started
                else say(
                    "Hands have been entered at a table: "
                    "round %(number)s can no longer be seated again.",
                    number=round_number,
                ),
                "round",
            )
        store.delete_night_round(tx, night.id, round_number)
        store.bump_night(tx, night.id)
    return load_night(db, league, number)


def call_time(db: Connection, league: League, number: int, round_number: int, actor: str) -> Night:
    """Time is up for the round: every table ends after the hand in play."""
    with write_transaction(db) as tx:
        night = load_night(tx, league, number)
        current = night.current
        if current is None or current.number != round_number:
            raise Conflict(
                say("Round %(number)s is not being played.", number=round_number), "round"
            )
        at = store.now()
        called = store.call_time(tx, [t.game_id for t in current.tables], at)
        for game_id in called:
            version = store.game_version(tx, game_id) or 0
            store.append_log(tx, game_id, actor=actor, action="time called", version=version)
        if current.called_at is None:
            store.update_night_round(tx, night.id, round_number, called_at=at)
        store.bump_night(tx, night.id)
    return load_night(db, league, number)


def known_names(db: Connection, league: League) -> list[str]:
    """The league's players, offered first at check-in."""
    return store.league_player_names(db, league.id)
