"""Club night pages: opening a night, check-in, seating, calling time, the table cards.

The organiser is whoever holds the league's right in this browser (the admin link).
Every button is a form with its round number, so a second organiser pressing "Seat
round 2" after the first gets a sentence saying it is done, not a round 3; every refusal
is flashed on the night page, which is shown again with nothing changed.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, current_app, redirect, render_template, request, url_for
from flask_babel import lazy_gettext
from werkzeug.wrappers.response import Response as BaseResponse
from wtforms import HiddenField, IntegerField, StringField, TextAreaField
from wtforms.validators import Length, NumberRange, Optional

from scorekeeper import leagues
from scorekeeper.errors import AppError, NotFound, RuleError
from scorekeeper.forms import Form
from scorekeeper.names import as_typed
from scorekeeper.nights import night as nights
from scorekeeper.nights.night import Night
from scorekeeper.qr import qr_svg
from scorekeeper.rules import REGISTRY
from scorekeeper.standings import player_key
from scorekeeper.store import League, get_db
from scorekeeper.tokens import fingerprint, token_hash
from scorekeeper.web.language import tell, translate
from scorekeeper.web.leagues.rights import held_token, require_right
from scorekeeper.web.links import external_url
from scorekeeper.web.nights.blueprint import bp
from scorekeeper.web.nights.screens import VIEWS, board_version, render_board, seen, view
from scorekeeper.web.nights.shown import FORMAT_NAMES, FORMATS, requested_night
from scorekeeper.web.nights.steps import RoundForm
from scorekeeper.web.pages import chosen_options, option_default_text
from scorekeeper.web.share import svg_response
from scorekeeper.words import say, say_n

PAGE = "/leagues/<slug>/nights"
NIGHT = f"{PAGE}/<int:number>"


class NewNightForm(Form):
    """A night's settings; the format, table size and house rules are read by name (they vary
    by game), as on the new-game page."""

    name = StringField(lazy_gettext("Name"), validators=[Optional(), Length(max=nights.NAME_LIMIT)])
    rounds = IntegerField(
        lazy_gettext("Rounds planned"), default=3, validators=[NumberRange(1, nights.ROUNDS_LIMIT)]
    )
    minutes = IntegerField(
        lazy_gettext("Time limit per round, in minutes (empty: none)"),
        validators=[Optional(), NumberRange(1, nights.MINUTES_LIMIT)],
    )


class CheckInForm(Form):
    names = TextAreaField(lazy_gettext("Names"), validators=[Length(max=8000)])


class PlayerForm(Form):
    """A button about one player: leaves, or comes back."""

    name = HiddenField()


class PairForm(Form):
    # The page labels the two boxes itself ("Partner 1", in the reader's words).
    first = StringField()
    second = StringField()


def organiser_night(slug: str, number: int) -> tuple[League, Night]:
    """The night, for a browser that holds the league's right; else Forbidden."""
    night = requested_night(slug, number)
    require_right(night.league, held_token(night.league))
    return night.league, night


def back_to_night(night: Night | tuple[str, int]) -> BaseResponse:
    slug, number = night if isinstance(night, tuple) else (night.league.slug, night.number)
    return redirect(url_for("nights.night_page", slug=slug, number=number), code=303)


def page_actor(league: League) -> str:
    return "page:" + fingerprint(token_hash(held_token(league) or ""))


# --- the list, and opening a night ---------------------------------------------------


@bp.get(PAGE)
def index(slug: str) -> str:
    league = leagues.load_league(get_db(), slug)
    return render_template(
        "nights/index.html",
        league=league,
        nights=nights.nights_of(get_db(), league),
        organiser=held_token(league) is not None,
        rulesets=REGISTRY.values(),
    )


@bp.route(f"{PAGE}/new/<ruleset_id>", methods=["GET", "POST"])
def new(slug: str, ruleset_id: str) -> str | BaseResponse | tuple[str, int]:
    league = leagues.load_league(get_db(), slug)
    require_right(league, held_token(league))
    ruleset = REGISTRY.get(ruleset_id)
    if ruleset is None:
        raise NotFound(say("There is no game called %(game)s.", game=as_typed(ruleset_id)))
    form = NewNightForm()
    error: RuleError | AppError | None = None
    if form.validate_on_submit():
        try:
            night = nights.create_night(
                get_db(),
                league,
                {
                    # Unnamed, it stays so: each reader sees its date in their own words.
                    "name": form.name.data,
                    "ruleset": ruleset.id,
                    "format": request.form.get("format", "individual"),
                    "table_size": chosen_table_size(request.form.get("format"), request.form),
                    "rounds": form.rounds.data,
                    "minutes": form.minutes.data,
                    "options": chosen_options(ruleset, [], False, request.form),
                },
            )
        except (RuleError, AppError) as refused:
            error = refused
        else:
            tell(say("%(night)s is open: check the players in.", night=night.title), "success")
            return back_to_night(night)
    page = render_template(
        "nights/new.html",
        league=league,
        ruleset=ruleset,
        form=form,
        formats=FORMATS,
        default_size=4 if 4 in ruleset.players else max(ruleset.players),
        error=error,
        values=request.form,
        option_default=option_default_text,
    )
    return (page, 422) if request.method == "POST" else page


