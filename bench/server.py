"""The real server for a benchmark: `scorekeeper serve` on a loopback port, on a given file.

Settings the app does not expose (the `synchronous` pragma, waitress's connection limit)
can be tried without editing the app: `python -m bench.server --synchronous normal serve …`
patches them in, then runs the same `scorekeeper serve` command.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.client import distinct_sources
from tests.server import free_port, server_log, wait_until_up

REPOSITORY = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Settings:
    """What to run the server with; None keeps the app's own default."""

    threads: int | None = None
    synchronous: str | None = None
    connection_limit: int | None = None
    keep_connection: bool | None = None

    def described(self) -> str:
        chosen = [f"{name}={value}" for name, value in vars(self).items() if value is not None]
        return ", ".join(chosen) or "the app's defaults"


@dataclass(frozen=True)
class Server:
    base: str
    pid: int
    log: Path


@contextmanager
def serving(database: Path, settings: Settings, *, write_limit: bool = True) -> Iterator[Server]:
    """The server on a free loopback port, stopped (and waited for) on leaving.

    `write_limit=False` turns the app's per-client write limit off, for scenarios that
    write far faster than any table.
    """
    port = free_port()
    patches = []
    if settings.synchronous is not None:
        patches += ["--synchronous", settings.synchronous]
    if settings.connection_limit is not None:
        patches += ["--connection-limit", str(settings.connection_limit)]
    if settings.keep_connection:
        patches += ["--keep-connection"]
    module = ["-m", "bench.server", *patches] if patches else ["-m", "scorekeeper"]
    serve = ["serve", "--host", "127.0.0.1", "--port", str(port), "--database", str(database)]
    if settings.threads is not None:
        serve += ["--threads", str(settings.threads)]
    env = dict(os.environ)
    if not write_limit or not distinct_sources():
        env["SCOREKEEPER_RATE_LIMIT_BURST"] = "0"  # every simulated phone shares 127.0.0.1
    with running([*module, *serve], port, server_log(database), env) as server:
        yield server


@contextmanager
def serving_bare(folder: Path, settings: Settings) -> Iterator[Server]:
    """A bare Flask app's /healthz under the same waitress settings (bench/bare.py)."""
    port = free_port()
    command = ["-m", "bench.bare", "--port", str(port)]
    if settings.threads is not None:
        command += ["--threads", str(settings.threads)]
    with running(command, port, folder / "bare.log", dict(os.environ)) as server:
        yield server


@contextmanager
def running(command: list[str], port: int, log_path: Path, env: dict[str, str]) -> Iterator[Server]:
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, *command],
            cwd=REPOSITORY,  # where `python -m bench.…` finds the bench package
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_up(base, process)
            yield Server(base, process.pid, log_path)
        finally:
            process.terminate()
            process.wait(timeout=10)


WARNINGS = {
    "queue": "Task queue depth",  # every thread was busy: requests waited in waitress's queue
    "connection limit": "reached the connection limit",  # new connections waited to be accepted
}


def log_warnings(server: Server) -> dict[str, int]:
    """How often the server warned of each kind of overload so far."""
    text = server.log.read_text(errors="replace")
    return {name: text.count(needle) for name, needle in WARNINGS.items()}


def patch(synchronous: str | None, connection_limit: int | None, keep_connection: bool) -> None:
    """Apply the settings under trial to the app's connection and to waitress."""
    import waitress

    from scorekeeper.store import connection as db

    if keep_connection:
        init_app = db.init_app

        def init_app_keeping(app: Any) -> None:
            init_app(app)
            # While one connection stays open, closing a request's connection is never
            # closing the last one: SQLite then neither checkpoints nor deletes the WAL.
            app.extensions["bench.kept_connection"] = db.connect(app.config["DATABASE"])

        db.init_app = init_app_keeping

    if synchronous is not None:
        connect = db.connect

        def connect_with(path: Any, *args: Any) -> Any:
            database = connect(path, *args)
            database.execute(f"PRAGMA synchronous={synchronous}")
            return database

        db.connect = connect_with  # type: ignore[assignment]  # same call, one PRAGMA more
    if connection_limit is not None:
        serve = waitress.serve

        def serve_with(app: Any, **kwargs: Any) -> None:
            serve(app, **{**kwargs, "connection_limit": connection_limit})

        waitress.serve = serve_with


def main() -> None:
    parser = argparse.ArgumentParser(description="scorekeeper serve with settings under trial")
    parser.add_argument("--synchronous", choices=["off", "normal", "full", "extra"])
    parser.add_argument("--connection-limit", type=int)
    parser.add_argument("--keep-connection", action="store_true")
    args, rest = parser.parse_known_args()
    patch(args.synchronous, args.connection_limit, args.keep_connection)
    from scorekeeper.cli import main as cli

    cli(rest)


if __name__ == "__main__":
    main()
