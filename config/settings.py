"""Settings, driven by the environment (one file for every deployment).

- ``DATABASE_URL``: ``sqlite:///path`` or ``postgres://user:pass@host:port/name``; unset: the SQLite
  file ``db.sqlite3`` beside ``manage.py``.
- ``CELERY_BROKER_URL``: e.g. ``redis://127.0.0.1:6379/0``; unset: tasks run eagerly in-process.
- ``DJANGO_DEBUG``: on by default for local use; ``0`` (off) requires ``DJANGO_SECRET_KEY`` and
  ``DJANGO_ALLOWED_HOSTS`` (comma-separated).
- ``SCOREKEEPER_LOCAL=1`` (what ``make run`` sets): a club laptop serving phones on its Wi-Fi.
  DEBUG is off by default, the secret key is read from ``.secret_key`` beside the SQLite database
  (made once, mode 0600) unless ``DJANGO_SECRET_KEY`` is set, the allowed hosts are this machine's
  names and addresses (plus any in ``DJANGO_ALLOWED_HOSTS``), and HTTPS is off by default.
- ``DJANGO_HTTPS`` (default: on when DEBUG is off, outside local mode), ``DJANGO_PROXY_COUNT``,
  ``DJANGO_CSRF_TRUSTED_ORIGINS``, ``DJANGO_HSTS_SECONDS``: serving behind a TLS proxy.
- ``REDIS_URL``: the cache (login throttling, rate limits, rendered scoreboards); unset: the
  broker's Redis if it is one, else the database. While that Redis does not answer, the counts go
  to the database and the scoreboards are rendered afresh (``core/cache.py``).
- ``DJANGO_ADMINS``, ``DJANGO_EMAIL_HOST`` and friends: who hears of a 500, and password reset.
- ``DJANGO_LOG_LEVEL``: INFO by default; logs go to standard error.
- ``DJANGO_TIME_ZONE``: the club's time zone, an IANA name (``Europe/Rome``), in which a game's
  or an event's day played is today; unset: this machine's own (the club's laptop), else UTC.

A value this file does not understand stops the start-up with a message, never a silent default.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import dj_database_url
import tzlocal  # installed with Celery: the machine's own time zone
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from core.local_addresses import local_addresses

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


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number") from None


def env_time_zone(name: str) -> str:
    """A time zone's IANA name from the environment ("Europe/Rome"); unset, this machine's own
    (machine_time_zone). A name the zone database does not hold stops the start."""
    raw = os.environ.get(name, "")
    if not raw:
        return machine_time_zone()
    try:
        ZoneInfo(raw)
    except (ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name}={raw!r}: not a time zone's name (e.g. Europe/Rome, America/New_York, UTC)"
        ) from None
    return raw


def machine_time_zone() -> str:
    """This machine's time zone (TZ, /etc/timezone, /etc/localtime: tzlocal reads them), else
    UTC: a club's laptop keeps the club's time without being told."""
    try:
        name = tzlocal.get_localzone_name()
        if name:
            ZoneInfo(name)
            return str(name)
    except (LookupError, OSError, ValueError):  # no zone set, or one the database lacks
        pass
    return "UTC"


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def local_hosts(addresses: list[str]) -> list[str]:
    """The names a phone on the local network may use for this machine."""
    hostname = socket.gethostname()
    names = ["localhost", "127.0.0.1", "[::1]", *addresses]
    if hostname:
        names += [hostname, hostname if hostname.endswith(".local") else f"{hostname}.local"]
    return list(dict.fromkeys(names + env_list("DJANGO_ALLOWED_HOSTS")))


def secret_key_from_file(path: Path) -> str:
    """The key kept in ``path``; made there first (mode 0600) if there is none yet. Written to
    a temporary file and hard-linked into place, so two processes starting at once agree."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")
        try:
            with os.fdopen(descriptor, "w") as new:
                new.write(secrets.token_urlsafe(50) + "\n")
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        except OSError as error:
            raise ImproperlyConfigured(
                f"cannot write the secret key file {path}: {error}"
            ) from None
        finally:
            os.unlink(temporary)
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(
            f"the secret key file {path} is empty: delete it to make another"
        )
    return key


# Local mode (`make run`): the app served to phones on a club's Wi-Fi, plain HTTP, no debug pages.
LOCAL = env_flag("SCOREKEEPER_LOCAL", False)
DEBUG = env_flag("DJANGO_DEBUG", not LOCAL)

if LOCAL and not DEBUG:
    # The key is read from its file once the database's place is known (below DATABASES).
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
    LOCAL_ADDRESSES = local_addresses()  # `make run` prints the first for the phones
    ALLOWED_HOSTS = local_hosts(LOCAL_ADDRESSES)
