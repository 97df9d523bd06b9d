"""The round clock under a club's faults, against the real services: a web server killed and
started again, Redis (cache and broker) stopped. The clock is its round's log and the server's
time, never a figure held in a process or a cache: every server, restarted or not, reads the
same time; the phone's own side (offline for a minute) is tests/browser/test_timed_evening.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import club_event, round_released
from tests.faults import (
    ROOT,
    RedisServer,
    database_url,
    free_port,
    redis_caches,
    web_process_broker,
)
from tests.waiting import wait_until
from tournaments.models import Round, Tournament
from tournaments.services.clock import round_clock_change

# Another process reads what is committed.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def timed_event(dora) -> Tournament:
    event = club_event("swiss", dora, count=4)
    Tournament.objects.filter(id=event.id).update(hands_per_round=2, round_minutes=25)
    round_released(event)
    return event


def started_minutes_ago(event: Tournament, minutes: int) -> None:
    """The clock of round 1, started ``minutes`` ago (its log moved back, as if it had been)."""
    played = Round.objects.get(tournament=event, number=1)
    round_clock_change(round_id=played.id, kind="start", minutes=25)
    played.refresh_from_db()
    played.clock[0]["at"] -= minutes * 60
    played.save(update_fields=["clock"])


def web_server(port: int) -> subprocess.Popen[bytes]:
    """The project under gunicorn (as deployed) on ``port``, on the test's database."""
    return subprocess.Popen(
        [
            sys.executable,
            *("-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"),
            *("--workers", "1", "--log-level", "warning"),
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": database_url(),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def clock_from(port: int, event: Tournament) -> dict | None:
    url = f"http://127.0.0.1:{port}{reverse('tournament-clock', args=[event.id])}"
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return json.loads(answer.read())
    except OSError:
        return None  # not listening yet


def clock_when_up(port: int, event: Tournament) -> dict:
    """The clock from the server on ``port``, once it answers."""
    seen: list[dict] = []

    def answered() -> bool:
        clock = clock_from(port, event)
        seen.extend([clock] if clock else [])
        return bool(seen)

    wait_until(answered, 120, "the web server")
    return seen[0]


def test_the_clock_reads_the_same_after_the_web_server_is_killed_and_started_again(dora) -> None:
    server_port = free_port()
    event = timed_event(dora)
    started = time.monotonic()
    started_minutes_ago(event, 10)
    server = web_server(server_port)
    try:
        first = clock_when_up(server_port, event)
        asked = time.monotonic()
        # 25 minutes less the 10 gone, less however long the server took to start (seconds on a
        # loaded machine: the clock runs on while gunicorn imports the project).
        assert first["phase"] == "playing"
        assert 900 - (asked - started) - 1 <= first["remaining"] <= 900
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        server = web_server(server_port)
        again = clock_when_up(server_port, event)
        gone = time.monotonic() - asked
        # The time ran on while no server was there: the same clock, read afresh.
        assert again["phase"] == "playing" and again["running"]
        assert abs(first["remaining"] - gone - again["remaining"]) < 3
    finally:
        server.kill()
        server.wait(timeout=30)


def test_with_redis_stopped_the_clock_answers_and_the_director_decides(
    dora, tmp_path: Path
) -> None:
    redis_server = RedisServer(tmp_path)
    redis_server.start()
    director = Client()
    director.force_login(dora)
    try:
        with (
            override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
            web_process_broker(redis_server.url),
        ):
            event = timed_event(dora)
            started = time.monotonic()
            started_minutes_ago(event, 5)
            redis_server.stop()
            url = reverse("tournament-clock", args=[event.id])
            clock = json.loads(director.get(url).content)
            waited = time.monotonic() - started
            assert clock["phase"] == "playing"
            assert 1200 - waited - 1 <= clock["remaining"] <= 1200
            answer = director.post(reverse("director-clock", args=[event.id, 1]), {"kind": "pause"})
            assert answer.status_code == 302
            assert json.loads(director.get(url).content)["running"] is False
            for page in ("tournament", "tournament-screen", "director"):
                shown = director.get(reverse(page, args=[event.id]))
                assert shown.status_code == 200
                assert 'data-testid="round-clock"' in shown.content.decode()
    finally:
        redis_server.stop()
