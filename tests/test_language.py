"""The reader's language: ?lang=, its cookie, Accept-Language, the region's number format."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.language import translate
from scorekeeper.words import say, say_n


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found, page[:200]
    return found.group(1)


def switch(page: str) -> dict[str, tuple[str, bool]]:
    """The language switch's links: code → (address, is it marked current)."""
    nav = re.search(r'<nav class="languages"[^>]*>(.*?)</nav>', page, re.S)
    assert nav, "no language switch"
    return {
        code: (address.replace("&amp;", "&"), " aria-current" in link)
        for link, address, code in re.findall(
            r'(<a href="([^"]+)" lang="(\w+)"[^>]*>)', nav.group(1)
        )
    }


def test_lang_in_the_address_sets_a_long_lived_lax_cookie(client: FlaskClient) -> None:
    response = client.get("/?lang=es", headers={"Accept-Language": "en"})
    assert html_lang(response.get_data(as_text=True)) == "es"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=es;")
    assert "SameSite=Lax" in cookie
    max_age = int(re.search(r"Max-Age=(\d+)", cookie).group(1))  # type: ignore[union-attr]
    assert max_age >= 365 * 24 * 60 * 60
    # The cookie keeps the choice on the next page, over the phone's English.
    later = client.get("/leagues", headers={"Accept-Language": "en"})
    assert html_lang(later.get_data(as_text=True)) == "es"
    # ?lang= wins over the cookie, and replaces it.
    back = client.get("/leagues?lang=pt")
    assert html_lang(back.get_data(as_text=True)) == "pt-BR"
    assert html_lang(client.get("/").get_data(as_text=True)) == "pt-BR"


def test_a_nonsense_lang_changes_nothing(client: FlaskClient) -> None:
    response = client.get("/?lang=xx%00", headers={"Accept-Language": "pt-BR"})
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]
    assert html_lang(response.get_data(as_text=True)) == "pt-BR"


def test_the_phone_language_chooses_when_nothing_was_picked(client: FlaskClient) -> None:
    asked = {
        "es-DO,es;q=0.9,en;q=0.5": "es-DO",
        "es-ES": "es-ES",
        "pt-PT,pt;q=0.9": "pt-BR",  # the Portuguese offered is Brazil's
        "fr-FR, de;q=0.9, es-MX;q=0.5": "es-MX",
        "de-DE": "en",
        "": "en",
        "es-ZZ": "es",  # no such region: the language alone
    }
    for header, expected in asked.items():
        page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
        assert html_lang(page) == expected, header


def test_a_picked_language_keeps_the_phone_region(client: FlaskClient) -> None:
    client.get("/?lang=es")
    page = client.get("/", headers={"Accept-Language": "pt-BR, es-DO;q=0.8"})
    assert html_lang(page.get_data(as_text=True)) == "es-DO"


def test_the_switch_keeps_the_page_and_marks_the_current_language(client: FlaskClient) -> None:
    page = client.get("/leagues?sort=name&lang=pt").get_data(as_text=True)
    links = switch(page)
    assert list(links) == ["en", "es", "pt"]
    # The query alone: the browser keeps the page's path.
    assert links["en"] == ("?sort=name&lang=en", False)
    assert links["es"] == ("?sort=name&lang=es", False)
    assert links["pt"] == ("?sort=name&lang=pt", True)
    followed = client.get("/leagues" + links["es"][0]).get_data(as_text=True)
    assert html_lang(followed) == "es"
    assert switch(followed)["es"][1]


def test_the_error_pages_carry_the_switch_too(client: FlaskClient) -> None:
    response = client.get("/no/such/page?lang=es")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert html_lang(page) == "es"
    assert switch(page)["pt"] == ("?lang=pt", False)


def test_pages_say_they_differ_by_language(client: FlaskClient) -> None:
    vary = client.get("/").headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_a_message_in_the_readers_words_and_number_format(app: Flask) -> None:
    """translate() picks the catalog by language and writes numbers as the region does."""
    points = say_n("%(count)s point", "%(count)s points", 12345)
    for header, number in (("es-DO", "12,345"), ("es-ES", "12.345"), ("pt-BR", "12.345")):
        with app.test_request_context("/", headers={"Accept-Language": header}):
            assert translate(points).startswith(number), header
            assert translate(say("Language")) == "Idioma"
    with app.test_request_context("/"):
        assert translate(say("Language")) == "Language"
        assert translate(points) == "12,345 points"


def test_the_api_follows_accept_language_only(app: Flask) -> None:
    """A program's request: the cookie and ?lang= of a browser do not choose its words."""
    headers = {"Accept-Language": "pt-BR", "Cookie": "lang=es"}
    with app.test_request_context("/api/games?lang=en", headers=headers):
        assert translate(say("Language")) == "Idioma"
        assert translate(say_n("%(count)s point", "%(count)s points", 1000)).startswith("1.000")
    with app.test_request_context("/api/games", headers={"Cookie": "lang=es"}):
        assert translate(say("Language")) == "Language"
