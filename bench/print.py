#!/usr/bin/env python
"""The director's three PDFs of one round (table cards, score sheets, pairings) for a field of
200 and of 1000 pairs: the seconds the director's request takes to answer (the PDF itself up
to print_jobs.INLINE_TABLES tables, else the page of a job made in the background), the seconds
each document takes to make (rows, templates, WeasyPrint; a job's chunks by one process a core
at once, core/pdf_parts.py, their CPU counted too) and the peak memory it adds, on a
throwaway SQLite database (or the database DATABASE_URL names); and the event's standings PDF
(public, made in the request once per version of the tournament: views/public.standings_pdf).

Each round is made by the services (entries_add, round_pair, round_release), so every table has
its game and both pairs' keys, as at a club. WeasyPrint's import and first use (fonts) are paid
once before the figures, as a gunicorn worker pays them on its first PDF.

Target: every request answers in a few seconds on a 2-core machine, far from gunicorn's worker
timeout of 30 s (a loaded machine is several times slower); a large round's documents are made
by a worker, their progress shown.

Usage: python bench/print.py [--pairs 200,1000] [--repeat 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOST = "club.example"
VIEWS = ("cards", "cards2", "sheets", "pairings", "standings")  # cards2: ?per_page=2


def peak_reset() -> bool:
    """Start a new peak of resident memory (Linux: VmHWM); False where it cannot."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def cpu_seconds() -> float:
    """The CPU this process and its ended children have used (a job's chunks are laid out by
    processes of their own)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def children_peak_mib() -> float:
    """The largest resident memory of any ended child (Linux: kilobytes)."""
    import resource

    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def peak_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def memory_words(added: float, helpers: float) -> str:
    """The peak memory a document added here, and its own processes' (a job's)."""
    words = f"  peak +{added:3.0f} MiB"
    return words + (f" (its processes {helpers:.0f} MiB each at most)" if helpers else "")


def forked(work: Callable[[], tuple[float, ...]]) -> tuple[float, ...]:
    """``work()`` in a child process: each PDF starts from the same memory, and what one
    leaves allocated does not raise the next one's peak."""
    from django.db import connections

    connections.close_all()  # the child opens its own
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            os.write(write, json.dumps(work()).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        got = answer.read()
    os.waitpid(pid, 0)
    if not got:
        raise RuntimeError("the child process failed (see above)")
    return tuple(json.loads(got))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="200,1000")
    parser.add_argument("--repeat", type=int, default=1, help="renders of each PDF; the best")
    parser.add_argument("--keep", help="a folder to write the PDFs to")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-print-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_LOG_LEVEL="WARNING",  # not WeasyPrint's line per page
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import RequestFactory

    from core.pdf_parts import qr_png
    from tournaments import printing
    from tournaments.models import Match, Round
    from tournaments.print_jobs import INLINE_TABLES
    from tournaments.services.entries import entries_add
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create
    from tournaments.table_keys import table_token
    from tournaments.views import prints, public

    call_command("migrate", verbosity=0)
    from django.conf import settings

    from tournaments import print_jobs

    settings.PRINT_ROOT = Path(folder) / "prints"
    # The request is timed alone: the document it would send to be made is timed below.
    print_jobs._send = lambda job_id: None
    director = get_user_model().objects.create_user("bench-director")
    requests = RequestFactory(HTTP_HOST=HOST)
    views = {
        "cards": ("cards", {}),
        "cards2": ("cards", {"per_page": "2"}),
        "sheets": ("sheets", {}),
        "pairings": ("pairings", {}),
    }

    def field(n: int) -> int:
        tournament = tournament_create(
            name=f"Regional {n}", format="swiss", rounds=5, director=director
        )
        entries_add(
            tournament_id=tournament.id,
            entries=[
                {
                    "name": f"Pair {i:04} Ferri-Lindqvist",
                    "player_1": f"Annalisa Ferri {i}",
                    "player_2": f"Björn Lindqvist {i}",
                    "seed": i,
                }
                for i in range(1, n + 1)
            ],
        )
        drawn = round_pair(tournament_id=tournament.id)
        round_release(round_id=drawn.id)
        return tournament.id

    def render(view: str, tournament_id: int) -> tuple[float, ...]:
        """The request's answer (seconds), then the document made (seconds, CPU, peak, size)."""
        if view == "standings":
            return standings(tournament_id)
        kind, query = views[view]
        request = requests.get("/", query)
        request.user = director
        start = time.perf_counter()
        answer = prints.print_round(request, tournament_id, 1, kind)
        answered = time.perf_counter() - start
        assert answer.status_code in (200, 302), answer.status_code
        played = Round.objects.get(tournament_id=tournament_id, number=1)
        spec = printing.PrintSpec(kind, int(query.get("per_page", 4)), "en", f"http://{HOST}")
        inline = not print_jobs.needs_background(played)
        before = peak_mib() if peak_reset() else 0.0
        start, cpu = time.perf_counter(), cpu_seconds()
        # As the request or the job makes it: a job's chunks by one process a core at once.
        pdf = printing.render(played, spec, processes=1 if inline else print_jobs.processes())
        seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            (Path(args.keep) / f"t{tournament_id}-{view}.pdf").write_bytes(pdf)
        # The job's processes, each holding a chunk, are measured whole (their start included).
        helpers = 0.0 if inline else children_peak_mib()
        return answered, seconds, cpu, peak_mib() - before, len(pdf), helpers

    def standings(tournament_id: int) -> tuple[float, ...]:
        """The public request (the document made in it: nothing is cached in a forked child),
        then the document alone."""
        from tournaments.models import Tournament
        from tournaments.services.standings import standings_shown

        request = requests.get("/")
        start = time.perf_counter()
        answer = public.standings_pdf(request, tournament_id)
        answered = time.perf_counter() - start
        assert answer.status_code == 200, answer.status_code
        tournament = Tournament.objects.get(id=tournament_id)
        current = standings_shown(tournament=tournament)
        before = peak_mib() if peak_reset() else 0.0
        start, cpu = time.perf_counter(), time.process_time()
        pdf = printing.render_standings(tournament, current, "en")
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            (Path(args.keep) / f"t{tournament_id}-standings.pdf").write_bytes(pdf)
        return answered, seconds, cpu, peak_mib() - before, len(pdf), 0.0

    def codes(tournament_id: int) -> tuple[float, float]:
        """The seconds to make the round's QR codes alone (a part of the cards' figure)."""
        links = [
            f"http://{HOST}/t/table/{table_token(match.game, side)}/"
            for match in Match.objects.filter(
                round__tournament_id=tournament_id, game__isnull=False
            ).select_related("game")
            for side in ("ns", "ew")
        ]
        start = time.perf_counter()
        for link in links:
            qr_png(link)
        return time.perf_counter() - start, len(links)

    print(f"Load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    warm = field(4)
    for view in VIEWS:
        render(view, warm)
    print(f"WeasyPrint's import and first PDFs (4 pairs): {time.perf_counter() - start:.2f} s")
    measured_peak = peak_reset()
    for n in (int(size) for size in args.pairs.split(",")):
        start = time.perf_counter()
        tournament_id = field(n)
        made = time.perf_counter() - start
        print(
            f"\n{n} pairs, {n // 2} tables (round made by the services in {made:.1f} s;"
            f" {peak_mib():.0f} MiB resident before each PDF)"
        )
        for view in VIEWS:
            runs = [
                forked(functools.partial(render, view, tournament_id)) for _ in range(args.repeat)
            ]
            answered, seconds, cpu, added, size, helpers = min(runs, key=lambda run: run[1])
            memory = memory_words(added, helpers) if measured_peak else ""
            label = "cards (2 a page)" if view == "cards2" else view
            inline = n // 2 <= INLINE_TABLES or view == "standings"
            how = "the PDF" if inline else "a job's page"
            print(
                f"{label:<17} request {answered:5.2f} s ({how}); made in {seconds:6.2f} s"
                f"  CPU {cpu:6.2f} s{memory}  {size / 1024:5.0f} KiB"
            )
        seconds, made = forked(functools.partial(codes, tournament_id))
        print(f"  of which the {made:.0f} QR codes: {seconds:.2f} s")
    print(f"\nLoad average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
