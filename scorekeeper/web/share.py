"""Sharing a game: QR codes for the watch and scorer links, the table card, live updates.

Where the scorer link comes from. The server keeps only the hash of a game's scorer
token, so it cannot print a scorer link on its own. The raw token exists only where it
was handed out: in the creator's API response, in a scorer link, and, after "Make a new
scorer link", in the browser that asked for it, which keeps it in its signed session
cookie (`remember_scorer_link`). That browser already holds the scorer right, so holding
the token as well lets it do nothing more than it could already do; rotating the token
makes the stored copy worthless with the rest. The token is never written into a page,
an address or a log line: the scorer QR is an image served with no-store, only to a
request that holds the token (this cookie, or the X-Scorer-Token header).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper import csrf, games, store
from scorekeeper.errors import Forbidden, NotFound
from scorekeeper.forms import ConfirmForm
from scorekeeper.qr import qr_svg
from scorekeeper.store import get_db
from scorekeeper.tokens import token_matches
from scorekeeper.web import links, scorer
from scorekeeper.web.compression import VARY, accepts_gzip, gzipped
from scorekeeper.web.language import locale_tag, page_tag, reader_words, tell
from scorekeeper.words import in_words, say

bp = Blueprint("share", __name__)

SESSION_KEY = "scorer_links"
# A phone keeps the scorer links of its latest games only, so the cookie stays small.
REMEMBERED_LINKS = 8
CARD_SIZES = ("a6", "a4")
SNAPSHOTS_KEY = "scorekeeper.snapshots"
# A game's pages are loaded after every hand: the newest hands explained in full, the rest
# a tap away (?hands=all), so a long game's page stays small.
NEWEST_HANDS = 10


# --- live updates --------------------------------------------------------------------


@bp.get("/games/<game_id>/board")
def board(game_id: str) -> Response:
    """The live part of the game page alone, for phones that watch the game.

    Phones poll it every second with If-None-Match: the usual answer is a 304 from one
    primary-key read. After a hand, every phone asks for the same new board at once:
    it is drawn once per version and handed to all of them.
    """
    return snapshot("board", game_id)


def snapshot(kind: str, game_id: str) -> Response:
    """A view of the game that depends only on its version, drawn once per version.

    `kind` is "board" (the live partial), "watch" (the watch page) or "json" (the API's
    game). A request whose If-None-Match holds the current version gets a 304. The pages
    explain the newest hands, or every hand when asked (`?hands=all`).
    """
    version = store.game_version(get_db(), game_id)
    if version is None:
        raise NotFound("There is no game with that link. Check the address.")
    # Drawn once per version and language: the words, and the numbers' format, differ. The
    # API's ETag is its version number (API.md), for If-Match.
    tag = str(version) if kind == "json" else page_tag(version)
    if request.if_none_match.contains_weak(tag):
        return versioned(Response(status=304), tag)
    snapshots: Snapshots = current_app.extensions[SNAPSHOTS_KEY]
    view = snapshots.get((kind, game_id, version, newest_hands(), locale_tag()))
    zipped = view.compressed is not None and accepts_gzip()
    response = Response(view.compressed if zipped else view.body, mimetype=view.mimetype)
    if view.compressed is not None:
        response.headers["Vary"] = VARY
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    return versioned(response, tag)


def newest_hands() -> int | None:
    """How many of the newest hands a game's page shows: all of them when asked."""
    return None if request.args.get("hands") == "all" else NEWEST_HANDS


# kind, game id, version, newest hands shown, the reader's locale
SnapshotKey = tuple[str, str, int, int | None, str]


@dataclass(frozen=True)
class Drawn:
    """A view of one version of a game, as sent and gzipped."""

    body: bytes
    compressed: bytes | None
    mimetype: str


class Snapshots:
    """An app's views of its games' latest versions, each drawn once for every phone.

    A hand written since the version was read only makes the view newer than its ETag,
    and the next request fetches it again.
    """

    KEPT = 256

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[SnapshotKey, Drawn] = OrderedDict()

    def get(self, key: SnapshotKey) -> Drawn:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found
        view = draw(*key)
        with self.lock:
            self.kept[key] = view
            while len(self.kept) > self.KEPT:
                self.kept.popitem(last=False)
        return view


def draw(kind: str, game_id: str, _version: int, newest: int | None, _locale: str) -> Drawn:
    game = games.load_game(get_db(), game_id)
    if kind == "json":
        body = in_words(games.game_json(game), reader_words())
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        mimetype = "application/json"
    else:
        template = "games/watch.html" if kind == "watch" else "games/_board.html"
        text = render_template(template, game=game, explained=newest)
        mimetype = "text/html"
    body = text.encode()
    return Drawn(body, gzipped(body, mimetype), mimetype)


def init_app(app: Flask) -> None:
    app.extensions[SNAPSHOTS_KEY] = Snapshots()


