"""Moving games between instances: a game or a whole league as one JSON document, and back.

The document carries every stored column of a game and of every table that belongs to a
game (hands, the change log, live plays, …), and of a league and every table that belongs
to a league (seasons, …): the tables are found from the schema, so a table added by a
later migration travels too. An import recreates the same records; scorer and league
tokens keep working, since their hashes travel. Left behind: idempotency keys (they only
matter for a retry in flight) and this database's own numbering (integer ids; a game's
league travels as its slug).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from sqlite_utils import Database

from scorekeeper import games, import_checks, store
from scorekeeper.db import write_transaction
from scorekeeper.errors import BadRequest, Conflict, NotFound

FORMAT = "scorekeeper-export"
FORMAT_VERSION = 1
STAYS_BEHIND = {"request_keys"}

Row = dict[str, Any]


@dataclass(frozen=True)
class Imported:
    """What an import added."""

    leagues: tuple[str, ...]
    games: int
    hands: int


def tables_with(db: Database, column: str) -> list[str]:
    """The tables that belong to a game (`game_id`) or a league (`league_id`)."""
    return [
        name
        for name in db.table_names()
        if name not in STAYS_BEHIND | {"games"} and column in db.table(name).columns_dict
    ]


def portable(db: Database, table: str, row: Mapping[str, Any], owner: str) -> Row:
    """The row without its owner's id and without this database's own integer id."""
    local = {owner} | ({"id"} if db.table(table).pks == ["id"] else set())
    return {key: value for key, value in row.items() if key not in local}


def owned_rows(db: Database, owner: str, owner_id: Any) -> dict[str, list[Row]]:
    return {
        table: [
            portable(db, table, row, owner)
            for row in db.query(
                f"select * from [{table}] where [{owner}] = ? order by rowid", [owner_id]
            )
        ]
        for table in tables_with(db, owner)
    }


# --- export --------------------------------------------------------------------------


def export_game(db: Database, game_id: str) -> dict[str, Any]:
    """One game, with its league's own row if it belongs to one."""
    row = store.game_row(db, game_id)
    if row is None:
        raise NotFound(f"There is no game {game_id} in this database.")
    leagues = [] if row["league_id"] is None else [league_record(db, row["league_id"], False)]
    return document(leagues, [game_record(db, row)])


def export_league(db: Database, slug: str) -> dict[str, Any]:
    """A league, what belongs to it (seasons, …) and every game in it."""
    league = store.league_row(db, slug)
    if league is None:
        raise NotFound(f"There is no league called {slug} in this database.")
    rows = db.query(
        "select * from games where league_id = ? order by created_at, id", [league["id"]]
    )
    return document([league_record(db, league["id"], True)], [game_record(db, r) for r in rows])


def document(leagues: list[Row], game_records: list[Row]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": store.now(),
        "leagues": leagues,
        "games": game_records,
    }


def league_record(db: Database, league_id: int, with_tables: bool) -> Row:
    row = next(iter(db.query("select * from leagues where id = ?", [league_id])))
    tables = owned_rows(db, "league_id", league_id) if with_tables else {}
    return {"league": portable(db, "leagues", row, "league_id"), "tables": tables}


def game_record(db: Database, row: Mapping[str, Any]) -> Row:
    game = {key: value for key, value in row.items() if key != "league_id"}
    return {
        "game": {**game, "league": store.league_slug(db, row["league_id"])},
        "tables": owned_rows(db, "game_id", row["id"]),
    }


# --- import --------------------------------------------------------------------------


def import_document(db: Database, doc: Any) -> Imported:
    """Recreate the document's leagues and games here, all or nothing.

    A game whose id is already here is refused (importing it again would double it), and
    so is a league whose slug belongs to a different league here. A league that is already
    here (same slug, same token) is kept as it is, and the games join it.
    """
    leagues, records = check_document(doc)
    with write_transaction(db):
        league_ids = dict(import_league(db, record) for record in leagues)
        hands = sum(import_game(db, record, league_ids) for record in records)
    return Imported(tuple(league_ids), len(records), hands)


