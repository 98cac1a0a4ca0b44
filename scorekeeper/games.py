"""Games as the pages and the API see them, and every change to one.

One path for every change: the entry is parsed and scored by its ruleset, then the hand
and its log line are written in one transaction. Pages and API share all of it.
"""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar, overload

from scorekeeper import store, tokens
from scorekeeper.errors import Conflict, Forbidden, NotFound, RuleError
from scorekeeper.names import PLAYER, TEAM, Named, as_typed, clean_name, same_name_key
from scorekeeper.rules import Ruleset, get_ruleset
from scorekeeper.rules.base import (
    AFTER_THE_END,
    Ending,
    HandResult,
    NextHand,
    ScoredHand,
    Sentence,
    Status,
    Table,
    after_the_end_note,
    end_of_game,
    ended_mid_hand,
    not_an_object,
    running_totals,
    time_called,
)
from scorekeeper.store import Connection, write_transaction
from scorekeeper.words import Message, explanation_json, say, say_n

NAME_LIMIT = 40
NO_SUCH_GAME = say("There is no game with that link. Check the address.")

Derived = TypeVar("Derived")


class derived(Generic[Derived]):  # lower case: used as a decorator, as functools.cached_property
    """functools.cached_property without its lock: a value derived from a frozen game, worked
    out on first use and kept in the instance.

    Python 3.11's takes one lock per property for all instances (3.12 dropped it): server
    threads deriving the status of different games waited on each other, and every first
    use paid for the lock. Two threads deriving the same game's value at once would only
    work out the same value twice.
    """

    def __init__(self, derive: Callable[[Any], Derived]) -> None:
        self.derive = derive
        self.name = derive.__name__
        self.__doc__ = derive.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[Derived]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> Derived: ...
    def __get__(self, instance: object, owner: type | None = None) -> Derived | derived[Derived]:
        if instance is None:  # asked of the class, as functools' answers: the property itself
            return self
        value = instance.__dict__[self.name] = self.derive(instance)
        return value


@dataclass(frozen=True)
class PlayedHand:
    """A hand as stored: the entry as given, its result and who dealt it.

    `counted` is false for a hand played after the game's end (SCORING.md), which stays
    in the record but adds nothing to the totals.
    """

    number: int
    entry: Mapping[str, Any]
    result: HandResult
    dealer: str
    counted: bool = True
    entered_at: str = ""  # UTC, ISO 8601: when the hand was first entered


