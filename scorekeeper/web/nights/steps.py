"""The organiser's next step on the night page, and the round buttons that take it."""

from __future__ import annotations

from dataclasses import dataclass

from wtforms import HiddenField

from scorekeeper.forms import Form
from scorekeeper.nights.night import Night
from scorekeeper.words import Message, say


class RoundForm(Form):
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
    sentence: Message
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
            say(
                "Round %(round)s is being played: %(done)s of %(tables)s tables finished.",
                round=current.number,
                done=done,
                tables=len(current.tables),
            ),
            current.number,
        )
    if len(entrants) < least or night.unpaired():
        said = (
            say("Check in the pairs: a table needs at least %(least)s.", least=least)
            if night.pairs
            else say("Check in the players: a table needs at least %(least)s.", least=least)
        )
        return NextStep("check_in", said, upcoming)
    if current is not None and current.number >= night.planned_rounds:
        return NextStep(
            "done",
            say(
                "All %(rounds)s rounds are played. Seat another round if you like.",
                rounds=night.planned_rounds,
            ),
            upcoming,
        )
    return NextStep("seat", say("Seat round %(round)s.", round=upcoming), upcoming)
