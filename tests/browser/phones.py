"""The browser tests' phones and screens, kept open between a test process's tests.

A phone is a browser context of its own (its cookies, storage, service worker). Measured with
the home page, 30 times each way, chromium's CPU by process: a new context and its page cost
about 1.5 s (1.0 of it a new renderer); a new page in a context kept open, opened while that
context's last page is still open, about 0.6 s; the same page opened once the context's pages
are all closed, 1.5 s again. With some 140 phones and screens in a run, a context per phone was
a sixth of the browser tests' CPU.

So a phone given back is kept, its last page waiting on a file of its site (no script, no
request), and lent again to the next test emptied: a new page; its site's cookies, storage,
caches and service worker cleared (CDP's Storage.clearDataForOrigin, as the phone's "clear site
data"); its HTTP cache emptied (the event and game numbers of two tests' databases are the same
numbers: an ETag kept from one test must not answer the next); online; no route; the cookie that
refuses it the engine's files (ENGINE_REFUSED). A phone that loads the rules engine (Pyodide) is
never kept: the offline tests need a phone that has never seen the engine's files. But it holds,
unless its test is about the engine's first start, the engine's memory as a first start on
another phone kept it (engine_phone). What a kept phone does not forget, so that no test may do
it to a lent phone's context: an init script (a test adds it to its page, which goes with the
test), an exposed function, a listener of the context, a geolocation, another site's storage.

``phone_page(browser)`` lends a phone until the test ends; ``engine_phone(browser, base)`` a
phone whose rules engine loads; ``with held_phone(browser) as page`` gives it back when the
block ends (a test that plays table after table); ``screen_page(browser,
viewport)`` lends a wall, a projector or a laptop (not a phone: no touch, scale 1)."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from tests.waiting import wait_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
# The pictures of the pages the tests take for a person to judge (test-artifacts/): taken when
# asked for (SCOREKEEPER_PICTURES=1, as `make pictures` runs the browser tests), not on every
# run. Measured on three of the browser test modules, one process: 173 s with their pictures,
# 145 s without (chromium lays out and encodes each whole page again); no test reads one. A
# failed test's picture is always taken (conftest.pytest_runtest_makereport).
PICTURES = os.environ.get("SCOREKEEPER_PICTURES") == "1"
PHONE = {"width": 390, "height": 844}
# A phone's browser context: its screen, touch and pixel density.
PHONE_CONTEXT = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# How long an action (a navigation, a tap) waits at most, sized for a machine four times slower
# than this one under the load of a whole run. It polls: met sooner, it returns at once.
ACTION_MS = 60_000
# Where a kept phone's last page waits for its next test: a file of the site (no script, no
# request), closed only once the next test's page is open (a page opened in a context with no
# page left costs chromium as much as a new context).
WAITING_ROOM = "/static/scorekeeper/icons/favicon-32.png"
# The rules engine's files, refused on a phone that is not about the engine: a game's pages start
# loading it in the background (ten megabytes, seconds of CPU to compile). The live server
# refuses them (404) to a phone holding this cookie (tests/browser/conftest.py), which its
# pages' and its service worker's requests all carry: a route of Playwright's would stop every
# request of the phone on its way (measured: a sixth of chromium's CPU on the club's pages).
ENGINE_REFUSED = "test-engine-refused"
ENGINE_FILES = "/static/vendor/pyodide/"
# The rules engine's memory, kept in Cache Storage by its first start on a phone
# (static/scorekeeper/engine-worker.mjs: KEPT), and the keys it is kept under.
ENGINE_MEMORY = "engine-memory"
ENGINE_MEMORY_KEYS = (
    f"() => caches.open('{ENGINE_MEMORY}').then(c => c.keys()).then(k => k.map(r => r.url))"
)
# The engine's kept memory read out of a phone (base64: a page gives back text), and written into
# another under its key, fetched from the live server, which serves it at MEMORY_SERVED
# (tests/browser/conftest.py): handed through Playwright, its six megabytes took a second of CPU.
_MEMORY_READ = f"""key => caches.open('{ENGINE_MEMORY}').then(c => c.match(key))
  .then(r => r.arrayBuffer()).then(buffer => {{
    const bytes = new Uint8Array(buffer); let text = "";
    for (let at = 0; at < bytes.length; at += 0x8000) {{
      text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }}
    return btoa(text);
  }})"""
_MEMORY_WRITE = f"""([key, served]) => fetch(served).then(r => {{
  if (!r.ok) {{ throw new Error("the engine's memory: " + r.status); }}
  return caches.open('{ENGINE_MEMORY}').then(c => c.put(key, r));
}})"""
# How long the engine's start may take, on a machine four times slower than this one under a
# whole run's load (ACTION_MS's reasoning): a start that hangs fails its test, not the run.
START_MS = 180_000
_STARTED = f"""where => Promise.race([canastaEngine(where).ready, new Promise((_, refuse) =>
  setTimeout(() => refuse(new Error("no engine in {START_MS} ms")), {START_MS}))])"""
MEMORY_SERVED = "/static/test-engine-memory"
_REFUSING = [
    {"name": ENGINE_REFUSED, "value": "1", "domain": host, "path": "/"}
    for host in ("localhost", "127.0.0.1")
]


class Phones:
    """One browser's phones: those lent to the running test and those kept for the next."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.kept: dict[tuple, list[tuple[BrowserContext, str]]] = {}
        self.lent: list[tuple[BrowserContext, tuple, bool]] = []
        # The engine's memory as a first start kept it, read once (engine_phone): its key, the
        # site that key names, and the file of its bytes, in the run's directory (``shared``,
        # set by the browser fixture: tests/browser/conftest.py). Or why it could not be kept.
        self.engine_memory: tuple[str, str, Path] | None = None
        self.engine_memory_failed: str | None = None
        self.shared: Path | None = None

    def lend(self, kind: tuple, options: dict, engine: bool = False) -> Page:
        kept = self.kept.get(kind) if not engine else None
        if kept:
            context, origin = kept.pop()
            waiting = list(context.pages)
            page = context.new_page()  # before the waiting page goes (see WAITING_ROOM)
            emptied = context.new_cdp_session(page)
            emptied.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            emptied.send("Network.clearBrowserCache")
            emptied.detach()
            for old in waiting:
                old.close()
            context.add_cookies(_REFUSING)  # the site's cookies were cleared with its data
        else:
            context = self.browser.new_context(**options)
            if not engine:
                context.add_cookies(_REFUSING)
            page = context.new_page()
        page.set_default_timeout(ACTION_MS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.lent.append((context, kind, engine))
        return page

    def lend_engine_phone(self, base: str, first_start: bool, options: dict) -> Page:
        """A phone of its own whose engine loads; unless ``first_start``, holding the engine's
        memory (see engine_phone), written from its first page, a file of the site."""
        memory = None if first_start else self._engine_memory(base, options)
        page = self.lend(("engine",), options, engine=True)
        if memory is not None:
            key, site, _file = memory
            assert key.startswith(site + "/"), (key, site)
            page.goto(base + WAITING_ROOM)
            page.evaluate(_MEMORY_WRITE, [base + key[len(site) :], MEMORY_SERVED])
        return page

    def _engine_memory(self, base: str, options: dict) -> tuple[str, str, Path]:
        """The memory the engine's first start keeps: the one another test process of the run
        left in the run's directory (``shared``), else one kept by a first start here, on a
        phone of its own, and left there for the others. A first start that failed fails each
        test that asks again, at once, with its reason."""
        if self.engine_memory_failed is not None:
            raise AssertionError(self.engine_memory_failed)
        if self.engine_memory is None:
            assert self.shared is not None, "the browser fixture names the run's directory"
            file, named = self.shared / "engine-memory.gz", self.shared / "engine-memory.json"
            with open(self.shared / "engine-memory.lock", "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # until the file closes
                if not named.exists():
                    try:
                        key = self._first_start(base, options, file)
                    except Exception as error:
                        self.engine_memory_failed = f"the engine's first start failed: {error!r}"
                        raise
                    named.write_text(json.dumps({"key": key, "site": base}))
                found = json.loads(named.read_text())
            self.engine_memory = (found["key"], found["site"], file)
        return self.engine_memory

    def _first_start(self, base: str, options: dict, file: Path) -> str:
        """The engine started afresh on a page of ``base``, on a phone of its own (closed
        after): the key of the memory it kept, its bytes written to ``file``."""
        context = self.browser.new_context(**options)
        try:
            page = context.new_page()
            page.set_default_timeout(ACTION_MS)
            assert engine_started(page, base)["kept"] is False
            [key] = engine_memory_kept(page)
            file.write_bytes(base64.b64decode(page.evaluate(_MEMORY_READ, key)))
            return key
        finally:
            context.close()

    def give_back(self, page: Page) -> None:
        for lent in self.lent:
            if lent[0] is page.context:
                self.lent.remove(lent)
                self._keep(*lent)
                return

    def give_back_all(self) -> None:
        lent, self.lent = self.lent, []
        for context, kind, engine in lent:
            self._keep(context, kind, engine)

    def _keep(self, context: BrowserContext, kind: tuple, engine: bool) -> None:
        """Kept for the next test if it can be emptied: a phone of the engine, one closed by its
        test, or one whose pages left the one site they visited, is closed instead."""
        try:
            pages = list(context.pages)
            origins = {
                f"{urlsplit(page.url).scheme}://{urlsplit(page.url).netloc}"
                for page in pages
                if page.url.startswith("http")
            }
            if engine or len(origins) != 1:
                context.close()
                return
            (origin,) = origins
            context.set_offline(False)
            for page in pages[1:]:
                page.close()
            waiting = pages[0]
            waiting.unroute_all(behavior="ignoreErrors")
            waiting.goto(origin + WAITING_ROOM)  # its scripts stop: nothing asks the server
            context.unroute_all(behavior="ignoreErrors")
            context.clear_cookies()
            context.clear_permissions()
            context.set_extra_http_headers({})
            self.kept.setdefault(kind, []).append((context, origin))
        except PlaywrightError:  # closed by its test, or a page that would not leave
            with contextlib.suppress(PlaywrightError):
                context.close()


_PHONES: dict[int, Phones] = {}


def phones_of(browser: Browser) -> Phones:
    return _PHONES.setdefault(id(browser), Phones(browser))


def served_memory() -> Path | None:
    """The file of the engine's memory a phone of this test process kept (MEMORY_SERVED)."""
    kept = [phones.engine_memory[2] for phones in _PHONES.values() if phones.engine_memory]
    return kept[0] if kept else None


def phone_page(browser: Browser) -> Page:
    """A page on a phone of its own (its own cookies and storage), at 390×844, until the test
    ends. Its rules engine cannot load (its Pyodide files are refused), so the page scores
    through the server, as on a phone where it cannot run (a phone whose engine loads:
    engine_phone)."""
    return phones_of(browser).lend(("phone",), PHONE_CONTEXT)


def engine_phone(
    browser: Browser, base: str, *, first_start: bool = False, **options: object
) -> Page:
    """A page on a phone of its own whose rules engine loads (Pyodide: its files are served),
    until the test ends or its test closes its context; at 390×844 unless ``options`` (of a
    browser context) say otherwise.

    Unless ``first_start``, the phone holds the engine's memory as its first start on a page of
    ``base`` keeps it (engine-worker.mjs), as a phone that started the engine before: its pages
    restore it (a second of chromium's CPU) where a first start takes five, and a sixth of the
    browser tests' CPU went to first starts. The memory is the one a first start in the run
    kept, on a phone of its own, once for all its test processes; the phone holds nothing else
    of the engine (its files are fetched and kept by its service worker as on any phone). A
    test of what the first start does (the memory kept, a fresh start) asks for
    ``first_start``."""
    return phones_of(browser).lend_engine_phone(base, first_start, {**PHONE_CONTEXT, **options})


def screen_page(browser: Browser, viewport: dict) -> Page:
    """A page on a screen of its own (a wall, a projector, a laptop) of ``viewport``, until the
    test ends."""
    kind = ("screen", viewport["width"], viewport["height"])
    return phones_of(browser).lend(kind, {"viewport": viewport})


@contextlib.contextmanager
def held_phone(browser: Browser) -> Iterator[Page]:
    """A phone given back when the block ends; kept until the test ends if the block fails, so
    the failed test's picture shows its page (conftest.pytest_runtest_makereport)."""
    page = phone_page(browser)
    yield page
    phones_of(browser).give_back(page)


def picture(
    target: Page | Locator,
    path: str | Path,
    *,
    full_page: bool = False,
    quality: int | None = None,
    timeout: float | None = None,
) -> None:
    """A picture of the page (the whole page with ``full_page``), or of one of its elements,
    saved at ``path`` when pictures are asked for (PICTURES); ``quality`` for a JPEG. Without
    them, an element is still waited for until visible, as its picture waited for it."""
    if isinstance(target, Locator):
        assert not full_page, "an element's picture is the element"
        if PICTURES:
            target.screenshot(path=str(path), quality=quality, timeout=timeout)
        else:
            target.wait_for(state="visible", timeout=timeout)
    elif PICTURES:
        target.screenshot(path=str(path), full_page=full_page, quality=quality, timeout=timeout)


def engine_started(page: Page, base: str, language: str = "en") -> dict:
    """The engine started in its worker on a page of ``base`` (the opening page, with the
    script a game's entry page starts it with), its messages in ``language``: how it started
    (engine-worker.mjs: ``{ms, kept}``)."""
    from django.urls import reverse
    from django.utils import translation

    from scorekeeper.phone_engine import engine_config

    with translation.override(language):
        where = engine_config()
    page.goto(base + reverse("opening"))
    page.add_script_tag(url=base + "/static/scorekeeper/engine.js")
    how: dict = page.evaluate(_STARTED, where)
    assert how["ms"] > 0, how
    return how


def is_waiting(page: Page) -> bool:
    """A kept phone's page, waiting for its next test."""
    return page.url.endswith(WAITING_ROOM)


def engine_memory_kept(page: Page) -> list[str]:
    """The keys of the engine's memory on ``page``'s phone, once its first start has kept it (in
    the background, a second or so after the engine is ready)."""
    wait_until(lambda: page.evaluate(ENGINE_MEMORY_KEYS), 60, "the engine's memory kept")
    keys: list[str] = page.evaluate(ENGINE_MEMORY_KEYS)
    return keys
