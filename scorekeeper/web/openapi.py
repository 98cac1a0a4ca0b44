"""The API contract (shared/API.md) as an OpenAPI 3.1 document, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import REGISTRY


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ref("Error")}}}


def ok(description: str, schema: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ref(schema)}}}


def body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": ref(schema)}}}


SLUG = {"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
HAND_NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
SCORER = {"name": "X-Scorer-Token", "in": "header", "required": True, "schema": {"type": "string"}}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"}}
IDEMPOTENCY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "maxLength": 200},
}
WRITE_ERRORS = {
    "400": error("The body is not a JSON object."),
    "403": error("No valid scorer token."),
    "404": error("No such game or hand."),
    "409": error("The game is finished, or changed since If-Match."),
    "413": error("The body is too large."),
    "422": error("The entry breaks the rules; `field` names what is wrong."),
}

SIDE_MAP = {"type": "object", "additionalProperties": {"type": "integer"}}


def openapi_document() -> dict[str, Any]:
    """The whole document; ruleset ids are listed from the registry."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scorekeeper", "version": "1"},
        "paths": {
            "/api/rulesets": {
                "get": {"responses": {"200": ok("Every game this app scores.", "Rulesets")}}
            },
            "/api/games": {
                "post": {
                    "parameters": [
                        {"name": "X-League-Token", "in": "header", "schema": {"type": "string"}}
                    ],
                    "requestBody": body("NewGame"),
                    "responses": {
                        "201": ok("The game, with its scorer token.", "CreatedGame"),
                        "400": error("The body is not a JSON object."),
                        "403": error("Wrong league token."),
                        "404": error("No such league."),
                        "422": error("Unknown ruleset or option, bad names or player count."),
                    },
                }
            },
            "/api/games/{game_id}": {
                "get": {
                    "parameters": [GAME_ID],
                    "responses": {"200": ok("The game.", "Game"), "404": error("No such game.")},
                }
            },
            "/api/games/{game_id}/hands": {
                "post": {
                    "parameters": [GAME_ID, SCORER, IF_MATCH, IDEMPOTENCY],
                    "requestBody": body("Entry"),
                    "responses": {"201": ok("The hand as scored.", "WriteResult"), **WRITE_ERRORS},
                }
            },
            "/api/games/{game_id}/hands/{number}": {
                "put": {
                    "parameters": [GAME_ID, HAND_NUMBER, SCORER, IF_MATCH],
                    "requestBody": body("Entry"),
                    "responses": {"200": ok("The corrected hand.", "WriteResult"), **WRITE_ERRORS},
                },
                "delete": {
                    "parameters": [GAME_ID, HAND_NUMBER, SCORER, IF_MATCH],
                    "responses": {"200": ok("The game after the undo.", "Summary"), **WRITE_ERRORS},
                },
            },
            "/api/games/{game_id}/plays": {
                "post": {
                    "summary": "One play of the hand in progress (Muggins), posted live",
                    "parameters": [GAME_ID, SCORER, IF_MATCH],
                    "requestBody": body("Play"),
                    "responses": {"201": ok("The hand in progress.", "PlayResult"), **WRITE_ERRORS},
                },
                "delete": {
                    "summary": "Take back the last play posted live",
                    "parameters": [GAME_ID, SCORER, IF_MATCH],
                    "responses": {"200": ok("The hand in progress.", "PlayResult"), **WRITE_ERRORS},
                },
            },
            "/api/games/{game_id}/next": {
                "post": {
                    "summary": "Start the rematch or the next game of the match",
                    "parameters": [GAME_ID, SCORER],
                    "responses": {"201": ok("The new game.", "Game"), **WRITE_ERRORS},
                }
            },
            "/api/muggins/check": {
                "post": {
                    "summary": "The muggins-call checker: count the open ends, no game needed",
                    "requestBody": body("MugginsCheck"),
                    "responses": {
                        "200": ok("The count and what it scores.", "MugginsCheckResult"),
                        "400": error("The body is not a JSON object."),
                        "422": error("Not a layout's open ends."),
                    },
                }
            },
            "/api/leagues/{slug}": {
                "get": {
                    "parameters": [SLUG],
                    "responses": {
                        "200": ok("The league, its seasons and games.", "League"),
                        "404": error("No such league."),
                    },
                }
            },
            "/api/leagues/{slug}/standings": {
                "get": {
                    "parameters": [
                        SLUG,
                        {"name": "ruleset", "in": "query", "schema": {"type": "string"}},
                        {"name": "season", "in": "query", "schema": {"type": "string"}},
                    ],
                    "responses": {
                        "200": ok("Standings, best first.", "Standings"),
                        "404": error("No such league."),
                        "422": error("Unknown ruleset or season."),
                    },
                }
            },
            "/api/leagues/{slug}/seasons": {
                "post": {
                    "parameters": [
                        SLUG,
                        {
                            "name": "X-League-Token",
                            "in": "header",
                            "required": True,
                            "schema": {"type": "string"},
                        },
                    ],
                    "requestBody": body("NewSeason"),
                    "responses": {
                        "201": ok("The season.", "Season"),
                        "400": error("The body is not a JSON object."),
                        "403": error("No valid league token."),
                        "404": error("No such league."),
                        "422": error("A name and dates that make a season."),
                    },
                }
            },
            "/api/leagues": {
                "post": {
                    "requestBody": body("NewLeague"),
                    "responses": {
                        "201": ok("The league and its token.", "CreatedLeague"),
                        "400": error("The body is not a JSON object."),
                        "422": error("No name."),
                    },
                }
            },
        },
        "components": {"schemas": schemas()},
    }


