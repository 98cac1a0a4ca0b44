"""A database holding many games, written in bulk with SQL rather than through HTTP.

One game is played through the app's own service (so its rows are exactly what the app
writes: the game, its hands and its log), then copied under fresh
random ids in a single transaction.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from bench.workload import PLAYERS, TARGET, block_hand
from scorekeeper import games
from scorekeeper.db import connect, migrate
from scorekeeper.games import Writer

# Every column of each table is copied from the template game's rows; only the game id
# (and the games' own id) change.
COPIES = {
    "hands": "number, entry, scores, explanation, steps, dealer, created_at, updated_at",
    "log": "at, actor, action, hand_number, entry, version",
}


def template_game(path: Path, hands: int) -> str:
    """Play one game of `hands` hands through the app's service; returns its id."""
    rng = random.Random(7)
    db = connect(path)
    try:
        payload = {"ruleset": "block", "players": list(PLAYERS), "options": {"target": TARGET}}
        new = games.parse_new_game(payload)
        game, _token = games.create_game(db, new, None)
        for _ in range(hands):
            games.record_hand(db, game.id, block_hand(rng), Writer(actor="page:bench"))
    finally:
        db.close()
    return game.id


def build(path: Path, stored: int, hands: int) -> None:
    """A fresh file with `stored` games of `hands` hands each, and nothing else."""
    migrate(path)
    template = template_game(path, hands)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        columns = [row[1] for row in conn.execute("pragma table_info(games)") if row[1] != "id"]
        listed = ", ".join(columns)
        conn.execute("begin")
        # 96 random bits like tokens.new_game_id, so the indexes take the shape they have
        # in use (random ids land all over the B-trees, not at their end).
        conn.execute("create temp table copies (id text primary key)")
        conn.execute(
            "with recursive n(k) as (select 1 union all select k + 1 from n where k < ?) "
            "insert into copies select lower(hex(randomblob(12))) from n",
            [stored - 1],
        )
        conn.execute(
            f"insert into games (id, {listed}) select copies.id, {listed} "
            "from copies, games where games.id = ?",
            [template],
        )
        for table, copied in COPIES.items():
            conn.execute(
                f"insert into {table} (game_id, {copied}) select copies.id, {copied} "
                f"from copies, {table} where {table}.game_id = ?",
                [template],
            )
        conn.execute("commit")
    finally:
        conn.close()
