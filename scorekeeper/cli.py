"""`scorekeeper serve | init-db | backup`: run the app on a club's laptop and look after its file."""

from __future__ import annotations

import errno
import gc
import gettext
import io
import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click
import qrcode
from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from babel.support import Translations
from flask import Flask, url_for

from scorekeeper import catalogs, create_app, store
from scorekeeper.errors import Said, unreadable
from scorekeeper.web import links
from scorekeeper.words import Message, render, say, say_n

CONNECTION_LIMIT = 1000


def N_(english: str) -> str:  # gettext's usual name, which the extraction looks for
    """Marks help that click keeps in English until it shows it (see `InTerminalWords`)."""
    return english


class InTerminalWords:
    """An attribute click writes help with — a command's or option's help, a metavar — kept
    in English and read in the terminal's language.

    Click takes help when this module is imported, before anyone knows who will read it; the
    words are chosen when click shows them, with the same gettext as Click's own sentences
    (see `terminal_language`)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.english = f"_{name}_in_english"

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        english = getattr(instance, self.english, None)
        return gettext.gettext(english) if english else english

    def __set__(self, instance: object, english: str | None) -> None:
        setattr(instance, self.english, english)


class Command(click.Command):
    help = InTerminalWords()
    options_metavar = InTerminalWords()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("options_metavar", N_("[OPTIONS]"))  # click's own, untranslated
        super().__init__(*args, **kwargs)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # Click makes --help once per command, with its help in the first reader's language.
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = gettext.gettext("Show this message and exit.")
        return option


class Group(Command, click.Group):
    """The `scorekeeper` command: everything it prints in the terminal's language."""

    command_class = Command
    subcommand_metavar = InTerminalWords()

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with terminal_language():
            return super().main(*args, **kwargs)


class Option(click.Option):
    help = InTerminalWords()
    metavar = InTerminalWords()


class Argument(click.Argument):
    metavar = InTerminalWords()


class FilePath(click.Path):
    """A file's path, which click's refusals call a "file" (or a "path", a "directory")."""

    name = InTerminalWords()


@contextmanager
def terminal_language() -> Iterator[None]:
    """Click says its own sentences ("Usage:", "Error: No such option") with the standard
    library's gettext in the global domain, "messages" — our catalogs' domain, which holds
    Click's sentences translated (the `click` area) — in the language the environment names.
    Point that domain at our catalogs and, for the command's length, name the language
    `terminal_locale` chose in LANGUAGE, the variable gettext reads first: Click's words,
    the help and our sentences are then in one language."""
    catalogs.compile_stale()
    gettext.bindtextdomain(catalogs.DOMAIN, str(catalogs.TRANSLATIONS))
    gettext.textdomain(catalogs.DOMAIN)
    before = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = str(terminal_locale())
    try:
        yield
    finally:
        if before is None:
            del os.environ["LANGUAGE"]
        else:
            os.environ["LANGUAGE"] = before


Decorated = TypeVar("Decorated", bound=Callable[..., Any])


def option(*names: str, **attrs: Any) -> Callable[[Decorated], Decorated]:
    return click.option(*names, cls=Option, **attrs)


def argument(name: str, **attrs: Any) -> Callable[[Decorated], Decorated]:
    return click.argument(name, cls=Argument, **attrs)


DATABASE_OPTION = option(
    "--database",
    type=FilePath(dir_okay=False, path_type=Path),
    default=None,
    metavar=N_("FILE"),
    help=N_("The SQLite file (default: instance/scorekeeper.sqlite3)."),
)


PUBLIC_URL_OPTION = option(
    "--public-url",
    default=None,
    metavar="URL",
    help=N_(
        "The address phones use when the app is hosted (PUBLIC_URL): links and QR codes use it."
    ),
)


def port_option(text: str, lowest: int = 1) -> Callable[[Decorated], Decorated]:
    """--port, 5000 unless given: where `serve` listens, and where the links it makes point."""
    return option(
        "--port",
        default=5000,
        show_default=True,
        type=click.IntRange(lowest, 65535),
        metavar=N_("NUMBER"),
        help=text,
    )


