"""A night as the pages, screens, exports and API show it: loaded from the address, as JSON."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import url_for

from scorekeeper import leagues
from scorekeeper.nights.night import Night, Round, TableGame, load_night
from scorekeeper.nights.standings import NightRow
from scorekeeper.store import League, get_db
from scorekeeper.web.language import named, translate
from scorekeeper.web.leagues.rights import held_token
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.words import say

STANDINGS_RULE_SAID = say(
    "Ranked by games won, then margin, then points for. Points for: the final total of the "
    "player's side; against: the opponents' (the other team's, or the average of the others). "
    "Margin: for − against, or against − for where the lowest total wins: larger is better."
)
FORMAT_NAMES = {"individual": say("Individual"), "pairs": say("Pairs")}
FORMATS = (
    ("individual", say("Individual: each player ranked alone")),
    ("pairs", say("Pairs: fixed partners, ranked as a pair")),
)


@bp.app_context_processor
def night_helpers() -> dict[str, Any]:
    return {"night_clock": clock, "standings_rule": STANDINGS_RULE_SAID}


def clock(instant: str) -> str:
    """A stored UTC instant as the club laptop's local time of day, like 21:40."""
    return f"{datetime.fromisoformat(instant).astimezone():%H:%M}"


def requested_night(slug: str, number: int) -> Night:
    """The night in the address, or NotFound."""
    db = get_db()
    return load_night(db, leagues.load_league(db, slug), number)


def is_organiser(league: League) -> bool:
    """Whether this browser holds the league's right (it opened the admin link)."""
    return held_token(league) is not None


def points(value: float) -> int | float:
    """A figure as JSON gives it: whole numbers whole, others to two decimals."""
    return int(value) if value == int(value) else round(value, 2)


def standings_json(night: Night) -> list[dict[str, Any]]:
    table = night.standings
    return [row_json(row, table.places[row.entrant]) for row in table.rows]


def row_json(row: NightRow, place: int) -> dict[str, Any]:
    return {
        "place": place,
        "player": row.name,
        "players": list(row.entrant),
        "played": row.played,
        "won": row.won,
        "byes": row.byes,
        "points_for": row.points_for,
        "points_against": points(row.points_against),
        "margin": points(row.margin),
    }


def table_json(table: TableGame) -> dict[str, Any]:
    return {
        "table": table.number,
        "game_id": table.game_id,
        "url": external_url("pages.game", game_id=table.game_id),
        "seats": list(table.seats),
        "sides": list(table.sides),
        "teams": {
            side: list(members)
            for side, members in zip(table.sides, table.members, strict=True)
            if len(members) > 1
        },
        "status": "finished" if table.finished else "in_progress",
        "state": translate(table.state_said),
        "hands": table.hands,
        "totals": dict(table.totals),
        "winners": list(table.winners),
        "time_called": table.time_called,
    }


def round_json(played: Round) -> dict[str, Any]:
    return {
        "number": played.number,
        "tables": [table_json(table) for table in played.tables],
        "byes": [" & ".join(entrant) for entrant in played.byes],
        "repeats": [translate(repeat) for repeat in played.repeats],
        "finished": played.finished,
        "seated_at": played.seated_at,
        "deadline": played.deadline,
        "called_at": played.called_at,
    }


def night_json(night: Night) -> dict[str, Any]:
    """The night as GET /api/leagues/<slug>/nights/<n> gives it (CLUB_NIGHT.md, "API"), its
    sentences (each table's state, the repeats, the standings' rule) in the reader's language."""
    partner = {
        name: other
        for entrant in night.entrants(present_only=False)
        if len(entrant) == 2
        for name, other in (entrant, entrant[::-1])
    }
    return {
        "league": night.league.slug,
        "number": night.number,
        "name": named(night.title),
        "url": external_url("nights.night_page", slug=night.league.slug, number=night.number),
        "ruleset": night.ruleset.id,
        "ruleset_name": night.ruleset.name,
        "options": dict(night.options),
        "table_size": night.table_size,
        "format": night.format,
        "planned_rounds": night.planned_rounds,
        "minutes": night.minutes,
        "lowest_wins": night.ruleset.lowest_wins,
        "version": night.version,
        "players": [
            {"name": p.name, "present": p.present, "partner": partner.get(p.name)}
            for p in night.players
        ],
        "rounds": [round_json(played) for played in night.rounds],
        "standings_rule": translate(STANDINGS_RULE_SAID),
        "standings": standings_json(night),
    }


def night_api_url(night: Night) -> str:
    return url_for("nights.api_night", slug=night.league.slug, number=night.number)
