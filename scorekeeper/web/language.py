"""The reader's language: which one, and a Message or a template's sentence said in it.

Which language (`reader_locale`, Flask-Babel's locale selector):

1. `?lang=en|es|pt` on any address: it wins, and a long-lived cookie keeps it.
2. Else the cookie.
3. Else the best of the phone's `Accept-Language` among English, Spanish and Portuguese.
4. Else English.

The region comes from `Accept-Language` when it names a region of the chosen language, so
numbers and dates are written as there: es-DO writes 12,345.5, es-ES 12.345,5. Portuguese is
Brazilian Portuguese (pt_BR) whatever region is asked.

The JSON API (every address under /api/) follows `Accept-Language` only: a program's requests
carry no language cookie, and a `?lang=` there is not a setting. So code answering an API
request calls `translate(message)` like any other; nothing more to do.

A projector (a league's or a night's screen) shows the organiser's choice: the manage page
offers the screen's link in each language, with `?lang=` in it, so the screen opened on the
club's laptop is in the language the organiser picked (and keeps it: the cookie).

`translate(message)` says a `scorekeeper.words.Message` (or an English sentence) in the
reader's language with numbers in the reader's format; templates have it as `translate(…)`
and `| translate`, and their `_()` / `ngettext()` write numbers the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

import babel.dates
import babel.numbers
from babel import Locale, UnknownLocaleError
from babel.core import parse_locale
from babel.support import NullTranslations, Translations
from flask import Flask, Response, current_app, flash, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header
from wtforms.i18n import messages_path

from scorekeeper.web import current_application, current_request
from scorekeeper.web.compression import add_vary
from scorekeeper.words import Message, render

# What `?lang=` and the cookie hold → the catalog's locale; in the order the switch shows them.
LANGUAGES = {"en": "en", "es": "es", "pt": "pt_BR"}
NAMES = {"en": "English", "es": "Español", "pt": "Português"}  # each in its own language
COOKIE = "lang"
COOKIE_AGE = 2 * 365 * 24 * 60 * 60  # a phone keeps its language for years
API_PREFIX = "/api/"


def init_app(app: Flask) -> None:
    # The catalogs of a checkout follow their .po files (a few stat calls when nothing changed).
    # Imported here: `python -m scorekeeper.catalogs` imports the package before the module.
    from scorekeeper import catalogs

    catalogs.compile_stale()
    Babel(app, locale_selector=reader_locale, configure_jinja=False)
    app.extensions[CATALOGS_KEY] = {}
    app.extensions[WTFORMS_CATALOGS_KEY] = {}
    env = app.jinja_env
    env.add_extension("jinja2.ext.i18n")
    # Sets the newstyle flag `{% trans %}` compiles with; the callables are ours, below.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: text, ngettext=lambda s, p, n: s, newstyle=True
    )
    env.globals.update(
        gettext=template_gettext,
        ngettext=template_ngettext,
        pgettext=template_pgettext,
        translate=translate,
        language_switch=language_switch,
        html_lang=html_lang,
        page_tag=page_tag,
        script_word=script_word,
        script_plural=script_plural,
    )
    env.filters.update(translate=translate, named=named, number=template_number, day=day, when=when)
    app.after_request(remember_choice)


def chosen_language() -> str | None:
    """The language the reader picked: this address's `?lang=`, else their cookie."""
    # Most requests carry neither a query nor a cookie: nothing to parse then.
    environ = request.environ
    if environ.get("QUERY_STRING") and (asked := request.args.get("lang")) in LANGUAGES:
        return asked
    if environ.get("HTTP_COOKIE") and (kept := request.cookies.get(COOKIE)) in LANGUAGES:
        return kept
    return None


def asked_locales(accept_language: str) -> list[tuple[str, str | None]]:
    """An Accept-Language header as (language, region) pairs, the most wanted first."""
    asked = []
    for value, _quality in parse_accept_header(accept_language, LanguageAccept):
        try:
            language, region, *_ = parse_locale(value.replace("_", "-"), sep="-")
        except ValueError:
            continue
        asked.append((language.lower(), region.upper() if region else None))
    return asked


