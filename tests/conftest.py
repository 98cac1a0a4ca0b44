"""Fixtures: a real app on a real SQLite file in a temporary folder, and an API helper.

The suite runs in parallel (pytest-xdist) and fast by default, without a test asking for it:

- Every `tmp_path` (and `tempfile`'s folder) lives on a RAM disk (/dev/shm) where the
  machine has one, so the in-process tests keep `synchronous=FULL` yet pay no disk flush
  per write. The tests that
  prove durability across a killed server take `disk_path`, a folder on the real disk.
- The schema is migrated once per worker; each test's `database` is a copy of that file.
- Each template is compiled once per worker, however many apps the tests build, and so is
  each route's URL builder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing import Rule

from scorekeeper import create_app, store

# Hypothesis never fails a test for being slow: the machine may be busy (and speed is
# measured by `python -m bench`, not asserted). A test's own @settings still apply.
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")


class CompiledTemplates(BytecodeCache):
    """The templates' compiled code, kept for every app this test process builds.

    Nearly every test builds an app of its own (on its own database), and each new app's
    Jinja environment compiles every template again the first time it renders it: about
    100 ms of CPU for a test that shows five pages, a tenth of the suite. The code is the
    same for every app (same templates, same options), so they share it. A template whose
    source changes has another checksum and is compiled again.
    """

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


# Flask passes its apps' `jinja_options` to each one's Jinja environment; create_app adds
# its own to these.
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()}


ROUTE_BUILDERS: dict[tuple[object, ...], Callable[..., tuple[str, str]]] = {}
compile_route_builder = Rule._compile_builder


def compiled_route_builder(
    rule: Rule, append_unknown: bool = True
) -> Callable[..., tuple[str, str]]:
    """Each route's URL builder, compiled once for every app this test process builds.

    Werkzeug writes and compiles a small Python function per route and per kind of build
    (with or without extra query arguments), about 1.3 ms a route. The app's rules write it
    the first time a URL is built from them (scorekeeper.BuiltWhenUsedRule), so each of the
    ~1,400 tests that build an app would pay it again for every route its pages link to.
    The function depends only on the route's parsed parts, its defaults and its
    converters' kinds, and takes the rule as its first argument, so the apps share it.
    Werkzeug's own `_compile_builder` still writes each one the first time.
    """
    key = (
        append_unknown,
        rule.rule,
        tuple(rule._trace),
        repr(sorted((rule.defaults or {}).items())),
        tuple(sorted((name, type(c)) for name, c in rule._converters.items())),
    )
    builder = ROUTE_BUILDERS.get(key)
    if builder is None:
        builder = ROUTE_BUILDERS[key] = compile_route_builder(rule, append_unknown)
    return builder


Rule._compile_builder = compiled_route_builder  # type: ignore[method-assign]

PARSED_ROUTES: dict[tuple[object, ...], tuple[list[Any], list[Any], dict[str, Any]]] = {}
compile_route = Rule.compile


def compiled_route(rule: Rule) -> None:
    """Each route's pattern, parsed once for every app this test process builds.

    Adding a route to an app's URL map parses its pattern (`/games/<game_id>/hands`) into
    the parts the map matches against, with a converter per variable: about 80 µs a route,
    two thirds of `create_app` once the URL builders are shared (above), 6 s of a run. The
    parts depend only on the pattern, the slashes setting, the host or subdomain and the
    map's converters, which are the same in every app. The converters are shared with them:
    Werkzeug's keep nothing of the map they were made for but the map itself, which they
    never read again.
    """
    assert rule.map is not None
    key = (
        rule.rule,
        rule.merge_slashes,
        rule.map.host_matching,
        rule.host,
        rule.subdomain,
        tuple(sorted(rule.map.converters.items())),
    )
    parsed = PARSED_ROUTES.get(key)
    if parsed is None:
        compile_route(rule)
        PARSED_ROUTES[key] = (rule._parts, rule._trace, rule._converters)
        return
    parts, trace, converters = parsed
    rule._parts, rule._trace, rule._converters = list(parts), list(trace), dict(converters)
    rule.arguments.update(converters)
    rule._build = rule._compile_builder(False).__get__(rule, None)
    rule._build_unknown = rule._compile_builder(True).__get__(rule, None)


Rule.compile = compiled_route  # type: ignore[method-assign]

RAM_DISK = Path("/dev/shm")
RAM_PREFIX = "scorekeeper-tests-"
RAM_DISK_NEEDED = 1024**3  # bytes free on /dev/shm to use it; a run takes far less
REPOSITORY = Path(__file__).resolve().parents[1]
RAM_BASETEMP = pytest.StashKey[Path]()
SCREENSHOTS_WANTED = "SCOREKEEPER_SCREENSHOTS"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="write the browser tests' screenshots to test-artifacts/screenshots/ to look at",
    )


@pytest.hookimpl(tryfirst=True)  # before pytest's own tmp_path factory reads --basetemp
def pytest_configure(config: pytest.Config) -> None:
    """Put the run's temporary folders on the RAM disk, unless `--basetemp` names one.

    xdist's workers are given a folder inside the controller's, so only the controller
    (or a run without xdist) chooses it, and removes it when the run ends.
    """
    if config.getoption("screenshots"):
        os.environ[SCREENSHOTS_WANTED] = "1"  # xdist's workers inherit it
    if hasattr(config, "workerinput") or config.option.basetemp is not None:
        return
    if not ram_disk_has_room():
        return
    remove_abandoned_ram_folders()
    base = Path(tempfile.mkdtemp(prefix=f"{RAM_PREFIX}{os.getpid()}-", dir=RAM_DISK))
    config.stash[RAM_BASETEMP] = base
    config.option.basetemp = str(base / "pytest")  # pytest empties and makes this one itself
    # `tempfile` in the tests, the servers they start and the browser use the RAM disk too;
    # xdist's workers, started later, inherit it.
    scratch = base / "scratch"
    scratch.mkdir()
    os.environ["TMPDIR"] = str(scratch)
    tempfile.tempdir = str(scratch)


def pytest_unconfigure(config: pytest.Config) -> None:
    base = config.stash.get(RAM_BASETEMP, None)
    if base is not None:
        shutil.rmtree(base, ignore_errors=True)


def ram_disk_has_room() -> bool:
    """A writable /dev/shm with room for a run (a container's default 64 MB is too small)."""
    if not (RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK)):
        return False
    stats = os.statvfs(RAM_DISK)
    return stats.f_bavail * stats.f_frsize >= RAM_DISK_NEEDED


