#!/usr/bin/env python
"""What a spectator costs the server while nothing changes: ``--spectators`` phones follow an
event's public pages as bench/evening.py's do (the pairings, the standings, the wall, and the
wall's poll of ``screen.json``, each asked again with If-None-Match), on an event whose round is
released and whose tables play nothing, for ``--seconds``. Prints the web processes' CPU seconds
(their own, not the load generator's: bench/evening.py's reading of each part) per spectator per minute, and the answers'
p50/p95. The figure issue 32 asks of "spectators almost free". ``--proxy``: the phones through
nginx as deployed (deploy/nginx/scorekeeper.conf, tests/proxy.py), which keeps the shared
answers a second or two; its CPU is counted with the web processes'.

Usage: python bench/spectators.py [--pairs 200] [--spectators 500] [--seconds 60] [--warmup 90]
       [--proxy]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from contextlib import nullcontext
from pathlib import Path

from gevent import monkey

monkey.patch_all()

import gevent  # noqa: E402
from locust import events  # noqa: E402
from locust.env import Environment  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evening  # noqa: E402
from evening import SETUP, Spectator, cpu_by_part, cpu_used  # noqa: E402
from serving import served, shell_json  # noqa: E402

from tests.proxy import proxied  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=90)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--proxy", action="store_true", help="the phones through nginx")
    args = parser.parse_args()
    with (
        served(args.workers) as app,
        proxied(f"127.0.0.1:{app.port}") if args.proxy else nullcontext(app.url) as front,
    ):
        Spectator.nodes = [front]
        # The spectators' event.
        evening.EVENTS.extend(
            shell_json(app.env, SETUP.format(events=1, pairs=args.pairs, hands=2))
        )
        environment = Environment(user_classes=[Spectator], host=front, events=events)
        runner = environment.create_local_runner()
        runner.start(args.spectators, spawn_rate=args.spectators / 10)
        # Every phone started and has looked at each page twice (the wall page, the least asked
        # of the four, about every 40 s): what follows is an evening's steady state, where a
        # phone holds the version of every page it follows.
        gevent.sleep(args.warmup)
        environment.stats.reset_all()
        before, started = cpu_by_part(), time.monotonic()
        gevent.sleep(args.seconds)
        parts, elapsed = cpu_used(before, cpu_by_part()), time.monotonic() - started
        used, used_proxy = parts["web"] + parts["followed pages"], parts["nginx"]
        runner.stop()
        runner.quit()
    total = environment.stats.total
    minutes = elapsed / 60
    print(f"{args.spectators} spectators for {elapsed:.0f} s, gunicorn {args.workers} workers")
    print(f"requests: {total.num_requests} = {total.num_requests / elapsed:.0f}/s")
    print(
        f"latency: p50 {total.get_response_time_percentile(0.5):.0f} ms, "
        f"p95 {total.get_response_time_percentile(0.95):.0f} ms"
    )
    print(f"web processes' CPU: {used:.1f} s = {used / elapsed * 100:.0f} % of one core")
    if args.proxy:
        print(f"nginx's CPU: {used_proxy:.1f} s = {used_proxy / elapsed * 100:.0f} % of one core")
    used += used_proxy
    print(
        f"CPU per spectator per minute: {used / args.spectators / minutes * 1000:.1f} ms; "
        f"per request: {used / max(total.num_requests, 1) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
