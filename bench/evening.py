#!/usr/bin/env python
"""A big tournament evening under load: every table enters its hands and its result while the
spectators' phones follow the public pages, and nothing is lost.

Serves the app as in production (gunicorn on PostgreSQL with Redis as cache and broker, and a
Celery worker for the standings; bench/serving.py) and runs a locust scenario on the same
machine. A Swiss round of ``--pairs`` pairs (half as many tables) is drawn and released, then:

- each table (one simulated phone) posts the round's hands through the API with its pair's key
  and an Idempotency-Key, looks at its table page, and both pairs send the result from their
  table pages (the second confirms it), a step every 5 to 25 s, the first hand too (a table
  starts by playing it); then it reads the public page;
- ``--spectators`` phones follow the public pages: the pairings, the standings and the wall
  screen's page, and poll ``screen.json`` with If-None-Match as the wall does;
- the phones ask the round's clock (``clock.json``, a table's with ``?table=N``) as each page
  with the clock does (static/core/clock.mjs): a spectator's every 15 s, a table's at each step
  (with ``--followed``, of the followed pages' server, as the proxy sends it).

Prints requests/s, p50/p95 overall and per page, failures, and the no-loss check: every table's
result stands (confirmed) with the scores its hands give, and the final standings count every
table. ``--nodes 2``: two web servers on two ports and two Celery workers, as two machines would
run them over the one PostgreSQL and Redis, a table's two pairs on different web servers.
``--events 50 --pairs 40``: a Tuesday of many clubs, fifty clubs' evenings of twenty tables at
once on the one deployment, each club's event with its own director, its phones and its wall.
``--followed 4``: the followed public pages on a web server of their own at a lower CPU priority,
as the proxy of deploy/nginx/scorekeeper.conf sends them (docs/scaling.md, "The tables first").
``--proxy``: every phone through nginx as deployed (deploy/nginx/scorekeeper.conf), which keeps
the followed pages' shared answers a second or two (docs/scaling.md, "Spectators almost free").
Prints each part's share of the cores too (the web processes, the followed pages', the worker,
PostgreSQL, Redis, nginx, the load generator), while the tables play and after.
``--by-window``: each request's count, p50 and p95 by 5-s window too (where a tail comes from).
Usage: python bench/evening.py [--pairs 200] [--events 1] [--spectators 200] [--seconds 120]
       [--nodes 1] [--followed 0] [--proxy] [--by-window]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
import uuid
from collections import Counter
from contextlib import ExitStack, nullcontext
from pathlib import Path
from urllib.parse import urlsplit

from gevent import monkey

monkey.patch_all()

import gevent  # noqa: E402
from locust import FastHttpUser, between, events, task  # noqa: E402
from locust.contrib.fasthttp import FastHttpSession  # noqa: E402
from locust.env import Environment  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import HAND, ROOT, served, shell_json  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.proxy import proxied  # noqa: E402
from tests.supervised import supervised_workers  # noqa: E402

HANDS = 2  # the round's hands at each table
CLOCK_EVERY = 15  # seconds between a page's asks of the round clock (static/core/clock.mjs)
EVENTS: list[dict] = []  # each event's id and tables
TABLES: list[dict] = []  # every event's tables, each with its event's id
FREE: list[dict] = []  # tables no simulated phone has taken yet
DONE: set[int] = set()  # tables (matches) whose result both pairs sent
FAILURES: Counter[str] = Counter()
TIMES: list[tuple[float, str, float]] = []  # (when, request, milliseconds)
ALL_DONE: list[float] = []  # when the last table sent its result
POSTGRES_PORT: list[int] = []  # the bench's PostgreSQL server's
CATCH_UP = 120  # seconds the standings may take to count every result once the phones stop

SETUP = """
import json
from django.contrib.auth import get_user_model
from clubs.services import club_create
from tournaments.models import Match
from tournaments.services.entries import entries_add
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token
events = []
for e in range({events}):
    director = get_user_model().objects.create_user(
        "director%d" % e, password="bench-director-42")
    club = club_create(name="Club %d" % e, director=director) if {events} > 1 else None
    t = tournament_create(name="Evening %d" % e, format="swiss", rounds=3,
                          hands_per_round={hands}, points="vp", director=director, club=club)
    entries_add(tournament_id=t.id, entries=[
        {{"name": "Pair %04d of the evening" % i, "club": "Club %d" % (i % 25), "seed": i}}
        for i in range(1, {pairs} + 1)])
    drawn = round_pair(tournament_id=t.id)
    round_release(round_id=drawn.id)
    tables = [
        {{"tournament": t.id, "match": m.id, "table": m.table, "game": str(m.game_id),
          "ns": table_token(m.game, "ns"), "ew": table_token(m.game, "ew")}}
        for m in Match.objects.filter(round=drawn, ew__isnull=False).select_related("game")]
    events.append({{"tournament": t.id, "tables": tables}})
