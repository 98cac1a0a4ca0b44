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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from scorekeeper import games, import_checks, store
from scorekeeper.errors import BadRequest, Conflict, NotFound
from scorekeeper.store import Connection, write_transaction
from scorekeeper.store.transfer import Row, insert_rows, owned_rows, portable, tables_with
from scorekeeper.words import say

FORMAT = "scorekeeper-export"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Imported:
    """What an import added."""

    leagues: tuple[str, ...]
    games: int
    hands: int


# --- export --------------------------------------------------------------------------


def export_game(db: Connection, game_id: str) -> dict[str, Any]:
    """One game, with its league's own row if it belongs to one."""
    row = store.transfer.game_row(db, game_id)
    if row is None:
        raise NotFound(say("There is no game %(id)s in this database.", id=game_id))
    leagues = [] if row["league_id"] is None else [league_record(db, row["league_id"], False)]
    return document(leagues, [game_record(db, row)])


def export_league(db: Connection, slug: str) -> dict[str, Any]:
    """A league, what belongs to it (seasons, …) and every game in it."""
    league = store.league(db, slug)
    if league is None:
        raise NotFound(say("There is no league called %(slug)s in this database.", slug=slug))
    rows = store.transfer.league_game_rows(db, league.id)
    return document([league_record(db, league.id, True)], [game_record(db, r) for r in rows])


def document(leagues: list[Row], game_records: list[Row]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": store.now(),
        "leagues": leagues,
        "games": game_records,
    }


def league_record(db: Connection, league_id: int, with_tables: bool) -> Row:
    row = store.transfer.league_row(db, league_id)
    assert row is not None  # the game or league naming it holds a foreign key
    tables = owned_rows(db, "league_id", league_id) if with_tables else {}
    return {"league": portable(db, "leagues", row, "league_id"), "tables": tables}


def game_record(db: Connection, row: Mapping[str, Any]) -> Row:
    game = {key: value for key, value in row.items() if key != "league_id"}
    return {
        "game": {**game, "league": store.league_slug(db, row["league_id"])},
        "tables": owned_rows(db, "game_id", row["id"]),
    }


# --- import --------------------------------------------------------------------------


def import_document(db: Connection, doc: Any) -> Imported:
    """Recreate the document's leagues and games here, all or nothing.

    A game whose id is already here is refused (importing it again would double it), and
    so is a league whose slug belongs to a different league here. A league that is already
    here (same slug, same token) is kept as it is, and the games join it.
    """
    leagues, records = check_document(doc)
    with write_transaction(db) as tx:
        league_ids = dict(import_league(tx, record) for record in leagues)
        hands = sum(import_game(tx, record, league_ids) for record in records)
    return Imported(tuple(league_ids), len(records), hands)


def check_document(doc: Any) -> tuple[list[Row], list[Row]]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadRequest(
            say('This is not a Scorekeeper export (no "format": "scorekeeper-export").')
        )
    if doc.get("format_version") != FORMAT_VERSION:
        raise BadRequest(
            say(
                "This export is format version %(given)s; this Scorekeeper reads version %(read)s.",
                given=str(doc.get("format_version"))[:20],
                read=str(FORMAT_VERSION),
            )
        )
    leagues, records = doc.get("leagues"), doc.get("games")
    if not is_list_of_objects(leagues) or not is_list_of_objects(records):
        raise BadRequest(say("An export needs a list of leagues and a list of games."))
    for record in (*leagues, *records):
        body, tables = record.get("league", record.get("game")), record.get("tables")
        if not isinstance(body, dict) or not isinstance(tables, dict):
            raise BadRequest(
                say("Every league and game in an export needs its row and its tables.")
            )
        if not all(is_list_of_objects(rows) for rows in tables.values()):
            raise BadRequest(say("The tables of a league or game must be lists of rows."))
    return leagues, records


def is_list_of_objects(value: Any) -> TypeGuard[list[Row]]:
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def import_league(db: Connection, record: Row) -> tuple[str, int]:
    league = record["league"]
    slug = league.get("slug")
    if not isinstance(slug, str):
        raise BadRequest(say("A league in the export has no slug."))
    existing = store.league(db, slug)
    if existing is not None:
        if existing.token_hash != league.get("token_hash"):
            raise Conflict(
                say(
                    "A different league called %(slug)s already exists here. Nothing was imported.",
                    slug=slug,
                )
            )
        return slug, existing.id
    league_id = insert_rows(db, "leagues", [league])
    insert_owned(db, "league_id", league_id, record["tables"])
    import_checks.check_league(db, slug)
    return slug, league_id


def import_game(db: Connection, record: Row, league_ids: Mapping[str, int]) -> int:
    """Insert one game and what belongs to it; returns how many hands it has."""
    row = dict(record["game"])
    game_id, slug = row.get("id"), row.pop("league", None)
    if not isinstance(game_id, str):
        raise BadRequest(say("A game in the export has no id."))
    if store.game_version(db, game_id) is not None:
        raise Conflict(
            say(
                "Game %(id)s is already in this database: importing it again would double it. "
                "Nothing was imported.",
                id=game_id,
            )
        )
    if slug is not None and (not isinstance(slug, str) or slug not in league_ids):
        raise BadRequest(
            say(
                "Game %(id)s belongs to league %(slug)s, which the export lacks.",
                id=game_id,
                slug=str(slug),
            )
        )
    insert_rows(db, "games", [{**row, "league_id": league_ids[slug] if slug else None}])
    insert_owned(db, "game_id", game_id, record["tables"])
    import_checks.check_game(db, game_id)
    return len(games.load_game(db, game_id).hands)


def insert_owned(
    db: Connection, owner: str, owner_id: Any, tables: Mapping[str, list[Row]]
) -> None:
    known = tables_with(db, owner)
    for table, rows in tables.items():
        if table not in known:
            raise BadRequest(
                say("The export has a table this Scorekeeper doesn't know: %(table)s.", table=table)
            )
        insert_rows(db, table, [{**row, owner: owner_id} for row in rows])
