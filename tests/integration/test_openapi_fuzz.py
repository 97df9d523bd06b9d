"""The OpenAPI document describes what the server accepts: schemathesis builds requests from it,
sends them to the WSGI app in-process, and checks every operation's answers.

- No request gets a 5xx, whether the document allows it or not (``not_a_server_error``).
- A request the document allows is not refused (``positive_data_acceptance``). The 4xx it may
  get are the document's answers for state: no such game or hand (404), a stale version or a
  finished game (409), an edit that names no version (428). A 400 is allowed only for a hand
  whose form the engine's own parser (records.py) accepts: then the rules of play refused it,
  or the game has another number of sides or a preset without a key the hand holds (a concealed
  meld outside espanola: the game's hand says so in words), which no schema can say (openapi.py's
  docstring).
  Any other 400 means the document admits a form the server refuses.

Requests aim at one game made by the fixture: its id, token, hands and their versions replace
generated values of the same shape (so negative cases stay negative), and each write gets an
Idempotency-Key of its own, so no answer is the replay or 422 of another request. A fixed seed,
derandomized generation, a bounded number of examples and no coverage phase (its boundary
cases of every preset's branches run to tens of thousands) keep it deterministic and under a
minute.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import positive_data_acceptance

from config.wsgi import application
from scorekeeper.api import parse_json
from scorekeeper.models import Game, Hand
from scorekeeper.openapi import MAX_VERSION, SCHEMA
from scorekeeper.rules import PRESETS, RuleViolation, parse_record
from scorekeeper.rules.adjustments import split_adjustments
from scorekeeper.rules.records import parse_side
from scorekeeper.services import MAX_HANDS, Author, hand_delete
from tests.factories import new_game, play_hands

EXAMPLES = 60  # per operation
CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 20261125,
        "generation": {
            "deterministic": True,
            "max-examples": EXAMPLES,
            "database": "none",
            "no-shrink": True,  # a failure is reported as found: shrinking could take minutes
        },
        "phases": {"coverage": {"enabled": False}},
        "checks": {
            "positive_data_acceptance": {
                # The token is right and the rates high: only a missing hand, a stale or
                # finished game, or an edit without a version may refuse a valid request.
                "expected-statuses": ["2xx", "404", "409", "428"]
            }
        },
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application, config=CONFIG)

GAME_ID = re.compile(r"^[0-9A-Za-z]{1,12}$")
IF_MATCH = re.compile(r'^(W/)?("[0-9]{1,9}"|[0-9]{1,9})$')
HAND_WRITES = {
    "POST /api/v1/games/{game_id}/hands",
    "PUT /api/v1/games/{game_id}/hands/{number}",
}


@pytest.fixture
def game(db, settings) -> Iterator[tuple[Game, str]]:
    """A game with two hands and a third deleted (undo puts it back), and the app answering on
    the test's database connection: the WSGI handler closes the connection after each request,
    and Django's test client prevents that the same way."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    settings.RATE_NEW_GAMES = settings.RATE_SCORE = "1000000/h"  # 429 would hide the answers
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        game, token = new_game(rules={"target": 100000})
        play_hands(game, 3)
        hand_delete(game_id=game.id, number=3, author=Author("test"), expected_version=3)
        yield game, token
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


_keys = itertools.count()
_sent_keys: set[str] = set()


def aim_at(case: schemathesis.Case, game: Game) -> None:
    """Point the request at the fixture's game and hands where the generated value has their
    shape (a value of another shape is what a negative case is testing: left as it is)."""
    path = case.path_parameters or {}
    if isinstance(path.get("game_id"), str) and GAME_ID.match(path["game_id"]):
        path["game_id"] = game.id
    game.refresh_from_db()
    number = path.get("number")
    if type(number) is int and 1 <= number <= MAX_HANDS and game.hand_count:
        path["number"] = 1 + (number - 1) % game.hand_count
        version = Hand.objects.get(game=game, number=path["number"]).version
        headers = case.headers or {}
        if isinstance(headers.get("If-Match"), str) and IF_MATCH.match(headers["If-Match"]):
            headers["If-Match"] = f'"{version}"'
        if isinstance(case.body, dict) and type(case.body.get("version")) is int:
            case.body["version"] = version
    headers = case.headers or {}
    key = headers.get("Idempotency-Key")
    if isinstance(key, str):
        if key in _sent_keys:  # the same key again would answer 422, or replay another answer
            headers["Idempotency-Key"] = key = f"fuzz-{next(_keys):012d}-{key}"[:255]
        _sent_keys.add(key)


# What a game's hand may hold around its sides (docs/api.md), and how many sides a game
# can have: the sides' own form is the engine's (records.parse_side).
ENVELOPE = {"POST": ("number", 1, MAX_HANDS), "PUT": ("version", 0, MAX_VERSION)}
SIDE_COUNTS = {seating.sides for preset in PRESETS.values() for seating in preset.seatings}


def refused_by_rules_of_play(case: schemathesis.Case) -> bool:
    """Whether the hand this request carries has a form the server takes, so that refusing it
    was the rules of play's (or, for a game's hand, the game's number of sides)."""
    body: Any = parse_json(json.dumps(case.body).encode())  # as the server reads it
    if not isinstance(body, dict):
        return False
    try:
        if case.operation.label == "POST /api/v1/score":
            parse_record(body)
            return True
        if case.operation.label not in HAND_WRITES:
            return False
        extra, low, high = ENVELOPE[case.operation.method.upper()]
        value = body.get(extra)
        sides = body["sides"]
        if (
            set(body) - {"sides", extra}
            or (value is not None and not (type(value) is int and low <= value <= high))
            or not min(SIDE_COUNTS) <= len(sides) <= max(SIDE_COUNTS)
        ):
            return False
        plain, _adjustments = split_adjustments(sides)  # a table's adjustment: the app's own key
        for number, side in enumerate(plain, 1):
            parse_side(side, number)
    except RuleViolation:
        return False
    return True


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_the_server_accepts_what_the_document_allows_and_never_fails(case, game) -> None:
    game_row, token = game
    aim_at(case, game_row)
    response = case.call(headers={"Authorization": f"Bearer {token}"})
    checks = [not_a_server_error]
    if case.meta.generation.mode.is_positive and not (
        response.status_code == 400 and refused_by_rules_of_play(case)
    ):
        checks.append(positive_data_acceptance)
    case.validate_response(response, checks=checks)


def test_every_operation_of_the_document_is_fuzzed() -> None:
    """schemathesis leaves out the document's own address (nothing to send it): every other
    operation gets a test above, none dropped as one it cannot read."""
    fuzzed = {result.ok().label for result in schema.get_all_operations()}
    documented = {
        f"{method.upper()} {path}"
        for path, operations in SCHEMA["paths"].items()
        for method in operations
    }
    assert fuzzed == documented - {"GET /api/v1/openapi.json"}
