"""Every write through one door: a retried request is answered once, from what was kept.

A client that may send a write twice (a phone on a flaky Wi-Fi, a script that retries)
names it with an `Idempotency-Key` header; a page's hand form carries a one-time key of
its own (HandForm.key), so a double tap is the same request twice. The first request with
a key is carried out and its answer kept with the key, in the same transaction as the
change itself; a retry gets that answer back and records nothing new, also after a
restart. The key is bound to its request: the same key on another route or with another
body is refused (422), as Stripe does. When the change a key made is undone, a retry
with that key is refused (409) rather than answered as if the change still stood.

`init_app` wraps every view of the app, so a route added later is covered the day it is
added; a POST that changes nothing says so with `@read_only`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from flask import Flask, Request, Response, make_response

from scorekeeper import store
from scorekeeper.errors import BadRequest, Conflict, Unavailable, Unprocessable
from scorekeeper.numbers import MAX_DIGITS, read_whole_number
from scorekeeper.store import get_db, write_transaction
from scorekeeper.web import current_request
from scorekeeper.words import say

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
KEY_LENGTH = range(1, 201)
# What a retry is told it was: clients and tests can tell a replay from a first answer.
REPLAYED = "Idempotent-Replayed"

View = TypeVar("View", bound=Callable[..., Any])


def read_only(view: View) -> View:
    """Mark a POST that changes nothing (the muggins checker): no key, no write limit."""
    view.read_only = True  # type: ignore[attr-defined]
    return view


def is_read_only(view: Callable[..., Any] | None) -> bool:
    return bool(getattr(view, "read_only", False))


@dataclass(frozen=True)
class RequestKey:
    """A request's idempotency key, and what binds the key to this request alone."""

    key: str
    binding: str
    from_page: bool


def request_key(request: Request) -> RequestKey | None:
    """The key this write came with: the Idempotency-Key header, or a page form's one-time key."""
    header = request.headers.get("Idempotency-Key")
    if header is not None:
        if len(header) not in KEY_LENGTH:
            raise BadRequest(say("Idempotency-Key must be 1 to 200 characters."), "Idempotency-Key")
        return RequestKey(f"api:{header}", binding(request, with_route=True), from_page=False)
    if request.path.startswith("/api/") or request.mimetype not in FORM_TYPES:
        return None
    one_time = request.form.get("key", "")
    if len(one_time) not in KEY_LENGTH:
        return None
    # A page's key belongs to the form it was drawn in, on its own route.
    return RequestKey(
        f"page:{request.path}:{one_time}", binding(request, with_route=False), from_page=True
    )


FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})
CREDENTIALS = ("X-Scorer-Token", "X-League-Token")


def binding(request: Request, *, with_route: bool) -> str:
    """A digest of what makes a request this request: route, credentials, body."""
    digest = hashlib.sha256()
    if with_route:
        digest.update(f"{request.method} {request.path}\n".encode())
    headers = request.headers
    for name in CREDENTIALS:
        digest.update(f"{name}: {headers.get(name, '')}\n".encode())
    digest.update(canonical_body(request))
    return digest.hexdigest()


# Made once, as store.encoding's: json.dumps with sort_keys builds an encoder on every call.
CANONICAL_ENCODER = json.JSONEncoder(sort_keys=True)


def canonical_body(request: Request) -> bytes:
    """The body, with JSON written one way: a retry may space or order its keys differently."""
    if request.mimetype in FORM_TYPES:  # read as a form, never as raw bytes first
        return json.dumps(sorted(request.form.items(multi=True))).encode()
    try:
        return CANONICAL_ENCODER.encode(body_json(request)).encode()
    except (ValueError, RecursionError):
        return request.get_data(cache=True)


BODY_JSON = "scorekeeper.body_json"  # the parsed body's place in the request's WSGI environ


