"""The API contract (shared/API.md) as an OpenAPI 3.1 document, served at /api/openapi.json.

The entry shapes are built from the rules' own declarations: each ruleset module's
`ENTRY_FIELDS` (what `check_entry_keys` lets through), each field described once in
`ENTRY_FIELD_SCHEMAS`; the ruleset ids from the registry. The paths are held to the app's
URL map by a test (tests/test_openapi.py), so a route cannot be added or dropped without
the contract following; schemathesis then generates requests from this document and checks
the answers against it.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from scorekeeper.rules import REGISTRY, Ruleset

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: list[str] | tuple[str, ...] = (), **properties: Schema) -> Schema:
    """An object with these properties (more may be added: the contract lets fields grow)."""
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def closed(required: list[str] | tuple[str, ...] = (), **properties: Schema) -> Schema:
    """An object with these properties and no others: a request the app refuses more in."""
    return {**obj(required, **properties), "additionalProperties": False}


STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
BOOLEAN: Schema = {"type": "boolean"}
NAMES: Schema = {"type": "array", "items": STRING}
TILE: Schema = {"type": "string", "pattern": r"^\s*[0-9]{1,2}\s*-\s*[0-9]{1,2}\s*$"}
TILES: Schema = {"type": "array", "items": TILE}
SIDE_MAP: Schema = {"type": "object", "additionalProperties": INTEGER}
SIDE_TILES: Schema = {"type": "object", "additionalProperties": TILES}
NULLABLE_STRING: Schema = {"type": ["string", "null"]}
END: Schema = {"anyOf": [{"type": "integer", "minimum": 0}, TILE]}
PLAY = closed(
    ["player"],
    player=STRING,
    ends={"type": "array", "items": END, "minItems": 1, "maxItems": 4},
    points={"type": "integer", "minimum": 0},
    muggins_by=NULLABLE_STRING,
    out={**BOOLEAN, "description": "fives-and-threes: the play of the last tile (the go point)"},
)
# Every field any ruleset's entry takes, described once; keyed by side unless it says so.
ENTRY_FIELD_SCHEMAS: dict[str, Schema] = {
    "pips": {**SIDE_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
    "tiles": SIDE_TILES,
    "domino": {**NULLABLE_STRING, "description": "The player who went out; null: blocked."},
    "either_end": BOOLEAN,
    "with_double": BOOLEAN,
    "captured": SIDE_TILES,
    "points": {
        **SIDE_MAP,
        "description": "Black Tile: 0 or more; custom: as typed, below 0 "
        "only where the game's option `negative` allows it.",
    },
    "widow": TILE,
    "plays": {"type": "array", "items": PLAY},
    "bidder": STRING,
    "bid": {"anyOf": [INTEGER, {"const": "nel-o"}]},
    "tricks": {**SIDE_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
    "count": {**SIDE_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
    "count_tiles": SIDE_TILES,
    "all_passed": {"const": True},
    "contract": {"enum": ["nello", "plunge", "splash", "sevens"]},
    "made": BOOLEAN,
    "bidder_tricks": {"type": "integer", "minimum": 0, "maximum": 7},
    "double_blank": {**NULLABLE_STRING, "description": "Who holds the 0-0 (Mexican Train)."},
    "closer": {**NULLABLE_STRING, "description": "Who made the last play of a tranque."},
    "capicua": BOOLEAN,
    "chuchazo": BOOLEAN,
    "pases_corridos": {**NAMES, "description": "Who made a pase corrido, in play order."},
    "last_tile": TILE,
    "ends_before": {"type": "array", "items": {"type": "integer", "minimum": 0}},
}


def entry_fields(ruleset: Ruleset) -> tuple[str, ...]:
    """The fields `ruleset`'s entry takes, as its module declares them (ENTRY_FIELDS)."""
    module = sys.modules[type(ruleset).__module__]
    return tuple(getattr(module, "ENTRY_FIELDS", ()))


def entry_schema_name(ruleset: Ruleset) -> str:
    """One entry schema per rules module: black-tile-11 and -21 share BlackTileEntry."""
    family = type(ruleset).__module__.rsplit(".", 1)[1]
    return "".join(part.title() for part in family.split("_")) + "Entry"


