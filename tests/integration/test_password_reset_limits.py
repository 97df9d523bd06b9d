"""Password reset mails are limited per client address and per e-mail address."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

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
