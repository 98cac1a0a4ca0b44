"""Refusals, the CLI's messages and the CSV headers in the reader's language (issue #16).

The API's `error` follows Accept-Language only (English without it), pages follow the
reader's choice (the `lang` cookie), the CLI follows the terminal's environment (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG), and the CSV exports name their columns in the requester's
language. The JSON keeps its shape whatever the language: `error`, and `field` when a field
is to blame.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.cli import main, where_to_open
from scorekeeper.settings import check_public_url
from tests.conftest import Api

THREE = ["Ann", "Bob", "Cy"]
HAND = {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"}
SPANISH = {"Accept-Language": "es-DO,es;q=0.9,en;q=0.5"}
PORTUGUESE = {"Accept-Language": "pt-BR,pt;q=0.9"}


def refused(response: Any, status: int) -> dict[str, Any]:
    """The refusal's JSON, holding to the API's shape: a sentence, and maybe the field."""
    assert response.status_code == status, response.get_data(as_text=True)
    body: dict[str, Any] = response.json
    assert set(body) <= {"error", "field"} and isinstance(body["error"], str) and body["error"]
    return body


def test_a_number_too_long_to_be_pips_is_refused_in_the_readers_language(api: Api) -> None:
    game = api.create("block", THREE)
    pips = '{"pips": {"Ann": 0, "Bob": ' + "9" * 5000 + ', "Cy": 7}, "domino": "Ann"}'
    said = {}
    for language, headers in (("en", {}), ("es", SPANISH), ("pt", PORTUGUESE)):
        response = api.client.post(
            f"/api/games/{game['id']}/hands",
            data=pips,
            content_type="application/json",
            headers=api.headers(game["id"], **headers),
        )
        said[language] = refused(response, 422)["error"]
    assert said == {
        "en": "A number in the body is far too long to be a score.",
        "es": "Un número del cuerpo es demasiado largo para ser un puntaje.",
        "pt": "Um número do corpo é comprido demais para ser uma pontuação.",
    }
    assert api.game(game["id"])["hands"] == []


def test_an_empty_hand_asks_for_the_pips_or_the_tiles_in_the_readers_language(api: Api) -> None:
    """`{}` gave "… or the tiles left, not both", as if both had been given."""
    game = api.create("block", THREE)
    said = {}
    for language, headers in (("en", {}), ("es", SPANISH), ("pt", PORTUGUESE)):
        response = api.client.post(
            f"/api/games/{game['id']}/hands", json={}, headers=api.headers(game["id"], **headers)
        )
        body = refused(response, 422)
        assert body["field"] == "pips"
        said[language] = body["error"]
    assert said == {
        "en": "Give the pips left in each hand, or the tiles left",
        "es": "Indica los puntos que quedan en cada mano, o las fichas que quedan",
        "pt": "Informe os pontos que sobraram em cada mão, ou as pedras que sobraram",
    }
    assert api.game(game["id"])["hands"] == []


def test_a_hand_number_beyond_any_game_is_named_in_plain_digits(api: Api) -> None:
    # Babel cannot write 10**25 in a region's format; the refusal still names it (a 500
    # once, found by schemathesis).
    game = api.create("block", THREE)
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"})
    huge = 10**25
    for headers in ({}, SPANISH, PORTUGUESE):
        response = api.client.put(
            f"/api/games/{game['id']}/hands/{huge}",
            json={"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"},
            headers=api.headers(game["id"], **headers),
        )
        assert str(huge) in refused(response, 404)["error"]
    assert len(api.game(game["id"])["hands"]) == 1


def test_a_stale_if_match_names_what_changed_in_spanish_and_portuguese(api: Api) -> None:
    game = api.create("block", THREE)
    api.hand(game["id"], HAND)  # another phone's hand: the game is at version 2
    stale = {"If-Match": '"1"'}
    spanish = api.post_hand(game["id"], HAND, **stale, **SPANISH)
    portuguese = api.post_hand(game["id"], HAND, **stale, **PORTUGUESE)
    assert refused(spanish, 409)["error"] == (
        "Esta partida cambió en otro teléfono desde que la abriste: la mano 1 ya estaba "
        "anotada (Ann 12, Bob 0, Cy 0). Mira los puntos más recientes e inténtalo de nuevo."
    )
    assert refused(portuguese, 409)["error"].startswith(
        "Esta partida mudou em outro celular desde que você a abriu: a mão 1 já tinha sido anotada"
    )
    assert len(api.game(game["id"])["hands"]) == 1


def test_a_missing_name_is_asked_for_with_the_field_named(client: FlaskClient) -> None:
    body = {"ruleset": "block", "players": ["Ann", "  "]}
    english = refused(client.post("/api/games", json=body), 422)
    spanish = refused(client.post("/api/games", json=body, headers=SPANISH), 422)
    portuguese = refused(client.post("/api/games", json=body, headers=PORTUGUESE), 422)
    assert english == {"error": "Every player needs a name", "field": "players"}
    assert spanish == {"error": "Cada jugador necesita un nombre", "field": "players"}
    assert portuguese == {"error": "Cada jogador precisa de um nome", "field": "players"}


def test_an_unknown_game_is_a_404_in_the_readers_language(client: FlaskClient) -> None:
    address = "/api/games/no-such-game"
    assert refused(client.get(address), 404) == {
        "error": "There is no game with that link. Check the address."
    }
    assert refused(client.get(address, headers=SPANISH), 404) == {
        "error": "No hay ninguna partida con ese enlace. Revisa la dirección."
    }
    assert refused(client.get(address, headers=PORTUGUESE), 404) == {
        "error": "Não existe nenhuma partida com esse link. Confira o endereço."
    }


def test_an_address_that_does_not_do_that_says_so_in_the_readers_language(
    client: FlaskClient,
) -> None:
    assert refused(client.delete("/api/games", headers=SPANISH), 405) == {
        "error": "Esta dirección no hace eso."
    }
    assert refused(client.delete("/api/games", headers=PORTUGUESE), 405) == {
        "error": "Este endereço não faz isso."
    }


def test_the_api_ignores_the_language_cookie(client: FlaskClient) -> None:
    """A program's request is answered in the language it asks for, not a browser's choice."""
    client.set_cookie("lang", "es")
    assert refused(client.get("/api/games/nope"), 404)["error"].startswith("There is no game")


def test_too_many_writes_is_a_429_in_the_readers_language(database: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "t",
            "RATE_LIMIT_BURST": 2,
            "RATE_LIMIT_PER_SECOND": 0.01,
        }
    )
    client = app.test_client()
    body = {"ruleset": "block", "players": THREE}
    for _ in range(2):
        assert client.post("/api/games", json=body).status_code == 201
    spanish = client.post("/api/games", json=body, headers=SPANISH)
    portuguese = client.post("/api/games", json=body, headers=PORTUGUESE)
    assert int(spanish.headers["Retry-After"]) > 0
    assert refused(spanish, 429)["error"] == (
        "Demasiados cambios desde este dispositivo en poco tiempo. "
        "Espera un momento e inténtalo de nuevo."
    )
    assert refused(portuguese, 429)["error"] == (
        "Alterações demais deste aparelho em pouco tempo. Espere um pouco e tente de novo."
    )


def test_a_body_far_too_large_is_a_413_in_the_readers_language(client: FlaskClient) -> None:
    huge = json.dumps({"ruleset": "block", "players": ["A" * 100_000]})
    answers = {
        language: client.post(
            "/api/games", data=huge, content_type="application/json", headers=headers
        )
        for language, headers in (("en", {}), ("es", SPANISH), ("pt", PORTUGUESE))
    }
    assert {language: refused(r, 413)["error"] for language, r in answers.items()} == {
        "en": "That request is far larger than any real entry.",
        "es": "Esa petición es muchísimo más grande que cualquier anotación real.",
        "pt": "Essa requisição é muito maior do que qualquer anotação real.",
    }


@contextmanager
def write_lock_held(database: Path) -> Iterator[None]:
    """Another connection (a backup, a stuck writer) holds the write lock until the block ends."""
    with closing(sqlite3.connect(database, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")


def test_a_busy_database_is_a_503_in_the_readers_language(database: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "t",
            "RATE_LIMIT_BURST": 0,
            "DATABASE_BUSY_TIMEOUT_MS": 200,
        }
    )
    client = app.test_client()
    body = {"ruleset": "block", "players": THREE}
    with write_lock_held(database):
        spanish = client.post("/api/games", json=body, headers=SPANISH)
        portuguese = client.post("/api/games", json=body, headers=PORTUGUESE)
    assert int(spanish.headers["Retry-After"]) > 0
    assert refused(spanish, 503)["error"] == (
        "No se pudieron guardar los puntos ahora mismo: el disco de la computadora está ocupado "
        "o lleno. No se anotó nada. Inténtalo de nuevo en unos segundos."
    )
    assert refused(portuguese, 503)["error"].startswith("Não foi possível salvar os pontos agora")
    assert client.get("/api/games/none").status_code == 404  # and nothing else went wrong


def test_a_page_form_refusal_follows_the_language_cookie(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    client.set_cookie("lang", "es")
    twice = {"player-1": "Ann", "player-2": "Ann"}
    page = client.post("/new/block", data=twice)
    assert page.status_code == 422
    assert "Ann aparece dos veces: cada jugador necesita un nombre distinto" in page.get_data(
        as_text=True
    )
    # The same phone with no choice made is answered in English.
    english = app.test_client().post("/new/block", data=twice)
    assert "Ann is named twice: each player needs a different name" in english.get_data(True)


def test_the_error_page_is_in_the_readers_language(client: FlaskClient) -> None:
    client.set_cookie("lang", "pt")
    page = client.get("/games/no-such-game")
    assert page.status_code == 404
    assert "Não existe nenhuma partida com esse link. Confira o endereço." in page.get_data(True)


def cli(env: dict[str, str], *args: object) -> Any:
    runner = CliRunner()
    clean = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", **env}
    return runner.invoke(main, [str(arg) for arg in args], env=clean)


def test_the_cli_speaks_the_terminals_language(tmp_path: Path, database: Path) -> None:
    spanish = {"LANG": "es_ES.UTF-8"}
    ready = cli(spanish, "init-db", "--database", database)
    assert ready.exit_code == 0 and f"Base de datos lista: {database}" in ready.output
    not_json = tmp_path / "notes.txt"
    not_json.write_text("not an export", encoding="utf-8")
    refusal = cli(spanish, "import", not_json, "--database", database)
    assert refusal.exit_code == 1
    assert f"Error: {not_json} no es una exportación JSON: no es JSON (línea 1, columna 1)" in (
        refusal.output
    )
    missing = cli(
        spanish, "export", "--game", "nope", tmp_path / "out.json", "--database", database
    )
    assert missing.exit_code == 1
    assert "Error: No hay ninguna partida nope en esta base de datos." in missing.output


def test_the_cli_follows_language_before_lang_and_defaults_to_english(database: Path) -> None:
    portuguese = cli(
        {"LANGUAGE": "pt_BR:en", "LANG": "es_DO.UTF-8"}, "init-db", "--database", database
    )
    assert f"Banco de dados pronto: {database}" in portuguese.output
    for env in ({}, {"LANG": "C.UTF-8"}, {"LANG": "fr_FR.UTF-8"}):
        assert f"Database ready: {database}" in cli(env, "init-db", "--database", database).output


def league_with_a_game(client: FlaskClient) -> str:
    league = client.post("/api/leagues", json={"name": "Club Los Amigos"}).json
    created = client.post(
        "/api/games",
        json={"ruleset": "block", "players": ["María José", "Bob", "Cy"], "league": league["slug"]},
        headers={"X-League-Token": league["league_token"]},
    ).json
    token = {"X-Scorer-Token": created["scorer_token"]}
    won = {"pips": {"María José": 0, "Bob": 30, "Cy": 40}, "domino": "María José"}
    for _ in range(20):
        hand = client.post(f"/api/games/{created['id']}/hands", json=won, headers=token)
        assert hand.status_code == 201, hand.json
        if hand.json["status"] == "finished":
            break
    slug: str = league["slug"]
    return slug


def test_the_standings_csv_names_its_columns_in_spanish(client: FlaskClient) -> None:
    slug = league_with_a_game(client)
    spanish = client.get(f"/leagues/{slug}/standings.csv", headers=SPANISH).data
    english = client.get(f"/leagues/{slug}/standings.csv").data
    assert spanish.startswith("\ufeff".encode()) and english.startswith("\ufeff".encode())
    spanish_rows = list(csv.reader(io.StringIO(spanish.decode("utf-8-sig"))))
    english_rows = list(csv.reader(io.StringIO(english.decode("utf-8-sig"))))
    assert spanish_rows[0][:6] == [
        "Reglas (id)",
        "Juego",
        "Temporada",
        "Puesto",
        "Jugador",
        "Partidas jugadas",
    ]
    assert english_rows[0][:6] == ["ruleset", "game", "season", "place", "player", "played"]
    # Numbers, names, ids and dates are the same in either language; a cell that is a word is
    # in the reader's words (the English file keeps its keys, which scripts compare).
    words = {"game": 1, "season": 2, "rating_certainty": 13, "form": 14}
    assert [english_rows[0][column] for column in words.values()] == list(words)
    assert [[row[column] for column in words.values()] for row in english_rows[1:]] == [
        ["Block Dominoes", "all time", "unsure: few games", "W"],
        ["Block Dominoes", "all time", "unsure: few games", "L"],
        ["Block Dominoes", "all time", "unsure: few games", "L"],
    ]
    assert [[row[column] for column in words.values()] for row in spanish_rows[1:]] == [
        ["Dominó de bloqueo", "desde siempre", "inseguro: pocas partidas", "G"],
        ["Dominó de bloqueo", "desde siempre", "inseguro: pocas partidas", "P"],
        ["Dominó de bloqueo", "desde siempre", "inseguro: pocas partidas", "P"],
    ]
    for english_row, spanish_row in zip(english_rows[1:], spanish_rows[1:], strict=True):
        for column in set(range(len(english_row))) - set(words.values()):
            assert spanish_row[column] == english_row[column]
    assert spanish_rows[1][4] == "María José"


def test_the_games_csv_says_a_games_state_and_its_winner_in_portuguese(
    client: FlaskClient,
) -> None:
    slug = league_with_a_game(client)
    rows = {
        language: list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))
        for language, answer in (
            ("en", client.get(f"/leagues/{slug}/games.csv")),
            ("pt", client.get(f"/leagues/{slug}/games.csv", headers=PORTUGUESE)),
        )
    }
    state, won = 3, 7  # Status, Won the game
    assert [rows["en"][0][state], rows["en"][0][won]] == ["status", "won"]
    assert [rows["pt"][0][state], rows["pt"][0][won]] == ["Situação", "Venceu a partida"]
    assert [(row[4], row[state], row[won]) for row in rows["en"][1:]] == [
        ("María José", "finished", "yes"),
        ("Bob", "finished", "no"),
        ("Cy", "finished", "no"),
    ]
    assert [(row[4], row[state], row[won]) for row in rows["pt"][1:]] == [
        ("María José", "terminada", "sim"),
        ("Bob", "terminada", "não"),
        ("Cy", "terminada", "não"),
    ]


def test_a_nights_seats_csv_names_its_columns_in_portuguese(client: FlaskClient) -> None:
    league = client.post("/api/leagues", json={"name": "Clube"}).json
    organiser = {"X-League-Token": league["league_token"]}
    night = client.post(
        f"/api/leagues/{league['slug']}/nights",
        json={"ruleset": "eighty"},  # tables of four: one of five sits out
        headers=organiser,
    )
    assert night.status_code == 201, night.json
    number = night.json["number"]
    seats = client.get(f"/leagues/{league['slug']}/nights/{number}/seats.csv", headers=PORTUGUESE)
    header = next(csv.reader(io.StringIO(seats.data.decode("utf-8-sig"))))
    assert seats.data.startswith("\ufeff".encode())
    assert header[:4] == ["Rodada", "Mesa", "Lugar", "Jogador"]
    entrants = {"add": ["Ann", "Bob", "Cy", "Dee", "Eve"]}
    path = f"/api/leagues/{league['slug']}/nights/{number}"
    assert client.post(f"{path}/players", json=entrants, headers=organiser).status_code == 200
    seated = client.post(f"{path}/rounds", json={"round": 1}, headers=organiser)
    assert seated.status_code == 201, seated.json
    for headers, playing, sitting_out in (
        (PORTUGUESE, ("em andamento", "não"), "folga"),
        (SPANISH, ("en juego", "no"), "descansa"),
        ({}, ("in_progress", "no"), "bye"),
    ):
        seats = client.get(f"/leagues/{league['slug']}/nights/{number}/seats.csv", headers=headers)
        rows = list(csv.reader(io.StringIO(seats.data.decode("utf-8-sig"))))[1:]
        assert {(row[6], row[10]) for row in rows if row[2]} == {playing}  # status, time called
        assert [row[6] for row in rows if not row[2]] == [sitting_out]  # five at tables of four


def test_serve_says_where_to_open_it_in_the_terminals_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    laptop_only = where_to_open(None, "127.0.0.1", 5000)
    assert laptop_only[0] == "Abra neste notebook: http://127.0.0.1:5000/"
    assert laptop_only[1].startswith(
        "Os celulares não conseguem acessar este servidor: ele só escuta em 127.0.0.1"
    )
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert (
        where_to_open(None, "127.0.0.1", 5000)[0] == "Open on this laptop: http://127.0.0.1:5000/"
    )


def test_the_standings_api_says_how_points_are_counted_in_the_readers_language(
    client: FlaskClient,
) -> None:
    slug = league_with_a_game(client)
    english = client.get(f"/api/leagues/{slug}/standings").json
    spanish = client.get(f"/api/leagues/{slug}/standings", headers=SPANISH).json
    portuguese = client.get(f"/api/leagues/{slug}/standings", headers=PORTUGUESE).json
    assert english["points"].startswith("Points for: the final total of the player's side.")
    assert spanish["points"].startswith("A favor: el total final del lado del jugador.")
    assert portuguese["points"].startswith("Pró: o total final do lado do jogador.")
    # The same figures whatever the language: only the sentence changes.
    assert spanish["rows"] == english["rows"] == portuguese["rows"]


@pytest.mark.parametrize(
    "command",
    [["init-db"], ["serve", "--port", "0"], ["backup", "copy.sqlite3"], ["export", "--game", "x"]],
    ids=["init-db", "serve", "backup", "export"],
)
def test_a_file_that_is_no_database_is_refused_in_a_sentence(
    tmp_path: Path, command: list[str]
) -> None:
    """--database naming the wrong file (notes, an export) ended in SQLite's traceback."""
    notes = tmp_path / "club.sqlite3"
    notes.write_text("Thursday: bring the double-nine set\n", encoding="utf-8")
    args = [*command, *([tmp_path / "out.json"] if command[0] == "export" else [])]
    english = cli({}, *args, "--database", notes)
    assert english.exit_code == 1, english.output
    assert f"Error: {notes} is not a Scorekeeper database: it is another kind of file." in (
        english.output
    )
    spanish = cli({"LANG": "es_ES.UTF-8"}, *args, "--database", notes)
    assert f"Error: {notes} no es una base de datos de Scorekeeper: es otro tipo de archivo." in (
        spanish.output
    )
    assert notes.read_text(encoding="utf-8") == "Thursday: bring the double-nine set\n"
    assert not (tmp_path / "copy.sqlite3").exists() and not (tmp_path / "out.json").exists()


