"""What a club's server needs: tracebacks in the log, login throttling on both login pages,
rate limits on anonymous writes, a 503 rather than a traceback when the database is down, and a
first `make run` that says what it does while it takes its minutes."""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client

from scorekeeper.models import Game

pytestmark = pytest.mark.django_db


def test_a_500_is_logged_with_its_traceback_to_standard_error(monkeypatch, caplog) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("scorekeeper.views.opening_table", broken)
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        page = client.get("/opening/")
    assert page.status_code == 500
    assert "Something went wrong on our side" in page.content.decode()
    record = next(r for r in caplog.records if r.name == "django.request")
    assert record.exc_info and record.exc_info[0] is RuntimeError
    handler = next(
        h for h in logging.getLogger("django").handlers if isinstance(h, logging.StreamHandler)
    )
    assert handler.stream in (sys.stderr, sys.__stderr__) or handler.stream.name == "<stderr>"


def test_an_api_500_is_json(monkeypatch) -> None:
    monkeypatch.setattr("scorekeeper.api.opening_minimum_for", lambda *a: 1 / 0)
    response = Client(raise_request_exception=False).get(
        "/api/v1/opening-minimum?variant=classic&score=0"
    )
    assert response.status_code == 500 and response.json()["error"]


@pytest.mark.parametrize("path", ["/api/v1/games/abcdef", "/g/abcdef/", "/g/abcdef/edit/"])
def test_the_database_unavailable_is_a_503_not_a_traceback(monkeypatch, path: str) -> None:
    from django.db.models.sql.compiler import SQLCompiler

    def down(*args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr(SQLCompiler, "execute_sql", down)  # every query fails, as in an outage
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code == 503 and response["Retry-After"]
    if path.startswith("/api/"):
        assert "database is not answering" in response.json()["error"]
    else:
        assert "Back in a moment" in response.content.decode()


@pytest.mark.parametrize("login", ["/accounts/login/", "/admin/login/"])
def test_five_failed_logins_lock_that_name_out_for_a_while(
    client, django_user_model, login
) -> None:
    django_user_model.objects.create_user("director", password="the-right-one-42")
    statuses = [
        client.post(login, {"username": "director", "password": "wrong"}).status_code
        for _ in range(5)
    ]
    assert statuses == [200] * 4 + [429]  # the form again, with its error; the fifth locks
    locked = client.post(login, {"username": "director", "password": "the-right-one-42"})
    assert locked.status_code == 429
    assert "Too many attempts" in locked.content.decode()
    other = Client(REMOTE_ADDR="10.0.0.9").post(login, {"username": "someone", "password": "x"})
    assert other.status_code == 200  # another name from elsewhere is not locked out


def _from(address: str, proxies: int) -> Client:
    """A browser at ``address``: the connection's own, or (behind a proxy) the one the proxy
    appends to X-Forwarded-For (core.client_address)."""
    if proxies:
        return Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"203.0.113.7, {address}")
    return Client(REMOTE_ADDR=address)


@pytest.mark.parametrize("proxies", [0, 1], ids=["direct", "behind-a-proxy"])
def test_guessing_a_password_from_many_addresses_locks_the_account(
    django_user_model, settings, proxies
) -> None:
    from django.core.management import call_command

    settings.PROXY_COUNT = proxies
    django_user_model.objects.create_user("director", password="the-right-one-42")
    guesses = [
        _from(f"198.51.100.{i}", proxies)
        .post("/accounts/login/", {"username": "director", "password": f"guess-{i}"})
        .status_code
        for i in range(5)
    ]
    assert guesses == [200] * 4 + [429]  # five addresses, one guess each: the account locks
    right = {"username": "director", "password": "the-right-one-42"}
    assert _from("192.0.2.1", proxies).post("/accounts/login/", right).status_code == 429
    # The administrator unlocks it (docs/configuration.md): the right password works again at once.
    call_command("axes_reset_username", "director", stdout=io.StringIO())
    assert _from("192.0.2.1", proxies).post("/accounts/login/", right).status_code == 302


