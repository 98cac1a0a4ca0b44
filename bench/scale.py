"""Scenario 3, league scale: big standings, and costs that must not grow with the file.

Standings: the league of bench/standings.py (10,000 finished games among 100 players),
asked through the real server. The app keeps a league's rated games between requests and
brings them up to date when a game finishes or is corrected, so three cases are timed:
"unchanged" (asked again), "after a game finishes" (one of the games in progress on the
league's last evening) and "after an old game is corrected" (one of the league's first
games gets another winner, which moves the ratings of every later game), each change
written straight into the file the way the app writes it.

Growth: two servers side by side, one on a fresh file and one on a file already holding
100,000 games (bench/seed.py). The same games are scored and shown on both, one request
at a time, taking turns, so the machine's noise falls on both alike.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench import standings as league_bench
from bench.client import Client, Reply, Tally, attempt, loopback_address
from bench.server import Server
from bench.workload import new_game, post_hand
from scorekeeper import store
from scorekeeper.rules import REGISTRY

STANDINGS_URLS = {
    "standings page": "/leagues/{slug}",
    "standings API": "/api/leagues/{slug}/standings",
}
TABLES = 3  # loopback address group of the growth scenario's tables
SETTLING = 5  # rounds of the standings URLs asked before any is timed


@dataclass
class StandingsTimes:
    warm: dict[str, Tally] = field(default_factory=dict)
    # By change ("after a game finishes", …), then by URL.
    changed: dict[str, dict[str, Tally]] = field(default_factory=dict)
    healthz: Tally = field(default_factory=Tally)


def finish_a_game(path: Path, n: int) -> None:
    """The league's oldest game in progress finishes, stored as the app stores a last hand:
    the hand, then the game's status, final totals, winners, version, updated_at and
    finished_at. It was started on the league's last evening, so it sits near the end."""
    with league_file(path) as conn:
        game = conn.execute(
            "select * from games where league_id is not null and status = 'in_progress' "
            "order by created_at, rowid limit 1"
        ).fetchone()
        if game is None:
            raise RuntimeError("no league game in progress left: build with more")
        target = json.loads(game["options"])["target"]
        lowest_wins = REGISTRY[game["ruleset"]].lowest_wins
        final, winners = league_bench.final_result(
            random.Random(n), sides(game), target, lowest_wins
        )
        so_far = json.loads(game["totals"])
        scores = {side: final[side] - so_far[side] for side in sides(game)}
        at = store.now()
        hand = league_bench.hand_row(game["id"], 2, scores, sides(game)[0], at)
        conn.execute(
            f"insert into hands ({', '.join(hand)}) values ({', '.join('?' for _ in hand)})",
            list(hand.values()),
        )
        conn.execute(
            "update games set status = 'finished', totals = ?, winners = ?, version = ?, "
            "updated_at = ?, finished_at = ? where id = ?",
            [store.dumps(final), store.dumps(winners), game["version"] + 1, at, at, game["id"]],
        )


def correct_an_old_game(path: Path, n: int) -> None:
    """One of the league's first finished games (about the `n`th) gets another winner, as a
    correction of its hand stores it: its first winner and a loser swap totals. Its
    placings change, so the ratings after every later game of its pool change too."""
    with league_file(path) as conn:
        first = conn.execute(
            "select * from games where league_id is not null and status = 'finished' "
            "order by created_at, rowid limit 20 offset ?",
            [n],
        ).fetchall()
        game = next(row for row in first if len(json.loads(row["winners"])) < len(sides(row)))
        totals, won = json.loads(game["totals"]), json.loads(game["winners"])
        loser = next(side for side in sides(game) if side not in won)
        totals[won[0]], totals[loser] = totals[loser], totals[won[0]]
        best = (min if REGISTRY[game["ruleset"]].lowest_wins else max)(totals.values())
        winners = [side for side in sides(game) if totals[side] == best]
        at = store.now()
        conn.execute(
            "update hands set entry = ?, scores = ?, updated_at = ? "
            "where game_id = ? and number = 1",
            [store.dumps({"points": totals}), store.dumps(totals), at, game["id"]],
        )
        conn.execute(
            "update games set totals = ?, winners = ?, version = ?, updated_at = ?, "
            "finished_at = ? where id = ?",
            [store.dumps(totals), store.dumps(winners), game["version"] + 1, at, at, game["id"]],
        )


