"""Security headers on every response, and a limit on writes per client.

The limit is far above what a table scoring a game ever does (a hand a minute, a burst
when a scorer catches up) and far below what a script hammering the server does.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, Response, current_app, g, request

from scorekeeper.errors import TooManyRequests

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Scorer links carry a token in their address: never send it on to another site.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_BURST = 60
DEFAULT_PER_SECOND = 2.0
LIMITER_KEY = "scorekeeper.write_limiter"


@dataclass
class Bucket:
    tokens: float
    updated: float


class WriteLimiter:
    """A token bucket per client: `burst` writes at once, then `per_second` on average.

    Thread-safe: waitress serves requests from several threads.
    """

    # Enough clients for any club; past it, clients whose bucket has refilled are forgotten
    # (a full bucket is the same as a new one), so a flood of addresses can't fill memory.
    MAX_CLIENTS = 10_000

    def __init__(
        self, burst: float, per_second: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}
        self.lock = threading.Lock()

    def wait_needed(self, client: str) -> float:
        """Take one write from `client`'s bucket: 0 if allowed, else seconds until it would be."""
        with self.lock:
            now = self.clock()
            bucket = self.buckets.get(client)
            if bucket is None:
                if len(self.buckets) >= self.MAX_CLIENTS:
                    self.forget_refilled(now)
                bucket = self.buckets[client] = Bucket(self.burst, now)
            bucket.tokens = min(
                self.burst, bucket.tokens + (now - bucket.updated) * self.per_second
            )
            bucket.updated = now
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / self.per_second

    def forget_refilled(self, now: float) -> None:
        full = [
            client
            for client, bucket in self.buckets.items()
            if bucket.tokens + (now - bucket.updated) * self.per_second >= self.burst
        ]
        for client in full:
            del self.buckets[client]
        if len(self.buckets) >= self.MAX_CLIENTS:
            self.buckets.clear()


def limit_writes() -> None:
    """Refuse a write from a client that has gone far past any table's pace."""
    limiter: WriteLimiter | None = current_app.extensions[LIMITER_KEY]
    if limiter is None or request.method in SAFE_METHODS:
        return
    wait = limiter.wait_needed(request.remote_addr or "unknown")
    if wait:
        g.retry_after = math.ceil(wait)
        raise TooManyRequests(
            "Too many changes from this device in a short time. Wait a moment and try again."
        )


def add_security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    retry_after = g.get("retry_after")
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


def init_app(app: Flask) -> None:
    """Headers on every response; the write limit from RATE_LIMIT_BURST and RATE_LIMIT_PER_SECOND (0 turns it off)."""
    burst = float(app.config.setdefault("RATE_LIMIT_BURST", DEFAULT_BURST))
    per_second = float(app.config.setdefault("RATE_LIMIT_PER_SECOND", DEFAULT_PER_SECOND))
    app.extensions[LIMITER_KEY] = WriteLimiter(burst, per_second) if burst and per_second else None
    # First of all hooks: a flood is turned away before any other work (CSRF, database).
    app.before_request_funcs.setdefault(None, []).insert(0, limit_writes)
    app.after_request(add_security_headers)
