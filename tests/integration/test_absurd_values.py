"""Absurd values on the new-game form and in the API are refusals (400), never a 500."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scorekeeper.models import Game

pytestmark = pytest.mark.django_db

CLASSIC = {"variant": "classic", "players": 4, "sides": 2}
HAND_AND_FOOT = {"variant": "hand-and-foot", "players": 4, "sides": 2}


def new_game_errors(form: dict) -> tuple[int, str]:
    """The status of the new-game page posted ``form``, and the page it answered (its form's
    errors among it). The page, not ``response.context``: the test client gathers every template
    rendered in the process while it waits, a live server's thread left by a browser test
    included, and once took that page's form for this one's."""
    response = Client(raise_request_exception=False).post("/new/", form)
    return response.status_code, response.content.decode()


def test_a_target_of_400_digits_is_a_form_error_not_a_500(client) -> None:
    """Django's step check divides in floats (math.remainder): 400 digits overflowed, a 500."""
    response = client.post("/new/", {**CLASSIC, "target": "9" * 400})
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 100000." in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({**CLASSIC, "opening_below_zero": "5" + "0" * 400}, "less than or equal to 500"),
        ({**HAND_AND_FOOT, "natural_bonus": "9" * 400}, "less than or equal to 5000"),
        ({**HAND_AND_FOOT, "red_three_caught": "-" + "5" * 400}, "greater than or equal to 0"),
        ({**CLASSIC, "target": "5001"}, "multiple of step size 5"),
        ({**CLASSIC, "target": "-5"}, "greater than or equal to 500"),
        ({**CLASSIC, "target": "9" * 5000}, "Enter a whole number"),
        ({**CLASSIC, "target": "five thousand"}, "Enter a whole number"),
        ({**CLASSIC, "packs": "9" * 400}, "less than or equal to 8"),
        ({**CLASSIC, "players": "9" * 400}, "Select a valid choice"),
        ({**CLASSIC, "side_1": "x" * 1_000_000}, "at most 60 characters"),
        ({**CLASSIC, "players_1": "x" * 1_000_000}, "at most 200 characters"),
        # "²" is a digit to str.isdigit but no number to int(): it raised ValueError (a 500).
        ({**HAND_AND_FOOT, "opening_by_hand": "²,90,120,150"}, "list of 4 whole numbers"),
        ({**HAND_AND_FOOT, "going_out_books": "²+2"}, "each a digit"),
    ],
)
def test_an_absurd_value_on_the_new_game_form_is_a_form_error_not_a_500(form, words) -> None:
    status, errors = new_game_errors(form)
    assert status == 400
    assert words in errors
    assert Game.objects.count() == 0


def test_a_superscript_digit_in_a_books_contract_is_refused_by_the_api_too(client) -> None:
    response = client.post(
        "/api/v1/games",
        json.dumps(
            {
                "variant": "hand-and-foot",
                "sides": [{"name": "A"}, {"name": "B"}],
                "rules": {"going_out_books": "2+²"},
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "each a digit" in response.json()["error"]


def test_the_new_game_form_still_takes_a_target_in_steps_of_5(client) -> None:
    response = client.post("/new/", {**CLASSIC, "target": "7500"})
    assert response.status_code == 302
    assert Game.objects.get().target == 7500


def test_an_api_integer_may_be_written_with_a_fraction_of_zero(client) -> None:
    """JSON Schema counts 670.0 as an integer, so the OpenAPI document's "integer" allows it."""
    hand = {
        "variant": "classic",
        "players": 4.0,
        "sides": [{"melds": [{"rank": "K", "naturals": 7.0}], "went_out": True}, {}],
    }
    response = client.post("/api/v1/score", json.dumps(hand), content_type="application/json")
    assert response.status_code == 200
    assert [side["total"] for side in response.json()["sides"]] == [670, 0]
    half = {**hand, "players": 4.5}
    refused = client.post("/api/v1/score", json.dumps(half), content_type="application/json")
    assert refused.status_code == 400
