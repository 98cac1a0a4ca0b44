"""Scorekeeper: score domino games at a real table."""

from __future__ import annotations

import inspect
import io
import json
import os
import secrets
from collections.abc import Callable, Mapping
from functools import cached_property
from pathlib import Path
from typing import IO, Any

from flask import Flask, Request
from flask.json.provider import DefaultJSONProvider
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import BadHost
from werkzeug.routing import MapAdapter, Rule

from scorekeeper import settings, store
from scorekeeper.web import language
from scorekeeper.web.unindent import Unindent

PACKAGE_DIR = Path(__file__).resolve().parent
csrf = CSRFProtect()


def asset_folder(name: str) -> str:
    """templates/ and static/: inside the package when installed, at the repository top in a checkout."""
    installed = PACKAGE_DIR / name
    return str(installed if installed.is_dir() else PACKAGE_DIR.parent / name)


class BuiltWhenUsedRule(Rule):
    """A URL rule whose URL-building code is written the first time a URL is built from it.

    Werkzeug writes and compiles two Python functions for every rule as it is added, to build
    its URLs: about 1.3 ms a rule, nine tenths of `create_app` for this app's 80-odd rules,
    though a server builds URLs from a few of them and a CLI command from none. The URLs
    built are Werkzeug's own, from the same functions, written on first use instead.
    """

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        write = super()._compile_builder
        written: Callable[..., tuple[str, str]] | None = None

        def build(rule: Rule, *args: Any, **kwargs: Any) -> tuple[str, str]:
            nonlocal written
            if written is None:
                written = write(append_unknown)
            return written(rule, *args, **kwargs)

        return build


class KeptEncoderJSON(DefaultJSONProvider):
    """Flask's JSON answers, in the contract's field order, from an encoder made once.

    `json.dumps` with any option builds a new encoder for every call: a hand POST's answer
    paid for one. Set `ensure_ascii` or `sort_keys` before the first answer; a call given
    options of its own is written as Flask writes it.
    """

    sort_keys = False  # keep the contract's field order

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:
            return super().dumps(obj, **kwargs)
        return self.encoder.encode(obj)

    @cached_property
    def encoder(self) -> json.JSONEncoder:
        return json.JSONEncoder(
            default=self.default, ensure_ascii=self.ensure_ascii, sort_keys=self.sort_keys
        )


class BodyRequest(Request):
    """Flask's request, with a body the server has already read in whole taken as it is.

    Waitress reads a request's whole body before it calls the app, and says so
    (`wsgi.input_terminated`). Werkzeug then wraps it in a stream that reads at most
    MAX_CONTENT_LENGTH, in 64 KB blocks: three zeroed 64 KB buffers to read a hand's
    70 bytes, about 4% of a hand POST. A body whose Content-Length is within the limit is
    read in one step instead. Anything else (no length, a length over the limit: a 413, a
    server that does not read the body first) goes Werkzeug's way.
    """

    @cached_property
    def stream(self) -> IO[bytes]:
        environ = self.environ
        length = self.content_length
        limit = self.max_content_length
        if (
            length is None
            or "wsgi.input_terminated" not in environ
            or (limit is not None and length > limit)
        ):
            return super().stream
        return io.BytesIO(environ["wsgi.input"].read(length))


class App(Flask):
    """Flask, for an app whose views and hooks are all plain functions.

    Flask asks `inspect.iscoroutinefunction` of every view and hook on every request, to run
    `async def` ones: seven times on a health check (about a tenth of its time in the app).
    There are none here, and `create_app` checks that at start.
    """

    url_rule_class = BuiltWhenUsedRule
    request_class = BodyRequest
    json_provider_class = KeptEncoderJSON

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        return func

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        """Flask's, but a Host header that no name can be (`a..b`, a part over 63 letters) is
        refused with a page: Werkzeug refuses it (400) before the request has an adapter to
        build the links of that page with, which then failed (500). Its links are paths, so
        any host will do to build them."""
        try:
            return super().create_url_adapter(request)
        except BadHost as refused:
            if request is None:
                raise
            request.routing_exception = refused
            return self.url_map.bind_to_environ(
                request.environ, server_name="localhost", subdomain=""
            )


