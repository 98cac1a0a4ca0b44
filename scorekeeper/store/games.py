"""Games, hands, the change log, live plays and idempotency keys, in and out of their tables.

Callers wrap each change in `write_transaction`, so a hand and its log line are written
together or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.store.connection import Connection
from scorekeeper.store.encoding import (
    dumps,
    explanation,
    explanation_text,
    insert,
    loads,
    now,
)
from scorekeeper.words import Sentence


@dataclass(frozen=True)
class HandRow:
    """A hand as stored: the entry as given, what it scored and why, who dealt."""

    number: int
    entry: Any
    scores: dict[str, int]
    explanation: tuple[Sentence, ...]
    steps: tuple[dict[str, int], ...]
    dealer: str
    entered_at: str = ""  # UTC, ISO 8601: when the hand was first entered ("" while unsaved)


@dataclass(frozen=True)
class MatchGameRow:
    """One game of a match: where it stands in the match, and who won it if it is over."""

    id: str
    game: int
    finished: bool
    winners: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class NewGameRow:
    """A game about to be stored: at version 1, in progress, every side on 0. A stored game
    (GameRow) has these columns too, and what changes and is gathered with it."""

    id: str
    ruleset: str
    players: tuple[str, ...]
    team_names: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]
    league_id: int | None
    token_hash: str
    totals: dict[str, int]
    match_id: str | None
    match_game: int | None
    previous_game: str | None
    time_called_at: str | None = None  # a club night's time limit: the next hand is the last


@dataclass(frozen=True, kw_only=True)
class GameRow(NewGameRow):
    """A game as stored, with its hands, the plays of the hand in progress and its match."""

    version: int
    league: str | None  # the league's slug
    created_at: str
    status: str
    winners: tuple[str, ...]
    hands: tuple[HandRow, ...]
    pending_plays: tuple[Any, ...]  # posted live for the hand after the last, in order
    match_games: tuple[MatchGameRow, ...]  # every game of its match, this one included


# One statement for the whole game: SQLite gathers the hands, plays and match games as
# JSON (entries and scores embedded as they are stored), decoded in Python in one go.
# An explanation comes as its text, decoded once for all reads (`encoding.explanation`).
GAME_SQL = """
select g.id, g.ruleset, g.players, g.team_names, g.first_dealer, g.options, g.version,
  g.token_hash, g.league_id, (select slug from leagues where id = g.league_id),
  g.created_at, g.status, g.winners, g.totals, g.match_id, g.match_game, g.previous_game,
  g.time_called_at,
  json_object(
    'hands', (select json_group_array(json_array(number, json(entry), json(scores),
      explanation, json(coalesce(steps, '[]')), dealer, created_at))
      from hands where game_id = g.id),
    'plays', (select json_group_array(json_array(hand_number, seq, json(play)))
      from plays where game_id = g.id),
    'match', case when g.match_id is null then json_array() else (
      select json_group_array(json_array(id, match_game, status, json(winners)))
      from games where match_id = g.match_id) end)