@dataclass(frozen=True)
class Game:
    """A game with its hands; totals, status and the next deal are derived from them."""

    id: str
    ruleset: Ruleset
    table: Table
    options: Mapping[str, Any]
    hands: tuple[PlayedHand, ...]
    version: int
    token_hash: str
    league: str | None
    created_at: str
    pending_plays: tuple[Mapping[str, Any], ...] = ()
    league_id: int | None = None
    match_id: str | None = None
    match_game: int | None = None
    # The match's other finished games: their places in it and their winners.
    match_others: tuple[tuple[int, tuple[str, ...]], ...] = ()
    time_called_at: str | None = None  # a club night's time limit: the next hand is the last
    # The status its row holds, as read or as the last change wrote it (None: not known).
    # Not derived from the hands: rules that changed since the row was written may differ.
    held_status: str | None = None

    @derived
    def match(self) -> Match | None:
        """The match this game belongs to, with the games won so far by each side."""
        if self.match_id is None or self.match_game is None:
            return None
        if not self.ruleset.match_games(self.table):
            return None
        played = list(self.match_others)
        if self.finished:
            played.append((self.match_game, tuple(self.status.winners)))
        winners = [won for _, won in sorted(played)]
        score, winner = self.ruleset.match_standing(self.table, winners)
        return Match(self.match_id, self.match_game, score, winner)

    @derived
    def in_progress(self) -> PlayedHand | None:
        """The hand being played, when plays were posted live; it counts in the totals at once."""
        if not self.pending_plays:
            return None
        number = len(self.hands) + 1
        # The entered hands added up directly: the game's own totals look at this hand too.
        entered = [ScoredHand(h.number, h.entry, h.result) for h in self.hands]
        before = running_totals(self.table, entered)
        result = self.ruleset.plays_in_game(self.pending_plays, self.table, self.options, before)
        dealer = self.ruleset.next_hand(self.table, self.options, len(self.hands)).dealer
        return PlayedHand(number, {"plays": list(self.pending_plays)}, result, dealer)

    @derived
    def scored(self) -> tuple[ScoredHand, ...]:
        played = (*self.hands, self.in_progress) if self.in_progress else self.hands
        return tuple(ScoredHand(h.number, h.entry, h.result) for h in played)

    @derived
    def ending(self) -> Ending:
        """Where the game ends, and which hands count toward its totals and result.

        With time called, the game ends after the first hand entered from then on, unless
        it had already ended by its own rules (CLUB_NIGHT.md, "Playing a round").
        """
        ended = end_of_game(self.ruleset, self.table, self.options, self.scored)
        last = self.last_hand_on_time
        if last is None or (ended.status.finished and ended.last_counted <= last):
            return ended
        counted = tuple(hand for hand in self.scored if hand.number <= last)
        totals = running_totals(self.table, counted)
        return Ending(time_called(self.table, totals, self.ruleset.lowest_wins, last), counted)

    @derived
    def totals(self) -> dict[str, int]:
        return running_totals(self.table, self.ending.counted)

    @derived
    def status(self) -> Status:
        return self.ending.status

    @derived
    def record(self) -> tuple[PlayedHand, ...]:
        """The hands as they count: those after the end marked, one cut short where it ended."""
        return tuple(self.as_counted(hand) for hand in self.hands)

    @property
    def after_the_end(self) -> tuple[int, ...]:
        """The numbers of the hands entered after the game's end (they do not count)."""
        return tuple(hand.number for hand in self.hands if hand.number > self.ending.last_counted)

    @property
    def after_the_end_note(self) -> Sentence:
        """What the page says of the hands after the end: which, and that they do not count."""
        return after_the_end_note(self.after_the_end)

    def as_counted(self, hand: PlayedHand) -> PlayedHand:
        """The hand as it counts toward the game, its explanation saying what does not."""
        ending = self.ending
        if hand.number > ending.last_counted:
            lines = (*hand.result.explanation, AFTER_THE_END)
            return replace(hand, counted=False, result=replace(hand.result, explanation=lines))
        if ending.cut_short and hand.number == ending.last_counted:
            part = ending.counted[-1].result
            lines = (*hand.result.explanation, ended_mid_hand(hand.result, part, ending.status))
            return replace(hand, result=replace(part, explanation=lines))
        return hand

    @property
    def last_hand_on_time(self) -> int | None:
        """With time called (a club night's time limit): the first hand entered from then on."""
        if self.time_called_at is None:
            return None
        return next((h.number for h in self.hands if h.entered_at >= self.time_called_at), None)

    @property
    def finished(self) -> bool:
        return self.status.finished

    @property
    def next_hand(self) -> NextHand | None:
        if self.finished:
            return None
        return self.ruleset.next_hand(self.table, self.options, len(self.hands))

    @derived
    def _running(self) -> tuple[dict[str, int], ...]:
        """The totals after each hand, added up once; a hand after the end adds nothing."""
        totals, after = running_totals(self.table, ()), []
        for hand in self.record:
            if hand.counted:
                totals = {side: totals[side] + hand.result.scores.get(side, 0) for side in totals}
            after.append(totals)
        return tuple(after)

    def totals_after(self, number: int) -> dict[str, int]:
        """Each side's running total after hand `number`."""
        return dict(self._running[number - 1]) if number else running_totals(self.table, ())

    @property
    def title(self) -> str:
        return self.ruleset.title_with(self.options)

    @property
    def shown_title(self) -> Message | str:
        """The title as a page shows it (`| named`): a name the club typed (a custom game's)
        as typed, the game's own name in the reader's words."""
        return self.ruleset.shown_title_with(self.options)

    @property
    def lowest_wins(self) -> bool:
        return self.ruleset.lowest_wins_with(self.options)

    @property
    def match_games(self) -> int:
        return self.ruleset.match_games(self.table)

    def hand(self, number: int) -> PlayedHand:
        if 1 <= number <= len(self.hands):
            return self.hands[number - 1]
        raise NotFound(
            say(
                "This game has no hand %(number)s (it has %(count)s).",
                number=number,
                count=len(self.hands),
            )
        )


@dataclass(frozen=True)
class Match:
    """Where a game stands in its match (Moon with 4 players: best two of three)."""

    id: str
    game: int
    score: Mapping[str, int]
    winner: str | None


@dataclass(frozen=True)
class NewGame:
    """A game about to be created, its players and options checked."""

    ruleset: Ruleset
    table: Table
    options: dict[str, Any]
    league: str | None


# --- reading -------------------------------------------------------------------------


def read_or_404(db: Connection, game_id: str) -> store.GameRow:
    row = store.read_game(db, game_id)
    if row is None:
        raise NotFound(NO_SUCH_GAME)
    return row


def load_game(db: Connection, game_id: str) -> Game:
    """The game with this id, or NotFound: one read."""
    return game_of(read_or_404(db, game_id))


