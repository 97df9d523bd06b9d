#!/usr/bin/env python
"""A federation's season ranking at the size of the Italian burraco federation (issue 33): 250
clubs and 11,000 members, each club's sanctioned events over a season (one a week by default,
16 to 40 pairs each, a fifth of each club's members also playing in a second club), ranked by
the pure engine (federations/engine/ranking.py). Prints the events, placings and members, the
seconds the ranking takes and its peak memory.

With --rows, the same season is written as the federation's rows on a throwaway SQLite database
(or the one DATABASE_URL names): its members, the clubs' player records linked to them, each
event sanctioned with its reports; then ranked through the service the pages call
(federations.rankings: reading the rows, following the links; then again from the cache) and
through the ranking page (its first page of 100 lines) and the CSV of every member, by the
Django test client, timed.

Usage: python bench/federation_ranking.py [--clubs 250] [--members 11000] [--weeks 40] [--rows]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from federations.engine.ranking import (  # noqa: E402 (after the path)
    Band,
    Category,
    EventReport,
    Placing,
    PointsTable,
    Season,
    season_ranking,
)

TABLE = PointsTable(
    (
        Band(8, (20, 15, 12, 10, 8, 6, 5, 4), rest=1),
        Band(16, (40, 30, 24, 20, 16, 12, 10, 8, 6, 5, 4, 3), rest=1),
        Band(32, (60, 45, 36, 30, 24, 18, 15, 12, 10, 8, 6, 5, 4, 3, 2), rest=1),
    )
)
CATEGORIES = (Category("Third", 0), Category("Second", 200), Category("First", 600))


def season_reports(clubs: int, members: int, weeks: int, seed: int) -> list[EventReport]:
    """Each club's weekly event: pairs drawn from its members (and its guests from another
    club), a tenth of the places to players linked to no member, a twentieth of the events
    corrected once after they were reported."""
    rng = random.Random(seed)
    per_club: list[list[str]] = [[] for _ in range(clubs)]
    for n in range(members):
        per_club[n % clubs].append(f"m{n}")
    for n in range(0, members, 5):  # a fifth play in a second club too
        per_club[(n % clubs + 1 + rng.randrange(clubs - 1)) % clubs].append(f"m{n}")
    start = date(2026, 9, 7)
    reports = []
    for club, roster in enumerate(per_club):
        for week in range(weeks):
            pairs = rng.randint(16, 40)
            players = rng.sample(roster, min(len(roster), 2 * pairs))
            placings = []
            for place in range(pairs):
                two = players[2 * place : 2 * place + 2]
                linked = tuple(p for p in two if rng.random() > 0.1)
                placings.append(Placing(place + 1, linked))
            report = EventReport(
                f"c{club}w{week}", f"c{club}", start + timedelta(weeks=week), tuple(placings)
            )
            reports.append(report)
            if rng.random() < 0.05:  # corrected: the first two swapped
                first, second, *rest = placings
                reports.append(
                    EventReport(
                        report.event,
                        report.club,
                        report.played_on,
                        (Placing(1, second.members), Placing(2, first.members), *rest),
                        revision=2,
                    )
                )
    return reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=250)
    parser.add_argument("--members", type=int, default=11_000)
    parser.add_argument("--weeks", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rows", action="store_true", help="also through the database's rows")
    args = parser.parse_args()
    reports = season_reports(args.clubs, args.members, args.weeks, seed=33)
    placings = sum(len(r.placings) for r in reports)
    print(
        f"{args.clubs} clubs, {args.members} members, {len(reports)} reports "
        f"({sum(r.revision > 1 for r in reports)} corrections), {placings} placings"
    )
    season = Season(date(2026, 9, 1), date(2027, 6, 30))
    for best_of in (None, 20):
        times = []
        for _ in range(args.runs):
            began = time.perf_counter()
            ranking = season_ranking(
                reports, TABLE, Season(season.starts, season.ends, best_of), CATEGORIES
            )
            times.append(time.perf_counter() - began)
        tracemalloc.start()
        season_ranking(reports, TABLE, Season(season.starts, season.ends, best_of), CATEGORIES)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        top = ranking[0]
        print(
            f"ranking{'' if best_of is None else f' (best {best_of})'}: {len(ranking)} members "
            f"ranked in {min(times):.2f} s (best of {args.runs}), peak {peak:.0f} MiB above the "
            f"reports; first {top.member} with {float(top.points):.1f} points"
        )
    if args.rows:
        through_rows(reports, args.runs)


def through_rows(reports: list[EventReport], runs: int) -> None:
    """The season as rows, ranked by the service and by the page (see the module's text)."""
    import os
    import tempfile

    folder = tempfile.mkdtemp(prefix="bench-federation-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from clubs.models import Club, Player
    from federations import models as f
    from tournaments.models import Tournament

    began = time.perf_counter()
    with transaction.atomic():
        federation = f.Federation.objects.create(name="Bench federation")
        f.Ranking.objects.create(
            federation=federation,
            points_table=[
                {"from_field": b.from_field, "places": list(b.places), "rest": b.rest}
                for b in TABLE.bands
            ],
            categories=[{"name": c.name, "from_points": c.from_points} for c in CATEGORIES],
        )
        season = f.RankingSeason.objects.create(
            federation=federation, name="2026-27", starts=date(2026, 9, 1), ends=date(2027, 6, 30)
        )
        club_names = sorted({r.club for r in reports})
        clubs = {
            c.name: c for c in Club.objects.bulk_create(Club(name=name) for name in club_names)
        }
        f.Affiliation.objects.bulk_create(
            f.Affiliation(federation=federation, club=c, status="accepted", asked_at=django_now())
            for c in clubs.values()
        )
        in_club = sorted({(r.club, m) for r in reports for p in r.placings for m in p.members})
        players = dict(
            zip(
                in_club,
                Player.objects.bulk_create(
                    Player(club=clubs[club], name=member) for club, member in in_club
                ),
                strict=True,
            )
        )
        numbers = sorted({m for _club, m in in_club})
        members = dict(
            zip(
                numbers,
                f.Member.objects.bulk_create(
                    f.Member(federation=federation, number=n, name=f"Member {n}") for n in numbers
                ),
                strict=True,
            )
        )
        f.MemberLink.objects.bulk_create(
            f.MemberLink(federation=federation, member=members[m], player=p, status="linked")
            for (_club, m), p in players.items()
        )
        events = {}
        for r in reports:
            if r.event not in events:
                events[r.event] = Tournament(
                    name=r.event,
                    format="swiss",
                    rounds=5,
                    club=clubs[r.club],
                    played_on=r.played_on,
                    status="finished",
                )
        Tournament.objects.bulk_create(events.values())
        sanctions = {
            s.event_id: s
            for s in f.Sanction.objects.bulk_create(
                f.Sanction(federation=federation, event=e) for e in events.values()
            )
        }
        f.EventReport.objects.bulk_create(
            f.EventReport(
                sanction=sanctions[events[r.event].id],
                revision=r.revision,
                standings_version=r.revision,
                played_on=r.played_on,
                placings=[
                    {"rank": p.rank, "players": [players[(r.club, m)].id for m in p.members]}
                    for p in r.placings
                ],
            )
            for r in reports
        )
    print(
        f"rows: {len(players)} club records linked to {len(members)} members, "
        f"{len(events)} sanctioned events, written in {time.perf_counter() - began:.1f} s"
    )
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from federations.rankings import _season_lines, season_lines

    times = []
    for _ in range(runs):
        began = time.perf_counter()
        ranked = _season_lines(federation.id, season)
        times.append(time.perf_counter() - began)
    print(f"through the rows: {len(ranked)} members ranked in {min(times):.2f} s")
    cache.clear()
    client = Client()
    page = f"/f/{federation.id}/ranking/{season.id}/"
    for what in ("the ranking page, worked out", "the ranking page, from the cache"):
        began = time.perf_counter()
        shown = client.get(page)
        assert shown.status_code == 200, shown.status_code
        print(f"{what}: {len(shown.content) / 1024:.0f} KiB in {time.perf_counter() - began:.2f} s")
    began = time.perf_counter()
    season_lines(federation.id, season)
    print(f"the season's lines from the cache: {time.perf_counter() - began:.3f} s")
    officer = get_user_model().objects.create_user("bench-officer")
    f.Officer.objects.create(federation=federation, user=officer)
    client.force_login(officer)
    began = time.perf_counter()
    exported = client.get(f"{page}ranking.csv")
    assert exported.status_code == 200, exported.status_code
    print(
        f"the CSV of every member: {len(exported.content) / 1024:.0f} KiB in "
        f"{time.perf_counter() - began:.2f} s"
    )


def django_now():  # type: ignore[no-untyped-def]
    from django.utils import timezone

    return timezone.now()


if __name__ == "__main__":
    main()
