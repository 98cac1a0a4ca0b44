"""The organiser's next step on the night page, and the round buttons that take it."""

from __future__ import annotations

from dataclasses import dataclass

from flask_wtf import FlaskForm
from wtforms import HiddenField

from scorekeeper.nights.night import Night


class RoundForm(FlaskForm):  # type: ignore[misc]
    """A button about one round (seat it, undo it, call time): its number says which."""

    round = HiddenField()
    order = HiddenField()

    def number(self) -> int | None:
        value = self.round.data or ""
        return int(value) if value.isdecimal() and len(value) < 6 else None


@dataclass(frozen=True)
class NextStep:
    """What the organiser does next, in one sentence, and the round it is about."""

    kind: str  # "check_in", "seat", "play", "done"
    sentence: str
    round: int


def next_step(night: Night) -> NextStep:
    current = night.current
    entrants = night.entrants(present_only=True)
    least = min(night.layout.sizes)
    upcoming = len(night.rounds) + 1
    if current is not None and not current.finished:
        done = sum(table.finished for table in current.tables)
        return NextStep(
            "play",
            f"Round {current.number} is being played: {done} of {len(current.tables)} "
            "tables finished.",
            current.number,
        )
    if len(entrants) < least or night.unpaired():
        what = "pairs" if night.pairs else "players"
        return NextStep(
            "check_in", f"Check in the {what}: a table needs at least {least}.", upcoming
        )
    if current is not None and current.number >= night.planned_rounds:
        return NextStep(
            "done",
            f"All {night.planned_rounds} rounds are played. Seat another round if you like.",
            upcoming,
        )
    return NextStep("seat", f"Seat round {upcoming}.", upcoming)
