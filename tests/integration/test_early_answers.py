"""The followed pages' unchanged looks answered before Django (core.early_answers, issue 32):
through the site's WSGI application (config.wsgi), as gunicorn calls it, a spectator's second
look at an unchanged page is a 304 with no Django request; a result that changes the page
sends the next look to Django, which shows it; another visitor's cookies, a write, a POST
always reach Django; stale standings, once the seconds are up. A page that is the same for
every visitor not logged in is given whole to the next such visitors; the round clock's asks
are computed."""

from __future__ import annotations

import gzip as gzip_module
import io
import json
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from types import SimpleNamespace
from wsgiref.util import setup_testing_defaults

import pytest
from django.core.cache import caches
from django.core.signals import request_started

from config.wsgi import application
from core import early_answers
from tests.factories import confirm, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)  # the writes forget once they commit


class Look:
    """One request through the WSGI application: its status, headers and body."""

    def __init__(
        self,
        path: str,
        etag: str = "",
        cookie: str = "",
        method: str = "GET",
        query: str = "",
        host: str = "testserver",
        extra: dict | None = None,
    ):
        environ: dict = {
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "REQUEST_METHOD": method,
            "HTTP_HOST": host,
            "HTTP_ACCEPT_LANGUAGE": "en",
            "wsgi.input": io.BytesIO(b""),
        }
        if etag:
            environ["HTTP_IF_NONE_MATCH"] = etag
        if cookie:
            environ["HTTP_COOKIE"] = cookie
        environ.update(extra or {})
        setup_testing_defaults(environ)
        started: list[tuple[str, list]] = []
        body = application(
            environ, lambda status, headers, _exc_info=None: started.append((status, headers))
        )
        self.body = b"".join(body)
        if hasattr(body, "close"):
            body.close()
        self.status = int(started[0][0][:3])
        self.headers = dict(started[0][1])
        self.cookies = "; ".join(
            value.split(";")[0] for name, value in started[0][1] if name == "Set-Cookie"
        )

    @property
    def etag(self) -> str:
        return self.headers["ETag"]

    @property
    def computed_mark_hidden(self) -> bool:
        """The view's marks for the layer never leave the server."""
        return early_answers.COMPUTED not in self.headers and early_answers.MARK not in self.headers


@pytest.fixture
def djangos_requests() -> Iterator[list[object]]:
    """The requests Django itself handled from now on, in this test's thread (a browser test's
    live server, in another thread of the process, may still answer a phone left open)."""
    seen: list[object] = []
    here = threading.get_ident()

    def started(**_kwargs: object) -> None:
        if threading.get_ident() == here:
            seen.append(object())

    request_started.connect(started)
    yield seen
    request_started.disconnect(started)


@pytest.mark.parametrize("page", ["", "standings/", "screen/", "screen.json"])
def test_an_unchanged_page_is_answered_before_django_and_a_result_sends_it_to_django(
    evening, djangos_requests, page
) -> None:
    event, tables = evening
    path = f"/t/{event.id}/{page}"
    first = Look(path)
    assert first.status == 200 and early_answers.MARK not in first.headers
    cookie = first.cookies
    # The phone asks again with what it has: Django answers 304 and marks it; from then on the
    # layer answers, and Django sees none of those looks.
    assert Look(path, first.etag, cookie).status == 304
    handled = len(djangos_requests)
    for _ in range(3):
        again = Look(path, first.etag, cookie)
        assert again.status == 304 and again.body == b""
        assert again.etag == first.etag and early_answers.MARK not in again.headers
    assert len(djangos_requests) == handled
    # A phone with other cookies (its own language) is answered by Django.
    assert Look(path, first.etag, "django_language=fr").status in (200, 304)
    assert len(djangos_requests) == handled + 1

    confirm(tables[0], 900, 300)  # a result: the page has changed

    changed = Look(path, first.etag, cookie)
    assert changed.status == 200 and changed.etag != first.etag
    assert len(djangos_requests) == handled + 2


