"""Playwright driving Debian's chromium (never Playwright's own browser download).

The tests of what the pages do run in Chromium's headless shell as Debian builds it (package
chromium-headless-shell: the same source and version as chromium, its Blink and V8), as
Playwright itself runs headless tests in its own build of that shell since 1.49 (the full
browser's headless mode, it says, is "slightly slower on average"). Measured here, the 107
browser tests in two processes: chromium's CPU 278 s in the full browser, 189 s in the shell (the
browser process 90 → 42 s, the pages' 167 → 135 s), 287 → 267 s of wall time; the home, opening
and new-game pages drawn the same to the pixel by both at 390×844. What is judged as the
players' browser shows it runs in the full chromium: the audits (axe and Lighthouse, every page:
``chromium`` fixture, test_audits.py) and the pictures to be looked at by eye (`make pictures`:
PICTURES). Without the shell installed, every test runs in the full chromium."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.browser.phones import (
    ACTION_MS,
    ARTIFACTS,
    ENGINE_FILES,
    ENGINE_REFUSED,
    MEMORY_SERVED,
    PHONE,
    PICTURES,
    engine_phone,
    is_waiting,
    phone_page,
    phones_of,
    served_memory,
)

__all__ = ["ACTION_MS", "ARTIFACTS", "PHONE", "phone_page"]

CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
# What the guide asks (no sandbox as root, no GPU, no background traffic). Playwright already
# turns off extensions, casting and the optimisation hints, by its own --disable-features; a
# second --disable-features here would replace its list (chromium keeps the last), turning back
# on what it turns off for tests, among them the paint holding that can leave a tap on the page
# before.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
]
# How long an assertion waits at most (an action's: phones.ACTION_MS), sized for a machine four
# times slower than this one under the load of a whole run. It polls: met sooner, it returns at
# once, so a generous limit costs a passing test nothing (Playwright's own limit is 5 s).
EXPECT_MS = 20_000
expect.set_options(timeout=EXPECT_MS)

# Playwright's sync API runs an event loop in this thread; the test's own database calls are
# ordinary synchronous ones, so Django's async-safety guard does not apply here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On `make test`'s second pass (PostgreSQL: SCOREKEEPER_SECOND_PASS, tests/conftest.py),
    the browser tests are skipped: they ran on the first pass, and what they check is the page,
    the phone's engine and its offline queue, the same whichever database the server uses. What
    the database changes (saving a hand once, the two-phone choice, a result stored once under
    concurrent sends, the locks, the faults of a restarted server) is checked on PostgreSQL by
    the integration tests, which reach the same services. It keeps `make test` within its
    minutes; a run on PostgreSQL alone (DATABASE_URL, no SCOREKEEPER_SECOND_PASS) runs all.

    But for those marked ``one_pass``, which run on the second pass only (tests/conftest.py): the
    page audits (test_audits.py) and the federation's pages in seven languages
    (test_federation_pages.py), long browser tests and the same on either database,
    which there even out the passes' work (the PostgreSQL pass ended three minutes before the
    SQLite pass and its browser tests, one core of two idle meanwhile)."""
    if os.environ.get("SCOREKEEPER_SECOND_PASS") != "1":
        return
    here = Path(__file__).parent
    once = pytest.mark.skip(reason="the pages are checked in the browser once, on the first pass")
    for item in items:  # every test of the run is here, not only this folder's
        if here in Path(item.path).parents and not item.get_closest_marker("one_pass"):
            item.add_marker(once)


