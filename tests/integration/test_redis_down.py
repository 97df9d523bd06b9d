"""While Redis (the cache) does not answer, nothing answers 5xx: a real redis-server, stopped,
frozen and started again under the test, with the caches that settings.py builds for REDIS_URL.
Login throttling and rate limits count in the database table meanwhile, scoreboards are rendered
afresh, the outage is logged once, and Redis is used again as soon as it is back."""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axes.handlers.proxy import AxesProxyHandler
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from scorekeeper.models import Game
from tests.factories import NS_OUT_WITH_KINGS, new_game, open_edit_link
from tests.faults import RedisServer
from tests.faults import redis_caches as redis_caches_for
from tournaments.services.tournament import tournament_create

pytestmark = [pytest.mark.django_db, pytest.mark.services]

RETRY_AFTER = 1.0  # seconds Redis is skipped after a failure (5 in settings), to keep this short
NEW_GAME = {"variant": "classic", "players": 4, "sides": 2}
SCORE = {"variant": "classic", "sides": NS_OUT_WITH_KINGS}  # 670 / 0


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_caches(redis_server: RedisServer) -> Iterator[None]:
    """The caches exactly as settings.py builds them for this REDIS_URL (but a shorter pause)."""
    # Django drops its cache objects when CACHES changes; django-axes keeps the one it was made
    # with for the process's life, so it is made again on the way in and out. The tests change
    # no setting of their own with pytest-django's `settings`: its changes, made over these and
    # undone after them, would put these back for the tests that follow.
    with override_settings(CACHES=redis_caches_for(redis_server.url, RETRY_AFTER)):
        AxesProxyHandler.get_implementation(force=True)
        # The database cache's table is no model: a test that committed before this one (a
        # browser test, in the same process) may have left counts in it, which these count.
        caches["database"].clear()
        yield
    AxesProxyHandler.get_implementation(force=True)


@pytest.fixture
def outage_log(caplog: pytest.LogCaptureFixture) -> Callable[[], list[str]]:
    """What core/cache.py has logged so far in the test, as "LEVEL message"."""
    caplog.set_level(logging.INFO, logger="core.cache")
    return lambda: [
        f"{r.levelname} {r.getMessage()}" for r in caplog.records if r.name == "core.cache"
    ]


