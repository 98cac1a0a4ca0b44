"""The page forms. Every HTML POST goes through a FlaskForm, even a bare button, for CSRF."""

from __future__ import annotations

import secrets
from typing import Any

from flask import current_app
from flask_wtf import FlaskForm
from wtforms import HiddenField

from scorekeeper.numbers import read_whole_number
from scorekeeper.web.language import wtforms_catalog


class Form(FlaskForm):  # type: ignore[misc]
    """FlaskForm, with WTForms' own sentences from a catalog kept per language (every page
    form is one of these)."""

    class Meta(FlaskForm.Meta):  # type: ignore[misc]
        def get_translations(self, form: FlaskForm) -> Any:
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return wtforms_catalog()


class ConfirmForm(Form):
    """A button that changes something: undo, rematch, restore."""


class HandForm(Form):
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


class NewGameForm(Form):
    """A new game; players, teams, options and league are read by name (they vary by game)."""
