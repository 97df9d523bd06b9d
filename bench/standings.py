#!/usr/bin/env python
"""A standings recompute for 1000 pairs × 9 rounds: the engine alone, and the whole service
(load the rows, rank, write the snapshot) on a throwaway SQLite database, or on the database
DATABASE_URL names.

Target (issue 10): 0.5 s or less.

Usage: python bench/standings.py [--pairs 1000] [--rounds 9]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-standings-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tournaments.engine.points import Scoring
    from tournaments.engine.standings import rank
    from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
    from tournaments.selectors.event import event_state
    from tournaments.services.standings import standings_recompute

    rng = random.Random(4)
    n, rounds = args.pairs, args.rounds
    tournament = Tournament.objects.create(
        name="bench", format="swiss", rounds=rounds, tiebreaks=["tp", "h2h", "buchholz", "margin"]
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"P{i}") for i in range(n)
    )
    for number in range(1, rounds + 1):
        played = Round.objects.create(
            tournament=tournament, number=number, format="swiss", status=Round.Status.COMPLETE
        )
        order = entries[:]
        rng.shuffle(order)
        matches = Match.objects.bulk_create(
            Match(
                round=played, table=t + 1, ns=order[2 * t], ew=order[2 * t + 1], status="confirmed"
            )
            for t in range(n // 2)
        )
        subs = ResultSubmission.objects.bulk_create(
            ResultSubmission(
                match=m,
                version=1,
                by="director",
                kind="corrected",
                ns_score=rng.randrange(0, 3000),
                ew_score=rng.randrange(0, 3000),
            )
            for m in matches
        )
        for m, s in zip(matches, subs, strict=True):
            m.result = s
        Match.objects.bulk_update(matches, ["result"], batch_size=500)
    state = event_state(tournament)
    start = time.perf_counter()
    rank(state.pairs, state.results, Scoring(), tournament.tiebreaks)
    engine = time.perf_counter() - start
    start = time.perf_counter()
    standings_recompute(tournament_id=tournament.id)
    whole = time.perf_counter() - start
    print(f"{n} pairs × {rounds} rounds ({len(state.results)} results)")
    print(f"engine rank:                {engine:.3f} s")
    print(
        f"standings_recompute (DB):   {whole:.3f} s  ({os.environ['DATABASE_URL'].split(':')[0]})"
    )


if __name__ == "__main__":
    main()
