"""The effective configuration: SQLite and eager Celery without environment, PostgreSQL when
DATABASE_URL says so, a production mode that `check --deploy` finds clean, the local mode of
`make run` (DEBUG off, a key kept in a file, this machine's names, plain HTTP), loud failure on
values the settings do not understand. Settings are read in-process from settings.py under a
given environment; subprocesses run the real `manage.py check --deploy` and local mode's pages."""

from __future__ import annotations

import json
import os
import re
import runpy
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "config" / "settings.py"
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "k3y-" + "0123456789abcdefghijklmnopqrstuvwxyz" * 2,
    "DJANGO_ALLOWED_HOSTS": "cards.example.org",
    "DJANGO_PROXY_COUNT": "1",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://cards.example.org",
}


def settings_with(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    """settings.py's values under exactly this environment (beyond PATH)."""
    for name in list(os.environ):
        if name.startswith(("DJANGO_", "DATABASE_", "CELERY_", "REDIS_", "SCOREKEEPER_")):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_without_environment_sqlite_eager_celery_and_debug_on_localhost(monkeypatch) -> None:
    config = settings_with(monkeypatch)
    database = config["DATABASES"]["default"]
    assert (database["ENGINE"], database["NAME"]) == (
        "django.db.backends.sqlite3",
        str(ROOT / "db.sqlite3"),
    )
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["CELERY_TASK_ALWAYS_EAGER"] is True and config["CELERY_BROKER_URL"] == ""
    assert config["CELERY_TASK_SERIALIZER"] == "json"
    assert config["DEBUG"] is True and "127.0.0.1" in config["ALLOWED_HOSTS"]
    assert config["CACHES"]["default"]["BACKEND"].endswith("DatabaseCache")
    assert config["HTTPS"] is False


def test_sqlite_url_is_honoured(monkeypatch, tmp_path: Path) -> None:
    database = settings_with(monkeypatch, DATABASE_URL=f"sqlite:///{tmp_path}/x.sqlite3")[
        "DATABASES"
    ]["default"]
    assert (database["ENGINE"], database["NAME"]) == (
        "django.db.backends.sqlite3",
        f"{tmp_path}/x.sqlite3",
    )


def test_postgres_url_selects_postgresql(monkeypatch) -> None:
    database = settings_with(monkeypatch, DATABASE_URL="postgres://u:p@127.0.0.1:5999/cards")[
        "DATABASES"
    ]["default"]
    assert (database["ENGINE"], database["NAME"]) == ("django.db.backends.postgresql", "cards")


def test_a_redis_broker_turns_eager_mode_off_and_is_the_cache(monkeypatch) -> None:
    config = settings_with(monkeypatch, CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert config["CELERY_TASK_ALWAYS_EAGER"] is False
    assert config["CACHES"]["default"]["LOCATION"] == "redis://127.0.0.1:6379/0"
    own = settings_with(monkeypatch, REDIS_URL="redis://cache:6379/2")
    assert own["CACHES"]["default"]["BACKEND"] == "core.cache.FallbackRedisCache"
    fallback = own["CACHES"][own["CACHES"]["default"]["FALLBACK"]]  # while Redis is down
    assert fallback["LOCATION"] == "scorekeeper_cache"


def test_tasks_are_acknowledged_late_and_come_back_soon_after_a_worker_is_lost(monkeypatch):
    config = settings_with(monkeypatch, CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert config["CELERY_TASK_ACKS_LATE"] and config["CELERY_TASK_REJECT_ON_WORKER_LOST"]
    options = config["CELERY_BROKER_TRANSPORT_OPTIONS"]
    assert options["visibility_timeout"] == 120  # not Celery's hour
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] == 10
    assert 0 < options["socket_timeout"] <= 5 and 0 < options["socket_connect_timeout"] <= 2
    quick = settings_with(monkeypatch, CELERY_VISIBILITY_TIMEOUT="3")
    assert quick["CELERY_BROKER_TRANSPORT_OPTIONS"]["visibility_timeout"] == 3


def test_debug_off_requires_secret_key_and_hosts(monkeypatch) -> None:
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        settings_with(monkeypatch, DJANGO_DEBUG="0")
    config = settings_with(monkeypatch, **PRODUCTION)
    assert config["DEBUG"] is False and config["ALLOWED_HOSTS"] == ["cards.example.org"]


def test_production_behind_a_tls_proxy(monkeypatch) -> None:
    config = settings_with(monkeypatch, **PRODUCTION, DJANGO_ADMINS="ops@example.org")
    assert config["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    assert config["CSRF_TRUSTED_ORIGINS"] == ["https://cards.example.org"]
    assert config["SESSION_COOKIE_SECURE"] and config["CSRF_COOKIE_SECURE"]
    assert config["SECURE_HSTS_SECONDS"] >= 31536000 and config["SECURE_SSL_REDIRECT"]
    assert config["ADMINS"] == [("ops@example.org", "ops@example.org")]
    assert config["STORAGES"]["staticfiles"]["BACKEND"] == "core.static_files.HashedModulesStorage"
    lan = settings_with(monkeypatch, **PRODUCTION, DJANGO_HTTPS="0")
    assert "SECURE_SSL_REDIRECT" not in lan  # a club laptop on its Wi-Fi serves plain HTTP


def test_passwords_are_stored_with_pbkdf2_outside_the_tests(monkeypatch) -> None:
    """The tests hash with MD5 (tests/conftest.py: a login in microseconds); the site keeps
    Django's slow, salted hasher."""
    from django.conf import global_settings

    config = settings_with(monkeypatch, **PRODUCTION)
    hashers = config.get("PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert hashers[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_local_mode_has_debug_off_and_a_key_made_once_beside_the_database(
    monkeypatch, tmp_path: Path
) -> None:
    local = {"SCOREKEEPER_LOCAL": "1", "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    key_file = tmp_path / ".secret_key"
    assert not key_file.exists()
    first = settings_with(monkeypatch, **local)
    assert first["DEBUG"] is False
    assert key_file.read_text().strip() == first["SECRET_KEY"]
    assert len(first["SECRET_KEY"]) >= 50 and "insecure" not in first["SECRET_KEY"]
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [".secret_key"]  # no temporary file left
    again = settings_with(monkeypatch, **local)  # the next start: the same key, from the file
    assert again["SECRET_KEY"] == first["SECRET_KEY"]
    elsewhere = tmp_path / "other"
    other = settings_with(
        monkeypatch, SCOREKEEPER_LOCAL="1", DATABASE_URL=f"sqlite:///{elsewhere}/db.sqlite3"
    )
    assert other["SECRET_KEY"] != first["SECRET_KEY"]  # each database its own key
    given = settings_with(monkeypatch, **local, DJANGO_SECRET_KEY="from-the-environment")
    assert given["SECRET_KEY"] == "from-the-environment"


def test_local_mode_allows_this_machines_names_and_serves_plain_http(
    monkeypatch, tmp_path: Path
) -> None:
    config = settings_with(
        monkeypatch,
        SCOREKEEPER_LOCAL="1",
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        DJANGO_ALLOWED_HOSTS="cards.club.lan",
    )
    hosts = config["ALLOWED_HOSTS"]
    hostname = socket.gethostname()
    assert {"localhost", "127.0.0.1", hostname, f"{hostname}.local", "cards.club.lan"} <= set(hosts)
    assert "*" not in hosts and set(config["LOCAL_ADDRESSES"]) <= set(hosts)
    if shutil.which("ip"):  # each interface's (first) IPv4 address, as `ip` sees them
        shown = subprocess.run(["ip", "-o", "-4", "addr"], capture_output=True, text=True).stdout
        addresses: dict[str, str] = {}
        for interface, address in re.findall(r"^\d+: (\S+)\s+inet ([\d.]+)/", shown, re.M):
            addresses.setdefault(interface, address)
        assert set(addresses.values()) - {"127.0.0.1"} <= set(config["LOCAL_ADDRESSES"])
    assert config["HTTPS"] is False  # a LAN has no certificate
    assert not config.get("SECURE_SSL_REDIRECT") and not config.get("SESSION_COOKIE_SECURE")
    assert not config.get("CSRF_COOKIE_SECURE") and not config.get("SECURE_HSTS_SECONDS")
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in config["MIDDLEWARE"]
    assert config["STORAGES"]["staticfiles"]["BACKEND"] == "core.static_files.HashedModulesStorage"


def test_production_mode_makes_no_key_file_and_still_needs_its_key(
    monkeypatch, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path}/db.sqlite3"
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        settings_with(monkeypatch, DJANGO_DEBUG="0", DATABASE_URL=database)
    config = settings_with(monkeypatch, **PRODUCTION, DATABASE_URL=database)
    assert config["ALLOWED_HOSTS"] == ["cards.example.org"] and config["HTTPS"] is True
    assert list(tmp_path.iterdir()) == []
    developer = settings_with(monkeypatch, DATABASE_URL=database)  # `make dev`
    assert developer["DEBUG"] is True and list(tmp_path.iterdir()) == []


LOCAL_PAGES = """
import json, sys
from unittest import mock

import django
django.setup()
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

call_command("check", "--fail-level", "ERROR")
call_command("migrate", verbosity=0)
answers = {"debug": settings.DEBUG}
with override_settings(STATIC_ROOT=sys.argv[1]):  # as `make run` does, into a directory of ours
    # Not the phone's rules engine (static/vendor/: served by its versioned path, not hashed):
    # compressing its 13 MB took 30 s to 100 s of this test's time, and a loaded machine past
    # its limit.
    call_command("collectstatic", interactive=False, verbosity=0, ignore_patterns=["vendor"])
    client = Client(raise_request_exception=False, HTTP_HOST="127.0.0.1:8000")
    missing = client.get("/nope/")
    answers["404"] = [missing.status_code, missing.content.decode()]
    with mock.patch("scorekeeper.views.opening_table", side_effect=RuntimeError("a bug")):
        broken = client.get("/opening/")
    answers["500"] = [broken.status_code, broken.content.decode()]
    css = next(w.split('"')[1] for w in answers["404"][1].split("href=") if ".css" in w[:80])
    answers["css"] = [css, client.get(css).status_code]
    answers["lan"] = [client.get("/", HTTP_HOST=host + ":8000").status_code
                      for host in settings.LOCAL_ADDRESSES]
    answers["elsewhere"] = client.get("/", HTTP_HOST="evil.example").status_code
print(json.dumps(answers))
"""


@pytest.mark.slow
@pytest.mark.own_database  # its own SQLite file, whatever the run's database
def test_local_mode_shows_the_friendly_error_pages_and_serves_hashed_static(
    tmp_path: Path,
) -> None:
    env = {
        "PATH": os.environ["PATH"],
        "SCOREKEEPER_LOCAL": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
    }
    result = subprocess.run(
        [sys.executable, "-c", LOCAL_PAGES, str(tmp_path / "static")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # 2 s here: room for a machine four times slower, loaded
    )
    assert result.returncode == 0, result.stdout + result.stderr
    answers = json.loads(result.stdout.splitlines()[-1])
    assert answers["debug"] is False
    status, page = answers["404"]
    assert status == 404 and "This page is not here" in page
    assert "DEBUG = True" not in page and "URLconf" not in page  # not Django's debug page
    status, page = answers["500"]
    assert status == 500 and "Something went wrong on our side" in page
    assert "Traceback" not in page and "a bug" not in page
    css, status = answers["css"]
    assert re.fullmatch(r"/static/scorekeeper/app\.[0-9a-f]{12}\.css", css) and status == 200
    assert answers["lan"] == [200] * len(answers["lan"])
    assert answers["elsewhere"] == 400
    assert (tmp_path / ".secret_key").exists()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DJANGO_DEBUG", "maybe"),
        ("DATABASE_URL", "mysql://x/y"),
        ("DJANGO_PROXY_COUNT", "two"),
        ("DJANGO_TIME_ZONE", "Europe/Lucca"),
        ("DJANGO_TIME_ZONE", "../../etc/passwd"),
    ],
)
def test_values_the_settings_do_not_understand_stop_start_up(monkeypatch, name, value) -> None:
    with pytest.raises(ImproperlyConfigured, match=name):
        settings_with(monkeypatch, **{name: value})


def test_the_time_zone_is_the_environments_else_this_machines_else_utc(monkeypatch) -> None:
    """The day played is today in the club's time zone: DJANGO_TIME_ZONE where set, else the
    machine's own (a club's laptop keeps the club's time), else UTC."""
    import tzlocal

    assert settings_with(monkeypatch, DJANGO_TIME_ZONE="Europe/Rome")["TIME_ZONE"] == "Europe/Rome"
    monkeypatch.setattr(tzlocal, "get_localzone_name", lambda: "America/Chicago")
    assert settings_with(monkeypatch)["TIME_ZONE"] == "America/Chicago"
    for machine in (None, "Not/AZone"):
        monkeypatch.setattr(tzlocal, "get_localzone_name", lambda machine=machine: machine)
        assert settings_with(monkeypatch)["TIME_ZONE"] == "UTC"

    def unknown():
        raise LookupError("no zone configured")

    monkeypatch.setattr(tzlocal, "get_localzone_name", unknown)
    assert settings_with(monkeypatch)["TIME_ZONE"] == "UTC"


def test_check_deploy_is_clean_in_production_mode(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ["PATH"],
        **PRODUCTION,
        "DATABASE_URL": f"sqlite:///{tmp_path}/deploy.sqlite3",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


@pytest.mark.django_db
def test_the_suite_runs_on_the_database_the_environment_names() -> None:
    from django.db import connection

    from config.celery import app

    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres:", "postgresql:")) else "sqlite"
    assert connection.vendor == expected
    assert app.conf.task_always_eager is True  # the tests' own settings: no broker
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
