"""Rows in and out of SQLite: games, hands, the change log, request keys, leagues.

Callers wrap each change in `db.write_transaction`, so a hand and its log line are
written together or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database


def now() -> str:
    """The time of a change, UTC, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def game_row(db: Database, game_id: str) -> dict[str, Any] | None:
    rows = list(db.query("select * from games where id = ?", [game_id]))
    return rows[0] if rows else None


def hand_rows(db: Database, game_id: str) -> list[dict[str, Any]]:
    return list(db.query("select * from hands where game_id = ? order by number", [game_id]))


def insert_game(db: Database, row: dict[str, Any]) -> None:
    db.table("games").insert(row)


def update_game(db: Database, game_id: str, **values: Any) -> None:
    db.table("games").update(game_id, values)


def insert_hand(db: Database, row: dict[str, Any]) -> None:
    db.table("hands").insert(row)


def replace_hand(db: Database, game_id: str, number: int, values: dict[str, Any]) -> None:
    db.table("hands").update((game_id, number), values)


def delete_hand(db: Database, game_id: str, number: int) -> None:
    db.table("hands").delete((game_id, number))


def append_log(
    db: Database,
    game_id: str,
    *,
    actor: str,
    action: str,
    version: int,
    hand_number: int | None = None,
    entry: Any = None,
) -> None:
    """Add a line to the game's append-only history of changes."""
    db.table("log").insert(
        {
            "game_id": game_id,
            "at": now(),
            "actor": actor,
            "action": action,
            "hand_number": hand_number,
            "entry": None if entry is None else dumps(entry),
            "version": version,
        }
    )


def log_rows(db: Database, game_id: str) -> list[dict[str, Any]]:
    return list(db.query("select * from log where game_id = ? order by id", [game_id]))


def request_key_row(db: Database, key: str) -> dict[str, Any] | None:
    """The request an idempotency key was first used for, and the answer it got."""
    rows = list(db.query("select * from request_keys where key = ?", [key]))
    return rows[0] if rows else None


def save_request_key(db: Database, row: dict[str, Any]) -> None:
    db.table("request_keys").insert({**row, "created_at": now()})


def mark_keys_undone(db: Database, game_id: str, versions: list[int]) -> None:
    """The keys whose changes (the game's `versions`) were undone: a retry must not replay them."""
    if versions:
        marks = ", ".join("?" for _ in versions)
        db.execute(
            f"update request_keys set undone_at = ? where game_id = ? and version in ({marks})"
            " and undone_at is null",
            [now(), game_id, *versions],
        )


def pending_plays(db: Database, game_id: str, hand_number: int) -> list[Any]:
    """The plays posted live for the hand in progress, in order."""
    rows = db.query(
        "select play from plays where game_id = ? and hand_number = ? order by seq",
        [game_id, hand_number],
    )
    return [json.loads(row["play"]) for row in rows]


def insert_play(db: Database, game_id: str, hand_number: int, seq: int, play: Any) -> None:
    db.table("plays").insert(
        {
            "game_id": game_id,
            "hand_number": hand_number,
            "seq": seq,
            "play": dumps(play),
            "created_at": now(),
        }
    )


def delete_play(db: Database, game_id: str, hand_number: int, seq: int) -> None:
    db.table("plays").delete((game_id, hand_number, seq))


def delete_pending_plays(db: Database, game_id: str, hand_number: int) -> None:
    db.execute("delete from plays where game_id = ? and hand_number = ?", [game_id, hand_number])


def match_winners(db: Database, match_id: str) -> list[list[str]]:
    """The winners of each finished game of a match, in match order."""
    rows = db.query(
        "select winners from games where match_id = ? and status = 'finished' order by match_game",
        [match_id],
    )
    return [json.loads(row["winners"]) for row in rows]


def next_game_id(db: Database, game_id: str) -> str | None:
    """The rematch or next game of the match started from this game, if any."""
    rows = list(db.query("select id from games where previous_game = ?", [game_id]))
    return str(rows[0]["id"]) if rows else None


def chain_game_ids(db: Database, game_id: str) -> list[str]:
    """Every game of the rematch chain (or match) `game_id` is in: back to its first, then on."""
    rows = db.query(
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
    )
    return [str(row["id"]) for row in rows]


def set_token_hash(db: Database, game_ids: list[str], token_hash: str) -> None:
    """One scorer token for every game of a chain: the rematch is scored by the same link."""
    marks = ", ".join("?" for _ in game_ids)
    db.execute(
        f"update games set token_hash = ?, updated_at = ? where id in ({marks})",
        [token_hash, now(), *game_ids],
    )


def set_league_token_hash(db: Database, league_id: int, token_hash: str) -> None:
    db.execute("update leagues set token_hash = ? where id = ?", [token_hash, league_id])


def league_row(db: Database, slug: str) -> dict[str, Any] | None:
    rows = list(db.query("select * from leagues where slug = ?", [slug]))
    return rows[0] if rows else None


def league_slug(db: Database, league_id: int | None) -> str | None:
    if league_id is None:
        return None
    rows = list(db.query("select slug from leagues where id = ?", [league_id]))
    return str(rows[0]["slug"]) if rows else None


def insert_league(db: Database, row: dict[str, Any]) -> int:
    return int(db.table("leagues").insert(row).last_rowid or 0)


def league_rows(db: Database, slugs: Iterable[str]) -> list[dict[str, Any]]:
    """The leagues with these slugs (those that exist), by name."""
    wanted = list(slugs)
    marks = ", ".join("?" for _ in wanted)
    sql = f"select * from leagues where slug in ({marks}) order by name collate nocase"
    return list(db.query(sql, wanted))


def season_rows(db: Database, league_id: int) -> list[dict[str, Any]]:
    """A league's seasons, latest first."""
    sql = "select * from seasons where league_id = ? order by starts_on desc, id desc"
    return list(db.query(sql, [league_id]))


def insert_season(db: Database, row: dict[str, Any]) -> None:
    db.table("seasons").insert(row)


def game_version(db: Database, game_id: str) -> int | None:
    """The game's version alone, or None if there is no such game: one primary-key read.

    Watching phones ask "has anything changed?" every second; this answers without
    loading the hands.
    """
    row = db.execute("select version from games where id = ?", [game_id]).fetchone()
    return None if row is None else int(row[0])