elif DEBUG:
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
    "csp",
    "axes",
    "scorekeeper",
    "clubs",
    "tournaments",
    "federations",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (WhiteNoise compresses the static files itself). BREACH: Django masks the
    # CSRF token per response, and this middleware pads its output at random.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.no_store.StoredNowhere",
    "csp.middleware.CSPMiddleware",
    "core.error_pages.DatabaseUnavailable",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

# A strict Content-Security-Policy (django-csp): scripts and styles only from our static files,
# never inline, so an injected <script> or on* handler would not run. Data goes to scripts
# through json_script (a JSON block, not code).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        # Pyodide compiles the rules engine's WebAssembly (engine-worker.mjs): that, and no eval.
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "worker-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
    }
}

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

WSGI_APPLICATION = "config.wsgi.application"


def database_from_env() -> dict[str, object]:
    """The default database from DATABASE_URL, SQLite set up for concurrent writers."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    if not url.startswith(("sqlite:", "postgres:", "postgresql:")):
        raise ImproperlyConfigured(
            f"DATABASE_URL={url!r}: expected sqlite:///path or postgres://..."
        )
    config: Any = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
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

if LOCAL and not DEBUG and not SECRET_KEY:
    # Beside the SQLite database, so the key lives and is backed up with it; sessions and edit
    # cookies outlive a restart.
    _database = DATABASES["default"]
    SECRET_KEY = secret_key_from_file(
        Path(str(_database["NAME"])).parent / ".secret_key"
        if _database["ENGINE"] == "django.db.backends.sqlite3"
        else BASE_DIR / ".secret_key"
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("es", _("Spanish")),
    ("it", _("Italian")),
    ("de", _("German")),
    ("pt-br", _("Brazilian Portuguese")),
    ("nl", _("Dutch")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The day a game or an event was played is today here (scorekeeper.services.checked_played_on).
TIME_ZONE = env_time_zone("DJANGO_TIME_ZONE")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # In production: hashed names (cached forever by browsers) and compressed copies, served by
    # WhiteNoise; `manage.py collectstatic` writes them.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "core.static_files.HashedModulesStorage"
    },
}


def immutable_static(path: str, url: str) -> bool:  # noqa: ARG001 (WhiteNoise passes both)
    """WhiteNoise's "cache for good": hashed names, and Pyodide, whose version is in its path
    (scorekeeper/phone_engine.py) and which loads its own files by their unhashed names."""
    return bool(re.match(r"^.+\.[0-9a-f]{12}\..+$", url)) or "/vendor/pyodide/" in url


WHITENOISE_IMMUTABLE_FILE_TEST = immutable_static

# Documents made in the background (a large round's table cards: tournaments/print_jobs.py), in
# a folder the web processes and the workers both reach; files are deleted after a day.
PRINT_ROOT = Path(os.environ.get("SCOREKEEPER_PRINT_DIR") or BASE_DIR / "prints")
# Processes laying out a large round's PDF at once (core/pdf_parts.py); 0: one per core.
PRINT_PROCESSES = env_int("SCOREKEEPER_PRINT_PROCESSES", 0)

# Behind a TLS proxy. DJANGO_PROXY_COUNT proxies in front set X-Forwarded-For and -Proto.
HTTPS = env_flag("DJANGO_HTTPS", not DEBUG and not LOCAL)  # a LAN has no certificate
PROXY_COUNT = env_int("DJANGO_PROXY_COUNT", 0)
if PROXY_COUNT:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", True)

# Who hears of a 500 (with DEBUG off), and the mail that password reset sends. The report hides
# the edit links' cookies (a game's key) as Django's hides its session cookie.
DEFAULT_EXCEPTION_REPORTER_FILTER = "core.error_pages.ReportFilter"

ADMINS = [(address, address) for address in env_list("DJANGO_ADMINS")]
if os.environ.get("DJANGO_EMAIL_HOST"):
    EMAIL_HOST = os.environ["DJANGO_EMAIL_HOST"]
    EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("DJANGO_EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"  # written to the log
DEFAULT_FROM_EMAIL = SERVER_EMAIL = os.environ.get(
    "DJANGO_DEFAULT_FROM_EMAIL", "canasta-scorekeeper@localhost"
)

# Logs go to standard error (gunicorn and systemd keep them); every 500 with its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"debug_off": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["debug_off"],
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr", "mail_admins"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # A request naming another host or over the size limit is a scanner's or a client's
        # slip, not the server's error: logged, never mailed (one mail a request otherwise).
        "django.security.DisallowedHost": {
            "handlers": ["stderr"],
            "level": "WARNING",
            "propagate": False,
        },
        "django.security.RequestDataTooBig": {
            "handlers": ["stderr"],
            "level": "WARNING",
            "propagate": False,
        },
        # WeasyPrint says a line per page it lays out at INFO: 250 for a large round's sheets.
        "weasyprint": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}

# The cache holds login throttling and rate-limit counts, shared by every web process, and the
# rendered scoreboards: Redis when there is one, else a database table (created by migration
# 0005, or `createcachetable`) and each process's memory. While a configured Redis does not
# answer, each cache call goes to the entry's FALLBACK instead (core/cache.py): the counts
# to that same table, the scoreboards nowhere (they are rendered afresh); the outage is logged
# once, and Redis is tried again every few seconds.
REDIS_URL = os.environ.get("REDIS_URL", "")
if not REDIS_URL and os.environ.get("CELERY_BROKER_URL", "").startswith("redis"):
    REDIS_URL = os.environ["CELERY_BROKER_URL"]
_DATABASE_CACHE = {
    "BACKEND": "django.core.cache.backends.db.DatabaseCache",
    "LOCATION": "scorekeeper_cache",
}


def _redis_cache(prefix: str, fallback: str) -> dict[str, Any]:
    return {
        "BACKEND": "core.cache.FallbackRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": prefix,
        "FALLBACK": fallback,
        # A Redis that hangs holds a request this long at most, then is skipped for a while.
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5},
    }


CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": _redis_cache("scorekeeper", fallback="database"),
        # Rendered parts of pages, keyed by the game's version (never stale, so a per-process
        # memory works as well as Redis, which the web processes share).
        "fragments": _redis_cache("fragments", fallback="nowhere"),
        "database": _DATABASE_CACHE,
        "nowhere": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
else:
    CACHES = {
        "default": _DATABASE_CACHE,
        "fragments": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        },
    }

# Login throttling on both login pages (django-axes, counts in the cache): five failures for a
# name, from whatever addresses (guesses spread over many), lock that name, and five from one
# address, whatever the names (one password tried on many accounts), lock that address, each for
# 15 minutes from the last failure. An administrator lifts a lock at once with `manage.py
# axes_reset_username NAME` or `axes_reset_ip ADDRESS` (docs/configuration.md; the cache handler keys each
# count by one parameter alone, so those commands find it: no "username + address" count,
# which axes_reset_username would leave behind).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username"], ["ip_address"]]
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# Rate limits on anonymous writes (new games, import, the score API), by client address; the
# decorators are in views.py and api.py. The app is not installed: its system checks know
# neither Django's own Redis cache nor the database cache, both shared and fine for counting.
RATELIMIT_VIEW = "core.error_pages.rate_limited"
RATELIMIT_IP_META_KEY = "core.client_address.client_ip"
RATE_NEW_GAMES = os.environ.get("SCOREKEEPER_RATE_NEW_GAMES", "120/h")
RATE_SCORE = os.environ.get("SCOREKEEPER_RATE_SCORE", "600/m")
# Password reset mails, per client address and per e-mail address, logged in or not (limits.py).
RATE_PASSWORD_RESET = os.environ.get("SCOREKEEPER_RATE_PASSWORD_RESET", "5/h")

LOGIN_REDIRECT_URL = "after-login"  # a director to the tournaments, anyone else home
LOGOUT_REDIRECT_URL = "/"

# Celery: a real broker when CELERY_BROKER_URL is set, else eager in-process execution.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True  # tasks are idempotent: a worker lost mid-task lets another redo it
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task taken by a worker that died (killed with -9, its machine restarted) goes back to the
# queue after this long unacknowledged (Redis; Celery's default is an hour). Sized to the work:
# the tasks acknowledged late take at most seconds (a 1000-pair standings or draw well under
# one) and a retry waits at most 60 s (background.py), so two minutes redelivers nothing alive
# and brings a lost task back soon; the long one, a large round's PDF, is acknowledged at once
# and started again by its page if lost (tournaments/print_jobs.py). Workers look for such tasks
# every 10 s (kombu's default: every 100 s). A broker that accepts a connection and then hangs
# is given up on after the socket timeouts, so a request that sends a task never hangs with it
# (background.py then runs the task itself).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 120),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,  # above the workers' 1 s wait for a task (BRPOP)
}
# A broker that is down is said at once, rather than retried inside a request: the work is then
# done in the request itself (core/background.py), so a retry would only make it wait.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0}
# Eager mode still round-trips task arguments through the JSON serializer (Celery 5.5+), so a task
# whose arguments JSON cannot carry fails in tests as it would with a real broker.
