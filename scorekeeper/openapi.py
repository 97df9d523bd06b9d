"""The OpenAPI 3.1 description of JSON API v1 (served at /api/v1/openapi.json).

Response shapes are closed (every key listed and required, no others), and the test suite checks
every API response it gets against this document (tests/openapi_check.py): a response that
drifts from it fails a test.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import PRESETS, Breakdown


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: str, description: str = "OK") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(schema)}}}


def _closed(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with exactly these keys (all required but ``optional``)."""
    return {
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


ERRORS = {
    "400": "refused: the body or the hand breaks a rule; nothing saved",
    "401": "no game token",
    "403": "the wrong game token",
    "404": "no such game or hand",
    "405": "method not allowed",
    "409": "a stale change, or a hand after the end of the game; the game's state is included",
    "413": "the body is over the size limit",
    "422": "this Idempotency-Key came before with a different request",
    "428": "an edit or delete must say which version of the hand it was shown (If-Match)",
    "429": "too many anonymous writes from this address",
    "500": "a fault on our side; nothing half-saved",
    "503": "the database is not answering; retry",
}


def _errors(*statuses: str) -> dict[str, Any]:
    always = ("405", "413", "500", "503")
    return {
        status: {
            "description": ERRORS[status],
            "content": {"application/json": {"schema": _ref("Error")}},
        }
        for status in (*statuses, *always)
    }


BREAKDOWN = _closed({part: {"type": "integer"} for part in Breakdown.__dataclass_fields__})
MINIMUM = {"oneOf": [{"type": "integer"}, {"const": "canasta"}]}
# After a game's last hand (hand-and-foot) or a dream hand that wins it: no next opening.
NEXT_MINIMUM = {"oneOf": [{"type": "integer"}, {"const": "canasta"}, {"type": "null"}]}
WRITE = [
    {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": "16 to 255 printable ASCII characters (a random UUID): a retry with the "
        "same key gets the first answer (Idempotent-Replayed: true) and writes nothing",
        "schema": {"type": "string", "minLength": 16, "maxLength": 255},
    }
]
GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{1,12}$"},
}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'the version of the hand as shown ("12"); PUT may give it as "version" '
    "in the body instead; without either: 428",
    "schema": {"type": "string"},
}
AUTH: list[dict[str, list[str]]] = [{"gameToken": []}]
JSON_BODY: dict[str, Any] = {"application/json": {"schema": {}}}