def check_document(doc: Any) -> tuple[list[Row], list[Row]]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadRequest('This is not a Scorekeeper export (no "format": "scorekeeper-export").')
    if doc.get("format_version") != FORMAT_VERSION:
        raise BadRequest(
            f"This export is format version {doc.get('format_version')}; "
            f"this Scorekeeper reads version {FORMAT_VERSION}."
        )
    leagues, records = doc.get("leagues"), doc.get("games")
    if not is_list_of_objects(leagues) or not is_list_of_objects(records):
        raise BadRequest("An export needs a list of leagues and a list of games.")
    for record in (*leagues, *records):
        body, tables = record.get("league", record.get("game")), record.get("tables")
        if not isinstance(body, dict) or not isinstance(tables, dict):
            raise BadRequest("Every league and game in an export needs its row and its tables.")
        if not all(is_list_of_objects(rows) for rows in tables.values()):
            raise BadRequest("The tables of a league or game must be lists of rows.")
    return leagues, records


def is_list_of_objects(value: Any) -> TypeGuard[list[Row]]:
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def import_league(db: Database, record: Row) -> tuple[str, int]:
    league = record["league"]
    slug = league.get("slug")
    if not isinstance(slug, str):
        raise BadRequest("A league in the export has no slug.")
    existing = store.league_row(db, slug)
    if existing is not None:
        if existing["token_hash"] != league.get("token_hash"):
            raise Conflict(
                f"A different league called {slug} already exists here. Nothing was imported."
            )
        return slug, int(existing["id"])
    league_id = insert_rows(db, "leagues", [league])
    insert_owned(db, "league_id", league_id, record["tables"])
    import_checks.check_league(db, slug)
    return slug, league_id


def import_game(db: Database, record: Row, league_ids: Mapping[str, int]) -> int:
    """Insert one game and what belongs to it; returns how many hands it has."""
    row = dict(record["game"])
    game_id, slug = row.get("id"), row.pop("league", None)
    if not isinstance(game_id, str):
        raise BadRequest("A game in the export has no id.")
    if store.game_row(db, game_id) is not None:
        raise Conflict(
            f"Game {game_id} is already in this database: importing it again would double it. "
            "Nothing was imported."
        )
    if slug is not None and slug not in league_ids:
        raise BadRequest(f"Game {game_id} belongs to league {slug}, which the export lacks.")
    insert_rows(db, "games", [{**row, "league_id": league_ids[slug] if slug else None}])
    insert_owned(db, "game_id", game_id, record["tables"])
    import_checks.check_game(db, game_id)
    return len(games.load_game(db, game_id).hands)


def insert_owned(db: Database, owner: str, owner_id: Any, tables: Mapping[str, list[Row]]) -> None:
    known = tables_with(db, owner)
    for table, rows in tables.items():
        if table not in known:
            raise BadRequest(f"The export has a table this Scorekeeper doesn't know: {table}.")
        insert_rows(db, table, [{**row, owner: owner_id} for row in rows])


def insert_rows(db: Database, table: str, rows: list[Row]) -> int:
    """Insert rows as they are, refusing columns this database lacks; returns the last rowid."""
    known = set(db.table(table).columns_dict)
    last = 0
    for row in rows:
        unknown = sorted(set(row) - known)
        if unknown:
            raise BadRequest(
                f"The export has {table} columns this Scorekeeper doesn't know: {', '.join(unknown)}."
            )
        columns = ", ".join(f"[{column}]" for column in row)
        marks = ", ".join("?" for _ in row)
        try:
            cursor = db.conn.execute(
                f"insert into [{table}] ({columns}) values ({marks})", list(row.values())
            )
        except (
            sqlite3.IntegrityError,
            sqlite3.InterfaceError,
            sqlite3.ProgrammingError,
            OverflowError,  # a number past SQLite's 64 bits
        ) as error:
            raise BadRequest(
                f"The export's {table} rows are incomplete or clash: {error}."
            ) from None
        last = cursor.lastrowid or 0
    return last
