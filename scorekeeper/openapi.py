"""The OpenAPI 3.1 description of JSON API v1 (served at /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import PRESETS

_ERROR = {
    "description": "refused",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def _json(ref: str, description: str = "OK") -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}},
    }


_BREAKDOWN = {
    "type": "object",
    "properties": {
        k: {"type": "integer"}
        for k in ("cards", "hand", "canastas", "red_threes", "going_out", "other")
    },
    "required": ["cards", "hand", "canastas", "red_threes", "going_out", "other"],
}
_MINIMUM = {"oneOf": [{"type": "integer"}, {"const": "canasta"}]}
_SCORED_SIDES = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "total": {"type": "integer"},
            "breakdown": _BREAKDOWN,
            "score_after": {"type": "integer"},
            "opening_minimum": _MINIMUM,
        },
    },
}
_AUTH = [{"gameToken": []}]
_GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}

SCHEMA: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Canasta Scorekeeper API",
        "version": "1",
        "description": "Hand records and scores follow hand-format.md (version 1). Errors are "
        '{"error": "..."} and save nothing.',
    },
    "paths": {
        "/api/v1/score": {
            "post": {
                "summary": "Score a hand record; nothing is saved",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/HandRecord"}}
                    },
                },
                "responses": {"200": _json("HandScore"), "400": _ERROR},
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
                        "required": True,
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
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {"minimum": _MINIMUM},
                                    "required": ["minimum"],
                                }
                            }
                        },
                    },
                    "400": _ERROR,
                },
            }
        },
        "/api/v1/games": {
            "post": {
                "summary": "Create a game; the answer holds its edit token",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}
                    },
                },
                "responses": {"201": _json("CreatedGame", "created"), "400": _ERROR},
            }
        },
        "/api/v1/games/{game_id}": {
            "get": {
                "summary": "A game: sides with totals and opening minimums, hands, winner",
                "parameters": [_GAME_ID],
                "responses": {"200": _json("Game"), "404": _ERROR},
            }
        },
        "/api/v1/games/{game_id}/hands": {
            "post": {
                "summary": "Record the next hand (the game supplies score_before)",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/HandEntry"}}
                    },
                },
                "responses": {
                    "201": _json("ScoredHand", "created"),
                    "400": _ERROR,
                    "401": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            }
        },
        "/api/v1/games/{game_id}/hands/{number}": {
            "put": {
                "summary": "Replace a hand; totals recompute. If-Match (or version) guards against stale edits",
                "security": _AUTH,
                "parameters": [
                    _GAME_ID,
                    _NUMBER,
                    {
                        "name": "If-Match",
                        "in": "header",
                        "required": False,
                        "schema": {"type": "string"},
                    },
                ],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/HandEntry"}}
                    },
                },
                "responses": {
                    "200": _json("ScoredHand"),
                    "400": _ERROR,
                    "401": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            },
            "delete": {
                "summary": "Remove a hand; later hands move up one number; totals recompute",
                "security": _AUTH,
                "parameters": [_GAME_ID, _NUMBER],
                "responses": {
                    "204": {"description": "deleted"},
                    "401": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            },
        },
        "/api/v1/games/{game_id}/undo-delete": {
            "post": {
                "summary": "Put the last deleted hand back",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "responses": {
                    "201": _json("ScoredHand", "restored"),
                    "401": _ERROR,
                    "403": _ERROR,
                    "409": _ERROR,
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
            "Error": {
                "type": "object",
                "properties": {
                    "error": {"type": "string"},
                    "game": {"$ref": "#/components/schemas/Game"},
                },
                "required": ["error"],
            },
            "HandRecord": {
                "type": "object",
                "description": "hand-format.md, Input; unknown keys are refused",
                "properties": {
                    "variant": {"enum": list(PRESETS)},
                    "players": {"type": "integer"},
                    "rules": {"type": "object"},
                    "sides": {"type": "array", "items": {"type": "object"}},
                },
                "required": ["variant", "sides"],
            },
            "HandScore": {
                "type": "object",
                "properties": {
                    "sides": _SCORED_SIDES,
                    "wins_game": {"type": ["integer", "null"]},
                },
            },
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
                                "name": {"type": "string"},
                                "players": {"type": "string"},
                            },
                        },
                    },
                    "rules": {"type": "object", "description": "house rules by name (README)"},
                },
                "required": ["variant", "sides"],
            },
            "Game": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "variant": {"type": "string"},
                    "players": {"type": "integer"},
                    "target": {"type": "integer"},
                    "version": {"type": "integer"},
                    "sides": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "total": {"type": "integer"},
                                "opening_minimum": _MINIMUM,
                            },
                        },
                    },
                    "hands": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "number": {"type": "integer"},
                                "version": {"type": "integer"},
                                "sides": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "properties": {
                                            "total": {"type": "integer"},
                                            "breakdown": _BREAKDOWN,
                                        },
                                    },
                                },
                            },
                        },
                    },
                    "finished": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                },
                "required": ["variant", "sides", "hands", "finished", "winner"],
            },
            "CreatedGame": {
                "allOf": [
                    {"$ref": "#/components/schemas/Game"},
                    {
                        "type": "object",
                        "properties": {"token": {"type": "string"}, "edit_url": {"type": "string"}},
                        "required": ["id", "token"],
                    },
                ]
            },
            "HandEntry": {
                "type": "object",
                "properties": {
                    "sides": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": "a hand record's sides, without score_before",
                    },
                    "number": {
                        "type": "integer",
                        "description": "POST: the number this hand expects to get (409 otherwise)",
                    },
                    "version": {
                        "type": "integer",
                        "description": "PUT: the version edited (409 if stale)",
                    },
                },
                "required": ["sides"],
            },
            "ScoredHand": {
                "type": "object",
                "properties": {
                    "number": {"type": "integer"},
                    "version": {"type": "integer"},
                    "sides": _SCORED_SIDES,
                    "finished": {"type": "boolean"},
                    "winner": {"type": ["integer", "null"]},
                },
            },
        },
    },
}
