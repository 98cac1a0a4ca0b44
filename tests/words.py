"""What the English reader sees of the sentences the code says (Messages, see scorekeeper.words)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from babel.messages.pofile import read_po

from scorekeeper import catalogs


def english(said: Any) -> Any:
    """A sentence in English, or an explanation's lines in English (a tuple of them)."""
    if isinstance(said, Sequence) and not isinstance(said, str):
        return tuple(str(line) for line in said)
    return str(said)


Fragments = tuple[tuple[str, re.Pattern[str]], ...]


@functools.cache  # the catalogs do not change during a run; each test process reads them once
def english_fragments(language: str) -> Fragments:
    """The English of every catalog's sentences, cut at their placeholders (gettext's
    %(name)s, Click's and the scripts' {name}), that no translation of the same language holds
    too (a name, "OK", "Total"): what a page or a help in `language` must not show."""
    messages = []
    for path in catalogs.area_files(catalogs.TRANSLATIONS / language):
        with path.open("rb") as file:
            messages.extend(message for message in read_po(file, locale=language) if message.id)
    translations = "\n".join(
        form
        for message in messages
        for form in (message.string if isinstance(message.string, tuple) else (message.string,))
        if form
    )
    fragments = {}
    for message in messages:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"%\(\w+\)[sd]|%[sd]|\{[^}]*\}|\n", text):
                piece = " ".join(piece.split()).strip(" .,:;·()[]'")
                if len(piece) >= 4 and re.search("[A-Za-z]{3}", piece):
                    fragments[piece] = re.compile(rf"(?<![\w]){re.escape(piece)}(?![\w])")
    return tuple(
        (piece, pattern)
        for piece, pattern in fragments.items()
        if not found(piece, pattern, translations)
    )


def english_in(text: str, fragments: Fragments) -> list[str]:
    """The fragments `text` shows, each as a whole (not inside a longer word)."""
    return [piece for piece, pattern in fragments if found(piece, pattern, text)]


def found(piece: str, pattern: re.Pattern[str], text: str) -> bool:
    # The plain substring test first: a thousand fragments on a page, most of them absent, are
    # ruled out in a microsecond each instead of a regular expression's scan of the page.
    return piece in text and pattern.search(text) is not None
