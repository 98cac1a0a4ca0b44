"""Security headers on every response, and limits on writes per client.

The write limit is far above what a table scoring a game ever does (a hand a minute, a
burst when a scorer catches up) and far below what a script hammering the server does. It
counts the writes a client was allowed to make (its token, or no token needed): requests
refused for a wrong token or link count against a second, stricter limit of their own, so a
phone guessing tokens never uses up the write limit of the scorer at the same address
(a club's Wi-Fi may show every phone as one address). A POST that changes nothing (the
muggins checker) counts against neither. A read pays for almost none of it: the one hook
before every request returns at once for GET and HEAD, which are most of what phones send
(the board, polled every second), and only a write carries the hook that counts it.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, after_this_request

from scorekeeper.errors import TooManyRequests
from scorekeeper.web import current_application, current_request
from scorekeeper.web.errors import refusal
from scorekeeper.web.writes import is_read_only
from scorekeeper.words import say

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # No other site may show a page of ours in a frame (to trick a tap on Save). Browsers
        # ignore X-Frame-Options where a policy has this, so that older header is not sent.
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
}
SECURITY_HEADER_ITEMS = list(SECURITY_HEADERS.items())
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_BURST = 60
DEFAULT_PER_SECOND = 2.0
# Refusals for a wrong token or an expired form: a few slips are normal, dozens are a script.
DEFAULT_FAILED_BURST = 10
DEFAULT_FAILED_PER_SECOND = 0.2
LIMITER_KEY = "scorekeeper.write_limiter"
FAILED_LIMITER_KEY = "scorekeeper.failed_auth_limiter"
REFUSED_RIGHT = 403


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

    def wait_needed(self, client: str, *, take: bool = True) -> float:
        """Take one write from `client`'s bucket: 0 if allowed, else seconds until it would be.

        With `take=False`, only look: whether a write would be allowed now.
        """
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
                bucket.tokens -= 1 if take else 0
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


def is_limited() -> bool:
    """Whether this write counts: not a POST that changes nothing (reads never get here)."""
    endpoint = current_request().endpoint or ""
    return not is_read_only(current_application().view_functions.get(endpoint))


def client() -> str:
    return current_request().remote_addr or "unknown"


def too_many(wait: float) -> TooManyRequests:
    return TooManyRequests(
        say("Too many changes from this device in a short time. Wait a moment and try again."),
        retry_after=math.ceil(wait),
    )


def guard_writes() -> None:
    """Before a change: turn away a flood, then check the form's CSRF token; reads pass.

    The change is counted once answered (`count_write`), a hook this request alone carries.
    """
    if current_request().method in SAFE_METHODS:
        return
    after_this_request(count_write)  # before the token is checked: a forged one counts too
    limit_writes()
    app = current_application()
    if app.config["WTF_CSRF_ENABLED"]:
        app.extensions["csrf"].protect(apply_exemptions=True)


def limit_writes() -> None:
    """Refuse a write from a client that has gone far past any table's pace (only a look:
    the write is counted once it is known to have been allowed)."""
    limiter: WriteLimiter | None = current_application().extensions[LIMITER_KEY]
    if limiter is None or not is_limited():
        return
    if wait := limiter.wait_needed(client(), take=False):
        raise too_many(wait)


def count_write(response: Response) -> Response:
    """After a write: count it against the write limit, or a refused right against the
    stricter one (`guard_writes` hangs it on each write request).

    A client past the stricter limit gets 429s instead of 403s until it slows down.
    """
    extensions = current_application().extensions
    limiter: WriteLimiter | None = extensions[LIMITER_KEY]
    if limiter is None or not is_limited() or response.status_code == 429:
        return response
    if response.status_code != REFUSED_RIGHT:
        limiter.wait_needed(client())
        return response
    failed: WriteLimiter = extensions[FAILED_LIMITER_KEY]
    if wait := failed.wait_needed(client()):
        return refusal(too_many(wait))
    return response


class SecurityHeaders:
    """WSGI middleware: the security headers on every answer, errors and static files too.

    Appended to the header list as the answer starts, in one step: the app's own
    `after_request` route would pay werkzeug's header checks for each of them on every
    request. No view sets any of them itself.
    """

    def __init__(self, wsgi_app: WSGIApplication) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers += SECURITY_HEADER_ITEMS
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def init_app(app: Flask) -> None:
    """Headers on every response; the write limit from RATE_LIMIT_BURST and RATE_LIMIT_PER_SECOND
    (0 turns both limits off), the stricter one from RATE_LIMIT_FAILED_BURST and _PER_SECOND."""
    burst = float(app.config.setdefault("RATE_LIMIT_BURST", DEFAULT_BURST))
    per_second = float(app.config.setdefault("RATE_LIMIT_PER_SECOND", DEFAULT_PER_SECOND))
    failed_burst = float(app.config.setdefault("RATE_LIMIT_FAILED_BURST", DEFAULT_FAILED_BURST))
    failed_rate = float(
        app.config.setdefault("RATE_LIMIT_FAILED_PER_SECOND", DEFAULT_FAILED_PER_SECOND)
    )
    app.extensions[LIMITER_KEY] = WriteLimiter(burst, per_second) if burst and per_second else None
    app.extensions[FAILED_LIMITER_KEY] = WriteLimiter(failed_burst, failed_rate)
    # flask-wtf's own hook checks every request; guard_writes checks writes only.
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    hooks = app.before_request_funcs.setdefault(None, [])
    hooks[:] = [hook for hook in hooks if hook.__module__ != "flask_wtf.csrf"]
    # First of all hooks: a flood is turned away before any other work (CSRF, database).
    hooks.insert(0, guard_writes)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
