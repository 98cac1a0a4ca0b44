"""`scorekeeper serve | init-db | backup`: run the app on a club's laptop and look after its file."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from scorekeeper import create_app, db

DATABASE_OPTION = click.option(
    "--database",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The SQLite file (default: instance/scorekeeper.sqlite3).",
)


def app_config(database: Path | None) -> dict[str, object] | None:
    return None if database is None else {"DATABASE": database.resolve()}


def lan_address() -> str | None:
    """This machine's address on the local network, as other phones would reach it."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    addresses = [str(info[4][0]) for info in infos]
    return next((a for a in addresses if not a.startswith("127.")), None)


def listening_urls(host: str, port: int) -> list[str]:
    """The addresses to print for phones: the LAN address first when listening on all of them."""
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        hosts = [h for h in (lan, "127.0.0.1") if h]
    else:
        hosts = [host]
    return [f"http://{h}:{port}/" for h in hosts]


@click.group()
def main() -> None:
    """Scorekeeper: score domino games at a real table."""


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
@DATABASE_OPTION
def serve(host: str, port: int, threads: int, database: Path | None) -> None:
    """Serve the app on the local network with a production server (waitress)."""
    from waitress import serve as waitress_serve

    app = create_app(app_config(database))
    click.echo(f"Scorekeeper is keeping score in {app.config['DATABASE']}")
    for url in listening_urls(host, port):
        click.echo(f"Open on a phone on this network: {url}")
    click.echo("Stop with Ctrl+C.", err=False)
    waitress_serve(app, host=host, port=port, threads=threads, ident="scorekeeper")


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
    db.backup(app.config["DATABASE"], target)
    click.echo(f"Backed up {app.config['DATABASE']} to {target}")
