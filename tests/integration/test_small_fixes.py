"""Small fixes: absurd values on the new-game form are form errors (400), never a 500; password
reset mails are limited per client address and per e-mail address."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.test import Client

from scorekeeper.models import Game

pytestmark = pytest.mark.django_db

CLASSIC = {"variant": "classic", "players": 4, "sides": 2}
HAND_AND_FOOT = {"variant": "hand-and-foot", "players": 4, "sides": 2}


def new_game_errors(form: dict) -> tuple[int, str]:
    """The status of the new-game page posted ``form``, and its form's errors as text."""
    response = Client(raise_request_exception=False).post("/new/", form)
    return response.status_code, response.context["form"].errors.as_text()


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


RESET = "/accounts/password_reset/"


@pytest.fixture
def members(django_user_model) -> list[str]:
    emails = [f"member{i}@club.example" for i in range(7)]
    for i, email in enumerate(emails):
        django_user_model.objects.create_user(f"member{i}", email=email, password="x-9y8u7i")
    return emails


def test_password_reset_is_limited_per_client_address(members, settings) -> None:
    settings.RATE_PASSWORD_RESET = "5/h"
    phone = Client(REMOTE_ADDR="198.51.100.7")
    statuses = [phone.post(RESET, {"email": email}).status_code for email in members[:6]]
    assert statuses == [302] * 5 + [429]
    assert [message.to for message in mail.outbox] == [[email] for email in members[:5]]
    elsewhere = Client(REMOTE_ADDR="198.51.100.8").post(RESET, {"email": members[6]})
    assert elsewhere.status_code == 302 and len(mail.outbox) == 6


def test_password_reset_is_limited_per_email_address(members, settings) -> None:
    settings.RATE_PASSWORD_RESET = "5/h"
    target = members[0]
    statuses = [
        Client(REMOTE_ADDR=f"203.0.113.{n}").post(RESET, {"email": target}).status_code
        for n in range(1, 7)
    ]
    assert statuses == [302] * 5 + [429]
    assert len(mail.outbox) == 5
    # The address as typed with capitals is the same inbox: still limited.
    shouted = Client(REMOTE_ADDR="203.0.113.50").post(RESET, {"email": target.upper()})
    assert shouted.status_code == 429 and len(mail.outbox) == 5
    assert "Too many password resets asked for" in shouted.content.decode()


def test_the_password_reset_page_itself_is_not_limited(settings) -> None:
    settings.RATE_PASSWORD_RESET = "1/h"
    phone = Client(REMOTE_ADDR="198.51.100.9")
    assert [phone.get(RESET).status_code for _ in range(3)] == [200] * 3
