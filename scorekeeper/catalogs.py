"""The translation catalogs: one .po per area and language, compiled into one catalog per language.

Each engineer's area has its own file, so nobody edits another's catalog:
`scorekeeper/translations/<language>/LC_MESSAGES/<area>.po`, areas `pages` (templates, page
code, scripts' words), `errors`, `rules`, `tricks`, `offline` and `terminal` (the CLI's help and
Click's own sentences, which Click says with the standard library's gettext: scorekeeper.cli). The app reads one `messages.mo` per
language: every area's .po merged. A message id in two areas must be translated the same in
both, or the compile fails with a sentence naming them.

Compiled when the wheel is built (setup.py runs `compile_all`, so `pip install .` ships the
.mo files as package data) and, in a checkout, when the app starts and a .po is newer than
its .mo (`compile_stale`): an edited .po never shows old words. The .mo files are not kept
in git.

This module imports nothing but Babel and the standard library: setup.py loads it by path
at build time, before the package's dependencies are installed.

The command line, for extracting an area's sentences into that area's .po files:

    python -m scorekeeper.catalogs update pages templates static scorekeeper/web/pages.py ...
    python -m scorekeeper.catalogs compile

`update AREA PATH...` extracts the sentences (`_`, `gettext`, `ngettext`, `say`, `say_n`,
`{% trans %}`) from the given files and folders, adds the new ones to
`<language>/LC_MESSAGES/AREA.po` for every language (untranslated, to be written), drops the
ones no longer in those files, keeps every translation. A sentence another area's .po holds
already is left to it (one translation, one place). scripts/catalogs is a short way to
call it.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.util import pathmatch

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
LANGUAGES = ("es", "pt_BR")  # English is the message ids themselves
AREAS = ("pages", "errors", "rules", "tricks", "offline", "terminal")
DOMAIN = "messages"  # what the app loads: the areas merged
# gettext's keywords, the words of scorekeeper.words (say(id, **values), say_n(singular, plural,
# n)) and the templates' words for scripts.
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "lazy_gettext": None,
    "say": None,
    "say_n": (1, 2),
    "script_word": None,  # templates' words for scripts (scorekeeper.web.language)
    "script_plural": (1, 2),
    "N_": None,  # the CLI's help, translated when click shows it (scorekeeper.cli)
}
MAPPING = TRANSLATIONS.parent.parent / "babel.cfg"  # which extractor reads which files


class CatalogError(Exception):
    """A catalog that cannot be compiled, said as a sentence for the person building."""


def area_files(language_dir: Path) -> list[Path]:
    return sorted((language_dir / "LC_MESSAGES").glob("*.po"))


def merged(language_dir: Path) -> Catalog:
    """Every area's .po of one language in one catalog; a message id translated differently in
    two areas is refused (the reader would see one or the other at random)."""
    language = language_dir.name
    catalog = Catalog(locale=language, domain=DOMAIN)
    first_seen: dict[object, tuple[str, Message]] = {}
    plural_forms: tuple[str, str] | None = None
    for path in area_files(language_dir):
        with path.open("rb") as file:
            area = read_po(file, locale=language)
        plural_forms = same_plural_forms(plural_forms, (path.stem, area.plural_forms), language)
        for message in area:
            if not message.id:
                continue  # the header
            key = (message.id, message.context)
            translated = translated_text(message)
            if key in first_seen:
                other_area, other = first_seen[key]
                theirs = translated_text(other)
                if translated and theirs and translated != theirs:
                    raise CatalogError(
                        f"{language}: {message_id(message)!r} is translated as {theirs!r} in "
                        f"{other_area}.po and as {translated!r} in {path.stem}.po. "
                        "Make the two translations the same."
                    )
                if theirs or not translated:
                    continue
            first_seen[key] = (path.stem, message)
            catalog[message.id] = message
    if plural_forms is not None:
        # The plural rule the translators wrote their forms for, not Babel's rule of the day
        # for the language: Babel 2.19 gave Spanish a third form ("un millón de bazas") that
        # no .po holds, and every plural sentence fell back to English.
        catalog.mime_headers = [("Plural-Forms", plural_forms[1])]
    return catalog


def same_plural_forms(
    seen: tuple[str, str] | None, this: tuple[str, str], language: str
) -> tuple[str, str]:
    """The areas of one language must count plurals alike: one .mo has one rule."""
    if seen is not None and seen[1] != this[1]:
        raise CatalogError(
            f"{language}: {seen[0]}.po says {seen[1]!r} and {this[0]}.po says {this[1]!r}. "
            "Give every area of a language the same Plural-Forms."
        )
    return this


def translated_text(message: Message) -> tuple[str, ...] | None:
    """The message's translation, or None while any form of it is missing or fuzzy."""
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    if message.fuzzy or not all(forms):
        return None
    return tuple(str(form) for form in forms)


