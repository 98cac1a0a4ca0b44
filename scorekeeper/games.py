"""Games as the pages and the API see them, and every change to one.

One path for every change: the entry is parsed and scored by its ruleset, then the hand
and its log line are written in one transaction. Pages and API share all of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from sqlite_utils import Database

from scorekeeper import store, tokens
from scorekeeper.db import write_transaction
from scorekeeper.errors import Conflict, Forbidden, NotFound, RuleError
from scorekeeper.names import clean_name, same_name_key
from scorekeeper.rules import Ruleset, get_ruleset
from scorekeeper.rules.base import (
    Ending,
    HandResult,
    NextHand,
    ScoredHand,
    Status,
    Table,
    end_of_game,
    running_totals,
    time_called,
)

NAME_LIMIT = 40
AFTER_THE_END = "Played after the end of the game: this hand does not count."


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
    match: Match | None = None
    time_called_at: str | None = None  # a club night's time limit: the next hand is the last

    @cached_property
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

    @cached_property
    def scored(self) -> tuple[ScoredHand, ...]:
        played = (*self.hands, self.in_progress) if self.in_progress else self.hands
        return tuple(ScoredHand(h.number, h.entry, h.result) for h in played)

    @cached_property
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

    @cached_property
    def totals(self) -> dict[str, int]:
        return running_totals(self.table, self.ending.counted)

    @cached_property
    def status(self) -> Status:
        return self.ending.status

    @cached_property
    def record(self) -> tuple[PlayedHand, ...]:
        """The hands as they count: those after the end marked, one cut short where it ended."""
        return tuple(self.as_counted(hand) for hand in self.hands)

    @property
    def after_the_end(self) -> tuple[int, ...]:
        """The numbers of the hands entered after the game's end (they do not count)."""
        return tuple(hand.number for hand in self.hands if hand.number > self.ending.last_counted)

    @property
    def after_the_end_note(self) -> str:
        """What the page says of the hands after the end: which, and that they do not count."""
        numbers = self.after_the_end
        if not numbers:
            return ""
        if len(numbers) == 1:
            return f"Hand {numbers[0]} was played after the end of the game: it does not count."
        joined = "and" if len(numbers) == 2 else "to"
        return (
            f"Hands {numbers[0]} {joined} {numbers[-1]} were played after the end of the game: "
            "they do not count."
        )

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

    @cached_property
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
    def lowest_wins(self) -> bool:
        return self.ruleset.lowest_wins_with(self.options)

    @property
    def match_games(self) -> int:
        return self.ruleset.match_games(self.table)

    def hand(self, number: int) -> PlayedHand:
        if 1 <= number <= len(self.hands):
            return self.hands[number - 1]
        raise NotFound(f"This game has no hand {number} (it has {len(self.hands)}).")


