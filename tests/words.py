"""What the English reader sees of the sentences the code says (Messages, see scorekeeper.words)."""

from __future__ import annotations

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


def english_fragments(language: str) -> list[tuple[str, re.Pattern[str]]]:
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
    return [
        (piece, pattern) for piece, pattern in fragments.items() if not pattern.search(translations)
    ]