def entry_schemas() -> dict[str, Schema]:
    """An entry schema per rules module, its fields as the module declares them, no others."""
    found: dict[str, Schema] = {}
    for ruleset in REGISTRY.values():
        fields = entry_fields(ruleset)
        games = ", ".join(r.id for r in REGISTRY.values() if entry_fields(r) == fields)
        found[entry_schema_name(ruleset)] = {
            "description": f"A hand of {games}.",
            "type": "object",
            "properties": {field: ENTRY_FIELD_SCHEMAS.get(field, {}) for field in fields},
            "additionalProperties": False,
        }
    return found


def error(description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": ref("Error")}}}


def ok(description: str, schema: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": ref(schema)}}}


def body(schema: str) -> Schema:
    return {"required": True, "content": {"application/json": {"schema": ref(schema)}}}


def header(name: str, required: bool = False, **schema: Any) -> Schema:
    return {"name": name, "in": "header", "required": required, "schema": {**STRING, **schema}}


def path(name: str, schema: Schema = STRING) -> Schema:
    return {"name": name, "in": "path", "required": True, "schema": schema}


SLUG = path("slug")
GAME_ID = path("game_id")
HAND_NUMBER = path("number", {"type": "integer", "minimum": 0})
SCORER = header("X-Scorer-Token", required=True)
LEAGUE_TOKEN = header("X-League-Token", required=True)
IF_MATCH = header("If-Match")
IDEMPOTENCY = header("Idempotency-Key", minLength=1, maxLength=200)
# Every write may be refused in these ways, whatever else it can answer.
ANY_WRITE = {
    "400": error("The body is not a JSON object, or a header is malformed."),
    "413": error("The body is far larger than any real entry."),
    "415": error("The body is not sent as application/json."),
    "429": error("Too many changes from this client in a short time; see Retry-After."),
    "422": error("The Idempotency-Key was used for another request."),
    "503": error("The database is busy or the disk full: nothing changed; see Retry-After."),
}
GAME_WRITE = {
    "400": error("The body is not a JSON object, or a header is malformed."),
    "403": error("No valid scorer token."),
    "404": error("No such game or hand."),
    "409": error("The game is finished, changed since If-Match, or the keyed change was undone."),
    "422": error("The entry breaks the rules (`field` names what), or the key was used otherwise."),
    **ANY_WRITE,
}
CREATE = {
    "400": error("The body is not a JSON object."),
    "422": error("A value that cannot be (`field` names it), or the key was used otherwise."),
    **ANY_WRITE,
}


def write(
    summary: str, parameters: list[Schema], answer: tuple[str, Schema], **more: Any
) -> Schema:
    status, response = answer
    return {
        "summary": summary,
        "parameters": [*parameters, IDEMPOTENCY],
        "responses": {status: response, **GAME_WRITE},
        **more,
    }


def openapi_document() -> dict[str, Any]:
    """The whole document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scorekeeper", "version": "1"},
        "paths": {**paths(), **night_paths()},
        "components": {"schemas": {**schemas(), **night_schemas()}},
    }


def paths() -> dict[str, Any]:
    return {
        "/api/openapi.json": {
            "get": {"responses": {"200": {"description": "This document."}}},
        },
        "/api/rulesets": {
            "get": {"responses": {"200": ok("Every game this app scores.", "Rulesets")}}
        },
        "/api/games": {
            "post": {
                "summary": "Start a game",
                "parameters": [header("X-League-Token"), IDEMPOTENCY],
                "requestBody": body("NewGame"),
                "responses": {
                    "201": ok("The game, with its scorer token.", "CreatedGame"),
                    "403": error("Wrong league token."),
                    "404": error("No such league."),
                    **CREATE,
                },
            }
        },
        "/api/games/{game_id}": {
            "get": {
                "parameters": [GAME_ID, header("If-None-Match")],
                "responses": {
                    "200": ok("The game.", "Game"),
                    "304": {"description": "Unchanged since the version in If-None-Match."},
                    "404": error("No such game."),
                },
            }
        },
        "/api/games/{game_id}/hands": {
            "post": write(
                "Enter the next hand",
                [GAME_ID, SCORER, IF_MATCH],
                ("201", ok("The hand as scored.", "WriteResult")),
                requestBody=body("Entry"),
            )
        },
        "/api/games/{game_id}/hands/{number}": {
            "put": write(
                "Correct a hand: later totals, the status and the winners follow",
                [GAME_ID, HAND_NUMBER, SCORER, IF_MATCH],
                ("200", ok("The corrected hand.", "WriteResult")),
                requestBody=body("Entry"),
            ),
            "delete": write(
                "Undo the last hand",
                [GAME_ID, HAND_NUMBER, SCORER, IF_MATCH],
                ("200", ok("The game after the undo.", "Summary")),
            ),
        },
        "/api/games/{game_id}/plays": {
            "post": write(
                "One play of the hand in progress (Muggins), posted live",
                [GAME_ID, SCORER, IF_MATCH],
                ("201", ok("The hand in progress.", "PlayResult")),
                requestBody=body("Play"),
            ),
            "delete": write(
                "Take back the last play posted live",
                [GAME_ID, SCORER, IF_MATCH],
                ("200", ok("The hand in progress.", "PlayResult")),
            ),
        },
        "/api/games/{game_id}/next": {
            "post": write(
                "Start the rematch or the next game of the match",
                [GAME_ID, SCORER],
                ("201", ok("The new game.", "Game")),
            )
        },
        "/api/muggins/check": {
            "post": {
                "summary": "The muggins-call checker: count the open ends, no game needed",
                "requestBody": body("MugginsCheck"),
                "responses": {
                    "200": ok("The count and what it scores.", "MugginsCheckResult"),
                    "400": error("The body is not a JSON object."),
                    "415": error("The body is not sent as application/json."),
                    "422": error("Not a layout's open ends."),
                },
            }
        },
        "/api/leagues": {
            "post": {
                "summary": "Start a league",
                "parameters": [IDEMPOTENCY],
                "requestBody": body("NewLeague"),
                "responses": {"201": ok("The league and its token.", "CreatedLeague"), **CREATE},
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
                    {"name": "ruleset", "in": "query", "schema": STRING},
                    {"name": "season", "in": "query", "schema": STRING},
                ],
                "responses": {
                    "200": ok("Standings, best first.", "Standings"),
                    "404": error("No such league or season."),
                    "422": error("Unknown ruleset."),
                },
            }
        },
        "/api/leagues/{slug}/seasons": {
            "post": {
                "summary": "Add a season",
                "parameters": [SLUG, LEAGUE_TOKEN, IDEMPOTENCY],
                "requestBody": body("NewSeason"),
                "responses": {
                    "201": ok("The season.", "Season"),
                    "403": error("No valid league token."),
                    "404": error("No such league."),
                    **CREATE,
                },
            }
        },
        "/api/leagues/{slug}/token": {
            "post": {
                "summary": "Replace the league token: the old one and its admin link stop",
                "parameters": [SLUG, LEAGUE_TOKEN, IDEMPOTENCY],
                "responses": {
                    "201": ok("The new league token.", "NewLeagueToken"),
                    "403": error("No valid league token."),
                    "404": error("No such league."),
                    **ANY_WRITE,
                },
            }
        },
    }


def schemas() -> dict[str, Any]:
    summary = {
        "totals": SIDE_MAP,
        "status": {"enum": ["in_progress", "finished"]},
        "winners": NAMES,
        "result": STRING,
        "version": {"type": "integer", "minimum": 1},
    }
    hand = obj(
        ["number", "entry", "scores", "explanation", "dealer", "totals", "counted"],
        number={"type": "integer", "minimum": 1},
        entry=ref("Entry"),
        scores=SIDE_MAP,
        explanation=NAMES,
        dealer=STRING,
        totals=SIDE_MAP,
        # False for a hand played after the game's end (SCORING.md): it adds nothing.
        counted=BOOLEAN,
    )
    in_progress = {
        "anyOf": [
            {"type": "null"},
            obj(
                ["number", "plays", "scores", "explanation", "dealer"],
                number=INTEGER,
                plays={"type": "array", "items": ref("Play")},
                scores=SIDE_MAP,
                explanation=NAMES,
                dealer=STRING,
            ),
        ]
    }
    option_value: Schema = {"type": ["integer", "boolean", "string", "null"]}
    season = obj(
        ["slug", "name", "starts_on", "ends_on"],
        slug=STRING,
        name=STRING,
        starts_on={"type": "string", "format": "date"},
        ends_on={"type": "string", "format": "date"},
    )
    standings_row = obj(
        ["place", "player", "played", "won", "win_rate", "rating"],
        place=INTEGER,
        player=STRING,
        key=STRING,
        played=INTEGER,
        won=INTEGER,
        win_rate={"type": "number"},
        points_for={"type": ["integer", "null"]},
        points_against={"type": ["number", "null"]},
        average={"type": ["number", "null"]},
        rating={"type": "number"},
        rating_mu={"type": "number"},
        rating_sigma={"type": "number"},
        rating_certainty=STRING,
        form=NAMES,
        last_played=STRING,
        url=STRING,
    )
    league_ref = obj(["slug", "name"], slug=STRING, name=STRING, url=STRING)
    game_properties = {
        "id": STRING,
        "ruleset": {"enum": list(REGISTRY)},
        "ruleset_name": STRING,
        "players": NAMES,
        "partnerships": BOOLEAN,
        "sides": NAMES,
        "teams": {"type": "object", "additionalProperties": NAMES},
        "options": {"type": "object", "additionalProperties": option_value},
        "lowest_wins": BOOLEAN,
        "hands": {"type": "array", "items": hand},
        "hand_in_progress": in_progress,
        **summary,
        "match": {
            "anyOf": [
                {"type": "null"},
                obj(
                    ["id", "game", "best_of", "score", "winner"],
                    id=STRING,
                    game=INTEGER,
                    best_of=INTEGER,
                    score=SIDE_MAP,
                    winner=NULLABLE_STRING,
                ),
            ]
        },
        "next": {
            "anyOf": [
                {"type": "null"},
                obj(
                    ["hand", "dealer", "pass"],
                    hand=INTEGER,
                    dealer=STRING,
                    **{"pass": {"enum": ["right", "left", "across", "hold", None]}},
                ),
            ]
        },
        "league": NULLABLE_STRING,
        "created_at": STRING,
    }
    families = entry_schemas()
    return {
        "Error": obj(["error"], error={"type": "string", "minLength": 1}, field=STRING),
        "Rulesets": {
            "type": "array",
            "items": obj(
                ["id", "name", "players", "partnerships", "options"],
                id={"enum": list(REGISTRY)},
                name=STRING,
                description=STRING,
                players={"type": "array", "items": INTEGER},
                partnerships={"enum": ["never", "optional", "always"]},
                lowest_wins=BOOLEAN,
                options={"type": "object", "additionalProperties": option_value},
                option_details={
                    "type": "array",
                    "items": obj(
                        ["name", "label", "default", "type", "choices"],
                        name=STRING,
                        label=STRING,
                        default=option_value,
                        type={"enum": ["int", "bool", "str"]},
                        choices={"type": "array"},
                    ),
                },
            ),
        },
        "NewGame": obj(
            ["ruleset", "players"],
            ruleset={"enum": list(REGISTRY)},
            players={**NAMES, "minItems": 2, "maxItems": 4},
            partnerships=BOOLEAN,
            team_names={**NAMES, "minItems": 2, "maxItems": 2},
            options={"type": "object", "additionalProperties": option_value},
            league=STRING,
        ),
        "Hand": hand,
        "Summary": obj(list(summary), **summary),
        "WriteResult": obj(["hand", *summary], hand=hand, **summary),
        "Game": obj(
            ["id", "ruleset", "players", "sides", "options", "hands", "next", *summary],
            **game_properties,
        ),
        "CreatedGame": obj(
            [
                "scorer_token",
                "scorer_url",
                "watch_url",
                "id",
                "ruleset",
                "players",
                "sides",
                "hands",
                *summary,
            ],
            scorer_token=STRING,
            scorer_url=STRING,
            watch_url=STRING,
            **game_properties,
        ),
        "Entry": {
            "description": "A hand, shaped by the game's ruleset (shared/API.md, Entries).",
            "anyOf": [ref(name) for name in families],
        },
        **families,
        "Play": PLAY,
        "PlayResult": obj(["hand_in_progress", *summary], hand_in_progress=in_progress, **summary),
        "MugginsCheck": closed(
            ["ends"],
            ends={"type": "array", "items": END, "minItems": 1, "maxItems": 4},
            set={"enum": ["double-six", "double-nine"]},
            points_per_five=BOOLEAN,
            claimed={"type": ["integer", "null"], "minimum": 0},
            ruleset={"enum": ["muggins", "fives-and-threes"]},
        ),
        # "claimed" and "muggins" come only with a claim (SCORING.md, Muggins).
        "MugginsCheckResult": obj(
            ["set", "count", "points", "explanation"],
            set={"enum": ["double-six", "double-nine"]},
            count=INTEGER,
            points=INTEGER,
            claimed=INTEGER,
            muggins=BOOLEAN,
            explanation=STRING,
        ),
        "League": obj(
            ["slug", "name", "seasons", "rulesets"],
            slug=STRING,
            name=STRING,
            url=STRING,
            seasons={"type": "array", "items": season},
            rulesets={
                "type": "array",
                "items": obj(["id", "name", "games"], id=STRING, name=STRING, games=INTEGER),
            },
        ),
        "Standings": obj(
            ["league", "rows", "rulesets"],
            league=league_ref,
            ruleset=NULLABLE_STRING,
            season={"anyOf": [{"type": "null"}, season]},
            games=INTEGER,
            points=STRING,
            lowest_wins={"type": ["boolean", "null"]},
            rows={"type": "array", "items": standings_row},
            rulesets={
                "type": "array",
                "items": obj(
                    ["ruleset", "name", "rows"],
                    ruleset=NULLABLE_STRING,
                    name=STRING,
                    lowest_wins=BOOLEAN,
                    games=INTEGER,
                    rows={"type": "array", "items": standings_row},
                ),
            },
        ),
        "NewSeason": obj(
            ["name", "starts_on", "ends_on"],
            name=STRING,
            starts_on={"type": "string", "format": "date"},
            ends_on={"type": "string", "format": "date"},
        ),
        "Season": season,
        "NewLeague": obj(["name"], name=STRING),
        "CreatedLeague": obj(
            ["slug", "name", "league_token", "admin_url", "standings_url"],
            slug=STRING,
            name=STRING,
            league_token=STRING,
            admin_url=STRING,
            standings_url=STRING,
        ),
        "NewLeagueToken": obj(
            ["slug", "league_token", "admin_url"],
            slug=STRING,
            league_token=STRING,
            admin_url=STRING,
        ),
    }


def openapi_path(rule: str) -> str:
    """A Flask rule as an OpenAPI path: /api/games/<int:number> → /api/games/{number}."""
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


# --- club nights (shared/CLUB_NIGHT.md, "API") ------------------------------------------

NIGHT_NUMBER = path("number", {"type": "integer", "minimum": 1})
ROUND_NUMBER = path("round_number", {"type": "integer", "minimum": 1})
NIGHT_WRITE = {
    "403": error("No valid league token."),
    "404": error("No such league, night or round."),
    "409": error("Already done (a round seated), not possible yet, or changed since If-Match."),
    **CREATE,
}


def night_write(summary: str, parameters: list[Schema], answer: tuple[str, Schema]) -> Schema:
    status, response = answer
    return {
        "summary": summary,
        "parameters": [SLUG, *parameters, LEAGUE_TOKEN, IF_MATCH, IDEMPOTENCY],
        "responses": {status: response, **NIGHT_WRITE},
    }


def night_paths() -> dict[str, Any]:
    base = "/api/leagues/{slug}/nights"
    return {
        base: {
            "get": {
                "parameters": [SLUG],
                "responses": {
                    "200": ok("The league's nights, latest first.", "Nights"),
                    "404": error("No such league."),
                },
            },
            "post": {
                **night_write("Open a club night", [], ("201", ok("The night.", "Night"))),
                "requestBody": body("NewNight"),
            },
        },
        base + "/{number}": {
            "get": {
                "parameters": [SLUG, NIGHT_NUMBER],
                "responses": {
                    "200": ok("The night: players, rounds, standings.", "Night"),
                    "404": error("No such league or night."),
                },
            }
        },
        base + "/{number}/players": {
            "post": {
                **night_write(
                    "Check players in or out, register pairs",
                    [NIGHT_NUMBER],
                    ("200", ok("The players.", "NightPlayers")),
                ),
                "requestBody": body("CheckIn"),
            }
        },
        base + "/{number}/rounds": {
            "post": {
                **night_write(
                    "Seat the next round and start a game at each table",
                    [NIGHT_NUMBER],
                    ("201", ok("The round, with each table's scorer token.", "NightRound")),
                ),
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": ref("SeatRound")}},
                },
            }
        },
        base + "/{number}/rounds/{round_number}": {
            "delete": night_write(
                "Undo the last round's seating (no hand entered yet)",
                [NIGHT_NUMBER, ROUND_NUMBER],
                ("200", ok("The night.", "Night")),
            )
        },
        base + "/{number}/rounds/{round_number}/call-time": {
            "post": night_write(
                "Call time: each table ends after the hand in play",
                [NIGHT_NUMBER, ROUND_NUMBER],
                ("200", ok("The round's tables.", "CalledTime")),
            )
        },
    }


def night_schemas() -> dict[str, Schema]:
    table = obj(
        ["table", "game_id", "seats", "sides", "status", "totals", "winners"],
        table=INTEGER,
        game_id=STRING,
        url=STRING,
        seats=NAMES,
        sides=NAMES,
        teams={"type": "object", "additionalProperties": NAMES},
        status={"enum": ["in_progress", "finished"]},
        state=STRING,
        hands=INTEGER,
        totals=SIDE_MAP,
        winners=NAMES,
        time_called=BOOLEAN,
        scorer_token=STRING,
        scorer_url=STRING,
    )
    played = obj(
        ["number", "tables", "byes", "repeats"],
        number=INTEGER,
        tables={"type": "array", "items": table},
        byes=NAMES,
        repeats=NAMES,
        finished=BOOLEAN,
        seated_at=STRING,
        deadline=NULLABLE_STRING,
        called_at=NULLABLE_STRING,
    )
    player = obj(["name", "present"], name=STRING, present=BOOLEAN, partner=NULLABLE_STRING)
    figure: Schema = {"type": "number"}
    row = obj(
        ["place", "player", "played", "won", "byes", "points_for", "points_against", "margin"],
        place=INTEGER,
        player=STRING,
        players=NAMES,
        played=INTEGER,
        won=INTEGER,
        byes=INTEGER,
        points_for=INTEGER,
        points_against=figure,
        margin=figure,
    )
    return {
        "NewNight": closed(
            ["ruleset"],
            name=STRING,
            ruleset={"enum": list(REGISTRY)},
            options={"type": "object", "additionalProperties": True},
            table_size=INTEGER,
            format={"enum": ["individual", "pairs"]},
            rounds={"type": "integer", "minimum": 1},
            minutes={"type": ["integer", "null"], "minimum": 1},
        ),
        "CheckIn": closed(
            [],
            add=NAMES,
            remove=NAMES,
            pairs={"type": "array", "items": {**NAMES, "minItems": 2, "maxItems": 2}},
        ),
        "SeatRound": closed(
            [], round={"type": "integer", "minimum": 1}, order={"enum": ["draw", "rating"]}
        ),
        "Night": obj(
            ["number", "name", "ruleset", "format", "players", "rounds", "standings"],
            league=STRING,
            number=INTEGER,
            name=STRING,
            url=STRING,
            ruleset=STRING,
            ruleset_name=STRING,
            options={"type": "object", "additionalProperties": True},
            table_size=INTEGER,
            format={"enum": ["individual", "pairs"]},
            planned_rounds=INTEGER,
            minutes={"type": ["integer", "null"]},
            lowest_wins=BOOLEAN,
            version=INTEGER,
            players={"type": "array", "items": player},
            rounds={"type": "array", "items": played},
            standings_rule=STRING,
            standings={"type": "array", "items": row},
        ),
        "Nights": {
            "type": "array",
            "items": obj(
                ["number", "name"], number=INTEGER, name=STRING, ruleset=STRING, url=STRING
            ),
        },
        "NightPlayers": obj(
            ["players"], players={"type": "array", "items": player}, version=INTEGER
        ),
        "NightRound": played,
        "CalledTime": obj(
            ["round", "tables"], round=INTEGER, tables={"type": "array", "items": table}
        ),
    }