def reader_locale() -> Locale:
    """The reader's locale (Flask-Babel's locale selector; it takes a Locale as it is)."""
    request = current_request()
    chosen = None if request.path.startswith(API_PREFIX) else chosen_language()
    return locale_for(chosen, request.headers.get("Accept-Language", ""))


# Every page asks; a club's phones send a handful of different headers. Worked out once
# each (about a tenth of a millisecond a request otherwise); a pure function of its key.
@lru_cache(maxsize=512)
def locale_for(chosen: str | None, accept_language: str) -> Locale:
    """The locale for a reader who chose `chosen` (or nothing) and whose phone asks for
    `accept_language`."""
    asked = asked_locales(accept_language)
    if chosen:
        return Locale.parse(in_region(chosen, asked))
    for language, _region in asked:
        if language in LANGUAGES:
            return Locale.parse(in_region(language, asked))
    return Locale("en")


def in_region(language: str, asked: list[tuple[str, str | None]]) -> str:
    """The language's catalog locale, in the first region the phone asked for of that language."""
    if language == "pt":
        return LANGUAGES[language]
    for asked_language, region in asked:
        if asked_language == language and region:
            try:
                return str(Locale(language, region))
            except (UnknownLocaleError, ValueError):
                continue
    return LANGUAGES[language]


def reader() -> Locale:
    """The reader's locale; English outside a request (the CLI, a background job)."""
    return get_locale() or Locale("en")


LARGEST_FORMATTED = 10**15
# Babel's patterns that write a whole number under a thousand as printf would, in English,
# Spanish and Portuguese alike: no grouping yet, ASCII digits, "-" for minus.
PLAIN_BELOW_A_THOUSAND = {None: "%d", "+#,##0;-#,##0": "%+d"}


def number(value: Any, pattern: str | None = None, locale: Locale | None = None) -> str:
    """A number as the reader writes it (12,345.5 or 12.345,5); anything else as it is.

    `pattern` is Babel's (CLDR's): "#,##0.#" one decimal at most, "#,##0.0" always one.
    `locale` is the reader's, when the caller has it at hand already.
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        if isinstance(value, int) and -1000 < value < 1000 and pattern in PLAIN_BELOW_A_THOUSAND:
            # Every language here writes these in plain digits: a score sheet's hundreds of
            # cells need no Babel (tens of microseconds each).
            return PLAIN_BELOW_A_THOUSAND[pattern] % value
        if abs(value) < LARGEST_FORMATTED:
            return formatted_number(value, pattern, locale or reader())
        # Beyond any score, for instance a hand number of 10**25 typed into an address and
        # named in its refusal: Babel's decimal arithmetic cannot quantize it, so plain digits.
        return str(value)
    return str(value)


# A page of a 50-table night writes some 1,600 numbers (places, wins, totals), nearly all of
# them small and the same from one page to the next; Babel takes about 10 µs for each.
# Kept as Babel wrote them, per value, pattern and locale: the same words, a dictionary away.
@lru_cache(maxsize=8192, typed=True)
def formatted_number(value: float, pattern: str | None, locale: Locale) -> str:
    return babel.numbers.format_decimal(value, pattern, locale=locale)


def percent(value: float) -> str:
    """A share (0.667) as the reader writes a percentage, to one decimal at most: 66.7%."""
    return formatted_percent(value, reader())


def day(value: date, locale: Locale | None = None) -> str:
    """A date as the reader's region writes it, short: 23 Nov 2026, 23 sept 2026, 23 set. 2026.
    `locale` is the reader's, when the caller has it at hand already."""
    return formatted_day(value, locale or reader())


# A league's standings write a win rate and a last day per row, as formatted_number above.
@lru_cache(maxsize=8192, typed=True)
def formatted_percent(value: float, locale: Locale) -> str:
    return babel.numbers.format_percent(value, "#,##0.#%", locale=locale)


@lru_cache(maxsize=4096)
def formatted_day(value: date, locale: Locale) -> str:
    return babel.dates.format_date(value, "d MMM y", locale=locale)


