"""The OpenAPI 3.1 description of JSON API v1 (served at /api/v1/openapi.json).

Requests are described as exactly as JSON Schema can say what the server takes: a request the
document allows is one the server accepts, and tests/integration/test_openapi_fuzz.py holds it to
that with schemathesis. So the request schemas are built from the engine's own data (each preset's
player counts and layouts, the house rules it offers and their values, the keys and types of a
hand record as rules/declaration.py declares them) and cannot drift from what the engine checks. Where one
value limits another (a preset's player counts, the sides of its layouts, hand-and-foot's hand
number), the schema is one branch per preset and layout; the opening-minimum lookup is one
exploded query object for the same reason, since separate query parameters cannot depend on each
other.

Two refusals stay outside any schema, both documented as 400 with the side, the meld and the rule:
the rules of play (VARIANTS.md section 4: a meld of two cards, going out without a canasta, more
red threes than the packs hold) and what a game holds (its number of sides, its preset): a hand's
form is the document's, whether it could have been played is the engine's. So a record's sides
are described per preset (a concealed meld or canasta only where the preset has them), and a
game's hand, whose preset is the game's, names in its descriptions the presets that take a key.

Response shapes are closed (every key listed and required, no others), and the test suite checks
every API response it gets against this document (tests/openapi_check.py): a response that
drifts from it fails a test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.names import (
    MAX_PLAYER_NAMES,
    MAX_SIDE_NAME,
    one_line_pattern,
    shown_line_pattern,
)
from scorekeeper.rules import HOUSE_RULES, PRESETS, Breakdown, Variant, declaration
from scorekeeper.rules.adjustments import MOST_POINTS as MOST_ADJUSTMENT
from scorekeeper.rules.adjustments import MOST_REASON
from scorekeeper.rules.cards import MELD_RANKS, NATURAL_RANKS
from scorekeeper.rules.declaration import CANASTA_KINDS, Form, Key, WithMelded
from scorekeeper.rules.melds import CanastaKind, canasta_bonus
from scorekeeper.rules.records import MAX_POINTS
from scorekeeper.rules.rule_values import Books, Choice, Flag, HouseRule, OneOf, Steps, Whole
from scorekeeper.rules.variants import OpeningBy
from scorekeeper.services import MAX_HANDS

# A hand's version is the game's change counter, an integer column: api.py refuses any above.
MAX_VERSION = 2**31 - 1
# A record, a new game or a lookup that names no player count.
DEFAULT_PLAYERS: int = declaration.RECORD_KEY["players"].default


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


def _open_keys(properties: dict[str, Any]) -> dict[str, Any]:
    """A closed object whose keys are all optional."""
    return _closed(properties, optional=tuple(properties))


ERRORS = {
    "400": "refused, nothing saved: the body is not what this document describes, or the hand "
    "breaks a rule of play (VARIANTS.md section 4), or a game's hand has not as many sides as "
    "the game; the error names the side, the meld and the rule",
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


# Requests: the form of a hand record (hand-format.md, as records.py parses it).

COUNT = {"type": "integer", "minimum": 0}
POINTS = {"type": "integer", "minimum": 0, "maximum": MAX_POINTS, "multipleOf": 5}
# One line of printable text, built from the definition the server checks names by (names.py,
# rules/text.py): no control character, line or paragraph separator, nor an invisible character
# that disguises the line or turns it around.
ONE_LINE = one_line_pattern()


def _cards(keys: tuple[str, ...] | frozenset[str]) -> dict[str, Any]:
    """Card-class counts, or ``{"points": N}``."""
    return {
        "anyOf": [
            _closed({"points": POINTS}),
            _open_keys({key: COUNT for key in sorted(keys)}),
        ]
    }


# Concealed canastas (espanola's bonus, 2.4) are the preset's own: no house rule gives a preset
# one or takes it away (concealed_canasta_bonus sets its value where the preset has it). A
# record's sides are therefore described per preset, where the meld's "concealed" and the
# summary's canasta kinds are those the preset scores; a game's hand, whose preset the document
# cannot know, says so in words (the engine refuses the rest with a 400 naming the rule).
CONCEALED_PRESETS = [p.id for p in PRESETS.values() if p.canasta_bonus.concealed is not None]
CONCEALED = {
    "type": "boolean",
    "description": "a natural-rank canasta laid down whole from the hand: only where the "
    f"preset has concealed canastas ({', '.join(CONCEALED_PRESETS)}); elsewhere 400",
}


def _meld(*, concealed: bool) -> dict[str, Any]:
    """A meld: of one rank (``concealed`` only of a natural rank, and only where the preset has
    concealed canastas), or a sequence."""
    counts = {key.name: COUNT for key in declaration.MELD if key.form is Form.COUNT}
    optional = tuple(key.name for key in declaration.MELD if not key.required)
    not_concealed = {"const": False}
    return {
        "anyOf": [
            _closed(
                {
                    "rank": {"enum": list(NATURAL_RANKS)},
                    **counts,
                    "concealed": CONCEALED if concealed else not_concealed,
                },
                optional=optional,
            ),
            _closed(
                {
                    "rank": {"enum": sorted(MELD_RANKS - set(NATURAL_RANKS))},
                    **counts,
                    "concealed": not_concealed,
                },
                optional=optional,
            ),
            _closed(
                {
                    "sequence": {
                        "type": "array",
                        "items": {"enum": list(NATURAL_RANKS)},
                        "minItems": 2,
                        "maxItems": 2,
                        "description": "the lowest and highest rank (espanola)",
                    }
                }
            ),
        ]
    }


def _canastas(preset: Variant | None) -> dict[str, Any]:
    """A summary's canastas by kind: for a preset, 0 of a kind it does not score; for a game's
    hand, each kind with the presets that score it."""

    def count(kind: str) -> dict[str, Any]:
        if preset is not None:
            return COUNT if _scores(preset, kind) else {"const": 0}
        scoring = [p.id for p in PRESETS.values() if _scores(p, kind)]
        if len(scoring) == len(PRESETS):
            return COUNT
        return {**COUNT, "description": f"more than 0 only in {', '.join(scoring)}; else 400"}

    return _open_keys({kind: count(kind) for kind in sorted(CANASTA_KINDS)})


def _scores(preset: Variant, kind: str) -> bool:
    return canasta_bonus(preset.canasta_bonus, CanastaKind(kind)) is not None


# A table's adjustment of a side's score (rules/adjustments.py): a game's hand only.
ADJUSTMENT = _closed(
    {
        "points": {
            "type": "integer",
            "multipleOf": 5,
            "minimum": -MOST_ADJUSTMENT,
            "maximum": MOST_ADJUSTMENT,
            "not": {"const": 0},
        },
        "reason": {
            "type": "string",
            "maxLength": MOST_REASON,
            # One line holding something that shows (rules/adjustments.py, rules/text.py).
            "pattern": shown_line_pattern(),
        },
    },
)


def _side_key(key: Key, preset: Variant | None) -> dict[str, Any]:
    """The schema of a side's key, from its declared form (declaration.py)."""
    form = key.form
    if form is Form.MELDS:
        concealed = preset is None or preset.canasta_bonus.concealed is not None
        return {"type": "array", "items": _ref("Meld" if concealed else "PlainMeld")}
    if form is Form.COUNTS and key.name == "canastas":
        return _canastas(preset)
    if form is Form.COUNTS:
        count = COUNT if key.most is None else {**COUNT, "maximum": key.most}
        return _open_keys({kind: count for kind in sorted(key.kinds)})
    if form is Form.CARDS:
        return _cards(key.kinds)
    if form is Form.ADJUSTMENT:
        return ADJUSTMENT
    return FORMS[form]


FORMS: dict[Form, dict[str, Any]] = {
    Form.TEXT: {"type": "string"},
    Form.SCORE: {"type": "integer", "multipleOf": 5},
    Form.COUNT: COUNT,
    Form.FLAG: {"type": "boolean"},
    Form.ID: {"type": ["string", "null"]},
    Form.NUMBER: {"type": "integer", "minimum": 1},
}


def _not_given(key: Key) -> dict[str, Any]:
    """A summary's key as a side without melded may give it: empty, or every count 0."""
    if key.with_melded is WithMelded.A_COUNT:
        return {"properties": {kind: {"const": 0} for kind in sorted(key.kinds)}}
    return {"maxProperties": 0}


def _side(preset: Variant | None) -> dict[str, Any]:
    """A side of a preset's hand record; or (no preset) of a game's hand, which leaves out what
    the game supplies (hand_scoring.py) and may hold a table's adjustment."""
    from_the_game = preset is None
    side = _open_keys(
        {
            key.name: _side_key(key, preset)
            for key in declaration.SIDE
            if not (key.from_game if from_the_game else key.game_only)
        }
    )
    # One entry level: melds (detailed) or melded (summary), and a summary's canastas,
    # sequences and unfinished melds only with melded.
    side["allOf"] = [
        {"not": {"required": ["melds", "melded"]}},
        {
            "anyOf": [
                {"required": ["melded"]},
                {
                    "properties": {
                        key.name: _not_given(key)
                        for key in declaration.SIDE
                        if key.with_melded is not None
                    }
                },
            ]
        },
    ]
    return side


# Requests: house rules, per preset (the rules it offers, with its own values where it lists them).


def _rule_value(rule: HouseRule, preset: Variant) -> dict[str, Any]:
    values = rule.values
    allowed = preset.values_of(rule.name)
    if allowed is not None:
        return {"enum": list(allowed)}
    if isinstance(values, Whole):
        step = {"multipleOf": values.step} if values.step > 1 else {}
        return {"type": "integer", "minimum": values.low, "maximum": values.high, **step}
    if isinstance(values, Flag):
        return {"type": "boolean"}
    if isinstance(values, Choice | OneOf):
        return {"enum": list(values.choices)}
    if isinstance(values, Books):
        return {"type": "string", "pattern": "^[0-9]\\+[0-9](\\+[0-9])?$"}
    if isinstance(values, Steps):
        return {
            "type": "array",
            "items": {
                "type": "integer",
                "minimum": values.low,
                "maximum": values.high,
                "multipleOf": values.step,
            },
            "minItems": values.count,
            "maxItems": values.count,
        }
    raise TypeError(f"house rule {rule.name}: no schema for {values!r}")


def _house_rules(preset: Variant) -> dict[str, Any]:
    offered = {name: rule for name, rule in HOUSE_RULES.items() if rule.offered_to(preset)}
    schema = _open_keys({name: _rule_value(rule, preset) for name, rule in offered.items()})
    schema["description"] = f"house rules of {preset.id} by name (docs/house-rules.md)"
    if {"wild_books", "going_out_books"} <= offered.keys():
        # house_rules.check_rules_agree: a contract asking for wild books when they are off.
        schema["not"] = {
            "required": ["wild_books", "going_out_books"],
            "properties": {
                "wild_books": {"const": "off"},
                "going_out_books": {"pattern": "^[0-9]\\+[0-9]\\+[1-9]$"},
            },
        }
    return schema


def _players(players: int) -> tuple[str, ...]:
    """The player count is optional where it is the default."""
    return ("players",) if players == DEFAULT_PLAYERS else ()


def _exactly(items: dict[str, Any], count: int) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": count, "maxItems": count}


def _record(preset: Variant, players: int, sides: int) -> dict[str, Any]:
    return _closed(
        {
            "variant": {"const": preset.id},
            "players": {"const": players},
            "rules": _ref(f"HouseRules.{preset.id}"),
            "hand_number": {
                **FORMS[Form.NUMBER],
                "default": declaration.RECORD_KEY["hand_number"].default,
            },
            "sides": _exactly(_ref(f"Side.{preset.id}"), sides),
        },
        optional=("rules", "hand_number", *_players(players)),
    )


def _new_game(preset: Variant, players: int, sides: int) -> dict[str, Any]:
    return _closed(
        {
            "variant": {"const": preset.id},
            "players": {"const": players},
            "sides": _exactly(_ref("NewSide"), sides),
            "rules": _ref(f"HouseRules.{preset.id}"),
        },
        optional=("rules", *_players(players)),
    )


def _lookup(preset: Variant, players: int) -> dict[str, Any]:
    """The opening-minimum query of a preset at a player count: by score, or by the hand's
    number (required there, and then the score is not needed; ignored elsewhere)."""
    seating = preset.seating(players)
    by_hand = preset.opening_by is OpeningBy.HAND_NUMBER
    hand: dict[str, Any] = {"type": "integer", "minimum": 1}
    if by_hand and seating.target is None and seating.hands:
        hand["maximum"] = seating.hands
    return _closed(
        {
            "variant": {"const": preset.id},
            "players": {"const": players},
            "score": {"type": "integer"},
            "hand": hand,
        },
        optional=(*_players(players), "score" if by_hand else "hand"),
    )


def _per_layout(build: Callable[[Variant, int, int], dict[str, Any]]) -> dict[str, Any]:
    """One branch per preset, player count and number of sides it seats them in."""
    return {
        "anyOf": [
            build(preset, seating.players, seating.sides)
            for preset in PRESETS.values()
            for seating in preset.seatings
        ]
    }


def _per_player_count(build: Callable[[Variant, int], dict[str, Any]]) -> dict[str, Any]:
    return {
        "anyOf": [
            build(preset, players)
            for preset in PRESETS.values()
            for players in preset.player_counts
        ]
    }


SIDE_COUNTS = sorted({seating.sides for preset in PRESETS.values() for seating in preset.seatings})
NAME = {"type": "string", "maxLength": MAX_SIDE_NAME, "pattern": ONE_LINE}


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
        "schema": {"type": "string", "minLength": 16, "maxLength": 255, "pattern": "^[!-~]+$"},
    }
]
GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[0-9A-Za-z]{1,12}$"},
}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1, "maximum": MAX_HANDS},
}


def _if_match(*, required: bool) -> dict[str, Any]:
    return {
        "name": "If-Match",
        "in": "header",
        "required": required,
        "description": 'the version of the hand as shown ("12"); PUT may give it as "version" '
        "in the body instead; without either: 428",
        "schema": {"type": "string", "pattern": '^(W/)?("[0-9]{1,9}"|[0-9]{1,9})$'},
    }


AUTH: list[dict[str, list[str]]] = [{"gameToken": []}]
JSON_BODY: dict[str, Any] = {"application/json": {"schema": {}}}
HAND_SIDES = {
    "type": "array",
    "items": _ref("EntrySide"),
    "minItems": SIDE_COUNTS[0],
    "maxItems": SIDE_COUNTS[-1],
    "description": "a hand record's sides, without name and score_before, as many as the "
    "game has (400 otherwise)",
}

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
                        "name": "lookup",
                        "in": "query",
                        "required": True,
                        "style": "form",
                        "explode": True,
                        "description": "variant, score, players (default 4) and hand, each its "
                        "own query parameter: score is required where the opening goes by score "
                        "(every preset but hand-and-foot), hand where it goes by the hand's "
                        "number (hand-and-foot: 1 to its number of hands), ignored elsewhere",
                        "schema": _per_player_count(_lookup),
                    }
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
                    "content": {"application/json": {"schema": _ref("NewHand")}},
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
                "parameters": [GAME_ID, NUMBER, _if_match(required=False), *WRITE],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("HandEdit")}},
                },
                "responses": {
                    "200": _json("ScoredHand"),
                    **_errors("400", "401", "403", "404", "409", "422", "428"),
                },
            },
            "delete": {
                "summary": "Remove the hand shown; later hands move up one number",
                "security": AUTH,
                "parameters": [GAME_ID, NUMBER, _if_match(required=True), *WRITE],
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
                "description": "hand-format.md, Input: a preset, one of its player counts "
                "(default 4), as many sides as that table has, and the house rules the preset "
                "offers",
                **_per_layout(_record),
            },
            **{f"Side.{preset.id}": _side(preset) for preset in PRESETS.values()},
            "EntrySide": _side(None),
            "Meld": _meld(concealed=True),
            "PlainMeld": _meld(concealed=False),
            **{f"HouseRules.{preset.id}": _house_rules(preset) for preset in PRESETS.values()},
            "ScoredSide": _closed(
                {
                    "name": {"type": "string"},
                    "total": {"type": "integer"},
                    "breakdown": BREAKDOWN,
                    "score_after": {"type": "integer"},
                    "opening_minimum": NEXT_MINIMUM,
                    "adjustment": ADJUSTMENT,
                },
                optional=("adjustment",),
            ),
            "HandScore": _closed(
                {
                    "sides": {"type": "array", "items": _ref("ScoredSide")},
                    "wins_game": {"type": ["integer", "null"]},
                }
            ),
            "NewGame": {
                "description": "a preset, one of its player counts (default 4), a name for "
                "each side of one of its layouts, and the house rules it offers",
                **_per_layout(_new_game),
            },
            "NewSide": _open_keys(
                {
                    "name": {**NAME, "description": "empty: Side 1, Side 2..."},
                    "players": {
                        "type": "string",
                        "maxLength": MAX_PLAYER_NAMES,
                        "pattern": ONE_LINE,
                    },
                }
            ),
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
                                "adjustment": ADJUSTMENT,
                            },
                            optional=("adjustment",),
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
                        "description": "null: a game of a number of hands (hand-and-foot, or "
                        "a tournament table: its round's hands)",
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
            "NewHand": _closed(
                {
                    "sides": HAND_SIDES,
                    "number": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_HANDS,
                        "description": "the number this hand expects to get (409 otherwise)",
                    },
                },
                optional=("number",),
            ),
            "HandEdit": _closed(
                {
                    "sides": HAND_SIDES,
                    "version": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": MAX_VERSION,
                        "description": "the version of the hand shown (or If-Match)",
                    },
                },
                optional=("version",),
            ),
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