def test_what_django_does_not_mark_is_never_answered_early(evening, djangos_requests) -> None:
    event, _tables = evening
    # A table's own page, a director's page, a POST: never followed by the layer.
    for path in ("/", f"/t/{event.id}/director/", "/opening/"):
        first = Look(path)
        etag = first.headers.get("ETag", '"none"')
        Look(path, etag)
        before = len(djangos_requests)
        Look(path, etag)
        assert len(djangos_requests) == before + 1, path
    first = Look(f"/t/{event.id}/standings/")
    Look(f"/t/{event.id}/standings/", first.etag)
    before = len(djangos_requests)
    Look(f"/t/{event.id}/standings/", first.etag, method="POST")
    assert len(djangos_requests) == before + 1


@pytest.fixture
def cache_clock(monkeypatch) -> list[float]:
    """The shared cache's clock (when its entries expire), which the test moves on by
    ``cache_clock[0] += seconds``."""
    from django.core.cache.backends import base, locmem

    ahead = [0.0]
    real = time.time
    fake = SimpleNamespace(time=lambda: real() + ahead[0])
    for module in (base, locmem):
        monkeypatch.setattr(module, "time", fake)
    return ahead


@pytest.mark.parametrize("page", ["standings/", "screen.json"])
def test_stale_standings_are_answered_early_seconds_at_most(
    evening, djangos_requests, monkeypatch, cache_clock, page
) -> None:
    """Stale standings (a rebuild lost to a fault) are asked for again by Django's answer: the
    looks reach it again once CURRENT_SECONDS are up, until they are rebuilt."""
    from tournaments.services import standings
    from tournaments.views import cached_pages, public

    event, tables = evening
    # The rebuild is lost: a worker died with it, nothing rebuilds the standings.
    monkeypatch.setattr("tournaments.services.standings.rebuild_on_commit", lambda _id: None)
    asked: list[int] = []
    for module in (public, cached_pages, standings):
        monkeypatch.setattr(module, "standings_catch_up", lambda **kw: asked.append(1))
    confirm(tables[0], 900, 300)
    path = f"/t/{event.id}/{page}"
    first = Look(path)
    assert first.status == 200 and asked
    before, asks = len(djangos_requests), len(asked)
    for _ in range(3):
        assert Look(path).body == first.body and Look(path, first.etag).status == 304
    assert len(djangos_requests) == before and len(asked) == asks
    cache_clock[0] += early_answers.CURRENT_SECONDS + 1
    assert Look(path).status == 200
    assert len(djangos_requests) == before + 1 and len(asked) > asks


@pytest.mark.parametrize("page", ["", "standings/", "screen/", "screen.json"])
def test_a_page_the_same_for_every_visitor_is_given_whole_before_django(
    evening, djangos_requests, page
) -> None:
    """A big evening's looks rarely have the version they ask about (the pages change every few
    seconds): the layer gives Django's whole answer to the next visitors who carry nothing of
    their own, until a write."""
    event, tables = evening
    path = f"/t/{event.id}/{page}"
    first = Look(path)  # Django's, which teaches the layer
    assert first.status == 200 and not first.cookies and first.computed_mark_hidden
    assert early_answers.SHARED not in first.headers
    # The proxy in front may keep it a second or two too (deploy/nginx: test_proxy_cache.py).
    assert first.headers["X-Accel-Expires"] == "1"
    handled = len(djangos_requests)
    # Whatever their CSRF cookie, and however they ask for English.
    for cookie, languages in (
        ("", "en"),
        ("csrftoken=" + "k" * 32, "en-GB,en;q=0.9"),
        ("django_language=en", "de"),
    ):
        again = Look(path, cookie=cookie, extra={"HTTP_ACCEPT_LANGUAGE": languages})
        assert (again.status, again.headers, again.body) == (200, first.headers, first.body)
    not_modified = Look(path, first.etag)
    assert not_modified.status == 304 and "X-Accel-Expires" not in not_modified.headers
    head = Look(path, method="HEAD")
    assert (head.status, head.body) == (200, b"") and head.headers == first.headers
    assert len(djangos_requests) == handled
    # What may change the answer sends the look to Django: a session (a login, a message),
    # another language, a query (never kept: each would make a copy of its own).
    assert Look(path, cookie="sessionid=abc").status == 200
    assert Look(path, cookie="django_language=fr").status == 200
    assert Look(path, extra={"HTTP_ACCEPT_LANGUAGE": "de"}).status == 200
    for _ in range(2):
        assert Look(path, query="cycle=7").status == 200
    # Another address for the same page (a padded id) is Django's, each time.
    for _ in range(2):
        assert Look(path.replace(f"/t/{event.id}/", f"/t/00{event.id}/")).status == 200
    assert len(djangos_requests) == handled + 7
    # A port of the same host is the same copy; a phone that takes gzip has a copy of its own.
    assert Look(path, host="testserver:80").body == first.body
    gzip = {"HTTP_ACCEPT_ENCODING": "gzip"}
    zipped = [Look(path, extra=gzip) for _ in range(2)]
    assert zipped[0].body == zipped[1].body and len(djangos_requests) == handled + 8
    if page != "screen.json":  # too short to be worth compressing
        assert zipped[0].headers["Content-Encoding"] == "gzip"
        assert gzip_module.decompress(zipped[0].body) == first.body
    confirm(tables[0], 900, 300)  # a result: the page has changed
    changed = Look(path)
    assert changed.status == 200 and changed.etag != first.etag
    assert len(djangos_requests) == handled + 9


