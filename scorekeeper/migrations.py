"""The schema, only ever changed by adding a migration (never edit one that has been applied)."""

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_hands_log_leagues(db: Database) -> None:
    """Games with their seats and options, hands, the change log, idempotency keys, leagues."""
    db.table("leagues").create(
        {"id": int, "slug": str, "name": str, "token_hash": str, "created_at": str},
        pk="id",
        not_null={"slug", "name", "token_hash", "created_at"},
    )
    db.table("leagues").create_index(["slug"], unique=True)
    db.table("games").create(
        {
            "id": str,
            "ruleset": str,
            "players": str,  # JSON list, seat order
            "team_names": str,  # JSON list, empty unless partnerships
            "options": str,  # JSON object, every option filled in
            "league_id": int,
            "token_hash": str,
            "version": int,
            "status": str,
            "winners": str,  # JSON list
            "totals": str,  # JSON object: kept with every write for the standings
            "created_at": str,
            "updated_at": str,
            "finished_at": str,
        },
        pk="id",
        not_null={"ruleset", "players", "team_names", "options", "token_hash", "version"},
        defaults={"version": 0, "status": "in_progress", "winners": "[]", "totals": "{}"},
        foreign_keys=[("league_id", "leagues", "id")],
    )
    db.table("games").create_index(["league_id", "status"])
    db.table("hands").create(
        {
            "game_id": str,
            "number": int,
            "entry": str,  # JSON: the entry as given
            "scores": str,  # JSON: side -> points
            "explanation": str,  # JSON list of sentences
            "steps": str,  # JSON list of side -> points, in play order
            "dealer": str,
            "created_at": str,
            "updated_at": str,
        },
        pk=("game_id", "number"),
        not_null={"entry", "scores", "explanation", "dealer"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("log").create(
        {
            "id": int,
            "game_id": str,
            "at": str,
            "actor": str,  # which link or token made the change (a fingerprint, never the token)
            "action": str,  # created, entered, corrected, undone
            "hand_number": int,
            "entry": str,
            "version": int,
        },
        pk="id",
        not_null={"game_id", "at", "actor", "action", "version"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("log").create_index(["game_id", "id"])
    db.table("idempotency").create(
        {"game_id": str, "key": str, "status": int, "body": str, "created_at": str},
        pk=("game_id", "key"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_live_plays_and_matches(db: Database) -> None:
    """Muggins plays posted live during a hand; rematches and Moon matches linking games."""
    db.table("plays").create(
        {
            "game_id": str,
            "hand_number": int,
            "seq": int,
            "play": str,  # JSON: one play as posted
            "created_at": str,
        },
        pk=("game_id", "hand_number", "seq"),
        not_null={"play", "created_at"},
        foreign_keys=[("game_id", "games", "id")],
    )
    games = db.table("games")
    games.add_column("first_dealer", int, not_null_default=0)  # seat index dealing hand 1
    games.add_column("match_id", str)  # games of one match (or rematch chain) share it
    games.add_column("match_game", int)  # 1, 2, 3 … within the match
    games.add_column("previous_game", str)


@migrations()
def m003_league_seasons(db: Database) -> None:
    """Seasons: named date ranges of a league, for standings of one season at a time."""
    db.table("seasons").create(
        {
            "id": int,
            "league_id": int,
            "slug": str,
            "name": str,
            "starts_on": str,  # YYYY-MM-DD, the club's local date, inclusive
            "ends_on": str,  # YYYY-MM-DD, inclusive
            "created_at": str,
        },
        pk="id",
        not_null={"league_id", "slug", "name", "starts_on", "ends_on", "created_at"},
        foreign_keys=[("league_id", "leagues", "id")],
    )
    db.table("seasons").create_index(["league_id", "slug"], unique=True)
    # Standings read a league's finished games in the order they were played.
    db.table("games").create_index(["league_id", "status", "created_at"])


@migrations()
def m004_match_and_rematch_indexes(db: Database) -> None:
    """Find a match's games and a game's rematch without reading every game.

    Without them every view of a four-player Moon game read the whole games table, and
    scoring one of its hands read it several times: 20 ms a view and 74 ms a hand with
    100,000 games stored, against 2 and 4 ms on a fresh file (bench/, the growth scenario).
    """
    db.table("games").create_index(["match_id", "match_game"])
    db.table("games").create_index(["previous_game"])


@migrations()
def m005_request_keys(db: Database) -> None:
    """Idempotency keys for every write, not only a game's hands (shared/API.md).

    A key stands for one request: its route and body (`binding`), and the answer it got.
    Keys of games, leagues and seasons being created belong to no game yet, so the key
    alone is the primary key. `game_id` and `version` name the change a key made, so that
    undoing that change marks the key (`undone_at`) rather than replaying it as stored.
    The old per-game table held only hands' keys, each for a moment: it goes.
    """
    db.table("idempotency").drop(ignore=True)
    db.table("request_keys").create(
        {
            "key": str,
            "binding": str,  # a digest of method, route, credentials and body
            "game_id": str,
            "version": int,  # the game's version after the change, when it changed a game
            "status": int,
            "body": str,
            "location": str,
            "content_type": str,
            "created_at": str,
            "undone_at": str,
        },
        pk="key",
        not_null={"binding", "status", "body", "created_at"},
    )
    db.table("request_keys").create_index(["game_id", "version"])
