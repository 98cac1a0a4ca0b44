"""League exports: standings and games as CSV and JSON files."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response, jsonify

from scorekeeper.standings import LeagueGame, Standings
from scorekeeper.web.language import current_language, reader_words, translate
from scorekeeper.web.leagues.api import standings_json
from scorekeeper.web.leagues.blueprint import bp
from scorekeeper.web.leagues.numbers import form_letters, percent, rating_text, shown
from scorekeeper.web.leagues.rated import rated
from scorekeeper.web.leagues.view import View, requested_view, view_games
from scorekeeper.web.links import external_url
from scorekeeper.words import Message, in_words, say


@dataclass(frozen=True)
class Column:
    """A CSV column: its key, which is the header in English, and its name in words.

    The English header stays the key ("win_rate_percent"), as it always was: scripts and
    spreadsheets that look columns up by it keep working, and a script gets it by sending
    no Accept-Language (or English). A Spanish or Portuguese reader gets the column's name
    in their words. Nothing in the app reads a CSV back (an import reads the JSON export).
    In the cells, numbers, names, ids, dates and links are the same in every language; a
    cell that is a word (a game's state, yes or no) is a `Worded`.
    """

    key: str
    name: Message


STANDINGS_CSV_COLUMNS = (
    Column("ruleset", say("Ruleset (id)")),
    Column("game", say("Game")),
    Column("season", say("Season")),
    Column("place", say("Place")),
    Column("player", say("Player")),
    Column("played", say("Games played")),
    Column("won", say("Games won")),
    Column("win_rate_percent", say("Win rate (%)")),
    Column("points_for", say("Points for")),
    Column("points_against", say("Points against")),
    Column("average", say("Average")),
    Column("rating", say("Rating")),
    Column("rating_uncertainty", say("Rating uncertainty (±)")),
    Column("rating_certainty", say("Rating certainty")),
    Column("form", say("Form")),
    Column("last_played", say("Last played")),
)
GAMES_CSV_COLUMNS = (
    Column("game", say("Game (id)")),
    Column("started", say("Started")),
    Column("ruleset", say("Ruleset (id)")),
    Column("status", say("Status")),
    Column("player", say("Player")),
    Column("side", say("Side")),
    Column("points", say("Points")),
    Column("won", say("Won the game")),
    Column("place", say("Place")),
    Column("url", say("Link")),
)


@dataclass(frozen=True)
class Worded:
    """A cell that is a word: its key ("finished", "yes") in the English CSV, as it always was,
    so that scripts comparing it keep working; the reader's word in Spanish or Portuguese."""

    key: str
    words: tuple[Message, ...]  # said one after the other: a word, or a form's letters

    @classmethod
    def of(cls, key: str, words: Message | None = None) -> Worded:
        """A word; without `words`, its key is its English as the pages say it ("sure")."""
        return cls(key, (words or Message(key),))

    def said(self) -> str:
        return "".join(translate(word) for word in self.words)


FINISHED = Worded.of("finished", say("finished"))
IN_PROGRESS = Worded.of("in_progress", say("in progress"))
YES, NO = Worded.of("yes", say("yes")), Worded.of("no", say("no"))


def form_cell(form: Sequence[bool]) -> Worded:
    """The last results as letters: WWL in English, GGP in Spanish, VVD in Portuguese."""
    return Worded(form_letters(form), tuple(say("W") if won else say("L") for won in form))


# What a spreadsheet reads as the start of a formula (or, for tab and CR, as a cell to move
# past to one): "=1+1", "@SUM(…)", a game id that begins with "-".
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-[0-9]+(\.[0-9]+)?", re.ASCII)  # a negative average, shown


def csv_cell(value: object) -> object:
    """A cell a spreadsheet will not run as a formula: text such a start is quoted with "'".

    Every column goes through here, so no name, id or link can slip past. Numbers stay
    numbers (a total of -5 is a number, not a formula).
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, Worded):
        value = value.key if current_language() == "en" else value.said()
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def header(columns: Sequence[Column]) -> list[str]:
    """The header line in the requester's language: the keys in English (see Column)."""
    if current_language() == "en":
        return [column.key for column in columns]
    return [translate(column.name) for column in columns]


def csv_response(filename: str, columns: Sequence[Column], rows: list[list[object]]) -> Response:
    out = io.StringIO()
    # A byte-order mark, so that Excel reads accented names (and headers) as UTF-8.
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(name) for name in header(columns)])
    writer.writerows([csv_cell(value) for value in row] for row in rows)
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_name(view: View, what: str, extension: str) -> str:
    parts = [view.league.slug, view.ruleset, view.season_slug, what]
    return "-".join(p for p in parts if p) + "." + extension


