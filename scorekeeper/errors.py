"""The one error type for entries that break the rules of a game, and the one for refused requests.

Each carries a sentence a person reads: a `Message` (said in the reader's language where the
answer is made) or, while the code is moving to messages, a plain English string.
"""

from __future__ import annotations

import json

from scorekeeper.words import Message, say


class RuleError(ValueError):
    """An entry, option or tile that cannot be accepted, with a sentence a player understands."""

    def __init__(self, message: str | Message, field: str | None = None) -> None:
        super().__init__(str(message))
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return str(self.message)


class Said(Exception):
    """A failure outside a request (a file, a setting), with the sentence to tell whoever
    chose it: the command line says it in the terminal's language."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


class AppError(Exception):
    """A refused request: one type carrying its HTTP status, turned into JSON or a page in one place."""

    status = 400

    def __init__(self, message: str | Message, field: str | None = None) -> None:
        super().__init__(str(message))
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return str(self.message)


class BadRequest(AppError):
    status = 400


class Forbidden(AppError):
    status = 403


class NotFound(AppError):
    status = 404


class Conflict(AppError):
    status = 409


class TooManyRequests(AppError):
    """Too many writes from one client; `retry_after` says in how many seconds it may write again."""

    status = 429

    def __init__(self, message: str | Message, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class UnsupportedMediaType(AppError):
    status = 415


class Unprocessable(AppError):
    status = 422


class Unavailable(AppError):
    """A write that cannot be done now (the database busy or the disk full): try again soon."""

    status = 503
    retry_after = 5


def unreadable(error: ValueError | RecursionError) -> Message:
    """Why a text that should be JSON (a request's body, a file) cannot be read, in words for
    the person who sent it (Python's own words are English, and may tell them to change a
    setting of Python's)."""
    if isinstance(error, UnicodeDecodeError):
        return say("it is not text in UTF-8")
    if isinstance(error, RecursionError):
        return say("its lists and objects are nested deeper than any export's")
    if isinstance(error, json.JSONDecodeError):
        return say(
            "it is not JSON (line %(line)s, column %(column)s)",
            line=error.lineno,
            column=error.colno,
        )
    return say("it holds a number of more than 4,300 digits")  # Python's limit for an int
