"""The ordinary faults of a club night, against the real services (tests/faults.py): Redis
stopped while results come in, a broker that never answers through a whole event, the database
down when a recompute runs, a worker killed with -9 in the middle of one. Every answer is true
(nothing saved answers 5xx) and the final standings count every settled table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from celery import Celery
from django.db import connection
from django.db.models import F
from django.test import Client, override_settings
from django.urls import reverse

from tests.faults import (
    ROOT,
    RedisServer,
    TcpProxy,
    database_url,
    free_port,
    redis_caches,
    start_worker,
    stop_worker,
    web_process_broker,
)
from tests.waiting import wait_until
from tournaments.models import Match, StandingsSnapshot, Tournament
from tournaments.selectors.versions import event_versions
from tournaments.services import standings as standings_service
from tournaments.services.entries import entries_add
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token

pytestmark = [pytest.mark.slow, pytest.mark.services]  # real Redis, a broker, PostgreSQL, workers

postgres_only = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="cuts and stalls the connection to PostgreSQL (runs in the PostgreSQL pass)",
)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def event(pairs: int, individual: bool = False, director: Any = None) -> Tournament:
    """A one-round Swiss evening, released: closing its round finishes it. ``individual``: as
    many tables of players who enter alone (two partners a side). ``director``: a user whose
    club runs it (its director's pages are theirs)."""
    fmt, entries = ("individual", 2 * pairs) if individual else ("swiss", pairs)
    tournament = tournament_create(name="Club night", format=fmt, rounds=1, director=director)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Entry {i}", "seed": i} for i in range(1, entries + 1)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return tournament


def tables(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(round__tournament=tournament, ew__isnull=False).order_by("table")
    )


def confirm_from_the_tables(match: Match) -> list[int]:
    """Both pairs submit the same figures from their own links; what each answer was."""
    answers = []
    for side in ("ns", "ew"):
        url = reverse("table", args=[table_token(match.game, side)])
        answers.append(Client().post(url, {"ns_score": 900, "ew_score": 300}).status_code)
        answers.append(Client().get(url).status_code)
    return answers


def latest(tournament: Tournament) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()


def counts_every_change(tournament: Tournament) -> bool:
    snapshot = latest(tournament)
    return snapshot is not None and snapshot.inputs_version == event_versions(tournament.id).inputs


def queued_tasks(server: RedisServer, name: str) -> int:
    """The tasks named ``name`` waiting in the broker's queue for a worker."""
    return sum(
        json.loads(message)["headers"]["task"] == name
        for message in server.client.lrange("celery", 0, -1)
    )


def wins(snapshot: StandingsSnapshot) -> int:
    return sum(row["metrics"]["wins"] for row in snapshot.rows)


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_results_queues_one_rebuild_and_a_result_after_it_begins_the_next(
    redis_server: RedisServer,
) -> None:
    """Issue 32: the standings are rebuilt once per burst, not once per result. A real Redis as
    the broker and the cache, no worker yet: four tables' results in a row queue one rebuild
    (which, run later, reads them all); once a rebuild begins, the next results queue the
    next one, which a worker then runs to standings that count every table."""
    from tournaments.tasks import standings_recompute_task

    name = standings_recompute_task.name
    with (
        override_settings(CACHES=redis_caches(redis_server.url)),
        web_process_broker(redis_server.url),
    ):
        tournament = event(pairs=16)
        matches = tables(tournament)
        standings_service.standings_recompute(tournament_id=tournament.id)  # as a worker begins
        queued = queued_tasks(redis_server, name)
        for match in matches[:4]:
            assert confirm_from_the_tables(match) == [302, 200, 302, 200]
        assert queued_tasks(redis_server, name) == queued + 1
        standings_service.standings_recompute(tournament_id=tournament.id)
        assert counts_every_change(tournament) and wins(latest(tournament)) == 4
        for match in matches[4:]:
            assert confirm_from_the_tables(match) == [302, 200, 302, 200]
        assert queued_tasks(redis_server, name) == queued + 2
        worker = start_worker(redis_server.url)
        try:
            wait_until(lambda: counts_every_change(tournament), 60, "the worker's standings")
        finally:
            stop_worker(worker)
        assert wins(latest(tournament)) == 8


@pytest.mark.parametrize("individual", [False, True], ids=["pairs", "individual"])
@pytest.mark.django_db(transaction=True)  # a worker process reads what the test commits
def test_redis_stopped_while_tables_confirm_answers_true_and_the_final_standings_count_all(
    redis_server: RedisServer, django_user_model, individual: bool
) -> None:
    per_table = 2 if individual else 1  # a table's winners: a pair, or two partners
    worker = start_worker(redis_server.url)
    director = Client()
    dora = django_user_model.objects.create_user("dora", "d@x.org", "pw")
    director.force_login(dora)
    try:
        with (
            override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
            web_process_broker(redis_server.url),
        ):
            tournament = event(pairs=16, individual=individual, director=dora)
            matches = tables(tournament)
            for match in matches[:2]:
                assert confirm_from_the_tables(match) == [302, 200, 302, 200]
            wait_until(lambda: counts_every_change(tournament), 60, "the worker's standings")
            assert wins(latest(tournament)) == 2 * per_table

            redis_server.stop()  # the broker and the cache, at once
            for match in matches[2:]:
                assert confirm_from_the_tables(match) == [302, 200, 302, 200]
            assert counts_every_change(tournament)  # rebuilt here, the queue being down
            assert wins(latest(tournament)) == 8 * per_table
            pages = [
                reverse("tournament", args=[tournament.id]),
                reverse("tournament-standings", args=[tournament.id]),
                reverse("tournament-screen", args=[tournament.id]),
                reverse("tournament-screen-json", args=[tournament.id]),
                reverse("director", args=[tournament.id]),
                reverse("export-standings", args=[tournament.id]),
            ]
            assert [director.get(page).status_code for page in pages] == [200] * len(pages)

            redis_server.start()
            played = tournament.round_set.get()
            closed = director.post(reverse("director-close", args=[tournament.id, 1]))
            assert closed.status_code == 302
            played.refresh_from_db()
            tournament.refresh_from_db()
            assert tournament.status == Tournament.Status.FINISHED
            final = latest(tournament)
            assert final.inputs_version == event_versions(tournament.id).inputs
            assert not final.provisional
            assert wins(final) == 8 * per_table  # every table of the evening
            page = director.get(reverse("tournament-standings", args=[tournament.id]))
            assert 'data-testid="final"' in page.content.decode()
            csv = b"".join(director.get(pages[-1]).streaming_content).decode()
            assert csv.splitlines()[1].endswith(f",{final.version},1,no")
    finally:
        stop_worker(worker)


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_hangs_holds_no_request_for_long(redis_server: RedisServer) -> None:
    """Redis accepts connections and answers nothing (frozen): sending a task gives up after
    the transport's socket timeout, the work is done here, and later requests skip the broker."""
    with (
        override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
        web_process_broker(redis_server.url),
    ):
        tournament = event(pairs=8)
        first, *others = tables(tournament)
        assert confirm_from_the_tables(first) == [302, 200, 302, 200]  # queued: no worker
        redis_server.freeze()
        timings = []
        for match in others:
            started = time.monotonic()
            assert confirm_from_the_tables(match) == [302, 200, 302, 200]
            timings.append(time.monotonic() - started)
        assert counts_every_change(tournament) and wins(latest(tournament)) == 4
    assert timings[0] < 25, timings  # the first meets the hung broker: under gunicorn's 30 s
    assert max(timings[1:]) < 5, timings  # the next ones leave it alone


@pytest.mark.django_db(transaction=True)  # the simulator is another process
def test_with_the_broker_never_answering_a_whole_event_plays_to_its_final_standings() -> None:
    nowhere = f"redis://127.0.0.1:{free_port()}/0"  # a broker (and cache) that never answers
    run = subprocess.run(
        [
            sys.executable,
            *("manage.py", "simulate_tournament", "--format", "swiss", "--teams", "12"),
            *("--seed", "5", "--hands", "1", "--json"),
        ],
        cwd=ROOT,
        env={**os.environ, "CELERY_BROKER_URL": nowhere, "DATABASE_URL": database_url()},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "the task queue is not answering" in run.stderr
    played = json.loads(run.stdout)
    assert len(played["rounds"]) == 4 and len(played["standings"]) == 12
    tournament = Tournament.objects.get()
    final = latest(tournament)
    assert tournament.status == Tournament.Status.FINISHED and not final.provisional
    assert final.inputs_version == event_versions(tournament.id).inputs
    tables_played = sum(len(r["tables"]) for r in played["rounds"])
    decided = sum(
        1 for r in played["rounds"] for t in r["tables"] if t["scores"][0] != t["scores"][1]
    )
    assert wins(final) == decided and tables_played == 4 * 6


def lose_the_rebuild(tournament: Tournament) -> None:
    Tournament.objects.filter(id=tournament.id).update(inputs_version=F("inputs_version") + 1)


def a_stale_evening() -> Tournament:
    """Eight tables settled, and a change whose rebuild is still to run."""
    tournament = event(pairs=16)
    for match in tables(tournament):
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=900, ew_score=300)
    lose_the_rebuild(tournament)
    assert not counts_every_change(tournament)
    return tournament


def database_address() -> tuple[str, int]:
    settings = connection.settings_dict
    return settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432)


