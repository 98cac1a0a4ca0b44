"""How long the standings of a big league take to render.

Builds a temporary database with one league of 10,000 finished games among 100 players
(Block, Moon, Muggins and 11-point Black Tile; free-for-all and partnership games), written
straight into the tables the way the app stores them, then times the league's pages and
exports through Flask's test client (the whole request: routing, SQL, ratings, template).
`build` can add games still in progress on the league's last evening, for bench/scale.py
to finish one at a time.

    .venv/bin/python bench/standings.py [--games N] [--players N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app, leagues, store
from scorekeeper.db import connect, migrate
from scorekeeper.web.leagues.rated import CACHE_KEY

# (ruleset, players at the table, partnerships, target, lowest total wins)
SHAPES = (
    ("block", 2, False, 100, False),
    ("block", 3, False, 100, False),
    ("block", 4, True, 100, False),
    ("moon", 3, False, 21, False),
    ("moon", 4, True, 21, False),
    ("muggins", 4, False, 250, False),
    ("black-tile-11", 3, False, 110, True),
    ("black-tile-11", 4, False, 110, True),
)


def final_result(
    rng: random.Random, sides: list[str], target: int, lowest_wins: bool
) -> tuple[dict[str, int], list[str]]:
    """Final totals with a winner (now and then two sharing the win), and the winners."""
    totals = {side: rng.randrange(0, target) for side in sides}
    winner = rng.choice(sides)
    totals[winner] = rng.randrange(0, target // 3) if lowest_wins else target + rng.randrange(20)
    if rng.random() < 0.03:  # now and then a shared win
        other = rng.choice([s for s in sides if s != winner])
        totals[other] = totals[winner]
    best = (min if lowest_wins else max)(totals.values())
    return totals, [side for side in sides if totals[side] == best]


def league_game(
    rng: random.Random, names: list[str], league_id: int, at: datetime, n: int, *, finished: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One game row and its one hand: a finished game's final totals and winners, or the
    first hand of a game in progress."""
    ruleset, seats, partnerships, target, lowest_wins = rng.choice(SHAPES)
    players = rng.sample(names, seats)
    teams = [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"] if partnerships else []
    sides = teams or players
    if finished:
        totals, winners = final_result(rng, sides, target, lowest_wins)
    else:
        totals, winners = {side: rng.randrange(0, target // 3) for side in sides}, []
    stamp = at.isoformat(timespec="milliseconds")
    game_id = f"bench-{n:05d}"
    game = {
        "id": game_id,
        "ruleset": ruleset,
        "players": store.dumps(players),
        "team_names": store.dumps(teams),
        "options": store.dumps({"target": target}),
        "league_id": league_id,
        "token_hash": "0" * 64,
        "version": 2,
        "status": "finished" if finished else "in_progress",
        "winners": store.dumps(winners),
        "totals": store.dumps(totals),
        "created_at": stamp,
        "updated_at": stamp,
        "finished_at": (at + timedelta(minutes=40)).isoformat(timespec="milliseconds")
        if finished
        else None,
    }
    return game, hand_row(game_id, 1, totals, players[0], stamp)


def hand_row(
    game_id: str, number: int, scores: dict[str, int], dealer: str, stamp: str
) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "number": number,
        "entry": store.dumps({"points": scores}),
        "scores": store.dumps(scores),
        "explanation": store.dumps(["Entered for the benchmark."]),
        "steps": "[]",
        "dealer": dealer,
        "created_at": stamp,
        "updated_at": stamp,
    }


def build(path: Path, games: int, players: int, seed: int = 6, in_progress: int = 0) -> str:
    """The benchmark database; returns the league's slug.

    The games are 90 minutes apart. The `in_progress` games were started on the last
    evening, each between two of the last finished games: when one finishes it lands that
    near the end of the order games are rated in, as a game finishing tonight does.
    """
    migrate(path)
    db = connect(path)
    league, _token = leagues.create_league(db, "Benchmark Club")
    league_id = int(
        db.execute("select id from leagues where slug = ?", [league["slug"]]).fetchone()[0]
    )
    rng = random.Random(seed)
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    start = datetime(2023, 1, 5, 19, 0, tzinfo=UTC)
    rows = [
        league_game(rng, names, league_id, start + timedelta(minutes=90 * n), n, finished=True)
        for n in range(games)
    ]
    rows += [
        league_game(
            rng,
            names,
            league_id,
            start + timedelta(minutes=90 * (games - 1 - 2 * n) - 45),
            games + n,
            finished=False,
        )
        for n in range(in_progress)
    ]
    with db.conn:
        db.table("games").insert_all((game for game, _ in rows), batch_size=1000)
        db.table("hands").insert_all((hand for _, hand in rows), batch_size=1000)
    db.close()
    return str(league["slug"])


def timed(app: Flask, url: str, runs: int, *, cached: bool) -> tuple[float, float, int]:
    """Medians of `runs` requests for `url`: wall-clock and CPU seconds, and the answer's size.

    Uncached, the app's kept standings are dropped before each request, so every one of
    them loads, rates and tallies the 10,000 games afresh. CPU time is this process's
    own: on a machine busy with other work it stays close to what an idle one needs.
    """
    client = app.test_client()
    if cached:
        client.get(url)
    walls, cpus, size = [], [], 0
    for _ in range(runs):
        if not cached:
            app.extensions.pop(CACHE_KEY, None)
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.data)
    return statistics.median(walls), statistics.median(cpus), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        began = time.perf_counter()
        slug = build(path, args.games, args.players)
        print(
            f"{args.games} finished games among {args.players} players written "
            f"in {time.perf_counter() - began:.1f} s; median of {args.runs} requests each:"
        )
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": True})
        # Compile the templates once, as a running server has long since done.
        for url in (f"/leagues/{slug}", f"/leagues/{slug}/screen", PLAYER.format(slug=slug)):
            app.test_client().get(url)
        print(f"{'':30} {'uncached':>9} {'(CPU)':>9} {'cached':>9} {'size':>8}")
        for label, pattern in PAGES.items():
            url = pattern.format(slug=slug)
            uncached, cpu, size = timed(app, url, args.runs, cached=False)
            cached, _, _ = timed(app, url, args.runs, cached=True)
            print(
                f"{label:30} {uncached * 1000:6.0f} ms {cpu * 1000:6.0f} ms "
                f"{cached * 1000:6.0f} ms {size / 1024:5.0f} kB"
            )


PLAYER = "/leagues/{slug}/players/player%20001"
PAGES = {
    "standings page": "/leagues/{slug}",
    "standings page, one ruleset": "/leagues/{slug}?ruleset=block",
    "big screen": "/leagues/{slug}/screen",
    "standings API": "/api/leagues/{slug}/standings",
    "standings CSV": "/leagues/{slug}/standings.csv",
    "player page": PLAYER,
    "games CSV (not kept)": "/leagues/{slug}/games.csv",
}


if __name__ == "__main__":
    main()
