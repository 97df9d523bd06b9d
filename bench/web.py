#!/usr/bin/env python
"""Web latency and throughput against gunicorn on PostgreSQL.

Prints p50/p95 latency of a hand POST and of a scoreboard GET on a 50-hand game, then requests/s
with 16 concurrent clients (scoreboard GETs on one game; hand POSTs, each client on its own game).
Uses DATABASE_URL when it names PostgreSQL, else starts a throwaway server (scripts/).
The clients run on the same machine as the server: the figures include their cost.

Usage: python bench/web.py [--workers N] [--seconds S]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serving import HAND, served, vm_hwm_mib


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self,
        method: str,
        path: str,
        body: object = None,
        token: str | None = None,
        **extra: str,
    ) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json", **extra}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = self.conn.getresponse()
        return response.status, response.read()


def new_game(client: Client, hands: int) -> dict:
    status, raw = client.call(
        "POST",
        "/api/v1/games",
        {
            "variant": "classic",
            "sides": [{"name": "NS"}, {"name": "EW"}],
            "rules": {"target": 100000},
        },
    )
    assert status == 201, raw
    game = json.loads(raw)
    for _ in range(hands):
        status, raw = client.call("POST", f"/api/v1/games/{game['id']}/hands", HAND, game["token"])
        assert status == 201, raw
    return game


def percentiles(samples: list[float]) -> str:
    samples = sorted(samples)
    p50 = statistics.median(samples) * 1000
    p95 = samples[int(len(samples) * 0.95) - 1] * 1000
    return f"p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   ({len(samples)} requests)"


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def throughput(port: int, clients: int, seconds: float, work) -> float:
    done = [0] * clients
    stop = time.perf_counter() + seconds

    def run(i: int) -> None:
        client = Client(port)
        while time.perf_counter() < stop:
            work(client, i)
            done[i] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()

    with served(args.workers) as app:
        port = app.port
        client = Client(port)
        game = new_game(client, 50)
        hands_path = f"/api/v1/games/{game['id']}/hands"
        board = f"/g/{game['id']}/"

        def post_then_delete() -> float:
            start = time.perf_counter()
            status, raw = client.call("POST", hands_path, HAND, game["token"])
            elapsed = time.perf_counter() - start
            assert status == 201, raw
            version = json.loads(raw)["version"]
            status, _ = client.call(
                "DELETE", f"{hands_path}/51", None, game["token"], **{"If-Match": f'"{version}"'}
            )  # back to 50
            assert status == 204
            return elapsed

        for _ in range(10):  # warm every worker
            client.call("GET", board)
        posts = [post_then_delete() for _ in range(200)]
        gets = timed(lambda: client.call("GET", board), 200)
        print(f"gunicorn: {args.workers} sync workers, PostgreSQL; game of 50 hands")
        print(f"hand POST        {percentiles(posts)}")
        print(f"scoreboard GET   {percentiles(gets)}")

        rps_get = throughput(port, 16, args.seconds, lambda c, i: c.call("GET", board))
        games = [new_game(client, 50) for _ in range(16)]
        rps_post = throughput(
            port,
            16,
            args.seconds,
            lambda c, i: c.call(
                "POST", f"/api/v1/games/{games[i]['id']}/hands", HAND, games[i]["token"]
            ),
        )
        print(f"16 clients, scoreboard GET: {rps_get:7.1f} requests/s")
        print(
            f"16 clients, hand POST:      {rps_post:7.1f} requests/s (each client on its own game)"
        )
        peaks = [vm_hwm_mib(pid) for pid in app.workers()]
        if peaks:
            print(
                f"gunicorn worker peak resident memory: {max(peaks):.0f} MiB (largest of {len(peaks)})"
            )


if __name__ == "__main__":
    main()