def test_a_database_in_a_folder_that_cannot_be_is_refused_in_a_sentence(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "export.json"
    not_a_folder.write_text("{}", encoding="utf-8")
    refused = cli({"LANGUAGE": "pt_BR"}, "init-db", "--database", not_a_folder / "club.sqlite3")
    assert refused.exit_code == 1, refused.output
    assert (
        f"Erro: Não é possível abrir {not_a_folder / 'club.sqlite3'}: confira se a pasta existe"
        in refused.output
    )


def test_a_backup_never_replaces_what_is_not_a_file(tmp_path: Path, database: Path) -> None:
    """The copy is renamed over its target once whole: a backup to a device (as root, to
    /dev/full) had put a file in its place and said "Backed up"."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    refused = cli({}, "backup", pipe, "--database", database)
    assert refused.exit_code == 1, refused.output
    assert f"Error: {pipe} is not a file: writing there would replace it." in refused.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    exported = cli({}, "export", "--game", "x", pipe, "--database", database)
    assert f"Error: {pipe} is not a file: writing there would replace it." in exported.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def exported_game(database: Path) -> str:
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"})
    created = app.test_client().post("/api/games", json={"ruleset": "block", "players": ["A", "B"]})
    return str((created.json or {})["id"])


def test_an_export_or_backup_into_a_folder_that_is_not_there_says_so(
    tmp_path: Path, database: Path
) -> None:
    """Python's traceback ended both ("FileNotFoundError", or SQLite's "unable to open")."""
    game, missing = exported_game(database), tmp_path / "no such folder"
    export = cli(
        {"LANG": "es_ES.UTF-8"},
        "export",
        "--game",
        game,
        missing / "g.json",
        "--database",
        database,
    )
    assert export.exit_code == 1, export.output
    assert (
        f"Error: No se pudo escribir {missing / 'g.json'}: su carpeta no existe. "
        "No se escribió nada." in export.output
    )
    backup = cli({}, "backup", missing / "club.sqlite3", "--database", database)
    assert backup.exit_code == 1, backup.output
    assert "Error: The backup failed: its folder does not exist" in backup.output
    assert not missing.exists()


def test_an_export_on_a_full_disk_leaves_the_earlier_one_whole(
    tmp_path: Path, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, target = exported_game(database), tmp_path / "exports" / "game.json"
    target.parent.mkdir()
    target.write_text("last week's export\n", encoding="utf-8")

    def full(self: Path, *_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_text", full)
    refused = cli({}, "export", "--game", game, target, "--database", database)
    monkeypatch.undo()
    assert refused.exit_code == 1, refused.output
    assert f"Error: {target} could not be written: the disk is full. Nothing was written." in (
        refused.output
    )
    assert target.read_text(encoding="utf-8") == "last week's export\n"
    assert sorted(path.name for path in target.parent.iterdir()) == ["game.json"]


def test_serve_refuses_more_threads_than_a_laptop_can_start(database: Path) -> None:
    refused = cli({"LANG": "es_ES.UTF-8"}, "serve", "--threads", "100000", "--database", database)
    assert refused.exit_code == 2, refused.output
    assert "Valor no válido para '--threads': 100000 no está entre 1<=x<=256." in refused.output


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "scores at the club",
        "http://",
        "http://a..b/",
        "http://club:99999/",
        "http://" + "a" * 300,
    ],
)
def test_serve_refuses_a_public_address_phones_cannot_open(database: Path, url: str) -> None:
    """Every link and QR code starts with it: a javascript: address went into them, and a
    long one ended in the QR code's traceback."""
    # A host no server can listen on: without the check, serve stops there instead of serving.
    refused = cli({}, "serve", "--host", "999.1.1.1", "--public-url", url, "--database", database)
    assert refused.exit_code == 1, refused.output
    assert f"Error: The public address {url[:80]} is not one phones can open" in refused.output


