#!/usr/bin/env python
"""A club evening under load: 200 players on 50 games, and nothing lost.

Serves the app as in production (gunicorn, PostgreSQL; bench/serving.py) and runs a locust
scenario on the same machine: each simulated player follows one game, reads its scoreboard and
posts hands through the API with an Idempotency-Key, retrying a failed post with the same key as
a phone on a flaky Wi-Fi would. Mid-run it kills a gunicorn worker (-9) and restarts PostgreSQL.
Then it checks that nothing was lost:

- the hands in the database are exactly the hands answered 201 (no loss, no duplicate);
- every game's hand numbers run from 1 without gaps;
- each game's stored totals equal the sum of its hands.

Prints requests/s, p50/p95 latency, failures outside the deliberate outages, what the outages
answered (JSON 503s), and the no-loss check. Targets on a 2-core machine, locust included:
300 requests/s or more at 200 users, p95 under 500 ms, no failure outside an outage, no hand lost.

Usage: python bench/load.py [--users 200] [--games 50] [--seconds 120] [--workers 2xCPUs] [--calm]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path

from gevent import monkey

monkey.patch_all()

import gevent  # noqa: E402
from locust import FastHttpUser, between, events, task  # noqa: E402
from locust.env import Environment  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import HAND, served  # noqa: E402

GAMES: list[dict] = []
SAVED: dict[str, set[str]] = defaultdict(set)  # game id -> Idempotency-Keys answered 201
OUTAGES: list[list[float]] = []  # [start, end] of each deliberate outage
FAILURES: list[tuple[float, str, str]] = []  # (time, request, what happened)
GAVE_UP: Counter[str] = Counter()
RETRY_FOR = 30.0  # seconds a player keeps retrying one hand


class Player(FastHttpUser):
    wait_time = between(0.1, 0.6)  # a busy table: 200 players can offer 400 requests/s

    def on_start(self) -> None:
        self.game = GAMES[random.randrange(len(GAMES))]
        self.auth = {"Authorization": f"Bearer {self.game['token']}"}

    @task(3)
    def scoreboard(self) -> None:
        self.client.get(f"/g/{self.game['id']}/", name="scoreboard")

    @task(1)
    def post_hand(self) -> None:
        key = str(uuid.uuid4())
        headers = {**self.auth, "Idempotency-Key": key, "Content-Type": "application/json"}
        give_up = time.monotonic() + RETRY_FOR
        while True:
            with self.client.post(
                f"/api/v1/games/{self.game['id']}/hands",
                data=json.dumps(HAND),
                headers=headers,
                name="hand POST",
                catch_response=True,
            ) as response:
                if response.status_code == 201:
                    SAVED[self.game["id"]].add(key)
                    response.success()
                    return
                response.failure(f"{response.status_code}")
            if time.monotonic() > give_up:
                GAVE_UP[self.game["id"]] += 1
                return
            gevent.sleep(0.5)  # the same key again: the hand is saved at most once


@events.request.add_listener
def note_failure(
    request_type, name, response_time, response_length, exception=None, response=None, **_
):
    if exception is None and response is not None and response.status_code < 400:
        return
    status = (
        "connection error"
        if response is None or not response.status_code
        else str(response.status_code)
    )
    if response is not None and response.status_code == 503:
        is_json = response.headers.get("Content-Type", "").startswith("application/json")
        status = "503 JSON" if is_json else "503 HTML"
    FAILURES.append((time.monotonic(), name, status))


def in_outage(moment: float) -> bool:
    return any(start <= moment <= end for start, end in OUTAGES)


def kill_a_worker(app, after: float) -> None:
    gevent.sleep(after)
    pid = app.workers()[0]
    OUTAGES.append([time.monotonic(), time.monotonic() + 3])
    os.kill(pid, signal.SIGKILL)
    print(
        f"  t={after:.0f}s killed gunicorn worker {pid} (-9); the master starts another",
        file=sys.stderr,
    )


def restart_database(app, after: float) -> None:
    gevent.sleep(after)
    if not app.restart_database:
        print("  DATABASE_URL is not a throwaway server: no PostgreSQL restart", file=sys.stderr)
        return
    window = [time.monotonic(), 0.0]
    OUTAGES.append(window)
    subprocess.run(app.restart_database, shell=True, capture_output=True, check=True)
    window[1] = time.monotonic() + 3  # the workers' connections reconnect on their next request
    print(
        f"  t={after:.0f}s PostgreSQL restarted in {window[1] - 3 - window[0]:.1f} s",
        file=sys.stderr,
    )


def create_games(url: str, count: int) -> None:
    import urllib.request

    for i in range(count):
        body = {
            "variant": "classic",
            "sides": [{"name": f"NS {i}"}, {"name": f"EW {i}"}],
            "rules": {"target": 100000},
        }
        request = urllib.request.Request(
            url + "/api/v1/games", json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request) as response:
            GAMES.append(json.loads(response.read()))


def no_loss(database_url: str) -> list[str]:
    """What the database holds against what the players were told (empty: nothing lost)."""
    import psycopg

    problems = []
    with psycopg.connect(database_url) as connection:
        for game in GAMES:
            rows = connection.execute(
                "SELECT number, result FROM scorekeeper_hand WHERE game_id = %s ORDER BY number",
                [game["id"]],
            ).fetchall()
            totals = connection.execute(
                "SELECT totals, hand_count FROM scorekeeper_game WHERE id = %s", [game["id"]]
            ).fetchone()
            keys = connection.execute(
                "SELECT key FROM scorekeeper_idempotentrequest WHERE scope = %s",
                [f"POST /api/v1/games/{game['id']}/hands"],
            ).fetchall()
            numbers = [number for number, _ in rows]
            if len(rows) != len(SAVED[game["id"]]):
                problems.append(
                    f"{game['id']}: {len(rows)} hands stored, {len(SAVED[game['id']])} answered 201"
                )
            if {key for (key,) in keys} != SAVED[game["id"]]:
                problems.append(f"{game['id']}: the stored keys are not the keys answered 201")
            if numbers != list(range(1, len(rows) + 1)):
                problems.append(f"{game['id']}: hand numbers with gaps")
            summed = [sum(result["sides"][i]["total"] for _, result in rows) for i in range(2)]
            if list(totals[0]) != summed or totals[1] != len(rows):
                problems.append(
                    f"{game['id']}: stored totals {totals[0]} but the hands sum to {summed}"
                )
    return problems


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--calm", action="store_true", help="no worker kill, no database restart")
    args = parser.parse_args()

    with served(args.workers) as app:
        create_games(app.url, args.games)
        # On stop, a player finishes the hand it is posting (retries included), as a phone would.
        env = Environment(
            user_classes=[Player], host=app.url, events=events, stop_timeout=RETRY_FOR + 10
        )
        runner = env.create_local_runner()
        print(
            f"{args.users} players on {args.games} games for {args.seconds:.0f} s, gunicorn {args.workers} workers",
            file=sys.stderr,
        )
        runner.start(args.users, spawn_rate=args.users / 10)
        started = time.monotonic()
        if not args.calm:
            gevent.spawn(kill_a_worker, app, args.seconds * 0.3)
            gevent.spawn(restart_database, app, args.seconds * 0.6)
        gevent.sleep(args.seconds)
        elapsed = time.monotonic() - started
        runner.stop()
        while runner.state != "stopped":
            gevent.sleep(0.2)
        runner.quit()
        stats = env.stats.total
        inside = [f for f in FAILURES if in_outage(f[0])]
        outside = [f for f in FAILURES if not in_outage(f[0])]
        problems = no_loss(app.database_url)
        import redis

        cache = redis.Redis.from_url(app.env["REDIS_URL"]).info("stats")
        hits, misses = cache["keyspace_hits"], cache["keyspace_misses"]

    hands = sum(len(keys) for keys in SAVED.values())
    print(
        f"requests: {stats.num_requests} in {elapsed:.0f} s = {stats.num_requests / elapsed:.0f} requests/s"
    )
    print(
        f"latency: p50 {stats.get_response_time_percentile(0.5):.0f} ms, "
        f"p95 {stats.get_response_time_percentile(0.95):.0f} ms, "
        f"p99 {stats.get_response_time_percentile(0.99):.0f} ms"
    )
    for name in ("scoreboard", "hand POST"):
        entry = env.stats.get(name, "GET" if name == "scoreboard" else "POST")
        print(
            f"  {name}: {entry.num_requests} requests, p50 {entry.get_response_time_percentile(0.5):.0f} ms, p95 {entry.get_response_time_percentile(0.95):.0f} ms"
        )
    print(f"cache (Redis) hits: {hits / max(1, hits + misses):.0%} of {hits + misses} reads")
    print(
        f"failures outside the deliberate outages: {len(outside)} {dict(Counter(s for _, _, s in outside))}"
    )
    print(f"answers during the outages: {dict(Counter(s for _, _, s in inside))}")
    print(
        f"hands answered 201: {hands}; given up after {RETRY_FOR:.0f} s of retries: {sum(GAVE_UP.values())}"
    )
    print(
        "no-loss check: "
        + (
            "every hand answered 201 is stored once, numbers without gaps, totals add up"
            if not problems
            else "FAILED"
        )
    )
    for problem in problems[:20]:
        print("  " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