class KeptGames:
    """Each game as the last change to it left it, built in memory, for the next change.

    A table scores its game hand after hand: reading the whole game back and deriving its
    totals and status again for every hand cost a hand POST a third of its time. A kept game
    is used only while the file still holds that version with that scorer token (a change
    made elsewhere, a new scorer link, time called: the game is read again), and only once
    the change that made it is durable. A game of a match is always read, since its match's
    other games change on their own.
    """

    LIMIT = 1024  # games: a club night's tables many times over

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def get(self, tx: Connection, game_id: str) -> Game | None:
        """The game kept, if the file (read in the change's transaction) still holds it."""
        kept = self.games.get(game_id)
        if kept is None or kept.match_id is not None:
            return None
        stamp = store.game_stamp(tx, game_id)
        if stamp is None:
            raise NotFound(NO_SUCH_GAME)
        version, token_hash, match_id, time_called_at = stamp
        same = (kept.version, kept.token_hash, kept.match_id, kept.time_called_at)
        return kept if same == (version, token_hash, match_id, time_called_at) else None

    def put(self, game: Game) -> None:
        with self.lock:
            self.games.pop(game.id, None)
            self.games[game.id] = game  # the newest last: the oldest go first
            while len(self.games) > self.LIMIT:
                del self.games[next(iter(self.games))]


KEPT_GAMES = "games"  # their place in the file's writers' memo


def kept_games(db: Connection) -> KeptGames:
    """This file's kept games (one per app: the app's connections share their writers)."""
    memo = db.writes.memo
    kept: KeptGames | None = memo.get(KEPT_GAMES)
    if kept is None:  # setdefault's default would be built on every change
        kept = memo.setdefault(KEPT_GAMES, KeptGames())
    return kept


def game_for_change(tx: Connection, game_id: str) -> Game:
    """The game a change starts from, inside its transaction: as the last change left it when
    the file still holds that (one short read), else read whole; NotFound if there is none."""
    return kept_games(tx).get(tx, game_id) or load_game(tx, game_id)


def game_of(row: store.GameRow) -> Game:
    """The game a stored row holds."""
    ruleset = get_ruleset(row.ruleset)
    table = Table(row.players, row.team_names, first_dealer=row.first_dealer)
    hands = tuple(
        PlayedHand(
            number=h.number,
            entry=h.entry,
            result=HandResult(scores=h.scores, explanation=h.explanation, steps=h.steps),
            dealer=h.dealer,
            entered_at=h.entered_at,
        )
        for h in row.hands
    )
    return Game(
        id=row.id,
        ruleset=ruleset,
        table=table,
        options=row.options,
        hands=hands,
        version=row.version,
        token_hash=row.token_hash,
        league=row.league,
        created_at=row.created_at,
        pending_plays=row.pending_plays,
        league_id=row.league_id,
        match_id=row.match_id,
        match_game=row.match_game,
        match_others=tuple(
            (other.game, other.winners)
            for other in row.match_games
            if other.finished and other.id != row.id
        ),
        time_called_at=row.time_called_at,
        held_status=row.status,
    )


# --- creating ------------------------------------------------------------------------


def parse_new_game(payload: Mapping[str, Any]) -> NewGame:
    """Check a request for a new game: ruleset, players in seat order, teams, options."""
    ruleset = get_ruleset(payload.get("ruleset"))
    players = clean_names(payload.get("players"), "players", PLAYER)
    partnerships = payload.get("partnerships", False)
    if not isinstance(partnerships, bool):
        raise RuleError(say("partnerships must be true or false"), "partnerships")
    partnerships = partnerships or ruleset.partnerships_required(len(players))
    team_names: tuple[str, ...] = ()
    if partnerships:
        team_names = team_names_for(players, payload.get("team_names"))
    table = Table(players, team_names)
    ruleset.check_table(table)
    given_options = payload.get("options") or {}
    if not isinstance(given_options, Mapping):
        raise RuleError(say("options must be an object of option names and values"), "options")
    options = ruleset.resolve_options(given_options, table)
    league = payload.get("league")
    if league is not None and not isinstance(league, str):
        raise RuleError(say("league must be a league's short name"), "league")
    return NewGame(ruleset, table, options, league or None)


def clean_names(raw: object, field: str, what: Named) -> tuple[str, ...]:
    """Names as names.clean_name leaves them, 1–40 characters each, unique ignoring case."""
    if raw == []:  # the page's form with no name typed: say it as the form asks it
        raise RuleError(what.all_names or what.nameless, field)
    if not isinstance(raw, list):
        raise RuleError(say("%(field)s must be a list of names in seat order", field=field), field)
    names: list[str] = []
    for item in raw:
        name = clean_name(item, what, field, NAME_LIMIT)
        if same_name_key(name) in (same_name_key(n) for n in names):
            raise RuleError(what.named_twice(name), field)
        names.append(name)
    return tuple(names)


