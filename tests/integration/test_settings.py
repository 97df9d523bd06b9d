"""The effective configuration: SQLite and eager Celery without environment, PostgreSQL when
DATABASE_URL says so, a production mode that `check --deploy` finds clean, loud failure on
values the settings do not understand. Settings are read in-process from settings.py under a
given environment; one subprocess runs the real `manage.py check --deploy`."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "scorekeeper" / "settings.py"
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
    assert own["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"


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
    assert config["STORAGES"]["staticfiles"]["BACKEND"].endswith(
        "CompressedManifestStaticFilesStorage"
    )
    lan = settings_with(monkeypatch, **PRODUCTION, DJANGO_HTTPS="0")
    assert "SECURE_SSL_REDIRECT" not in lan  # a club laptop on its Wi-Fi serves plain HTTP


@pytest.mark.parametrize(
    ("name", "value"),
    [("DJANGO_DEBUG", "maybe"), ("DATABASE_URL", "mysql://x/y"), ("DJANGO_PROXY_COUNT", "two")],
)
def test_values_the_settings_do_not_understand_stop_start_up(monkeypatch, name, value) -> None:
    with pytest.raises(ImproperlyConfigured):
        settings_with(monkeypatch, **{name: value})


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

    from scorekeeper.celery import app

    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres:", "postgresql:")) else "sqlite"
    assert connection.vendor == expected
    assert app.conf.task_always_eager is True  # the tests' own settings: no broker
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
