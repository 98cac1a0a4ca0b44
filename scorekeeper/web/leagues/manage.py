"""Managing a league: the admin link, the manage page, its QR codes, adding a season."""

from __future__ import annotations

from flask import Response, flash, redirect, render_template, url_for
from flask_babel import lazy_gettext
from werkzeug.wrappers.response import Response as BaseResponse
from wtforms import DateField, StringField
from wtforms.validators import DataRequired, Length

from scorekeeper import leagues
from scorekeeper.errors import Forbidden, RuleError
from scorekeeper.forms import ConfirmForm, Form
from scorekeeper.qr import qr_svg
from scorekeeper.store import League, get_db
from scorekeeper.tokens import token_matches
from scorekeeper.web.language import translate
from scorekeeper.web.leagues.blueprint import bp
from scorekeeper.web.leagues.rights import held_token, hold_league_token, require_right
from scorekeeper.web.links import external_url
from scorekeeper.web.share import svg_response
from scorekeeper.words import say


class SeasonForm(Form):
    """A season: a name and the first and last dates it covers."""

    name = StringField(
        lazy_gettext("Season name"),
        validators=[DataRequired(), Length(max=leagues.SEASON_NAME_LIMIT)],
    )
    starts_on = DateField(lazy_gettext("First day"), validators=[DataRequired()])
    ends_on = DateField(lazy_gettext("Last day"), validators=[DataRequired()])


@bp.get("/leagues/<slug>/admin/<token>")
def admin_link(slug: str, token: str) -> BaseResponse:
    """The admin link: keep the league token in this browser, then drop it from the address."""
    league = leagues.load_league(get_db(), slug)
    if not token_matches(token, league.token_hash):
        raise Forbidden(
            say(
                "This admin link is not valid for %(league)s. Ask an organiser for it.",
                league=league.name,
            )
        )
    hold_league_token(league.slug, token)
    flash(
        translate(
            say("This phone can now manage %(league)s: add seasons and games.", league=league.name)
        ),
        "success",
    )
    return redirect(url_for("leagues.standings_page", slug=slug), code=303)


@bp.get("/leagues/<slug>/manage")
def manage(slug: str) -> Response:
    league = leagues.load_league(get_db(), slug)
    return render_manage(league, SeasonForm(formdata=None))


def render_manage(league: League, form: SeasonForm, status: int = 200) -> Response:
    token = require_right(league, held_token(league))
    response = Response(
        render_template(
            "leagues/manage.html",
            league=league,
            admin_url=external_url("leagues.admin_link", slug=league.slug, token=token),
            standings_url=external_url("leagues.standings_page", slug=league.slug),
            seasons=leagues.load_seasons(get_db(), league),
            form=form,
            confirm=ConfirmForm(formdata=None),
        ),
        status=status,
    )
    # The page shows the admin link: never keep a copy of it anywhere.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/leagues/<slug>/admin-link")
def new_admin_link(slug: str) -> BaseResponse:
    """Replace the admin link: the old one, and every phone that opened it, stop managing."""
    league = leagues.load_league(get_db(), slug)
    require_right(league, held_token(league))
    if not ConfirmForm().validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the page and try again."))
    hold_league_token(league.slug, leagues.rotate_league_token(get_db(), league))
    flash(
        translate(
            say(
                "New admin link made. The old one, and phones that opened it, can no longer "
                "manage %(league)s.",
                league=league.name,
            )
        ),
        "success",
    )
    return redirect(url_for("leagues.manage", slug=slug), code=303)


@bp.get("/leagues/<slug>/admin-qr.svg")
def admin_qr(slug: str) -> Response:
    """The admin link as a QR code, only for a browser that holds the league token."""
    league = leagues.load_league(get_db(), slug)
    token = require_right(league, held_token(league))
    url = external_url("leagues.admin_link", slug=league.slug, token=token)
    return svg_response(qr_svg(url), "no-store")


@bp.get("/leagues/<slug>/qr.svg")
def standings_qr(slug: str) -> Response:
    """The standings page as a QR code, for the noticeboard and the big screen."""
    league = leagues.load_league(get_db(), slug)
    url = external_url("leagues.standings_page", slug=league.slug)
    return svg_response(qr_svg(url), "no-cache")


@bp.post("/leagues/<slug>/seasons")
def add_season(slug: str) -> BaseResponse:
    league = leagues.load_league(get_db(), slug)
    require_right(league, held_token(league))
    form = SeasonForm()
    if not form.validate_on_submit():
        return render_manage(league, form, 422)
    try:
        season = leagues.create_season(
            get_db(), league, form.name.data, form.starts_on.data, form.ends_on.data
        )
    except RuleError as error:
        form_field = getattr(form, error.field or "name", form.name)
        form_field.errors = [*form_field.errors, error.message]
        return render_manage(league, form, 422)
    flash(translate(say("Season %(season)s added.", season=season.name)), "success")
    return redirect(url_for("leagues.standings_page", slug=slug, season=season.slug), code=303)
