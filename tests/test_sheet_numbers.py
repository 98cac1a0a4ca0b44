"""The score sheet writes its numbers as its reader does: 1,259 in English and in the Dominican
Republic, 1.259 in Brazil and in Spain. Nothing reads the sheet's numbers back but people (no
script parses them: static/*.js only marks rows), so they follow the reader's region like
every other number on the pages."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.conftest import Api


@pytest.mark.parametrize(
    ("lang", "accept", "first_hand", "running", "total"),
    [
        ("en", "en-US", "+1,234", "1,234", "1,259"),
        ("es", "es-DO", "+1,234", "1,234", "1,259"),
        ("es", "es-ES", "+1.234", "1.234", "1.259"),
        ("pt", "pt-BR", "+1.234", "1.234", "1.259"),
    ],
)
def test_the_sheet_writes_thousands_as_its_reader_does(
    api: Api, client: FlaskClient, lang: str, accept: str, first_hand: str, running: str, total: str
) -> None:
    game = api.create("custom", ["Margaret", "Christopher"], options={"target": 5000})
    api.hand(game["id"], {"points": {"Margaret": 1234, "Christopher": 0}})
    api.hand(game["id"], {"points": {"Margaret": 25, "Christopher": 999}})
    page = client.get(
        f"/games/{game['id']}?lang={lang}", headers={"Accept-Language": accept}
    ).get_data(True)
    cells = re.findall(r"<td><small>([^<]*)</small> <b>([^<]*)</b></td>", page)
    # Hand by hand, Margaret's column then Christopher's: the hand's points, the running total.
    assert cells == [(first_hand, running), ("0", "0"), ("+25", total), ("+999", "999")]
    totals = dict(re.findall(r'data-side="([^"]+)"><span class="points">([^<]*)<', page))
    assert totals == {"Margaret": total, "Christopher": "999"}
