"""A worker that dies is started again by what runs it, and the work goes on with nobody's help
(issue 32: a Celery worker died on a Redis restart and stayed down). The workers run under
supervisord as bench/ runs them (tests/supervised.py), the same promise as the systemd units of
deploy/systemd/ (``Restart=always``), whose files are checked here too."""

from __future__ import annotations

import configparser
import os
import re
import signal
from pathlib import Path

import pytest
from django.urls import get_resolver

from tests.celery_worker import broker_client
from tests.factories import confirm, round_released
from tests.faults import RedisServer, database_url
from tests.integration.test_tournaments import swiss
from tests.supervised import ROOT, START_SECONDS, supervised_workers
from tests.waiting import wait_until
from tournaments.models import StandingsSnapshot

pytestmark = [pytest.mark.django_db(transaction=True)]


# Once, on the PostgreSQL pass: the supervisor, not the database, is what it checks.
@pytest.mark.slow
@pytest.mark.one_pass
def test_a_killed_worker_is_started_again_and_takes_the_next_task(tmp_path: Path) -> None:
    from tournaments.tasks import standings_recompute_task

    tournament = swiss()
    confirm(round_released(tournament)[0], 900, 300)
    StandingsSnapshot.objects.all().delete()  # what the eager task wrote: a worker must do it
    redis = RedisServer(tmp_path)
    redis.start()
    client = broker_client(redis.url)
    env = {"CELERY_BROKER_URL": redis.url, "DATABASE_URL": database_url()}
    try:
        with supervised_workers(env, tmp_path / "workers") as workers:
            before = workers.wait_running(1)
            os.kill(before["worker-0"], signal.SIGKILL)  # the only worker: nobody else takes it
            client.send_task(standings_recompute_task.name, args=[tournament.id])
            after = workers.wait_running(1, other_than=before)
            wait_until(
                lambda: StandingsSnapshot.objects.filter(tournament=tournament).exists(),
                START_SECONDS,
                "the worker started again writes the standings",
            )
            assert after["worker-0"] != before["worker-0"]
    finally:
        client.close()
        redis.stop()
    rows = StandingsSnapshot.objects.get(tournament=tournament).rows
    assert rows[0]["name"] == "Pair 1"


@pytest.mark.parametrize(
    "unit",
    ["scorekeeper-web.service", "scorekeeper-followed.service", "scorekeeper-worker@.service"],
)
def test_the_systemd_units_start_again_whatever_ended_them(unit: str) -> None:
    """deploy/systemd/: what deploy.md tells a server to install. Restart=always (not on-failure:
    a worker that exits cleanly after losing Redis must come back too), a pause before it, and no
    limit on how often (a Redis down for minutes would otherwise leave the worker stopped)."""
    text = configparser.ConfigParser(strict=False, interpolation=None)
    text.read(ROOT / "deploy" / "systemd" / unit)
    assert text["Service"]["Restart"] == "always"
    assert int(text["Service"]["RestartSec"]) >= 1
    assert text["Unit"]["StartLimitIntervalSec"] == "0"
    assert text["Service"]["EnvironmentFile"].endswith("scorekeeper.env")
    assert text["Install"]["WantedBy"] == "multi-user.target"


FOLLOWED = {
    "tournament",
    "tournament-standings",
    "tournament-screen",
    "tournament-screen-json",
    "tournament-clock",
}


@pytest.mark.one_pass
def test_the_proxy_sends_the_followed_pages_and_only_those_to_their_own_processes() -> None:
    """deploy/nginx/scorekeeper.conf: the pages spectators follow go to scorekeeper-followed
    (a lower CPU share, docs/scaling.md), with the tables' processes behind it when it is not
    running; every other address of the site (each named route, with sample values) stays with
    the tables' processes, and so do near misses."""
    conf = (ROOT / "deploy" / "nginx" / "scorekeeper.conf").read_text()
    pattern = re.search(r"location ~ (\S+) \{\s*proxy_pass http://scorekeeper_followed;", conf)
    assert pattern is not None
    followed = re.compile(pattern.group(1))
    assert re.search(
        r"upstream scorekeeper_followed \{ server 127\.0\.0\.1:8001; "
        r"server 127\.0\.0\.1:8000 backup; \}",
        conf,
    )
    assert re.search(r"upstream scorekeeper_web \{ server 127\.0\.0\.1:8000; \}", conf)
    routes = get_resolver().reverse_dict
    names = [name for name in routes if isinstance(name, str)]
    assert set(names) >= FOLLOWED
    for name in names:
        for shape, params in routes.getlist(name)[0][0]:
            path = "/" + shape % {param: "12" for param in params}
            assert bool(followed.match(path)) == (name in FOLLOWED), (name, path)
    near_misses = ("/t/12/standings/x", "/t/12/screen.json/", "/t/12/clock.jsonx", "/t/12")
    for near in (*near_misses, "/t/table/12/"):
        assert not followed.match(near), near
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(ROOT / "deploy" / "systemd" / "scorekeeper-followed.service")
    assert int(unit["Service"]["CPUWeight"]) < 100  # the web processes' default weight
    assert int(unit["Service"]["Nice"]) > 0
    assert "-b 127.0.0.1:8001 " in unit["Service"]["ExecStart"]
