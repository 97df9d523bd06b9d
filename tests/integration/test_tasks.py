"""Celery: the task runs eagerly by default (sent on commit), and once through a real Redis
broker and worker process, as it does in production."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.db import transaction

from core import background
from scorekeeper.models import Hand
from scorekeeper.tasks import game_recompute
from tests.celery_worker import worker_through_redis
from tests.factories import NS_OUT_WITH_KINGS, new_game, play_hands
from tests.faults import free_port, web_process_broker
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
CORRUPT = {
    "sides": [{"total": 1, "breakdown": {}}, {"total": 2, "breakdown": {}}],
    "wins_game": None,
}


def totals() -> list[int]:
    return list(Hand.objects.order_by("number").values_list("result__sides__0__total", flat=True))


@pytest.mark.django_db
def test_a_task_our_services_send_runs_only_once_the_write_commits(
    django_capture_on_commit_callbacks,
) -> None:
    """background.send_on_commit (what the services use): nothing runs inside the transaction,
    the work runs eagerly once it commits, and running it twice changes nothing."""
    game, _ = new_game()
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    Hand.objects.update(result=CORRUPT)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        with transaction.atomic():
            background.send_on_commit(game_recompute, game.id)
        assert totals() == [1, 1]  # nothing runs before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    assert totals() == [670, 670]
    background.send(game_recompute, game.id)  # idempotent: a second run changes nothing
    assert totals() == [670, 670]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_sends_nothing() -> None:
    ran: list[object] = []

    def task(*args: object) -> None:
        ran.append(args)

    def failed_write() -> None:
        with transaction.atomic():
            background.send_on_commit(task, "a game")
            raise RuntimeError("the write failed")

    with pytest.raises(RuntimeError):
        failed_write()
    with transaction.atomic():
        background.send_on_commit(task, "another game")
    assert ran == [("another game",)]


def test_task_arguments_must_survive_json() -> None:
    from kombu.exceptions import EncodeError

    with pytest.raises(EncodeError):
        game_recompute.delay(object())  # eager mode still serializes, as a broker would


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_through_redis_recomputes_the_game(tmp_path: Path) -> None:
    with worker_through_redis(tmp_path) as client:
        game, _ = new_game()
        play_hands(game, 2, NS_OUT_WITH_KINGS)
        Hand.objects.update(result=CORRUPT)
        client.send_task(game_recompute.name, args=[game.id])
        wait_until(lambda: totals() == [670, 670], 60, "the worker recomputes the game")


@pytest.fixture
def admin_client(client, django_user_model):
    user = django_user_model.objects.create_superuser("director", "d@example.org", "pw-9d8f7g6h")
    client.force_login(user)
    return client


def recompute_from_the_admin(client, game) -> str:
    response = client.post(
        "/admin/scorekeeper/game/",
        {"action": "recompute", "_selected_action": [game.id]},
        follow=True,
    )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_admin_recompute_action_sends_the_task(admin_client) -> None:
    game, _ = new_game()
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    Hand.objects.update(result=CORRUPT)
    page = recompute_from_the_admin(admin_client, game)
    assert "Recomputing 1 game in the background." in page
    assert totals() == [670, 670]  # eager here: the task already ran


@pytest.mark.django_db
def test_with_the_broker_down_the_admin_recompute_does_the_work_and_says_so(admin_client) -> None:
    game, _ = new_game()
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    Hand.objects.update(result=CORRUPT)
    with web_process_broker(f"redis://127.0.0.1:{free_port()}/0"):  # nothing listens there
        started = time.monotonic()
        page = recompute_from_the_admin(admin_client, game)
        assert time.monotonic() - started < 15  # said at once, not retried for a minute
    assert "The task queue is not answering: 1 game was recomputed here instead." in page
    assert totals() == [670, 670]
