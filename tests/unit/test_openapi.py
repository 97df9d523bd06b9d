"""The OpenAPI document is valid OpenAPI 3.1, and the check every test's API answer goes through
(tests/openapi_check.py) refuses what the document does not describe."""

from __future__ import annotations

import json

import pytest
from openapi_spec_validator import validate

from scorekeeper.openapi import SCHEMA
from tests.openapi_check import Undocumented, check

GAME = {
    "id": "abc",
    "variant": "classic",
    "players": 4,
    "rules": {},
    "target": 5000,
    "version": 0,
    "url": "http://x/g/abc/",
    "sides": [{"name": "A", "players": "", "total": 0, "opening_minimum": 50}],
    "hands": [],
    "finished": False,
    "winner": None,
}


def test_the_document_is_valid_openapi_3_1() -> None:
    validate(SCHEMA)


def test_a_documented_answer_passes() -> None:
    check("GET", "/api/v1/games/abc", 200, "application/json", json.dumps(GAME).encode())


@pytest.mark.parametrize(
    ("status", "body", "why"),
    [
        (200, {**GAME, "colour": "red"}, "Additional properties"),
        (200, {k: v for k, v in GAME.items() if k != "url"}, "'url' is a required property"),
        (200, {**GAME, "winner": "A"}, "is not of type"),
        (418, {"error": "teapot"}, "not documented"),
    ],
)
def test_an_answer_the_document_does_not_describe_fails(status, body, why) -> None:
    with pytest.raises(Undocumented, match=why):
        check("GET", "/api/v1/games/abc", status, "application/json", json.dumps(body).encode())


def test_every_write_documents_its_idempotency_key_and_errors() -> None:
    for path, operations in SCHEMA["paths"].items():
        for method, operation in operations.items():
            if method in ("post", "put", "delete"):
                names = {p["name"] for p in operation.get("parameters", [])}
                assert "Idempotency-Key" in names, (method, path)
                assert {"400", "413", "422", "500", "503"} <= set(operation["responses"]), path


def _record_schema(name: str):
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry = Registry().with_resource(
        "urn:doc", Resource.from_contents(SCHEMA, default_specification=DRAFT202012)
    )
    return Draft202012Validator({"$ref": f"urn:doc#/components/schemas/{name}"}, registry=registry)


def _side(**side):
    return {"variant": side.pop("variant"), "sides": [side, {}]}


KING_CANASTA = {"rank": "K", "naturals": 7}


@pytest.mark.parametrize(
    ("record", "taken"),
    [
        (_side(variant="espanola", melds=[{**KING_CANASTA, "concealed": True}]), True),
        (_side(variant="classic", melds=[{**KING_CANASTA, "concealed": False}]), True),
        (_side(variant="classic", melds=[{**KING_CANASTA, "concealed": True}]), False),
        (_side(variant="italiana", melds=[{**KING_CANASTA, "concealed": True}]), False),
        (_side(variant="espanola", melds=[{"rank": "wild", "twos": 7, "concealed": True}]), False),
        (
            _side(variant="italiana", melded={"points": 500}, canastas={"concealed_natural": 1}),
            False,
        ),
        (
            _side(
                variant="italiana", melded={"points": 500}, canastas={"natural": 1, "wild_pure": 0}
            ),
            True,
        ),
        (
            _side(variant="espanola", melded={"points": 600}, canastas={"concealed_natural": 1}),
            True,
        ),
        (
            _side(variant="samba", melded={"points": 600}, canastas={"wild_pure": 1}),
            False,
        ),
    ],
)
def test_the_document_takes_a_records_concealed_canastas_where_the_server_does(
    record, taken
) -> None:
    """Concealed melds outside espanola, concealed canastas in italiana: the document allowed
    them and the server refused them. A record's sides are now described per preset."""
    from scorekeeper.rules import RuleViolation, score_record

    try:
        score_record(record)
        served = True
    except RuleViolation:
        served = False
    assert served == taken
    assert _record_schema("HandRecord").is_valid(record) == taken


def test_a_games_hand_names_the_presets_that_take_a_concealed_canasta() -> None:
    """A game's hand cannot know its preset: its description says where the key is taken (the
    fuzz test counts the engine's 400 for it as a rule of play)."""
    side = SCHEMA["components"]["schemas"]["EntrySide"]["properties"]
    meld = SCHEMA["components"]["schemas"]["Meld"]["anyOf"][0]["properties"]
    assert (
        "only where the preset has concealed canastas (espanola)"
        in meld["concealed"]["description"]
    )
    assert side["canastas"]["properties"]["concealed_natural"]["description"] == (
        "more than 0 only in espanola; else 400"
    )
    assert "description" not in side["canastas"]["properties"]["natural"]  # every preset's


ONE_LINE_CASES = [
    "Anna & Ben",
    "Mehr\u200cdad",  # the zero-width non-joiner: Persian names need it
    "\U0001f0a1 Aces",
    "Anna\u200b",  # a zero-width space
    "\u2060Ben",  # a word joiner
    "\ufeffUs",  # a byte-order mark
    "Us\u202eThem",  # a right-to-left override
    "A\u2066B\u2069",  # an isolate
    "Anna\tBen",
    "A\u2028B",
    "A\u0085B",
]


@pytest.mark.parametrize("name", ONE_LINE_CASES, ids=ascii)
def test_the_document_takes_a_sides_name_where_the_server_does(name) -> None:
    """The document's pattern of a name is built from the server's own definition (names.py):
    the zero-width and direction characters the server refuses, it refuses too."""
    from scorekeeper.names import has_control_characters

    served = not has_control_characters(name)
    assert _record_schema("NewSide").is_valid({"name": name, "players": "Anna"}) == served
    assert _record_schema("NewSide").is_valid({"name": "Us", "players": name}) == served


@pytest.mark.parametrize(
    "reason",
    [*ONE_LINE_CASES[:3], "\u200d", "\u0301\u20dd", "\ue000", "\ufdd0", "card \u0301 shown"],
    ids=ascii,
)
def test_the_document_takes_an_adjustments_reason_where_the_server_does(reason) -> None:
    """A reason that shows nothing (joiners, marks or private use alone) is refused by the
    engine and by the document."""
    from jsonschema import Draft202012Validator

    from scorekeeper.rules import RuleViolation
    from scorekeeper.rules.adjustments import adjustment_of

    try:
        adjustment_of({"points": -100, "reason": reason}, 1)
        served = True
    except RuleViolation:
        served = False
    adjustment = SCHEMA["components"]["schemas"]["ScoredSide"]["properties"]["adjustment"]
    assert Draft202012Validator(adjustment).is_valid({"points": -100, "reason": reason}) == served
