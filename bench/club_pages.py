#!/usr/bin/env python
"""A club of 300 players and 50,000 hands: building the statistics' lines, then a player's page
and the leaders' page (and, with the rating shown, the leaders' page again) through the Django
test client: time per page (median and slowest of the runs) and SQL queries per page, on a
throwaway SQLite database or the one DATABASE_URL names.

Aim (issue 20): a page well under a second, its queries not growing with the hands.

With --events, the busiest player then plays that many finished 8-pair evenings, each with
another partner, and their page is timed again: its queries must not grow with the events.

Usage: python bench/club_pages.py [--players 300] [--hands 50000] [--runs 20] [--events 0]
                                  [--backup]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HANDS_PER_GAME = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--events", type=int, default=0, help="the busiest player's evenings")
    parser.add_argument("--backup", action="store_true", help="also time its backup and import")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-clubs-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from clubs.models import Club, Player, PlayerGameLine, SeatedPlayer
    from clubs.services import club_create
    from clubs.statistics_refresh import game_lines_refresh
    from scorekeeper.models import Game, Hand, Side, hash_token
    from scorekeeper.services import Author, hand_add
    from tests.factories import new_game

    director = get_user_model().objects.create_user("dora", password="x")  # noqa: S106
    club = club_create(name="Big club", director=director)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d}") for i in range(args.players)
    )
    # A few hands scored by the engine, their records and results reused: the setup's cost is
    # not what is measured.
    sample, _token = new_game()
    shapes = [
        [{"melds": [{"rank": "K", "naturals": 7}, {"rank": "A", "naturals": 3}], "red_threes": 1,
          "went_out": True}, {"hand": {"points": 60}}],
        [{"melds": [{"rank": "5", "naturals": 4}]}, {"melds": [{"rank": "Q", "naturals": 7},
          {"rank": "9", "naturals": 5, "twos": 2}], "went_out": True}],
        [{"melded": {"points": 250}, "canastas": {"mixed": 1}}, {"melded": {"points": 120}}],
    ]  # fmt: skip
    scored = []
    for sides in shapes:
        write = hand_add(game_id=sample.id, sides=sides, author=Author("bench"))
        scored.append((write.hand.record, write.hand.result))
    games = max(1, args.hands // HANDS_PER_GAME)
    pick = random.Random(20)
    start = time.perf_counter()
    now = timezone.now()
    for g in range(games):
        table = pick.sample(players, 4)
        totals = [0, 0]
        hands = []
        for number in range(1, HANDS_PER_GAME + 1):
            record, result = pick.choice(scored)
            totals = [t + s["total"] for t, s in zip(totals, result["sides"], strict=True)]
            hands.append((number, record, result, list(totals)))
        winner = 0 if totals[0] >= totals[1] else 1
        game = Game.objects.create(
            token_hash=hash_token(f"bench-{g}"), variant="classic", players=4, target=5000,
            totals=totals, hand_count=HANDS_PER_GAME, ended_at=HANDS_PER_GAME, winner=winner,
        )  # fmt: skip
        played = now - timedelta(days=games - g)  # the statistics follow the day played
        Game.objects.filter(id=game.id).update(created_at=played, played_on=played.date())
        sides = Side.objects.bulk_create(
            Side(game=game, position=i, name=f"Side {i + 1}") for i in range(2)
        )
        SeatedPlayer.objects.bulk_create(
            SeatedPlayer(side=sides[i // 2], player=player, seat=i % 2)
            for i, player in enumerate(table)
        )
        Hand.objects.bulk_create(
            Hand(game=game, number=n, record=r, result=res, score_after=after)
            for n, r, res, after in hands
        )
    built = time.perf_counter() - start
    start = time.perf_counter()
    for game_id in (
        Game.objects.filter(sides__seated__player__club=club)
        .values_list("id", flat=True)
        .distinct()
    ):
        game_lines_refresh(game_id=game_id)
    refreshed = time.perf_counter() - start
    print(
        f"club: {args.players} players, {games} games, {games * HANDS_PER_GAME} hands, "
        f"{PlayerGameLine.objects.filter(club=club).count()} lines "
        f"(set up in {built:.1f} s; lines built in {refreshed:.1f} s, "
        f"{1000 * refreshed / games:.2f} ms per game)"
    )
    client = Client()
    client.force_login(director)
    busiest = (
        PlayerGameLine.objects.filter(club=club)
        .values_list("player_id", flat=True)
        .order_by("player_id")
        .first()
    )
    pages = {
        "player": f"/c/{club.id}/players/{busiest}/",
        "leaders": f"/c/{club.id}/leaders/",
        "players": f"/c/{club.id}/players/",
    }

    def timed(label: str, url: str) -> None:
        times = []
        for _ in range(args.runs):
            connection.queries_log.clear()  # the setup's queries filled the log
            with CaptureQueriesContext(connection) as queries:
                began = time.perf_counter()
                answer = client.get(url)
                times.append(1000 * (time.perf_counter() - began))
            assert answer.status_code == 200, (url, answer.status_code)
            counted = len(queries.captured_queries)
        print(
            f"{label:26} median {statistics.median(times):7.1f} ms, slowest "
            f"{max(times):7.1f} ms, first {times[0]:7.1f} ms, {counted} queries"
        )

    for rating in (False, True):
        Club.objects.filter(id=club.id).update(rating=rating)
        for name, url in pages.items():
            if rating and name == "players":
                continue
            timed(f"{name}{' (rating shown)' if rating else ''}", url)
    if args.events:
        Club.objects.filter(id=club.id).update(rating=False)
        began = time.perf_counter()
        evenings(club, director, Player.objects.get(id=busiest), players, args.events, pick)
        print(f"events: {args.events} evenings set up in {time.perf_counter() - began:.1f} s")
        timed(f"player ({args.events} events)", pages["player"])

    if args.backup:
        time_backup(club, director, games)


def time_backup(club, director, games: int) -> None:
    """The club's backup written, then imported as a new club (BENCH_PROFILE=file: a profile of
    the import, to that file)."""
    from clubs.backup import club_export_bytes, club_import

    began = time.perf_counter()
    data = club_export_bytes(club)
    exported = time.perf_counter() - began
    began = time.perf_counter()
    if os.environ.get("BENCH_PROFILE"):
        import cProfile

        with cProfile.Profile() as profile:
            club_import(data=data, director=director, name="Big club again")
        profile.dump_stats(os.environ["BENCH_PROFILE"])
    else:
        club_import(data=data, director=director, name="Big club again")
    imported = time.perf_counter() - began
    from django.utils import timezone

    from clubs.models import ClubImport

    # The job's end, when its club opens (its updated_at), then its players' statistics built.
    job = ClubImport.objects.latest("id")
    opened = imported - (timezone.now() - job.updated_at).total_seconds()
    print(
        f"backup: {len(data) / 2**20:.1f} MB written in {exported:.1f} s; "
        f"imported in {opened:.1f} s ({1000 * opened / games:.1f} ms per game), the club open; "
        f"its statistics built {imported - opened:.1f} s after (here: with a broker, a worker's)"
    )


def evenings(club, director, busiest, players, count: int, pick: random.Random) -> None:
    """``count`` finished one-round evenings of 8 pairs, the busiest player in each with
    another partner; their tables settled from the slips (no hands)."""
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_close, round_pair, round_release
    from tournaments.services.tournament import tournament_create

    others = [p for p in players if p.id != busiest.id]
    for e in range(count):
        names = [busiest.name, *(p.name for p in pick.sample(others, 15))]
        event = tournament_create(
            name=f"Evening {e + 1}", format="swiss", rounds=1, club=club, director=director
        )
        entries_add(
            tournament_id=event.id,
            entries=[
                {"name": f"Pair {i + 1}", "player_1": names[2 * i], "player_2": names[2 * i + 1]}
                for i in range(8)
            ],
        )
        drawn = round_pair(tournament_id=event.id)
        round_release(round_id=drawn.id)
        for match in drawn.matches.exclude(game=None):
            ns, ew = pick.randrange(10, 60) * 50, pick.randrange(10, 60) * 50
            for by in ("ns", "ew"):
                result_submit(match_id=match.id, by=by, ns_score=ns, ew_score=ew)
        round_close(round_id=drawn.id)


if __name__ == "__main__":
    main()
