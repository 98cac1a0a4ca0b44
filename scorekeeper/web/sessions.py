"""The signed session cookie, with its signer made once per key rather than on every request.

Flask's cookie session builds a new `URLSafeTimedSerializer` for each request once a
secret key is set (about 55 µs, a sixth of a `/healthz`); the keys change only when
the app's configuration does, so the signer is kept until they do. A request that
sends no cookie at all (a script, a probe, a phone's first visit) gets an empty
session without its headers being parsed for one, and leaves without its settings read.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, Response
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer


class KeptSignerSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, the signer kept between requests (one per app)."""

    def __init__(self) -> None:
        self.kept: tuple[tuple[Any, ...], URLSafeTimedSerializer | None] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        kept = self.kept
        if kept is not None and kept[0] == keys:
            return kept[1]
        signer = super().get_signing_serializer(app)
        self.kept = (keys, signer)  # a race only builds an equal signer twice
        return signer

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        # An empty session nobody touched (a health check, the API, a first visit) writes
        # nothing: Flask's own would look up seven cookie settings to decide so.
        if not session and not session.modified and not session.accessed:
            return
        super().save_session(app, session, response)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if "HTTP_COOKIE" not in request.environ and app.secret_key:
            return self.session_class()
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    app.session_interface = KeptSignerSessionInterface()
