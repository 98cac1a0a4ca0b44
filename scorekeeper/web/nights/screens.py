"""What updates by itself: the night page's live board and the projector screen.

Both poll their board about once a second with If-None-Match (static/live.js, as the
watch page does). The version is the night's own and every one of its games', read in
one query, so the usual answer is a bodiless 304; a change is drawn once per version and
handed to every phone and screen asking for it. The organiser's board carries forms
(with their CSRF token) and is drawn for them alone.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Response, current_app, render_template, request

from scorekeeper import leagues, store
from scorekeeper.db import get_db
from scorekeeper.errors import NotFound
from scorekeeper.nights.night import Night
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.web.nights.shown import is_organiser, requested_night
from scorekeeper.web.nights.steps import RoundForm, next_step

NIGHT = "/leagues/<slug>/nights/<int:number>"
# A projector shows this many tables at once; more take turns, a screenful at a time.
# With their 300 px QR codes (the organiser's screen, up to 9 tables) three fit.
SCREEN_TABLES = 3
SCREEN_TABLES_COMPACT = 8
QR_TABLES = 9
SCREEN_ROWS = 10  # standings rows on the projector


def version_tag(version: tuple[int, int, int], organiser: bool) -> str:
    return "-".join(str(n) for n in version) + ("-o" if organiser else "")


def board_version(night: Night, organiser: bool) -> str:
    games = sum(table.version for played in night.rounds for table in played.tables)
    count = sum(len(played.tables) for played in night.rounds)
    return version_tag((night.version, games, count), organiser)


def render_board(night: Night, organiser: bool) -> str:
    """The live part of the night page; the organiser's has the next step's buttons."""
    return render_template(
        "nights/_board.html",
        night=night,
        organiser=organiser,
        step=next_step(night) if organiser else None,
        round_form=RoundForm(formdata=None) if organiser else None,
    )


def render_screen_board(night: Night, organiser: bool) -> str:
    current = night.current
    tables = len(current.tables) if current else 0
    return render_template(
        "nights/_screen_board.html",
        night=night,
        organiser=organiser,
        with_qr=organiser and tables <= QR_TABLES,
        per_page=SCREEN_TABLES if organiser and tables <= QR_TABLES else SCREEN_TABLES_COMPACT,
        rows=SCREEN_ROWS,
        page_url=external_url("nights.night_page", slug=night.league.slug, number=night.number),
    )


@lru_cache(maxsize=128)
def drawn(database: str, kind: str, slug: str, number: int, tag: str) -> str:
    """A board at one version, for everyone who is not the organiser (`database` names the app)."""
    del database, tag  # part of the cache key only
    night = requested_night(slug, number)
    return render_board(night, False) if kind == "board" else render_screen_board(night, False)


def live(kind: str, slug: str, number: int) -> Response:
    db = get_db()
    league = leagues.load_league(db, slug)
    row = store.night_row(db, league.id, number)
    version = None if row is None else store.night_version(db, row["id"])
    if version is None:
        raise NotFound(f"{league.name} has no night {number}. Check the address.")
    organiser = is_organiser(league)
    tag = version_tag(version, organiser)
    if request.if_none_match.contains_weak(tag):
        return tagged(Response(status=304), tag)
    if organiser:
        night = requested_night(slug, number)
        body = render_board(night, True) if kind == "board" else render_screen_board(night, True)
    else:
        body = drawn(current_app.config["DATABASE"], kind, slug, number, tag)
    return tagged(Response(body, mimetype="text/html"), tag)


def tagged(response: Response, tag: str) -> Response:
    response.set_etag(tag)
    # Organisers and everyone else see different boards at the same address.
    response.headers["Cache-Control"] = "no-cache, private"
    response.headers["Vary"] = "Cookie"
    return response


@bp.get(f"{NIGHT}/board")
def board(slug: str, number: int) -> Response:
    """The night page's live board alone, for phones following the night."""
    return live("board", slug, number)


@bp.get(f"{NIGHT}/screen/board")
def screen_board(slug: str, number: int) -> Response:
    return live("screen", slug, number)


@bp.get(f"{NIGHT}/screen")
def screen(slug: str, number: int) -> str:
    """The projector: seating in large type, live totals, the timer, the standings."""
    night = requested_night(slug, number)
    organiser = is_organiser(night.league)
    return render_template(
        "nights/screen.html",
        night=night,
        board=render_screen_board(night, organiser),
        version=board_version(night, organiser),
    )
