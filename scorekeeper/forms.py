"""The page forms. Every HTML POST goes through a FlaskForm, even a bare button, for CSRF."""

from __future__ import annotations

import secrets

from flask_wtf import FlaskForm
from wtforms import HiddenField

from scorekeeper.numbers import read_whole_number


class ConfirmForm(FlaskForm):  # type: ignore[misc]
    """A button that changes something: undo, rematch, restore."""


class HandForm(FlaskForm):  # type: ignore[misc]
    """The fixed part of a hand entry: the version it was entered against and a one-time key.

    The game-specific fields are read by the game's entry form (web/entry_forms/).
    """

    version = HiddenField()
    key = HiddenField()

    def fresh(self, version: int) -> HandForm:
        """Ready to render: the game's version now and a new one-time key for this entry."""
        self.version.data = str(version)
        self.key.data = secrets.token_urlsafe(12)
        return self

    def expected_version(self) -> int | None:
        return read_whole_number(self.version.data)


class NewGameForm(FlaskForm):  # type: ignore[misc]
    """A new game; players, teams, options and league are read by name (they vary by game)."""
