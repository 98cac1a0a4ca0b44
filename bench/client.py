"""The load generator's parts: keep-alive HTTP, latencies and their percentiles, closed-loop load.

Only the standard library: threads, each with its own `http.client` connection kept alive,
as a phone's browser keeps one. Every loop here stops by itself at a deadline.
"""

from __future__ import annotations

import functools
import http.client
import json
import math
import os
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

TIMEOUT_S = 10.0  # what static/live.js waits before giving up on a request
FAILURES = (OSError, http.client.HTTPException)


@dataclass(frozen=True)
class Reply:
    """One answer: its status, headers (lower-case names), body and how long it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """One keep-alive connection to the server, reopened after a failure.

    `source` is the loopback address to send from (any of 127.0.0.0/8 on Linux), so that
    each simulated phone is its own client to the server, as on a club's network: the
    app limits writes per client address.
    """

    def __init__(
        self, base: str, headers: dict[str, str] | None = None, source: str | None = None
    ) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.headers = headers or {}
        self.source = None if source is None else (source, 0)
        self.conn: http.client.HTTPConnection | None = None
        self.opened = 0

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        *,
        form: dict[str, str] | None = None,
    ) -> Reply:
        """Send one request and read the whole answer; raises OSError/HTTPException on failure.

        `body` goes as JSON, `form` as a page's form does (URL-encoded)."""
        sent = {**self.headers, **(headers or {})}
        data = None
        if form is not None:
            data = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if self.conn is None:
            self.conn = http.client.HTTPConnection(
                self.host, self.port, timeout=TIMEOUT_S, source_address=self.source
            )
            self.opened += 1
        began = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=sent)
            response = self.conn.getresponse()
            payload = response.read()
        except FAILURES:
            self.close()
            raise
        seconds = time.perf_counter() - began
        found = {name.lower(): value for name, value in response.getheaders()}
        if response.will_close:
            self.close()
        return Reply(response.status, found, payload, seconds)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@functools.cache
def distinct_sources() -> bool:
    """Whether clients can send from any 127.x.y.z (Linux, Windows) or only 127.0.0.1 (macOS)."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.1.0.1", 0))
    except OSError:
        return False
    return True


def loopback_address(group: int, n: int) -> str | None:
    """A loopback source address of its own for client `n` of a group (tables, phones, …).

    None where only 127.0.0.1 works: all clients then share it (bench/server.py turns the
    app's per-client write limit off for such runs).
    """
    return f"127.{group}.{n // 250}.{n % 250 + 1}" if distinct_sources() else None


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile (p in 0–100) of `values`; NaN when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Tally:
    """Latencies and errors of one kind of request, safe to add to from many threads."""

    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def ok(self, seconds: float) -> None:
        with self.lock:
            self.seconds.append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def record(self, reply: Reply, *expected: int) -> bool:
        """Count `reply`: its latency if its status is one of those expected, else an error."""
        if reply.status in expected:
            self.ok(reply.seconds)
            return True
        self.error(f"HTTP {reply.status}")
        return False

    def ms(self, p: float) -> float:
        return 1000 * percentile(self.seconds, p)

    @property
    def count(self) -> int:
        return len(self.seconds)


def attempt(tally: Tally, send: Callable[..., Reply], *args: Any, **kwargs: Any) -> Reply | None:
    """`send(*args, **kwargs)`; a failure to get any answer is an error of `tally`, and None."""
    try:
        return send(*args, **kwargs)
    except FAILURES as error:
        tally.error(type(error).__name__)
        return None


def server_cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) the process has used so far; None where /proc is missing."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Throughput:
    """A closed-loop run against one URL: completed requests per second and their latencies."""

    per_second: float
    tally: Tally
    cpu_ms_per_request: float | None


def closed_loop(
    base: str,
    path: str,
    *,
    connections: int,
    seconds: float,
    warmup: float,
    server_pid: int,
    headers: dict[str, str] | None = None,
    expect: int = 200,
) -> Throughput:
    """`connections` clients asking `path` back to back; counts what completes after the warm-up.

    The server's own CPU time per request is measured too: unlike requests per second it
    does not depend on how fast this (Python) client can ask.
    """
    tally = Tally()
    start = time.perf_counter()
    window = (start + warmup, start + warmup + seconds)
    cpu: list[float | None] = [None, None]

    def ask() -> None:
        client = Client(base, headers)
        while (now := time.perf_counter()) < window[1]:
            reply = attempt(tally, client.request, "GET", path)
            if reply is not None and now >= window[0] and time.perf_counter() <= window[1]:
                tally.record(reply, expect)
        client.close()

    def sample_cpu() -> None:
        time.sleep(max(0.0, window[0] - time.perf_counter()))
        cpu[0] = server_cpu_seconds(server_pid)
        time.sleep(max(0.0, window[1] - time.perf_counter()))
        cpu[1] = server_cpu_seconds(server_pid)

    run_threads([ask] * connections + [sample_cpu])
    served = tally.count + len(tally.errors)
    used = None if cpu[0] is None or cpu[1] is None else cpu[1] - cpu[0]
    cpu_ms = None if used is None or not served else 1000 * used / served
    return Throughput(tally.count / seconds, tally, cpu_ms)


def run_threads(jobs: Sequence[Callable[[], None]]) -> None:
    """Run every job in its own thread and wait for all of them (each stops by itself)."""
    threads = [threading.Thread(target=job, daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
