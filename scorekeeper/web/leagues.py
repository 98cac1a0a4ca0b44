"""League pages and the league API: standings, seasons, player pages, exports, the admin link.

The league's right (adding games and seasons) is its league token. The admin link carries
it once: opening it keeps the token in this browser's signed session cookie and sends the
browser on to the league page, so the token leaves the address bar. Only the manage page
and its QR code, both uncached and only for a browser holding the token, show it again.
Everything else here is public and read-only.
"""

from __future__ import annotations

import csv
import gc
import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf import FlaskForm
from werkzeug.wrappers.response import Response as BaseResponse
from wtforms import DateField, StringField
from wtforms.validators import DataRequired, Length

from scorekeeper import csrf, leagues, standings
from scorekeeper.db import get_db
from scorekeeper.errors import Forbidden, NotFound, RuleError
from scorekeeper.qr import qr_svg
from scorekeeper.rules import get_ruleset
from scorekeeper.standings import League, LeagueGame, Pool, RatedGame, Row, Season, Standings
from scorekeeper.tokens import token_matches
from scorekeeper.web.api import json_body
from scorekeeper.web.links import external_url
from scorekeeper.web.share import svg_response

bp = Blueprint("leagues", __name__)

SESSION_KEY = "leagues"
CACHE_KEY = "scorekeeper.rated_league_views"
SCREEN_REFRESH_SECONDS = 60
POINTS_RULE = (
    "Points for: the final total of the player's side. Points against: the average of "
    "the opponents' final totals. Avg: points for per game."
)


# --- the league right ----------------------------------------------------------------


def held_league_tokens() -> dict[str, str]:
    """The league tokens this browser holds, by league slug (kept when it opened admin links)."""
    held = session.get(SESSION_KEY)
    if not isinstance(held, dict):
        return {}
    return {slug: token for slug, token in held.items() if isinstance(token, str)}


def hold_league_token(slug: str, token: str) -> None:
    session[SESSION_KEY] = {**held_league_tokens(), slug: token}
    session.permanent = True


def held_token(league: League) -> str | None:
    """This browser's token for `league`, if it holds the current one."""
    token = held_league_tokens().get(league.slug)
    return token if token_matches(token, league.token_hash) else None


def require_right(league: League, token: str | None) -> str:
    if token is None or not token_matches(token, league.token_hash):
        raise Forbidden(f"Managing {league.name} needs its admin link (the league token).")
    return token


# --- what a page or export shows: a league, a ruleset, a season ----------------------


@dataclass(frozen=True)
class View:
    """The league and the filters asked for: one ruleset or all, one season or all time."""

    league: League
    ruleset: str | None
    season: Season | None

    def args(self, **extra: Any) -> dict[str, Any]:
        """The filters as URL arguments, for links that keep them."""
        return {
            "slug": self.league.slug,
            "ruleset": self.ruleset,
            "season": self.season_slug,
            **extra,
        }

    @property
    def season_slug(self) -> str | None:
        return self.season.slug if self.season else None


def requested_view(slug: str) -> View:
    """The league in the address and the filters in its query (?ruleset=…&season=…)."""
    db = get_db()
    league = standings.load_league(db, slug)
    ruleset = request.args.get("ruleset") or None
    if ruleset is not None:
        ruleset = get_ruleset(ruleset).id
    return View(league, ruleset, standings.find_season(db, league, request.args.get("season")))


def view_games(view: View, *, finished_only: bool = True) -> list[LeagueGame]:
    return standings.league_games(
        get_db(),
        view.league,
        ruleset=view.ruleset,
        season=view.season,
        finished_only=finished_only,
    )


