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


@migrations()
def m006_club_nights(db: Database) -> None:
    """Club nights: the players checked in, the rounds seated, a game per table; time called.

    A night's games are ordinary league games; `night_tables` only says which round and
    table each one is. `games.time_called_at` is when time runs out for a game: the first
    hand entered from then on is its last (CLUB_NIGHT.md, "Playing a round").
    """
    db.table("nights").create(
        {
            "id": int,
            "league_id": int,
            "number": int,  # 1, 2, 3 … within the league: /leagues/<slug>/nights/<number>
            "name": str,
            "ruleset": str,
            "options": str,  # JSON object: the options the organiser set (house rules)
            "table_size": int,  # the players per table the organiser chose
            "format": str,  # "individual" or "pairs"
            "rounds": int,  # planned; more may be seated
            "minutes": int,  # a round's time limit, or null
            "seed": str,  # makes round 1's draw the same when it is asked for again
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"league_id", "number", "name", "ruleset", "options", "table_size", "format"},
        foreign_keys=[("league_id", "leagues", "id")],
    )
    db.table("nights").create_index(["league_id", "number"], unique=True)
    db.table("night_players").create(
        {
            "night_id": int,
            "key": str,  # the name folded: unique ignoring case
            "name": str,
            "position": int,  # check-in order
            "pair": int,  # pairs format: both partners carry the position of the first
            "left_after": int,  # the last round seated before the player left, or null
        },
        pk=("night_id", "key"),
        not_null={"name", "position"},
        foreign_keys=[("night_id", "nights", "id")],
    )
    db.table("night_rounds").create(
        {
            "night_id": int,
            "number": int,
            "byes": str,  # JSON list of entrants (lists of names)
            "repeats": str,  # JSON list of sentences
            "seated_at": str,
            "deadline": str,  # seated_at + the time limit, or null
            "called_at": str,  # when the organiser called time, or null
        },
        pk=("night_id", "number"),
        not_null={"byes", "repeats", "seated_at"},
        foreign_keys=[("night_id", "nights", "id")],
    )
    db.table("night_tables").create(
        {"night_id": int, "round": int, "number": int, "game_id": str},
        pk=("night_id", "round", "number"),
        not_null={"game_id"},
        foreign_keys=[("night_id", "nights", "id"), ("game_id", "games", "id")],
    )
    db.table("night_tables").create_index(["game_id"], unique=True)
    db.table("games").add_column("time_called_at", str)


@migrations()
def m007_log_keeps_what_each_hand_scored(db: Database) -> None:
    """Each log line of a whole hand keeps what it scored, so history never scores it again.

    History showed every logged hand's explanation by scoring its entry again with today's
    rules, on every view. Lines written from now on carry their result (scores and
    explanation, as JSON); the lines already here get theirs now, scored once by the rules
    as they are today — what history showed for them until now.
    """
    import json

    from scorekeeper.errors import RuleError
    from scorekeeper.rules import REGISTRY
    from scorekeeper.rules.base import Table

    db.table("log").add_column("result", str)
    lines = db.execute(
        "select log.id, log.entry, games.ruleset, games.players, games.team_names, "
        "games.first_dealer, games.options from log join games on games.id = log.game_id "
        "where log.action in ('entered', 'corrected', 'undone') and log.entry is not null"
    ).fetchall()
    for line_id, entry, ruleset_id, players, team_names, first_dealer, options in lines:
        ruleset = REGISTRY.get(ruleset_id)
        table = Table(tuple(json.loads(players)), tuple(json.loads(team_names)), first_dealer)
        try:
            assert ruleset is not None
            scored = ruleset.score_hand(json.loads(entry), table, json.loads(options))
        except (AssertionError, RuleError, ValueError, TypeError, KeyError):
            continue  # it no longer scores: history shows the entry alone, as it did
        # The English, as this migration wrote when it was made: m008 turns it into Messages.
        english = [str(line) for line in scored.explanation]
        result = {"scores": dict(scored.scores), "explanation": english}
        db.execute(
            "update log set result = ? where id = ?",
            [json.dumps(result, ensure_ascii=False, separators=(",", ":")), line_id],
        )


