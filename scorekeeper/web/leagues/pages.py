"""League pages: the list of this browser's leagues, standings, the projector, a player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import lazy_gettext
from werkzeug.wrappers.response import Response as BaseResponse
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from scorekeeper import leagues, standings
from scorekeeper.errors import NotFound, RuleError
from scorekeeper.forms import Form
from scorekeeper.names import as_typed
from scorekeeper.standings import Standings
from scorekeeper.store import get_db
from scorekeeper.web import language
from scorekeeper.web.leagues.blueprint import bp
from scorekeeper.web.leagues.chart import rating_chart
from scorekeeper.web.leagues.numbers import POINTS_RULE_SAID, points_note
from scorekeeper.web.leagues.rated import rated
from scorekeeper.web.leagues.rights import held_league_tokens, held_token, hold_league_token
from scorekeeper.web.leagues.sorting import COLUMNS, Sort
from scorekeeper.web.leagues.view import View, requested_view
from scorekeeper.web.links import external_url
from scorekeeper.words import say

SCREEN_REFRESH_SECONDS = 60


@bp.app_context_processor
def league_helpers() -> dict[str, Any]:
    """Numbers and dates as the reader's region writes them (the CSV keeps its own)."""
    return {
        "league_number": lambda value: language.number(round(value, 1), "#,##0.#"),
        "league_percent": language.percent,
        "league_rating": lambda value: language.number(value, "#,##0.0"),
        "league_date": language.day,
        "league_points_note": points_note,
        "league_ruleset_name": standings.ruleset_name,
        "league_columns": COLUMNS,
    }


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
        (
            f"{language.number(n * size + 1)}–{language.number(min((n + 1) * size, total))}",
            link(n + 1),
            n + 1 == page,
        )
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


class LeagueForm(Form):
    """Start a league: its name."""

    name = StringField(
        lazy_gettext("League name"), validators=[DataRequired(), Length(max=leagues.NAME_LIMIT)]
    )


@bp.get("/leagues")
def index() -> str:
    return render_index(LeagueForm(formdata=None))


def render_index(form: LeagueForm) -> str:
    # Only this browser's leagues: a league's page is for those who were given its link.
    held = held_league_tokens()
    mine = [league for league in leagues.leagues_named(get_db(), held) if held_token(league)]
    return render_template("leagues/index.html", leagues=mine, form=form)


@bp.post("/leagues")
def create() -> BaseResponse | tuple[str, int]:
    """Start a league from the page: this browser holds its token from now on."""
    form = LeagueForm()
    if not form.validate_on_submit():
        return render_index(form), 422
    try:
        league, token = leagues.create_league(get_db(), form.name.data)
    except RuleError as error:
        form.name.errors.append(error.message)
        return render_index(form), 422
    hold_league_token(league.slug, token)
    flash(
        language.translate(
            say(
                "%(league)s is ready. Share its admin link with the other organisers.",
                league=league.name,
            )
        ),
        "success",
    )
    return redirect(url_for("leagues.manage", slug=league.slug), code=303)


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
        seasons=leagues.load_seasons(get_db(), view.league),
        rulesets=standings.rulesets_played(get_db(), view.league),
        can_manage=held_token(view.league) is not None,
        points_rule=POINTS_RULE_SAID,
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
    """A projector shows one screenful of 32 px type: two tables side by side, more in rows."""
    return 15 if tables <= 2 else 6 if tables <= 4 else 3


@bp.get("/leagues/<slug>/players/<path:player>")
def player(slug: str, player: str) -> str:
    view = requested_view(slug)
    key = standings.player_key(player)
    record = standings.player_record(rated(view).by_ruleset, key)
    if record is None and view.ruleset is None and view.season is None:
        raise NotFound(
            say(
                "Nobody called %(player)s has finished a game in %(league)s.",
                player=as_typed(player),
                league=view.league.name,
            )
        )
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
        seasons=leagues.load_seasons(get_db(), view.league),
        rulesets=standings.rulesets_played(get_db(), view.league),
    )