SCHEMA: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Canasta Scorekeeper API",
        "version": "1",
        "description": "Hand records and scores follow hand-format.md (version 1). Errors are "
        '{"error": "...", "field", "side", "meld"} and save nothing. Every write takes an '
        "Idempotency-Key; an edit or delete names the version of the hand it was shown.",
    },
    "paths": {
        "/api/v1/openapi.json": {
            "get": {
                "summary": "This document",
                "responses": {
                    "200": {"description": "OK", "content": JSON_BODY},
                    **_errors(),
                },
            }
        },
        "/api/v1/score": {
            "post": {
                "summary": "Score a hand record; nothing is saved",
                "parameters": WRITE,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("HandRecord")}},
                },
                "responses": {"200": _json("HandScore"), **_errors("400", "422", "429")},
            }
        },
        "/api/v1/opening-minimum": {
            "get": {
                "summary": "Opening (initial meld) minimum for a preset and a score",
                "parameters": [
                    {
                        "name": "variant",
                        "in": "query",
                        "required": True,
                        "schema": {"enum": list(PRESETS)},
                    },
                    {
                        "name": "score",
                        "in": "query",
                        "required": False,
                        "description": "required where the opening goes by score (every "
                        "preset but hand-and-foot)",
                        "schema": {"type": "integer"},
                    },
                    {
                        "name": "hand",
                        "in": "query",
                        "required": False,
                        "description": "the hand's number in the game: required for "
                        "hand-and-foot, ignored elsewhere",
                        "schema": {"type": "integer"},
                    },
                    {
                        "name": "players",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "integer", "default": 4},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "OK",
                        "content": {"application/json": {"schema": _closed({"minimum": MINIMUM})}},
                    },
                    **_errors("400"),
                },
            }
        },
        "/api/v1/games": {
            "post": {
                "summary": "Create a game; the answer holds its edit token",
                "parameters": WRITE,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("NewGame")}},
                },
                "responses": {
                    "201": _json("CreatedGame", "created"),
                    **_errors("400", "422", "429"),
                },
            }
        },
        "/api/v1/games/{game_id}": {
            "get": {
                "summary": "A game: sides with totals and opening minimums, hands, winner",
                "parameters": [GAME_ID],
                "responses": {"200": _json("Game"), **_errors("404")},
            }
        },
        "/api/v1/games/{game_id}/hands": {
            "post": {
                "summary": "Record the next hand (the game supplies the names and score_before)",
                "security": AUTH,
                "parameters": [GAME_ID, *WRITE],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("HandEntry")}},
                },
                "responses": {
                    "201": _json("ScoredHand", "created"),
                    **_errors("400", "401", "403", "404", "409", "422"),
                },
            }
        },
        "/api/v1/games/{game_id}/hands/{number}": {
            "put": {
                "summary": "Replace the hand shown; totals recompute",
                "security": AUTH,
                "parameters": [GAME_ID, NUMBER, IF_MATCH, *WRITE],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("HandEntry")}},
                },
                "responses": {
                    "200": _json("ScoredHand"),
                    **_errors("400", "401", "403", "404", "409", "422", "428"),
                },
            },
            "delete": {
                "summary": "Remove the hand shown; later hands move up one number",
                "security": AUTH,
                "parameters": [GAME_ID, NUMBER, IF_MATCH, *WRITE],
                "responses": {
                    "204": {"description": "deleted"},
                    **_errors("400", "401", "403", "404", "409", "422", "428"),
                },
            },
        },
        "/api/v1/games/{game_id}/undo-delete": {
            "post": {
                "summary": "Put the last deleted hand back",
                "security": AUTH,
                "parameters": [GAME_ID, *WRITE],
                "responses": {
                    "201": _json("ScoredHand", "restored"),
                    **_errors("400", "401", "403", "404", "409", "422"),
                },
            }
        },
    },
    "components": {
        "securitySchemes": {
            "gameToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "the token returned when the game was created",
            }
        },
        "schemas": {
            "Error": _closed(
                {
                    "error": {"type": "string"},
                    "field": {"type": ["string", "null"]},
                    "side": {"type": ["integer", "null"]},
                    "meld": {"type": ["integer", "null"]},
                    "game": _ref("Game"),
                },
                optional=("field", "side", "meld", "game"),
            ),
            "HandRecord": {
                "type": "object",
                "description": "hand-format.md, Input; unknown keys are refused",
                "properties": {
                    "variant": {"enum": list(PRESETS)},
                    "players": {"type": "integer"},
                    "rules": {"type": "object"},
                    "hand_number": {"type": "integer", "minimum": 1, "default": 1},
                    "sides": {"type": "array", "items": {"type": "object"}},
                },
                "required": ["variant", "sides"],
            },
            "ScoredSide": _closed(
                {
                    "name": {"type": "string"},
                    "total": {"type": "integer"},
                    "breakdown": BREAKDOWN,
                    "score_after": {"type": "integer"},
                    "opening_minimum": NEXT_MINIMUM,
                }
            ),
            "HandScore": _closed(
                {
                    "sides": {"type": "array", "items": _ref("ScoredSide")},
                    "wins_game": {"type": ["integer", "null"]},
                }
            ),
            "NewGame": {
                "type": "object",
                "properties": {
                    "variant": {"enum": list(PRESETS)},
                    "players": {"type": "integer", "default": 4},
                    "sides": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string", "maxLength": 60},
                                "players": {"type": "string", "maxLength": 200},
                            },
                        },
                    },
                    "rules": {"type": "object", "description": "house rules by name (README)"},
                },
                "required": ["variant", "sides"],
            },
            "GameSide": _closed(
                {
                    "name": {"type": "string"},
                    "players": {"type": "string"},
                    "total": {"type": "integer"},
                    "opening_minimum": MINIMUM,
                }
            ),
            "GameHand": _closed(
                {
                    "number": {"type": "integer"},
                    "version": {"type": "integer"},
                    "sides": {
                        "type": "array",
                        "items": _closed(
                            {
                                "total": {"type": "integer"},
                                "breakdown": BREAKDOWN,
                                "score_after": {"type": "integer"},
                            }
                        ),
                    },
                }
            ),
            "Game": _closed(
                GAME := {
                    "id": {"type": "string"},
                    "variant": {"enum": list(PRESETS)},
                    "players": {"type": "integer"},
                    "rules": {"type": "object", "description": "the house rules, target apart"},
                    "target": {
                        "type": ["integer", "null"],
                        "description": "null: a game of a number of hands (hand-and-foot)",
                    },
                    "version": {"type": "integer"},
                    "url": {"type": "string", "description": "the read-only scoreboard"},
                    "sides": {"type": "array", "items": _ref("GameSide")},
                    "hands": {"type": "array", "items": _ref("GameHand")},
                    "finished": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                }
            ),
            # A Game with its token and edit link (shown once).
            "CreatedGame": _closed(
                {**GAME, "token": {"type": "string"}, "edit_url": {"type": "string"}}
            ),
            "HandEntry": {
                "type": "object",
                "properties": {
                    "sides": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": "a hand record's sides, without name and score_before",
                    },
                    "number": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "POST: the number this hand expects to get (409 otherwise)",
                    },
                    "version": {
                        "type": "integer",
                        "description": "PUT: the version of the hand shown (or If-Match)",
                    },
                },
                "required": ["sides"],
                "additionalProperties": False,
            },
            "ScoredHand": _closed(
                {
                    "number": {"type": "integer"},
                    "version": {"type": "integer"},
                    "sides": {"type": "array", "items": _ref("ScoredSide")},
                    "finished": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                }
            ),
        },
    },
}