@migrations()
def m008_explanations_in_any_language(db: Database) -> None:
    """Explanations kept as Messages (id and values), so each can be said in any language.

    Hands and log lines stored until now keep their explanation as English sentences. The
    entries are the source of truth and scoring is deterministic, so each is scored again,
    once, in its place in the game (the totals before it, its number) and keeps the
    Messages of that scoring. One that no longer scores as it did (the same scores) keeps
    its English, which every language then shows as it is.
    """
    import json

    from scorekeeper.errors import RuleError
    from scorekeeper.rules import REGISTRY
    from scorekeeper.rules.base import HandResult, Ruleset, Table
    from scorekeeper.words import Message

    def stored(result: HandResult) -> str:
        lines = [
            line.as_json() if isinstance(line, Message) else line for line in result.explanation
        ]
        return json.dumps(lines, ensure_ascii=False, separators=(",", ":"))

    def scored(
        ruleset: Ruleset,
        entry: str,
        table: Table,
        options: dict[str, object],
        before: dict[str, int] | None = None,
        number: int = 1,
    ) -> HandResult | None:
        """The entry scored again: in its place in the game, or (a log line) on its own."""
        try:
            if before is None:
                return ruleset.score_hand(json.loads(entry), table, options)
            return ruleset.score_in_game(
                json.loads(entry), table, options, before, number=number, strict=False
            )
        except (RuleError, ValueError, TypeError, KeyError):
            return None

    games = db.execute(
        "select id, ruleset, players, team_names, first_dealer, options from games"
    ).fetchall()
    for game_id, ruleset_id, players, team_names, first_dealer, options_json in games:
        ruleset = REGISTRY.get(ruleset_id)
        if ruleset is None:
            continue
        table = Table(tuple(json.loads(players)), tuple(json.loads(team_names)), first_dealer)
        options = json.loads(options_json)
        totals = dict.fromkeys(table.sides, 0)
        hands = db.execute(
            "select number, entry, scores from hands where game_id = ? order by number", [game_id]
        ).fetchall()
        for number, entry, scores in hands:
            result = scored(ruleset, entry, table, options, dict(totals), number)
            kept = json.loads(scores)
            for side, points in kept.items():
                totals[side] = totals.get(side, 0) + points
            if result is not None and dict(result.scores) == kept:
                db.execute(
                    "update hands set explanation = ? where game_id = ? and number = ?",
                    [stored(result), game_id, number],
                )
        lines = db.execute(
            "select id, entry, result from log where game_id = ? and result is not null",
            [game_id],
        ).fetchall()
        for line_id, entry, logged in lines:
            result = scored(ruleset, entry, table, options)
            kept_result = json.loads(logged)
            if result is None or dict(result.scores) != kept_result.get("scores"):
                continue
            kept_result["explanation"] = json.loads(stored(result))
            db.execute(
                "update log set result = ? where id = ?",
                [json.dumps(kept_result, ensure_ascii=False, separators=(",", ":")), line_id],
            )


@migrations()
def m009_night_repeats_in_any_language(db: Database) -> None:
    """A seated round's repeats kept as Messages (id and values), said in the reader's language.

    Rounds seated until now keep English sentences, written from two patterns with the
    table's number, two of its players' names and a round. Each is matched against the
    sentences the round's table could have given (its players are in its game), so a name
    holding " and " or " meets " is never split in the wrong place; one that matches none
    (a table whose game is gone) keeps its English, which every language shows as it is.
    """
    import itertools
    import json
    import re

    partners_again = "Table %(table)s: %(player)s and %(partner)s are partners again."
    meets_again = (
        "Table %(table)s: %(player)s meets %(opponent)s again (they met in round %(round)s)."
    )

    def as_message(sentence: str, table: int, players: list[str]) -> dict[str, object] | None:
        met = re.search(r" again \(they met in round (\d+)\)\.$", sentence)
        for player, other in itertools.permutations(players, 2):
            values: dict[str, object] = {"table": table, "player": player, "partner": other}
            if sentence == partners_again % values:
                return {"id": partners_again, "values": values}
            if met:
                values = {"table": table, "player": player, "opponent": other}
                values["round"] = int(met.group(1))
                if sentence == meets_again % values:
                    return {"id": meets_again, "values": values}
        return None

    rounds = db.execute("select night_id, number, repeats from night_rounds").fetchall()
    for night_id, number, stored in rounds:
        repeats = json.loads(stored)
        players_at = {
            table: json.loads(players)
            for table, players in db.execute(
                "select t.number, g.players from night_tables t join games g on g.id = t.game_id "
                "where t.night_id = ? and t.round = ?",
                [night_id, number],
            ).fetchall()
        }
        kept = []
        for repeat in repeats:
            table = re.match(r"Table (\d+): ", repeat) if isinstance(repeat, str) else None
            found = None
            if table and int(table.group(1)) in players_at:
                found = as_message(repeat, int(table.group(1)), players_at[int(table.group(1))])
            kept.append(found or repeat)
        if kept != repeats:
            db.execute(
                "update night_rounds set repeats = ? where night_id = ? and number = ?",
                [json.dumps(kept, ensure_ascii=False, separators=(",", ":")), night_id, number],
            )


@migrations()
def m010_unnamed_nights_say_their_date_to_each_reader(db: Database) -> None:
    """A night opened without a name keeps none (an empty name): each reader sees its date
    in their own words ("Night of 23 Nov 2026", "Noche del 23 sept 2026").

    Until now such a night stored the default, said once in the opener's words. A night
    whose name is exactly a default the app could have written for the day it was opened,
    in any region's English or Spanish or in Brazilian Portuguese, is unnamed again; any
    other name, however like one, is the organiser's and stays.
    """
    from datetime import date, datetime

    import babel.dates
    from babel import Locale
    from babel.localedata import locale_identifiers

    # The sentence as the catalogs said it when these names were written (a catalog may
    # word it otherwise later; the stored names do not change with it).
    openings = {"en": "Night of %(date)s", "es": "Noche del %(date)s", "pt": "Noite de %(date)s"}
    # Every locale a reader could have had: Portuguese is always Brazilian; English and
    # Spanish take the region the phone asked for.
    locales = [Locale("pt", "BR")] + [
        locale
        for locale in map(
            Locale.parse, (n for n in locale_identifiers() if n[:3] in ("en", "en_", "es", "es_"))
        )
        if locale.language in ("en", "es") and locale.script is None and locale.variant is None
    ]

    def defaults(day: date) -> set[str]:
        # The first nights' default, before the languages: an English f-string.
        english = f"Night of {day.day} {day:%b %Y}"
        said = {
            openings[str(locale.language)]
            % {"date": babel.dates.format_date(day, "d MMM y", locale=locale)}
            for locale in locales
        }
        return {english, *said}

    # The day on the club laptop's calendar, as the default was written (and is now said).
    said_on: dict[date, set[str]] = {}
    nights = db.execute("select id, name, created_at from nights where name != ''").fetchall()
    for night_id, name, created_at in nights:
        opened = datetime.fromisoformat(created_at).astimezone().date()
        if opened not in said_on:
            said_on[opened] = defaults(opened)
        if name in said_on[opened]:
            db.execute("update nights set name = '' where id = ?", [night_id])


@migrations()
def m011_finished_league_games_index(db: Database) -> None:
    """What standings read of a league's finished games, in their order, from one index.

    Every standings request reads the version of its finished games (count, latest
    `updated_at`, summed versions), and after a change their ids and versions in order
    (`store.stamps`); the page also counts them by ruleset. From the older indexes each
    read went through every game's row and sorted ids within equal start times: with
    10,000 games 6, 19 and 6 ms of CPU, against 3, 8 and 4 ms from this index, which holds
    all those columns in that order. It holds finished games only, so the hands of a game
    going on, the app's most frequent write, never touch it.
    """
    db.execute(
        "create index idx_games_finished_league on games "
        "(league_id, status, created_at, id, version, updated_at, ruleset) "
        "where status = 'finished'"
    )
