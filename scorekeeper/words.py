"""Words a person reads, kept as a message id and its values until the page or the JSON is made.

The rules modules and the rest of the pure code cannot know the reader's language (they stay
free of Flask), so they describe what happened as a `Message`: the English sentence, used as
the gettext message id, with `%(name)s` placeholders, and the values to put in them. The
language is chosen where the page, the JSON answer, the CSV or the CLI's output is made
(`scorekeeper.web.language` renders a Message in the reader's language); `str()` gives the
English, for logs and for code that has no reader.

`say` and `say_n` are the gettext keywords the catalog extraction looks for (see
babel.cfg), so every sentence written with them lands in the catalogs.

A value may itself be a Message (a word that is translated in its turn, such as a side's
role), a number (written in the reader's number format), a date (written as the reader's
region writes it: 23 Nov 2026, 23 sept 2026), or a string (a player's name, written as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar

Value = Any  # str | int | float | date | Message; Any keeps the call sites free of casts


@dataclass(frozen=True)
class Message:
    """One sentence: its English message id, its plural id and count if it has one, its values."""

    id: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None
    # Said only up to this, in whatever language (Label): None says the whole sentence.
    said_up_to: ClassVar[str | None] = None

    def __str__(self) -> str:
        return render(self, lambda singular, plural, count: english(singular, plural, count))

    def as_json(self) -> dict[str, Any]:
        """The message as it is stored, so it can be said in any language later."""
        stored: dict[str, Any] = {"id": self.id}
        if self.values:
            stored["values"] = {
                name: value.as_json() if isinstance(value, Message) else value
                for name, value in self.values.items()
            }
        if self.plural is not None:
            stored["plural"], stored["count"] = self.plural, self.count
        return stored

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> Message:
        """A stored message read back; ValueError if it is not one the app writes (a file
        being imported holds anything), so no page ever tries to say it."""
        values = {
            str(name): cls.from_json(value) if isinstance(value, Mapping) else stored_value(value)
            for name, value in dict(stored.get("values") or {}).items()
        }
        plural, count = stored.get("plural"), stored.get("count")
        if not isinstance(stored["id"], str) or not isinstance(plural, str | None):
            raise ValueError("a stored message's text is not text")
        if plural is not None and not isinstance(stored_value(count), int):
            raise ValueError("a stored message's count is not a whole number")
        return cls(stored["id"], values, plural, count)


class Label(Message):
    """An option's label as a name says it: its words without the explanation in brackets
    ("Points to end the game (a side reaching it ends it)" says "Points to end the game"),
    cut from the label as translated, so each language keeps its own words for it."""

    said_up_to = " ("


# A value the app stores in a message: a name (text) or a count or score (a whole number a
# game can reach; a 5,000-digit one could not even be written out).
LARGEST = 10**15


def stored_value(value: Any) -> str | int:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < LARGEST:
        return value
    raise ValueError("a stored message's value is neither text nor a whole number")


# A line of an explanation: a Message, said in the reader's language where the page or the
# JSON is made. A plain str is English only; it is still accepted while the rules modules move
# to Messages, and it is what an explanation stored before Messages says (see store m008).
Sentence = Message | str


def explanation_json(lines: Iterable[Sentence]) -> list[Any]:
    """An explanation as it is stored: each Message as its id and values, so that it can be
    said in any language later (an English str, from before Messages, as it is)."""
    return [line.as_json() if isinstance(line, Message) else line for line in lines]


def explanation_of(stored: Iterable[Any]) -> tuple[Sentence, ...]:
    """An explanation as stored, read back: Messages, or the English of a line stored before
    them (a hand that no longer scores as it did when m008 ran)."""
    return tuple(
        Message.from_json(line) if isinstance(line, Mapping) else str(line) for line in stored
    )


def say(text: str, **values: Value) -> Message:
    """A sentence to translate: `say("%(player)s went out.", player="Ann")`."""
    return Message(text, values)


def say_n(singular: str, plural: str, count: int, **values: Value) -> Message:
    """A sentence with plural forms chosen by `count`, which is also the `%(count)s` value."""
    return Message(singular, {"count": count, **values}, plural, count)


def english(singular: str, plural: str | None, count: int | None) -> str:
    return singular if plural is None or count == 1 else plural


def english_day(value: date) -> str:
    """A date in English, short, for code that has no reader (logs): 23 Nov 2026."""
    return f"{value.day} {value:%b %Y}"


def render(
    message: Message, choose: Any, number: Any = str, day: Callable[[date], str] = english_day
) -> str:
    """`message` in one language: `choose(singular, plural, count)` gives the translated text,
    `number(value)` writes a number and `day(value)` a date; nested messages are rendered
    the same way."""
    text = choose(message.id, message.plural, message.count)
    if message.said_up_to is not None:
        text = str(text).split(message.said_up_to)[0]
    if not message.values:
        return str(text)
    values = {
        name: render(value, choose, number, day)
        if isinstance(value, Message)
        else number(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else day(value)
        if isinstance(value, date)
        else value
        for name, value in message.values.items()
    }
    return str(text) % values


def in_words(value: Any, say: Callable[[Message], str] = str) -> Any:
    """A JSON body with every Message in it said by `say` (the reader's language where the
    answer is made; English by default): lists and objects walked, everything else as it is."""
    kind = type(value)
    if kind is dict:
        # An answer is mostly numbers and names: a plain value is taken as it is, without a
        # call (a hand POST's answer walked 34 calls and 95 isinstance checks per answer).
        return {
            key: item if type(item) in PLAIN else in_words(item, say) for key, item in value.items()
        }
    if kind is list or kind is tuple:
        return [item if type(item) in PLAIN else in_words(item, say) for item in value]
    if kind in PLAIN:
        return value
    if isinstance(value, Message):
        return say(value)
    if isinstance(value, list | tuple):
        return [in_words(item, say) for item in value]
    if isinstance(value, Mapping):
        return {key: in_words(item, say) for key, item in value.items()}
    return value


# What an answer holds that is said as it is: JSON's own values (bool is an int's kind, but
# type() tells it apart).
PLAIN = frozenset({str, int, float, bool, type(None)})