def send_recompute(broker: str, tournament: Tournament) -> None:
    client = Celery("web-process", broker=broker, set_as_current=False)
    client.conf.update(task_serializer="json", accept_content=["json"])
    client.send_task("tournaments.tasks.standings_recompute", args=[tournament.id])
    client.close()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_recompute_that_meets_the_database_down_is_retried_until_it_is_back(
    redis_server: RedisServer,
) -> None:
    tournament = a_stale_evening()
    proxy = TcpProxy(*database_address())  # closed: the database "restarts"
    worker = start_worker(redis_server.url, database=database_url(proxy.port))
    try:
        send_recompute(redis_server.url, tournament)
        wait_until(lambda: redis_server.client.zcard("unacked_index") == 1, 30, "a retry waits")
        assert not counts_every_change(tournament)
        proxy.open()  # the database is back
        wait_until(lambda: counts_every_change(tournament), 90, "the retried recompute")
        assert wins(latest(tournament)) == 8
    finally:
        stop_worker(worker)
        proxy.close()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_in_the_middle_of_a_recompute_leaves_it_to_the_next(
    redis_server: RedisServer,
) -> None:
    tournament = a_stale_evening()
    proxy = TcpProxy(*database_address())
    proxy.open()
    proxy.stall()  # the recompute hangs on the database: it is in the middle of its work
    lost = start_worker(
        redis_server.url, database=database_url(proxy.port), CELERY_VISIBILITY_TIMEOUT="3"
    )
    try:
        send_recompute(redis_server.url, tournament)
        wait_until(lambda: redis_server.client.hlen("unacked") == 1, 30, "the worker takes it")
        lost.kill()  # -9: no goodbye, no acknowledgement
        lost.wait(timeout=10)
        proxy.close()  # its connections go too
        assert not counts_every_change(tournament)
        worker = start_worker(redis_server.url, CELERY_VISIBILITY_TIMEOUT="3")
        try:
            wait_until(lambda: counts_every_change(tournament), 90, "the task delivered again")
            assert wins(latest(tournament)) == 8
        finally:
            stop_worker(worker)
    finally:
        stop_worker(lost)
        proxy.close()