def when(value: datetime) -> str:
    """A moment in the reader's words, to the second, in the time it carries: Sun 22 Nov 2026,
    23:02:10; dom 22 nov 2026, 23:02:10 (a 24-hour clock, as club sheets write it)."""
    return babel.dates.format_datetime(
        value, "EEE dd MMM y, HH:mm:ss", tzinfo=value.tzinfo or UTC, locale=reader()
    )


def translate(message: Message | str, /, **values: Any) -> str:
    """`message` in the reader's language: a Message, or an English sentence and its values."""
    if isinstance(message, str):
        message = Message(message, values)
    return reader_words()(message)


def reader_words() -> Callable[[Message], str]:
    """What says a Message in the reader's language, with the request's locale and catalog
    (`reading()`) at hand: an answer naming many walks them with one (`in_words(body,
    reader_words())`)."""
    read = reading()
    catalog, locale = read.catalog, read.locale

    def choose(singular: str, plural: str | None, count: int | None) -> str:
        if plural is None:
            return str(catalog.ugettext(singular))
        return str(catalog.ungettext(singular, plural, count or 0))

    def written(value: Any) -> str:
        return number(value, locale=locale)

    def dated(value: date) -> str:
        return day(value, locale)

    def said(message: Message) -> str:
        return render(message, choose, written, dated)

    return said


def named(name: Message | str) -> str:
    """A name as the reader reads it: one a person typed as it is (never looked up as an
    English sentence: a night named "Pairs" stays so), one the app gives (an unnamed
    night's date) in the reader's words."""
    return translate(name) if isinstance(name, Message) else name


def tell(message: Message | str, category: str) -> None:
    """Flash a sentence for the next page, in the reader's words (said now: the session keeps text)."""
    flash(translate(message), category)


def formatted(values: dict[str, Any], locale: Locale | None = None) -> dict[str, Any]:
    """A template sentence's values: numbers and dates in the reader's format, Messages in
    their words."""
    return {
        name: translate(value)
        if isinstance(value, Message)
        else number(value, locale=locale)
        if isinstance(value, int | float)
        else day(value, locale)
        if isinstance(value, date)
        else value
        for name, value in values.items()
    }


@dataclass(frozen=True)
class Reading:
    """The reader's locale and catalog, as one template drawing uses them throughout."""

    locale: Locale
    catalog: NullTranslations


READING = "scorekeeper.reading"  # its place in the request's WSGI environ


def reading() -> Reading:
    """The reader's locale and catalog, looked up once per request. A 50-table night page says
    some 1,800 words and numbers; through Flask-Babel each lookup costs 5 to 30 µs.

    Kept in the request's own environ, never on a template (an imported macro module, with
    its context, is kept across requests and readers)."""
    if not has_request_context():
        return Reading(reader(), get_translations())
    environ = current_request().environ
    found: Reading | None = environ.get(READING)
    if found is None:
        locale = reader_locale()  # what Flask-Babel's get_locale() asks, without its lookups
        found = environ[READING] = Reading(locale, catalog_for(locale))
    return found


CATALOGS_KEY = "scorekeeper.catalogs"
WTFORMS_CATALOGS_KEY = "scorekeeper.wtforms_catalogs"


def kept_catalog(
    key: str, locale: Locale, load: Callable[[], NullTranslations]
) -> NullTranslations:
    """A catalog for `locale`, loaded once for the app's life and kept by the locale's name in
    `app.extensions[key]`."""
    kept: dict[str, NullTranslations] = current_application().extensions[key]
    name = str(locale)
    catalog = kept.get(name)
    if catalog is None:
        catalog = kept[name] = load()
    return catalog


def catalog_for(locale: Locale) -> NullTranslations:
    """The app's catalog for `locale`: Flask-Babel looks it up again on each request (its
    context, its locale, the locale's name: tens of microseconds an answer)."""
    return kept_catalog(CATALOGS_KEY, locale, get_translations)  # the request's locale


def wtforms_catalog() -> NullTranslations:
    """WTForms' own sentences ("This field is required.") in the reader's language: flask-wtf
    reads and parses their catalog from disk again on every request that makes a form (a
    millisecond of a scorer page's six)."""
    locale = reading().locale
    return kept_catalog(
        WTFORMS_CATALOGS_KEY,
        locale,
        lambda: Translations.load(messages_path(), [locale], domain="wtforms"),
    )


