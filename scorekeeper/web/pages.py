"""The pages players see. Every change goes through the same service as the API."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Literal

from flask import (
    Blueprint,
    Response,
    abort,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import checker, games, store
from scorekeeper.errors import AppError, Conflict, Forbidden, RuleError, Unavailable
from scorekeeper.forms import ConfirmForm, HandForm, NewGameForm
from scorekeeper.numbers import as_whole_number
from scorekeeper.rules import REGISTRY, Ruleset
from scorekeeper.rules.base import Option, OptionValue, Table
from scorekeeper.rules.summaries import summary_of
from scorekeeper.store import get_db
from scorekeeper.tiles import SETS
from scorekeeper.tokens import token_matches
from scorekeeper.web import language, scorer, share
from scorekeeper.web.entry_forms import entry_form
from scorekeeper.web.entry_forms.muggins import shown_play_rows
from scorekeeper.web.errors import wants_json
from scorekeeper.web.language import tell, translate
from scorekeeper.web.leagues.rights import held_league_tokens
from scorekeeper.web.outbox import FORGOTTEN_RIGHT, LOST_RIGHT, refused_json, saved
from scorekeeper.web.rules_texts import rules_text
from scorekeeper.words import Message, say

bp = Blueprint("pages", __name__)
bp.add_app_template_global(shown_play_rows)

# Where a hand form's plain Save lands when it is refused: its action ends in "#refusal", so
# a phone with script off opens the page on the reason, not at the top, where Save would
# seem to have done nothing. An accepted Save's page draws no refusal, so opens as before.
REFUSAL = "refusal"


@bp.app_template_global()
def refusal_anchor() -> Markup:
    """` id="refusal"` for the first refusal a page draws; nothing for any other."""
    if g.get("refusal_drawn"):
        return Markup("")
    g.refusal_drawn = True
    return Markup(f' id="{REFUSAL}"')


# A refused change's answer: the page drawn again with what was typed, or (for the page's
# script) the sentence as JSON; and its status.
Kept = tuple[str | Response, int]

RECENT_NAMES = 16
RECENT_GAMES = 8


@bp.get("/healthz")
def healthz() -> Response:
    """Alive, without touching the database: for a load balancer or a benchmark's baseline."""
    return Response("ok\n", mimetype="text/plain")


@bp.get("/")
def home() -> str:
    return render_template("home.html", recent=recent_games())


def recent_games() -> list[games.Game]:
    """The games this phone scores, newest first."""
    found = []
    for game_id in reversed(list(session.get(scorer.COOKIE_KEY, {}))):
        try:
            found.append(games.load_game(get_db(), game_id))
        except AppError:
            continue
        if len(found) == RECENT_GAMES:
            break
    return found


# --- a new game ----------------------------------------------------------------------


@bp.get("/new")
def catalogue() -> str:
    return render_template("games/catalogue.html", rulesets=REGISTRY.values())


@bp.get("/rules/<ruleset_id>")
def rules(ruleset_id: str) -> str:
    ruleset = REGISTRY.get(ruleset_id) or abort(404)
    return render_template(
        "games/rules.html",
        ruleset=ruleset,
        summary=summary_of(ruleset.id),
        text=rules_text(ruleset.seed),
    )


@bp.route("/new/<ruleset_id>", methods=["GET", "POST"])
def new_game(ruleset_id: str) -> str | BaseResponse | tuple[str, int]:
    ruleset = REGISTRY.get(ruleset_id) or abort(404)
    form = NewGameForm()
    held = held_league_tokens()
    error: AppError | RuleError | None = None
    follows = following_options(ruleset)
    submitted = form.validate_on_submit()
    stale = request.method == "POST" and not submitted
    if stale:
        # The CSRF token no longer holds (the browser dropped its session cookie while the
        # form was open): the names typed are kept, with a fresh token, for one more tap.
        error = Conflict(
            say(
                "This phone's session changed, so the game was not started yet: "
                "check it and start it again."
            )
        )
    elif submitted:
        try:
            new = games.parse_new_game(new_game_payload(ruleset, request.form, follows))
            game, token = games.create_game(get_db(), new, held.get(new.league or ""))
        except (RuleError, AppError) as refused:
            error = refused
        else:
            scorer.grant(game)
            share.remember_scorer_link(game.id, token)
            remember_names(game.table.players)
            return redirect(
                url_for("pages.game", game_id=game.id, _anchor=opening(ruleset)), code=303
            )
    page = render_template(
        "games/new.html",
        ruleset=ruleset,
        form=form,
        values=request.form,
        error=error,
        names=session.get("names", []),
        leagues=league_names(held),
        option_default=lambda option: translate(default_text(option, follows)),
        follows=follows,
    )
    if error is None:
        return page
    # A form that did not carry this session's token is a refused right, for the write limits.
    return page, 403 if stale else status_of(error)


