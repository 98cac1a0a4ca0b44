"""A stored message is read back only if it is one the app writes.

A log line imported from a file is shown, never believed: its explanation is read with
`Message.from_json`, and a value the app never stores (a float count of 3e36, a value that is
neither text nor a whole number) must be refused there, or the history page would try to
write it in the reader's number format and fail with a 500 (found by the import fuzz).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.words import Message, say, say_n


def test_a_message_the_app_writes_reads_back_the_same() -> None:
    said = say_n(
        "%(player)s scores %(count)s point.",
        "%(player)s scores %(count)s points.",
        15,
        player="María José",
        why=say("a domino"),
    )
    assert Message.from_json(said.as_json()) == said
    assert str(Message.from_json(said.as_json())) == "María José scores 15 points."


@pytest.mark.parametrize(
    "stored",
    [
        {"id": "%(count)s points", "values": {"count": 3.1072694381496064e36}},
        {"id": "%(count)s point", "plural": "%(count)s points", "count": 2.0},
        {"id": "%(count)s point", "plural": "%(count)s points", "count": None},
        {"id": "%(count)s point", "plural": "%(count)s points", "count": "2"},
        {"id": "%(n)s", "values": {"n": 10**40}},
        {"id": "%(n)s", "values": {"n": True}},
        {"id": "%(n)s", "values": {"n": [1]}},
        {"id": 5},
        {"id": "x", "plural": 7, "count": 1},
    ],
)
def test_a_stored_message_the_app_never_writes_is_refused(stored: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Message.from_json(stored)
