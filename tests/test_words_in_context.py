"""One English word, two meanings: each gets its own word in Spanish and Portuguese.

"Count" is a muggins checker's count (the open ends added up: *cuenta*, *conta*) and Eighty's
count of points in the tricks (*cuenta* again in Spanish, as its explanations say "+ cuenta 40";
*contagem* in Portuguese); Texas 42's "None" is no special contract
(*ninguno*, *nenhum*) and no counting tile taken (*ninguna*, *nenhuma*: a tile is feminine).
The words below are the players' words, written here by hand.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from flask.testing import FlaskClient

from scorekeeper import catalogs
from tests.test_pages import start

pytestmark = pytest.mark.usefixtures("plain_forms")  # tests/conftest.py

FOUR = ["María José", "Christopher", "Margaret", "Bob"]


def legends(page: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", text).split())
        for text in re.findall(r"<legend>(.*?)</legend>", page, re.S)
    ]


def checker_words(page: str) -> dict[str, str]:
    found = re.search(r"data-words='([^']*)'", page)
    assert found, "the checker's script words are on its page"
    words: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return words


@pytest.mark.parametrize(
    ("lang", "checker", "tricks"), [("es", "Cuenta", "Cuenta"), ("pt", "Conta", "Contagem")]
)
def test_the_checkers_count_and_eightys_count_are_two_words(
    client: FlaskClient, lang: str, checker: str, tricks: str
) -> None:
    page = client.get(f"/muggins?lang={lang}&end=5&end=6&claimed=10").get_data(True)
    assert checker_words(page)["count"] == checker
    shown = re.search(r'<p class="count"><span>(\w+) <strong>', page)
    assert shown and shown.group(1) == checker
    game = start(client, "eighty", FOUR)
    eighty = client.get(f"/games/{game}?lang={lang}").get_data(True)
    assert any(legend.startswith(f"{tricks} ") for legend in legends(eighty)), legends(eighty)
    live = re.search(r"data-live-count[^>]*data-words='([^']*)'", eighty)
    assert live and json.loads(html.unescape(live.group(1)))["count"].split()[1] == tricks.lower()


@pytest.mark.parametrize(
    ("lang", "contract", "tile"), [("es", "Ninguno", "Ninguna"), ("pt", "Nenhum", "Nenhuma")]
)
def test_texas_42s_no_contract_and_no_tile_agree_with_their_nouns(
    client: FlaskClient, lang: str, contract: str, tile: str
) -> None:
    game = start(client, "texas-42", FOUR, **{"option-scoring": "points", "option-nello": "on"})
    page = client.get(f"/games/{game}?lang={lang}").get_data(True)
    contracts = re.search(r'name="contract" value="none"[^>]*><span>([^<]*)</span>', page)
    assert contracts and contracts.group(1) == contract
    tiles = re.findall(r'class="took-tile took-none"><input[^>]*><span>([^<]*)</span>', page)
    assert tiles and set(tiles) == {tile}


def test_the_extraction_keeps_each_meaning_apart(tmp_path: Path) -> None:
    """`scripts/catalogs update` puts a word's second meaning in the area's .po even when
    another area holds the word in its first meaning: they are two sentences to translate."""
    page = tmp_path / "templates" / "sheet.html"
    page.parent.mkdir()
    page.write_text(
        '{{ _("Count") }} {{ pgettext("the points in the tricks", "Count") }}', encoding="utf-8"
    )
    root = tmp_path / "translations"
    for language in catalogs.LANGUAGES:
        checker = Catalog(locale=language)
        checker.add("Count", "Cuenta" if language == "es" else "Conta")
        (root / language / "LC_MESSAGES").mkdir(parents=True)
        with (root / language / "LC_MESSAGES" / "errors.po").open("wb") as file:
            write_po(file, checker)
    catalogs.update("pages", [str(page.parent)], root=root)
    with (root / "es" / "LC_MESSAGES" / "pages.po").open("rb") as file:
        pages = read_po(file, locale="es")
    assert [(message.id, message.context) for message in pages if message.id] == [
        ("Count", "the points in the tricks")
    ]
