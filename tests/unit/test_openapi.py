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
