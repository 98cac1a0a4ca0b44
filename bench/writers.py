"""Scenario 5: many scorers writing at once, each on games of its own, beside /healthz.

Each writer posts hands back to back (closed loop, with an Idempotency-Key, as a careful
client does) to a game of its own, from a loopback address of its own, for a few seconds
after a warm-up. After HANDS_PER_GAME hands it moves on to another game, as a table does:
a game of Block lasts 8 to 20 hands, and a game's own cost grows with its hands, so a
writer scoring one game for hundreds of hands would measure a game no table plays. The
games are started before the clock starts (more than a fast machine needs; a writer that
runs out starts more as it goes), so the window's figures are the hands' alone. The
hands are small (one pip a hand) so no game ends by itself. With `page`, each writer is
a phone saving from the scorer's page, as its script does.

The baseline is the same server's /healthz rate over 8 connections, asked just before
the writers and just after, and averaged: the shared machine's speed drifts over
seconds, and a baseline on both sides of the window cancels a steady drift.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.client import (
    FAILURES,
    Client,
    Tally,
    Throughput,
    attempt,
    closed_loop,
    loopback_address,
    run_threads,
    server_cpu_seconds,
)
from bench.server import Server
from bench.workload import (
    ScorerPhone,
    SetupError,
    join_as_scorer,
    new_game,
    post_hand,
    post_hand_form,
)

HANDS_PER_GAME = 20
ENTRY = {"pips": {"Ann": 0, "Bob": 1, "Cy": 0, "Dee": 0}, "domino": "Ann"}
WARMUP_S = 0.5
HEALTHZ_CONNECTIONS = 8


@dataclass
class Writes:
    """What the writers got: latencies of the 201s, and every status seen."""

    writers: int
    seconds: float
    tally: Tally = field(default_factory=Tally)
    statuses: Counter[int] = field(default_factory=Counter)
    healthz_per_second: float = 0.0
    # CPU per hand POST answered in the window: the server's, and this client's own (the
    # two share the machine's cores, so a lean client leaves more of them to the server).
    server_cpu_ms: float | None = None
    client_cpu_ms: float | None = None
    healthz_server_cpu_ms: float | None = None

    @property
    def per_second(self) -> float:
        return self.tally.count / self.seconds

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)


def run(server: Server, *, writers: int, seconds: float, page: bool = False) -> Writes:
    """`writers` scorers for `seconds`: through the API, or (`page`) each a phone that joined
    its games by the scorer link and saves hands from the scorer's page."""
    writes = Writes(writers, seconds)
    clients = [Client(server.base, source=loopback_address(3, n)) for n in range(writers)]
    # A phone joins each game and opens its scorer's page before its first save: done for
    # the games a writer will need before the clock starts, so the figures are the saves'.
    joined = [joined_games(client, seconds) if page else [] for client in clients]
    started = [[] if page else started_games(client, seconds, writers) for client in clients]
    before = healthz(server, seconds)
    start = time.perf_counter()
    window = (start + WARMUP_S, start + WARMUP_S + seconds)

    def writer(n: int) -> None:
        client, phones, ready = clients[n], joined[n], started[n]
        # Idempotency keys are one per request across the server: each run's writers draw
        # their own (a key used again for another game is refused, rightly, with a 422).
        rng = random.Random(f"{writers}-{n}")
        scored, game_id, token, phone = 0, "", "", None
        while (now := time.perf_counter()) < window[1]:
            if scored % HANDS_PER_GAME == 0:
                try:
                    if phones:
                        phone = phones.pop()
                    elif ready:
                        game_id, token = ready.pop()
                    else:
                        game_id, token = new_game(client)
                        phone = join_as_scorer(client, game_id, token) if page else None
                except (SetupError, *FAILURES) as error:
                    writes.tally.error(f"new game: {type(error).__name__}")
                    continue
            scored += 1
            if phone is not None:
                reply = attempt(writes.tally, post_hand_form, client, phone, ENTRY)
            else:
                reply = attempt(writes.tally, post_hand, client, game_id, token, rng, entry=ENTRY)
            if reply is None or now < window[0] or time.perf_counter() > window[1]:
                continue
            with writes.tally.lock:
                writes.statuses[reply.status] += 1
            writes.tally.record(reply, 201)
        client.close()

    cpu: dict[str, float | None] = {}

    def sample_cpu() -> None:
        time.sleep(max(0.0, window[0] - time.perf_counter()))
        cpu["server"], cpu["client"] = server_cpu_seconds(server.pid), time.process_time()
        time.sleep(max(0.0, window[1] - time.perf_counter()))
        cpu["server"] = used(cpu["server"], server_cpu_seconds(server.pid))
        cpu["client"] = used(cpu["client"], time.process_time())

    run_threads([functools.partial(writer, n) for n in range(writers)] + [sample_cpu])
    answered = sum(writes.statuses.values())
    if answered:
        writes.server_cpu_ms = per_request(cpu["server"], answered)
        writes.client_cpu_ms = per_request(cpu["client"], answered)
    baseline = [before, healthz(server, seconds)]
    writes.healthz_per_second = sum(each.per_second for each in baseline) / len(baseline)
    server_ms = [
        each.cpu_ms_per_request for each in baseline if each.cpu_ms_per_request is not None
    ]
    writes.healthz_server_cpu_ms = sum(server_ms) / len(server_ms) if server_ms else None
    return writes


def healthz(server: Server, seconds: float) -> Throughput:
    """/healthz over 8 connections, for at most 2 s after its warm-up."""
    return closed_loop(
        server.base,
        "/healthz",
        connections=HEALTHZ_CONNECTIONS,
        seconds=min(seconds, 2.0),
        warmup=WARMUP_S,
        server_pid=server.pid,
    )


# More than all the writers together post a second on this machine (8 writers: 400 to 600):
# a faster machine's writers start more games as they go.
API_POSTS_PER_SECOND = 1200


def started_games(client: Client, seconds: float, writers: int) -> list[tuple[str, str]]:
    """Games started through the API before the clock starts, enough for a writer's run."""
    return [new_game(client) for _ in range(games_for(seconds, API_POSTS_PER_SECOND / writers))]


# More than a page writer saves a second here (8 writers: about 20 each): the games joined
# beforehand last the run, and a faster machine's writer joins more as it goes.
PAGE_SAVES_PER_SECOND = 40


def joined_games(client: Client, seconds: float) -> list[ScorerPhone]:
    """Games started and joined by the scorer link, enough for a page writer's run."""
    count = games_for(seconds, PAGE_SAVES_PER_SECOND)
    return [join_as_scorer(client, *new_game(client)) for _ in range(count)]


def games_for(seconds: float, per_second: float) -> int:
    """The games a writer posting `per_second` hands fills in a run, its warm-up included."""
    return math.ceil((WARMUP_S + seconds) * per_second / HANDS_PER_GAME)


def used(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


def per_request(seconds: float | None, requests: int) -> float | None:
    return None if seconds is None else 1000 * seconds / requests
