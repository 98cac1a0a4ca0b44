"""The club's settings (instance/config.py, then SCOREKEEPER_* variables), checked as the app
starts: a wrong one is a sentence naming it, not a traceback, nor every phone refused later."""

from __future__ import annotations

import math
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Config

from scorekeeper.errors import Said
from scorekeeper.words import Message, say

# The write limits (web/security.py): changes a client may make at once, then per second.
NUMBERS = (
    "RATE_LIMIT_BURST",
    "RATE_LIMIT_PER_SECOND",
    "RATE_LIMIT_FAILED_BURST",
    "RATE_LIMIT_FAILED_PER_SECOND",
)
WHOLE_NUMBERS = ("MAX_CONTENT_LENGTH", "DATABASE_BUSY_TIMEOUT_MS")
PUBLIC_URL_LONGEST = 200  # with a game's scorer link after it, still a QR code a phone reads


class Misconfigured(Said):
    """A setting the app cannot run with: what to tell whoever wrote it."""


def read_config_file(config: Config, path: Path) -> None:
    """instance/config.py, if the club has one: a mistake in it is a sentence with its line."""
    try:
        config.from_pyfile(str(path), silent=True)
    except SyntaxError as error:
        raise Misconfigured(
            say(
                "%(path)s has a mistake on line %(line)s: %(reason)s.",
                path=str(path),
                line=error.lineno or 0,
                reason=error.msg,
            )
        ) from None
    except Exception as error:  # the file runs as Python: a name it lacks, a failed import
        raise Misconfigured(
            say("%(source)s could not be read: %(reason)s.", source=str(path), reason=str(error))
        ) from None


def check(config: MutableMapping[str, Any]) -> None:
    """Refuse a setting the app cannot run with; a number written as text is kept as a number."""
    for name in NUMBERS:
        if name in config:
            config[name] = number(config, name)
    for name in WHOLE_NUMBERS:
        if config.get(name) is not None:
            config[name] = whole_number(config, name)
    proxies = config.get("TRUST_PROXY")
    if not (proxies is None or isinstance(proxies, bool) or is_count(proxies)):
        raise wrong("TRUST_PROXY", proxies, say("True, False or how many proxies stand in front"))
    if config.get("PUBLIC_URL"):
        check_public_url(str(config["PUBLIC_URL"]))


def is_count(value: Any) -> bool:
    return isinstance(value, int) and value >= 0


def number(config: MutableMapping[str, Any], name: str) -> float:
    value = config[name]
    try:
        read = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        read = math.nan
    if not math.isfinite(read) or read < 0:
        raise wrong(name, value, say("a number, 0 or more"))
    return read


def whole_number(config: MutableMapping[str, Any], name: str) -> int:
    value = config[name]
    try:
        read = int(value) if not isinstance(value, bool | float) else 0
    except (TypeError, ValueError):
        read = 0
    if read < 1:
        raise wrong(name, value, say("a whole number above 0"))
    return read


def wrong(name: str, value: Any, what: Message) -> Misconfigured:
    return Misconfigured(
        say(
            "The setting %(name)s must be %(what)s, not %(value)s.",
            name=name,
            what=what,
            value=repr(value)[:80],
        )
    )


def check_public_url(url: str) -> None:
    """The address phones open (PUBLIC_URL, serve --public-url): http or https, a host, nothing
    after the path. Every link and QR code the app makes starts with it."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  # a port out of range raises ValueError
        fine = (
            parts.scheme in ("http", "https")
            and bool(parts.hostname)
            and not parts.query
            and not parts.fragment
            and len(url) <= PUBLIC_URL_LONGEST
            and url.isprintable()
            and " " not in url
        )
        if fine:
            str(parts.hostname).encode("idna")  # an empty or overlong part: UnicodeError
    except (ValueError, UnicodeError):
        fine = False
    if not fine:
        raise Misconfigured(
            say(
                "The public address %(url)s is not one phones can open: write it like "
                "http://192.168.1.20:5000 or https://scores.club.example, in at most "
                "%(longest)s characters.",
                url=url[:80],
                longest=PUBLIC_URL_LONGEST,
            )
        )
