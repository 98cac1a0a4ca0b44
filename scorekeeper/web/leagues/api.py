"""The league JSON API: a league, its standings, adding a season."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request, url_for

from scorekeeper import csrf, leagues, standings
from scorekeeper.standings import Row, Standings
from scorekeeper.store import Season, get_db
from scorekeeper.web.api import json_body
from scorekeeper.web.language import translate
from scorekeeper.web.leagues.blueprint import bp
from scorekeeper.web.leagues.numbers import POINTS_RULE_SAID, form_letters
from scorekeeper.web.leagues.rated import rated
from scorekeeper.web.leagues.rights import require_right
from scorekeeper.web.leagues.view import View, requested_view
from scorekeeper.web.links import external_url, urls_varying


def season_json(season: Season) -> dict[str, Any]:
    return {
        "slug": season.slug,
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
    }


def row_json(row: Row, place: int, table: Standings, url: str) -> dict[str, Any]:
    points = table.counts_points
    return {
        "place": place,
        "player": row.player,
        "key": row.key,
        "played": row.played,
        "won": row.won,
        "win_rate": round(row.win_rate, 3),
        "points_for": row.points_for if points else None,
        "points_against": round(row.points_against, 2) if points else None,
        "average": round(row.average, 2) if points else None,
        "rating": round(row.rating.shown, 2),
        "rating_mu": round(row.rating.mu, 2),
        "rating_sigma": round(row.rating.sigma, 2),
        "rating_certainty": row.rating.certainty,
        "form": list(form_letters(row.form)),
        "last_played": row.last_played.isoformat(),
        "url": url,
    }


def rows_json(table: Standings | None, view: View) -> list[dict[str, Any]]:
    if table is None:
        return []
    place = table.places()
    player_url = urls_varying(
        "leagues.player", "player", **view.args(ruleset=table.ruleset or view.ruleset)
    )
    return [row_json(row, place[row.key], table, player_url(row.key)) for row in table.rows]


def standings_json(view: View) -> dict[str, Any]:
    """The standings as the API and the JSON export give them.

    `rows` are over every game asked for (one ruleset, or all of them rated together);
    `rulesets` has one table per ruleset, as the page shows them.
    """
    computed = rated(view)
    overall = computed.overall
    return {
        "league": {
            "slug": view.league.slug,
            "name": view.league.name,
            "url": external_url("leagues.standings_page", slug=view.league.slug),
        },
        "ruleset": view.ruleset,
        "season": season_json(view.season) if view.season else None,
        "games": len(computed.games),
        "points": translate(POINTS_RULE_SAID),
        "lowest_wins": overall.lowest_wins if overall and overall.counts_points else None,
        "rows": rows_json(overall, view),
        "rulesets": [
            {
                "ruleset": table.ruleset,
                "name": str(table.name),  # in English, as a key
                "lowest_wins": table.lowest_wins,
                "games": table.games,
                "rows": rows_json(table, view),
            }
            for table in computed.tables
        ],
    }


@bp.get("/api/leagues/<slug>")
def api_league(slug: str) -> Response:
    db = get_db()
    league = leagues.load_league(db, slug)
    return jsonify(
        {
            "slug": league.slug,
            "name": league.name,
            "url": external_url("leagues.standings_page", slug=league.slug),
            "seasons": [season_json(s) for s in leagues.load_seasons(db, league)],
            "rulesets": [
                {"id": ruleset, "name": standings.ruleset_name(ruleset), "games": n}
                for ruleset, n in standings.rulesets_played(db, league)
            ],
        }
    )


@bp.get("/api/leagues/<slug>/standings")
def api_standings(slug: str) -> Response:
    return jsonify(standings_json(requested_view(slug)))


@bp.post("/api/leagues/<slug>/seasons")
def api_add_season(slug: str) -> Response:
    league = leagues.load_league(get_db(), slug)
    require_right(league, request.headers.get("X-League-Token"))
    body = json_body()
    season = leagues.create_season(
        get_db(), league, body.get("name"), body.get("starts_on"), body.get("ends_on")
    )
    response = jsonify(season_json(season))
    response.status_code = 201
    response.headers["Location"] = url_for("leagues.api_league", slug=slug)
    return response


@bp.post("/api/leagues/<slug>/token")
def api_new_league_token(slug: str) -> Response:
    """Replace the league token: the old one, and the admin link that carries it, stop working."""
    league = leagues.load_league(get_db(), slug)
    require_right(league, request.headers.get("X-League-Token"))
    token = leagues.rotate_league_token(get_db(), league)
    response = jsonify(
        {
            "slug": league.slug,
            "league_token": token,
            "admin_url": external_url("leagues.admin_link", slug=league.slug, token=token),
        }
    )
    response.status_code = 201
    return response


# The API authenticates by header, never by cookie, so CSRF cannot reach it.
csrf.exempt(api_add_season)
csrf.exempt(api_new_league_token)
