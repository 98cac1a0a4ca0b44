"""Scenario 3, league scale: big standings, and costs that must not grow with the file.

Standings: the league of bench/standings.py (10,000 finished games among 100 players),
asked through the real server. The app keeps a league's rated games between requests
until a game finishes or is corrected, so both are measured: "unchanged" (asked again)
and "after a change" (a finished game corrected straight in the file first).

Growth: two servers side by side, one on a fresh file and one on a file already holding
100,000 games (bench/seed.py). The same games are scored and shown on both, one request
at a time, taking turns, so the machine's noise falls on both alike.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from bench.client import Client, Reply, Tally, attempt, loopback_address
from bench.server import Server
from bench.workload import new_game, post_hand

STANDINGS_URLS = {
    "standings page": "/leagues/{slug}",
    "standings API": "/api/leagues/{slug}/standings",
}
TABLES = 3  # loopback address group of the growth scenario's tables


@dataclass
class StandingsTimes:
    warm: dict[str, Tally] = field(default_factory=dict)
    changed: dict[str, Tally] = field(default_factory=dict)
    healthz: Tally = field(default_factory=Tally)
    page: bytes = b""


def correct_a_finished_game(path: Path) -> None:
    """What a correction to a finished game does to the standings' inputs: its version moves."""
    conn = sqlite3.connect(path, timeout=5)
    try:
        with conn:
            conn.execute(
                "update games set version = version + 1 where rowid = "
                "(select rowid from games where status = 'finished' limit 1)"
            )
    finally:
        conn.close()


def timed(client: Client, path: str, tally: Tally) -> Reply | None:
    reply = attempt(tally, client.request, "GET", path)
    if reply is not None:
        tally.record(reply, 200)
    return reply


def standings(server: Server, path: Path, slug: str, *, runs: int, changes: int) -> StandingsTimes:
    """Each standings URL `changes` times after a change, then `runs` times unchanged."""
    times = StandingsTimes()
    client = Client(server.base)
    urls = {name: url.format(slug=slug) for name, url in STANDINGS_URLS.items()}
    for _ in range(changes):
        for name, url in urls.items():
            correct_a_finished_game(path)
            timed(client, url, times.changed.setdefault(name, Tally()))
    for _ in range(runs):
        for name, url in urls.items():
            reply = timed(client, url, times.warm.setdefault(name, Tally()))
            if name == "standings page" and reply is not None:
                times.page = reply.body
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
