"""The one error type for entries that break the rules of a game."""


class RuleError(ValueError):
    """An entry, option or tile that cannot be accepted, with a sentence a player understands."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return self.message


class AppError(Exception):
    """A refused request: one type carrying its HTTP status, turned into JSON or a page in one place."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class BadRequest(AppError):
    status = 400


class Forbidden(AppError):
    status = 403


class NotFound(AppError):
    status = 404


class Conflict(AppError):
    status = 409


class TooManyRequests(AppError):
    status = 429


class UnsupportedMediaType(AppError):
    status = 415


class Unprocessable(AppError):
    status = 422


class Unavailable(AppError):
    """A write that cannot be done now (the database busy or the disk full): try again soon."""

    status = 503
    retry_after = 5