def chosen_table_size(night_format: str | None, form: Mapping[str, str]) -> int | None:
    """The players per table chosen (pairs always play two pairs a table)."""
    raw = form.get("table_size", "")
    if night_format == "pairs" or not raw:
        return None
    if not raw.isdecimal() or len(raw) > 3:
        raise RuleError(say("choose the players per table"), "table_size")
    return int(raw)


# --- the night page ------------------------------------------------------------------


@bp.get(NIGHT)
def night_page(slug: str, number: int) -> Response:
    asked = seen(slug, number)
    return view("page", slug, number, asked.tag, asked.organiser)


def render_night_page(night: Night, organiser: bool) -> str:
    return render_template(
        "nights/night.html",
        night=night,
        organiser=organiser,
        board=render_board(night, organiser),
        version=board_version(night, organiser),
        known=offered_names(night) if organiser else [],
        # A visitor's page has no forms: no CSRF token made, no session cookie set for it.
        check_in=CheckInForm(formdata=None) if organiser else None,
        player_form=PlayerForm(formdata=None) if organiser else None,
        pair_form=PairForm(formdata=None) if organiser else None,
        format_name=FORMAT_NAMES[night.format],
    )


VIEWS["page"] = render_night_page


def offered_names(night: Night) -> list[str]:
    """The league's players not checked in yet, offered first at check-in."""
    here = {player.key for player in night.players}
    return [n for n in nights.known_names(get_db(), night.league) if player_key(n) not in here]


@bp.post(f"{NIGHT}/players")
def check_in(slug: str, number: int) -> BaseResponse:
    league, night = organiser_night(slug, number)
    form = CheckInForm()
    if not form.validate_on_submit():
        tell(say("Type the names to check in, one a line or separated by commas."), "error")
        return back_to_night(night)
    typed = [n for line in (form.names.data or "").splitlines() for n in line.split(",")]
    names = [n for n in (*request.form.getlist("known"), *typed) if n.strip()]
    if not names:
        tell(say("Type at least one name to check in."), "error")
        return back_to_night(night)
    try:
        after = nights.check_in(
            get_db(), league, number, nights.CheckIn(add=nights.names_list(names, "add"))
        )
    except RuleError as refused:
        tell(sentence(translate(refused.message)), "error")
        return back_to_night(night)
    present = len(after.present)
    tell(say_n("%(count)s player present.", "%(count)s players present.", present), "success")
    return back_to_night(after)


@bp.post(f"{NIGHT}/players/leave")
def leave(slug: str, number: int) -> BaseResponse:
    return change_player(slug, number, "remove")


@bp.post(f"{NIGHT}/players/return")
def come_back(slug: str, number: int) -> BaseResponse:
    return change_player(slug, number, "add")


def change_player(slug: str, number: int, what: str) -> BaseResponse:
    league, night = organiser_night(slug, number)
    form = PlayerForm()
    name = (form.name.data or "") if form.validate_on_submit() else ""
    try:
        change = nights.parse_check_in({what: [name]})
        nights.check_in(get_db(), league, number, change)
    except RuleError as refused:
        tell(sentence(translate(refused.message)), "error")
    else:
        said = (
            say("%(player)s has left: not seated again.", player=" ".join(name.split()))
            if what == "remove"
            else say("%(player)s is back.", player=" ".join(name.split()))
        )
        tell(said, "success")
    return back_to_night(night)


@bp.post(f"{NIGHT}/pairs")
def pair(slug: str, number: int) -> BaseResponse:
    league, night = organiser_night(slug, number)
    form = PairForm()
    try:
        if not form.validate_on_submit():
            raise RuleError(say("choose the two partners"))
        change = nights.parse_check_in({"pairs": [[form.first.data or "", form.second.data or ""]]})
        nights.check_in(get_db(), league, number, change)
    except RuleError as refused:
        tell(sentence(translate(refused.message)), "error")
    else:
        tell(
            say(
                "%(first)s and %(second)s play as a pair.",
                first=form.first.data,
                second=form.second.data,
            ),
            "success",
        )
    return back_to_night(night)