def ended_mid_hand(entered: HandResult, counted: HandResult, status: Status) -> str:
    """Why only part of a hand counts: the game ended at one of its scores (Muggins)."""
    later = entered.ordered_steps[len(counted.ordered_steps) :]
    scores = [
        ", ".join(f"{side} {points}" for side, points in step.items() if points) or "nothing"
        for step in later
    ]
    return (
        f"The game ended during this hand: {status.explanation}. What was scored after that "
        f"came after the end and does not count ({'; then '.join(scores)})."
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


def game_row_or_404(db: Database, game_id: str) -> dict[str, Any]:
    row = store.game_row(db, game_id)
    if row is None:
        raise NotFound("There is no game with that link. Check the address.")
    return row


def token_hash_of(db: Database, game_id: str) -> str:
    """The stored hash of the game's scorer token, or NotFound."""
    return str(game_row_or_404(db, game_id)["token_hash"])


def load_game(db: Database, game_id: str) -> Game:
    """The game with this id, or NotFound."""
    row = game_row_or_404(db, game_id)
    ruleset = get_ruleset(row["ruleset"])
    table = Table(
        tuple(json.loads(row["players"])),
        tuple(json.loads(row["team_names"])),
        first_dealer=row["first_dealer"],
    )
    hands = tuple(
        PlayedHand(
            number=h["number"],
            entry=json.loads(h["entry"]),
            result=HandResult(
                scores=json.loads(h["scores"]),
                explanation=tuple(json.loads(h["explanation"])),
                steps=tuple(json.loads(h["steps"] or "[]")),
            ),
            dealer=h["dealer"],
            entered_at=h["created_at"],
        )
        for h in store.hand_rows(db, game_id)
    )
    return Game(
        id=row["id"],
        ruleset=ruleset,
        table=table,
        options=json.loads(row["options"]),
        hands=hands,
        version=row["version"],
        token_hash=row["token_hash"],
        league=store.league_slug(db, row["league_id"]),
        created_at=row["created_at"],
        pending_plays=tuple(store.pending_plays(db, game_id, len(hands) + 1)),
        match=match_of(db, ruleset, table, row),
        time_called_at=row["time_called_at"],
    )


def match_of(db: Database, ruleset: Ruleset, table: Table, row: Mapping[str, Any]) -> Match | None:
    """The match this game belongs to, with the games won so far by each side."""
    if not row["match_id"] or not ruleset.match_games(table):
        return None
    winners = [tuple(w) for w in store.match_winners(db, row["match_id"])]
    score, winner = ruleset.match_standing(table, winners)
    return Match(row["match_id"], row["match_game"], score, winner)


# --- creating ------------------------------------------------------------------------


def parse_new_game(payload: Mapping[str, Any]) -> NewGame:
    """Check a request for a new game: ruleset, players in seat order, teams, options."""
    ruleset = get_ruleset(payload.get("ruleset"))
    players = clean_names(payload.get("players"), "players", "player")
    partnerships = payload.get("partnerships", False)
    if not isinstance(partnerships, bool):
        raise RuleError("partnerships must be true or false", "partnerships")
    partnerships = partnerships or ruleset.partnerships_required(len(players))
    team_names: tuple[str, ...] = ()
    if partnerships:
        team_names = team_names_for(players, payload.get("team_names"))
    table = Table(players, team_names)
    ruleset.check_table(table)
    given_options = payload.get("options") or {}
    if not isinstance(given_options, Mapping):
        raise RuleError("options must be an object of option names and values", "options")
    options = ruleset.resolve_options(given_options, table)
    league = payload.get("league")
    if league is not None and not isinstance(league, str):
        raise RuleError("league must be a league's short name", "league")
    return NewGame(ruleset, table, options, league or None)


def clean_names(raw: object, field: str, what: str) -> tuple[str, ...]:
    """Names as names.clean_name leaves them, 1–40 characters each, unique ignoring case."""
    if raw == []:  # the page's form with no name typed: say it as the form asks it
        raise RuleError(f"type the {what}s' names, in seat order", field)
    if not isinstance(raw, list):
        raise RuleError(f"{field} must be a list of names in seat order", field)
    names: list[str] = []
    for item in raw:
        name = clean_name(item, what, field, NAME_LIMIT)
        if same_name_key(name) in (same_name_key(n) for n in names):
            raise RuleError(f"{name} is named twice: each {what} needs a different name", field)
        names.append(name)
    return tuple(names)


def team_names_for(players: Sequence[str], raw: object) -> tuple[str, ...]:
    """The two teams' names; by default the partners' names, "Ann & Cy" and "Bob & Dee"."""
    if len(players) != 4:
        raise RuleError(
            f"partnerships need 4 players (two teams of two), not {len(players)}", "partnerships"
        )
    if raw is None:
        return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
    names = clean_names(raw, "team_names", "team")
    if len(names) != 2:
        raise RuleError("give two team names: seats 1 and 3, then seats 2 and 4", "team_names")
    return names


def create_game(db: Database, new: NewGame, league_token: str | None) -> tuple[Game, str]:
    """Store a new game; returns it with its scorer token (shown once, stored only hashed)."""
    token = tokens.new_token()
    with write_transaction(db):
        league_id = league_for_new_game(db, new.league, league_token)
        game_id = insert_new_game(db, new, tokens.token_hash(token), league_id)
    return load_game(db, game_id), token


def insert_new_game(
    db: Database,
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
    at = store.now()
    store.insert_game(
        db,
        {
            "id": game_id,
            "ruleset": new.ruleset.id,
            "players": store.dumps(new.table.players),
            "team_names": store.dumps(new.table.team_names),
            "options": store.dumps(new.options),
            "league_id": league_id,
            "token_hash": token_hash,
            "version": 1,
            "status": "in_progress",
            "winners": "[]",
            "totals": store.dumps({side: 0 for side in new.table.sides}),
            "created_at": at,
            "updated_at": at,
            "first_dealer": new.table.first_dealer,
            "match_id": match[0] if match else None,
            "match_game": match[1] if match else None,
            "previous_game": previous.id if previous else None,
            "time_called_at": time_called_at,
        },
    )
    store.append_log(db, game_id, actor=tokens.fingerprint(token_hash), action="created", version=1)
    return game_id


def next_game_of(db: Database, game_id: str) -> Game | None:
    """The rematch or next game already started from this one, if any."""
    next_id = store.next_game_id(db, game_id)
    return None if next_id is None else load_game(db, next_id)


def next_game(db: Database, game_id: str, writer: Writer) -> Game:
    """Start the rematch, or the next game of the match: same players and options, deal moved on.

    The scorer of a game scores its rematch too, so the new game keeps the scorer token.
    """
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        if not game.finished:
            raise Conflict("This game is still being played: finish it before starting the next.")
        existing = store.next_game_id(db, game_id)
        if existing is not None:
            raise Conflict("The next game has already been started.", "next_game")
        seats = len(game.table.players)
        table = replace(
            game.table, first_dealer=(game.table.first_dealer + len(game.hands)) % seats
        )
        new = NewGame(game.ruleset, table, dict(game.options), game.league)
        match = None
        if game.match is not None and game.match.winner is None:
            match = (game.match.id, game.match.game + 1)
        row = store.game_row(db, game_id)
        assert row is not None
        new_id = insert_new_game(
            db, new, game.token_hash, row["league_id"], previous=game, match=match
        )
    return load_game(db, new_id)


def league_for_new_game(db: Database, slug: str | None, league_token: str | None) -> int | None:
    if slug is None:
        return None
    row = store.league_row(db, slug)
    if row is None:
        raise NotFound(f"There is no league called {slug}.")
    if not tokens.token_matches(league_token, row["token_hash"]):
        raise Forbidden("Adding a game to a league needs that league's link (its league token).")
    return int(row["id"])


# --- changing ------------------------------------------------------------------------


@dataclass(frozen=True)
class Writer:
    """Who is making a change (a token's fingerprint) and the version they saw, if they say."""

    actor: str
    expected_version: int | None = None


def record_hand(db: Database, game_id: str, entry: Any, writer: Writer) -> tuple[int, Any]:
    """Score and store a new hand; returns (HTTP status, result body)."""
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        if game.finished:
            raise Conflict(
                f"This game is over ({game.status.explanation}). Correct a hand to reopen it."
            )
        upcoming = game.ruleset.next_hand(game.table, game.options, len(game.hands))
        if game.pending_plays and isinstance(entry, Mapping):
            # The plays posted live become the start of this hand's plays.
            entry = {**entry, "plays": [*game.pending_plays, *plays_of(entry)]}
        result = score(game, entry, upcoming.number)
        at = store.now()
        store.insert_hand(
            db,
            {
                "game_id": game_id,
                "number": upcoming.number,
                **result_columns(entry, result),
                "dealer": upcoming.dealer,
                "created_at": at,
                "updated_at": at,
            },
        )
        store.delete_pending_plays(db, game_id, upcoming.number)
        after = save_change(db, game, writer, "entered", upcoming.number, entry)
        body = write_result(after, upcoming.number)
    return 201, body


def correct_hand(db: Database, game_id: str, number: int, entry: Any, writer: Writer) -> Any:
    """Replace hand `number`'s entry; later totals, the status and the winners follow."""
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        game.hand(number)
        result = score(game, entry, number)
        values = {**result_columns(entry, result), "updated_at": store.now()}
        store.replace_hand(db, game_id, number, values)
        if game.ruleset.scored_from_totals:
            rescore_after(db, load_game(db, game_id), number)
        after = save_change(db, game, writer, "corrected", number, entry)
        return write_result(after, number)


def undo_hand(db: Database, game_id: str, number: int, writer: Writer) -> Any:
    """Take back the last hand (only the last: earlier ones are corrected instead)."""
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        removed = game.hand(number)
        if number != len(game.hands):
            raise Conflict(
                f"Only the last hand ({len(game.hands)}) can be undone; correct hand {number} instead."
            )
        if game.pending_plays:
            raise Conflict("Plays of the next hand were entered: undo those plays first.")
        store.delete_hand(db, game_id, number)
        store.mark_keys_undone(db, game_id, live_changes(db, game_id, number)[0])
        after = save_change(db, game, writer, "undone", number, removed.entry)
        return game_summary(after)


def record_play(db: Database, game_id: str, play: Any, writer: Writer) -> dict[str, Any]:
    """Add one play to the hand in progress (Muggins); its points count in the totals at once."""
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        if not game.ruleset.live_plays:
            raise RuleError(f"{game.ruleset.name} does not take plays one at a time", "plays")
        if game.finished:
            raise Conflict(f"This game is over ({game.status.explanation}).")
        plays = [*game.pending_plays, play]
        before = game.totals_after(len(game.hands))
        game.ruleset.plays_in_game(plays, game.table, game.options, before)  # refuses a bad play
        number = len(game.hands) + 1
        store.insert_play(db, game_id, number, len(plays), play)
        after = save_change(db, game, writer, "play entered", number, play)
        return in_progress_result(after)


def undo_play(db: Database, game_id: str, writer: Writer) -> dict[str, Any]:
    """Take back the last play posted live."""
    with write_transaction(db):
        game = load_for_write(db, game_id, writer)
        if not game.pending_plays:
            raise Conflict("There is no play of the hand in progress to undo.")
        number = len(game.hands) + 1
        store.delete_play(db, game_id, number, len(game.pending_plays))
        store.mark_keys_undone(db, game_id, live_changes(db, game_id, number)[1][-1:])
        after = save_change(db, game, writer, "play undone", number, game.pending_plays[-1])
        return in_progress_result(after)


def live_changes(db: Database, game_id: str, number: int) -> tuple[list[int], list[int]]:
    """The versions that made hand `number` as it stands, and those of its plays still standing.

    Read from the log: what an undo took back no longer stands. Undoing the hand takes back
    all of them; undoing a play, the last play.
    """
    hand: list[int] = []
    plays: list[int] = []
    for line in store.log_rows(db, game_id):
        if line["hand_number"] != number:
            continue
        action = line["action"]
        if action == "undone":
            hand, plays = [], []
        elif action in ("entered", "corrected"):
            hand.append(line["version"])
        elif action == "play entered":
            plays.append(line["version"])
        elif action == "play undone" and plays:
            plays.pop()
    return hand + plays, plays


def plays_of(entry: Mapping[str, Any]) -> list[Any]:
    plays = entry.get("plays", [])
    if not isinstance(plays, list):
        raise RuleError("plays must be a list of plays", "plays")
    return plays


def load_for_write(db: Database, game_id: str, writer: Writer) -> Game:
    """The game to change; a Conflict naming what changed if it isn't the version the writer saw."""
    game = load_game(db, game_id)
    if writer.expected_version is None or writer.expected_version == game.version:
        return game
    latest: dict[int, str] = {}  # hand number -> the last thing done to it since
    for line in store.log_rows(db, game_id):
        number, action = line["hand_number"], line["action"]
        if line["version"] > writer.expected_version and number is not None:
            # A hand entered and then corrected is, to this writer, a hand entered.
            entered = latest.get(number) == "entered" and action == "corrected"
            latest[number] = "entered" if entered else action
    changes = []
    for number, action in latest.items():
        if action == "entered" and number <= len(game.hands):
            scores = game.hand(number).result.scores
            shown = ", ".join(f"{side} {points}" for side, points in scores.items())
            changes.append(f"hand {number} was already entered ({shown})")
        elif action in ("corrected", "undone"):
            changes.append(f"hand {number} was {action}")
        else:
            changes.append(f"hand {number}: {action}")
    raise Conflict(
        "This game changed on another phone since you loaded it: "
        f"{'; '.join(changes) or f'it now has {len(game.hands)} hands'}. "
        "Look at the latest scores and try again."
    )


def score(game: Game, entry: Any, number: int) -> HandResult:
    """Hand `number` scored from its entry (and, where the rules need them, the totals before)."""
    if not isinstance(entry, Mapping):
        raise RuleError("the hand must be given as an object of fields")
    before = game.totals_after(number - 1)
    return game.ruleset.score_in_game(entry, game.table, game.options, before, number=number)


def rescore_after(db: Database, game: Game, number: int) -> None:
    """Score the hands after a corrected hand again, each from the new totals before it."""
    for later in game.hands[number:]:
        before = game.totals_after(later.number - 1)
        result = game.ruleset.score_in_game(
            later.entry, game.table, game.options, before, number=later.number, strict=False
        )
        values = {**result_columns(later.entry, result), "updated_at": store.now()}
        store.replace_hand(db, game.id, later.number, values)
        game = load_game(db, game.id)


def result_columns(entry: Any, result: HandResult) -> dict[str, str]:
    return {
        "entry": store.dumps(entry),
        "scores": store.dumps(dict(result.scores)),
        "explanation": store.dumps(list(result.explanation)),
        "steps": store.dumps([dict(step) for step in result.steps]),
    }


def save_change(
    db: Database, before: Game, writer: Writer, action: str, number: int, entry: Any
) -> Game:
    """Bump the version, refresh the stored status and totals, and log the change."""
    version = before.version + 1
    store.update_game(db, before.id, version=version)
    after = load_game(db, before.id)
    finished = after.finished
    store.update_game(
        db,
        before.id,
        status="finished" if finished else "in_progress",
        winners=store.dumps(list(after.status.winners)),
        totals=store.dumps(after.totals),
        updated_at=store.now(),
        finished_at=store.now() if finished else None,
    )
    if after.match is not None:
        after = load_game(db, before.id)  # the match score counts this game's stored result
    store.append_log(
        db,
        before.id,
        actor=writer.actor,
        action=action,
        version=version,
        hand_number=number,
        entry=entry,
    )
    return after


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


def chain_of(db: Database, game_id: str) -> list[str]:
    """The ids of the games of `game_id`'s rematch chain (the game alone if it has none)."""
    return store.chain_game_ids(db, game_id) or [game_id]


def rotate_token(db: Database, game_id: str, actor: str) -> str:
    """Give the game, and every game of its rematch chain, a new scorer token (returned once).

    Only the hash is stored, so every old scorer link, API token and cookie granted
    under the old token stops working at once, on every game of the chain: a rematch
    shares its game's token, so a phone thrown off one game could otherwise go on
    scoring the other, or press "Rematch" on it to be let back in. The version is not
    bumped: the scores did not change, and the phones watching them need not reload.
    """
    token = tokens.new_token()
    with write_transaction(db):
        if store.game_version(db, game_id) is None:
            raise NotFound("There is no game with that link. Check the address.")
        chain = chain_of(db, game_id)
        store.set_token_hash(db, chain, tokens.token_hash(token))
        for member in chain:
            version = store.game_version(db, member) or 0
            store.append_log(db, member, actor=actor, action="token rotated", version=version)
    return token
