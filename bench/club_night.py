"""Scenario 1, a club night: tables scoring at once while phones watch their games live.

Each table posts a hand through the API every few seconds. Each phone polls its game's
board the way static/live.js does: about once a second, with If-None-Match, waiting for
the answer before scheduling the next ask. A phone "sees" a hand at the first 200 whose
ETag carries that hand's version; the delay is measured from the hand's 201.
A probe asks /healthz ten times a second meanwhile: the baseline under the same load.
Every table and phone sends from its own loopback address, as from its own device.
"""

from __future__ import annotations

import random
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bench.client import Client, Tally, attempt, loopback_address, run_threads, server_cpu_seconds
from bench.server import Server
from bench.workload import new_game, post_hand

HAND_EVERY_S = (2.0, 4.0)  # "a hand every few seconds", uniformly spread
POLL_EVERY_S = 1.0  # static/live.js: EVERY_MS, plus up to 200 ms of jitter
POLL_JITTER_S = 0.2
PROBE_EVERY_S = 0.1
JOIN_SPREAD_S = 5.0  # phones open the watch page over the first seconds, tables start after
TABLES_START_S = 5.0
DRAIN_S = 3.0  # phones keep watching after the last hand, to see it
TABLES, PHONES = 1, 2  # loopback address groups: 127.1.x.y for tables, 127.2.x.y for phones


@dataclass
class ClubNight:
    """What the tables, the phones and the probe saw."""

    hands: Tally = field(default_factory=Tally)
    board: Tally = field(default_factory=Tally)
    healthz: Tally = field(default_factory=Tally)
    delays: list[float] = field(default_factory=list)
    unseen: int = 0
    reconnects: int = 0  # connections a table or phone had to open again
    cores: float | None = None
    seconds: float = 0.0

    @property
    def hand_rate(self) -> float:
        return self.hands.count / self.seconds if self.seconds else 0.0


def version_of(etag: str | None) -> int | None:
    """The game version in a board's ETag (`"7-en"` or `W/"7-en"`: the version, then the
    reader's language)."""
    if not etag:
        return None
    value = etag.removeprefix("W/").strip('"').split("-", 1)[0]
    return int(value) if value.isdigit() else None


class Night:
    """One run: the games, the clock, and what every thread writes down."""

    def __init__(self, server: Server, tables: int, phones: int, seconds: float, seed: int):
        self.server, self.tables, self.phones, self.seed = server, tables, phones, seed
        self.games = [self.new_game(n) for n in range(tables)]
        self.result = ClubNight(seconds=seconds)
        self.lock = threading.Lock()
        self.posted: list[tuple[int, int, float]] = []  # table, version, when its 201 came
        self.seen: dict[int, list[tuple[int, float]]] = defaultdict(list)  # phone: version, when
        self.began = time.perf_counter()
        self.scoring = (self.began + TABLES_START_S, self.began + TABLES_START_S + seconds)
        self.watching_ends = self.scoring[1] + DRAIN_S

    def client(self, group: int, n: int) -> Client:
        return Client(self.server.base, source=loopback_address(group, n))

    def new_game(self, n: int) -> tuple[str, str]:
        client = self.client(TABLES, n)
        try:
            return new_game(client)
        finally:
            client.close()

    def done_with(self, client: Client) -> None:
        client.close()
        with self.lock:
            self.result.reconnects += client.opened - 1

    def table(self, n: int) -> None:
        """Post a hand, wait a few seconds, again, until the scoring time is over."""
        rng = random.Random(self.seed * 1000 + n)
        game_id, token = self.games[n]
        client, tally = self.client(TABLES, n), self.result.hands
        until(self.scoring[0] + rng.uniform(0, HAND_EVERY_S[1]))
        while time.perf_counter() < self.scoring[1]:
            reply = attempt(tally, post_hand, client, game_id, token, rng)
            if reply is not None and tally.record(reply, 201):
                with self.lock:
                    self.posted.append((n, int(reply.json()["version"]), time.perf_counter()))
            until(min(self.scoring[1], time.perf_counter() + rng.uniform(*HAND_EVERY_S)))
        self.done_with(client)

    def phone(self, n: int) -> None:
        """Poll the board like static/live.js until the phones stop watching."""
        rng = random.Random(self.seed * 100_000 + n)
        path = f"/games/{self.games[n % self.tables][0]}/board"
        client, tally = self.client(PHONES, n), self.result.board
        tag: str | None = None  # the ETag as the server sent it, sent back as live.js does
        until(self.began + rng.uniform(0, JOIN_SPREAD_S))
        while time.perf_counter() < self.watching_ends:
            headers = {"If-None-Match": tag} if tag is not None else None
            reply = attempt(tally, client.request, "GET", path, headers=headers)
            if reply is not None and tally.record(reply, 200, 304) and reply.status == 200:
                version = version_of(reply.headers.get("etag"))
                if version is None:
                    tally.error("200 without an ETag")
                else:
                    tag = reply.headers.get("etag")
                    with self.lock:
                        self.seen[n].append((version, time.perf_counter()))
            wait = POLL_EVERY_S + rng.uniform(0, POLL_JITTER_S)
            until(min(self.watching_ends, time.perf_counter() + wait))
        self.done_with(client)

    def probe(self) -> None:
        """/healthz ten times a second while the tables score; the server's CPU meanwhile."""
        client, tally = Client(self.server.base), self.result.healthz
        until(self.scoring[0])
        cpu_before = server_cpu_seconds(self.server.pid)
        while time.perf_counter() < self.scoring[1]:
            reply = attempt(tally, client.request, "GET", "/healthz")
            if reply is not None:
                tally.record(reply, 200)
            until(min(self.scoring[1], time.perf_counter() + PROBE_EVERY_S))
        cpu_after = server_cpu_seconds(self.server.pid)
        if cpu_before is not None and cpu_after is not None:
            self.result.cores = (cpu_after - cpu_before) / self.result.seconds
        client.close()

    def delays(self) -> None:
        """Each (phone, hand) pair's delay from the 201 to the phone's first 200 showing it.

        A phone that saw the hand before the 201 reached the table counts 0; a pair never
        seen counts in `unseen`.
        """
        for table, version, at in self.posted:
            for phone in range(table, self.phones, self.tables):
                first = next((t for v, t in self.seen[phone] if v >= version), None)
                if first is None:
                    self.result.unseen += 1
                else:
                    self.result.delays.append(max(0.0, first - at))


def until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.perf_counter()))


def run(server: Server, *, tables: int, phones: int, seconds: float, seed: int = 1) -> ClubNight:
    """Play the night for `seconds` of scoring, then let the phones catch up and stop."""
    night = Night(server, tables, phones, seconds, seed)
    jobs = [lambda n=n: night.table(n) for n in range(tables)]
    jobs += [lambda n=n: night.phone(n) for n in range(phones)]
    run_threads([*jobs, night.probe])
    night.delays()
    return night.result
