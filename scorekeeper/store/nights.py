"""Club nights in and out of their tables: the night, its players, rounds and tables.

Plain SQL on the shared connection: these run inside `write_transaction`, which the
sqlite-utils table helpers would commit early.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from scorekeeper.store.connection import Connection
from scorekeeper.store.encoding import insert, now

SQLITE_INTEGERS = 2**63


def night_rows(db: Connection, league_id: int) -> list[dict[str, Any]]:
    """A league's nights, latest first."""
    return db.rows("select * from nights where league_id = ? order by number desc", [league_id])


def night_row(db: Connection, league_id: int, number: int) -> dict[str, Any] | None:
    if not 0 < number < SQLITE_INTEGERS:  # SQLite's integers: any other number names no night
        return None
    return db.row("select * from nights where league_id = ? and number = ?", [league_id, number])


def next_night_number(db: Connection, league_id: int) -> int:
    row = db.execute("select max(number) from nights where league_id = ?", [league_id]).fetchone()
    return int(row[0] or 0) + 1


def insert_night(db: Connection, row: dict[str, Any]) -> int:
    return insert(db, "nights", row)


def bump_night(db: Connection, night_id: int) -> None:
    """A change to the night itself (players, rounds): watching screens fetch it again."""
    db.execute(
        "update nights set version = version + 1, updated_at = ? where id = ?", [now(), night_id]
    )


def night_player_rows(db: Connection, night_id: int) -> list[dict[str, Any]]:
    return db.rows("select * from night_players where night_id = ? order by position", [night_id])


def insert_night_player(db: Connection, row: dict[str, Any]) -> None:
    insert(db, "night_players", row)


def update_night_player(db: Connection, night_id: int, key: str, **values: Any) -> None:
    # Column names come from the callers in scorekeeper.nights, never from a request.
    sets = ", ".join(f"{column} = ?" for column in values)
    db.execute(
        f"update night_players set {sets} where night_id = ? and key = ?",
        [*values.values(), night_id, key],
    )


def delete_night_player(db: Connection, night_id: int, key: str) -> None:
    db.execute("delete from night_players where night_id = ? and key = ?", [night_id, key])


def night_round_rows(db: Connection, night_id: int) -> list[dict[str, Any]]:
    return db.rows("select * from night_rounds where night_id = ? order by number", [night_id])


def insert_night_round(db: Connection, row: dict[str, Any]) -> None:
    insert(db, "night_rounds", row)


def update_night_round(db: Connection, night_id: int, number: int, **values: Any) -> None:
    sets = ", ".join(f"{column} = ?" for column in values)
    db.execute(
        f"update night_rounds set {sets} where night_id = ? and number = ?",
        [*values.values(), night_id, number],
    )


def delete_night_round(db: Connection, night_id: int, number: int) -> list[str]:
    """Remove a round, its tables and their games (which must have no hands); their ids."""
    ids = [
        str(row[0])
        for row in db.execute(
            "select game_id from night_tables where night_id = ? and round = ?", [night_id, number]
        ).fetchall()
    ]
    db.execute("delete from night_tables where night_id = ? and round = ?", [night_id, number])
    for table in ("log", "plays", "hands"):
        db.conn.executemany(f"delete from {table} where game_id = ?", [[i] for i in ids])
    db.conn.executemany("delete from games where id = ?", [[i] for i in ids])
    db.execute("delete from night_rounds where night_id = ? and number = ?", [night_id, number])
    return ids


def has_plays(db: Connection, game_id: str) -> bool:
    """Whether plays of a hand in progress were posted live (Muggins)."""
    return (
        db.execute("select 1 from plays where game_id = ? limit 1", [game_id]).fetchone()
        is not None
    )


def insert_night_table(db: Connection, row: dict[str, Any]) -> None:
    insert(db, "night_tables", row)


def night_game_rows(db: Connection, night_id: int) -> list[dict[str, Any]]:
    """Every game of the night with its round and table, its hands counted, in seating order."""
    sql = """
        select t.round, t.number as table_number, g.id, g.players, g.team_names, g.totals,
               g.winners, g.status, g.version, g.time_called_at,
               (select count(*) from hands h where h.game_id = g.id) as hands,
               (select max(h.created_at) from hands h where h.game_id = g.id) as last_hand_at
        from night_tables t join games g on g.id = t.game_id
        where t.night_id = ? order by t.round, t.number
    """
    return db.rows(sql, [night_id])


# What night_version read on each connection, while the file is as it was then: a
# night's 200 phones ask about once a second whether anything changed, and the answer is
# nearly always "no". The query sums a hundred games' versions (0.1 ms); asking SQLite
# whether the file changed is a pragma (0.01 ms). Per connection, so per app and thread.
NightVersion = tuple[Any, ...] | None
VERSIONS_KEPT = 32  # nights' answers kept per connection; a club plays one or two at once
versions_read: WeakKeyDictionary[Connection, tuple[tuple[int, int], dict[Any, NightVersion]]]
versions_read = WeakKeyDictionary()


def night_version(db: Connection, slug: str, number: int) -> NightVersion:
    """What changes with anything a night's screens show (the night and each of its games),
    with its league's name and token hash: (league name, token hash, night, games, tables);
    the league's name alone if it has no such night; None if there is no such league.

    Read again only when the file has changed since this connection last read it: SQLite's
    data_version moves with every commit of another connection, total_changes with this
    one's own writes.
    """
    if not 0 < number < SQLITE_INTEGERS:
        number = 0
    state = (int(db.execute("PRAGMA data_version").fetchone()[0]), db.conn.total_changes)
    kept = versions_read.get(db)
    if kept is None or kept[0] != state or len(kept[1]) >= VERSIONS_KEPT:
        kept = (state, {})
        versions_read[db] = kept
    if (slug, number) in kept[1]:
        return kept[1][(slug, number)]
    row = db.execute(
        "select l.name, l.token_hash, n.version, coalesce(sum(g.version), 0), count(g.id) "
        "from leagues l left join nights n on n.league_id = l.id and n.number = ? "
        "left join night_tables t on t.night_id = n.id left join games g on g.id = t.game_id "
        "where l.slug = ? group by l.id",
        [number, slug],
    ).fetchone()
    found = None if row is None else tuple(row)
    kept[1][(slug, number)] = found
    return found


def call_time(db: Connection, game_ids: list[str], at: str) -> list[str]:
    """Set when time runs out on the unfinished games among these (unless already sooner)."""
    marks = ", ".join("?" for _ in game_ids)
    rows = db.execute(
        f"select id from games where id in ({marks}) and status != 'finished' "
        "and (time_called_at is null or time_called_at > ?)",
        [*game_ids, at],
    ).fetchall()
    called = [str(row[0]) for row in rows]
    for game_id in called:
        db.execute(
            "update games set time_called_at = ?, version = version + 1, updated_at = ? "
            "where id = ?",
            [at, now(), game_id],
        )
    return called


def league_player_names(db: Connection, league_id: int) -> list[str]:
    """Everyone who has played a game of the league, by name."""
    sql = (
        "select distinct p.value from games g, json_each(g.players) p where g.league_id = ? "
        "order by p.value collate nocase"
    )
    return [str(row[0]) for row in db.execute(sql, [league_id]).fetchall()]