def opening(ruleset: Ruleset) -> str | None:
    """Where a new game's page opens: a game scored play by play on a two-end pad (Fives and
    Threes) opens at the first hand, its pad on screen, as after each play (plays.py); with
    four long names under an empty sheet, the pad would start a scroll down. Others open at
    the top."""
    return "entry" if ruleset.flags_last_tile else None


def league_names(held: Mapping[str, str]) -> dict[str, str]:
    """The leagues this phone may add games to: slug → name."""
    return {league.slug: league.name for league in store.leagues_named(get_db(), held)}


def new_game_payload(
    ruleset: Ruleset, form: Mapping[str, str], follows: Collection[str] = ()
) -> dict[str, Any]:
    """The page's new-game form as the API's new-game body."""
    players = [form.get(f"player-{i}", "").strip() for i in range(1, max(ruleset.players) + 1)]
    players = [name for name in players if name]
    partnerships = bool(form.get("partnerships")) or ruleset.partnerships_required(len(players))
    payload: dict[str, Any] = {"ruleset": ruleset.id, "players": players}
    if partnerships:
        payload["partnerships"] = True
        teams = [form.get("team_1", "").strip(), form.get("team_2", "").strip()]
        if all(teams):
            payload["team_names"] = teams
    payload["options"] = chosen_options(ruleset, players, partnerships, form, follows)
    if form.get("league"):
        payload["league"] = form["league"]
    return payload


def chosen_options(
    ruleset: Ruleset,
    players: list[str],
    partnerships: bool,
    form: Mapping[str, str],
    follows: Collection[str] = (),
) -> dict[str, Any]:
    """The options the form sets to something other than their default for this table.

    An option in `follows` is shown empty (its default follows another option), so a value
    given for it is the player's choice even where it equals the usual default: 200 points
    with the double-nine set is 200, not the Cuban 100.
    """
    table = Table(tuple(players), ("Us", "Them") if partnerships and len(players) == 4 else ())
    chosen: dict[str, Any] = {}
    for option in ruleset.options:
        default = option.default_for(table) if players else option.static_default
        value = form_option_value(option, form)
        if value is not None and (value != default or option.name in follows):
            chosen[option.name] = value
    return chosen


# The option another option's default follows, the value it takes, and the default then.
Follows = Mapping[str, tuple[tuple[Option, OptionValue, OptionValue], ...]]


def following_options(ruleset: Ruleset) -> Follows:
    """The options whose default changes with another option's value, found by asking the
    ruleset (the rules know why: the Cuban set's target, a Mexican Train set's rounds)."""
    seats = min(ruleset.players)
    sample = Table(
        tuple(f"seat {n}" for n in range(1, seats + 1)),
        ("1", "2") if ruleset.partnerships_required(seats) else (),
    )
    usual = ruleset.resolve_options({}, sample)
    found: dict[str, list[tuple[Option, OptionValue, OptionValue]]] = {}
    for switch in ruleset.options:
        values = (not switch.static_default,) if switch.kind is bool else switch.choices
        for value in values:
            if value == switch.static_default:
                continue
            try:
                then = ruleset.resolve_options({switch.name: value}, sample)
            except RuleError:
                continue
            for name, default in then.items():
                if name != switch.name and default != usual[name]:
                    found.setdefault(name, []).append((switch, value, default))
    return {name: tuple(changes) for name, changes in found.items()}


def form_option_value(option: Option, form: Mapping[str, str]) -> Any:
    raw = form.get(f"option-{option.name}", "").strip()
    if option.kind is bool:
        return bool(raw)
    if not raw:
        return None
    if option.kind is int:
        value = as_whole_number(raw)
        if isinstance(value, str):
            raise RuleError(
                say("%(what)s must be a whole number", what=say(option.label)),
                f"options.{option.name}",
            )
        return value
    return raw


