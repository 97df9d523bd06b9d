#!/usr/bin/env python
"""A club evening of games under load: every phone follows its game's scoreboard while the tables
enter their hands, and nothing is lost.

Serves the app as in production (gunicorn on PostgreSQL with Redis as its cache; bench/serving.py)
and runs a locust scenario on the same machine: ``--tables`` games, four phones at each, every
phone following its scoreboard as board.mjs does (the game's version every 5 s with If-None-Match,
the board itself when the version moved on), and one phone per table entering a hand every 1 to 3
minutes (through the API with the game's key and an Idempotency-Key).

``--follow page`` is the way before issue 19: each phone reloads the whole scoreboard every 5 s.

Then, with nobody entering hands, the phones only poll for ``--idle`` seconds while the server's
CPU time is read from /proc: the CPU an unchanged poll costs the server.

Prints requests/s, p50/p95 overall and per request, failures, CPU per unchanged poll, and the
no-loss check: every hand a table was told was saved is in its game, once.
Usage: python bench/phones.py [--tables 100] [--seconds 120] [--idle 30] [--follow version|page]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

from gevent import monkey

monkey.patch_all()

import gevent  # noqa: E402
from locust import FastHttpUser, between, constant, events, task  # noqa: E402
from locust.env import Environment  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import HAND, served, shell_json  # noqa: E402

GAMES: list[dict] = []
SAVED: Counter[str] = Counter()  # hands each game was told were saved
FAILURES: Counter[str] = Counter()
MODE = {"follow": "version", "entering": True}
PHONES_PER_TABLE = 4

SETUP = """
import json
from scorekeeper.services import game_create
games = []
for i in range({tables}):
    game, token = game_create(variant="classic", players=4,
                              sides=[{{"name": "Table %d NS" % (i + 1)}}, {{"name": "Table %d EW" % (i + 1)}}])
    games.append({{"id": game.id, "token": token}})
print(json.dumps(games))
"""


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes (clock ticks in /proc/<pid>/stat)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Phone(FastHttpUser):
    """A phone at a table, following its scoreboard as board.mjs does."""

    wait_time = constant(5)

    def on_start(self) -> None:
        self.game = GAMES[next_phone() // PHONES_PER_TABLE % len(GAMES)]
        self.etag: str | None = None
        self.version: int | None = None

    @task
    def follow(self) -> None:
        board = f"/g/{self.game['id']}/"
        if MODE["follow"] == "page":
            self.client.get(board, name="scoreboard (whole page)")
            return
        headers = {"If-None-Match": self.etag} if self.etag else {}
        with self.client.get(
            f"/g/{self.game['id']}/version",
            headers=headers,
            name="version poll",
            catch_response=True,
        ) as response:
            if response.status_code == 304:
                response.success()
                return
            self.etag = response.headers.get("ETag")
            version = response.json()["version"]
        if self.version is not None and version != self.version:
            self.client.get(board, name="scoreboard (moved on)")
        self.version = version


class Scorer(FastHttpUser):
    """The phone that enters the table's hands: one every 1 to 3 minutes."""

    wait_time = between(60, 180)

    def on_start(self) -> None:
        self.game = GAMES[next_scorer() % len(GAMES)]
        gevent.sleep(random.uniform(0, 60))  # the tables do not all start at once

    @task
    def hand(self) -> None:
        if not MODE["entering"]:
            return
        headers = {
            "Authorization": f"Bearer {self.game['token']}",
            "Idempotency-Key": str(uuid.uuid4()),
            "Content-Type": "application/json",
        }
        for _ in range(20):  # the same key again after a failure: saved once
            response = self.client.post(
                f"/api/v1/games/{self.game['id']}/hands",
                data=json.dumps(HAND),
                headers=headers,
                name="hand POST",
            )
            if response.status_code in (200, 201):
                SAVED[self.game["id"]] += 1
                return
            gevent.sleep(0.5)


_counters = {"phone": 0, "scorer": 0}


def next_phone() -> int:
    _counters["phone"] += 1
    return _counters["phone"] - 1


def next_scorer() -> int:
    _counters["scorer"] += 1
    return _counters["scorer"] - 1


@events.request.add_listener
def note_failure(request_type, name, response_time, response_length, exception=None, **kw):
    response = kw.get("response")
    status = getattr(response, "status_code", 0)
    if exception is not None or (status >= 400):
        FAILURES[f"{name}: {status or exception}"] += 1


def no_loss(database_url: str) -> list[str]:
    import psycopg

    problems = []
    with psycopg.connect(database_url) as connection:
        for game in GAMES:
            hands = connection.execute(
                "SELECT count(*) FROM scorekeeper_hand WHERE game_id = %s", [game["id"]]
            ).fetchone()[0]
            if hands != SAVED[game["id"]]:
                problems.append(f"game {game['id']}: {hands} hands, told {SAVED[game['id']]}")
    return problems


def report(environment: Environment, seconds: float, label: str) -> None:
    total = environment.stats.total
    print(
        f"{label}: {total.num_requests} requests in {seconds:.0f} s = {total.num_requests / seconds:.0f}/s, "
        f"p50 {total.get_response_time_percentile(0.5):.0f} ms, "
        f"p95 {total.get_response_time_percentile(0.95):.0f} ms"
    )
    for entry in sorted(environment.stats.entries.values(), key=lambda e: -e.num_requests):
        print(
            f"  {entry.name}: {entry.num_requests}, p50 {entry.get_response_time_percentile(0.5):.0f} ms, "
            f"p95 {entry.get_response_time_percentile(0.95):.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--idle", type=float, default=30)
    parser.add_argument("--follow", choices=("version", "page"), default="version")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    args = parser.parse_args()
    MODE["follow"] = args.follow
    with served(args.workers) as app:
        GAMES.extend(shell_json(app.env, SETUP.format(tables=args.tables)))
        phones = args.tables * PHONES_PER_TABLE
        Phone.fixed_count = phones
        Scorer.fixed_count = args.tables
        environment = Environment(
            user_classes=[Phone, Scorer], host=app.url, events=events, stop_timeout=10
        )
        runner = environment.create_local_runner()
        print(
            f"{args.tables} tables, {phones} phones following ({args.follow}), "
            f"gunicorn {args.workers} workers",
            file=sys.stderr,
        )
        runner.start(
            phones + args.tables, spawn_rate=(phones + args.tables) / 10, user_classes=None
        )
        started = time.monotonic()
        gevent.sleep(args.seconds)
        report(environment, time.monotonic() - started, "evening")

        # Nobody enters hands now: every poll is unchanged. The server's CPU per poll.
        MODE["entering"] = False
        gevent.sleep(6)
        environment.stats.reset_all()
        workers = app.workers()
        cpu_before, idle_started = cpu_seconds(workers), time.monotonic()
        gevent.sleep(args.idle)
        cpu = cpu_seconds(workers) - cpu_before
        idle = environment.stats.total.num_requests
        report(environment, time.monotonic() - idle_started, "polls only")
        print(
            f"server CPU per unchanged {'poll' if args.follow == 'version' else 'page'}: "
            f"{1000 * cpu / max(idle, 1):.2f} ms ({cpu:.1f} s for {idle} requests)"
        )
        runner.stop()
        runner.quit()
        problems = no_loss(app.database_url)
    print(
        f"hands saved: {sum(SAVED.values())}; failures: {sum(FAILURES.values())} {dict(FAILURES)}"
    )
    print("no-loss check: " + ("every hand saved is there, once" if not problems else "FAILED"))
    for problem in problems[:20]:
        print("  " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