print(json.dumps(events))
"""


class OnNodes(FastHttpUser):
    """A phone that talks to one of the web servers (``nodes``, set by main: --nodes)."""

    abstract = True
    nodes: list[str] = []
    followed: str = ""  # the followed pages' web server (--followed), else the nodes
    clock_asked = 0.0

    def clock(self, client: FastHttpSession, event: int, table: int | None = None) -> None:
        """The round clock, asked as its page asks it: every 15 s (with --followed, of the
        followed pages' server, as the proxy sends it)."""
        now = time.monotonic()
        if now - self.clock_asked < CLOCK_EVERY:
            return
        self.clock_asked = now
        query = f"?table={table}" if table else ""
        client.get(f"/t/{event}/clock.json{query}", name="clock.json")

    def session(self, url: str) -> FastHttpSession:
        """A client of its own (its cookies) on the web server at ``url``."""
        return FastHttpSession(
            base_url=url,
            request_event=self.environment.events.request,
            network_timeout=self.network_timeout,
            connection_timeout=self.connection_timeout,
            max_redirects=self.max_redirects,
            max_retries=self.max_retries,
            insecure=self.insecure,
            concurrency=self.concurrency,
            user=self,
            client_pool=self.client_pool,
            ssl_context_factory=self.ssl_context_factory,
            headers=self.default_headers,
            proxy_host=self.proxy_host,
            proxy_port=self.proxy_port,
        )


class Table(OnNodes):
    """The phone of one table: its hands through the API, then both pairs' results, a step every
    5 to 25 s (a whole round in a minute or two: a real one takes half an hour). With several
    web servers, North-South talks to one and East-West to the next."""

    wait_time = between(5, 25)

    def on_start(self) -> None:
        self.table = FREE.pop() if FREE else None
        self.hands = 0
        nodes = self.nodes or [self.host]
        number = self.table["table"] if self.table else 0
        self.sides = {
            side: self.session(nodes[(number + i) % len(nodes)])
            for i, side in enumerate(("ns", "ew"))
        }
        self.client = self.sides["ns"]
        self.looks = self.session(self.followed) if self.followed else self.client
        # The first hand is sent once it is played, as every later one: a step's wait first
        # (locust's own, which a stop ends at once). Locust runs a task the moment its user
        # starts, so the tables (spawned first, 150 a second at 1000 pairs and 1000
        # spectators) sent their first hands all at once, 150 a second for three seconds: no
        # room does that, a hand takes minutes to play.
        self.wait()

    @task
    def play(self) -> None:
        table = self.table
        if table is not None:
            self.clock(self.looks, table["tournament"], table["table"])
        if table is None or table["match"] in DONE:
            event = table["tournament"] if table else EVENTS[0]["tournament"]
            self.looks.get(f"/t/{event}/", name="public page")
            return
        if self.hands < HANDS:
            self._hand(table)
            return
        for side in ("ns", "ew"):
            self._result(table, side)
        DONE.add(table["match"])
        if len(DONE) == len(TABLES):
            ALL_DONE.append(time.monotonic())

    def _hand(self, table: dict) -> None:
        headers = {
            "Authorization": f"Bearer {table['ns']}",
            "Idempotency-Key": str(uuid.uuid4()),
            "Content-Type": "application/json",
        }
        for _ in range(20):  # the same key again after a failure: saved once
            response = self.client.post(
                f"/api/v1/games/{table['game']}/hands",
                data=json.dumps(HAND),
                headers=headers,
                name="hand POST",
            )
            if response.status_code == 201:
                self.hands += 1
                return
            gevent.sleep(0.5)

    def _result(self, table: dict, side: str) -> None:
        url = f"/t/table/{table[side]}/"
        client = self.sides[side]
        page = client.get(url, name="table page")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text or "")
        ns = re.search(r'name="ns_score"[^>]*value="(-?\d+)"', page.text or "")
        ew = re.search(r'name="ew_score"[^>]*value="(-?\d+)"', page.text or "")
        if not (token and ns and ew):
            FAILURES["table page without its result form"] += 1
            return
        body = {
            "csrfmiddlewaretoken": token.group(1),
            "ns_score": ns.group(1),
            "ew_score": ew.group(1),
        }
        client.post(url, data=body, headers={"Referer": client.base_url + url}, name="result POST")


