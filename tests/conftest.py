"""Fixtures: a real app on a real SQLite file in a temporary folder, and an API helper."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "scorekeeper.sqlite3"


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
