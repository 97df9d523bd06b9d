"""The round clock (tournaments.engine.clock), worked by hand: a 25-minute round (the burraco
federations' 2 hands), "last hand" 5 minutes before the end; times in seconds from 0."""

from __future__ import annotations

from tournaments.engine.clock import (
    ClockEvent,
    HandsHeld,
    Kind,
    Phase,
    Stop,
    TimeRule,
    clock_at,
    events_of,
    hands_stop,
    proposed_minutes,
)

START = ClockEvent(Kind.START, 0.0, 25)


def at(now: float, *events: ClockEvent, table: int | None = None):  # type: ignore[no-untyped-def]
    return clock_at([START, *events], now, last_hand_minutes=5, table=table)


def test_not_started_is_waiting() -> None:
    assert clock_at([], 100.0, last_hand_minutes=5).phase == Phase.WAITING
    assert clock_at([START], -1.0, last_hand_minutes=5).phase == Phase.WAITING


def test_runs_down_and_signals_fall_where_the_time_crosses_them() -> None:
    clock = at(600)
    assert (clock.phase, clock.remaining, clock.until_last_hand) == (Phase.PLAYING, 900, 600)
    clock = at(1250)
    assert (clock.phase, clock.last_hand_at, clock.time_at) == (Phase.LAST_HAND, 1200, None)
    clock = at(1600)
    assert (clock.phase, clock.remaining, clock.time_at, clock.running) == (
        Phase.TIME,
        0,
        1500,
        False,
    )


def test_a_pause_stops_the_time_and_moves_the_signals() -> None:
    pause, resume = ClockEvent(Kind.PAUSE, 300.0), ClockEvent(Kind.RESUME, 420.0)
    clock = at(400, pause)
    assert (clock.running, clock.remaining) == (False, 1200)
    clock = at(1400, pause, resume)  # two minutes stood still: every signal two minutes later
    assert (clock.phase, clock.last_hand_at) == (Phase.LAST_HAND, 1320)
    assert at(1600, pause, resume).remaining == 20
    assert at(1700, pause, resume).time_at == 1620


def test_minutes_for_one_table_move_its_signals_alone() -> None:
    added = ClockEvent(Kind.ADD, 100.0, 5, table=3)
    assert at(1600, added).phase == Phase.TIME
    clock = at(1600, added, table=3)
    assert (clock.phase, clock.remaining, clock.last_hand_at) == (Phase.LAST_HAND, 200, 1500)


def test_minutes_added_after_a_signal_take_it_back() -> None:
    clock = at(1300, ClockEvent(Kind.ADD, 1250.0, 10))
    assert (clock.phase, clock.last_hand_at, clock.remaining) == (Phase.PLAYING, None, 800)


def test_ending_calls_both_signals_at_once() -> None:
    clock = at(700, ClockEvent(Kind.END, 600.0))
    assert (clock.phase, clock.last_hand_at, clock.time_at, clock.ended) == (
        Phase.TIME,
        600,
        600,
        True,
    )


def test_a_round_shorter_than_the_signal_starts_on_the_last_hand() -> None:
    clock = clock_at([ClockEvent(Kind.START, 0.0, 3)], 10.0, last_hand_minutes=5)
    assert (clock.phase, clock.last_hand_at) == (Phase.LAST_HAND, 0.0)


def test_the_log_reads_back() -> None:
    event = ClockEvent(Kind.ADD, 12.5, 5, table=2, by="anna")
    assert events_of([event.as_json()]) == [event]


# Hands entered at 400 s and 1000 s (hands 1, 2); "last hand" at 1200, time at 1500.
ENTERED = HandsHeld([(400.0, 1), (1000.0, 1)])


def test_before_any_signal_there_is_no_stop() -> None:
    assert hands_stop(at(900), ENTERED, TimeRule.FINISH) == Stop(None)


def test_last_hand_allows_the_hand_in_progress() -> None:
    assert hands_stop(at(1300), ENTERED, TimeRule.FINISH) == Stop(3, "last_hand")


def test_time_by_each_rule() -> None:
    late = HandsHeld([*ENTERED.changes, (1450.0, 1)])  # hand 3, in progress at "last hand"
    assert hands_stop(at(1600), late, TimeRule.FINISH) == Stop(3, "last_hand")
    assert hands_stop(at(1600), ENTERED, TimeRule.COUNTED) == Stop(2, "time")
    assert hands_stop(at(1600), ENTERED, TimeRule.DIRECTOR) == Stop(2, "director")
    assert hands_stop(at(1600), ENTERED, TimeRule.FINISH) == Stop(3, "time_finish")


def test_a_table_reaching_the_target_stops_the_others_after_their_hand() -> None:
    assert hands_stop(at(700), ENTERED, TimeRule.FINISH, target_at=500.0) == Stop(2, "target")


def test_minutes_added_after_time_run_from_then() -> None:
    # Time fell at 1500; five minutes later the director gives three more: 3 minutes from now.
    clock = at(2000, ClockEvent(Kind.ADD, 1800.0, 3))
    assert (clock.phase, clock.remaining, clock.time_at) == (Phase.TIME, 0, 1980)
    clock = at(1900, ClockEvent(Kind.ADD, 1800.0, 3))
    assert (clock.phase, clock.remaining) == (Phase.LAST_HAND, 80)


def test_a_hand_deleted_and_entered_again_counts_as_held() -> None:
    # Hand 2 deleted at 1100 and entered again at 1250, after "last hand" (1200): the table
    # held one hand at the signal, so the hand it was playing (its second) is still allowed.
    held = HandsHeld([(400.0, 1), (1000.0, 1), (1100.0, -1), (1250.0, 1)])
    assert hands_stop(at(1300), held, TimeRule.FINISH) == Stop(2, "last_hand")
    assert held.reached(2) == 1000.0
    assert held.at(1200.0) == 1


def test_proposed_lengths_follow_the_federations_turns() -> None:
    assert [proposed_minutes(n) for n in (None, 1, 2, 3, 4)] == [None, 15, 25, 40, 50]
