"""The published contract, fuzzed by schemathesis against the WSGI app: never a server error.

Schemathesis reads /api/openapi.json and generates requests for every operation in it. Half
of them are aimed at a real game with its real scorer token, so writes reach the rules and
the database rather than stopping at a 404 or a 403.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper import create_app
from tests.conftest import Api

# Schemathesis builds its tests when this module is imported, so the app exists by then:
# on a file of its own, seeded with one real game, removed when the module is done.
FOLDER = Path(tempfile.mkdtemp(prefix="scorekeeper-contract-"))
APP = create_app(
    {
        "TESTING": True,
        "DATABASE": FOLDER / "contract.sqlite3",
        "SECRET_KEY": "contract",
        "RATE_LIMIT_BURST": 0,
    }
)
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, Any]]:
    api = Api(APP.test_client())
    game = api.create("block", ["Ann", "Bob", "Cy"], options={"target": 10_000})
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 7}, "domino": "Ann"})
    yield {"game": game["id"], "token": game["scorer_token"]}
    shutil.rmtree(FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_operation_of_the_contract_is_a_server_error(
    case: schemathesis.Case, served: dict[str, Any]
) -> None:
    if "game_id" in (case.path_parameters or {}) and len(repr(case.body)) % 2:
        case.path_parameters = {**(case.path_parameters or {}), "game_id": served["game"]}
        case.headers = {**(case.headers or {}), "X-Scorer-Token": served["token"]}
    # Every answer is no server error, has a status the contract lists, and fits its schema.
    case.call_and_validate(
        checks=[not_a_server_error, status_code_conformance, response_schema_conformance]
    )


def test_the_contract_covers_the_hand_endpoints() -> None:
    document = APP.test_client().get("/api/openapi.json").json or {}
    published = {
        (path, method.upper()) for path, item in document["paths"].items() for method in item
    }
    assert ("/api/games/{game_id}/hands", "POST") in published
    assert ("/api/games/{game_id}/hands/{number}", "PUT") in published
    assert ("/api/games/{game_id}/hands/{number}", "DELETE") in published