def club_app(database: Path | None, public_url: str | None = None) -> Flask:
    """The app on the club's file, with what the command line set over instance/config.py and
    the environment; a file SQLite can't use, or a setting the app can't run with (checked
    as it starts, the command line's too), is refused in a sentence."""
    given: dict[str, object] = {}
    if database is not None:
        given["DATABASE"] = database.resolve()
    if public_url:
        given["PUBLIC_URL"] = public_url
    try:
        return create_app(given or None)
    except Said as error:
        raise Refused(error.message) from None


def terminal_qr(url: str) -> str:
    """`url` as a QR code in text, for a phone to scan off the laptop's screen."""
    code = qrcode.QRCode()
    code.add_data(url)
    text = io.StringIO()
    # Solid blocks for the light modules: terminals draw light text on a dark background.
    code.print_ascii(out=text, invert=True)
    return text.getvalue()


def terminal_locale() -> Locale:
    """The terminal's language, read as gettext reads it: the first of LANGUAGE (a list, in
    order of preference), LC_ALL, LC_MESSAGES and LANG that is set; English unless it names
    Spanish or Portuguese. LANG=es_DO.UTF-8 is Spanish written as in the Dominican Republic."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if not value:
            continue
        for asked in value.split(":"):
            tag = asked.split(".")[0].split("@")[0]
            language, _, region = tag.partition("_")
            if language == "pt":
                return Locale("pt", "BR")
            if language == "es":
                try:
                    return Locale("es", region or None)
                except (UnknownLocaleError, ValueError):
                    return Locale("es")
        return Locale("en")
    return Locale("en")


def said(message: Message | str) -> str:
    """`message` in the terminal's language, its numbers written as there."""
    if isinstance(message, str):
        return message
    where = terminal_locale()
    if where.language == "en":
        return str(message)
    catalogs.compile_stale()  # a checkout's catalogs follow its .po files, as the app's do
    translations = Translations.load(str(catalogs.TRANSLATIONS), [str(where)], catalogs.DOMAIN)

    def choose(singular: str, plural: str | None, count: int | None) -> str:
        if plural is None:
            return str(translations.ugettext(singular))
        return str(translations.ungettext(singular, plural, count or 0))

    return render(message, choose, lambda number: format_decimal(number, locale=where))


def echo(message: Message | str) -> None:
    click.echo(said(message))


class Refused(click.ClickException):
    """A command that could not do its work: `Error: …` in the terminal's language, exit 1."""

    def __init__(self, message: Message | str) -> None:
        super().__init__(said(message))

    def show(self, file: Any = None) -> None:
        click.echo(said(say("Error: %(message)s", message=self.message)), file=file, err=True)


@click.group(
    cls=Group,
    help=N_("Scorekeeper: score domino games at a real table."),
    subcommand_metavar=N_("COMMAND [ARGS]..."),
)
def main() -> None:
    pass


