"""The published contract is the app's own: every route, every entry shape, nothing bare.

The paths are held to the URL map both ways; the entry schemas come from the rules modules'
ENTRY_FIELDS, and every ruleset's own sample entry fits its schema (and the composite Entry).
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from flask import Flask

from scorekeeper.rules import REGISTRY
from scorekeeper.rules.base import Table
from scorekeeper.web.openapi import (
    ENTRY_FIELD_SCHEMAS,
    entry_fields,
    entry_schema_name,
    openapi_document,
    openapi_path,
)

METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH"}


def published(app: Flask) -> dict[str, Any]:
    with app.test_request_context():
        return openapi_document()


def test_every_api_route_is_in_the_contract_and_nothing_else(app: Flask) -> None:
    routes = {
        (openapi_path(rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in (rule.methods or set()) & METHODS
    }
    document = published(app)
    described = {(path, method) for path, item in document["paths"].items() for method in item}
    assert routes == described


def test_every_path_parameter_is_declared(app: Flask) -> None:
    for path, item in published(app)["paths"].items():
        names = {part[1:-1] for part in path.split("/") if part.startswith("{")}
        for method, operation in item.items():
            declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
            assert declared == names, (path, method)


def bare_objects(schema: Any, where: str) -> list[str]:
    """Places where the contract says only "an object", with nothing about what is in it."""
    found = []
    if isinstance(schema, dict):
        if schema.get("type") == "object" and not (
            schema.get("properties") or "additionalProperties" in schema
        ):
            found.append(where)
        for key, value in schema.items():
            found += bare_objects(value, f"{where}.{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += bare_objects(value, f"{where}[{index}]")
    return found


def test_no_schema_is_a_bare_object(app: Flask) -> None:
    assert bare_objects(published(app)["components"], "components") == []


@pytest.mark.parametrize("ruleset_id", list(REGISTRY))
def test_every_ruleset_declares_its_entry_fields_and_each_is_described(ruleset_id: str) -> None:
    fields = entry_fields(REGISTRY[ruleset_id])
    assert fields, f"{ruleset_id}'s module declares no ENTRY_FIELDS"
    assert set(fields) <= set(ENTRY_FIELD_SCHEMAS)


def validator(document: dict[str, Any], name: str) -> Any:
    root = {"components": document["components"], "$ref": f"#/components/schemas/{name}"}
    return jsonschema_rs.validator_for(root)


@pytest.mark.parametrize("ruleset_id", list(REGISTRY))
def test_each_rulesets_sample_entry_fits_its_schema_and_no_wrong_field_does(
    app: Flask, ruleset_id: str
) -> None:
    ruleset = REGISTRY[ruleset_id]
    document = published(app)
    count = max(ruleset.players)
    players = ("Ann", "Bob", "Cy", "Dee")[:count]
    teams = ("Us", "Them") if ruleset.partnerships == "always" else ()
    entry = ruleset.sample_entry(Table(players, teams))
    own = validator(document, entry_schema_name(ruleset))
    assert own.is_valid(entry), list(own.iter_errors(entry))[:3]
    assert validator(document, "Entry").is_valid(entry)
    assert not own.is_valid({**entry, "not_a_field": 1})
