"""Smoke test of the effective configuration: SQLite and eager Celery without environment,
PostgreSQL when DATABASE_URL says so, loud failure on values the settings do not understand."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; django.setup(); from django.conf import settings; "
    "from scorekeeper.celery import app; from django.db import connection; "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'name': str(settings.DATABASES['default']['NAME']), 'debug': settings.DEBUG, "
    "'eager': app.conf.task_always_eager, 'serializer': app.conf.task_serializer, "
    "'broker': settings.CELERY_BROKER_URL, 'vendor': connection.vendor, "
    "'hosts': settings.ALLOWED_HOSTS}))"
)


def effective(**env: str) -> dict:
    clean = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env}
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if result.returncode:
        return {"error": result.stderr}
    return json.loads(result.stdout)


def test_without_environment_sqlite_eager_celery_and_debug_on_localhost() -> None:
    config = effective()
    assert config["engine"] == "django.db.backends.sqlite3"
    assert config["name"] == str(ROOT / "db.sqlite3")
    assert config["eager"] is True and config["serializer"] == "json" and config["broker"] == ""
    assert config["debug"] is True
    assert "127.0.0.1" in config["hosts"]


def test_sqlite_url_is_honoured(tmp_path: Path) -> None:
    config = effective(DATABASE_URL=f"sqlite:///{tmp_path}/x.sqlite3")
    assert (config["engine"], config["name"]) == (
        "django.db.backends.sqlite3",
        f"{tmp_path}/x.sqlite3",
    )


def test_postgres_url_selects_postgresql() -> None:
    config = effective(DATABASE_URL="postgres://u:p@127.0.0.1:5999/cards")
    assert (config["engine"], config["name"]) == ("django.db.backends.postgresql", "cards")


def test_a_broker_url_turns_eager_mode_off() -> None:
    config = effective(CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert config["eager"] is False and config["broker"] == "redis://127.0.0.1:6379/0"


def test_debug_off_requires_secret_key_and_hosts() -> None:
    assert "DJANGO_SECRET_KEY" in effective(DJANGO_DEBUG="0")["error"]
    config = effective(
        DJANGO_DEBUG="0", DJANGO_SECRET_KEY="s" * 50, DJANGO_ALLOWED_HOSTS="cards.example"
    )
    assert config["debug"] is False and config["hosts"] == ["cards.example"]


@pytest.mark.parametrize(
    ("name", "value"), [("DJANGO_DEBUG", "maybe"), ("DATABASE_URL", "mysql://x/y")]
)
def test_values_the_settings_do_not_understand_stop_start_up(name: str, value: str) -> None:
    assert "ImproperlyConfigured" in effective(**{name: value})["error"]


@pytest.mark.django_db
def test_the_suite_runs_on_the_database_the_environment_names() -> None:
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres:", "postgresql:")) else "sqlite"
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