def body_json(request: Request) -> Any:
    """The request's body parsed as JSON, once for the key's binding and the view (api.json_body
    checks it); raises what json.loads raises, or TooLong. A failure is not kept: the view
    reads the body again, and refuses it in its own words."""
    environ = request.environ
    if BODY_JSON not in environ:
        raw = request.get_data(cache=True)
        # Each number through json_integer costs a Python call; a body with no run of digits
        # longer than any entry's numbers (the usual) is read by the decoder's own int.
        checked = json_integer if LONG_DIGITS.search(raw) else int
        environ[BODY_JSON] = json.loads(raw, parse_int=checked)
    return environ[BODY_JSON]


LONG_DIGITS = re.compile(rb"[0-9]{%d}" % (MAX_DIGITS + 1))


class TooLong(ValueError):
    """A JSON number with more digits than any entry needs."""


def json_integer(text: str) -> int:
    number = read_whole_number(text, signed=True)
    if number is None:
        raise TooLong(text[:20])
    return number


class Refused(Exception):
    """A view answered with a refusal rather than raising one: nothing it did is kept."""

    def __init__(self, response: Response) -> None:
        self.response = response


def once(view: Callable[..., Any]) -> Callable[..., Any]:
    """`view`, answered once per key: the key and the answer are kept with the change."""

    @wraps(view)
    def answered_once(**values: Any) -> Any:
        request = current_request()
        if request.method not in WRITE_METHODS:
            return view(**values)
        key = request_key(request)
        if key is None:
            return view(**values)
        try:
            # The key is looked up on the connection that writes: a twin request with the same
            # key may have kept it in a change still waiting in the grouped commit, which the
            # thread's read connection cannot see yet (it answered 500 or 409, not a replay).
            with write_transaction(get_db()) as writing:
                earlier = store.request_key_row(writing, key.key)
                if earlier is not None:
                    return replay(earlier, key)
                response = make_response(view(**values))
                if response.status_code >= 400:
                    raise Refused(response)
                keep(writing, key, response, values.get("game_id"))
                return response
        except Refused as refused:
            return refused.response
        except Unavailable:
            if not key.from_page:
                raise
            # The page itself keeps the typed hand when the write can't be done: let it try.
            return view(**values)

    return answered_once


def keep(writing: store.Connection, key: RequestKey, response: Response, game_id: Any) -> None:
    # The version the change gave the game, as written (not read back), or None if no game.
    version = store.version_written(writing, game_id) if isinstance(game_id, str) else None
    store.save_request_key(
        writing,
        {
            "key": key.key,
            "binding": key.binding,
            "game_id": game_id if version is not None else None,
            "version": version,
            "status": response.status_code,
            "body": response.get_data(as_text=True),
            "location": response.headers.get("Location"),
            "content_type": response.headers.get("Content-Type"),
        },
    )


def replay(row: dict[str, Any], key: RequestKey) -> Response:
    """The first answer again, if this is the same request and its change still stands."""
    if row["binding"] != key.binding:
        if key.from_page:
            raise Unprocessable(
                say(
                    "This form was already sent with other values. "
                    "Reload the page and enter it again."
                )
            )
        raise Unprocessable(
            say(
                "This Idempotency-Key was already used for a different request (another address "
                "or body). Send a new key with a new request."
            ),
            "Idempotency-Key",
        )
    if row["undone_at"] is not None:
        if key.from_page:
            raise Conflict(
                say(
                    "This hand was saved once and has been undone since: it was not saved again. "
                    "Enter it anew if it should stand."
                )
            )
        raise Conflict(
            say(
                "The change this request made was undone since; it was not recorded again. "
                "Send it with a new key to record it again."
            )
        )
    response = Response(row["body"], status=row["status"], content_type=row["content_type"])
    if row["location"]:
        response.headers["Location"] = row["location"]
    response.headers[REPLAYED] = "true"
    return response


def init_app(app: Flask) -> None:
    """Wrap every view that takes a write; read-only POSTs and views that only read are left
    as they are (the wrapper would let them straight through, at a cost on every poll)."""
    writable = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if WRITE_METHODS & (rule.methods or set())
    }
    for endpoint, view in list(app.view_functions.items()):
        if endpoint in writable and not is_read_only(view):
            app.view_functions[endpoint] = once(view)
