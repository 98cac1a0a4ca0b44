"""What the English reader sees of the sentences the code says (Messages, see scorekeeper.words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def english(said: Any) -> Any:
    """A sentence in English, or an explanation's lines in English (a tuple of them)."""
    if isinstance(said, Sequence) and not isinstance(said, str):
        return tuple(str(line) for line in said)
    return str(said)
