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
    Connection,
    WriterLock,
    Writes,
    backup,
    connect,
    get_db,
    init_app,
    migrate,
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
    delete_hand,
    delete_pending_plays,
    delete_play,
    game_version,
    idempotent_response,
    insert_game,
    insert_hand,
    insert_play,
    log_lines,
    next_game_id,
    read_game,
    replace_hand,
    save_game,
    save_idempotent_response,
    set_token_hash,
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
    "connect",
    "delete_hand",
    "delete_pending_plays",
    "delete_play",
    "dumps",
    "game_version",
    "get_db",
    "idempotent_response",
    "init_app",
    "insert_game",
    "insert_hand",
    "insert_league",
    "insert_play",
    "insert_season",
    "league",
    "league_slug",
    "leagues_named",
    "log_lines",
    "migrate",
    "next_game_id",
    "now",
    "read_game",
    "replace_hand",
    "results",
    "results_version",
    "results_with_ids",
    "rulesets_played",
    "save_game",
    "save_idempotent_response",
    "seasons",
    "set_token_hash",
    "stamps",
    "transfer",
    "write_transaction",
]
