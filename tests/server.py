"""Start the real `scorekeeper serve` as a separate process, for tests that need real HTTP."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(
    database: Path, *extra: str, write_limit: bool = False, env: Mapping[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`scorekeeper serve` on a free loopback port; yields its base URL and the process.

    What the server prints goes to a file beside the database (`server_log(database)`).
    Every test client writes from 127.0.0.1, where a club's phones each have their own
    address, so the per-client write limit is off unless asked for (test_security tests it).
    `env` adds settings (SCOREKEEPER_*) to the server's environment.
    """
    port = free_port()
    log = server_log(database).open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database",
            str(database),
            *extra,
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={
            **os.environ,
            **({} if write_limit else {"SCOREKEEPER_RATE_LIMIT_BURST": "0"}),
            **(env or {}),
        },
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def server_log(database: Path) -> Path:
    return database.with_suffix(".log")


def wait_until_up(base: str, process: subprocess.Popen[str], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError("server did not come up")


def call(
    method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One JSON request over real HTTP; returns (status, parsed body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")