def test_a_logged_in_visitors_page_is_never_given_to_another(evening, djangos_requests) -> None:
    """Their frame is theirs (their links, their log-out form's CSRF token)."""
    event, _tables = evening
    path = f"/t/{event.id}/"
    session = session_cookie("dora")
    theirs = Look(path, cookie=session)
    assert b"csrfmiddlewaretoken" in theirs.body and b"Log out" in theirs.body
    assert "X-Accel-Expires" not in theirs.headers  # nor kept by the proxy
    handled = len(djangos_requests)
    anonymous = Look(path)
    assert len(djangos_requests) == handled + 1  # Django's own
    assert b"csrfmiddlewaretoken" not in anonymous.body and b"Log out" not in anonymous.body
    Look(path, cookie=session)
    assert len(djangos_requests) == handled + 2


def test_an_older_version_served_through_the_pause_lives_its_seconds(
    evening, djangos_requests, monkeypatch, cache_clock
) -> None:
    """During the pause between two renderings (a big evening's), Django itself serves the
    version before, whatever is written meanwhile; the layer gives it as long, CURRENT_SECONDS
    at most, then the next look is Django's, which renders the new version."""
    from tournaments.views import cached_pages

    monkeypatch.setattr(cached_pages, "RENDER_EVERY", 2.0)
    event, tables = evening
    path = f"/t/{event.id}/standings/"
    first = Look(path)  # rendered: the pause begins
    confirm(tables[0], 900, 300)
    paused = Look(path)  # Django's: the write forgot the current version's answer
    assert (paused.etag, paused.body) == (first.etag, first.body)
    handled = len(djangos_requests)
    confirm(tables[1], 600, 500)
    assert Look(path).body == first.body
    assert len(djangos_requests) == handled
    # A phone that has another version (a newer one, from another process) is Django's.
    Look(path, '"standings-newer"')
    assert len(djangos_requests) == handled + 1
    cache_clock[0] += 60  # the seconds and the pause are up, however long the rendering took
    shown = Look(path)
    assert shown.etag != first.etag and len(djangos_requests) == handled + 2


def test_an_answer_that_sets_a_cookie_or_varies_on_more_is_never_shared() -> None:
    """The layer's own check, whatever a view marks: over an application that marks every
    answer shared."""
    calls: list[int] = []

    def app(headers: list[tuple[str, str]]):
        def answer(environ, start_response):
            calls.append(1)
            start_response("200 OK", [*headers, (early_answers.SHARED, "t1 - 2")])
            return [b"page"]

        return early_answers.EarlyAnswers(answer)

    for headers in ([("Set-Cookie", "a=b")], [("Vary", "Cookie, User-Agent")], []):
        layer, environ = app(headers), {"REQUEST_METHOD": "GET", "PATH_INFO": "/p/"}
        setup_testing_defaults(environ)
        for _ in range(2):
            body = layer(dict(environ), lambda *_started: None)
            assert list(body) == [b"page"]
    assert len(calls) == 2 + 2 + 1  # the plain one, shared: its second look is the layer's


def test_a_version_read_before_a_write_is_believed_only_seconds(
    evening, djangos_requests, monkeypatch
) -> None:
    """A view that read the version before a write and marked it after the write forgot it:
    the layer believes it CURRENT_SECONDS at most (here the key's expiry is played by deleting
    it, as the cache does once the seconds are up)."""
    event, _tables = evening
    path = f"/t/{event.id}/screen.json"
    first = Look(path)
    assert Look(path, first.etag).status == 304
    before = len(djangos_requests)
    assert Look(path, first.etag).status == 304
    assert len(djangos_requests) == before
    caches["fragments"].delete(f"followed:t{event.id}")  # CURRENT_SECONDS are up
    assert Look(path, first.etag).status == 304
    assert len(djangos_requests) == before + 1