@pytest.fixture(scope="session", autouse=True)
def _test_static_files() -> Iterator[None]:
    """The live server's static files (Django's StaticFilesHandler, before any middleware)
    refuse the rules engine's files to a phone holding ENGINE_REFUSED (tests/browser/phones.py):
    a phone of the engine's tests has no such cookie. And they serve the engine's memory a
    phone kept at MEMORY_SERVED, for the next phones to hold (phones.engine_phone)."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.http import FileResponse, Http404

    serve = StaticFilesHandler.serve

    def served(self, request):
        if request.COOKIES.get(ENGINE_REFUSED) and request.path.startswith(ENGINE_FILES):
            raise Http404("the engine is refused to this phone")
        if request.path == MEMORY_SERVED:
            kept = served_memory()
            if kept is None:
                raise Http404("no phone has kept the engine's memory yet")
            return FileResponse(kept.open("rb"), content_type="application/octet-stream")
        return serve(self, request)

    StaticFilesHandler.serve = served
    yield
    StaticFilesHandler.serve = serve


def pages_browser() -> str:
    """The executable the browser tests drive (the module's docstring)."""
    return HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() and not PICTURES else CHROMIUM


@pytest.fixture(scope="session")
def _playwright() -> Iterator[Playwright]:
    """Playwright's driver, one for the test process: its sync API runs one event loop in this
    thread, which a second driver would find running."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@contextlib.contextmanager
def launched(playwright: Playwright, executable: str) -> Iterator[Browser]:
    """A browser of Debian's package at ``executable``, with the guide's flags, until the block
    ends."""
    package = Path(executable).name
    assert Path(executable).exists(), f"Debian's {package} is needed: apt-get install {package}"
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser(_playwright: Playwright, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """The browser the tests of the pages drive: the headless shell (pages_browser). Its
    phones share what the run's test processes share in the run's directory (the engine's
    memory: phones.engine_phone)."""
    # The run's directory: with test processes (pytest-xdist), the parent of each one's own;
    # else the process's own, which a later run does not share (tests/conftest.py does the same).
    run = tmp_path_factory.getbasetemp()
    with launched(_playwright, pages_browser()) as running:
        phones_of(running).shared = run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run
        yield running


@pytest.fixture(scope="session")
def chromium(_playwright: Playwright) -> Iterator[Browser]:
    """Debian's full chromium, the players' browser: for the audits."""
    with launched(_playwright, CHROMIUM) as running:
        yield running


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """A browser test that fails leaves a picture of every page still open, and its address
    (test-artifacts/browser/failed-<test>-<n>.png): what the phone showed when it gave up."""
    report = yield
    used = [name for name in ("browser", "chromium") if name in item.fixturenames]
    if report.when == "call" and report.failed and used:
        browser = item.funcargs[used[0]]
        name = "".join(c if c.isalnum() else "-" for c in item.name)[:80]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pages = [
            page
            for context in browser.contexts
            for page in context.pages
            if not is_waiting(page)  # a kept phone between its tests
        ]
        for number, page in enumerate(pages):
            try:
                page.screenshot(path=str(ARTIFACTS / f"failed-{name}-{number}.png"), timeout=10_000)
                report.sections.append((f"open page {number}", page.url))
            except Exception as error:  # a page closing as it fails: the others still count
                report.sections.append((f"open page {number}", f"{page.url}: {error}"))
    return report


@pytest.fixture(autouse=True)
def _phones_given_back(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every phone and screen a test was lent goes back when it ends (tests/browser/phones.py)."""
    yield
    if "browser" in request.fixturenames:
        phones_of(request.getfixturevalue("browser")).give_back_all()


def _phone(browser: Browser, live_server, request: pytest.FixtureRequest) -> Page:
    """A phone; in a test marked ``engine``, one whose rules engine loads, holding the engine's
    memory as a first start kept it unless marked ``engine(first_start=True)``
    (phones.engine_phone)."""
    engine = request.node.get_closest_marker("engine")
    if engine is None:
        return phone_page(browser)
    assert set(engine.kwargs) <= {"first_start"}, f"engine() takes first_start: {engine.kwargs}"
    return engine_phone(
        browser, live_server.url, first_start=engine.kwargs.get("first_start", False)
    )


@pytest.fixture
def phone(browser, live_server, request: pytest.FixtureRequest) -> Page:
    return _phone(browser, live_server, request)


@pytest.fixture
def second_phone(browser, live_server, request: pytest.FixtureRequest) -> Page:
    """Another phone at the same table."""
    return _phone(browser, live_server, request)


def console_errors(page) -> list[str]:
    """Every error the page's console shows from now on (console.error, an uncaught exception or
    promise rejection, a request that failed), for a test to assert there is none."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors
