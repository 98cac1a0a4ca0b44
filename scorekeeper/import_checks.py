"""An imported game or league, checked with the parsers the API uses before it may stay.

An export is a file anybody can edit, so nothing in it is believed: every name is checked as
a new game's names are, every option as a new game's options, and every hand is scored
again by its ruleset; the stored scores, totals, status and winners must be what the hands
give. A game that fails is refused with the reason, so no league page, API answer or CSV
ever meets a game it cannot read.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from scorekeeper import games, leagues, store
from scorekeeper.errors import AppError, BadRequest, RuleError, Said
from scorekeeper.names import LEAGUE, PLAYER, SEASON, clean_name
from scorekeeper.rules import get_ruleset
from scorekeeper.rules.base import Table
from scorekeeper.store import Connection
from scorekeeper.words import Message, say

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
SLUG = re.compile(r"[a-z0-9-]{1,120}", re.ASCII)
HASH = re.compile(r"[0-9a-f]{64}", re.ASCII)
STATUSES = ("in_progress", "finished")


class Unreadable(Said, ValueError):
    """A value in the export that is not what the app writes, and why, in a sentence."""


def check_game(db: Connection, game_id: str) -> None:
    """Refuse the game just inserted (in the caller's transaction) unless the app could have written it."""
    try:
        row = store.transfer.game_row(db, game_id)
        if row is None:
            raise Unreadable(say("it is missing"))
        table, options = check_game_row(row)
        try:
            game = games.load_game(db, game_id)
        except sqlite3.OperationalError as error:  # SQLite's json() read a column that is not
            if "malformed JSON" not in str(error):
                raise
            raise Unreadable(
                say("its hands or plays are not the JSON the app writes there")
            ) from None
        check_hands(game, table, options)
        check_results(game, row)
        games.explain_again(db, game)  # explanations as Messages, an older export's included
        for line in store.transfer.log_rows(db, game_id):
            check_log_line(line)
    except (AppError, RuleError, Unreadable, ValueError, TypeError, KeyError, IndexError) as error:
        raise BadRequest(
            say(
                "Game %(id)s in the export can't be read: %(reason)s. Nothing was imported.",
                id=game_id,
                reason=reason(error),
            )
        ) from None


def check_game_row(row: Mapping[str, Any]) -> tuple[Table, dict[str, Any]]:
    text(row, "id", GAME_ID)
    ruleset = get_ruleset(row["ruleset"])
    players = games.clean_names(decoded(row, "players", list), "players", PLAYER)
    if list(players) != decoded(row, "players", list):
        raise Unreadable(say("its players' names are not written as the app writes them"))
    team_names = tuple(decoded(row, "team_names", list))
    if team_names and games.team_names_for(players, list(team_names)) != team_names:
        raise Unreadable(say("its team names are not written as the app writes them"))
    dealer = whole(row, "first_dealer")
    if not 0 <= dealer < len(players):
        raise Unreadable(
            say(
                "its first dealer is seat %(seat)s of %(seats)s",
                seat=dealer + 1,
                seats=len(players),
            )
        )
    table = Table(players, team_names, first_dealer=dealer)
    ruleset.check_table(table)
    options = decoded(row, "options", dict)
    if ruleset.resolve_options(options, table) != options:
        raise Unreadable(say("its options are not the ones the app would have stored"))
    if whole(row, "version") < 1:
        raise Unreadable(say("its version is below 1"))
    text(row, "token_hash", HASH)
    if row["status"] not in STATUSES:
        raise Unreadable(say("its status is %(status)s", status=repr(str(row["status"])[:20])))
    for column in ("created_at", "updated_at"):
        moment(row, column)
    if row["finished_at"] is not None:
        moment(row, "finished_at")
    for column in ("match_id", "previous_game"):
        if row[column] is not None:
            text(row, column, GAME_ID)
    if row["match_game"] is not None and whole(row, "match_game") < 1:
        raise Unreadable(say("its place in its match is below 1"))
    return table, options


def check_hands(game: games.Game, table: Table, options: Mapping[str, Any]) -> None:
    """Every hand numbered in order, dealt by the right seat, and scored as its ruleset scores it."""
    for expected, hand in enumerate(game.hands, start=1):
        if hand.number != expected:
            raise Unreadable(
                say("its hands skip from %(last)s to %(next)s", last=expected - 1, next=hand.number)
            )
        rescored = game.ruleset.score_hand(hand.entry, table, options)
        if dict(rescored.scores) != dict(hand.result.scores):
            raise Unreadable(
                say("hand %(number)s's scores are not what its entry scores", number=expected)
            )
        # The totals and the end of the game are counted from the stored steps, so they must
        # be the ones the entry gives, item for item.
        if [dict(step) for step in rescored.steps] != list(hand.result.steps):
            raise Unreadable(
                say(
                    "hand %(number)s's running scores are not what its entry scores",
                    number=expected,
                )
            )
        if hand.dealer != game.ruleset.next_hand(table, options, expected - 1).dealer:
            raise Unreadable(
                say("hand %(number)s was not dealt by the right seat", number=expected)
            )
    game.scored  # noqa: B018  # the plays posted live must score too


def check_results(game: games.Game, row: Mapping[str, Any]) -> None:
    """The stored status, winners and totals (read by the standings) are what the hands give."""
    if (row["status"] == "finished") != game.finished:
        raise Unreadable(
            say("it is marked %(status)s, but its hands say otherwise", status=row["status"])
        )
    if decoded(row, "winners", list) != list(game.status.winners):
        raise Unreadable(say("its winners are not the ones its hands give"))
    if decoded(row, "totals", dict) != game.totals:
        raise Unreadable(say("its totals are not what its hands add up to"))


def check_log_line(line: Mapping[str, Any]) -> None:
    whole(line, "version")
    moment(line, "at")
    if not isinstance(line["action"], str) or not isinstance(line["actor"], str):
        raise Unreadable(say("a line of its history has no action or actor"))
    if line["hand_number"] is not None:
        whole(line, "hand_number")
    if line["entry"] is not None:
        decoded(line, "entry", object)
    if line["result"] is not None:  # what the hand scored then, shown on the history page
        decoded(line, "result", object)


def check_league(db: Connection, slug: str) -> None:
    """Refuse the league just inserted unless its name, token and seasons are as the app writes them."""
    try:
        row = store.transfer.league_row_by_slug(db, slug)
        if row is None:
            raise Unreadable(say("it is missing"))
        text(row, "slug", SLUG)
        if clean_name(row["name"], LEAGUE, "name", leagues.NAME_LIMIT) != row["name"]:
            raise Unreadable(say("its name is not written as the app writes it"))
        text(row, "token_hash", HASH)
        moment(row, "created_at")
        for season in store.transfer.season_rows(db, int(row["id"])):
            text(season, "slug", SLUG)
            clean_name(season["name"], SEASON, "name", leagues.SEASON_NAME_LIMIT)
            starts, ends = day(season, "starts_on"), day(season, "ends_on")
            if ends < starts:
                raise Unreadable(
                    say("season %(slug)s ends before it starts", slug=str(season["slug"]))
                )
    except (AppError, RuleError, Unreadable, ValueError, TypeError, KeyError) as error:
        raise BadRequest(
            say(
                "League %(slug)s in the export can't be read: %(reason)s. Nothing was imported.",
                slug=slug,
                reason=reason(error),
            )
        ) from None


# --- one value at a time -----------------------------------------------------------------


def reason(error: Exception) -> Message | str:
    """Why a value was refused: our own sentence, or (for what the checks did not foresee)
    Python's own words, cut short."""
    said = getattr(error, "message", None)
    return said if isinstance(said, Message) else str(error)[:200]


def text(row: Mapping[str, Any], column: str, pattern: re.Pattern[str]) -> str:
    value = row[column]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise Unreadable(say("its %(column)s is not what the app writes there", column=column))
    return value


def whole(row: Mapping[str, Any], column: str) -> int:
    value = row[column]
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(say("its %(column)s is not a whole number", column=column))
    return value


def decoded(row: Mapping[str, Any], column: str, kind: type) -> Any:
    """A JSON column, decoded, of the kind the app writes there."""
    raw = row[column]
    unreadable = Unreadable(
        say("its %(column)s is not the JSON the app writes there", column=column)
    )
    if not isinstance(raw, str):
        raise unreadable
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise unreadable from None
    if not isinstance(value, kind):
        raise unreadable
    return value


def moment(row: Mapping[str, Any], column: str) -> datetime:
    value = row[column]
    if not isinstance(value, str):
        raise Unreadable(say("its %(column)s is not a time", column=column))
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise Unreadable(say("its %(column)s is not a time", column=column)) from None


def day(row: Mapping[str, Any], column: str) -> date:
    value = row[column]
    try:
        return date.fromisoformat(value) if isinstance(value, str) else date.fromisoformat("")
    except ValueError:
        raise Unreadable(say("its %(column)s is not a date", column=column)) from None