from games g where g.id = ?
"""


def read_game(db: Connection, game_id: str) -> GameRow | None:
    """The game with this id and everything it is shown with, in one read; None if none."""
    row = db.execute(GAME_SQL, [game_id]).fetchone()
    if row is None:
        return None
    *columns, gathered = row
    (id_, ruleset, players, team_names, first_dealer, options, version, token_hash) = columns[:8]
    (league_id, league, created_at, status, winners, totals) = columns[8:14]
    (match_id, match_game, previous_game, time_called_at) = columns[14:]
    parts = loads(gathered)
    hands = tuple(
        sorted(
            (
                HandRow(number, entry, scores, explanation(said), tuple(steps), dealer, at)
                for number, entry, scores, said, steps, dealer, at in parts["hands"]
            ),
            key=lambda hand: hand.number,
        )
    )
    playing = len(hands) + 1
    plays = tuple(play for number, _, play in sorted(parts["plays"]) if number == playing)
    match = tuple(
        sorted(
            (
                MatchGameRow(other, game, other_status == "finished", tuple(other_winners))
                for other, game, other_status, other_winners in parts["match"]
            ),
            key=lambda each: each.game,
        )
    )
    return GameRow(
        id=id_,
        ruleset=ruleset,
        players=tuple(loads(players)),
        team_names=tuple(loads(team_names)),
        first_dealer=first_dealer,
        options=loads(options),
        version=version,
        token_hash=token_hash,
        league_id=league_id,
        league=league,
        created_at=created_at,
        status=status,
        winners=tuple(loads(winners)),
        totals=loads(totals),
        match_id=match_id,
        match_game=match_game,
        previous_game=previous_game,
        hands=hands,
        pending_plays=plays,
        match_games=match,
        time_called_at=time_called_at,
    )


def insert_game(db: Connection, game: NewGameRow) -> None:
    at = now()
    row = {
        **vars(game),
        "players": dumps(game.players),
        "team_names": dumps(game.team_names),
        "options": dumps(game.options),
        "totals": dumps(game.totals),
        "version": 1,
        "status": "in_progress",
        "winners": "[]",
        "created_at": at,
        "updated_at": at,
    }
    insert(db, "games", row)
    db.versions_written[game.id] = 1


def set_token_hash(db: Connection, game_ids: list[str], token_hash: str) -> None:
    """One new scorer token for every game of a chain: every link and cookie of the old stops."""
    marks = ", ".join("?" for _ in game_ids)
    db.execute(
        f"update games set token_hash = ?, updated_at = ? where id in ({marks})",
        [token_hash, now(), *game_ids],
    )


def chain_game_ids(db: Connection, game_id: str) -> list[str]:
    """Every game of the rematch chain (or match) `game_id` is in: back to its first, then on."""
    rows = db.execute(
        """
        with recursive
          back(id, previous) as (
            select id, previous_game from games where id = :game
            union select games.id, games.previous_game from games join back on games.id = back.previous
          ),
          chain(id) as (
            select id from back where previous is null or previous not in (select id from games)
            union select games.id from games join chain on games.previous_game = chain.id
          )
        select id from chain
        """,
        {"game": game_id},
    ).fetchall()
    return [str(row[0]) for row in rows]


@dataclass(frozen=True)
class HandText:
    """A hand's entry, scores and explanation as its row keeps them: the log line of the change
    that wrote the hand keeps the same text (`append_log`), so each is encoded once."""

    entry: str
    scores: str
    explanation: str

    @property
    def result(self) -> str:
        """What a log line keeps of the hand: {"scores": …, "explanation": …}, as `dumps`
        writes that object."""
        return f'{{"scores":{self.scores},"explanation":{self.explanation}}}'


def insert_hand(db: Connection, game_id: str, hand: HandRow) -> HandText:
    at = hand.entered_at or now()
    columns = hand_columns(hand)
    insert(db, "hands", {"game_id": game_id, **columns, "created_at": at, "updated_at": at})
    return hand_text(columns)


def replace_hand(db: Connection, game_id: str, hand: HandRow) -> HandText:
    """A corrected hand: its new entry and result, in place."""
    columns = hand_columns(hand)
    del columns["number"]
    assignments = ", ".join(f"{column} = ?" for column in columns)
    db.execute(
        f"update hands set {assignments}, updated_at = ? where game_id = ? and number = ?",
        [*columns.values(), now(), game_id, hand.number],
    )
    return hand_text(columns)


def hand_text(columns: dict[str, Any]) -> HandText:
    return HandText(columns["entry"], columns["scores"], columns["explanation"])


def set_explanation(db: Connection, game_id: str, number: int, lines: tuple[Sentence, ...]) -> None:
    """A hand's explanation written anew, nothing else of it (an imported hand, explained)."""
    db.execute(
        "update hands set explanation = ? where game_id = ? and number = ?",
        [explanation_text(lines), game_id, number],
    )


def hand_columns(hand: HandRow) -> dict[str, Any]:
    return {
        "number": hand.number,
        "entry": dumps(hand.entry),
        "scores": dumps(hand.scores),
        "explanation": explanation_text(hand.explanation),
        "steps": dumps(list(hand.steps)),
        "dealer": hand.dealer,
    }


def save_game(
    db: Connection,
    game_id: str,
    *,
    version: int,
    status: str,
    winners: list[str],
    totals: dict[str, int],
    at: str,
    held: str | None = None,
) -> None:
    """A change's new version, status, winners and totals: the game row written once.

    Standings read the status, winners and totals from here, never from the hands. `held` is
    the status the row holds now, when the caller knows it: a status that stays is not
    written again, since writing it rewrites the game's entries in both status indexes
    (two more pages for the commit to write, on nearly every hand).
    """
    columns = {
        "version": version,
        **({} if status == held else {"status": status}),
        "winners": dumps(winners),
        "totals": dumps(totals),
        "updated_at": at,
        "finished_at": at if status == "finished" else None,
    }
    assignments = ", ".join(f"{column} = ?" for column in columns)
    db.execute(f"update games set {assignments} where id = ?", [*columns.values(), game_id])
    db.versions_written[game_id] = version


def delete_hand(db: Connection, game_id: str, number: int) -> None:
    db.execute("delete from hands where game_id = ? and number = ?", [game_id, number])


@dataclass(frozen=True)
class LogLine:
    """One change in a game's append-only log: who, what, when, and what a hand scored."""

    id: int
    at: str  # UTC, ISO 8601
    actor: str  # which link or token (a fingerprint, never the token)
    action: str  # created, entered, corrected, undone, play entered, …
    hand_number: int | None
    entry: Any  # the entry or play as given, None for other changes
    version: int  # the game's version after the change
    result: dict[str, Any] | None  # a whole hand's scores and explanation as scored then


