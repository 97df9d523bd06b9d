#!/usr/bin/env python
"""The pages built from django-tables2 tables, at a club's scale: does a speed trick matter?

A 40-hand game (classic, two sides) with six corrections: its scoreboard rendered cold (the
table's two pages of 20 hands, as after every save: views._board caches them by the game's
version) and its history (46 changes). Each page is timed in CPU time (the test client, SQLite,
DEBUG off), with django-tables2's own signature lookup and with it cached
(core/tables_speedup.py), the two taken in turn to share the machine's noise.

On a shared 2-core machine (2026-11, django-tables2 3.0.1), median of 300 requests each: a board
page 33.7 and 34.0 ms plain, 31.1 and 30.6 ms cached (-8 %, -10 %); the history 55.4 ms plain,
47.0 ms cached (-15 %): the cache stays. Cells built by hand instead of with format_html saved under
2 ms a board page and nothing on the history: they are format_html now.

Usage: python bench/tables.py [--rounds 100]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from serving import HAND  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-tables-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY="bench-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_LOG_LEVEL="WARNING",
    )
    import django

    django.setup()
    from django.conf import settings

    # Static files by their plain names: no collectstatic for a bench of the pages' own work.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    import django_tables2.utils as tables_utils

    from core import tables_speedup
    from scorekeeper import services
    from scorekeeper.models import Hand

    game, token = services.game_create(
        variant="classic",
        players=4,
        sides=[{"name": "NS"}, {"name": "EW"}],
        rules={"target": 100000},  # 40 hands without an end
    )
    author = services.Author("bench")
    for _ in range(40):
        services.hand_add(game_id=game.id, sides=HAND["sides"], author=author)
    for number in (3, 8, 15, 22, 30, 37):
        version = Hand.objects.get(game=game, number=number).version
        services.hand_revise(
            game_id=game.id,
            number=number,
            sides=HAND["sides"],
            author=author,
            expected_version=version,
        )
    client = Client()
    client.get(f"/g/{game.id}/play/{token}/")  # this device holds the edit link
    pages = {
        "board, hands 1-20": (f"/g/{game.id}/edit/?page=1", True),
        "board, hands 21-40": (f"/g/{game.id}/edit/?page=2", True),
        "history, 46 changes": (f"/g/{game.id}/history/", False),
    }
    lookups = {"plain": tables_speedup.ORIGINAL, "cached": tables_speedup.cached_signature}
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _ in range(args.rounds):
        for lookup, function in lookups.items():
            tables_utils.signature = function
            for page, (path, cold) in pages.items():
                for _ in range(3):
                    if cold:
                        caches["fragments"].clear()
                    start = time.process_time()
                    response = client.get(path)
                    times[page, lookup].append(time.process_time() - start)
                    assert response.status_code == 200, (path, response.status_code)
    print(f"{'page':22} {'plain':>9} {'cached':>9}  saved")
    for page in pages:
        plain, cached = (statistics.median(times[page, lookup]) * 1000 for lookup in lookups)
        print(
            f"{page:22} {plain:7.1f}ms {cached:7.1f}ms  {plain - cached:4.1f} ms"
            f" ({(plain - cached) / plain:.0%})"
        )


if __name__ == "__main__":
    main()