def message_id(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else str(message.id)


def mo_path(language_dir: Path) -> Path:
    return language_dir / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_language(language_dir: Path) -> Path:
    """Write the language's messages.mo, replacing the old one in one step (a running app or a
    parallel test never reads half a file)."""
    buffer = io.BytesIO()
    write_mo(buffer, merged(language_dir), use_fuzzy=False)
    target = mo_path(language_dir)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".messages-", suffix=".mo")
    with os.fdopen(handle, "wb") as file:
        file.write(buffer.getvalue())
    os.replace(temporary, target)
    return target


def language_dirs(root: Path = TRANSLATIONS) -> list[Path]:
    return sorted(path for path in root.glob("*") if area_files(path))


def compile_all(root: Path = TRANSLATIONS) -> list[Path]:
    return [compile_language(path) for path in language_dirs(root)]


def compile_stale(root: Path = TRANSLATIONS) -> list[Path]:
    """Compile the languages whose .po files changed since their .mo was written.

    An installed package has no .po files (the wheel carries the .mo only): nothing to do.
    """
    compiled = []
    for language_dir in language_dirs(root):
        target = mo_path(language_dir)
        newest = max(path.stat().st_mtime_ns for path in area_files(language_dir))
        if not target.exists() or target.stat().st_mtime_ns < newest:
            compiled.append(compile_language(language_dir))
    return compiled


def extract(paths: Iterable[str]) -> Catalog:
    """The sentences written in `paths` (files or folders), as a template catalog."""
    template = Catalog(domain=DOMAIN)
    with MAPPING.open() as file:
        methods, options = parse_mapping_cfg(file)  # type: ignore[no-untyped-call]
    for name in paths:
        path = Path(name)
        found: Iterable[tuple[str, int, Any, list[str], str | None]]
        if path.is_dir():
            found = (
                (str(path / filename), lineno, message, comments, context)
                for filename, lineno, message, comments, context in extract_from_dir(
                    path, methods, options, KEYWORDS
                )
            )
        else:
            pattern, method = next(
                (pattern, method) for pattern, method in methods if pathmatch(pattern, path.name)
            )
            found = (
                (str(path), lineno, message, comments, context)
                for lineno, message, comments, context in extract_from_file(
                    method, path, KEYWORDS, options=options.get(pattern)
                )
            )
        for filename, lineno, message, comments, context in found:
            template.add(
                message, locations=[(filename, lineno)], auto_comments=comments, context=context
            )
    return template


def update(area: str, paths: Sequence[str], root: Path = TRANSLATIONS) -> list[Path]:
    """Bring `area`.po of every language in line with the sentences in `paths`."""
    if area not in AREAS:
        raise CatalogError(f"{area!r} is not an area; the areas are {', '.join(AREAS)}.")
    template = extract(paths)
    written = []
    for language in LANGUAGES:
        path = root / language / "LC_MESSAGES" / f"{area}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            catalog = Catalog(
                locale=language,
                domain=area,
                project="Scorekeeper",
                header_comment=f"# Scorekeeper's {area} sentences in {language}.",
                fuzzy=False,
            )
        catalog.update(
            without(template, others_ids(root / language, area)),
            no_fuzzy_matching=True,
            update_header_comment=False,
        )
        with path.open("wb") as file:
            write_po(file, catalog, width=100, ignore_obsolete=True, omit_header=False)
        written.append(path)
    return written


def others_ids(language_dir: Path, area: str) -> set[object]:
    """The message ids (with their contexts: one word, two meanings) other areas' catalogs
    already hold: a file two engineers share (a raise in a page module, say) gives its
    sentence to the area that translated it first."""
    ids: set[object] = set()
    for path in area_files(language_dir):
        if path.stem != area:
            with path.open("rb") as file:
                ids.update((message.id, message.context) for message in read_po(file) if message.id)
    return ids


def without(template: Catalog, ids: set[object]) -> Catalog:
    kept = Catalog(domain=template.domain)
    for message in template:
        if message.id and (message.id, message.context) not in ids:
            kept[message.id] = message
    return kept


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if len(args) >= 3 and args[0] == "update":
            for path in update(args[1], args[2:]):
                print(f"updated {path}")
            return 0
        if args == ["compile"]:
            for path in compile_all():
                print(f"compiled {path}")
            return 0
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