@main.command(help=N_("Serve the app on the local network with a production server (waitress)."))
@option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    metavar=N_("ADDRESS"),
    help=N_("Address to listen on."),
)
@port_option(N_("Port to listen on."), lowest=0)  # 0: the system chooses
@option(
    "--threads",
    default=8,
    show_default=True,
    # waitress starts them all at once: 100,000 left the laptop starting threads, not serving.
    type=click.IntRange(1, 256),
    metavar=N_("NUMBER"),
    help=N_("Worker threads."),
)
@PUBLIC_URL_OPTION
@DATABASE_OPTION
def serve(
    host: str, port: int, threads: int, public_url: str | None, database: Path | None
) -> None:
    from waitress import create_server

    app = club_app(database, public_url)
    try:
        server = create_server(
            app,
            host=host,
            port=port,
            threads=threads,
            ident="scorekeeper",
            # Every watching phone keeps a connection open between its polls: room for a
            # club's worth (waitress's default is 100) so the scorer's phone always gets in;
            # poll() rather than select(), which stops at 1024 open files.
            connection_limit=CONNECTION_LIMIT,
            asyncore_use_poll=True,
            # waitress drops X-Forwarded-* unless told which proxy to trust; behind a proxy the
            # club trusts (TRUST_PROXY), the app's ProxyFix reads them, so they must reach it:
            # else every phone is the proxy's address and shares one write allowance.
            clear_untrusted_proxy_headers=not app.config.get("TRUST_PROXY"),
        )
    except (OSError, ValueError) as error:  # waitress: an address it cannot listen on
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise Refused(
            say(
                "Cannot listen on %(host)s port %(port)s (%(reason)s). Check --host and --port: "
                "another program may be using the port.",
                host=host,
                port=str(port),  # a port is written as it is typed, never 41.129
                reason=reason,
            )
        ) from None
    # --port 0 lets the system choose: the links name the port it chose.
    port = int(getattr(server, "effective_port", port))
    # Links and QR codes point where the server listens (web/links.py), never at a Host header.
    app.config.update(LISTEN_HOST=host, LISTEN_PORT=port)
    echo(say("Scorekeeper is keeping score in %(database)s", database=app.config["DATABASE"]))
    for line in where_to_open(app.config.get("PUBLIC_URL"), host, port):
        click.echo(line)
    echo(say("Stop with Ctrl+C."))
    # What start-up made (modules, the app, its routes: about 55,000 objects) lives as long as
    # the server. Frozen, the collector's full passes during a club night walk only what
    # serving keeps (the games, the pages drawn): one took 39 ms with them, 8 ms without, and
    # every request in flight waits for it (docs/BENCHMARKS.md).
    gc.collect()
    gc.freeze()
    server.run()


def where_to_open(public_url: str | None, host: str, port: int) -> list[str]:
    """What `serve` prints: the address phones open, with its QR code, or why they cannot."""
    return [said(line) for line in where_to_open_said(public_url, host, port)]


def where_to_open_said(public_url: str | None, host: str, port: int) -> list[Message | str]:
    if public_url:
        url = str(public_url).rstrip("/") + "/"
        return [say("Open on a phone: %(url)s", url=url), terminal_qr(url)]
    urls = links.listening_urls(host, port)
    if links.is_loopback(host):
        return [
            say("Open on this laptop: %(url)s", url=urls[0]),
            say(
                "Phones cannot reach this server: it listens on %(host)s (this laptop) only. "
                "To let phones on the Wi-Fi in, start it with: scorekeeper serve --host 0.0.0.0",
                host=host,
            ),
        ]
    if host in links.ALL_INTERFACES and links.lan_address() is None:
        return [
            say("Open on this laptop: %(url)s", url=urls[0]),
            say(
                "Phones cannot reach this server yet: this laptop is on no network. "
                "Join the club's Wi-Fi (or start a hotspot), then restart it."
            ),
        ]
    return [
        *(say("Open on a phone on this network: %(url)s", url=url) for url in urls),
        terminal_qr(urls[0]),
    ]


@main.command("init-db", help=N_("Create the database file and bring its schema up to date."))
@DATABASE_OPTION
def init_db(database: Path | None) -> None:
    app = club_app(database)
    echo(say("Database ready: %(database)s", database=app.config["DATABASE"]))


def replaceable(target: Path) -> None:
    """Refuse a target that is there and is not a file: what is written goes beside it first,
    then is renamed over it, and a device or a pipe would be replaced by a file."""
    if target.exists() and not target.is_file():
        raise Refused(
            say("%(target)s is not a file: writing there would replace it.", target=str(target))
        )


def write_whole(target: Path, text: str) -> None:
    """`text` in `target`, whole or not at all: written beside it, then renamed over it."""
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise Refused(
            say(
                "%(target)s could not be written: %(reason)s. Nothing was written.",
                target=str(target),
                reason=not_written(error),
            )
        ) from None


