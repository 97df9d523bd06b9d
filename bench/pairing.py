#!/usr/bin/env python
"""Swiss pairing time: a field of 200, 500 and 1000 pairs after 6 rounds (random results), the
7th round paired by the engine (rustworkx), next to networkx's blossom on the same graph.

Target (issue 10): a 1000-pair round paired in 1 s or less.

Usage: python bench/pairing.py [--sizes 200,500,1000] [--no-networkx]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.engine import swiss  # noqa: E402
from tournaments.engine.points import Scoring  # noqa: E402
from tournaments.engine.standings import rank  # noqa: E402
from tournaments.engine.types import Draw, History, Pair, Result, RoundInput  # noqa: E402


def played_field(
    n: int, rounds: int, rng: random.Random
) -> tuple[tuple[Pair, ...], History, tuple[int, ...]]:
    pairs = tuple(Pair(i, f"P{i}", club=f"C{rng.randrange(20)}", seed=i + 1) for i in range(n))
    results: list[Result] = []
    draws: list[Draw] = []
    ranking: tuple[int, ...] = ()
    for number in range(1, rounds + 1):
        history = History.of(tuple(results), tuple(draws))
        draw = swiss.pair_round(RoundInput(number, pairs, history, ranking))
        draws.append(draw)
        for m in draw.pairings:
            results.append(
                Result(number, m.ns, m.ew, rng.randrange(0, 3000), rng.randrange(0, 3000))
            )
        results += [Result(number, b.pair, None) for b in draw.byes]
        ranking = tuple(s.pair for s in rank(pairs, results, Scoring(), ("tp", "buchholz")))
    return pairs, History.of(tuple(results), tuple(draws)), ranking


def networkx_time(given: RoundInput) -> float:
    """networkx's max_weight_matching on the graph the engine builds (the same window)."""
    import networkx as nx

    order = swiss._standing_order(given, given.playing())
    points = swiss._points(given.history, order)
    if len(order) % 2:
        order = [p for p in order if p != swiss._bye_pair(order, given.history)]
    clubs = {p.id: p.club for p in given.field}
    graph = nx.Graph()
    n = len(order)
    for i in range(n):
        for j in range(i + 1, min(n, i + swiss.WINDOW + 1)):
            cost = swiss._cost(
                order[i],
                order[j],
                (points[order[i]], points[order[j]]),
                j - i,
                clubs,
                given.history,
            )
            graph.add_edge(i, j, weight=swiss._BASE - cost)
    start = time.perf_counter()
    nx.max_weight_matching(graph, maxcardinality=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,500,1000")
    parser.add_argument("--no-networkx", action="store_true")
    args = parser.parse_args()
    rng = random.Random(10)
    print("pairs  rustworkx engine (s)  networkx matching (s)")
    for n in (int(s) for s in args.sizes.split(",")):
        pairs, history, ranking = played_field(n, 6, rng)
        given = RoundInput(7, pairs, history, ranking)
        start = time.perf_counter()
        draw = swiss.pair_round(given)
        engine = time.perf_counter() - start
        rematches = sum(history.have_met(m.ns, m.ew) for m in draw.pairings)
        other = "-" if args.no_networkx else f"{networkx_time(given):.2f}"
        print(f"{n:5d}  {engine:20.3f}  {other:>21}   (rematches: {rematches})")


if __name__ == "__main__":
    main()