def test_the_public_address_may_be_a_laptops_a_hosts_or_a_folder_of_one() -> None:
    for url in (
        "http://192.168.1.20:5000",
        "https://scores.club.example/sk",
        "http://clúb.example",
    ):
        check_public_url(url)  # no refusal


@pytest.mark.parametrize(
    ("variable", "value", "said", "in_spanish"),
    [
        (
            "RATE_LIMIT_BURST",
            "abc",
            "The setting RATE_LIMIT_BURST must be a number, 0 or more, not 'abc'.",
            "El ajuste RATE_LIMIT_BURST debe ser un número, 0 o más, no 'abc'.",
        ),
        (
            "RATE_LIMIT_PER_SECOND",
            "-2",
            "The setting RATE_LIMIT_PER_SECOND must be a number, 0 or more, not -2.",
            "El ajuste RATE_LIMIT_PER_SECOND debe ser un número, 0 o más, no -2.",
        ),
        (
            "TRUST_PROXY",
            "maybe",
            "The setting TRUST_PROXY must be True, False or how many proxies stand in front",
            "El ajuste TRUST_PROXY debe ser True, False o cuántos proxies hay delante",
        ),
        (
            "MAX_CONTENT_LENGTH",
            "abc",
            "The setting MAX_CONTENT_LENGTH must be a whole number above 0, not 'abc'.",
            "El ajuste MAX_CONTENT_LENGTH debe ser un número entero mayor que 0, no 'abc'.",
        ),
        (
            "PUBLIC_URL",
            "javascript:alert(1)",
            "The public address javascript:alert(1) is not one phones can open",
            "La dirección pública javascript:alert(1) no es una que los teléfonos puedan abrir",
        ),
    ],
    ids=["burst", "per second", "proxy", "body", "public address"],
)
def test_a_setting_the_app_cannot_run_with_is_refused_as_it_starts(
    database: Path, variable: str, value: str, said: str, in_spanish: str
) -> None:
    """A wrong SCOREKEEPER_* variable (or line of instance/config.py) ended in a traceback as
    the server started, or (MAX_CONTENT_LENGTH) in a 500 for every phone's first change."""
    setting = {f"SCOREKEEPER_{variable}": value}
    refused = cli(setting, "init-db", "--database", database)
    assert refused.exit_code == 1, refused.output
    assert f"Error: {said}" in refused.output
    spanish = cli({**setting, "LANG": "es_ES.UTF-8"}, "init-db", "--database", database)
    assert f"Error: {in_spanish}" in spanish.output