def schemas() -> dict[str, Any]:
    summary = {
        "totals": SIDE_MAP,
        "status": {"enum": ["in_progress", "finished"]},
        "winners": {"type": "array", "items": {"type": "string"}},
        "version": {"type": "integer"},
    }
    hand = {
        "type": "object",
        "required": ["number", "entry", "scores", "explanation", "dealer", "counted"],
        "properties": {
            "number": {"type": "integer"},
            "entry": {"type": "object"},
            "scores": SIDE_MAP,
            "explanation": {"type": "array", "items": {"type": "string"}},
            "dealer": {"type": "string"},
            # False for a hand played after the game's end (SCORING.md): it adds nothing.
            "counted": {"type": "boolean"},
        },
    }
    return {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}, "field": {"type": "string"}},
        },
        "Rulesets": {"type": "array", "items": {"type": "object"}},
        "NewGame": {
            "type": "object",
            "required": ["ruleset", "players"],
            "properties": {
                "ruleset": {"enum": list(REGISTRY)},
                "players": {"type": "array", "items": {"type": "string"}},
                "partnerships": {"type": "boolean"},
                "team_names": {"type": "array", "items": {"type": "string"}},
                "options": {"type": "object"},
                "league": {"type": "string"},
            },
        },
        "Hand": hand,
        "Summary": {"type": "object", "required": list(summary), "properties": summary},
        "WriteResult": {
            "type": "object",
            "required": ["hand", *summary],
            "properties": {"hand": hand, **summary},
        },
        "Game": {
            "type": "object",
            "required": ["id", "ruleset", "players", "sides", "options", "hands", "next", *summary],
            "properties": {
                "id": {"type": "string"},
                "ruleset": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "sides": {"type": "array", "items": {"type": "string"}},
                "teams": {"type": "object"},
                "options": {"type": "object"},
                "hands": {"type": "array", "items": hand},
                "next": {"type": ["object", "null"]},
                **summary,
            },
        },
        "CreatedGame": {
            "allOf": [
                ref("Game"),
                {
                    "type": "object",
                    "required": ["scorer_token"],
                    "properties": {"scorer_token": {"type": "string"}},
                },
            ]
        },
        "Entry": {"type": "object", "description": "A hand, shaped by the game's ruleset."},
        "Play": {
            "type": "object",
            "required": ["player"],
            "properties": {
                "player": {"type": "string"},
                "ends": {"type": "array", "items": {"type": ["integer", "string"]}},
                "points": {"type": "integer"},
                "muggins_by": {"type": ["string", "null"]},
            },
        },
        "PlayResult": {
            "type": "object",
            "required": ["hand_in_progress", *summary],
            "properties": {"hand_in_progress": {"type": ["object", "null"]}, **summary},
        },
        "MugginsCheck": {
            "type": "object",
            "required": ["ends"],
            "properties": {
                "ends": {"type": "array", "items": {"type": ["integer", "string"]}},
                "set": {"enum": ["double-six", "double-nine"]},
                "points_per_five": {"type": "boolean"},
                "claimed": {"type": ["integer", "null"], "minimum": 0},
            },
        },
        "MugginsCheckResult": {
            "type": "object",
            # "claimed" and "muggins" come only with a claim (SCORING.md, Muggins).
            "required": ["set", "count", "points", "explanation"],
            "properties": {
                "set": {"enum": ["double-six", "double-nine"]},
                "count": {"type": "integer"},
                "points": {"type": "integer"},
                "claimed": {"type": "integer"},
                "muggins": {"type": "boolean"},
                "explanation": {"type": "string"},
            },
        },
        "League": {"type": "object", "required": ["slug", "name"]},
        "Standings": {
            "type": "object",
            "required": ["league", "rows"],
            "properties": {
                "rows": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["player", "played", "won", "win_rate", "rating"],
                    },
                }
            },
        },
        "NewSeason": {
            "type": "object",
            "required": ["name", "starts_on", "ends_on"],
            "properties": {
                "name": {"type": "string"},
                "starts_on": {"type": "string", "format": "date"},
                "ends_on": {"type": "string", "format": "date"},
            },
        },
        "Season": {"type": "object"},
        "NewLeague": {
            "type": "object",
            "required": ["name"],
            "properties": {"name": {"type": "string"}},
        },
        "CreatedLeague": {
            "type": "object",
            "required": ["slug", "league_token"],
            "properties": {"slug": {"type": "string"}, "league_token": {"type": "string"}},
        },
    }
