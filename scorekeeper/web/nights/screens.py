"""What updates by itself: the night page's live board and the projector screen.

Both poll their board about once a second with If-None-Match (static/live.js, as the
watch page does). The version is the night's own and every one of its games', read in
one query, so the usual answer is a bodiless 304; a change is drawn once per version and
handed to every phone and screen asking for it. The organiser's board carries forms
(with their CSRF token) and is drawn for them alone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, Response, current_app, render_template, request, session

from scorekeeper import leagues, store
from scorekeeper.errors import NotFound
from scorekeeper.nights.night import Night
from scorekeeper.store import get_db
from scorekeeper.tokens import token_matches
from scorekeeper.web.compression import gzipped, kept_answer
from scorekeeper.web.language import locale_tag
from scorekeeper.web.leagues.rights import held_league_tokens
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.web.nights.shown import requested_night
from scorekeeper.web.nights.steps import RoundForm, next_step
from scorekeeper.web.share import Drawn
from scorekeeper.words import say

NIGHT = "/leagues/<slug>/nights/<int:number>"
# A projector shows this many tables at once; more take turns, a screenful at a time.
# With their 300 px QR codes (the organiser's screen, up to 9 tables) three fit.
SCREEN_TABLES = 3
SCREEN_TABLES_COMPACT = 8
QR_TABLES = 9
SCREEN_ROWS = 10  # standings rows on the projector
VIEWS_KEY = "scorekeeper.night_views"


def version_tag(version: tuple[int, int, int], organiser: bool) -> str:
    """The ETag of a view, and its key among the drawn ones: the version, who, which language."""
    tag = "-".join(str(n) for n in version) + ("-o" if organiser else "")
    return f"{tag}-{locale_tag()}"


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


def render_screen(night: Night, organiser: bool) -> str:
    """The projector's whole page."""
    return render_template(
        "nights/screen.html",
        night=night,
        board=render_screen_board(night, organiser),
        version=board_version(night, organiser),
    )


Render = Callable[[Night, bool], str]
# What is drawn once per version for everyone who is not the organiser; the night page
# (web/nights/pages.py) adds itself as "page".
VIEWS: dict[str, Render] = {
    "board": render_board,
    "screen-board": render_screen_board,
    "screen": render_screen,
}


# kind, league slug, night number, the view's tag (versions, reader's locale)
ViewKey = tuple[str, str, int, str]


class NightViews:
    """An app's drawn night views, each kept as sent (and gzipped) for every visitor.

    Keyed by the view's tag, which holds the night's and its games' versions and the
    reader's locale: a new hand or a switch of language asks for another key, never an
    older copy. A view drawn from a newer night than its tag only comes back sooner.
    """

    KEPT = 64  # a few views × languages × the nights being played

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[ViewKey, Drawn] = OrderedDict()

    def get(self, key: ViewKey) -> Drawn:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found
        kind, slug, number, _tag = key
        body = VIEWS[kind](requested_night(slug, number), False).encode()
        view = Drawn(body, gzipped(body, "text/html"), "text/html")
        with self.lock:
            self.kept[key] = view
            while len(self.kept) > self.KEPT:
                self.kept.popitem(last=False)
        return view


def init_app(app: Flask) -> None:
    app.extensions[VIEWS_KEY] = NightViews()


@dataclass(frozen=True)
class Seen:
    """Who is asking about which version of a night, read without loading the night."""

    tag: str
    organiser: bool


def seen(slug: str, number: int) -> Seen:
    """The night's version and whether this browser organises it: one read, on this
    thread's read connection (as the watch page's board does)."""
    found = store.night_version(get_db(), slug, number)
    if found is None:
        raise leagues.no_such_league(slug)
    name, token_hash, night_version, games, tables = found
    if night_version is None:
        raise NotFound(
            say(
                "%(league)s has no night %(number)s. Check the address.", league=name, number=number
            )
        )
    held = held_league_tokens().get(slug)
    organiser = token_matches(held, token_hash)
    return Seen(version_tag((night_version, games, tables), organiser), organiser)


def view(kind: str, slug: str, number: int, tag: str, organiser: bool) -> Response:
    """The organiser's view drawn for them (it carries forms); anyone else's kept per version.

    A page with a message flashed for this browser is drawn for it alone too.
    """
    if organiser or session.get("_flashes"):
        return Response(VIEWS[kind](requested_night(slug, number), organiser), mimetype="text/html")
    views: NightViews = current_app.extensions[VIEWS_KEY]
    drawn = views.get((kind, slug, number, tag))
    return kept_answer(drawn.body, drawn.compressed, drawn.mimetype)


def live(kind: str, slug: str, number: int) -> Response:
    asked = seen(slug, number)
    if request.if_none_match.contains_weak(asked.tag):
        return tagged(Response(status=304), asked.tag)
    return tagged(view(kind, slug, number, asked.tag, asked.organiser), asked.tag)


def tagged(response: Response, tag: str) -> Response:
    response.set_etag(tag)
    # Organisers and everyone else see different boards at the same address.
    response.headers["Cache-Control"] = "no-cache, private"
    vary = response.headers.get("Vary")
    response.headers["Vary"] = f"{vary}, Cookie" if vary else "Cookie"
    return response


@bp.get(f"{NIGHT}/board")
def board(slug: str, number: int) -> Response:
    """The night page's live board alone, for phones following the night."""
    return live("board", slug, number)


@bp.get(f"{NIGHT}/screen/board")
def screen_board(slug: str, number: int) -> Response:
    return live("screen-board", slug, number)


@bp.get(f"{NIGHT}/screen")
def screen(slug: str, number: int) -> Response:
    """The projector: seating in large type, live totals, the timer, the standings."""
    asked = seen(slug, number)
    return view("screen", slug, number, asked.tag, asked.organiser)
