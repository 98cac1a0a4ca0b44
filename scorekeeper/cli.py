"""`scorekeeper serve | init-db | backup`: run the app on a club's laptop and look after its file."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import click
import qrcode

from scorekeeper import create_app, store
from scorekeeper.web import links

CONNECTION_LIMIT = 1000

DATABASE_OPTION = click.option(
    "--database",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The SQLite file (default: instance/scorekeeper.sqlite3).",
)


def app_config(database: Path | None) -> dict[str, object] | None:
    return None if database is None else {"DATABASE": database.resolve()}


def terminal_qr(url: str) -> str:
    """`url` as a QR code in text, for a phone to scan off the laptop's screen."""
    code = qrcode.QRCode()
    code.add_data(url)
    text = io.StringIO()
    # Solid blocks for the light modules: terminals draw light text on a dark background.
    code.print_ascii(out=text, invert=True)
    return text.getvalue()


@click.group()
def main() -> None:
    """Scorekeeper: score domino games at a real table."""


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
@click.option(
    "--public-url",
    default=None,
    help="The address phones use when the app is hosted (PUBLIC_URL): links and QR codes use it.",
)
@DATABASE_OPTION
def serve(
    host: str, port: int, threads: int, public_url: str | None, database: Path | None
) -> None:
    """Serve the app on the local network with a production server (waitress)."""
    from waitress import serve as waitress_serve

    app = create_app(app_config(database))
    if public_url:
        app.config["PUBLIC_URL"] = public_url
    # Links and QR codes point where the server listens (web/links.py), never at a Host header.
    app.config.update(LISTEN_HOST=host, LISTEN_PORT=port)
    click.echo(f"Scorekeeper is keeping score in {app.config['DATABASE']}")
    for line in where_to_open(app.config.get("PUBLIC_URL"), host, port):
        click.echo(line)
    click.echo("Stop with Ctrl+C.", err=False)
    waitress_serve(
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


def where_to_open(public_url: str | None, host: str, port: int) -> list[str]:
    """What `serve` prints: the address phones open, with its QR code, or why they cannot."""
    if public_url:
        url = str(public_url).rstrip("/") + "/"
        return [f"Open on a phone: {url}", terminal_qr(url)]
    urls = links.listening_urls(host, port)
    if links.is_loopback(host):
        return [
            f"Open on this laptop: {urls[0]}",
            f"Phones cannot reach this server: it listens on {host} (this laptop) only. "
            "To let phones on the Wi-Fi in, start it with: scorekeeper serve --host 0.0.0.0",
        ]
    if host in links.ALL_INTERFACES and links.lan_address() is None:
        return [
            f"Open on this laptop: {urls[0]}",
            "Phones cannot reach this server yet: this laptop is on no network. "
            "Join the club's Wi-Fi (or start a hotspot), then restart it.",
        ]
    return [*(f"Open on a phone on this network: {url}" for url in urls), terminal_qr(urls[0])]


@main.command("init-db")
@DATABASE_OPTION
def init_db(database: Path | None) -> None:
    """Create the database file and bring its schema up to date."""
    app = create_app(app_config(database))
    click.echo(f"Database ready: {app.config['DATABASE']}")


@main.command()
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@DATABASE_OPTION
def backup(target: Path, database: Path | None) -> None:
    """Copy the database to TARGET with SQLite's online backup (safe while serving)."""
    app = create_app(app_config(database))
    try:
        store.backup(app.config["DATABASE"], target)
    except (store.BackupFailed, sqlite3.Error, OSError) as error:
        raise click.ClickException(f"The backup failed: {error}") from None
    click.echo(f"Backed up {app.config['DATABASE']} to {target}")


@main.command("export")
@click.option("--game", "game_id", help="The id of the game to export.")
@click.option(
    "--league", "league_slug", help="The short name of the league to export, with every game in it."
)
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@DATABASE_OPTION
def export_command(
    game_id: str | None, league_slug: str | None, target: Path, database: Path | None
) -> None:
    """Write a game or a whole league to TARGET as JSON, to import into another instance."""
    import json

    from scorekeeper import transfer
    from scorekeeper.errors import AppError

    if (game_id is None) == (league_slug is None):
        raise click.UsageError("Give either --game ID or --league SLUG.")
    app = create_app(app_config(database))
    conn = store.connect(app.config["DATABASE"])
    try:
        if game_id is not None:
            document = transfer.export_game(conn, game_id)
        else:
            document = transfer.export_league(conn, str(league_slug))
    except AppError as error:
        raise click.ClickException(str(error)) from None
    finally:
        conn.close()
    target.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    hands = sum(len(record["tables"].get("hands", [])) for record in document["games"])
    click.echo(f"Exported {len(document['games'])} game(s) with {hands} hand(s) to {target}")


@main.command("import")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@DATABASE_OPTION
def import_command(source: Path, database: Path | None) -> None:
    """Add the games and leagues of an export to this database (all or nothing)."""
    import json

    from scorekeeper import transfer
    from scorekeeper.errors import AppError

    try:
        document = json.loads(source.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        # ValueError: not JSON, or a number of more than 4,300 digits; RecursionError: nesting.
        raise click.ClickException(f"{source} is not a JSON export: {str(error)[:200]}") from None
    app = create_app(app_config(database))
    conn = store.connect(app.config["DATABASE"])
    try:
        imported = transfer.import_document(conn, document)
    except AppError as error:
        raise click.ClickException(str(error)) from None
    except (ValueError, TypeError, KeyError, RecursionError, sqlite3.Error) as error:
        # Whatever the checks did not foresee is still refused whole, in a sentence.
        raise click.ClickException(
            f"{source} could not be imported ({str(error)[:200]}). Nothing was imported."
        ) from None
    finally:
        conn.close()
    leagues = f" and league {', '.join(imported.leagues)}" if imported.leagues else ""
    click.echo(
        f"Imported {imported.games} game(s) with {imported.hands} hand(s){leagues} into {app.config['DATABASE']}"
    )
