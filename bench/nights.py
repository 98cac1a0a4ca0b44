"""A club night of 50 tables, for its pages' figures, and seating a round of 200 players.

The night is written straight into the database file before the server starts, through
the app's own night and game code: 200 players of 4-player Moon to 7, round 1 played out
(a hand of 7 tricks at every table), round 2 seated with a hand entered at every other
table, so the night page and the projector show live totals and 200 standings rows.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from scorekeeper import games, leagues
from scorekeeper.db import connect, migrate
from scorekeeper.nights import night as nights
from scorekeeper.nights.night import TableGame
from scorekeeper.nights.seating import Entrant, Layout, SeatedTable, seat_round

PLAYERS = 200
SECRET = "bench"  # the tables' scorer tokens are never used here
WRITER = games.Writer(actor="bench")
SEATING_ROUNDS = 8


def moon_entry(table: TableGame, took: int) -> dict[str, Any]:
    """Seat 1 bids and the partners take `took` of the 7 tricks."""
    first, second = table.sides
    bid = min(max(took, 3), 7)
    return {"bidder": table.seats[0], "bid": bid, "tricks": {first: took, second: 7 - took}}


def build(path: Path) -> tuple[str, int]:
    """The night in a new database file; returns the league's slug and the night's number."""
    migrate(path)
    db = connect(path)
    try:
        created, _token = leagues.create_league(db, "Night Club")
        league = leagues.load_league(db, created["slug"])
        night = nights.create_night(db, league, {"ruleset": "moon", "options": {"target": 7}})
        names = tuple(f"Player {n:03d}" for n in range(1, PLAYERS + 1))
        nights.check_in(db, league, night.number, nights.CheckIn(add=names))
        first = nights.seat(db, league, night.number, SECRET).round
        for table in first.tables:
            games.record_hand(db, table.game_id, moon_entry(table, 7), WRITER)
        second = nights.seat(db, league, night.number, SECRET).round
        for table in second.tables[::2]:
            games.record_hand(db, table.game_id, moon_entry(table, 4), WRITER)
        return league.slug, night.number
    finally:
        db.close()


def seating_times(players: int = PLAYERS, rounds: int = SEATING_ROUNDS) -> list[float]:
    """Seconds to seat each round of a night of `players` at Moon tables, after random results."""
    rng = random.Random(18)
    everyone: list[Entrant] = [(f"Player {n:03d}",) for n in range(1, players + 1)]
    layout = Layout(4, (3, 4), partnerships=True)
    played: list[tuple[SeatedTable, ...]] = []
    times = []
    for _ in range(rounds):
        order = everyone[:]
        rng.shuffle(order)  # the standings after random results
        began = time.perf_counter()
        seating = seat_round(order, layout, {}, played)
        times.append(time.perf_counter() - began)
        played.append(seating.tables)
    return times