@pytest.fixture
def stopped_time(monkeypatch) -> list[datetime]:
    """The server's time, standing still for Django, the layer and the services alike until the
    test moves it (``stopped_time[0] += timedelta(...)``)."""
    from django.utils import timezone

    now = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


def test_the_clocks_asks_are_computed_before_django_as_django_computes_them(
    evening, djangos_requests, stopped_time, monkeypatch
) -> None:
    from django.test import Client

    from tournaments.services.clock import round_clock_change

    monkeypatch.setattr(early_answers, "CURRENT_SECONDS", 300)  # a slow machine's steps
    event, tables = evening
    path = f"/t/{event.id}/clock.json"
    assert json.loads(Look(path).body)["phase"] == "waiting"  # Django's, which teaches the layer
    round_clock_change(round_id=tables[0].round_id, kind="start", minutes=25)
    round_clock_change(round_id=tables[0].round_id, kind="add", minutes=3, table=tables[1].table)
    stopped_time[0] += timedelta(seconds=60)
    # A decision forgot what the layer knew: the next ask is Django's, and teaches it again.
    assert json.loads(Look(path).body)["remaining"] == 24 * 60
    # Django's own answers (its test client never meets the layer), each table's minutes counted.
    queries = ("", f"table={tables[1].table}", "table=%D9%A3", "table=x&table=2")
    django = Client(HTTP_ACCEPT_LANGUAGE="en")
    djangos = {query: django.get(f"{path}?{query}").content for query in queries}
    handled = len(djangos_requests)
    for query in queries:
        early = Look(path, query=query, cookie="django_language=fr")
        assert len(djangos_requests) == handled  # computed, not Django's
        assert (early.status, early.body) == (200, djangos[query])
        assert early.headers["Content-Type"] == "application/json"
        assert "no-store" in early.headers["Cache-Control"]
        assert early.headers["Content-Length"] == str(len(early.body))
        assert "Set-Cookie" not in early.headers and "Content-Language" not in early.headers
        assert early.computed_mark_hidden
    assert json.loads(Look(path, query=f"table={tables[1].table}").body)["remaining"] == 27 * 60
    head = Look(path, method="HEAD")
    assert (head.status, head.body) == (200, b"") and int(head.headers["Content-Length"]) > 0
    assert len(djangos_requests) == handled
    # Asked of another host (which Django refuses) or with a query Django refuses: Django's.
    assert Look(path, host="elsewhere.example").status == 400
    assert Look(path, query="&".join(f"f{n}=1" for n in range(1200))).status == 400
    assert len(djangos_requests) == handled + 2
    # Counted at each ask's now, without Django; a table's result changes no clock.
    confirm(tables[0], 900, 300)
    stopped_time[0] += timedelta(seconds=90)
    later = json.loads(Look(path, query=f"table={tables[1].table}").body)
    assert later["remaining"] == (25 + 3) * 60 - 150 and later["table"] == tables[1].table
    assert len(djangos_requests) == handled + 2
    # A pause is a decision: the next ask is Django's, and stands still.
    round_clock_change(round_id=tables[0].round_id, kind="pause")
    paused = json.loads(Look(path).body)
    assert (paused["running"], paused["remaining"]) == (False, 25 * 60 - 150)
    assert len(djangos_requests) == handled + 3


def test_a_clocks_ask_by_another_scheme_than_djangos_is_djangos(
    evening, djangos_requests, settings
) -> None:
    """Behind the proxy, an ask it says came by plain HTTP is Django's to answer (a redirect in
    production), though one by HTTPS taught the layer."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    event, _tables = evening
    path = f"/t/{event.id}/clock.json"
    secure = {"HTTP_X_FORWARDED_PROTO": "https"}
    Look(path, extra=secure)  # Django's, which teaches the layer
    handled = len(djangos_requests)
    assert Look(path, extra=secure).status == 200
    assert len(djangos_requests) == handled
    Look(path, extra={"HTTP_X_FORWARDED_PROTO": "http"})
    assert len(djangos_requests) == handled + 1
