"""The web side: the pages, the JSON API and what every request goes through."""

from __future__ import annotations

from flask import Flask, Request, current_app, request


def current_request() -> Request:
    """The request itself, not Flask's proxy to it: every attribute read through the proxy
    looks the request up again (about a microsecond each). Code on every write's path that
    reads the request several times looks it up once with this."""
    found: Request = request._get_current_object()  # type: ignore[attr-defined]
    return found


def current_application() -> Flask:
    """The app itself, not Flask's proxy to it: each attribute read through `current_app`
    raises and catches an AttributeError inside the proxy (about a microsecond each)."""
    found: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    return found