def team_names_for(players: Sequence[str], raw: object) -> tuple[str, ...]:
    """The two teams' names; by default the partners' names, "Ann & Cy" and "Bob & Dee"."""
    if len(players) != 4:
        raise RuleError(
            say(
                "partnerships need 4 players (two teams of two), not %(count)s",
                count=len(players),
            ),
            "partnerships",
        )
    if raw is None:
        return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
    names = clean_names(raw, "team_names", TEAM)
    if len(names) != 2:
        raise RuleError(say("give two team names: seats 1 and 3, then seats 2 and 4"), "team_names")
    return names


def create_game(db: Connection, new: NewGame, league_token: str | None) -> tuple[Game, str]:
    """Store a new game; returns it with its scorer token (shown once, stored only hashed)."""
    token = tokens.new_token()
    with write_transaction(db) as tx:
        league_id = league_for_new_game(tx, new.league, league_token)
        game_id = insert_new_game(tx, new, tokens.token_hash(token), league_id)
    return load_game(db, game_id), token


def insert_new_game(
    db: Connection,
    new: NewGame,
    token_hash: str,
    league_id: int | None,
    *,
    previous: Game | None = None,
    match: tuple[str, int] | None = None,
    in_match: bool = True,
    time_called_at: str | None = None,
) -> str:
    """Write a game's row and its first log line (inside the caller's transaction).

    A club night's table plays one game a round, never a match (`in_match=False`).
    """
    game_id = tokens.new_game_id()
    if match is None and in_match and new.ruleset.match_games(new.table):
        match = (game_id, 1)
    store.insert_game(
        db,
        store.NewGameRow(
            id=game_id,
            ruleset=new.ruleset.id,
            players=new.table.players,
            team_names=new.table.team_names,
            first_dealer=new.table.first_dealer,
            options=new.options,
            league_id=league_id,
            token_hash=token_hash,
            totals={side: 0 for side in new.table.sides},
            match_id=match[0] if match else None,
            match_game=match[1] if match else None,
            previous_game=previous.id if previous else None,
            time_called_at=time_called_at,
        ),
    )
    store.append_log(db, game_id, actor=tokens.fingerprint(token_hash), action="created", version=1)
    return game_id


def next_game_of(db: Connection, game_id: str) -> Game | None:
    """The rematch or next game already started from this one, if any."""
    next_id = store.next_game_id(db, game_id)
    return None if next_id is None else load_game(db, next_id)


def next_game(db: Connection, game_id: str, writer: Writer) -> Game:
    """Start the rematch, or the next game of the match: same players and options, deal moved on.

    The scorer of a game scores its rematch too, so the new game keeps the scorer token.
    """
    with write_transaction(db) as tx:
        game = load_game(tx, game_id)
        writer.check(game)
        check_version(tx, game, writer)
        if not game.finished:
            raise Conflict(
                say("This game is still being played: finish it before starting the next.")
            )
        existing = store.next_game_id(tx, game_id)
        if existing is not None:
            raise Conflict(say("The next game has already been started."), "next_game")
        seats = len(game.table.players)
        table = replace(
            game.table, first_dealer=(game.table.first_dealer + len(game.hands)) % seats
        )
        new = NewGame(game.ruleset, table, dict(game.options), game.league)
        match = None
        if game.match is not None and game.match.winner is None:
            match = (game.match.id, game.match.game + 1)
        new_id = insert_new_game(
            tx, new, game.token_hash, game.league_id, previous=game, match=match
        )
    return load_game(db, new_id)


def league_for_new_game(db: Connection, slug: str | None, league_token: str | None) -> int | None:
    if slug is None:
        return None
    league = store.league(db, slug)
    if league is None:
        raise NotFound(say("There is no league called %(slug)s.", slug=as_typed(slug)))
    if not tokens.token_matches(league_token, league.token_hash):
        raise Forbidden(
            say("Adding a game to a league needs that league's link (its league token).")
        )
    return league.id


# --- changing ------------------------------------------------------------------------


