"""Every API response the tests get is checked against the OpenAPI document (scorekeeper/openapi.py):
its status must be documented for that path and method, and a JSON body must match the schema.
A response that drifts from the document fails the test that got it."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scorekeeper.openapi import SCHEMA

DOCUMENT = "urn:scorekeeper:openapi"


class Undocumented(AssertionError):
    """An API answer the OpenAPI document does not describe."""


@cache
def _registry() -> Registry:
    return Registry().with_resource(
        DOCUMENT, Resource.from_contents(SCHEMA, default_specification=DRAFT202012)
    )


@cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    return [
        (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"), template)
        for template in SCHEMA["paths"]
    ]


def check(method: str, path: str, status: int, content_type: str, body: bytes) -> None:
    """Raise Undocumented if this answer is not the document's."""
    template = next((t for pattern, t in _routes() if pattern.match(path)), None)
    if template is None:
        if status == 404:  # not an API path at all: a JSON 404 is enough
            assert content_type.startswith("application/json"), (path, content_type)
            return
        raise Undocumented(f"{method} {path}: no such path in the OpenAPI document")
    operation = SCHEMA["paths"][template].get(method.lower())
    if operation is None:
        if status == 405:
            return
        raise Undocumented(f"{method} {template} is not in the OpenAPI document")
    documented = operation["responses"].get(str(status))
    if documented is None:
        raise Undocumented(f"{method} {template} answered {status}, which is not documented")
    media = documented.get("content", {}).get("application/json")
    if media is None:
        if body:
            raise Undocumented(f"{method} {template} {status}: a body where none is documented")
        return
    assert content_type.startswith("application/json"), (method, template, status, content_type)
    schema: dict[str, Any] = media["schema"]
    validator = Draft202012Validator(
        {
            "$ref": f"{DOCUMENT}#/paths/{_pointer(template)}/{method.lower()}/responses/{status}/content/application~1json/schema"
        }
        if schema
        else {},
        registry=_registry(),
    )
    errors = sorted(validator.iter_errors(json.loads(body)), key=lambda e: list(e.path))
    if errors:
        first = errors[0]
        raise Undocumented(
            f"{method} {template} {status}: {first.message} at {list(first.absolute_path)}"
        )


def _pointer(template: str) -> str:
    return template.replace("~", "~0").replace("/", "~1")