class RatedView:
    """A view's finished games rated and tallied, by ruleset and all together.

    What it shows never changes once made (the all-games pool is only filled in when first
    asked for), so requests can go on reading it while `updated` makes the next one from
    it, folding again only what the changed games touch (`standings.Pool`).
    """

    def __init__(
        self,
        version: tuple[Any, ...],
        games: list[LeagueGame],
        pools: dict[str, Pool],
        all_games_before: Pool,
    ) -> None:
        self.version = version
        self.games = games
        self.pools = pools  # by ruleset, the most played first
        # Only the API shows every game rated together, so that pool is brought up to
        # date when first asked for (`all_games`), from the last one that was.
        self.all_games_before = all_games_before
        self.all_games_now: Pool | None = None
        self.by_ruleset: dict[str, list[RatedGame]] = {
            ruleset: pool.rated for ruleset, pool in pools.items()
        }
        self.tables = [
            Standings(
                ruleset,
                standings.ruleset_name(ruleset),
                pool.rated[0].game.lowest_wins,
                len(pool.rated),
                pool.rows,
            )
            for ruleset, pool in pools.items()
        ]

    def updated(self, version: tuple[Any, ...], games: list[LeagueGame]) -> RatedView:
        """The view of these games, at this version of them."""
        empty = Pool()
        pools = {
            ruleset: self.pools.get(ruleset, empty).updated(group)
            for ruleset, group in standings.by_ruleset(games)
        }
        return RatedView(version, games, pools, self.all_games_now or self.all_games_before)

    def all_games(self) -> Pool:
        if self.all_games_now is None:
            self.all_games_now = self.all_games_before.updated(self.games)
        return self.all_games_now

    @cached_property
    def overall(self) -> Standings | None:
        """Every game together (None without games)."""
        if len(self.tables) == 1:
            return self.tables[0]
        if not self.games:
            return None
        with collector_paused():
            return Standings(None, "All games", False, len(self.games), self.all_games().rows)


# What a view's first request is brought up to date from.
NO_GAMES = RatedView((), [], {}, Pool())


class RatedViews:
    """The rated games of recent views, each brought up to date when its games change.

    Rating is most of the work of a big league's page, and a projector or a room of
    phones asks for the same page again and again while nothing has changed; when a game
    finishes, only what it changes is done again.
    """

    SIZE = 16

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: OrderedDict[tuple[Any, ...], RatedView] = OrderedDict()

    def get(self, view: View) -> RatedView:
        db = get_db()
        key = (view.league.id, view.ruleset, view.season.created_between() if view.season else None)
        # Read before the games: a change in between then shows as a new version next time.
        version = standings.finished_games_version(db, view.league, view.ruleset, view.season)
        with self.lock:
            kept = self.entries.get(key, NO_GAMES)
        if version != kept.version:
            games = standings.finished_games(db, view.league, view.ruleset, view.season, kept.games)
            with collector_paused():
                kept = kept.updated(version, games)
        with self.lock:
            self.entries[key] = kept
            self.entries.move_to_end(key)
            while len(self.entries) > self.SIZE:
                self.entries.popitem(last=False)
        return kept


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off Python's cycle collector while standings are computed, then freeze what is kept.

    Rating makes tens of thousands of small objects, none of them in cycles, and every
    few hundred of them set off a collection that walks the lot again; pausing it saves
    about a tenth of a big league's time. What was made is kept between requests, and
    every later full collection would walk it again (a third of the time of the first
    page after a change): `gc.freeze` moves it out of their way. Frozen objects are still
    freed when no longer referenced; only a cycle that was garbage at that moment stays.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def rated(view: View) -> RatedView:
    """The view's finished games, rated (kept per app between requests)."""
    views: RatedViews = current_app.extensions.setdefault(CACHE_KEY, RatedViews())
    return views.get(view)


# --- numbers as pages and exports show them --------------------------------------------


def shown(value: float) -> str:
    """A number as the pages and the CSV show it: whole numbers bare, others to one decimal."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def rating_text(value: float) -> str:
    """A rating or its ± to one decimal always, so that a column of them lines up."""
    return f"{value:.1f}"


def percent(value: float) -> str:
    return shown(100 * value)


def form_letters(form: Sequence[bool]) -> str:
    return "".join("W" if won else "L" for won in form)


def long_date(day: date) -> str:
    return f"{day.day} {day:%b %Y}"


def points_note(table: Standings) -> str:
    """How a table counts points, said on the page above it."""
    if not table.counts_points:
        return "Points are not added up across different games: pick one game to see them."
    if table.lowest_wins:
        return f"Lowest total wins {table.name}: fewer points for is better."
    return f"Highest total wins {table.name}: more points for is better."


@bp.app_context_processor
def league_helpers() -> dict[str, Any]:
    return {
        "league_number": shown,
        "league_percent": percent,
        "league_rating": rating_text,
        "league_date": long_date,
        "league_points_note": points_note,
        "league_ruleset_name": standings.ruleset_name,
        "league_columns": COLUMNS,
    }


# --- sorting -------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A sortable standings column: how to sort by it and which way is better."""

    key: str
    label: str
    value: Callable[[Row], Any]
    higher_is_better: bool = True
    points: bool = False  # counts the game's points: flips in lowest-wins games

    def better_high(self, table: Standings) -> bool:
        return self.higher_is_better != (self.points and table.lowest_wins)