def default_text(option: Option, follows: Follows) -> str | Message:
    """The default shown by an option's field, with what it becomes when another option
    changes it ("200; 100 with double-nine")."""
    text: str | Message = option_default_text(option)
    for switch, value, default in follows.get(option.name, ()):
        # Labels and choices are English words of the rules modules: said in the reader's.
        then = Message(default) if isinstance(default, str) else default
        if switch.kind is bool:
            text = say(
                "%(default)s; %(then)s with “%(option)s”",
                default=text,
                then=then,
                option=Message(switch.label),
            )
        else:
            choice = Message(value) if isinstance(value, str) else value
            text = say(
                "%(default)s; %(then)s with %(choice)s", default=text, then=then, choice=choice
            )
    return text


def option_default_text(option: Option) -> str:
    """An option's default as the form's label says it, in the reader's words."""
    if option.static_default is None and callable(option.default):
        return translate(say("depends on the players"))
    if option.kind is bool:
        return translate(say("on") if option.static_default else say("off"))
    if option.static_default is None:
        return translate(say("none"))
    return (
        language.number(option.static_default)
        if option.kind is int
        else translate(str(option.static_default))
    )


def remember_names(players: tuple[str, ...]) -> None:
    """Offer these names first next time a game is started on this phone."""
    names = [n for n in session.get("names", []) if n not in players]
    session["names"] = [*players, *names][:RECENT_NAMES]


# --- a game --------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def game(game_id: str) -> str | Response:
    if scorer.may_hold_right(game_id) or session.get("_flashes"):
        loaded = games.load_game(get_db(), game_id)
        if scorer.can_score(loaded):
            return scorer_page(loaded)
        return render_template("games/watch.html", game=loaded, explained=share.newest_hands())
    # A watcher's page is the same for every phone: drawn once per version of the game.
    return share.snapshot("watch", game_id)


def scorer_page(
    game: games.Game,
    *,
    values: Mapping[str, Any] | None = None,
    error: AppError | RuleError | None = None,
    editing: int | None = None,
    lost_right: LostRight | None = None,
) -> str:
    """The scorer's page: the score sheet, the hand entry (or a correction), the tools.

    With `lost_right`, the hand this phone typed is shown, not offered for saving: the
    phone's scorer right was revoked while the hand was typed ("replaced"), or its browser
    holds none for this game any more ("forgotten").
    """
    form = entry_form(game.ruleset.id)
    return render_template(
        "games/scorer.html",
        game=game,
        entry_template=form.template,
        entry_fields=form.fields,
        # words.js first: the entry scripts show the words the page gives them (data-words).
        entry_scripts=("words.js", *form.scripts),
        entry_styles=form.styles,
        values=MultiDict(values or {}),
        error=error,
        field=getattr(error, "field", None),
        editing=editing,
        hand_form=HandForm(formdata=None).fresh(game.version),
        confirm=ConfirmForm(formdata=None),
        lost_right=lost_right,
        explained=share.newest_hands(),
    )


def scoring_game(game_id: str) -> games.Game:
    """The game, if this phone holds its scorer right; otherwise 403."""
    loaded = games.load_game(get_db(), game_id)
    if not scorer.can_score(loaded):
        raise Forbidden("Only the scorer's phone can change this game. Ask for the scorer link.")
    return loaded


def refused_hand_form(game_id: str, form: HandForm, editing: int | None = None) -> Kept | None:
    """The page again, with what was typed, when a hand cannot be taken from this form.

    A hand typed at the table is never lost to a refusal: a phone that lost the scorer
    right sees its hand and whom to ask; a form whose CSRF check fails (the phone's session
    was renewed) is drawn again with a fresh token, to be saved with one more tap.
    Returns None when the form may be used: the game is not read for that, only for a
    refusal. The scorer's right is checked against the game as read for the change, which
    reads it once (`TypedChange`).
    """
    if not scorer.may_hold_right(game_id):
        # No right to this game at all: the browser forgot it (its data cleared, a private
        # window closed) since the page was drawn. A 404 when there is no such game.
        return lost_right(games.load_game(get_db(), game_id), "forgotten")
    if form.validate_on_submit():
        return None
    loaded = games.load_game(get_db(), game_id)
    if not scorer.can_score(loaded):
        return lost_right(loaded)
    again = Conflict(
        say("This phone's session changed, so the hand was not saved yet: check it and save again.")
    )
    if wants_json():
        return refused_json(again, loaded, status=403)
    page = scorer_page(loaded, values=request.form, error=again, editing=editing)
    return page, 403  # a refused right, for the write limits: a few are slips, dozens a script