def test_settings_written_as_text_are_read_as_the_numbers_they_are(database: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "t",
            "RATE_LIMIT_BURST": "3",
            "MAX_CONTENT_LENGTH": "1000",
            "TRUST_PROXY": 2,
        }
    )
    assert app.config["RATE_LIMIT_BURST"] == 3.0 and app.config["MAX_CONTENT_LENGTH"] == 1000
    too_long = app.test_client().post(
        "/api/games", data="x" * 2000, content_type="application/json"
    )
    assert too_long.status_code == 413


def test_a_mistake_in_the_clubs_config_file_is_a_sentence_with_its_line(
    tmp_path: Path, database: Path
) -> None:
    """instance/config.py is Python: a quote left open ended in SyntaxError's traceback."""
    config = tmp_path / "config.py"
    config.write_text('RATE_LIMIT_BURST = 60\nPUBLIC_URL = "http://192.168.1.20:5000\n')
    refused = cli(
        {"SCOREKEEPER_INSTANCE": str(tmp_path), "LANG": "es_ES.UTF-8"},
        "init-db",
        "--database",
        database,
    )
    assert refused.exit_code == 1, refused.output
    assert f"Error: {config} tiene un error en la línea 2: " in refused.output
    config.write_text("RATE_LIMIT_BURST = sixty\n")
    named = cli({"SCOREKEEPER_INSTANCE": str(tmp_path)}, "init-db", "--database", database)
    assert f"Error: {config} could not be read: name 'sixty' is not defined." in named.output
    config.write_text("RATE_LIMIT_BURST = 60\n")
    fine = cli({"SCOREKEEPER_INSTANCE": str(tmp_path)}, "init-db", "--database", database)
    assert fine.exit_code == 0, fine.output