def remove_abandoned_ram_folders() -> None:
    """A run killed before it could clean up leaves its folder in memory: remove those."""
    for folder in RAM_DISK.glob(f"{RAM_PREFIX}*"):
        pid = folder.name.removeprefix(RAM_PREFIX).split("-", 1)[0]
        if pid.isdigit() and not process_is_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def process_is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's run
    return True


# Roughly how long each slow module takes on one of two quiet cores, in seconds. The run
# hands out the tests in this order, the longest modules first (`scripts/test`: `--dist
# load`, each worker taking the next tests as it is free), so that the last to start are
# short and neither core waits long for the other at the end. A module not listed is
# guessed from its count of tests. Only the order depends on these figures.
MODULE_SECONDS = {
    "browser/test_score_sheet.py": 25,
    "browser/test_night_pages.py": 23,
    "test_fuzz.py": 21,
    "browser/test_black_tile_pages.py": 17,
    "browser/test_outbox.py": 16,
    "browser/test_block_draw_pages.py": 16,
    "browser/test_share_browser.py": 16,
    "test_standings_incremental.py": 14,
    "browser/test_muggins_pages.py": 14,
    "browser/test_new_games_pages.py": 14,
    "browser/test_phone_habits.py": 13,
    "test_schemathesis.py": 10,
    "browser/test_fives_and_threes_pages.py": 10,
    "browser/test_texas_42_pages.py": 10,
    "browser/test_eighty_pages.py": 8,
    "browser/test_moon_pages.py": 8,
    "test_rulesets_conformance.py": 6,
    "browser/test_end_of_game_pages.py": 6,
    "browser/test_tricks_languages_pages.py": 6,
    "browser/test_language_pages.py": 5,
    "browser/test_refusals_in_languages.py": 5,
    "test_rules_eighty.py": 5,
    "test_ratings.py": 5,
    "test_backup_kill.py": 5,
    "test_security.py": 5,
    "browser/test_night_languages.py": 4,
    "test_crash.py": 4,
    "test_idempotency_restart.py": 4,
    "test_cli.py": 4,
    "test_cli_in_languages.py": 4,
    "test_concurrency.py": 4,
    "test_import_fuzz.py": 3,
    "test_disk_full.py": 3,
    "test_pages_in_languages.py": 3,
    "test_share.py": 3,
}
BROWSER_TEST_SECONDS = 2.0  # a browser test of a module not listed above
TEST_SECONDS = 0.1  # any other test of a module not listed