def not_written(error: OSError) -> Message | str:
    """Why a file could not be written, in words (the system's own are English)."""
    reasons = {
        errno.ENOENT: say("its folder does not exist"),
        errno.ENOTDIR: say("its folder does not exist"),
        errno.ENOSPC: say("the disk is full"),
        errno.EDQUOT: say("the disk is full"),
        errno.EACCES: say("this user may not write there"),
        errno.EPERM: say("this user may not write there"),
        errno.EROFS: say("the disk can only be read"),
    }
    return reasons.get(error.errno or 0, error.strerror or str(error))


@main.command(
    help=N_("Copy the database to TARGET with SQLite's online backup (safe while serving).")
)
@argument("target", type=FilePath(dir_okay=False, path_type=Path), metavar=N_("TARGET"))
@DATABASE_OPTION
def backup(target: Path, database: Path | None) -> None:
    replaceable(target)
    if not target.parent.is_dir():  # else SQLite's "unable to open database file"
        raise Refused(say("The backup failed: %(reason)s", reason=say("its folder does not exist")))
    app = club_app(database)
    try:
        store.backup(app.config["DATABASE"], target)
    except (store.BackupFailed, sqlite3.Error, OSError) as error:
        if isinstance(error, store.BackupFailed):
            reason: Message | str = error.args[0]
        else:
            reason = not_written(error) if isinstance(error, OSError) else str(error)
        raise Refused(say("The backup failed: %(reason)s", reason=reason)) from None
    echo(
        say(
            "Backed up %(database)s to %(target)s",
            database=app.config["DATABASE"],
            target=str(target),
        )
    )