@bp.post(f"{NIGHT}/rounds")
def seat(slug: str, number: int) -> BaseResponse:
    league, night = organiser_night(slug, number)
    form = RoundForm()
    if not form.validate_on_submit() or form.number() is None:
        tell(say("That button has expired: here is the night as it is now."), "error")
        return back_to_night(night)
    try:
        seated = nights.seat(
            get_db(),
            league,
            number,
            current_app.config["SECRET_KEY"],
            expected_round=form.number(),
            order_by="rating" if form.order.data == "rating" else "draw",
        )
    except (RuleError, AppError) as refused:
        tell(sentence(translate(refused.message)), "error")
        return back_to_night(night)
    tell(
        say_n(
            "Round %(round)s is seated: %(count)s table.",
            "Round %(round)s is seated: %(count)s tables.",
            len(seated.round.tables),
            round=seated.round.number,
        ),
        "success",
    )
    return back_to_night(seated.night)


@bp.post(f"{NIGHT}/rounds/<int:round_number>/undo")
def undo(slug: str, number: int, round_number: int) -> BaseResponse:
    league, night = organiser_night(slug, number)
    if not RoundForm().validate_on_submit():
        tell(say("That button has expired: here is the night as it is now."), "error")
        return back_to_night(night)
    try:
        nights.undo_round(get_db(), league, number, round_number)
    except (RuleError, AppError) as refused:
        tell(sentence(translate(refused.message)), "error")
    else:
        tell(
            say(
                "Round %(round)s's seating is undone: seat it again when ready.", round=round_number
            ),
            "success",
        )
    return back_to_night(night)


@bp.post(f"{NIGHT}/rounds/<int:round_number>/call-time")
def call_time(slug: str, number: int, round_number: int) -> BaseResponse:
    league, night = organiser_night(slug, number)
    if not RoundForm().validate_on_submit():
        tell(say("That button has expired: here is the night as it is now."), "error")
        return back_to_night(night)
    try:
        nights.call_time(get_db(), league, number, round_number, page_actor(league))
    except (RuleError, AppError) as refused:
        tell(sentence(translate(refused.message)), "error")
    else:
        tell(
            say(
                "Time called for round %(round)s: each table finishes the hand in play.",
                round=round_number,
            ),
            "success",
        )
    return back_to_night(night)


def sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith((".", "!", "?")) else ".")


# --- table cards and their scorer QR codes -------------------------------------------


@bp.get(f"{NIGHT}/rounds/<int:round_number>/cards")
def cards(slug: str, number: int, round_number: int) -> Response:
    """A printable card per table: its seats and the QR code to score it."""
    _league, night = organiser_night(slug, number)
    played = night_round(night, round_number)
    links = {table.number: scorer_link(night, played, table.number) for table in played.tables}
    page = render_template("nights/cards.html", night=night, round=played, links=links)
    response = Response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get(f"{NIGHT}/rounds/<int:round_number>/tables/<int:table>/scorer-qr.svg")
def scorer_qr(slug: str, number: int, round_number: int, table: int) -> Response:
    """A table's scorer link as a QR code: only for the organiser's browser, never kept."""
    _league, night = organiser_night(slug, number)
    played = night_round(night, round_number)
    seated = next((t for t in played.tables if t.number == table), None)
    if seated is None:
        raise NotFound(
            say("Round %(round)s has no table %(table)s.", round=round_number, table=table)
        )
    return svg_response(qr_svg(scorer_link(night, played, table)), "no-store")


def scorer_link(night: Night, played: nights.Round, table: int) -> str:
    """A table's scorer link: for the organiser's cards and QR codes only."""
    game_id = next(t.game_id for t in played.tables if t.number == table)
    token = night.table_token(current_app.config["SECRET_KEY"], played.number, table)
    return external_url("pages.join", game_id=game_id, token=token)


@bp.get(f"{NIGHT}/qr.svg")
def night_qr(slug: str, number: int) -> Response:
    """The night page as a QR code, for the projector: anyone may follow the night."""
    night = requested_night(slug, number)
    url = external_url("nights.night_page", slug=night.league.slug, number=night.number)
    return svg_response(qr_svg(url), "no-cache")


def night_round(night: Night, round_number: int) -> nights.Round:
    if not 1 <= round_number <= len(night.rounds):
        raise NotFound(
            say("%(night)s has no round %(round)s.", night=night.title, round=round_number)
        )
    return night.rounds[round_number - 1]
