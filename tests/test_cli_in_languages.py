"""The command line's help and Click's own sentences in the terminal's language.

The real CLI runs in a process of its own with the terminal's LANG, as a club's organiser
types it; the words expected are written here by hand. Every command's help is then read in
Spanish and Portuguese and no English sentence of the catalogs (their msgids, cut at their
placeholders) may be left in it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from scorekeeper import catalogs
from scorekeeper.cli import main
from tests.words import english_fragments, english_in

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def scorekeeper(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {name: value for name, value in os.environ.items() if name not in LANGUAGE_VARIABLES}
    env["LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


# The terminal's LANG, then words its reader must find in the help and in a refusal.
SPOKEN = {
    "es_DO.UTF-8": (
        ["Uso:", "[OPCIONES] DESTINO", "Opciones:", "Muestra este mensaje y termina."],
        ["Error: No existe la opción '--bogus'.", "Prueba", "para ver la ayuda."],
    ),
    "pt_BR.UTF-8": (
        ["Uso:", "[OPÇÕES] DESTINO", "Opções:", "Mostra esta mensagem e sai."],
        ["Erro: A opção '--bogus' não existe.", "Tente", "para ver a ajuda."],
    ),
    "C.UTF-8": (
        ["Usage:", "[OPTIONS] TARGET", "Options:", "Show this message and exit."],
        ["Error: No such option '--bogus'.", "Try", "for help."],
    ),
}


@pytest.mark.parametrize("lang", list(SPOKEN))
def test_help_and_clicks_refusals_follow_the_terminals_language(lang: str) -> None:
    help_words, no_such_option = SPOKEN[lang]
    shown = scorekeeper(lang, "backup", "--help")
    assert shown.returncode == 0, shown.stderr
    for words in help_words:
        assert words in shown.stdout, (words, shown.stdout)
    bogus = scorekeeper(lang, "backup", "--bogus")
    assert bogus.returncode == 2 and bogus.stdout == ""
    for words in no_such_option:
        assert words in bogus.stderr, (words, bogus.stderr)


def cli(lang: str, *args: str) -> Any:
    """The CLI run in this process (quicker), with the terminal's language variables."""
    env = {name: "" for name in LANGUAGE_VARIABLES} | {"LANG": lang}
    return CliRunner().invoke(main, list(args), env=env)


def test_a_missing_or_bad_value_is_refused_in_the_terminals_language() -> None:
    missing = cli("es_DO.UTF-8", "backup")
    assert missing.exit_code == 2
    assert "Error: Falta el argumento 'DESTINO'." in missing.output
    assert "Erro: Falta o argumento 'DESTINO'." in cli("pt_BR.UTF-8", "backup").output
    assert "Error: Missing argument 'TARGET'." in cli("C.UTF-8", "backup").output
    port = cli("es_DO.UTF-8", "serve", "--port", "abc")
    assert port.exit_code == 2
    assert "Error: Valor no válido para '--port': 'abc' no es un número válido." in port.output
    folder = cli("pt_BR.UTF-8", "import", "/")
    assert folder.exit_code == 2
    assert "Erro: Valor inválido para 'ORIGEM': Arquivo '/' é uma pasta." in folder.output
    # One process, three readers: the help option made for the first speaks to each in turn.
    assert "Muestra este mensaje y termina." in cli("es_DO.UTF-8", "init-db", "--help").output
    assert "Show this message and exit." in cli("C.UTF-8", "init-db", "--help").output


def every_help(lang: str) -> dict[str, Any]:
    helps = {"scorekeeper": cli(lang, "--help")}
    for name in main.commands:
        helps[name] = cli(lang, name, "--help")
    return helps


@pytest.mark.parametrize(("lang", "language"), [("es_DO.UTF-8", "es"), ("pt_BR.UTF-8", "pt_BR")])
def test_no_english_is_left_in_any_help(lang: str, language: str) -> None:
    fragments = english_fragments(language)
    assert len(fragments) > 100, "the catalogs have no sentences to look for"
    helps = every_help(lang)
    assert set(helps) >= {"scorekeeper", "serve", "init-db", "backup", "export", "import"}
    left = {}
    for name, result in helps.items():
        assert result.exit_code == 0, (name, result.output)
        found = english_in(result.output, fragments)
        if found:
            left[name] = found
    assert left == {}
    # The sweep reads what an English terminal reads too: the help is there to be looked in.
    english = every_help("C.UTF-8")
    assert "Show this message and exit." in english["serve"].output
    assert "Address to listen on." in english["serve"].output


def test_every_sentence_click_says_is_in_the_terminals_catalog() -> None:
    """Click's own sentences are translated from our `terminal` catalog: a Click release that
    says something new (or words an old sentence anew) must find it there, or a Spanish
    terminal reads it in English. `scripts/catalogs` says how to bring the catalog in line."""
    said_by_click = {
        (message.id, message.context)
        for message in catalogs.extract([str(Path(click.__file__).parent)])
        if message.id
    }
    for language in catalogs.LANGUAGES:
        path = catalogs.TRANSLATIONS / language / "LC_MESSAGES" / "terminal.po"
        with path.open("rb") as file:
            held = {(message.id, message.context) for message in read_po(file) if message.id}
        assert sorted(map(str, said_by_click - held)) == [], language


def test_serve_refuses_a_port_it_cannot_listen_on_in_the_terminals_language(tmp_path: Path) -> None:
    """A port out of range is refused by Click in the terminal's words; a port another program
    holds is said in a sentence, not a traceback, with the port as it was typed."""
    too_big = cli("es_DO.UTF-8", "serve", "--port", "99999")
    assert too_big.exit_code == 2
    assert "Error: Valor no válido para '--port': 99999 no está entre 0<=x<=65535." in (
        too_big.output
    )
    no_threads = cli("pt_BR.UTF-8", "serve", "--threads", "0")
    assert no_threads.exit_code == 2 and "Valor inválido para '--threads'" in no_threads.output
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        database = str(tmp_path / "club.sqlite3")
        refused = scorekeeper(
            "es_DO.UTF-8",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database",
            database,
        )
    assert refused.returncode == 1, refused.stderr
    assert "Traceback" not in refused.stderr
    assert f"No se puede escuchar en 127.0.0.1, puerto {port} (" in refused.stderr
    assert "puede que otro programa esté usando el puerto." in refused.stderr