def versioned(response: Response, tag: str) -> Response:
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- QR codes ------------------------------------------------------------------------


@bp.get("/games/<game_id>/qr.svg")
def watch_qr(game_id: str) -> Response:
    """The watch link as a QR code: anyone may have it."""
    if store.game_version(get_db(), game_id) is None:
        raise NotFound("There is no game with that link. Check the address.")
    return svg_response(qr_svg(links.external_url("pages.game", game_id=game_id)), "no-cache")


@bp.get("/games/<game_id>/scorer-qr.svg")
def scorer_qr(game_id: str) -> Response:
    """The scorer link as a QR code, only for a request that holds the scorer token."""
    game = games.load_game(get_db(), game_id)
    token = request_token(game)
    if token is None:
        if scorer.can_score(game):
            raise NotFound(
                say(
                    "This phone keeps score but has no scorer link to show. "
                    "Make a new scorer link in the Share panel."
                )
            )
        raise Forbidden(say("Only the scorer's phone can show the scorer link."))
    url = links.external_url("pages.join", game_id=game_id, token=token)
    return svg_response(qr_svg(url), "no-store")


def svg_response(svg: str, cache_control: str) -> Response:
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = cache_control
    return response


# --- the scorer link -----------------------------------------------------------------


def remember_scorer_link(game_id: str, token: str) -> None:
    """Keep the scorer token in this browser's signed cookie, to show its QR again later."""
    kept = {k: v for k, v in session.get(SESSION_KEY, {}).items() if k != game_id}
    kept[game_id] = token
    session[SESSION_KEY] = dict(list(kept.items())[-REMEMBERED_LINKS:])


def request_token(game: games.Game) -> str | None:
    """The game's current scorer token, if this request holds it (header or cookie)."""
    for token in (request.headers.get("X-Scorer-Token"), session.get(SESSION_KEY, {}).get(game.id)):
        if isinstance(token, str) and token_matches(token, game.token_hash):
            return token
    return None


@bp.post("/games/<game_id>/rotate")
def rotate(game_id: str) -> BaseResponse:
    """Make a new scorer link: every older link, and every phone that joined with one, stops scoring."""
    game = games.load_game(get_db(), game_id)
    if not scorer.can_score(game):
        raise Forbidden(say("Only the scorer's phone can make a new scorer link."))
    if not ConfirmForm().validate_on_submit():
        raise Forbidden(say("This form has expired. Reload the page and try again."))
    token = games.rotate_token(get_db(), game_id, scorer.page_writer(game_id).actor(game))
    # The new link scores every game of the chain: so does the phone that made it.
    for member in games.chain_of(get_db(), game_id):
        scorer.grant(games.load_game(get_db(), member))
    remember_scorer_link(game_id, token)
    tell(
        say(
            "New scorer link made. Older scorer links, and phones that joined with them, "
            "can no longer change the scores."
        ),
        "success",
    )
    return redirect(url_for("share.page", game_id=game_id, _anchor="share"), code=303)


# The scorer's right is checked before the form's CSRF token, so a phone without it gets
# a 403 whatever it sends; the form itself still checks CSRF before anything changes.
csrf.exempt(rotate)


# --- pages ---------------------------------------------------------------------------


@bp.app_template_global()
def share_context(game: games.Game) -> dict[str, Any]:
    """What templates/share/_panel.html shows for `game` to this browser."""
    can_score = scorer.can_score(game)
    return {
        "watch_url": links.external_url("pages.game", game_id=game.id),
        "unreachable": links.unreachable_reason(),
        "watch_qr_url": url_for("share.watch_qr", game_id=game.id),
        "card_url": url_for("share.card", game_id=game.id),
        "can_score": can_score,
        "scorer_qr_url": url_for("share.scorer_qr", game_id=game.id)
        if can_score and request_token(game)
        else None,
        "rotate_url": url_for("share.rotate", game_id=game.id),
        "rotate_form": ConfirmForm(formdata=None) if can_score else None,
    }


@bp.get("/games/<game_id>/share")
def page(game_id: str) -> Response:
    """The share panel on a page of its own, for a phone showing its QR codes to the table."""
    game = games.load_game(get_db(), game_id)
    response = Response(render_template("share/page.html", game=game))
    # Never keep a copy: the page leads to the scorer QR while this phone holds the right.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<game_id>/card")
def card(game_id: str) -> str:
    """A card to print and leave on the table: the game, the players, a big watch QR."""
    game = games.load_game(get_db(), game_id)
    size = request.args.get("size", "a6").lower()
    return render_template(
        "share/card.html",
        game=game,
        size=size if size in CARD_SIZES else CARD_SIZES[0],
        sizes=CARD_SIZES,
        watch_url=links.external_url("pages.game", game_id=game.id),
    )
