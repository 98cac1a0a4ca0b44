"""The translation catalogs: every sentence translated in every language, and compiled honestly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po, write_po

from scorekeeper import catalogs


def area_catalogs() -> list[tuple[str, str, Catalog]]:
    found = []
    for language in catalogs.LANGUAGES:
        for path in catalogs.area_files(catalogs.TRANSLATIONS / language):
            with path.open("rb") as file:
                found.append((language, path.stem, read_po(file, locale=language)))
    return found


def test_every_language_has_the_pages_catalog() -> None:
    for language in catalogs.LANGUAGES:
        assert (catalogs.TRANSLATIONS / language / "LC_MESSAGES" / "pages.po").is_file()


@pytest.mark.parametrize(
    ("language", "area", "catalog"),
    area_catalogs(),
    ids=[f"{language}-{area}" for language, area, _ in area_catalogs()],
)
def test_every_message_is_translated(language: str, area: str, catalog: Catalog) -> None:
    """Every msgid has a translation (every plural form), none left fuzzy, and its
    placeholders are the id's: a translation missing %(player)s would fail at render time."""
    untranslated = [
        catalogs.message_id(message)
        for message in catalog
        if message.id and catalogs.translated_text(message) is None
    ]
    assert untranslated == [], f"{language}/{area}.po: untranslated {untranslated}"
    plural_forms = catalog.num_plurals
    for message in catalog:
        if message.pluralizable:
            assert len(message.string) == plural_forms, catalogs.message_id(message)
    problems = [
        (catalogs.message_id(message), [str(error) for error in errors])
        for message, errors in catalog.check()
    ]
    assert problems == []


def test_the_languages_translate_the_same_sentences() -> None:
    """An area's .po holds the same msgids in es and pt_BR: one was not updated otherwise."""
    ids: dict[str, dict[str, set[str]]] = {}
    for language, area, catalog in area_catalogs():
        ids.setdefault(area, {})[language] = {
            catalogs.message_id(message) for message in catalog if message.id
        }
    for area, by_language in ids.items():
        assert set(by_language) == set(catalogs.LANGUAGES), area
        first, *others = by_language.values()
        for other in others:
            assert first == other, f"{area}: {sorted(first ^ other)}"


def write_area(root: Path, language: str, area: str, words: dict[str, str]) -> Path:
    catalog = Catalog(locale=language, fuzzy=False)
    for message_id, translation in words.items():
        catalog.add(message_id, translation)
    path = root / language / "LC_MESSAGES" / f"{area}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog)
    return path


def compiled(root: Path, language: str) -> dict[str, str]:
    with catalogs.mo_path(root / language).open("rb") as file:
        return {str(message.id): str(message.string) for message in read_mo(file) if message.id}


def test_the_areas_are_merged_into_one_catalog(tmp_path: Path) -> None:
    write_area(tmp_path, "es", "pages", {"Save": "Guardar", "Pass": "Pasar"})
    write_area(tmp_path, "es", "rules", {"Pass": "Pasar", "Blocked game": "Tranque"})
    catalogs.compile_all(tmp_path)
    assert compiled(tmp_path, "es") == {
        "Save": "Guardar",
        "Pass": "Pasar",
        "Blocked game": "Tranque",
    }


def test_one_sentence_translated_two_ways_stops_the_build(tmp_path: Path) -> None:
    write_area(tmp_path, "es", "pages", {"Pass": "Pasar"})
    write_area(tmp_path, "es", "rules", {"Pass": "Paso"})
    with pytest.raises(catalogs.CatalogError, match="'Pass' is translated as") as raised:
        catalogs.compile_all(tmp_path)
    assert "pages.po" in str(raised.value) and "rules.po" in str(raised.value)
    assert not catalogs.mo_path(tmp_path / "es").exists()


def test_an_edited_po_is_compiled_again_and_an_unchanged_one_is_not(tmp_path: Path) -> None:
    po = write_area(tmp_path, "pt_BR", "pages", {"Save": "Salvar"})
    assert catalogs.compile_stale(tmp_path) == [catalogs.mo_path(tmp_path / "pt_BR")]
    assert catalogs.compile_stale(tmp_path) == []
    write_area(tmp_path, "pt_BR", "pages", {"Save": "Gravar"})
    later = catalogs.mo_path(tmp_path / "pt_BR").stat().st_mtime_ns + 1_000_000
    os.utime(po, ns=(later, later))  # a file system with coarse times still sees it newer
    assert catalogs.compile_stale(tmp_path) != []
    assert compiled(tmp_path, "pt_BR") == {"Save": "Gravar"}


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
def test_every_plural_sentence_is_said_in_the_language_for_any_count(
    language: str, tmp_path: Path
) -> None:
    """The compiled catalog, read as the app reads it (gettext), gives every plural sentence
    in the language for 1, 2, 5, 0 and a million: its plural rule is the one the .po forms
    were written for. (Babel 2.19 gave Spanish a third form that no .po holds: "5 tricks"
    came out in English while every .po was fully translated.)"""
    import gettext
    import shutil

    shutil.copytree(catalogs.TRANSLATIONS / language, tmp_path / language)
    for mo in tmp_path.glob("*/LC_MESSAGES/*.mo"):
        mo.unlink()
    catalogs.compile_all(tmp_path)
    with catalogs.mo_path(tmp_path / language).open("rb") as file:
        said = gettext.GNUTranslations(file)
    english = []
    for _language, _area, catalog in (c for c in area_catalogs() if c[0] == language):
        for message in catalog:
            if not message.pluralizable:
                continue
            singular, plural = message.id[0], message.id[1]
            for count in (1, 2, 5, 0, 1_000_000):
                words = (
                    said.npgettext(message.context, singular, plural, count)
                    if message.context
                    else said.ngettext(singular, plural, count)
                )
                if words in (singular, plural):
                    english.append((singular, count))
    assert english == []
