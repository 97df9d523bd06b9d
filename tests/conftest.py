"""Shared fixtures. The named test data lives in tests/factories.py."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

import tests.properties  # noqa: F401 (registers the hypothesis profiles)
from tests.federation_season import (  # noqa: F401 (a federation's season, shared)
    committed,
    season_of_the_module,
    season_played,
)

hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

DATA = Path(__file__).parent / "data"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow tests first (marker ``slow``): with two test processes (pytest-xdist), a long test
    started last would leave the other process idle while it runs.

    On `make test`'s second pass (PostgreSQL: scripts/test-all sets SCOREKEEPER_SECOND_PASS),
    the tests that use no database of the run are skipped: they ran on the first pass and would
    run the same again. They are the pure cores' tests (tests/unit/), those marked
    ``own_database`` (they start a database of their own), and the browser's
    (tests/browser/conftest.py). A run on PostgreSQL alone runs all.

    The tests marked ``services`` (real Redis, a broker, workers and web servers, stopped and
    killed under them) run once in `make test`: on its PostgreSQL pass, the production stack
    (scripts/test-all sets SCOREKEEPER_FIRST_PASS on the SQLite pass beside it). So do those
    marked ``one_pass`` (what they add over their smaller cases is the engines' work, or a
    supervisor's; and the page audits and the federation's pages in seven languages, long
    browser tests: tests/browser/conftest.py):
    the same on either database, they run where there is time to spare, the PostgreSQL pass
    ending minutes before the SQLite pass and its browser tests. A run on SQLite alone runs
    them all."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if os.environ.get("SCOREKEEPER_FIRST_PASS") == "1":
        on_postgresql = pytest.mark.skip(
            reason="the services' faults: checked on the PostgreSQL pass, the production stack"
        )
        either = pytest.mark.skip(reason="the same on either database: run on the PostgreSQL pass")
        for item in items:
            if item.get_closest_marker("services"):
                item.add_marker(on_postgresql)
            elif item.get_closest_marker("one_pass"):
                item.add_marker(either)
    if os.environ.get("SCOREKEEPER_SECOND_PASS") != "1":
        return
    once = pytest.mark.skip(reason="uses no database of the run: checked on the first pass")
    unit = Path(__file__).parent / "unit"
    for item in items:
        if item.get_closest_marker("own_database") or unit in Path(item.path).parents:
            item.add_marker(once)


def load_examples(name: str = "examples.jsonl") -> list[dict]:
    """The worked examples of ../shared/rules/examples.jsonl, or of another file beside it
    (examples-families.jsonl), from our copy in tests/data."""
    with open(DATA / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="session")
def examples() -> list[dict]:
    return load_examples()


@pytest.fixture
def client():
    """Django's test client, checking every API answer against the OpenAPI document."""
    from django.test import Client

    from tests.openapi_check import check

    class CheckedClient(Client):
        def request(self, **request):  # type: ignore[no-untyped-def]
            response = super().request(**request)
            path = request.get("PATH_INFO", "")
            if path.startswith("/api/") and not getattr(response, "streaming", False):
                check(
                    request["REQUEST_METHOD"],
                    path,
                    response.status_code,
                    response.get("Content-Type", ""),
                    response.content,
                )
            return response

    return CheckedClient()


