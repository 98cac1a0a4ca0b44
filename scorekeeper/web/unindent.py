"""Templates are indented for whoever reads them; the phones get the pages without it."""

from __future__ import annotations

import re

from jinja2.ext import Extension

# A template's own tags: what they hold (strings, messages) is left exactly as written.
TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
INDENTATION = re.compile(r"\n[ \t]+")


def unindented(source: str) -> str:
    """`source` with the indentation of each line of markup cut to nothing, or to one space.

    A line break stays, so words on two lines stay apart; HTML shows a run of blanks and a
    line break alike (no template has a <pre>, and its one <textarea> is empty). Just after
    a block tag the line break goes (trim_blocks), and the indentation may be all that
    parts two words: one space of it stays there.
    """
    parts, start, after_block = [], 0, False
    for tag in TAG.finditer(source):
        parts += [unindented_text(source[start : tag.start()], after_block), tag.group()]
        start = tag.end()
        after_block = tag.group()[-2:] in ("%}", "#}") and tag.group()[-3] != "-"
    parts.append(unindented_text(source[start:], after_block))
    return "".join(parts)


def unindented_text(text: str, after_block: bool) -> str:
    if after_block and (first := INDENTATION.match(text)):
        return "\n " + INDENTATION.sub("\n", text[first.end() :])
    return INDENTATION.sub("\n", text)


class Unindent(Extension):
    """Strips the templates' indentation as they are loaded: about 1 KB of a scorer page."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return unindented(source)
