"""The round clock as the pages and the hand entry read it: a round's (or a table's) clock now,
and how many hands each table may still enter under the signals and the event's timing rules
(engine.clock), from the round's log, the hands' entry times and the server's time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from scorekeeper.selectors import hand_changes
from tournaments.engine.clock import (
    WAITING,
    Clock,
    ClockEvent,
    HandsHeld,
    Kind,
    Phase,
    Stop,
    TimeRule,
    clock_at,
    events_of,
    hands_stop,
)
from tournaments.models import Match, Round, Tournament


def server_now() -> float:
    """The server's time, as the clock reads it (tests move django.utils.timezone.now)."""
    return timezone.now().timestamp()


def round_clock(played: Round | None, *, table: int | None = None) -> Clock:
    """The clock of ``played`` (or of one of its tables) now; WAITING for no round."""
    return clock_now(clock_inputs(played), table)


def clock_round(tournament: Tournament) -> Round | None:
    """The round the clock is shown for: the latest released one, while it is not closed."""
    played = tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    if played is None or played.status == Round.Status.CLOSED:
        return None
    played.tournament = tournament  # one row, already read
    return played


@dataclass(frozen=True)
class ClockInputs:
    """What the clock's JSON is computed from, now or at any later moment until a decision:
    the round shown (its number, None for none) and its log, and the event's "last hand"
    minutes (core.early_answers computes the phones' next asks from it without Django)."""

    number: int | None
    events: tuple[ClockEvent, ...]
    last_hand_minutes: int


def clock_inputs(played: Round | None) -> ClockInputs:
    """The inputs of ``played``'s clock (clock_round's round, its tournament read with it)."""
    if played is None:
        return ClockInputs(None, (), 0)
    if not played.clock:  # never started: its event's settings do not count yet
        return ClockInputs(played.number, (), 0)
    return ClockInputs(
        played.number, tuple(events_of(played.clock)), played.tournament.last_hand_minutes
    )


def clock_now(inputs: ClockInputs, table: int | None) -> Clock:
    """The clock (``table``: with that table's own minutes) at the server's now."""
    if not inputs.events:
        return WAITING
    return clock_at(
        inputs.events, server_now(), last_hand_minutes=inputs.last_hand_minutes, table=table
    )


def clock_json(inputs: ClockInputs, table: int | None) -> dict[str, Any]:
    """The clock (``table``: with that table's own minutes) as the phones' clock.mjs reads it,
    now: seconds from the server's now, so a phone's own clock never matters."""
    clock = clock_now(inputs, table)
    return {
        "round": inputs.number,
        "table": table,
        "phase": str(clock.phase),
        "running": clock.running,
        "remaining": round(clock.remaining, 1),
        "until_last_hand": round(clock.until_last_hand, 1),
    }


def table_minutes(played: Round, table: int) -> int:
    """The minutes the director gave this one table."""
    return sum(
        int(e.get("minutes", 0))
        for e in played.clock
        if e.get("kind") == Kind.ADD and e.get("table") == table
    )


@dataclass(frozen=True)
class TableTiming:
    """A table under its round's clock: the hands it may enter (``stop``), its own extra
    minutes, and whether time was called while it still played (its hands not done, its result
    not settled: an over-time table, marked in the results), with the hands it played."""

    stop: Stop
    extra_minutes: int
    over_time: bool
    hands: int


NO_TIMING = TableTiming(Stop(None), 0, False, 0)


def _target_at(games: Mapping[str, Any], held: Mapping[str, HandsHeld]) -> float | None:
    """When the round's first table reached its target: the hand that ended its game."""
    moments = [
        moment
        for game_id, ended in games.items()
        if ended and (moment := held[game_id].reached(ended)) is not None
    ]
    return min(moments) if moments else None


def round_timing(played: Round, *, only: int | None = None) -> dict[int, TableTiming]:
    """Each table's timing in the round, by match id (``only``: that match's alone, as a
    hand's entry asks it): a few reads whatever the round's size."""
    tournament = played.tournament
    to_target = tournament.stop_at_target and not tournament.hands_per_round
    if not played.clock and not to_target:
        return {}
    tables = Match.objects.filter(round=played, game__isnull=False)
    shown = tables if only is None else tables.filter(id=only)
    matches = list(
        shown.values_list(
            "id", "table", "game_id", "game__ended_at", "game__hand_count", "result__created_at"
        )
    )
    ended_games = dict(
        tables.filter(game__ended_at__isnull=False).values_list("game_id", "game__ended_at")
        if to_target
        else ()
    )
    changes = hand_changes(list({*(m[2] for m in matches), *ended_games}))
    held = {game_id: HandsHeld(rows) for game_id, rows in changes.items()}
    target_at = _target_at(ended_games, held) if to_target else None
    rule = TimeRule(tournament.time_rule)
    events = events_of(played.clock)
    now = server_now()
    timing = {}
    for match_id, table, game_id, ended, count, settled_at in matches:
        clock = clock_at(events, now, last_hand_minutes=tournament.last_hand_minutes, table=table)
        hands = held[game_id]
        done_at = hands.reached(ended) if ended else None
        if settled_at is not None:  # a result standing (a no-show, say) ends the table too
            settled = settled_at.timestamp()
            done_at = settled if done_at is None else min(done_at, settled)
        finished_in_time = done_at is not None and (
            clock.time_at is None or done_at < clock.time_at
        )
        # A table whose game ended has no more hands to play: nothing stops it (another
        # table's target, time, the director's rule) but its own end.
        stop = Stop(None) if ended else hands_stop(clock, hands, rule, target_at=target_at)
        timing[match_id] = TableTiming(
            stop,
            table_minutes(played, table),
            clock.phase == Phase.TIME and not finished_in_time,
            count,
        )
    return timing


def match_timing(match: Match) -> TableTiming:
    """One table's timing (the table's page, its hand entry)."""
    if match.game_id is None:
        return NO_TIMING
    return round_timing(match.round, only=match.id).get(match.id, NO_TIMING)


def no_show_due(played: Round) -> bool:
    """Whether the event's no-show rule may be applied in the round now: its clock started at
    least ``no_show_minutes`` ago (the time a pair had to sit down), the round still open."""
    minutes = played.tournament.no_show_minutes
    if not minutes or played.status in (Round.Status.DRAFT, Round.Status.CLOSED):
        return False
    start = next((e for e in events_of(played.clock) if e.kind == Kind.START), None)
    return start is not None and server_now() - start.at >= minutes * 60
