"""The original rules texts, shipped with the app so the rules are one tap away offline."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from flask import current_app


@cache
def _read(folder: str, seed: str) -> tuple[str, ...]:
    text = (Path(folder) / "rules" / seed).read_text(encoding="utf-8")
    paragraphs = (" ".join(p.split()) for p in re.split(r"\n\s*\n", text))
    return tuple(p for p in paragraphs if p)


def rules_text(seed: str) -> tuple[str, ...]:
    """The paragraphs of a seed's rules text."""
    return _read(str(current_app.static_folder), seed)
