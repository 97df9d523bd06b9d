#!/usr/bin/env python
"""Individual events: drawing a round of 400 players (issue 21). A field of 400 (and of 101,
a field that leaves one out, and 16) plays 6 rounds with random results; then round 7 is drawn
by the engine (engine.individual: three matchings), timed over several draws, with its peak
memory and what it had to repeat.

Usage: python bench/individual.py [--sizes 16,101,400] [--rounds 6] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.engine import individual  # noqa: E402
from tournaments.engine.individual import Together  # noqa: E402
from tournaments.engine.points import PointsMethod, Scoring  # noqa: E402
from tournaments.engine.standings import rank  # noqa: E402
from tournaments.engine.types import Draw, History, Outcome, Pair, Result, RoundInput  # noqa: E402


def played_field(n: int, rounds: int, rng: random.Random) -> tuple[RoundInput, int]:
    """The input of round ``rounds + 1`` after ``rounds`` drawn and played at random, and the
    milliseconds the standings took before it."""
    field = tuple(Pair(i, f"P{i}", seed=i) for i in range(1, n + 1))
    scoring = Scoring(method=PointsMethod.WDL)
    results: list[Result] = []
    draws: list[Draw] = []
    for number in range(1, rounds + 2):
        history = History.of(tuple(results), tuple(draws))
        start = time.perf_counter()
        ranking = tuple(s.pair for s in rank(field, results, scoring))
        ranked_ms = round((time.perf_counter() - start) * 1000)
        given = RoundInput(number, field, history, ranking, seed=7, seeded=False)
        if number == rounds + 1:
            return given, ranked_ms
        draw = individual.pair_round(given)
        draws.append(draw)
        for t in draw.pairings:
            scores = rng.randrange(0, 60) * 50, rng.randrange(0, 60) * 50
            results.append(
                Result(number, t.ns, t.ew, *scores, ns_with=t.ns_with, ew_with=t.ew_with)
            )
        results += [Result(number, b.pair, None, outcome=Outcome.BYE) for b in draw.byes]
    raise AssertionError("unreachable")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="16,101,400")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(
        f"{'players':>8} {'median ms':>10} {'max ms':>8} {'peak MiB':>9} {'standings ms':>13}"
        f" {'partners again':>15} {'opponents again':>16}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        given, ranked_ms = played_field(size, args.rounds, random.Random(size))
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            draw = individual.pair_round(given)
            times.append((time.perf_counter() - start) * 1000)
        tracemalloc.start()
        individual.pair_round(given)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        together = Together.of(given.history)
        again = [together.repeats(*t.sides()) for t in draw.pairings]
        print(
            f"{size:>8} {statistics.median(times):>10.0f} {max(times):>8.0f} {peak:>9.1f}"
            f" {ranked_ms:>13} {sum(a[0] for a in again):>15} {sum(a[1] for a in again):>16}"
        )


if __name__ == "__main__":
    main()
