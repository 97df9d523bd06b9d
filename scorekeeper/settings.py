"""Settings, driven by the environment (one file for every deployment).

- ``DATABASE_URL``: ``sqlite:///path`` or ``postgres://user:pass@host:port/name``; unset: the SQLite
  file ``db.sqlite3`` beside ``manage.py``.
- ``CELERY_BROKER_URL``: e.g. ``redis://127.0.0.1:6379/0``; unset: tasks run eagerly in-process.
- ``DJANGO_DEBUG``: on by default for local use; ``0`` (off) requires ``DJANGO_SECRET_KEY`` and
  ``DJANGO_ALLOWED_HOSTS`` (comma-separated).

A value this file does not understand stops the start-up with a message, never a silent default.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


DEBUG = env_flag("DJANGO_DEBUG", True)

if DEBUG:
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "insecure-local-development-key"
    ALLOWED_HOSTS = [
        h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h
    ]
else:
    try:
        SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
        ALLOWED_HOSTS = [h for h in os.environ["DJANGO_ALLOWED_HOSTS"].split(",") if h]
    except KeyError as missing:
        raise ImproperlyConfigured(
            f"DJANGO_DEBUG is off: set {missing.args[0]} (DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS)"
        ) from None
    if not SECRET_KEY or not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "DJANGO_DEBUG is off: DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS must not be empty"
        )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "scorekeeper",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"


def database_from_env() -> dict[str, object]:
    """The default database from DATABASE_URL, SQLite set up for concurrent writers."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    if not url.startswith(("sqlite:", "postgres:", "postgresql:")):
        raise ImproperlyConfigured(
            f"DATABASE_URL={url!r}: expected sqlite:///path or postgres://..."
        )
    config: dict[str, object] = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["CONN_MAX_AGE"] = 0
        # Writers wait for the lock (busy timeout) and take it when the transaction begins
        # (IMMEDIATE), so two phones saving a hand at once queue instead of failing.
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
        # Tests use a file, not memory: a live server's threads then hold connections of their
        # own and really contend, as phones do.
        # One file per test process, so two checkouts' suites can run at once.
        test_db = Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3"
        config["TEST"] = {"NAME": str(test_db)}
    return config


DATABASES = {"default": database_from_env()}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French")), ("es", _("Spanish")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Celery: a real broker when CELERY_BROKER_URL is set, else eager in-process execution.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True  # tasks are idempotent: a worker lost mid-task lets another redo it
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Eager mode still round-trips task arguments through the JSON serializer (Celery 5.5+), so a task
# whose arguments JSON cannot carry fails in tests as it would with a real broker.