def refuse_async(app: Flask) -> None:
    """Stop at start, not on a request, if a view or a hook is `async def` (App runs none)."""
    hooks = [
        *app.view_functions.values(),
        *(hook for hooks in app.before_request_funcs.values() for hook in hooks),
        *(hook for hooks in app.after_request_funcs.values() for hook in hooks),
        *(hook for hooks in app.teardown_request_funcs.values() for hook in hooks),
        *app.teardown_appcontext_funcs,
    ]
    for hook in hooks:
        if inspect.iscoroutinefunction(hook):
            raise TypeError(f"{hook.__qualname__} is async: the app runs plain functions only")


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: config, instance folder, database, blueprints."""
    app = App(
        __name__,
        instance_path=str(instance_folder()),
        instance_relative_config=True,
        template_folder=asset_folder("templates"),
        # No static route of Flask's: web/assets.py serves static/ minified and fingerprinted.
        static_folder=None,
    )
    app.static_folder = asset_folder("static")
    # Block tags take their line with them, and markup its indentation (web/unindent.py):
    # phones download no runs of blank indentation.
    app.jinja_options = {
        **app.jinja_options,
        "trim_blocks": True,
        "lstrip_blocks": True,
        "extensions": [*app.jinja_options.get("extensions", ()), Unindent],
    }
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite3"),
        # Larger than any real entry, small enough that a flood can't fill memory.
        MAX_CONTENT_LENGTH=64 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        # The cookie is sent only when the session changes. Refreshed on every request, a
        # live page's poll that started before a POST and ended after it wrote the older
        # cookie back over the new one: the organiser's "Round 1 is seated" vanished.
        SESSION_REFRESH_EACH_REQUEST=False,
        # A hand form may stay open for a whole evening: the CSRF token is bound to the
        # phone's session (the secret kept in its cookie), not to the hour it was drawn.
        WTF_CSRF_TIME_LIMIT=None,
    )
    if test_config is None or not test_config.get("TESTING"):
        # A club's settings: instance/config.py, then SCOREKEEPER_* environment variables.
        settings.read_config_file(app.config, Path(app.instance_path) / "config.py")
        app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config["DATABASE"] = str(app.config["DATABASE"])
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))

    settings.check(app.config)  # a wrong one is a sentence, before anything is opened
    store.init_app(app)
    csrf.init_app(app)
    # Templates write every sentence as {{ _("…") }} / {% trans %}, said in the reader's language.
    language.init_app(app)

    from scorekeeper.web import assets, compression, faces, links, security, sessions, share, writes
    from scorekeeper.web.api import bp as api_bp
    from scorekeeper.web.errors import init_app as init_error_handlers
    from scorekeeper.web.history import bp as history_bp
    from scorekeeper.web.leagues import bp as leagues_bp
    from scorekeeper.web.nights import bp as nights_bp
    from scorekeeper.web.nights import screens as night_screens
    from scorekeeper.web.pages import KEPT_FORM_VIEWS
    from scorekeeper.web.pages import bp as pages_bp
    from scorekeeper.web.plays import bp as plays_bp
    from scorekeeper.web.share import bp as share_bp

    for blueprint in (api_bp, pages_bp, share_bp, leagues_bp, nights_bp, history_bp, plays_bp):
        app.register_blueprint(blueprint)
    security.init_app(app)
    sessions.init_app(app)
    links.init_app(app)
    faces.init_app(app)
    assets.init_app(app)
    compression.init_app(app)
    share.init_app(app)
    night_screens.init_app(app)
    # The API authenticates by header, never by cookie, so CSRF cannot reach it.
    csrf.exempt(api_bp)
    for view in KEPT_FORM_VIEWS:
        csrf.exempt(view)
    init_error_handlers(app)
    writes.init_app(app)
    refuse_async(app)
    return app


def instance_folder() -> Path:
    """instance/ beside the code in a checkout; for an installed app, instance/ where it is started.

    SCOREKEEPER_INSTANCE names another folder. Either way the club's file is easy to find.
    """
    if named := os.environ.get("SCOREKEEPER_INSTANCE"):
        return Path(named).resolve()
    checkout = PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file():
        return checkout / "instance"
    return Path.cwd() / "instance"


def instance_secret(instance: Path) -> str:
    """The signing key, generated once into the instance folder and kept there."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