def append_log(
    db: Connection,
    game_id: str,
    *,
    actor: str,
    action: str,
    version: int,
    hand_number: int | None = None,
    entry: Any = None,
    result: dict[str, Any] | None = None,
    hand: HandText | None = None,
    at: str | None = None,
) -> None:
    """Add a line to the game's append-only history of changes. A change that wrote a whole
    hand gives its `hand` text: the line keeps its entry and result as the hand's row does."""
    entry_text: str | None
    result_text: str | None
    if hand is not None:
        entry_text, result_text = hand.entry, hand.result
    else:
        entry_text = None if entry is None else dumps(entry)
        result_text = None if result is None else dumps(result)
    insert(
        db,
        "log",
        {
            "game_id": game_id,
            "at": at or now(),
            "actor": actor,
            "action": action,
            "hand_number": hand_number,
            "entry": entry_text,
            "version": version,
            "result": result_text,
        },
    )


def log_lines(db: Connection, game_id: str) -> list[LogLine]:
    """The game's log, oldest first."""
    sql = (
        "select id, at, actor, action, hand_number, entry, version, result "
        "from log where game_id = ? order by id"
    )
    return [
        LogLine(
            line_id,
            at,
            actor,
            action,
            hand_number,
            None if entry is None else loads(entry),
            version,
            None if result is None else loads(result),
        )
        for line_id, at, actor, action, hand_number, entry, version, result in db.execute(
            sql, [game_id]
        ).fetchall()
    ]


def request_key_row(db: Connection, key: str) -> dict[str, Any] | None:
    """The request an idempotency key was first used for, and the answer it got."""
    return db.row("select * from request_keys where key = ?", [key])


def save_request_key(db: Connection, row: dict[str, Any]) -> None:
    insert(db, "request_keys", {**row, "created_at": now()})


def mark_keys_undone(db: Connection, game_id: str, versions: list[int]) -> None:
    """The keys whose changes (the game's `versions`) were undone: a retry must not replay them."""
    if versions:
        marks = ", ".join("?" for _ in versions)
        db.execute(
            f"update request_keys set undone_at = ? where game_id = ? and version in ({marks})"
            " and undone_at is null",
            [now(), game_id, *versions],
        )


def insert_play(db: Connection, game_id: str, hand_number: int, seq: int, play: Any) -> None:
    insert(
        db,
        "plays",
        {
            "game_id": game_id,
            "hand_number": hand_number,
            "seq": seq,
            "play": dumps(play),
            "created_at": now(),
        },
    )


def delete_play(db: Connection, game_id: str, hand_number: int, seq: int) -> None:
    db.execute(
        "delete from plays where game_id = ? and hand_number = ? and seq = ?",
        [game_id, hand_number, seq],
    )


def delete_pending_plays(db: Connection, game_id: str, hand_number: int) -> None:
    db.execute("delete from plays where game_id = ? and hand_number = ?", [game_id, hand_number])


def next_game_id(db: Connection, game_id: str) -> str | None:
    """The rematch or next game of the match started from this game, if any."""
    row = db.execute("select id from games where previous_game = ?", [game_id]).fetchone()
    return None if row is None else str(row[0])


def games_going_on(db: Connection, limit: int) -> list[str]:
    """The ids of the games not finished, the most recently changed first."""
    rows = db.execute(
        "select id from games where status = 'in_progress' order by updated_at desc, id limit ?",
        [limit],
    ).fetchall()
    return [str(row[0]) for row in rows]


def version_written(db: Connection, game_id: str) -> int | None:
    """The game's version after the change under way on `db`, if it wrote one; else as stored."""
    written = db.versions_written.get(game_id)
    return written if written is not None else game_version(db, game_id)


GameStamp = tuple[int, str, str | None, str | None]


def game_stamp(db: Connection, game_id: str) -> GameStamp | None:
    """What tells a game kept in memory from the stored one: its version (every change to its
    hands or plays moves it on), its scorer token's hash (a new link does not), its match
    (whose other games change on their own) and when its time is called (set ahead, with a
    night's time limit). None if there is no such game."""
    row = db.execute(
        "select version, token_hash, match_id, time_called_at from games where id = ?", [game_id]
    ).fetchone()
    return None if row is None else (int(row[0]), str(row[1]), row[2], row[3])


def game_version(db: Connection, game_id: str) -> int | None:
    """The game's version alone, or None if there is no such game: one primary-key read.

    Watching phones ask "has anything changed?" every second; this answers without
    loading the hands.
    """
    row = db.execute("select version from games where id = ?", [game_id]).fetchone()
    return None if row is None else int(row[0])