@pytest.hookimpl(trylast=True)  # after pytest's own ordering by fixtures
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Whole modules, the longest first, each keeping its own tests' order."""
    tests = Path(__file__).parent
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)

    def seconds(module: Path) -> float:
        name = module.relative_to(tests).as_posix() if module.is_relative_to(tests) else ""
        if name in MODULE_SECONDS:
            return MODULE_SECONDS[name]
        each = BROWSER_TEST_SECONDS if name.startswith("browser/") else TEST_SECONDS
        return each * len(modules[module])

    items[:] = [
        item for module in sorted(modules, key=seconds, reverse=True) for item in modules[module]
    ]


@pytest.fixture
def disk_path(request: pytest.FixtureRequest) -> Iterator[Path]:
    """A folder on the real disk, for tests whose point is what reaches it (fsync, SIGKILL)."""
    parent = REPOSITORY / "test-artifacts" / "disk"
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f"{request.node.name[:40]}-", dir=parent))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database with every migration applied, made once per worker."""
    path = tmp_path_factory.mktemp("migrated") / "scorekeeper.sqlite3"
    store.migrate(path)
    # WAL lives in the file's header; the closed file has no -wal or -shm beside it to copy.
    for leftover in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
    return path


@pytest.fixture
def database(tmp_path: Path, migrated_database: Path) -> Path:
    """This test's own SQLite file, migrated: a copy of the session's migrated file."""
    path = tmp_path / "scorekeeper.sqlite3"
    shutil.copyfile(migrated_database, path)
    return path


@pytest.fixture
def new_database(
    tmp_path_factory: pytest.TempPathFactory, migrated_database: Path
) -> Callable[[], Path]:
    """For a property whose every example needs a file of its own: each call, another copy."""

    def copy() -> Path:
        path = tmp_path_factory.mktemp("db") / "scorekeeper.sqlite3"
        shutil.copyfile(migrated_database, path)
        return path

    return copy


@pytest.fixture
def app(database: Path, tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test-secret"})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Api:
    """Talks to the JSON API the way a script would, keeping each game's scorer token."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.tokens: dict[str, str] = {}

    def create(self, ruleset: str, players: list[str], **fields: Any) -> dict[str, Any]:
        response = self.client.post(
            "/api/games", json={"ruleset": ruleset, "players": players, **fields}
        )
        assert response.status_code == 201, response.json
        body: dict[str, Any] = response.json  # type: ignore[assignment]
        self.tokens[body["id"]] = body["scorer_token"]
        return body

    def headers(self, game_id: str, **extra: str) -> dict[str, str]:
        return {"X-Scorer-Token": self.tokens[game_id], **extra}

    def post_hand(self, game_id: str, entry: Any, **headers: str) -> Any:
        return self.client.post(
            f"/api/games/{game_id}/hands", json=entry, headers=self.headers(game_id, **headers)
        )

    def hand(self, game_id: str, entry: Any) -> dict[str, Any]:
        """Post a hand that must be accepted; returns the write result."""
        response = self.post_hand(game_id, entry)
        assert response.status_code == 201, response.json
        body: dict[str, Any] = response.json  # type: ignore[assignment]
        return body

    def game(self, game_id: str) -> dict[str, Any]:
        response = self.client.get(f"/api/games/{game_id}")
        assert response.status_code == 200
        body: dict[str, Any] = response.json  # type: ignore[assignment]
        return body


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


@pytest.fixture
def plain_forms(app: Flask) -> Flask:
    """The app as the page tests post to it (`pytestmark = pytest.mark.usefixtures(
    "plain_forms")`): forms sent without a CSRF token, as a phone with script off that never
    fetched the form would, and no write allowance to run out of."""
    app.config.update(WTF_CSRF_ENABLED=False, RATE_LIMIT_BURST=0)
    return app