COLUMNS = {
    column.key: column
    for column in (
        Column("player", "Player", lambda row: row.key, higher_is_better=False),
        Column("played", "Played", lambda row: row.played),
        Column("won", "Won", lambda row: row.won),
        Column("win_rate", "Win %", lambda row: row.win_rate),
        Column("points_for", "For", lambda row: row.points_for, points=True),
        Column(
            "points_against",
            "Against",
            lambda row: row.points_against,
            higher_is_better=False,
            points=True,
        ),
        Column("average", "Avg", lambda row: row.average, points=True),
        Column("rating", "Rating", lambda row: row.rating.shown),
        Column("last_played", "Last played", lambda row: row.last_played),
    )
}


@dataclass(frozen=True)
class Sort:
    """The order asked for: a column and a direction, or None for the standings' own order."""

    column: str | None
    descending: bool

    @staticmethod
    def requested() -> Sort:
        column = request.args.get("sort")
        if column not in COLUMNS:
            return Sort(None, True)
        return Sort(column, request.args.get("order", "desc") != "asc")

    def rows(self, table: Standings) -> tuple[Row, ...]:
        if self.column is None:
            return table.rows
        column = COLUMNS[self.column]
        # Ties keep the standings' order whichever way the column is sorted.
        ordered = sorted(table.rows, key=column.value, reverse=self.descending)
        return tuple(ordered)

    def link_order(self, key: str, table: Standings) -> str:
        """The order a click on column `key` asks for: best first, or the reverse if already so."""
        best = "desc" if COLUMNS[key].better_high(table) else "asc"
        current = "desc" if self.descending else "asc"
        if self.column == key and current == best:
            return "asc" if best == "desc" else "desc"
        return best

    def aria(self, key: str) -> str | None:
        if self.column != key:
            return None
        return "descending" if self.descending else "ascending"

    def args(self) -> dict[str, str]:
        """The order as URL arguments, for links that keep it."""
        if self.column is None:
            return {}
        return {"sort": self.column, "order": "desc" if self.descending else "asc"}


# A club's lists are long (a row per player, a line per game): a phone gets them a page
# at a time.
OVERVIEW_ROWS = 36  # shared by the tables when a page shows several: the top of each
PAGE_ROWS = 40  # a page of one table
PLAYER_GAMES = 20  # a page of a player's games
OPPONENTS = 20  # a page of a player's head to head


@dataclass(frozen=True)
class Paging:
    """Which items of a long list a page shows, and a link to each page of it."""

    start: int
    stop: int
    links: tuple[tuple[str, str, bool], ...]  # (label, url, is this one); none for one page


