"""The signed session cookie, with its signer made once per key rather than on every request.

Flask's cookie session builds a new `URLSafeTimedSerializer` for each request once a
secret key is set (about 55 µs, a sixth of a `/healthz`); the keys change only when
the app's configuration does, so the signer is kept until they do.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
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


def init_app(app: Flask) -> None:
    app.session_interface = KeptSignerSessionInterface()