def database_counts(prefix: str) -> list[Any]:
    """The values the database cache table holds under keys that start with ``prefix``."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key FROM scorekeeper_cache")
        keys = [row[0].removeprefix(":1:") for row in cursor.fetchall()]
    return [caches["database"].get(key) for key in keys if key.startswith(prefix)]


def post_json(client, url: str, body: object):
    return client.post(url, json.dumps(body), content_type="application/json")


def total_of_ns(board: str) -> bool:
    return '<div class="total" data-testid="total-0">670</div>' in board


def test_with_redis_up_counts_and_scoreboards_are_kept_in_redis(
    client, redis_server: RedisServer, redis_caches: None
) -> None:
    game, token = new_game()
    assert client.get(open_edit_link(client, game, token)).status_code == 200
    assert client.post("/new/", NEW_GAME).status_code == 302
    assert redis_server.keys("fragments:1:board:*")
    assert redis_server.keys("scorekeeper:1:rl:*")
    assert database_counts("rl:") == []


def test_redis_keeps_a_key_to_the_millisecond_it_is_given(
    redis_server: RedisServer, redis_caches: None
) -> None:
    """Django's Redis cache gives Redis whole seconds: a key given 1.9 s lived 1 s, and one
    given 0.9 s (a shared answer whose view took a second) was deleted at once."""
    fragments = caches["fragments"]
    fragments.set("short", 1, 0.9)
    fragments.set("longer", 1, 1.9)
    fragments.add("added", 1, 0.5)
    fragments.set_many({"many": 1}, 1.5)
    fragments.set("touched", 1, 60)
    fragments.touch("touched", 0.7)

    def ttl(key: str) -> int:
        return int(redis_server.client.pttl(f"fragments:1:{key}"))

    assert 0 < ttl("short") <= 900 and 1000 < ttl("longer") <= 1900
    assert 0 < ttl("added") <= 500 and 1000 < ttl("many") <= 1500 and 0 < ttl("touched") <= 700
    fragments.set("forever", 1, None)
    fragments.set("gone", 1, 0)
    assert ttl("forever") == -1 and ttl("gone") == -2  # no expiry; no key


def test_while_redis_is_down_pages_login_and_the_api_answer_without_it(
    client, django_user_model, redis_server: RedisServer, redis_caches: None, outage_log
) -> None:
    django_user_model.objects.create_user("director", password="the-right-one-42")
    event = tournament_create(name="Spring Cup", format="swiss", rounds=3, variant="classic")
    game, token = new_game()
    edit = open_edit_link(client, game, token)
    assert client.get(edit).status_code == 200  # its board is now in Redis
    redis_server.stop()

    assert client.get("/").status_code == 200
    assert client.get(reverse("tournament", args=[event.id])).status_code == 200
    for public in ("standings/", "screen/", "screen.json"):  # the cached public pages too
        assert client.get(f"/t/{event.id}/{public}").status_code == 200, public
    time.sleep(RETRY_AFTER)  # Redis is tried again, and fails again: the same outage
    added = client.post(
        reverse("hand-new", args=[game.id]), {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 1}
    )
    assert added.status_code == 302
    board = client.get(edit)
    assert board.status_code == 200 and total_of_ns(board.content.decode())
    score = post_json(client, "/api/v1/score", SCORE)
    assert score.status_code == 200
    assert [side["total"] for side in score.json()["sides"]] == [670, 0]
    assert client.post("/new/", NEW_GAME).status_code == 302
    assert Game.objects.count() == 2

    wrong = client.post("/accounts/login/", {"username": "director", "password": "wrong"})
    assert wrong.status_code == 200  # the form again, with its error
    assert "Please enter a correct username and password" in wrong.content.decode()
    assert database_counts("axes-") == [1, 1]  # counted for the name and the address, there
    right = client.post(
        "/accounts/login/", {"username": "director", "password": "the-right-one-42"}
    )
    assert right.status_code == 302
    assert client.session["_auth_user_id"] == str(django_user_model.objects.get().pk)

    logged = outage_log()
    assert len(logged) == 1, "one warning for the whole outage, not one per request"
    assert logged[0].startswith("WARNING Redis (the cache) does not answer")


def test_while_redis_is_down_the_rate_limits_and_the_login_lockout_still_hold(
    client, django_user_model, redis_server: RedisServer, redis_caches: None
) -> None:
    with override_settings(RATE_SCORE="2/h", RATE_NEW_GAMES="2/h"):
        django_user_model.objects.create_user("director", password="the-right-one-42")
        redis_server.stop()

        scores = [post_json(client, "/api/v1/score", SCORE).status_code for _ in range(3)]
        assert scores == [200, 200, 429]
        assert [client.post("/new/", NEW_GAME).status_code for _ in range(3)] == [302, 302, 429]
        assert sorted(database_counts("rl:")) == [3, 3]  # one count per limit, in the database

        logins = [
            client.post(
                "/accounts/login/", {"username": "director", "password": "wrong"}
            ).status_code
            for _ in range(5)
        ]
        assert logins == [200] * 4 + [429]  # the fifth failure locks the name out, as with Redis
        locked = client.post(
            "/accounts/login/", {"username": "director", "password": "the-right-one-42"}
        )
        assert locked.status_code == 429


def test_when_redis_is_back_the_cache_uses_it_again_without_a_restart(
    client, redis_server: RedisServer, redis_caches: None, outage_log
) -> None:
    game, token = new_game()
    edit = open_edit_link(client, game, token)
    redis_server.stop()
    assert client.get(edit).status_code == 200
    assert client.post("/new/", NEW_GAME).status_code == 302
    assert database_counts("rl:") == [1]

    redis_server.start()  # the same port, empty
    time.sleep(RETRY_AFTER)
    caches["default"].set("back", 7)
    assert redis_server.client.get("scorekeeper:1:back") == b"7"
    assert client.get(edit).status_code == 200
    assert redis_server.keys("fragments:1:board:*")
    assert client.post("/new/", NEW_GAME).status_code == 302
    assert redis_server.keys("scorekeeper:1:rl:*")
    assert database_counts("rl:") == [1]  # this time counted in Redis
    logged = outage_log()
    assert len(logged) == 2
    assert logged[0].startswith("WARNING Redis (the cache) does not answer")
    assert logged[1].startswith("INFO Redis (the cache) answers again")


def test_a_redis_that_hangs_holds_a_request_well_under_a_second(
    client, redis_server: RedisServer, redis_caches: None
) -> None:
    game, token = new_game()
    edit = open_edit_link(client, game, token)
    assert client.get(edit).status_code == 200
    redis_server.freeze()

    started = time.monotonic()
    assert client.get(edit).status_code == 200  # the board's cache read times out
    hung = time.monotonic() - started
    assert client.post("/new/", NEW_GAME).status_code == 302  # Redis skipped: no wait at all
    # The same page again, the same work but no timeout (the quickest of three: one request
    # on a loaded machine may be slow for reasons of its own).
    again = []
    for _ in range(3):
        started = time.monotonic()
        assert client.get(edit).status_code == 200
        again.append(time.monotonic() - started)
    skipped = min(again)
    # It waited settings.py's socket_timeout (0.5 s) once, bounded even on a loaded machine...
    assert 0.5 <= hung < 3.0, hung
    assert skipped < hung - 0.25, (skipped, hung)  # ...and the next requests paid no timeout


@pytest.mark.django_db(transaction=True)  # through the WSGI application, which ends each request
def test_the_followed_pages_reach_django_while_redis_is_down_and_are_answered_early_after(
    redis_server: RedisServer, redis_caches: None, dora, monkeypatch
) -> None:
    """The wall's poll (screen.json) and the clock's answered before Django from Redis; Redis
    stopped: every look is Django's, answered all the same; Redis back: the looks are answered
    early again, with no restart (core/early_answers.py)."""
    from django.core.signals import request_started

    from core import early_answers
    from tests.factories import club_event, round_released
    from tests.integration.test_early_answers import Look

    event = club_event("swiss", dora)
    round_released(event)
    path, clock = f"/t/{event.id}/screen.json", f"/t/{event.id}/clock.json"
    monkeypatch.setattr(early_answers, "CURRENT_SECONDS", 300)  # a slow machine's steps
    handled: list[object] = []
    here = threading.get_ident()

    def seen(**_kwargs: object) -> None:
        if threading.get_ident() == here:  # not a browser test's live server, still answering
            handled.append(object())

    request_started.connect(seen)
    try:
        etag = Look(path).etag
        assert Look(path, etag).status == 304  # Django's, which teaches the layer
        waiting = Look(clock).body  # the same: no round's clock has started
        before = len(handled)
        assert Look(path, etag).status == 304
        assert Look(clock).body == waiting
        assert len(handled) == before  # answered from Redis, before Django
        assert redis_server.keys("fragments:1:followed*")
        assert redis_server.keys("fragments:1:shared:*")  # the poll's whole answer, shared
        assert Look(path).etag == etag and len(handled) == before

        redis_server.stop()
        for _ in range(3):
            assert Look(path, etag).status == 304
            assert Look(clock).body == waiting
            assert Look(path).etag == etag  # no copy to share: Django's, the same answer
        assert len(handled) == before + 9  # each one Django's

        redis_server.start()  # the same port, empty
        deadline = time.monotonic() + 20 * RETRY_AFTER
        while True:  # Django's answers teach the layer again once Redis is tried again
            assert Look(path, etag).status == 304
            count = len(handled)
            assert Look(path, etag).status == 304
            if len(handled) == count:
                break
            assert time.monotonic() < deadline, "never answered early again"
    finally:
        request_started.disconnect(seen)


def test_a_federation_s_ranking_is_kept_in_redis_and_worked_out_without_it(
    client, redis_server: RedisServer, redis_caches: None, season_played
) -> None:
    fibur, season = season_played["fibur"], season_played["season"]
    page = reverse("federation-ranking-season", args=[fibur.id, season.id])
    first = client.get(page)
    assert first.status_code == 200 and "Bruno" in first.content.decode()
    assert redis_server.keys("scorekeeper:1:federation-ranking:*")  # worked out once, kept
    redis_server.stop()
    again = client.get(page)  # Redis gone: worked out again, the same lines
    assert again.status_code == 200

    def members(page) -> list[str]:
        return re.findall(r'/members/\d+/">([^<]+)<', page.content.decode())

    assert members(first) == members(again) == ["Bruno", "Anna", "Dario"]