def test_a_forms_own_refusals_are_in_the_readers_language_from_a_catalog_read_once(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WTForms says "This field is required." itself: in Spanish and Portuguese from its own
    catalog, which flask-wtf read and parsed from disk again on every request with a form."""
    app = client.application
    app.config.update(WTF_CSRF_ENABLED=False, RATE_LIMIT_BURST=0)
    league = client.post("/api/leagues", json={"name": "Club"}).json or {}
    client.get(f"/leagues/{league['slug']}/admin/{league['league_token']}")
    loads: list[str] = []
    load = Translations.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Translations], *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("domain") == "wtforms":
            loads.append(str(args[1][0]))
        return load(cls, *args, **kwargs)

    monkeypatch.setattr(Translations, "load", classmethod(counted))
    said = []
    for language in ("es", "pt", "es", "pt", "en"):
        client.set_cookie("lang", language)
        page = client.post(f"/leagues/{league['slug']}/seasons", data={"name": ""})
        assert page.status_code == 422
        said.append(re.findall(r'class="field-error"[^>]*>([^<]+)<', page.get_data(True))[0])
    assert said == [
        "Este campo es obligatorio.",
        "Campo obrigatório.",
        "Este campo es obligatorio.",
        "Campo obrigatório.",
        "This field is required.",
    ]
    assert sorted(loads) == ["en", "es", "pt_BR"]  # once per language, not once per request


@pytest.mark.parametrize(
    ("unseen", "shown"),
    [("\x01\x7f", "\ufffd\ufffd"), ("\u200b", "\ufffd"), ("club\x1b[2J", "club\ufffd[2J")],
)
def test_a_game_or_slug_of_unseen_characters_is_refused_showing_them(
    database: Path, unseen: str, shown: str
) -> None:
    """Characters a terminal shows as nothing, or acts on, are repeated as "\ufffd": the
    organiser sees something was there, not "There is no league  in …"."""
    game = cli({}, "scorer-link", "--database", database, "--", unseen)
    assert game.exit_code == 1
    assert f"There is no game {shown} in " in game.output, game.output
    league = cli({"LANG": "es_ES.UTF-8"}, "league-link", "--database", database, "--", unseen)
    assert league.exit_code == 1
    assert f"No hay ninguna liga {shown} en " in league.output, league.output
    for refused in (game, league):
        assert "\x1b" not in refused.output and "\u200b" not in refused.output


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_game_or_slug_is_asked_for_in_the_terminals_language(
    database: Path, blank: str
) -> None:
    """A script's empty variable: not "There is no game  in …" with a gap for the name."""
    english = cli({}, "scorer-link", "--database", database, "--", blank)
    assert english.exit_code == 1
    assert "GAME is empty: give a game's id or its scorer link" in english.output
    spanish = cli({"LANG": "es_ES.UTF-8"}, "scorer-link", "--database", database, "--", blank)
    assert (
        spanish.exit_code == 1 and "PARTIDA está vacía: da el id de una partida" in spanish.output
    )
    league = cli({"LANGUAGE": "pt_BR"}, "league-link", "--database", database, "--", blank)
    assert league.exit_code == 1 and "NOME-CURTO está vazio: informe o nome curto" in league.output
    for refused in (english, spanish, league):
        assert "  " not in refused.output.strip()