@pytest.mark.django_db(transaction=True)
def test_with_no_worker_running_the_pages_rebuild_standings_left_stale(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The broker answers, but no worker takes the rebuilds (all stopped): a page says the
    standings are being brought up to date, and once they have lagged a while it rebuilds
    them itself."""
    with (
        override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
        web_process_broker(redis_server.url),
    ):
        # Soon after the change (however slow this machine is), a page leaves the rebuild to
        # the workers.
        monkeypatch.setattr(standings_service, "REBUILD_HERE_AFTER", timedelta(hours=1))
        tournament = event(pairs=8)
        for match in tables(tournament):
            assert confirm_from_the_tables(match) == [302, 200, 302, 200]
        assert redis_server.client.llen("celery") > 0  # the rebuilds wait for a worker
        standings = reverse("tournament-standings", args=[tournament.id])
        page = Client().get(standings).content.decode()
        assert 'data-testid="stale"' in page and not counts_every_change(tournament)
        monkeypatch.setattr(standings_service, "REBUILD_HERE_AFTER", timedelta(0))  # a while later
        page = Client().get(standings).content.decode()
        assert 'data-testid="stale"' not in page and counts_every_change(tournament)
        assert wins(latest(tournament)) == 4


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_followed_game_answers_503_while_the_database_is_down_and_304_once_back() -> None:
    """The phones' polls of a game's version (one plain SQL read) meet PostgreSQL restarting:
    an honest 503 (the phone tries again), then the version as it was, never a 500."""
    from tests.factories import new_game

    game, _token = new_game()
    url = reverse("game-version", args=[game.id])
    client = Client(raise_request_exception=False)
    etag = client.get(url)["ETag"]
    proxy = TcpProxy(*database_address())  # closed: the database "restarts"
    settings, saved = connection.settings_dict, dict(connection.settings_dict)
    connection.close()
    settings.update(HOST="127.0.0.1", PORT=str(proxy.port))
    try:
        down = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert down.status_code == 503 and down["Retry-After"]
        proxy.open()
        connection.close()
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    finally:
        connection.close()
        settings.update(saved)
        proxy.close()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_tables_hand_and_result_sent_while_the_database_restarts_are_503_then_saved_once() -> (
    None
):
    """A table's writes read their key and their event first (one plain SQL read each):
    PostgreSQL restarting, the hand sent through the API and the pair's result are an honest
    503 (the phone sends them again), nothing half-saved; sent again once it is back (the hand
    with the same Idempotency-Key), each is saved once."""
    from scorekeeper.models import Hand
    from tests.factories import NS_OUT_WITH_KINGS

    match = tables(event(4))[0]
    hands = reverse("api-hands", args=[match.game_id])
    page = reverse("table", args=[table_token(match.game, "ns")])
    client = Client(raise_request_exception=False)

    def send_hand() -> Any:
        return client.post(
            hands,
            json.dumps({"sides": NS_OUT_WITH_KINGS}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {table_token(match.game, 'ns')}",
            HTTP_IDEMPOTENCY_KEY="a-hand-sent-while-the-database-restarts",
        )

    proxy = TcpProxy(*database_address())  # closed: the database "restarts"
    settings, saved = connection.settings_dict, dict(connection.settings_dict)
    connection.close()
    settings.update(HOST="127.0.0.1", PORT=str(proxy.port))
    try:
        down = [send_hand(), client.post(page, {"ns_score": 900, "ew_score": 300})]
        assert [(a.status_code, bool(a["Retry-After"])) for a in down] == [(503, True)] * 2
        proxy.open()
        connection.close()
        assert [send_hand().status_code, send_hand().status_code] == [201, 201]
        assert client.post(page, {"ns_score": 900, "ew_score": 300}).status_code == 302
    finally:
        connection.close()
        settings.update(saved)
        proxy.close()
    assert Hand.objects.filter(game_id=match.game_id).count() == 1
    assert match.submissions.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_club_games_statistics_follow_its_hands_with_the_broker_down_or_no_worker(
    redis_server: RedisServer,
) -> None:
    """The statistics' lines of a club game, rebuilt by a task sent on commit: with the broker
    stopped the hand is saved and its lines are rebuilt in the request; with the broker back but
    no worker to take the task, the player's page rebuilds what lags itself."""
    from django.contrib.auth import get_user_model

    from clubs.models import Player, PlayerGameLine
    from clubs.services import club_create

    director = get_user_model().objects.create_user("dora", password="pw")
    club = club_create(name="Lucca", director=director)
    client = Client()
    client.force_login(director)
    form = {
        "variant": "classic", "players": 4, "sides": 2, "side_1": "Us", "players_1": "Anna, Ben",
        "side_2": "Them", "players_2": "Carla, Dario",
    }  # fmt: skip
    assert client.post(f"/c/{club.id}/games/new/", form).status_code == 302
    anna = Player.objects.get(name="Anna")
    game = anna.seats.get().side.game
    hand = json.dumps(
        [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"hand": {"points": 60}}]
    )
    with (
        override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
        web_process_broker(redis_server.url),
    ):
        redis_server.stop()  # the broker (and the cache) down
        saved = client.post(reverse("hand-new", args=[game.id]), {"record": hand, "number": 1})
        assert saved.status_code == 302
        line = PlayerGameLine.objects.get(player=anna, game=game)
        assert (line.hands, line.points) == (1, 670)  # rebuilt here: no broker answered
        redis_server.start()  # the broker back, no worker: the task waits in the queue
        time.sleep(1)  # past the pause after a broker failure (retry_after)
        from core import background

        background._broker_down_until = 0.0
        saved = client.post(reverse("hand-new", args=[game.id]), {"record": hand, "number": 2})
        assert saved.status_code == 302
        assert PlayerGameLine.objects.get(player=anna, game=game).hands == 1  # queued, not run
        page = client.get(f"/c/{club.id}/players/{anna.id}/")
        assert page.status_code == 200
        assert PlayerGameLine.objects.get(player=anna, game=game).hands == 2  # caught up


