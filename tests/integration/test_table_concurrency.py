"""The tables of one event never wait for each other (issue 32), on PostgreSQL, where writers
run at once (SQLite has one writer at a time). A table's result locks its table's row and adds
a change row; it updates no row of the event (services._common), so a table's transaction held
open holds up no other table, and fifty results sent at once all go through without one of them
waiting on a lock, while an event-wide write (the clock, a draw) still waits for the tables'."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.db import connection, transaction

from tests.factories import club_event, round_released
from tournaments.models import Match, Round, StandingsSnapshot
from tournaments.selectors.versions import event_versions
from tournaments.services.clock import round_clock_change
from tournaments.services.results import result_submit
from tournaments.services.standings import standings_recompute

pytestmark = pytest.mark.django_db(transaction=True)  # each thread its own connection


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("SQLite writes one transaction at a time: nothing runs at once to test")


def in_thread(work: Callable[[], None], errors: list[BaseException]) -> threading.Thread:
    """``work`` in a thread of its own, on its own connection (closed when done)."""

    def run() -> None:
        try:
            work()
        except BaseException as error:  # the test reads it
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def no_lock_waits_over(seconds: float) -> None:
    """This connection's writes fail rather than wait on a lock longer than ``seconds``."""
    with connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = '{int(seconds * 1000)}ms'")


def sent_by_north_south(tables: list[Match]) -> None:
    for match in tables:
        result_submit(match_id=match.id, by="ns", ns_score=800 + match.table, ew_score=400)


def test_a_tables_transaction_held_open_holds_up_no_other_table_only_the_event(dora) -> None:
    event = club_event("swiss", dora, count=8)
    tables = round_released(event)
    sent_by_north_south(tables)
    held, release, errors = threading.Event(), threading.Event(), []

    def table_one_held_open() -> None:
        with transaction.atomic():  # its result confirmed, not yet committed
            result_submit(match_id=tables[0].id, by="ew", ns_score=801, ew_score=400)
            held.set()
            release.wait(120)

    first = in_thread(table_one_held_open, errors)
    assert held.wait(60), errors

    def table_two() -> None:
        no_lock_waits_over(30)
        result_submit(match_id=tables[1].id, by="ew", ns_score=802, ew_score=400)

    second = in_thread(table_two, errors)
    second.join(60)
    # Done while table 1's transaction is still open: it waited for nothing of table 1's.
    assert not second.is_alive() and not errors, errors
    assert Match.objects.get(id=tables[1].id).status == Match.Status.CONFIRMED
    assert Match.objects.get(id=tables[0].id).status == Match.Status.SUBMITTED  # not committed

    played = Round.objects.get(tournament=event, number=1)
    clock = in_thread(
        lambda: round_clock_change(round_id=played.id, kind="start", minutes=25), errors
    )
    clock.join(1)
    assert clock.is_alive()  # the event-wide write waits for the open table's transaction
    release.set()
    first.join(60)
    clock.join(60)
    assert not first.is_alive() and not clock.is_alive() and not errors, errors
    assert Match.objects.get(id=tables[0].id).status == Match.Status.CONFIRMED
    played.refresh_from_db()
    assert played.clock and played.clock[-1]["kind"] == "start"
    counted = standings_recompute(tournament_id=event.id)
    assert not event_versions(event.id).stale
    wins = {row["entry"]: row["metrics"] for row in counted.rows}
    assert len(wins) == 8 and counted.inputs_version == event_versions(event.id).inputs


HOLD = 0.5  # seconds each table's transaction stays open after its result, before it commits


def test_fifty_tables_results_at_once_wait_on_no_lock_and_all_count(dora) -> None:
    """Fifty confirmations at once, each in a transaction held open for HOLD seconds after its
    result (as a slow request would), each refusing to wait that long on any lock: queued
    behind the event's row (as before issue 32) they took fifty times HOLD, the second of them
    already waiting a whole HOLD. At once, they take about one HOLD, and the work of fifty
    results (which share this process's interpreter)."""
    event = club_event("swiss", dora, count=100)
    tables = round_released(event)
    assert len(tables) == 50
    sent_by_north_south(tables)
    before = event_versions(event.id)
    start, errors = threading.Barrier(len(tables) + 1), []

    def confirm(match: Match) -> Callable[[], None]:
        def work() -> None:
            no_lock_waits_over(HOLD)
            start.wait(60)
            with transaction.atomic():
                result_submit(match_id=match.id, by="ew", ns_score=800 + match.table, ew_score=400)
                time.sleep(HOLD)

        return work

    threads = [in_thread(confirm(match), errors) for match in tables]
    start.wait(60)
    began = time.monotonic()
    for thread in threads:
        thread.join(300)
    took = time.monotonic() - began
    assert not errors, errors[:3]
    assert took < len(tables) * HOLD / 2, took  # one after another: 25 s
    settled = Match.objects.filter(round__tournament=event, status=Match.Status.CONFIRMED)
    assert settled.count() == 50
    # The two last tables settled at once still leave the round complete.
    assert Round.objects.get(tournament=event, number=1).status == Round.Status.COMPLETE
    after = event_versions(event.id)
    assert after.inputs == before.inputs + 50 and after.public >= before.public + 50
    final = standings_recompute(tournament_id=event.id)
    latest = StandingsSnapshot.objects.filter(tournament=event).latest("version")
    assert final.id == latest.id and latest.inputs_version == after.inputs
    winners = sum(1 for row in latest.rows if row["metrics"].get("wins", 0) == 1)
    assert winners == 50, latest.rows[:2]
