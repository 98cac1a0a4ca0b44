"""Every link the app writes is the one Werkzeug's own rules write.

The app's URL rules write their URL-building code the first time a URL is built from them
(scorekeeper.BuiltWhenUsedRule), not as each rule is added. A link built wrong is a page a
player cannot reach, so every rule builds its URLs here as a plain Werkzeug rule does: with
a player's name in it, a number, a path, and with extra values that become the query string.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter, Map, PathConverter, Rule

from scorekeeper import BuiltWhenUsedRule


def values_for(rule: Rule, text: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, converter in rule._converters.items():
        if isinstance(converter, IntegerConverter):
            values[name] = 42
        elif isinstance(converter, PathConverter):
            values[name] = f"{text}/of/it"
        else:
            values[name] = text
    return values


def test_every_rule_builds_the_urls_werkzeugs_own_rule_builds(app: Flask) -> None:
    rules = list(app.url_map.iter_rules())
    assert rules and all(isinstance(rule, BuiltWhenUsedRule) for rule in rules)
    plain = Map([Rule(rule.rule, **rule.get_empty_kwargs()) for rule in rules])
    assert not any(isinstance(rule, BuiltWhenUsedRule) for rule in plain.iter_rules())
    ours = app.url_map.bind("club.example", url_scheme="https")
    theirs = plain.bind("club.example", url_scheme="https")

    checked = 0
    for rule in rules:
        for text in ("María José", "Christopher", "a&b c?d#e"):
            values = values_for(rule, text)
            for extra in ({}, {"lang": "es", "next": "/games/ab c?x=1"}, {"n": [1, 2]}):
                for external in (False, True):
                    built = ours.build(rule.endpoint, {**values, **extra}, force_external=external)
                    assert built == theirs.build(
                        rule.endpoint, {**values, **extra}, force_external=external
                    ), (rule.rule, values, extra)
                    checked += 1
    assert checked == len(rules) * 3 * 3 * 2