@main.command(
    "export",
    help=N_("Write a game or a whole league to TARGET as JSON, to import into another instance."),
)
@option("--game", "game_id", metavar="ID", help=N_("The id of the game to export."))
@option(
    "--league",
    "league_slug",
    metavar=N_("SLUG"),
    help=N_("The short name of the league to export, with every game in it."),
)
@argument("target", type=FilePath(dir_okay=False, path_type=Path), metavar=N_("TARGET"))
@DATABASE_OPTION
def export_command(
    game_id: str | None, league_slug: str | None, target: Path, database: Path | None
) -> None:
    from scorekeeper import transfer
    from scorekeeper.errors import AppError

    if (game_id is None) == (league_slug is None):
        raise click.UsageError(said(say("Give either --game ID or --league SLUG.")))
    replaceable(target)
    app = club_app(database)
    conn = store.connect(app.config["DATABASE"])
    try:
        if game_id is not None:
            document = transfer.export_game(conn, game_id)
        else:
            document = transfer.export_league(conn, str(league_slug))
    except AppError as error:
        raise Refused(error.message) from None
    finally:
        conn.close()
    write_whole(target, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    hands = sum(len(record["tables"].get("hands", [])) for record in document["games"])
    echo(
        say(
            "Exported %(games)s with %(hands)s to %(target)s",
            games=say_n("%(count)s game", "%(count)s games", len(document["games"])),
            hands=say_n("%(count)s hand", "%(count)s hands", hands),
            target=str(target),
        )
    )


@main.command(
    "import", help=N_("Add the games and leagues of an export to this database (all or nothing).")
)
@argument(
    "source",
    type=FilePath(exists=True, dir_okay=False, path_type=Path),
    metavar=N_("SOURCE"),
)
@DATABASE_OPTION
def import_command(source: Path, database: Path | None) -> None:
    from scorekeeper import transfer
    from scorekeeper.errors import AppError

    try:
        # utf-8-sig: an export saved again by Windows Notepad starts with a byte-order mark.
        document = json.loads(source.read_text(encoding="utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise Refused(
            say(
                "%(source)s is not a JSON export: %(reason)s",
                source=str(source),
                reason=unreadable(error),
            )
        ) from None
    except OSError as error:  # the file went, or the disk failed, as it was read
        reason = (
            say("this user may not read it")
            if error.errno in (errno.EACCES, errno.EPERM)
            else error.strerror or str(error)
        )
        raise Refused(
            say("%(source)s could not be read: %(reason)s.", source=str(source), reason=reason)
        ) from None
    app = club_app(database)
    conn = store.connect(app.config["DATABASE"])
    try:
        imported = transfer.import_document(conn, document)
    except AppError as error:
        raise Refused(error.message) from None
    except (ValueError, TypeError, KeyError, RecursionError, sqlite3.Error) as error:
        # Whatever the checks did not foresee is still refused whole, in a sentence.
        raise Refused(
            say(
                "%(source)s could not be imported (%(reason)s). Nothing was imported.",
                source=str(source),
                reason=str(error)[:200],
            )
        ) from None
    finally:
        conn.close()
    games = say_n("%(count)s game", "%(count)s games", imported.games)
    hands = say_n("%(count)s hand", "%(count)s hands", imported.hands)
    echo(
        say(
            "Imported %(games)s with %(hands)s and %(leagues)s into %(database)s",
            games=games,
            hands=hands,
            leagues=say_n(
                "league %(names)s",
                "leagues %(names)s",
                len(imported.leagues),
                names=", ".join(imported.leagues),
            ),
            database=app.config["DATABASE"],
        )
        if imported.leagues
        else say(
            "Imported %(games)s with %(hands)s into %(database)s",
            games=games,
            hands=hands,
            database=app.config["DATABASE"],
        )
    )


GAMES_LISTED = 20
GAME_IN_LINK = re.compile(r"/games/([^/?#\s]+)")
LEAGUE_IN_LINK = re.compile(r"/leagues/([^/?#\s]+)")


@dataclass(frozen=True)
class NewLink:
    """A link just made for a record whose old one is lost: what to say before it, where it
    leads, and what to say after (that the old one stopped)."""

    said: Message
    endpoint: str
    values: dict[str, str]
    after: Message


def link_command(
    name: str,
    help_text: str,
    metavar: str,
    *,
    in_link: re.Pattern[str],
    list_all: Callable[[store.Connection, str], None],
    missing: Callable[[str, str], Message],
    empty: Callable[[], Message],
) -> Callable[[Callable[[store.Connection, str], NewLink]], click.Command]:
    """A command that makes a new link for one record (GIVEN: its id, or a link to it pasted
    whole, which `in_link` finds it in) with the function it decorates, printed with its QR
    code where phones open it, as `serve` would; without GIVEN, `list_all` lists them. A
    GIVEN that is blank (a script's empty variable) is refused with `empty`."""

    def decorate(remake: Callable[[store.Connection, str], NewLink]) -> click.Command:
        def command(
            given: str | None, port: int, public_url: str | None, database: Path | None
        ) -> None:
            from scorekeeper.errors import NotFound
            from scorekeeper.names import as_typed

            app = club_app(database, public_url)
            where = str(app.config["DATABASE"])
            with app.app_context():
                db = store.get_db()
                if given is None:
                    list_all(db, where)
                    return
                found = in_link.search(given)
                wanted = found.group(1) if found else given.strip()
                if not wanted:
                    raise Refused(empty())
                try:
                    link = remake(db, wanted)
                except NotFound:  # said as typed: a control character shows, not a gap
                    raise Refused(missing(as_typed(wanted), where)) from None
                show_link(app, port, link.said, link.endpoint, **link.values)
            echo(link.after)

        command.__doc__ = remake.__doc__
        made: Any = command
        for decorator in (
            DATABASE_OPTION,
            PUBLIC_URL_OPTION,
            port_option(N_("The port the server listens on, as given to serve.")),
            argument("given", required=False, metavar=metavar),
            main.command(name, help=help_text),
        ):
            made = decorator(made)
        command_made: click.Command = made
        return command_made

    return decorate


def list_games_going_on(db: store.Connection, database: str) -> None:
    from scorekeeper import games

    going_on = store.games_going_on(db, GAMES_LISTED)
    if not going_on:
        echo(say("No game is going on in %(database)s.", database=database))
        return
    echo(say("Games going on, the most recently changed first:"))
    for game_id in going_on:
        game = games.load_game(db, game_id)
        echo(
            say(
                "%(id)s  %(game)s: %(players)s, %(hands)s",
                id=game.id,
                game=game.shown_title,
                players=", ".join(game.table.players),
                hands=say_n("%(count)s hand", "%(count)s hands", len(game.hands)),
            )
        )
    echo(say("Make a new scorer link for one of them with: scorekeeper scorer-link -- GAME"))


def list_leagues(db: store.Connection, database: str) -> None:
    every = store.every_league(db)
    if not every:
        echo(say("There is no league in %(database)s.", database=database))
        return
    echo(say("Leagues, by name:"))
    for league in every:
        click.echo(f"{league.slug}  {league.name}")
    echo(say("Make a new admin link for one of them with: scorekeeper league-link SLUG"))


@link_command(
    "scorer-link",
    N_(
        "Make a new scorer link for GAME when the phone keeping its score is lost or dead "
        "(older scorer links stop working); without GAME, list the games going on."
    ),
    N_("[GAME]"),
    in_link=GAME_IN_LINK,
    list_all=list_games_going_on,
    missing=lambda game_id, where: say(
        "There is no game %(game)s in %(database)s. Run scorekeeper scorer-link "
        "without GAME to list the games going on.",
        game=game_id,
        database=where,
    ),
    empty=lambda: say(
        "GAME is empty: give a game's id or its scorer link, or run scorekeeper scorer-link "
        "without GAME to list the games going on."
    ),
)
def scorer_link(db: store.Connection, game_id: str) -> NewLink:
    """The way back to scoring a game whose only scoring phone died: the laptop that serves
    the club's file makes a new scorer link for it, as the scoring phone's "Make a new
    scorer link" would (every older link and phone stops scoring, every game of its chain)."""
    from scorekeeper import games

    game = games.load_game(db, game_id)
    token = games.rotate_token(db, game.id, "terminal:")
    return NewLink(
        say(
            "New scorer link for %(game)s (%(players)s): open it on the phone that keeps "
            "score now, or scan it.",
            game=game.shown_title,
            players=", ".join(game.table.players),
        ),
        "pages.join",
        {"game_id": game.id, "token": token},
        say("Older scorer links, and phones that joined with them, can no longer change it."),
    )


@link_command(
    "league-link",
    N_(
        "Make a new admin link for the league SLUG when no organiser's phone holds it any "
        "more (the old admin link stops working); without SLUG, list the leagues."
    ),
    N_("[SLUG]"),
    in_link=LEAGUE_IN_LINK,
    list_all=list_leagues,
    missing=lambda slug, where: say(
        "There is no league %(league)s in %(database)s. Run scorekeeper league-link "
        "without SLUG to list the leagues.",
        league=slug,
        database=where,
    ),
    empty=lambda: say(
        "SLUG is empty: give a league's short name or its link, or run scorekeeper "
        "league-link without SLUG to list the leagues."
    ),
)
def league_link(db: store.Connection, slug: str) -> NewLink:
    """The way back to managing a league whose admin link is lost: the laptop that serves the
    club's file makes a new one, as an organiser's "Make a new admin link" would."""
    from scorekeeper import leagues

    league = leagues.load_league(db, slug)
    token = leagues.rotate_league_token(db, league)
    return NewLink(
        say(
            "New admin link for %(league)s: open it on the organiser's phone, or scan it.",
            league=league.name,
        ),
        "leagues.admin_link",
        {"slug": league.slug, "token": token},
        say(
            "The old admin link, and phones that opened it, can no longer manage %(league)s.",
            league=league.name,
        ),
    )


def show_link(app: Flask, port: int, sentence: Message, endpoint: str, **values: Any) -> None:
    """`sentence`, then the link to `endpoint` as phones open it (PUBLIC_URL, else this
    laptop's address on the network at `port`) and its QR code to scan off the screen."""
    with app.test_request_context():
        path = url_for(endpoint, **values)
    public = app.config.get("PUBLIC_URL")
    base = str(public) if public else links.listening_urls("0.0.0.0", port)[0]
    url = base.rstrip("/") + path
    echo(sentence)
    click.echo(url)
    click.echo(terminal_qr(url))
