#!/usr/bin/env python
"""The knockout's bracket as a PDF (the director's "Bracket (PDF)"): the seconds WeasyPrint takes
for a bracket of 8 to 512 pairs, drawn by the services on a throwaway SQLite database, the
first PDF (fonts, WeasyPrint's start) paid before the figures.

Usage: python bench/bracket.py [--pairs 8,32,64,128,512] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="8,32,64,128,512")
    parser.add_argument("--keep", help="a folder to write the PDFs to")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-bracket-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_LOG_LEVEL="WARNING",
    )
    import django

    django.setup()
    from django.core.management import call_command

    from tournaments.printing import render_bracket
    from tournaments.selectors.bracket import knockout_bracket
    from tournaments.services.entries import entries_add
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create

    call_command("migrate", verbosity=0)
    sizes = [int(n) for n in args.pairs.split(",")]
    for warm_up, pairs in [(True, 4), *((False, n) for n in sizes)]:
        tournament = tournament_create(name=f"Cup of {pairs}", format="knockout", rounds=0)
        entries_add(
            tournament_id=tournament.id,
            entries=[{"name": f"Pair number {i}", "seed": i} for i in range(1, pairs + 1)],
        )
        round_release(round_id=round_pair(tournament_id=tournament.id).id)
        bracket = knockout_bracket(tournament)
        began = time.perf_counter()
        pdf = render_bracket(tournament, bracket, "en")
        took = time.perf_counter() - began
        if args.keep:
            Path(args.keep, f"bracket-{pairs}.pdf").write_bytes(pdf)
        if not warm_up:
            print(f"{pairs:4d} pairs: {took:6.2f} s, {len(pdf) // 1024} KB")


if __name__ == "__main__":
    main()