@dataclass(frozen=True)
class Writer:
    """Who is making a change, the right they show for it, and the checks they ask for.

    The right is checked against the game as read for the change, inside its
    transaction: `token` is the scorer token an API request presented, `granted` the
    fingerprint a scorer's cookie holds. A writer with neither is the app itself
    (`scorekeeper import`, the bench's seed).
    """

    via: str  # "api" or "page": named in the log with the token's fingerprint
    token: str | None = None
    granted: str | None = None
    expected_version: int | None = None

    def actor(self, game: Game) -> str:
        """Which link or token made the change, for the log: never the token itself."""
        return f"{self.via}:{tokens.fingerprint(game.token_hash)}"

    def check(self, game: Game) -> None:
        """Refuse a writer whose token or cookie is not the game's current one."""
        if self.token is not None:
            allowed = tokens.token_matches(self.token, game.token_hash)
        elif self.granted is not None:
            allowed = hmac.compare_digest(self.granted, tokens.fingerprint(game.token_hash))
        else:
            allowed = True
        if not allowed:
            raise Forbidden(
                say("Changing this game needs its scorer token in the X-Scorer-Token header.")
                if self.via == "api"
                else say("Only the scorer's phone can change this game. Ask for the scorer link.")
            )


@dataclass(frozen=True)
class Changed:
    """A change worked out in memory: the game after it, and what its log line keeps."""

    after: Game
    action: str
    number: int
    logged: Any  # the entry or play as given
    result: HandResult | None = None  # what a whole hand scored
    written: store.HandText | None = None  # that hand's row as the change wrote it


Answer = tuple[int, Any]  # HTTP status and body
# What a page's form typed, read against the game as read for the change (its seats, its
# options): so a page's POST reads the game once, as an API request does. An API request's
# entry is JSON, which is never callable.
Typed = Callable[["Game"], Any]


def given(entry: Any | Typed, game: Game) -> Any:
    """A change's entry: as posted, or a page's form read against the game it changes."""
    return entry(game) if callable(entry) else entry


def write_change(
    db: Connection,
    game_id: str,
    writer: Writer,
    change: Callable[[Connection, Game], Changed],
    answer: Callable[[Changed], Answer],
) -> Answer:
    """The one path of every change to a game's hands and plays.

    In one transaction, once it is this writer's turn: the game read once; the writer's
    right and the version it saw checked; `change` scoring the change and writing its own
    rows (a hand, a play); then the game row written once and the log line added, keeping
    what a hand scored. Nothing is read back: the game after is built in memory. (A retry
    with a used idempotency key is answered before this, by web/writes.py.)
    """
    with write_transaction(db) as tx:
        before = game_for_change(tx, game_id)
        writer.check(before)
        check_version(tx, before, writer)
        changed = change(tx, before)
        after, at = changed.after, store.now()
        status = after.status
        stored = "finished" if status.finished else "in_progress"
        store.save_game(
            tx,
            game_id,
            version=after.version,
            status=stored,
            winners=list(status.winners),
            totals=after.totals,
            at=at,
            held=before.held_status,
        )
        # The game kept for the next change holds what was just written (a field of a frozen
        # game, set before anyone else sees it: a copy would lose what it derived).
        object.__setattr__(after, "held_status", stored)
        store.append_log(
            tx,
            game_id,
            actor=writer.actor(before),
            action=changed.action,
            version=after.version,
            hand_number=changed.number,
            entry=changed.logged,
            # A hand written by the change is logged as its row keeps it, not encoded again.
            result=None
            if changed.result is None or changed.written is not None
            else logged_result(changed.result),
            hand=changed.written,
            at=at,
        )
        status_code, body = answer(changed)
        tx.after_commit(lambda: kept_games(tx).put(after))
    return status_code, body


def evolved(game: Game, **changes: Any) -> Game:
    """The game with these fields changed and its version moved on; derived values afresh."""
    return replace(game, version=game.version + 1, **changes)


def extended(game: Game, hand: PlayedHand) -> Game:
    """The game with one more hand and no plays pending. What the game already derived of the
    hands before it is carried over where the new hand cannot change it (a game going on,
    no plays pending, no time called): the hands as scored, and the running totals and
    totals unless the new hand ends the game."""
    after = evolved(game, hands=(*game.hands, hand), pending_plays=())
    if game.in_progress is not None or game.time_called_at is not None or game.finished:
        return after
    derived_values = after.__dict__
    derived_values["scored"] = (*game.scored, ScoredHand(hand.number, hand.entry, hand.result))
    if not after.finished:  # every hand counts, as it is: the totals run on by this hand's
        totals = game.totals  # every hand before it counts, as it is
        added = {side: totals[side] + hand.result.scores.get(side, 0) for side in totals}
        derived_values["_running"] = (*game._running, added)
        derived_values["totals"] = dict(added)
    return after