def template_number(value: Any, pattern: str | None = None) -> str:
    """A template's `| number`: `number`, with the request's locale at hand."""
    return number(value, pattern, reading().locale)


@pass_context
def template_gettext(context: Context, text: str, /, **values: Any) -> str:
    """A template's `_("…", name=value)`: translated, escaped, numbers in the reader's format."""
    read = reading()
    said: str = read.catalog.ugettext(text)
    if context.eval_ctx.autoescape:
        said = Markup(said)
    return said % formatted(values, read.locale)


@pass_context
def template_pgettext(context: Context, where: str, text: str, /, **values: Any) -> str:
    """A template's `pgettext("a game's result", "Won")`: one English word that other languages
    say differently in two places (a column's "Won", a game's "Won")."""
    read = reading()
    said: str = read.catalog.upgettext(where, text)
    if context.eval_ctx.autoescape:
        said = Markup(said)
    return said % formatted(values, read.locale)


@pass_context
def template_ngettext(
    context: Context, singular: str, plural: str, count: int, /, **values: Any
) -> str:
    """A template's `ngettext("%(num)s hand", "%(num)s hands", n)`: `num` is the count."""
    read = reading()
    said: str = read.catalog.ungettext(singular, plural, count)
    if context.eval_ctx.autoescape:
        said = Markup(said)
    values.setdefault("num", count)
    return said % formatted(values, read.locale)


def script_word(text: str) -> str:
    """A sentence for a page's script (static/words.js), translated, its %(name)s kept."""
    return str(get_translations().ugettext(text))


def script_plural(singular: str, plural: str) -> dict[str, str]:
    """A sentence with a count for a page's script: its forms for one and for many, which
    words.js picks by the page's language (Intl.PluralRules)."""
    translations = get_translations()
    return {
        "one": str(translations.ungettext(singular, plural, 1)),
        "other": str(translations.ungettext(singular, plural, 2)),
    }


def html_lang() -> str:
    """The page's `<html lang>`: es-DO, pt-BR, en."""
    return str(reader()).replace("_", "-")


def current_language() -> str:
    return str(reader().language) if reader().language in LANGUAGES else "en"


def language_switch() -> list[tuple[str, str, str, bool]]:
    """The switch's links: (code, name, address, is current). Each keeps the page the reader is on.

    On a page asked for with GET the address is the query alone (`?lang=es`), which the
    browser resolves against the page's own path: nothing of the path is echoed back (a 404
    for a guessed address looks the same whatever was guessed).
    """
    here = "" if request.method == "GET" else page_address()
    args = request.args.copy()
    current = current_language()
    links = []
    for code, name in NAMES.items():
        args["lang"] = code
        links.append(
            (code, name, f"{here}?{urlencode(list(args.items(multi=True)))}", code == current)
        )
    return links


def page_address() -> str:
    """The path of a page drawn for a POST (a form with its errors), when it can be asked
    for with GET too; else the home page (a link to a POST-only address would get a 405)."""
    adapter = current_app.url_map.bind("localhost")
    try:
        adapter.match(request.path, method="GET")
    except HTTPException:
        return "/"
    return request.path


def remember_choice(response: Response) -> Response:
    """Keep `?lang=`'s choice in a cookie; pages differ by language, so caches must know."""
    request = current_request()
    # Most requests have no query string: no arguments parsed to find that out.
    asked = request.args.get("lang") if request.query_string else None
    if (
        asked in LANGUAGES
        and not request.path.startswith(API_PREFIX)
        and request.cookies.get(COOKIE) != asked
    ):
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    if response.mimetype in ("text/html", "application/json"):
        add_vary(response, "Accept-Language")
        if not request.path.startswith(API_PREFIX):
            add_vary(response, "Cookie")
    return response


def locale_tag() -> str:
    """The reader's locale as a cache key's part: a page drawn once per version *and* language."""
    return str(reader())


def page_tag(version: int) -> str:
    """A page's ETag: its version in the reader's language. A phone that switched language
    must not be told its cached page in the other one is still good."""
    return f"{version}-{locale_tag()}"