def paging(total: int, size: int, arg: str, link: Callable[[int], str]) -> Paging:
    """The page asked for by `?<arg>=n` (out of range: the nearest one) of `total` items."""
    count = max(1, -(-total // size))
    page = min(max(request.args.get(arg, 1, type=int) or 1, 1), count)
    links = tuple(
        (f"{n * size + 1}–{min((n + 1) * size, total)}", link(n + 1), n + 1 == page)
        for n in range(count)
    )
    return Paging((page - 1) * size, page * size, links if count > 1 else ())


@dataclass(frozen=True)
class TablePage:
    """One standings table as a page shows it."""

    table: Standings
    rows: Paging
    sortable: bool  # on a page of its own; the overview shows each table's top as ranked
    whole_table_url: str | None  # from the overview: the table on a page of its own


def table_pages(view: View, tables: list[Standings], sort: Sort) -> list[TablePage]:
    """Several tables: the top of each, linked to the rest. One table: a page of its rows."""
    if len(tables) > 1:
        top = min(10, OVERVIEW_ROWS // len(tables))
        return [
            TablePage(
                table,
                Paging(0, top, ()),
                False,
                url_for("leagues.standings_page", **view.args(ruleset=table.ruleset))
                if len(table.rows) > top
                else None,
            )
            for table in tables
        ]
    return [
        TablePage(
            table,
            paging(
                len(table.rows),
                PAGE_ROWS,
                "page",
                lambda n: url_for("leagues.standings_page", **view.args(page=n, **sort.args())),
            ),
            True,
            None,
        )
        for table in tables
    ]


# --- pages ---------------------------------------------------------------------------


class LeagueForm(FlaskForm):  # type: ignore[misc]
    """Start a league: its name."""

    name = StringField("League name", validators=[DataRequired(), Length(max=leagues.NAME_LIMIT)])


class SeasonForm(FlaskForm):  # type: ignore[misc]
    """A season: a name and the first and last dates it covers."""

    name = StringField(
        "Season name", validators=[DataRequired(), Length(max=standings.SEASON_NAME_LIMIT)]
    )
    starts_on = DateField("First day", validators=[DataRequired()])
    ends_on = DateField("Last day", validators=[DataRequired()])


@bp.get("/leagues")
def index() -> str:
    return render_index(LeagueForm(formdata=None))


def render_index(form: LeagueForm) -> str:
    # Only this browser's leagues: a league's page is for those who were given its link.
    held = held_league_tokens()
    mine = [league for league in standings.leagues_named(get_db(), held) if held_token(league)]
    return render_template("leagues/index.html", leagues=mine, form=form)


@bp.post("/leagues")
def create() -> BaseResponse | tuple[str, int]:
    """Start a league from the page: this browser holds its token from now on."""
    form = LeagueForm()
    if not form.validate_on_submit():
        return render_index(form), 422
    try:
        row, token = leagues.create_league(get_db(), form.name.data)
    except RuleError as error:
        form.name.errors.append(error.message)
        return render_index(form), 422
    hold_league_token(row["slug"], token)
    flash(f"{row['name']} is ready. Share its admin link with the other organisers.", "success")
    return redirect(url_for("leagues.manage", slug=row["slug"]), code=303)


@bp.get("/leagues/<slug>")
def standings_page(slug: str) -> str:
    view = requested_view(slug)
    computed = rated(view)
    sort = Sort.requested()
    return render_template(
        "leagues/standings.html",
        view=view,
        tables=table_pages(view, computed.tables, sort),
        games=len(computed.games),
        sort=sort,
        seasons=standings.load_seasons(get_db(), view.league),
        rulesets=standings.rulesets_played(get_db(), view.league),
        can_manage=held_token(view.league) is not None,
        points_rule=POINTS_RULE,
    )


@bp.get("/leagues/<slug>/screen")
def screen(slug: str) -> str:
    """The standings for a projector: big text, the top of each table, refreshing itself."""
    view = requested_view(slug)
    computed = rated(view)
    return render_template(
        "leagues/screen.html",
        view=view,
        tables=computed.tables,
        games=len(computed.games),
        refresh=SCREEN_REFRESH_SECONDS,
        top=screen_rows(len(computed.tables)),
        page_url=external_url("leagues.standings_page", **view.args()),
    )


def screen_rows(tables: int) -> int:
    """A projector shows one screenful: fewer rows a table when several share the screen."""
    return 20 if tables <= 2 else 8


@bp.get("/leagues/<slug>/players/<path:player>")
def player(slug: str, player: str) -> str:
    view = requested_view(slug)
    key = standings.player_key(player)
    record = standings.player_record(rated(view).by_ruleset, key)
    if record is None and view.ruleset is None and view.season is None:
        raise NotFound(f"Nobody called {player} has finished a game in {view.league.name}.")
    shown = {"games": request.args.get("games"), "opponents": request.args.get("opponents")}

    def link(arg: str) -> Callable[[int], str]:
        return lambda n: url_for("leagues.player", **view.args(player=key, **{**shown, arg: n}))

    return render_template(
        "leagues/player.html",
        view=view,
        key=key,
        asked=player,
        record=record,
        games=paging(len(record.games) if record else 0, PLAYER_GAMES, "games", link("games")),
        opponents=paging(
            len(record.head_to_head) if record else 0, OPPONENTS, "opponents", link("opponents")
        ),
        charts={ruleset: rating_chart(history) for ruleset, history in record.ratings.items()}
        if record
        else {},
        seasons=standings.load_seasons(get_db(), view.league),
        rulesets=standings.rulesets_played(get_db(), view.league),
    )


# --- the admin link and managing a league ------------------------------------------------


@bp.get("/leagues/<slug>/admin/<token>")
def admin_link(slug: str, token: str) -> BaseResponse:
    """The admin link: keep the league token in this browser, then drop it from the address."""
    league = standings.load_league(get_db(), slug)
    if not token_matches(token, league.token_hash):
        raise Forbidden(f"This admin link is not valid for {league.name}. Ask an organiser for it.")
    hold_league_token(league.slug, token)
    flash(f"This phone can now manage {league.name}: add seasons and games.", "success")
    return redirect(url_for("leagues.standings_page", slug=slug), code=303)


@bp.get("/leagues/<slug>/manage")
def manage(slug: str) -> Response:
    league = standings.load_league(get_db(), slug)
    return render_manage(league, SeasonForm(formdata=None))


def render_manage(league: League, form: SeasonForm, status: int = 200) -> Response:
    token = require_right(league, held_token(league))
    response = Response(
        render_template(
            "leagues/manage.html",
            league=league,
            admin_url=external_url("leagues.admin_link", slug=league.slug, token=token),
            standings_url=external_url("leagues.standings_page", slug=league.slug),
            seasons=standings.load_seasons(get_db(), league),
            form=form,
        ),
        status=status,
    )
    # The page shows the admin link: never keep a copy of it anywhere.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/leagues/<slug>/admin-qr.svg")
def admin_qr(slug: str) -> Response:
    """The admin link as a QR code, only for a browser that holds the league token."""
    league = standings.load_league(get_db(), slug)
    token = require_right(league, held_token(league))
    url = external_url("leagues.admin_link", slug=league.slug, token=token)
    return svg_response(qr_svg(url), "no-store")


@bp.get("/leagues/<slug>/qr.svg")
def standings_qr(slug: str) -> Response:
    """The standings page as a QR code, for the noticeboard and the big screen."""
    league = standings.load_league(get_db(), slug)
    url = external_url("leagues.standings_page", slug=league.slug)
    return svg_response(qr_svg(url), "no-cache")


@bp.post("/leagues/<slug>/seasons")
def add_season(slug: str) -> BaseResponse:
    league = standings.load_league(get_db(), slug)
    require_right(league, held_token(league))
    form = SeasonForm()
    if not form.validate_on_submit():
        return render_manage(league, form, 422)
    try:
        season = standings.create_season(
            get_db(), league, form.name.data, form.starts_on.data, form.ends_on.data
        )
    except RuleError as error:
        form_field = getattr(form, error.field or "name", form.name)
        form_field.errors = [*form_field.errors, error.message]
        return render_manage(league, form, 422)
    flash(f"Season {season.name} added.", "success")
    return redirect(url_for("leagues.standings_page", slug=slug, season=season.slug), code=303)


# --- the JSON API --------------------------------------------------------------------


def season_json(season: Season) -> dict[str, Any]:
    return {
        "slug": season.slug,
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
    }


def row_json(row: Row, place: int, table: Standings, view: View) -> dict[str, Any]:
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
        "url": url_for(
            "leagues.player", **view.args(player=row.key, ruleset=table.ruleset or view.ruleset)
        ),
    }


def rows_json(table: Standings | None, view: View) -> list[dict[str, Any]]:
    if table is None:
        return []
    place = table.places()
    return [row_json(row, place[row.key], table, view) for row in table.rows]


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
        "points": POINTS_RULE,
        "lowest_wins": overall.lowest_wins if overall and overall.counts_points else None,
        "rows": rows_json(overall, view),
        "rulesets": [
            {
                "ruleset": table.ruleset,
                "name": table.name,
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
    league = standings.load_league(db, slug)
    return jsonify(
        {
            "slug": league.slug,
            "name": league.name,
            "url": external_url("leagues.standings_page", slug=league.slug),
            "seasons": [season_json(s) for s in standings.load_seasons(db, league)],
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
    league = standings.load_league(get_db(), slug)
    require_right(league, request.headers.get("X-League-Token"))
    body = json_body()
    season = standings.create_season(
        get_db(), league, body.get("name"), body.get("starts_on"), body.get("ends_on")
    )
    response = jsonify(season_json(season))
    response.status_code = 201
    response.headers["Location"] = url_for("leagues.api_league", slug=slug)
    return response


# The API authenticates by header, never by cookie, so CSRF cannot reach it.
csrf.exempt(api_add_season)


# --- exports -------------------------------------------------------------------------

STANDINGS_CSV_COLUMNS = (
    "ruleset",
    "game",
    "season",
    "place",
    "player",
    "played",
    "won",
    "win_rate_percent",
    "points_for",
    "points_against",
    "average",
    "rating",
    "rating_uncertainty",
    "rating_certainty",
    "form",
    "last_played",
)
GAMES_CSV_COLUMNS = (
    "game",
    "started",
    "ruleset",
    "status",
    "player",
    "side",
    "points",
    "won",
    "place",
    "url",
)


def csv_text(value: object) -> str:
    """A text cell that a spreadsheet will not run as a formula (a name like "=1+1")."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def csv_response(filename: str, header: Sequence[str], rows: list[list[object]]) -> Response:
    out = io.StringIO()
    # A byte-order mark, so that Excel reads accented names as UTF-8.
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
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
            csv_text(table.name),
            csv_text(view.season.name) if view.season else "all time",
            place[row.key],
            csv_text(row.player),
            row.played,
            row.won,
            percent(row.win_rate),
            row.points_for,
            shown(row.points_against),
            shown(row.average),
            rating_text(row.rating.shown),
            rating_text(row.rating.sigma),
            row.rating.certainty,
            form_letters(row.form),
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
    status = "finished" if game.finished else "in_progress"
    return [
        [
            game.id,
            game.started.isoformat(timespec="seconds"),
            game.ruleset,
            status,
            csv_text(player),
            csv_text(side),
            game.totals.get(side, 0),
            ("yes" if side in game.winners else "no") if game.finished else "",
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
    response = jsonify(
        {
            "league": {"slug": view.league.slug, "name": view.league.name},
            "games": [game_json(game) for game in view_games(view, finished_only=False)],
        }
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{export_name(view, "games", "json")}"'
    )
    return response


# --- the rating chart ------------------------------------------------------------------


@dataclass(frozen=True)
class Chart:
    """A rating-over-time line, laid out for an inline SVG drawn on the server."""

    width: int
    height: int
    left: int
    bottom: int
    points: str  # "x,y x,y …" for a polyline
    last: tuple[float, float]
    ticks: tuple[tuple[float, str], ...]  # (y, label) for each grid line
    first_day: str
    last_day: str
    summary: str


CHART_WIDTH, CHART_HEIGHT = 320, 170
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 34, 8, 10, 146


def rating_chart(history: Sequence[tuple[LeagueGame, standings.Rating]]) -> Chart:
    """Plot a player's shown rating after each game, game by game from the left."""
    values = [0.0] + [rating.shown for _, rating in history]  # every player starts at 0
    step = tick_step(max(values) - min(values))
    low = step * (min(values) // step)
    high = max(step * -(-max(values) // step), low + step)

    def y(value: float) -> float:
        return CHART_BOTTOM - (value - low) / (high - low) * (CHART_BOTTOM - CHART_TOP)

    span = max(len(values) - 1, 1)
    coords = [
        (CHART_LEFT + n / span * (CHART_WIDTH - CHART_LEFT - CHART_RIGHT), y(value))
        for n, value in enumerate(values)
    ]
    ticks_count = round((high - low) / step)
    first, last = history[0], history[-1]
    return Chart(
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        left=CHART_LEFT,
        bottom=CHART_BOTTOM,
        points=" ".join(f"{x:.1f},{y_:.1f}" for x, y_ in coords),
        last=(round(coords[-1][0], 1), round(coords[-1][1], 1)),
        ticks=tuple(
            (round(y(low + n * step), 1), shown(low + n * step)) for n in range(ticks_count + 1)
        ),
        first_day=long_date(first[0].started.date()),
        last_day=long_date(last[0].started.date()),
        summary=(
            f"Rating from 0 to {shown(last[1].shown)} over {len(history)} games, "
            f"lowest {shown(min(values))}, highest {shown(max(values))}."
        ),
    )


def tick_step(spread: float) -> float:
    """A round grid step giving two to five lines over `spread`."""
    for step in (1, 2, 5, 10, 20, 50, 100):
        if spread / step <= 4:
            return float(step)
    return 200.0