def check_right_held(game_id: str) -> None:
    """Refuse a phone that never held this game's scorer right, without reading the game
    (but for a 404 when there is no such game). Whether the right it holds is still the
    game's is checked against the game as read for the change (games.Writer.check)."""
    if not scorer.may_hold_right(game_id):
        games.load_game(get_db(), game_id)  # a game that is not there is a 404, as on a GET
        raise Forbidden("Only the scorer's phone can change this game. Ask for the scorer link.")


LostRight = Literal["replaced", "forgotten"]


def lost_right(game: games.Game, how: LostRight = "replaced") -> Kept:
    """What a phone that lost the scorer right while a hand was typed is shown: the hand it
    typed, not offered for saving, and whom to ask."""
    if wants_json():  # the page's script keeps the change and shows this sentence
        return refused_json(Forbidden(FORGOTTEN_RIGHT if how == "forgotten" else LOST_RIGHT), game)
    return scorer_page(game, values=request.form, lost_right=how), 403


class TypedChange:
    """What the page's form typed, read against the game as read for the change.

    Passed to the change (games.record_hand and the like) instead of the entry: the form's
    fields name seats and options, so it is read only once the change has the game, and
    the page's POST reads the game once. Once read, `game` is that game and `entry` what
    the form gave.
    """

    def __init__(self, read: Callable[[games.Game, MultiDict[str, str]], Any]) -> None:
        self.read = read
        self.game: games.Game | None = None
        self.entry: Any = None

    def __call__(self, game: games.Game) -> Any:
        self.game = game
        self.entry = self.read(game, request.form)
        return self.entry


def typed_hand(game: games.Game, form: MultiDict[str, str]) -> Any:
    return entry_form(game.ruleset.id).read(game, form)


# The forms that check their CSRF token themselves (create_app exempts them from the
# app-wide check), so that a refusal keeps what was typed: a hand, a new game's names.
KEPT_FORM_VIEWS = (
    "scorekeeper.web.pages.enter_hand",
    "scorekeeper.web.pages.correct_hand",
    "scorekeeper.web.pages.new_game",
)


@bp.post("/games/<game_id>/hands")
def enter_hand(game_id: str) -> BaseResponse | Kept:
    form = HandForm()
    kept = refused_hand_form(game_id, form)
    if kept is not None:
        return kept
    writer = scorer.page_writer(game_id, form.expected_version())
    try:
        status, body = games.record_hand(get_db(), game_id, TypedChange(typed_hand), writer)
    except Forbidden:
        return lost_right(games.load_game(get_db(), game_id))
    except (RuleError, Conflict, Unavailable) as refused:
        fresh = games.load_game(get_db(), game_id)
        if wants_json():
            return refused_json(refused, fresh)
        return scorer_page(fresh, values=request.form, error=refused), status_of(refused)
    return saved(status, body, url_for("pages.game", game_id=game_id, _anchor="board"))


@bp.get("/games/<game_id>/hands/<int:number>/edit")
def edit_hand(game_id: str, number: int) -> str:
    loaded = scoring_game(game_id)
    hand = loaded.hand(number)
    values = entry_form(loaded.ruleset.id).fill(loaded, hand.entry)
    return scorer_page(loaded, values=MultiDict(list(flatten(values))), editing=number)