@pytest.mark.django_db(transaction=True)
def test_a_corrected_table_reaches_its_players_statistics_with_no_worker(
    redis_server: RedisServer,
) -> None:
    """An event table's correction changes who won it: with the broker up but no worker to take
    the rebuild, the player's page brings their lines to the corrected result itself."""
    from django.contrib.auth import get_user_model

    from clubs.models import PlayerGameLine
    from clubs.services import club_create
    from scorekeeper.services import Author, hand_add
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_correct, result_submit
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create

    director = get_user_model().objects.create_user("dora", password="pw")
    club = club_create(name="Lucca", director=director)
    event = tournament_create(
        name="Tuesday", format="swiss", rounds=1, club=club, director=director
    )
    entries_add(
        tournament_id=event.id,
        entries=[
            {"name": n, "player_1": a, "player_2": b}
            for n, a, b in (("R", "Anna", "Ben"), ("T", "Carla", "Dario"))
        ],
    )
    drawn = round_pair(tournament_id=event.id)
    round_release(round_id=drawn.id)
    match = drawn.matches.exclude(game=None).select_related("ns").get()
    hand = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"hand": {"points": 60}}]
    hand_add(game_id=match.game_id, sides=hand, author=Author("t"))
    for by in ("ns", "ew"):
        result_submit(match_id=match.id, by=by, ns_score=670, ew_score=-60)
    anna = match.ns.first_player
    assert PlayerGameLine.objects.get(player=anna).won is True  # built at once (no broker yet)
    client = Client()
    client.force_login(director)
    with (
        override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
        web_process_broker(redis_server.url),
    ):
        result_correct(match_id=match.id, ns_score=500, ew_score=900, reason="slip misread")
        assert PlayerGameLine.objects.get(player=anna).won is True  # queued, no worker took it
        page = client.get(f"/c/{club.id}/players/{anna.id}/")
        assert page.status_code == 200
        assert PlayerGameLine.objects.get(player=anna).won is False  # caught up by the page


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_up_and_no_worker_the_draw_and_the_print_a_director_waits_on_finish(
    redis_server: RedisServer, settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The broker answers, but no worker takes what it queues: "Generate round 2" drew nothing
    ("Drawing round 2…" for ever, each press queuing one more draw), and a large round's print
    and a club's import waited for ever. The director's page now does the work itself once no worker has taken it
    for a few seconds (background.WORKER_GRACE), in real time."""
    from django.contrib.auth import get_user_model

    from tournaments import print_jobs
    from tournaments.models import PrintJob

    settings.PRINT_ROOT = tmp_path / "prints"
    monkeypatch.setattr(print_jobs, "INLINE_TABLES", 2)  # 4 tables go to the background
    dora = get_user_model().objects.create_user("dora")
    director = Client()
    director.force_login(dora)
    with (
        override_settings(CACHES=redis_caches(redis_server.url, retry_after=0.5)),
        web_process_broker(redis_server.url),
    ):
        tournament = tournament_create(name="Club night", format="swiss", rounds=2, director=dora)
        entries_add(
            tournament_id=tournament.id,
            entries=[{"name": f"Entry {i}", "seed": i} for i in range(1, 9)],
        )
        round_release(round_id=round_pair(tournament_id=tournament.id).id)
        for match in tables(tournament):
            assert confirm_from_the_tables(match) == [302, 200, 302, 200]
        state_url = reverse("tournament-state", args=[tournament.id])
        draws = "tournaments.tasks.round_pair"
        assert queued_tasks(redis_server, draws) == 0
        pressed = director.post(reverse("director-round-next", args=[tournament.id]))
        assert pressed["Location"].endswith("?drawing=2")
        assert queued_tasks(redis_server, draws) == 1  # the draw waits for a worker
        assert director.get(state_url).json()["rounds"] == 1
        director.post(reverse("director-round-next", args=[tournament.id]))  # pressed again
        assert queued_tasks(redis_server, draws) == 1  # nothing more queued
        started = time.monotonic()
        wait_until(
            lambda: director.get(state_url).json()["rounds"] == 2, 60, "round 2 drawn by the page"
        )
        assert time.monotonic() - started < 30
        page = director.get(reverse("director", args=[tournament.id])).content.decode()
        assert 'data-testid="release"' in page and "Release round 2" in page
        # The standings the round's results left stale (queued, untaken) are rebuilt by the
        # director's page itself, as by the public pages.
        wait_until(
            lambda: (
                'data-testid="standings-stale"'
                not in director.get(reverse("director", args=[tournament.id])).content.decode()
            ),
            60,
            "the director's page shows the standings rebuilt",
        )
        assert counts_every_change(tournament)
        tournament.refresh_from_db()
        assert (tournament.draw_asked, tournament.draw_refusal) == (None, None)
        # The round's cards, too large to print in the request: queued, then made by the page.
        asked = director.get(reverse("print-cards", args=[tournament.id, 1]))
        job = PrintJob.objects.get()
        job_state = reverse("print-job-state", args=[tournament.id, job.id])
        assert director.get(job_state).json()["status"] == "waiting"
        wait_until(
            lambda: director.get(job_state).json()["status"] == "ready", 90, "the cards made"
        )
        assert asked.status_code == 302
        assert PrintJob.objects.get().status == PrintJob.Status.READY
        # A club's backup imported on this server: queued, then imported by its page.
        from clubs.backup import club_export_bytes, club_import_start
        from clubs.models import Club, ClubImport

        job = club_import_start(data=club_export_bytes(tournament.club), director=dora, name="Copy")
        job_page = reverse("club-import-job", args=[job.id])
        assert ClubImport.objects.get(id=job.id).status == ClubImport.Status.WAITING
        wait_until(lambda: director.get(job_page).status_code == 302, 90, "the backup imported")
        assert ClubImport.objects.get(id=job.id).status == ClubImport.Status.DONE
        assert Club.objects.filter(name="Copy").exists()