class Spectator(OnNodes):
    """A phone following the event: the pairings, the standings, the wall screen. Like a
    browser, it asks again for a page it has with If-None-Match (the pages say no-cache). With
    several web servers, each phone follows one of them."""

    wait_time = between(2, 6)

    def on_start(self) -> None:
        self.etags: dict[str, str] = {}
        nodes = [self.followed] if self.followed else self.nodes or [self.host]
        self.client = self.session(random.choice(nodes))
        self.event = random.choice(EVENTS)["tournament"]

    def _get(self, path: str, name: str) -> None:
        self.clock(self.client, self.event)  # the page's clock, every 15 s
        url = f"/t/{self.event}/{path}"
        known = self.etags.get(url)
        headers = {"If-None-Match": known} if known else {}
        response = self.client.get(url, headers=headers, name=name)
        etag = response.headers.get("ETag")
        if etag:
            self.etags[url] = etag

    @task(3)
    def pairings(self) -> None:
        self._get("", "public page")

    @task(2)
    def standings(self) -> None:
        self._get("standings/", "standings")

    @task(1)
    def screen(self) -> None:
        self._get("screen/", "wall page")

    @task(4)
    def screen_poll(self) -> None:
        self._get("screen.json", "screen.json")


def print_by_window(times: list[tuple[float, str, float]], seconds: int = 5) -> None:
    """Each request's count, p50 and p95 by window of ``seconds`` from the first (--by-window):
    where in the evening a tail comes from."""
    if not times:
        return
    first = min(when for when, _name, _ms in times)
    windows: dict[int, dict[str, list[float]]] = {}
    for when, name, ms in times:
        windows.setdefault(int((when - first) // seconds), {}).setdefault(name, []).append(ms)
    for window, names in sorted(windows.items()):
        row = []
        for name, spent in sorted(names.items()):
            spent.sort()
            p50, p95 = spent[len(spent) // 2], spent[int(len(spent) * 0.95)]
            row.append(f"{name} {len(spent)}: {p50:.0f}/{p95:.0f}")
        print(f"  {window * seconds:4d} s  " + ", ".join(row))


@events.request.add_listener
def note_failure(request_type, name, response_time, response_length, exception=None, **kw):
    TIMES.append((time.monotonic(), name, response_time))
    response = kw.get("response")
    status = getattr(response, "status_code", 0)
    if exception is not None or status >= 400:
        FAILURES[f"{name}: {status or exception}"] += 1


def postgres_processes() -> list:
    """The bench's PostgreSQL server and its backends: pg_ctl starts it as a daemon, so it is
    no child of this process (bench/serving.py)."""
    import psutil

    port = f"-p {POSTGRES_PORT[0]}" if POSTGRES_PORT else None
    for process in psutil.process_iter(["name", "cmdline"]):
        line = " ".join(process.info["cmdline"] or ())
        if port and process.info["name"] == "postgres" and port in line:
            try:
                return [process, *process.children(recursive=True)]
            except psutil.Error:
                return []
    return []


def cpu_by_part() -> dict[int, tuple[str, float]]:
    """CPU seconds used so far by each process of the machine's work, by pid, with its part:
    the load generator (this process), the web processes (the followed pages' apart: at nice
    10), the Celery workers, PostgreSQL and Redis."""
    import psutil

    me = psutil.Process()
    times = me.cpu_times()
    parts = {me.pid: ("load generator", times.user + times.system)}
    for process in [*me.children(recursive=True), *postgres_processes()]:
        try:
            line = " ".join(process.cmdline())
            times = process.cpu_times()
            nice = process.nice()
        except psutil.Error:  # ended meanwhile
            continue
        if "nginx" in line:
            part = "nginx"
        elif "gunicorn" in line:
            part = "followed pages" if nice > 0 else "web"
        elif "celery" in line:
            part = "worker"
        elif process.name() == "postgres":
            part = "PostgreSQL"
        elif "redis" in line:
            part = "Redis"
        else:
            part = "other"
        parts[process.pid] = (part, times.user + times.system)
    return parts


def cpu_used(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> Counter[str]:
    """Each part's CPU seconds between two readings (a process's since the first reading, or
    since it started; one that ended meanwhile is not counted)."""
    used: Counter[str] = Counter()
    for pid, (part, cpu) in after.items():
        used[part] += cpu - before.get(pid, (part, 0.0))[1]
    return used


def cpu_words(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]], seconds: float
) -> str:
    """Each part's share of the machine between two readings, in cores."""
    used = cpu_used(before, after)
    return ", ".join(f"{part} {cpu / seconds:.2f}" for part, cpu in used.most_common())


def no_loss(database_url: str) -> list[str]:
    """Every table's result stands with its hands' scores, and the standings count them all."""
    import psycopg

    problems = []
    with psycopg.connect(database_url) as connection:
        for table in TABLES:
            row = connection.execute(
                "SELECT m.status, s.ns_score, s.ew_score, g.totals, g.hand_count "
                "FROM tournaments_match m LEFT JOIN tournaments_resultsubmission s "
                "ON s.id = m.result_id JOIN scorekeeper_game g ON g.id = m.game_id "
                "WHERE m.id = %s",
                [table["match"]],
            ).fetchone()
            status, ns, ew, totals, hands = row
            where = f"event {table['tournament']} table {table['table']}"
            if table["match"] in DONE and (status != "confirmed" or [ns, ew] != list(totals)):
                problems.append(f"{where}: {status} {ns}–{ew}, hands {totals}")
            if hands != HANDS and table["match"] in DONE:
                problems.append(f"{where}: {hands} hands, not {HANDS}")
        for event in EVENTS:
            problems.extend(_event_problems(connection, event["tournament"]))
    return problems


def _event_problems(connection, tournament: int) -> list[str]:
    """No result stored twice in the event, and its standings count every table."""
    problems = []
    # Each pair sent its result once: a table holds two submissions, none stored twice.
    twice = connection.execute(
        'SELECT m."table", count(*) FROM tournaments_resultsubmission s '
        "JOIN tournaments_match m ON m.id = s.match_id JOIN tournaments_round r "
        'ON r.id = m.round_id WHERE r.tournament_id = %s GROUP BY m."table" '
        "HAVING count(*) > 2",
        [tournament],
    ).fetchall()
    problems.extend(
        f"event {tournament} table {t}: {n} submissions stored, not 2" for t, n in twice
    )
    snapshot = connection.execute(
        "SELECT s.inputs_version, t.inputs_version + (SELECT count(*) FROM "
        "tournaments_tablechange c WHERE c.tournament_id = t.id AND c.inputs) "
        "FROM tournaments_standingssnapshot s "
        "JOIN tournaments_tournament t ON t.id = s.tournament_id "
        "WHERE t.id = %s ORDER BY s.version DESC LIMIT 1",
        [tournament],
    ).fetchone()
    if snapshot is None or snapshot[0] != snapshot[1]:
        problems.append(f"event {tournament}: the standings lag behind the results: {snapshot}")
    return problems


def in_front(app, proxy: bool):
    """nginx as deployed (deploy/nginx/scorekeeper.conf: tests/proxy.py) in front of the first
    web server and the followed pages' own, if ``proxy``; its URL, else ""."""
    if not proxy:
        return nullcontext("")
    host = app.nodes[0].removeprefix("http://")
    return proxied(host, app.followed.removeprefix("http://") or None)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=200, help="pairs in each event")
    parser.add_argument(
        "--events",
        type=int,
        default=1,
        help="events at once, each of its own club (a Tuesday of many clubs: --events 50 "
        "--pairs 40); the spectators follow one each",
    )
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument(
        "--by-window",
        action="store_true",
        help="print each request's count, p50 and p95 ms by 5-s window as well",
    )
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument(
        "--nodes",
        type=int,
        default=1,
        help="web servers (on as many ports, --workers processes each) and Celery workers, as "
        "that many machines would run them over the one PostgreSQL and Redis; the phones are "
        "shared among the web servers, a table's two pairs on different ones",
    )
    parser.add_argument(
        "--followed",
        type=int,
        default=0,
        help="the followed public pages on a web server of their own, of that many processes at "
        "a lower CPU priority, as the proxy of docs/scaling.md sends them (0: with the rest)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="every phone through nginx as deploy/nginx/scorekeeper.conf sets it up (the "
        "followed pages' shared answers kept a second or two there), to the first web server "
        "only (with --nodes 2, the second serves nothing)",
    )
    args = parser.parse_args()
    workers = max(1, args.workers // args.nodes)
    with served(workers, broker=True, nodes=args.nodes, followed=args.followed) as app:
        env = app.env
        POSTGRES_PORT.append(urlsplit(app.database_url).port)
        EVENTS.extend(
            shell_json(env, SETUP.format(events=args.events, pairs=args.pairs, hands=HANDS))
        )
        TABLES.extend(table for event in EVENTS for table in event["tables"])
        FREE.extend(random.sample(TABLES, len(TABLES)))
        # The worker as a server runs it: started again if it dies (tests/supervised.py).
        with (
            ExitStack() as stack,
            supervised_workers(
                env, Path(tempfile.mkdtemp(prefix="scorekeeper-workers.")), workers=args.nodes
            ),
        ):
            users = len(TABLES) + args.spectators
            Table.fixed_count = len(TABLES)
            front = stack.enter_context(in_front(app, args.proxy))
            Table.nodes = [front] if front else app.nodes
            Spectator.nodes = [front] if front else app.nodes
            OnNodes.followed = front or app.followed
            environment = Environment(
                user_classes=[Table, Spectator],
                host=front or app.url,
                events=events,
                stop_timeout=10,
            )
            runner = environment.create_local_runner()
            print(
                f"{len(TABLES)} tables and {args.spectators} spectators for {args.seconds:.0f} s, "
                f"{args.nodes} web server(s) of {workers} gunicorn workers, "
                f"{args.nodes} Celery worker(s)",
                file=sys.stderr,
            )
            runner.start(users, spawn_rate=users / 10, user_classes=None)
            started, parts = time.monotonic(), [cpu_by_part()]
            # The parts' CPU again when the last table has sent its result: the tables' busy
            # minute apart from the quiet one after.
            while time.monotonic() - started < args.seconds:
                gevent.sleep(0.5)
                if ALL_DONE and len(parts) == 1:
                    parts.append(cpu_by_part())
            elapsed = time.monotonic() - started
            parts.append(cpu_by_part())
            # The server's: the processes this bench started (the web servers, the workers,
            # PostgreSQL and Redis: bench/serving.py), not the load generator itself.
            used = cpu_used(parts[0], parts[-1])
            served_cpu = sum(used.values()) - used["load generator"]
            runner.stop()
            runner.quit()
            # The last results' standings, on the workers: every event's rebuild is queued
            # behind the others' (fifty clubs' at once), so they are waited for, at most
            # CATCH_UP seconds, and the time they took is printed.
            stopped = time.monotonic()
            while True:
                gevent.sleep(2)
                problems = no_loss(app.database_url)
                lagging = [p for p in problems if "standings lag" in p]
                if not lagging or time.monotonic() - stopped > CATCH_UP:
                    break
            caught_up = time.monotonic() - stopped
    stats = environment.stats
    total = stats.total
    print(
        f"requests: {total.num_requests} in {elapsed:.0f} s = {total.num_requests / elapsed:.0f}/s"
    )
    print(
        f"latency: p50 {total.get_response_time_percentile(0.5):.0f} ms, "
        f"p95 {total.get_response_time_percentile(0.95):.0f} ms"
    )
    for entry in sorted(stats.entries.values(), key=lambda e: -e.num_requests):
        print(
            f"  {entry.name}: {entry.num_requests} requests, "
            f"p50 {entry.get_response_time_percentile(0.5):.0f} ms, "
            f"p95 {entry.get_response_time_percentile(0.95):.0f} ms"
        )
    if args.by_window:
        print_by_window(TIMES)
    if ALL_DONE:
        busy = sorted(ms for when, _n, ms in TIMES if when <= ALL_DONE[0])
        calm = sorted(ms for when, _n, ms in TIMES if when > ALL_DONE[0])
        for label, times in (("while the tables play", busy), ("after", calm)):
            if times:
                p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
                print(f"{label}: {len(times)} requests, p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    if len(parts) == 3:
        busy_s = ALL_DONE[0] - started
        print(f"cores while the tables play ({busy_s:.0f} s): {cpu_words(*parts[:2], busy_s)}")
        print(f"  after ({elapsed - busy_s:.0f} s): {cpu_words(*parts[1:], elapsed - busy_s)}")
    else:
        print(f"cores ({elapsed:.0f} s): {cpu_words(parts[0], parts[-1], elapsed)}")
    print(f"tables with their result sent by both pairs: {len(DONE)} of {len(TABLES)}")
    print(
        f"the server's CPU (web, workers, PostgreSQL, Redis): {served_cpu:.0f} s in "
        f"{elapsed:.0f} s = {served_cpu / elapsed:.2f} cores, "
        f"{served_cpu / max(len(DONE), 1):.2f} s per table played (its hands, both results, "
        f"its pages); the standings counted every result {caught_up:.0f} s after the phones "
        "stopped"
    )
    print(f"failures: {sum(FAILURES.values())} {dict(FAILURES)}")
    print(
        "no-loss check: "
        + ("every result stands, standings count all" if not problems else "FAILED")
    )
    for problem in problems[:20]:
        print("  " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