@contextmanager
def league_file(path: Path) -> Iterator[sqlite3.Connection]:
    """The bench league's file, written beside the server as another process would: one
    transaction, committed on leaving."""
    conn = sqlite3.connect(path, timeout=5)
    conn.row_factory = sqlite3.Row
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def sides(game: sqlite3.Row) -> list[str]:
    teams: list[str] = json.loads(game["team_names"])
    return teams or list(json.loads(game["players"]))


CHANGES: dict[str, Callable[[Path, int], None]] = {
    "after a game finishes": finish_a_game,
    "after an old game is corrected": correct_an_old_game,
}


def in_progress_needed(changes: int) -> int:
    """The games in progress the league needs for `standings` to finish one per ask."""
    return changes * len(STANDINGS_URLS)


def timed(client: Client, path: str, tally: Tally) -> Reply | None:
    reply = attempt(tally, client.request, "GET", path)
    if reply is not None:
        tally.record(reply, 200)
    return reply


def standings(server: Server, path: Path, slug: str, *, runs: int, changes: int) -> StandingsTimes:
    """Each standings URL `changes` times after each kind of change, then `runs` times unchanged.

    The server first rates the league and is asked a few times more, as one that has been
    up for a while long since did; among the work that leaves behind is a collection of
    the whole heap by Python's cycle collector, so it is left behind too. Every game that
    finishes is timed before the corrections, whose work is far bigger: a real league has
    many games finishing for every correction to an old one. The league needs
    `in_progress_needed(changes)` games in progress (bench/standings.py).
    """
    times = StandingsTimes()
    client = Client(server.base)
    urls = {name: url.format(slug=slug) for name, url in STANDINGS_URLS.items()}
    for _ in range(SETTLING):
        for url in urls.values():
            timed(client, url, Tally())
    for change, make in CHANGES.items():
        tallies = times.changed.setdefault(change, {})
        for n in range(changes):
            for m, (name, url) in enumerate(urls.items()):
                make(path, n * len(urls) + m)
                timed(client, url, tallies.setdefault(name, Tally()))
    for _ in range(runs):
        for name, url in urls.items():
            timed(client, url, times.warm.setdefault(name, Tally()))
        timed(client, "/healthz", times.healthz)
    client.close()
    return times


GROWTH_RULESETS = {"block": "Block", "moon": "Moon match"}
GROWTH_SHOWN = ("watch page", "game JSON", "board (200)")


def growth_ops() -> list[str]:
    """The operations timed, each per ruleset, then /healthz."""
    return [
        f"{op}, {name}"
        for name in GROWTH_RULESETS.values()
        for op in ("score a hand (POST)", *GROWTH_SHOWN)
    ] + ["/healthz"]


@dataclass
class Table:
    """One game on one server, with the keep-alive connection its table uses."""

    client: Client
    ruleset: str
    game_id: str
    token: str


def growth(
    servers: dict[str, Server], *, games: int, rounds: int, seed: int = 3
) -> dict[str, dict[str, Tally]]:
    """Per server (by label), per operation: latencies of the same work on each file.

    Half the games are Block, half four-player Moon (a game of a match).
    """
    rng = random.Random(seed)
    rulesets = list(GROWTH_RULESETS)
    tables: dict[str, list[Table]] = {}
    for label, server in servers.items():
        tables[label] = []
        for n in range(games):
            client = Client(server.base, source=loopback_address(TABLES, n))
            ruleset = rulesets[n % len(rulesets)]
            tables[label].append(Table(client, ruleset, *new_game(client, ruleset=ruleset)))
    times = {label: {op: Tally() for op in growth_ops()} for label in servers}
    labels = list(servers)
    for r in range(rounds):
        for n in range(games):
            # Each file goes first half the time, for every game: going first or second
            # in a pair of requests is not free (the other server's fsync is still settling).
            for label in labels if (r + n) % 2 == 0 else labels[::-1]:
                one_round(tables[label][n], times[label], rng)
    for kept in tables.values():
        for table in kept:
            table.client.close()
    return times


def one_round(table: Table, times: dict[str, Tally], rng: random.Random) -> None:
    """Score a hand, then show the game every way it is shown, and ask /healthz."""
    name = GROWTH_RULESETS[table.ruleset]
    tally = times[f"score a hand (POST), {name}"]
    send = (table.client, table.game_id, table.token, rng, table.ruleset)
    reply = attempt(tally, post_hand, *send)
    if reply is not None:
        tally.record(reply, 201)
    paths = {
        f"watch page, {name}": f"/games/{table.game_id}",
        f"game JSON, {name}": f"/api/games/{table.game_id}",
        f"board (200), {name}": f"/games/{table.game_id}/board",
        "/healthz": "/healthz",
    }
    for op, path in paths.items():
        timed(table.client, path, times[op])
