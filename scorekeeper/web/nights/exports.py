"""A night's exports: every seat of every round with its game's result (CSV), the night's
standings (CSV), and the whole night as the API gives it (JSON). Every CSV cell goes
through the league exports' formula guard (`csv_response`)."""

from __future__ import annotations

from flask import Response, jsonify

from scorekeeper.nights.night import Night
from scorekeeper.web.leagues.exports import (
    FINISHED,
    IN_PROGRESS,
    NO,
    YES,
    Column,
    Worded,
    csv_response,
)
from scorekeeper.web.leagues.numbers import shown
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.web.nights.shown import night_json, requested_night
from scorekeeper.words import say

NIGHT = "/leagues/<slug>/nights/<int:number>"
SEATS_CSV_COLUMNS = (
    Column("round", say("Round")),
    Column("table", say("Table")),
    Column("seat", say("Seat")),
    Column("player", say("Player")),
    Column("side", say("Side")),
    Column("game", say("Game (id)")),
    Column("status", say("Status")),
    Column("hands", say("Hands")),
    Column("side_points", say("Side's points")),
    Column("won", say("Won the game")),
    Column("time_called", say("Time called")),
    Column("url", say("Link")),
)
STANDINGS_CSV_COLUMNS = (
    Column("place", say("Place")),
    Column("player", say("Player")),
    Column("played", say("Games played")),
    Column("won", say("Games won")),
    Column("byes", say("Byes")),
    Column("points_for", say("Points for")),
    Column("points_against", say("Points against")),
    Column("margin", say("Margin")),
)


BYE = Worded.of("bye", say("bye"))


def export_name(night: Night, what: str, extension: str) -> str:
    return f"{night.league.slug}-night-{night.number}-{what}.{extension}"


def seat_rows(night: Night) -> list[list[object]]:
    rows: list[list[object]] = []
    for played in night.rounds:
        for table in played.tables:
            url = external_url("pages.game", game_id=table.game_id)
            side_of = {
                p: side
                for side, members in zip(table.sides, table.members, strict=True)
                for p in members
            }
            for seat, player in enumerate(table.seats, start=1):
                side = side_of[player]
                rows.append(
                    [
                        played.number,
                        table.number,
                        seat,
                        player,
                        side,
                        table.game_id,
                        FINISHED if table.finished else IN_PROGRESS,
                        table.hands,
                        table.totals.get(side, 0),
                        (YES if side in table.winners else NO) if table.finished else "",
                        YES if table.time_called else NO,
                        url,
                    ]
                )
        for entrant in played.byes:
            for player in entrant:
                rows.append([played.number, "", "", player, "", "", BYE, 0, "", "", "", ""])
    return rows


@bp.get(f"{NIGHT}/seats.csv")
def seats_csv(slug: str, number: int) -> Response:
    """Every seat of every round, and every bye, with the game's result."""
    night = requested_night(slug, number)
    return csv_response(export_name(night, "seats", "csv"), SEATS_CSV_COLUMNS, seat_rows(night))


@bp.get(f"{NIGHT}/standings.csv")
def standings_csv(slug: str, number: int) -> Response:
    night = requested_night(slug, number)
    table = night.standings
    rows: list[list[object]] = [
        [
            table.places[row.entrant],
            row.name,
            row.played,
            row.won,
            row.byes,
            row.points_for,
            shown(row.points_against),
            shown(row.margin),
        ]
        for row in table.rows
    ]
    return csv_response(export_name(night, "standings", "csv"), STANDINGS_CSV_COLUMNS, rows)


@bp.get(f"{NIGHT}/night.json")
def night_export(slug: str, number: int) -> Response:
    night = requested_night(slug, number)
    response = jsonify(night_json(night))
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{export_name(night, "night", "json")}"'
    )
    return response