def record_hand(db: Connection, game_id: str, entry: Any | Typed, writer: Writer) -> Answer:
    """Score and store a new hand; returns (HTTP status, result body)."""

    def enter(tx: Connection, game: Game) -> Changed:
        if game.finished:
            raise Conflict(
                say(
                    "This game is over (%(result)s). Correct a hand to reopen it.",
                    result=game.status.explanation,
                )
            )
        upcoming = game.ruleset.next_hand(game.table, game.options, len(game.hands))
        typed = given(entry, game)
        if game.pending_plays and isinstance(typed, Mapping):
            # The plays posted live become the start of this hand's plays.
            typed = {**typed, "plays": [*game.pending_plays, *plays_of(typed)]}
        result = score(game, typed, upcoming.number)
        hand = PlayedHand(upcoming.number, typed, result, upcoming.dealer, entered_at=store.now())
        written = store.insert_hand(tx, game_id, stored_hand(hand))
        if game.pending_plays:
            store.delete_pending_plays(tx, game_id, upcoming.number)
        return Changed(extended(game, hand), "entered", hand.number, typed, result, written)

    return write_change(
        db, game_id, writer, enter, lambda done: (201, write_result(done.after, done.number))
    )


def correct_hand(
    db: Connection, game_id: str, number: int, entry: Any | Typed, writer: Writer
) -> Any:
    """Replace hand `number`'s entry; later totals, the status and the winners follow."""

    def correct(tx: Connection, game: Game) -> Changed:
        old = game.hand(number)
        typed = given(entry, game)
        result = score(game, typed, number)
        hand = replace(old, entry=typed, result=result)
        written = store.replace_hand(tx, game_id, stored_hand(hand))
        hands = tuple(hand if h.number == number else h for h in game.hands)
        after = evolved(game, hands=hands)
        if game.ruleset.scored_from_totals:
            after = rescore_after(tx, after, number)
        return Changed(after, "corrected", number, typed, result, written)

    return write_change(
        db, game_id, writer, correct, lambda done: (200, write_result(done.after, number))
    )[1]


def undo_hand(db: Connection, game_id: str, number: int, writer: Writer) -> Any:
    """Take back the last hand (only the last: earlier ones are corrected instead)."""

    def undo(tx: Connection, game: Game) -> Changed:
        removed = game.hand(number)
        if number != len(game.hands):
            raise Conflict(
                say(
                    "Only the last hand (%(last)s) can be undone; correct hand %(number)s instead.",
                    last=len(game.hands),
                    number=number,
                )
            )
        if game.pending_plays:
            raise Conflict(say("Plays of the next hand were entered: undo those plays first."))
        store.delete_hand(tx, game_id, number)
        store.mark_keys_undone(tx, game_id, live_changes(tx, game_id, number)[0])
        after = evolved(game, hands=game.hands[:-1])
        return Changed(after, "undone", number, removed.entry, removed.result)

    return write_change(db, game_id, writer, undo, lambda done: (200, game_summary(done.after)))[1]


def record_play(db: Connection, game_id: str, play: Any | Typed, writer: Writer) -> dict[str, Any]:
    """Add one play to the hand in progress (Muggins); its points count in the totals at once."""

    def enter(tx: Connection, game: Game) -> Changed:
        if not game.ruleset.live_plays:
            raise RuleError(
                say("%(game)s does not take plays one at a time", game=Message(game.ruleset.name)),
                "plays",
            )
        if game.finished:
            raise Conflict(say("This game is over (%(result)s).", result=game.status.explanation))
        typed = given(play, game)
        plays = (*game.pending_plays, typed)
        before = game.totals_after(len(game.hands))
        game.ruleset.plays_in_game(plays, game.table, game.options, before)  # refuses a bad play
        number = len(game.hands) + 1
        store.insert_play(tx, game_id, number, len(plays), typed)
        return Changed(evolved(game, pending_plays=plays), "play entered", number, typed)

    body: dict[str, Any] = write_change(
        db, game_id, writer, enter, lambda done: (201, in_progress_result(done.after))
    )[1]
    return body


def undo_play(db: Connection, game_id: str, writer: Writer) -> dict[str, Any]:
    """Take back the last play posted live."""

    def undo(tx: Connection, game: Game) -> Changed:
        if not game.pending_plays:
            raise Conflict(say("There is no play of the hand in progress to undo."))
        number = len(game.hands) + 1
        store.delete_play(tx, game_id, number, len(game.pending_plays))
        store.mark_keys_undone(tx, game_id, live_changes(tx, game_id, number)[1][-1:])
        after = evolved(game, pending_plays=game.pending_plays[:-1])
        return Changed(after, "play undone", number, game.pending_plays[-1])

    body: dict[str, Any] = write_change(
        db, game_id, writer, undo, lambda done: (200, in_progress_result(done.after))
    )[1]
    return body


