"""Whole numbers read from text: a form field, a header, a query string.

Only ASCII digits count: Python's `isdigit` accepts "²" and `isdecimal` accepts "٣", and
`int()` then fails on the first and quietly reads the second. And only as many digits as
any score or version needs: `int()` refuses past 4,300 digits, and a number of 5,000
digits typed into a pips box is a slip (or an attack), not a score.
"""

from __future__ import annotations

import re

# Far more than any score, bid, count of pips or version, and far fewer than the 4,300
# digits Python refuses to read as a number.
MAX_DIGITS = 9
WHOLE_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)


def read_whole_number(text: str | None, *, signed: bool = False) -> int | None:
    """`text` (trimmed) as a whole number, or None when it is not one or is absurdly long."""
    value = (text or "").strip()
    if not WHOLE_NUMBER.fullmatch(value) or (value.startswith("-") and not signed):
        return None
    if len(value.lstrip("-")) > MAX_DIGITS:
        return None
    return int(value)


def too_long(text: str | None) -> bool:
    """Whether `text` is digits alone, only far too many of them to be any real number."""
    value = (text or "").strip()
    return bool(WHOLE_NUMBER.fullmatch(value)) and len(value.lstrip("-")) > MAX_DIGITS


def as_whole_number(text: str) -> int | str:
    """`text` as a whole number when it is one, else as written, for the rules to refuse in words."""
    number = read_whole_number(text)
    return text if number is None else number