@pytest.fixture(scope="session")
def django_db_setup(
    request: pytest.FixtureRequest,
    django_test_environment: None,
    django_db_blocker: Any,
    django_db_modify_db_settings: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[None]:
    """The test database: pytest-django's, but with two test processes (pytest-xdist), a copy
    of one template migrated once for the run (tests/template_database.py), not a database
    migrated in each."""
    from django.test.utils import setup_databases

    from tests import template_database

    verbosity = request.config.option.verbose
    # pytest-xdist's worker name ("gw0"…); "master" without xdist, or with -p no:xdist
    worker_id = os.environ.get("PYTEST_XDIST_WORKER", "master")
    if worker_id == "master":  # one process: nothing to share
        with django_db_blocker.unblock():
            created = setup_databases(verbosity=verbosity, interactive=False)
        yield
        with django_db_blocker.unblock():
            # As a copy is dropped (FORCE on PostgreSQL): a live server's thread behind a kept
            # phone's socket still holds a connection, which Django's own drop refused.
            for _connection, original, _destroy in created:  # the one database, "default"
                template_database.drop_test_database(original, verbosity)
        return
    shared = tmp_path_factory.getbasetemp().parent  # the run's directory, shared by the workers
    with django_db_blocker.unblock():
        original = template_database.copy_of_the_template(shared, worker_id, verbosity)
    yield
    with django_db_blocker.unblock():
        try:  # as pytest-django does: a session still open (a server's thread) is a warning
            template_database.drop_the_copy(shared, original, verbosity)
        except Exception as error:
            request.node.warn(pytest.PytestWarning(f"the test database stays: {error!r}"))


@pytest.fixture(scope="session", autouse=True)
def _no_collected_static_files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No collected static files (the ``staticfiles/`` that `make run` writes into a checkout):
    the tests see the tree as CI's fresh clone does. Found there, WhiteNoise read its thousand
    files again for each test client it served (its middleware is built per client): a fifth
    of the integration tests' CPU on a developer's checkout. A test that collects the files
    names its own directory."""
    from django.test import override_settings

    with override_settings(STATIC_ROOT=tmp_path_factory.mktemp("collected-static")):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher() -> Iterator[None]:
    """Passwords hashed with MD5 in the tests: a login or a new account takes microseconds, not
    the ~1 s of CPU that PBKDF2 takes by design (5 of them were 6 s of one club test). Django's
    own hashers stay after it, so a hash made by a subprocess with the real settings is still
    read; test_settings checks that the settings themselves keep PBKDF2."""
    from django.conf import global_settings
    from django.test import override_settings

    fast = "django.contrib.auth.hashers.MD5PasswordHasher"
    with override_settings(PASSWORD_HASHERS=[fast, *global_settings.PASSWORD_HASHERS]):
        yield


@pytest.fixture
def dora(db: None) -> Any:
    """Dora, who directs the club's events (the cast of tests/factories.py)."""
    from tests.factories import account

    return account("dora")


@pytest.fixture
def director(client, dora) -> Any:
    """Dora, logged in on the test's client."""
    client.force_login(dora)
    return dora


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in English: a page asked for in French leaves French active in the
    thread (LocaleMiddleware does not switch back), and services speak the active language."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(scope="session")
def caches_at_start() -> dict[str, Any]:
    from django.conf import settings

    return copy.deepcopy(settings.CACHES)


@pytest.fixture(autouse=True)
def _fresh_page_cache(monkeypatch, caches_at_start):
    """Each test starts with no rendered page cached: a tournament's public pages are cached by
    its id and version, which the next test's fresh database gives out again. Tests see each
    change at once: the public pages' pause between two renders (a big evening's) is off. And
    each starts with the caches of the settings: a test that left its own behind (an override
    undone in the wrong order) fails the next one here, not in some page's query count."""
    from django.conf import settings
    from django.core.cache import caches

    from tournaments.views import cached_pages

    assert caches_at_start == settings.CACHES, "a test left its CACHES setting behind"
    caches["fragments"].clear()
    monkeypatch.setattr(cached_pages, "RENDER_EVERY", 0)
    monkeypatch.setattr(cached_pages, "RENDER_PAUSE", 0)


@pytest.fixture(autouse=True)
def _no_counts_left_behind(
    request: pytest.FixtureRequest, caches_at_start: dict[str, Any]
) -> Iterator[None]:
    """A test that commits (``transaction=True``) leaves nothing in the default cache for the
    next: the cache is a database table the flush after such a test does not empty, and the
    rate limits (anonymous new games: 120 an hour from one address) count there, so a run's
    transactional tests would otherwise use up the limit of every test after them."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        yield
        return
    request.getfixturevalue("transactional_db")  # torn down after this fixture: still open
    yield
    from django.utils.module_loading import import_string

    # The settings' own default cache, whatever the test overrode (a Redis it stopped, say).
    default = caches_at_start["default"]
    import_string(default["BACKEND"])(default.get("LOCATION", ""), default).clear()


@pytest.fixture
def server_time(monkeypatch) -> Any:
    """The server's clock, moved on by the test (``server_time.move(minutes)``): the round
    clock and every row's time read django.utils.timezone.now, patched here (a live server's
    thread runs in this process and reads it too)."""
    from datetime import timedelta

    from django.utils import timezone

    real = timezone.now

    class ServerTime:
        offset = timedelta(0)

        def move(self, minutes: float) -> None:
            self.offset += timedelta(minutes=minutes)

    moved = ServerTime()
    monkeypatch.setattr(timezone, "now", lambda: real() + moved.offset)
    return moved