def live_changes(db: Connection, game_id: str, number: int) -> tuple[list[int], list[int]]:
    """The versions that made hand `number` as it stands, and those of its plays still standing.

    Read from the log: what an undo took back no longer stands. Undoing the hand takes back
    all of them; undoing a play, the last play.
    """
    hand: list[int] = []
    plays: list[int] = []
    for line in store.log_lines(db, game_id):
        if line.hand_number != number:
            continue
        action = line.action
        if action == "undone":
            hand, plays = [], []
        elif action in ("entered", "corrected"):
            hand.append(line.version)
        elif action == "play entered":
            plays.append(line.version)
        elif action == "play undone" and plays:
            plays.pop()
    return hand + plays, plays


def plays_of(entry: Mapping[str, Any]) -> list[Any]:
    plays = entry.get("plays", [])
    if not isinstance(plays, list):
        raise RuleError(say("plays must be a list of plays"), "plays")
    return plays


def check_version(db: Connection, game: Game, writer: Writer) -> None:
    """A Conflict naming what changed, if the game isn't at the version the writer saw."""
    if writer.expected_version is None or writer.expected_version == game.version:
        return
    latest: dict[int, str] = {}  # hand number -> the last thing done to it since
    for line in store.log_lines(db, game.id):
        number, action = line.hand_number, line.action
        if line.version > writer.expected_version and number is not None:
            # A hand entered and then corrected is, to this writer, a hand entered.
            entered = latest.get(number) == "entered" and action == "corrected"
            latest[number] = "entered" if entered else action
    changes: list[Message] = []
    for number, action in latest.items():
        if action == "entered" and number <= len(game.hands):
            scores = game.hand(number).result.scores
            shown = ", ".join(f"{side} {points}" for side, points in scores.items())
            changes.append(
                say("hand %(number)s was already entered (%(scores)s)", number=number, scores=shown)
            )
        elif action in CHANGED_HAND:
            changes.append(CHANGED_HAND[action](number))
        else:
            changes.append(say("hand %(number)s: %(action)s", number=number, action=action))
    what = changes[0] if changes else None
    for later in changes[1:]:
        what = say("%(earlier)s; %(later)s", earlier=what, later=later)
    raise Conflict(
        say(
            "This game changed on another phone since you loaded it: %(changes)s. "
            "Look at the latest scores and try again.",
            changes=what
            or say_n("it now has %(count)s hand", "it now has %(count)s hands", len(game.hands)),
        )
    )


# What another phone did to a hand, as a conflict names it.
CHANGED_HAND: dict[str, Callable[[int], Message]] = {
    "corrected": lambda number: say("hand %(number)s was corrected", number=number),
    "undone": lambda number: say("hand %(number)s was undone", number=number),
    "play entered": lambda number: say("a play of hand %(number)s was entered", number=number),
    "play undone": lambda number: say("a play of hand %(number)s was undone", number=number),
}


def score(game: Game, entry: Any, number: int, *, strict: bool = True) -> HandResult:
    """Hand `number` scored from its entry (and, where the rules need them, the totals before)."""
    if not isinstance(entry, Mapping):
        raise not_an_object()
    before = game.totals_after(number - 1)
    return game.ruleset.score_in_game(
        entry, game.table, game.options, before, number=number, strict=strict
    )


def stored_hand(hand: PlayedHand) -> store.HandRow:
    result = hand.result
    return store.HandRow(
        hand.number,
        hand.entry,
        dict(result.scores),
        result.explanation,
        tuple(dict(step) for step in result.steps),
        hand.dealer,
        hand.entered_at,
    )


def rescore_after(tx: Connection, game: Game, number: int) -> Game:
    """Score the hands after a corrected hand again, each from the new totals before it."""
    for later in game.hands[number:]:
        before = game.totals_after(later.number - 1)
        result = game.ruleset.score_in_game(
            later.entry, game.table, game.options, before, number=later.number, strict=False
        )
        hand = replace(later, result=result)
        store.replace_hand(tx, game.id, stored_hand(hand))
        hands = tuple(hand if h.number == later.number else h for h in game.hands)
        game = replace(game, hands=hands)
    return game


def logged_result(scored: HandResult) -> dict[str, Any]:
    """What a log line keeps of a whole hand: its scores and their explanation."""
    return {
        "scores": dict(scored.scores),
        "explanation": explanation_json(scored.explanation),
    }


