#!/usr/bin/env python
"""A federation's season ranking at the size of the Italian burraco federation (issue 33): 250
clubs and 11,000 members, each club's sanctioned events over a season (one a week by default,
16 to 40 pairs each, a fifth of each club's members also playing in a second club), ranked by
the pure engine (federations/engine/ranking.py). Prints the events, placings and members, the
seconds the ranking takes and its peak memory.

Usage: python bench/federation_ranking.py [--clubs 250] [--members 11000] [--weeks 40]
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


if __name__ == "__main__":
    main()
