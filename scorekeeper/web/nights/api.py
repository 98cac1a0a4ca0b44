"""The club night API: /api/leagues/<slug>/nights (CLUB_NIGHT.md, "API").

Writes need the league's X-League-Token. Each is safe to repeat (a name checked in twice
counts once; seating a round that is already seated is refused with a 409 saying so);
`If-Match: <version>` refuses a change to a night that changed since it was read.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request, url_for

from scorekeeper import csrf, leagues
from scorekeeper.errors import Conflict, RuleError
from scorekeeper.names import as_typed
from scorekeeper.nights import night as nights
from scorekeeper.store import League, get_db
from scorekeeper.tokens import fingerprint, token_hash
from scorekeeper.web.api import if_match, json_body
from scorekeeper.web.language import named
from scorekeeper.web.leagues.rights import require_right
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.web.nights.shown import night_json, round_json, table_json
from scorekeeper.words import say

API = "/api/leagues/<slug>/nights"


def organiser_league(slug: str) -> League:
    """The league, if the request carries its token (X-League-Token); else Forbidden."""
    league = leagues.load_league(get_db(), slug)
    require_right(league, request.headers.get("X-League-Token"))
    return league


def check_version(league: League, number: int) -> None:
    """Honour If-Match: refuse a change to a night that changed since the caller read it."""
    expected = if_match(request.headers.get("If-Match"))
    if expected is None:
        return
    night = nights.load_night(get_db(), league, number)
    if expected != night.version:
        raise Conflict(
            say(
                "The night changed since you read it (version %(now)s now, not %(seen)s). "
                "Read it again and retry.",
                now=str(night.version),
                seen=str(expected),
            )
        )


def created(body: dict[str, Any], location: str) -> Response:
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = location
    return response


@bp.post(API)
def api_create(slug: str) -> Response:
    league = organiser_league(slug)
    night = nights.create_night(get_db(), league, json_body())
    return created(night_json(night), url_for("nights.api_night", slug=slug, number=night.number))


@bp.get(API)
def api_list(slug: str) -> Response:
    league = leagues.load_league(get_db(), slug)
    return jsonify(
        [
            {
                "number": row["number"],
                "name": named(row["title"]),
                "ruleset": row["ruleset"],
                "url": external_url("nights.night_page", slug=slug, number=row["number"]),
            }
            for row in nights.nights_of(get_db(), league)
        ]
    )


@bp.get(f"{API}/<int:number>")
def api_night(slug: str, number: int) -> Response:
    night = nights.load_night(get_db(), leagues.load_league(get_db(), slug), number)
    response = jsonify(night_json(night))
    response.set_etag(str(night.version))
    return response


@bp.post(f"{API}/<int:number>/players")
def api_players(slug: str, number: int) -> Response:
    league = organiser_league(slug)
    check_version(league, number)
    body = json_body()
    unknown = sorted(set(body) - {"add", "remove", "pairs"})
    if unknown:
        raise RuleError(
            say(
                "%(field)s is not part of a check-in (add, remove, pairs)",
                field=as_typed(unknown[0]),
            ),
            unknown[0],
        )
    night = nights.check_in(get_db(), league, number, nights.parse_check_in(body))
    shown = night_json(night)
    return jsonify({"players": shown["players"], "version": night.version})


@bp.post(f"{API}/<int:number>/rounds")
def api_seat(slug: str, number: int) -> Response:
    league = organiser_league(slug)
    check_version(league, number)
    body = json_body() if request.content_length else {}
    expected = body.get("round")
    if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
        raise RuleError(say("round must be the number of the round to seat"), "round")
    seated = nights.seat(
        get_db(),
        league,
        number,
        current_app.config["SECRET_KEY"],
        expected_round=expected,
        order_by=body.get("order", "draw"),
    )
    shown = round_json(seated.round)
    for table, made in zip(shown["tables"], seated.round.tables, strict=True):
        table["scorer_token"] = seated.tokens[made.number]
        table["scorer_url"] = external_url(
            "pages.join", game_id=made.game_id, token=seated.tokens[made.number]
        )
    location = url_for("nights.api_night", slug=slug, number=number)
    return created(shown, location)


@bp.delete(f"{API}/<int:number>/rounds/<int:round_number>")
def api_undo_round(slug: str, number: int, round_number: int) -> Response:
    league = organiser_league(slug)
    check_version(league, number)
    night = nights.undo_round(get_db(), league, number, round_number)
    return jsonify(night_json(night))


@bp.post(f"{API}/<int:number>/rounds/<int:round_number>/call-time")
def api_call_time(slug: str, number: int, round_number: int) -> Response:
    league = organiser_league(slug)
    check_version(league, number)
    actor = "league:" + fingerprint(token_hash(request.headers.get("X-League-Token", "")))
    night = nights.call_time(get_db(), league, number, round_number, actor)
    current = night.current
    assert current is not None
    return jsonify({"round": round_number, "tables": [table_json(t) for t in current.tables]})


# The API authenticates by header, never by cookie, so CSRF cannot reach it.
for view in (api_create, api_players, api_seat, api_undo_round, api_call_time):
    csrf.exempt(view)