def standings_csv_rows(view: View, table: Standings) -> list[list[object]]:
    place = table.places()
    return [
        [
            table.ruleset,
            # A ruleset's name in the reader's words; a name the club typed, as typed.
            Worded.of(str(table.name), table.name)
            if isinstance(table.name, Message)
            else table.name,
            view.season.name if view.season else Worded.of("all time"),
            place[row.key],
            row.player,
            row.played,
            row.won,
            percent(row.win_rate),
            row.points_for,
            shown(row.points_against),
            shown(row.average),
            rating_text(row.rating.shown),
            rating_text(row.rating.sigma),
            Worded.of(row.rating.certainty),
            form_cell(row.form),
            row.last_played.isoformat(),
        ]
        for row in table.rows
    ]


@bp.get("/leagues/<slug>/standings.csv")
def standings_csv(slug: str) -> Response:
    """The tables of the standings page, best first: one line per player per ruleset."""
    view = requested_view(slug)
    rows = [r for table in rated(view).tables for r in standings_csv_rows(view, table)]
    return csv_response(export_name(view, "standings", "csv"), STANDINGS_CSV_COLUMNS, rows)


@bp.get("/leagues/<slug>/standings.json")
def standings_export(slug: str) -> Response:
    view = requested_view(slug)
    response = jsonify(standings_json(view))
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{export_name(view, "standings", "json")}"'
    )
    return response


def game_json(game: LeagueGame) -> dict[str, Any]:
    table = game.table
    return {
        "id": game.id,
        "url": external_url("pages.game", game_id=game.id),
        "started": game.started.isoformat(timespec="seconds"),
        "ruleset": game.ruleset,
        "ruleset_name": game.ruleset_name,
        "status": "finished" if game.finished else "in_progress",
        "players": list(table.players),
        "teams": {name: list(table.members(name)) for name in table.team_names},
        "totals": dict(game.totals),
        "winners": list(game.winners),
        "places": game.places if game.finished else None,
    }


def game_csv_rows(game: LeagueGame) -> list[list[object]]:
    url = external_url("pages.game", game_id=game.id)
    status = FINISHED if game.finished else IN_PROGRESS
    return [
        [
            game.id,
            game.started.isoformat(timespec="seconds"),
            game.ruleset,
            status,
            player,
            side,
            game.totals.get(side, 0),
            (YES if side in game.winners else NO) if game.finished else "",
            game.places[side] if game.finished else "",
            url,
        ]
        for side in game.table.sides
        for player in game.table.members(side)
    ]


@bp.get("/leagues/<slug>/games.csv")
def games_csv(slug: str) -> Response:
    """Every game of the league (finished or not), one line per player."""
    view = requested_view(slug)
    rows = [row for game in view_games(view, finished_only=False) for row in game_csv_rows(game)]
    return csv_response(export_name(view, "games", "csv"), GAMES_CSV_COLUMNS, rows)


@bp.get("/leagues/<slug>/games.json")
def games_export(slug: str) -> Response:
    view = requested_view(slug)
    said = reader_words()
    response = jsonify(
        {
            "league": {"slug": view.league.slug, "name": view.league.name},
            "games": [
                in_words(game_json(game), said) for game in view_games(view, finished_only=False)
            ],
        }
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{export_name(view, "games", "json")}"'
    )
    return response