def logged_sentence(line: Any) -> Sentence:
    """One line of a log line's explanation: a Message if it is one that can be said, else its
    text as it is (a log line of an imported file is shown, never believed)."""
    if not isinstance(line, Mapping):
        return str(line)
    try:
        message = Message.from_json(line)
        str(message)  # every value it names is there
    except (KeyError, TypeError, ValueError):
        return str(dict(line))
    return message


def explain_again(tx: Connection, game: Game) -> None:
    """Every hand's explanation as its entry scores it today, kept as Messages: an export
    made before explanations were Messages holds English sentences (its scores are checked
    against the entries before this)."""
    for hand in game.hands:
        again = score(game, hand.entry, hand.number, strict=False)
        store.set_explanation(tx, game.id, hand.number, again.explanation)


# --- the JSON face -------------------------------------------------------------------


def hand_json(game: Game, hand: PlayedHand) -> dict[str, Any]:
    """A hand as it counts: `counted` false after the end; cut short by it, the part that counts."""
    shown = game.as_counted(hand)
    return {
        "number": shown.number,
        "entry": shown.entry,
        "scores": dict(shown.result.scores),
        "explanation": list(shown.result.explanation),
        "dealer": shown.dealer,
        "totals": game.totals_after(shown.number),
        "counted": shown.counted,
    }


def game_summary(game: Game) -> dict[str, Any]:
    """What every write returns besides the hand: totals, status, winners, version."""
    return {
        "totals": game.totals,
        "status": "finished" if game.finished else "in_progress",
        "winners": list(game.status.winners),
        "result": game.status.explanation,
        "version": game.version,
    }


def in_progress_json(game: Game) -> dict[str, Any] | None:
    if game.in_progress is None:
        return None
    hand = game.as_counted(game.in_progress)
    return {
        "number": hand.number,
        "plays": list(game.pending_plays),
        "scores": dict(hand.result.scores),
        "explanation": list(hand.result.explanation),
        "dealer": hand.dealer,
        "counted": hand.counted,
    }


def in_progress_result(game: Game) -> dict[str, Any]:
    return {"hand_in_progress": in_progress_json(game), **game_summary(game)}


def match_json(game: Game) -> dict[str, Any] | None:
    if game.match is None:
        return None
    return {
        "id": game.match.id,
        "game": game.match.game,
        "best_of": game.match_games,
        "score": dict(game.match.score),
        "winner": game.match.winner,
    }


def write_result(game: Game, number: int) -> dict[str, Any]:
    return {"hand": hand_json(game, game.hand(number)), **game_summary(game)}


def game_json(game: Game) -> dict[str, Any]:
    """The game as the API returns it (shared/API.md)."""
    upcoming = game.next_hand
    return {
        "id": game.id,
        "ruleset": game.ruleset.id,
        "ruleset_name": game.ruleset.name,
        "title": game.title,
        "players": list(game.table.players),
        "partnerships": game.table.partnerships,
        "sides": list(game.table.sides),
        "teams": {
            name: list(members)
            for name, members in zip(game.table.team_names, game.table.teams, strict=True)
        },
        "options": dict(game.options),
        "lowest_wins": game.lowest_wins,
        "hands": [hand_json(game, hand) for hand in game.hands],
        "hand_in_progress": in_progress_json(game),
        **game_summary(game),
        "match": match_json(game),
        "next": None
        if upcoming is None
        else {
            "hand": upcoming.number,
            "dealer": upcoming.dealer,
            "pass": upcoming.passing,
            **({"engine": upcoming.engine} if upcoming.engine else {}),
        },
        "league": game.league,
        "created_at": game.created_at,
    }


# --- the scorer token ----------------------------------------------------------------


def chain_of(db: Connection, game_id: str) -> list[str]:
    """The ids of the games of `game_id`'s rematch chain (the game alone if it has none)."""
    return store.chain_game_ids(db, game_id) or [game_id]


def rotate_token(db: Connection, game_id: str, actor: str) -> str:
    """Give the game, and every game of its rematch chain, a new scorer token (returned once).

    Only the hash is stored, so every old scorer link, API token and cookie granted
    under the old token stops working at once, on every game of the chain: a rematch
    shares its game's token, so a phone thrown off one game could otherwise go on
    scoring the other, or press "Rematch" on it to be let back in. The version is not
    bumped: the scores did not change, and the phones watching them need not reload.
    """
    token = tokens.new_token()
    with write_transaction(db) as tx:
        if store.game_version(tx, game_id) is None:
            raise NotFound(NO_SUCH_GAME)
        chain = chain_of(tx, game_id)
        store.set_token_hash(tx, chain, tokens.token_hash(token))
        for member in chain:
            version = store.game_version(tx, member) or 0
            store.append_log(tx, member, actor=actor, action="token rotated", version=version)
    return token
