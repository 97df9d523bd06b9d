#!/usr/bin/env python
"""Rules-engine throughput: hands per second in-process and through ``score_hand``.

Prints, for the same 20,000 hand records (a deterministic mix of presets and entry levels):
- the JSON floor: parse + dump of each record with orjson, no scoring;
- the engine in-process on parsed records (score + JSON form), and the whole batch pipeline
  (bytes in, bytes out) the command runs;
- ``python manage.py score_hand FILE`` as a process, wall clock, with and without start-up;
- the four families of VARIANTS-families.md, each on its own: their worked hands
  (tests/data/examples-families.jsonl, refusals left out) repeated to N records, in-process.
Target (issue 2): at least 40,000 hands/s in batch.

Usage: python bench/rules.py [--hands N]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from scorekeeper.management.commands.score_hand import write_scores  # noqa: E402
from scorekeeper.rules import score_json  # noqa: E402

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def detailed_side(rng: random.Random, ranks: list[str], out: bool) -> dict:
    melds = []
    for i, rank in enumerate(ranks):
        naturals = 7 if (out and i == 0) else rng.randint(3, 5)
        wilds = 0 if naturals >= 7 else rng.randint(0, 1)
        melds.append({"rank": rank, "naturals": naturals, "twos": wilds})
    side: dict = {
        "score_before": rng.randrange(0, 4000, 5),
        "melds": melds,
        "red_threes": rng.randint(0, 1),
    }
    if out:
        side["went_out"] = True
    else:
        side["hand"] = {
            "high": rng.randint(0, 4),
            "low": rng.randint(0, 3),
            "jokers": rng.randint(0, 1),
        }
    return side


def summary_side(rng: random.Random, out: bool) -> dict:
    side: dict = {
        "score_before": rng.randrange(-100, 4000, 5),
        "melded": {"points": rng.randrange(35, 300, 5)}
        if out or rng.random() < 0.5
        else {"high": 3, "low": 3},
        "canastas": {"natural": 1} if out else {},
        "red_threes": rng.randint(0, 1),
        "hand": {"points": 0 if out else rng.randrange(0, 150, 5)},
    }
    if out:
        side["went_out"] = True
    return side


def make_records(n: int) -> list[dict]:
    rng = random.Random(20261122)
    variants = ["classic", "classic-fr", "classic-es", "ducale", "italiana", "origen"]
    records = []
    for i in range(n):
        variant = variants[i % len(variants)]
        ranks = rng.sample(RANKS, 6)
        if i % 3 == 2:
            sides = [summary_side(rng, True), summary_side(rng, False)]
        else:
            sides = [detailed_side(rng, ranks[:3], True), detailed_side(rng, ranks[3:], False)]
        records.append({"variant": variant, "sides": sides})
    return records


FAMILIES = ("modern-american", "samba", "bolivia", "hand-and-foot")


def family_records(n: int) -> dict[str, list[dict]]:
    """Each family's scored worked hands, repeated to ``n`` records."""
    path = ROOT / "tests" / "data" / "examples-families.jsonl"
    worked = [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]
    out = {}
    for family in FAMILIES:
        hands = [
            e["hand"]
            for e in worked
            if "hand" in e and e["hand"]["variant"] == family and "totals" in e["expect"]
        ]
        out[family] = [hands[i % len(hands)] for i in range(n)]
    return out


def vm_hwm_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>10,.0f} hands/s  ({seconds * 1e6 / n:6.1f} µs/hand)"


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    records = make_records(args.hands)
    lines = [orjson.dumps(r) for r in records]
    refused = sum("error" in score_json(r) for r in records)

    floor = best_of(5, lambda: [orjson.dumps(orjson.loads(line)) for line in lines])
    engine = best_of(5, lambda: [score_json(r) for r in records])
    pipeline = best_of(5, lambda: write_scores(lines, io.BytesIO()))
    cores = os.cpu_count() or 1
    parallel = best_of(5, lambda: write_scores(lines, io.BytesIO(), workers=cores))

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        empty = Path(tmp) / "empty.jsonl"
        empty.write_bytes(b"")
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
        # Let Python keep its bytecode cache, as an installed app does: start-up then loads .pyc.
        env.pop("PYTHONDONTWRITEBYTECODE", None)

        peak_kib = [0]

        def command(file: Path) -> None:
            process = subprocess.Popen(
                [sys.executable, str(ROOT / "manage.py"), "score_hand", str(file)],
                stdout=subprocess.DEVNULL,
                env=env,
            )
            # The high-water mark of the process's own memory after exec (VmHWM); the rusage
            # of a child forked from this large process would count this process too.
            while process.poll() is None:
                peak_kib[0] = max(peak_kib[0], vm_hwm_kib(process.pid))
                time.sleep(0.01)

        startup = best_of(5, lambda: command(empty))
        whole = best_of(5, lambda: command(path))
        peak_mib = peak_kib[0] / 1024

    n = args.hands
    print(f"hands: {n:,} ({refused:,} refused by the rules), best of 5 runs")
    print(f"JSON parse+dump floor (orjson):       {rate(n, floor)}")
    print(f"engine in-process (score + JSON form): {rate(n, engine)}")
    print(f"batch pipeline, 1 process (bytes):     {rate(n, pipeline)}")
    print(f"batch pipeline, {cores} processes:          {rate(n, parallel)}")
    print(f"score_hand process, wall clock:        {rate(n, whole)}")
    print(
        f"score_hand process, less start-up:     {rate(n, whole - startup)}  (start-up {startup * 1000:.0f} ms)"
    )
    print(f"score_hand peak resident memory:       {peak_mib:.0f} MiB (main process)")
    for family, family_hands in family_records(n).items():
        assert not any("error" in score_json(r) for r in family_hands), family
        seconds = best_of(5, lambda hands=family_hands: [score_json(r) for r in hands])
        print(f"{family + ', in-process:':<38} {rate(n, seconds)}")


if __name__ == "__main__":
    main()