def flatten(values: Mapping[str, str | list[str]]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for name, value in values.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((name, item))
    return pairs


@bp.post("/games/<game_id>/hands/<int:number>")
def correct_hand(game_id: str, number: int) -> BaseResponse | Kept:
    form = HandForm()
    kept = refused_hand_form(game_id, form, number)
    if kept is not None:
        return kept
    writer = scorer.page_writer(game_id, form.expected_version())
    try:
        body = games.correct_hand(get_db(), game_id, number, TypedChange(typed_hand), writer)
    except Forbidden:
        return lost_right(games.load_game(get_db(), game_id))
    except (RuleError, Conflict, Unavailable) as refused:
        fresh = games.load_game(get_db(), game_id)
        if wants_json():
            return refused_json(refused, fresh)
        page = scorer_page(fresh, values=request.form, error=refused, editing=number)
        return page, status_of(refused)
    tell(say("Hand %(number)s corrected; the totals after it follow.", number=number), "success")
    # The form's "#refusal" carries over to this page (a redirect without a fragment keeps
    # it), which draws no refusal: it opens at the top, on this news.
    return saved(200, body, url_for("pages.game", game_id=game_id))


@bp.get("/games/<game_id>/undo")
def confirm_undo(game_id: str) -> str:
    loaded = scoring_game(game_id)
    if not loaded.hands:
        raise Conflict(say("There is no hand to undo yet."))
    return render_template(
        "games/undo.html",
        game=loaded,
        hand=loaded.as_counted(loaded.hands[-1]),
        confirm=ConfirmForm(formdata=None),
    )


@bp.post("/games/<game_id>/undo")
def undo_hand(game_id: str) -> BaseResponse | tuple[Response, int]:
    check_right_held(game_id)
    if not ConfirmForm().validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the page and try again."))
    raw = request.form.get("number", "")
    number = as_whole_number(raw)
    if isinstance(number, str):
        number = 0  # junk: "no hand 0", a 404
    try:
        body = games.undo_hand(get_db(), game_id, number, scorer.page_writer(game_id))
    except Conflict as refused:
        if not wants_json():
            raise
        return refused_json(refused, games.load_game(get_db(), game_id))
    tell(say("Hand %(number)s undone.", number=number), "success")
    return saved(200, body, url_for("pages.game", game_id=game_id))


@bp.post("/games/<game_id>/next")
def next_game(game_id: str) -> BaseResponse:
    """Rematch, or the next game of the match; a double tap lands on the same new game."""
    # The right checked in full before the write: a rematch already started is granted to
    # this phone below without one.
    scoring_game(game_id)
    if not ConfirmForm().validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the page and try again."))
    existing = games.next_game_of(get_db(), game_id)
    started = existing or games.next_game(get_db(), game_id, scorer.page_writer(game_id))
    scorer.grant(started)
    return redirect(url_for("pages.game", game_id=started.id), code=303)


@bp.get("/muggins")
def muggins_checker() -> str:
    """Tap the open ends of the layout: the count, what it scores, whether a call stands."""
    ends = [end for end in request.args.getlist("end") if end]
    claimed = request.args.get("claimed", "").strip()
    set_name = request.args.get("set", checker.DEFAULT_SET)
    game = request.args.get("ruleset", checker.MUGGINS)
    result, error = None, None
    if ends or set_name not in SETS or game not in checker.GAMES:
        body: dict[str, Any] = {"ends": [as_whole_number(end) for end in ends], "set": set_name}
        if game != checker.MUGGINS:
            body["ruleset"] = game
        if claimed:  # a blank claim is no claim: the page says nothing of muggins then
            body["claimed"] = as_whole_number(claimed)
        try:
            result = checker.check(body)
        except RuleError as refused:
            error = refused
    shown_set = SETS.get(set_name, SETS[checker.DEFAULT_SET])
    return render_template(
        "muggins.html",
        ends=ends,
        result=result,
        error=error,
        claimed=claimed,
        sets=SETS,
        chosen_set=shown_set,
        games=checker.GAMES,
        chosen_game=game if game in checker.GAMES else checker.MUGGINS,
    )


def status_of(error: AppError | RuleError) -> int:
    return error.status if isinstance(error, AppError) else 422


@bp.get("/games/<game_id>/join/<token>")
def join(game_id: str, token: str) -> BaseResponse:
    """The scorer link: grant this phone the scorer right, then drop the token from the address."""
    loaded = games.load_game(get_db(), game_id)
    if not token_matches(token, loaded.token_hash):
        raise Forbidden(say("This scorer link is no longer valid. Ask the scorer for a new one."))
    scorer.grant(loaded)
    share.remember_scorer_link(loaded.id, token)
    return redirect(url_for("pages.game", game_id=game_id), code=303)