def test_one_address_guessing_many_accounts_is_locked(django_user_model) -> None:
    from django.core.management import call_command

    django_user_model.objects.create_user("director", password="the-right-one-42")
    spray = [
        _from("198.51.100.1", 0)
        .post("/accounts/login/", {"username": f"user-{i}", "password": "summer2024"})
        .status_code
        for i in range(5)
    ]
    assert spray == [200] * 4 + [429]
    right = {"username": "director", "password": "the-right-one-42"}
    assert _from("198.51.100.1", 0).post("/accounts/login/", right).status_code == 429
    assert _from("198.51.100.2", 0).post("/accounts/login/", right).status_code == 302
    call_command("axes_reset_ip", "198.51.100.1", stdout=io.StringIO())
    assert _from("198.51.100.1", 0).post("/accounts/login/", right).status_code == 302


def test_anonymous_new_games_are_rate_limited_by_address(client, settings) -> None:
    settings.RATE_NEW_GAMES = "2/m"
    form = {"variant": "classic", "players": 4, "sides": 2}
    assert [client.post("/new/", form).status_code for _ in range(2)] == [302, 302]
    limited = client.post("/new/", form)
    assert limited.status_code == 429 and "wait a few minutes" in limited.content.decode()
    api = client.post(
        "/api/v1/games",
        '{"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}]}',
        content_type="application/json",
    )
    assert api.status_code == 429 and api.json()["error"]
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post("/new/", form)
    assert elsewhere.status_code == 302
    assert Game.objects.count() == 3


def test_a_logged_in_director_is_not_rate_limited(client, settings, django_user_model) -> None:
    settings.RATE_NEW_GAMES = "1/m"
    client.force_login(django_user_model.objects.create_user("director", password="x-9y8u7i"))
    form = {"variant": "classic", "players": 4, "sides": 2}
    assert [client.post("/new/", form).status_code for _ in range(3)] == [302] * 3


def test_behind_a_proxy_the_forwarded_address_is_the_client(settings) -> None:
    from django.test import RequestFactory

    from core.client_address import client_ip

    settings.PROXY_COUNT = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.5"
    )
    assert client_ip(request) == "203.0.113.5"  # the left entry is the client's own claim
    settings.PROXY_COUNT = 0
    assert client_ip(request) == "10.0.0.1"


# Stand-ins for the virtualenv's python and gunicorn: each says it ran, and with what.
FAKE_PYTHON = """#!/bin/sh
echo "ran: python $*"
if [ "$1" = "-" ]; then cat >/dev/null; fi
"""
FAKE_GUNICORN = """#!/bin/sh
echo "ran: gunicorn"
"""


@pytest.mark.django_db(False)
def test_a_first_start_says_what_it_does_before_each_slow_step(tmp_path: Path) -> None:
    """`make run` the first time: the database made, the rules engine compressed for the phones
    (scripts/serve-local), minutes in which nothing was said, as if it had hung."""
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "scripts").mkdir()
    shutil.copy(root / "scripts" / "serve-local", tmp_path / "scripts" / "serve-local")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("gunicorn", FAKE_GUNICORN)):
        (venv / name).write_text(text)
        (venv / name).chmod(0o755)
    said = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "serve-local")],
        capture_output=True,
        text=True,
        timeout=60,  # a few stand-ins that each print a line
        check=True,
    ).stdout.splitlines()
    ran = [line for line in said if line.startswith("ran: ")]
    migrate, collect = (
        "ran: python manage.py migrate --noinput",
        "ran: python manage.py collectstatic --noinput --verbosity 0",
    )
    assert ran[:2] == [migrate, collect] and ran[-1] == "ran: gunicorn"
    assert said[said.index(migrate) - 1].startswith("Preparing the database")
    assert said[said.index(migrate) + 1].startswith("  done in ")
    assert said[said.index(collect) - 1].startswith("Collecting the static files")
    assert said[said.index(collect) + 1].startswith("  done in ")
    assert said[said.index(collect) + 2] == "Starting the server…"
