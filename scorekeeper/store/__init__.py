"""The storage room: the only place that holds SQL, column encoding and the connection's settings.

The rest of the app asks these functions for typed records and hands them changes; it
never sees a cursor, a column's JSON or a pragma. What moving a club to a server
database would take is in docs/STORAGE.md.

- `connection`: the file's settings, a connection per thread, writers in turn, backups.
- `schema`: the migrations, in order (never edit one that has been applied).
- `encoding`: how values are kept in columns.
- `games`: games, hands, the change log, live plays, idempotency keys.
- `leagues`: leagues and seasons.
- `standings`: what league standings read of each game.
- `transfer`: whole rows, for exports and imports.
"""

from scorekeeper.store import transfer
from scorekeeper.store.connection import (
    BackupFailed,
    Connection,
    WriterLock,
    Writes,
    backup,
    connect,
    get_db,
    init_app,
    is_transient,
    migrate,
    unavailable,
    write_transaction,
)
from scorekeeper.store.encoding import dumps, now
from scorekeeper.store.games import (
    GameRow,
    HandRow,
    LogLine,
    MatchGameRow,
    NewGameRow,
    append_log,
    chain_game_ids,
    delete_hand,
    delete_pending_plays,
    delete_play,
    game_version,
    insert_game,
    insert_hand,
    insert_play,
    log_lines,
    mark_keys_undone,
    next_game_id,
    read_game,
    replace_hand,
    request_key_row,
    save_game,
    save_request_key,
    set_token_hash,
    version_written,
)
from scorekeeper.store.leagues import (
    League,
    Season,
    insert_league,
    insert_season,
    league,
    league_slug,
    leagues_named,
    seasons,
    set_league_token_hash,
)
from scorekeeper.store.standings import (
    Choice,
    GameResult,
    Stamp,
    results,
    results_version,
    results_with_ids,
    rulesets_played,
    stamps,
)

__all__ = [
    "BackupFailed",
    "Choice",
    "Connection",
    "GameResult",
    "GameRow",
    "HandRow",
    "League",
    "LogLine",
    "MatchGameRow",
    "NewGameRow",
    "Season",
    "Stamp",
    "WriterLock",
    "Writes",
    "append_log",
    "backup",
    "chain_game_ids",
    "connect",
    "delete_hand",
    "delete_pending_plays",
    "delete_play",
    "dumps",
    "game_version",
    "get_db",
    "init_app",
    "insert_game",
    "insert_hand",
    "insert_league",
    "insert_play",
    "insert_season",
    "is_transient",
    "league",
    "league_slug",
    "leagues_named",
    "log_lines",
    "mark_keys_undone",
    "migrate",
    "next_game_id",
    "now",
    "read_game",
    "replace_hand",
    "request_key_row",
    "results",
    "results_version",
    "results_with_ids",
    "rulesets_played",
    "save_game",
    "save_request_key",
    "seasons",
    "set_league_token_hash",
    "set_token_hash",
    "stamps",
    "transfer",
    "unavailable",
    "version_written",
    "write_transaction",
]
