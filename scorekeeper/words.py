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
role), a number (written in the reader's number format), or a string (a player's name,
written as it is).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Value = Any  # str | int | float | Message; Any keeps the call sites free of casts


@dataclass(frozen=True)
class Message:
    """One sentence: its English message id, its plural id and count if it has one, its values."""

    id: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

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
        values = {
            name: cls.from_json(value) if isinstance(value, Mapping) else value
            for name, value in dict(stored.get("values") or {}).items()
        }
        return cls(str(stored["id"]), values, stored.get("plural"), stored.get("count"))


def say(text: str, **values: Value) -> Message:
    """A sentence to translate: `say("%(player)s went out.", player="Ann")`."""
    return Message(text, values)


def say_n(singular: str, plural: str, count: int, **values: Value) -> Message:
    """A sentence with plural forms chosen by `count`, which is also the `%(count)s` value."""
    return Message(singular, {"count": count, **values}, plural, count)


def english(singular: str, plural: str | None, count: int | None) -> str:
    return singular if plural is None or count == 1 else plural


def render(message: Message, choose: Any, number: Any = str) -> str:
    """`message` in one language: `choose(singular, plural, count)` gives the translated text,
    `number(value)` writes a number; nested messages are rendered the same way."""
    text = choose(message.id, message.plural, message.count)
    if not message.values:
        return str(text)
    values = {
        name: render(value, choose, number)
        if isinstance(value, Message)
        else number(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else value
        for name, value in message.values.items()
    }
    return str(text) % values


def in_words(value: Any, say: Callable[[Message], str] = str) -> Any:
    """A JSON body with every Message in it said by `say` (the reader's language where the
    answer is made; English by default): lists and objects walked, everything else as it is."""
    if isinstance(value, Message):
        return say(value)
    if isinstance(value, Mapping):
        return {key: in_words(item, say) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [in_words(item, say) for item in value]
    return value
