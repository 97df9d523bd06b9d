"""The round clock: one countdown per round, read from its log of timing decisions and the
server's time, never stored as a figure (a reload, a phone back online or a restarted server
always shows the same time).

The director starts a round's clock with its length, pauses, resumes, adds minutes to the whole
round or to one table, and ends it. Two signals fall on the way (the burraco federations' timed
turns, FIBUR "Regolamento tornei" 5.3; the bridge clubs' "last round" call): "last hand" a set
number of minutes before the end, after which no new hand starts at a table, and "time" at the
end, when the event's ``TimeRule`` says what a table still playing scores:

- ``counted``: the hands entered when time is called count, no more;
- ``finish``: the hand in progress is finished and counts (one more hand may be entered);
- ``director``: no more hands; the director decides the table's result.

A German club rule (the "Stopp" at 5,000) also stops a round when its first table reaches the
target: every other table finishes the hand it is playing (``target_at``).

Times are seconds since the epoch (floats), minutes whole numbers; everything here is pure.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_ROUND_MINUTES = 600  # a round of ten hours: beyond that a figure was mistyped
MAX_ADDED_MINUTES = 120  # minutes added at once


class Kind(enum.StrEnum):
    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    ADD = "add"
    END = "end"


class Phase(enum.StrEnum):
    WAITING = "waiting"  # not started
    PLAYING = "playing"
    LAST_HAND = "last_hand"  # no new hand starts
    TIME = "time"  # the round is over


class TimeRule(enum.StrEnum):
    COUNTED = "counted"
    FINISH = "finish"
    DIRECTOR = "director"


@dataclass(frozen=True)
class ClockEvent:
    """One timing decision as the round's log keeps it. ``minutes``: the round's length (start)
    or the minutes added (add); ``table``: the one table given them (add), None for the round."""

    kind: Kind
    at: float
    minutes: int = 0
    table: int | None = None
    by: str = ""

    def as_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {"kind": str(self.kind), "at": self.at}
        if self.minutes:
            value["minutes"] = self.minutes
        if self.table is not None:
            value["table"] = self.table
        if self.by:
            value["by"] = self.by
        return value

    @classmethod
    def of(cls, value: Mapping[str, Any]) -> ClockEvent:
        table = value.get("table")
        return cls(
            Kind(value["kind"]),
            float(value["at"]),
            int(value.get("minutes", 0)),
            int(table) if table is not None else None,
            str(value.get("by", "")),
        )


def events_of(log: Iterable[Mapping[str, Any]]) -> list[ClockEvent]:
    return [ClockEvent.of(value) for value in log]


@dataclass(frozen=True)
class Clock:
    """A table's clock at one moment (``table`` None: the round's own, without any table's
    minutes). ``remaining``: seconds until time (0 once called); ``last_hand_at`` and
    ``time_at``: the server times the signals fell, None while they have not (or no longer
    have, minutes added after them)."""

    phase: Phase
    running: bool
    remaining: float
    length: float  # seconds: the round's length and every minute added to it (or the table)
    last_hand_before: float  # seconds: the "last hand" signal falls this long before the end
    last_hand_at: float | None
    time_at: float | None
    ended: bool  # the director ended the round

    @property
    def until_last_hand(self) -> float:
        """Seconds until the "last hand" signal (0 once it fell)."""
        return max(0.0, self.remaining - self.last_hand_before)


WAITING = Clock(Phase.WAITING, False, 0.0, 0.0, 0.0, None, None, False)


def _first(fallen: float | None, at: float) -> float:
    """When a signal fell: when it first did, else now."""
    return at if fallen is None else fallen


class _Run:
    """The clock walked through its log: the running seconds, the round's (or the table's)
    length, and where the signals fell."""

    def __init__(self, start: ClockEvent, before: float) -> None:
        self.before = before
        self.length = start.minutes * 60.0
        self.elapsed, self.since, self.running, self.ended = 0.0, start.at, True, False
        self.last_hand_at: float | None = None
        self.time_at: float | None = None
        self.settle(start.at)

    def advance(self, to: float) -> None:
        """Run the time on to ``to``: a signal falls where the running seconds cross it."""
        if self.running and to > self.since:
            run = to - self.since
            mark = self.length - self.before
            if self.last_hand_at is None and self.elapsed < mark <= self.elapsed + run:
                self.last_hand_at = self.since + (mark - self.elapsed)
            if self.time_at is None and self.elapsed < self.length <= self.elapsed + run:
                self.time_at = self.since + (self.length - self.elapsed)
            # At time the count stands at the end: minutes added later run from then on.
            self.elapsed = min(self.elapsed + run, max(self.length, self.elapsed))
        self.since = max(self.since, to)

    def settle(self, at: float) -> None:
        """After a decision: a signal already due falls now, one taken back by minutes added
        no longer stands."""
        due = self.elapsed >= self.length - self.before
        self.last_hand_at = _first(self.last_hand_at, at) if due else None
        self.time_at = _first(self.time_at, at) if self.elapsed >= self.length else None

    def decide(self, event: ClockEvent, table: int | None) -> None:
        if event.kind == Kind.PAUSE:
            self.running = False
        elif event.kind == Kind.RESUME:
            self.running = True
        elif event.kind == Kind.ADD and event.table in (None, table):
            self.length += event.minutes * 60.0
        elif event.kind == Kind.END:
            self.ended, self.running = True, False
            self.last_hand_at = _first(self.last_hand_at, event.at)
            self.time_at = _first(self.time_at, event.at)
            return
        self.settle(event.at)


def clock_at(
    events: Sequence[ClockEvent], now: float, *, last_hand_minutes: int, table: int | None = None
) -> Clock:
    """The clock of ``table`` (or the round) at ``now`` from the round's log. The signals fall
    where the running time crosses them: a pause stops the time, minutes added after a signal
    take it back (the tables play on)."""
    started = next((i for i, e in enumerate(events) if e.kind == Kind.START), None)
    if started is None or events[started].at > now:
        return WAITING
    run = _Run(events[started], last_hand_minutes * 60.0)
    for event in events[started + 1 :]:
        if event.at > now or run.ended:
            break
        run.advance(event.at)
        run.decide(event, table)
    if not run.ended:
        run.advance(now)
    remaining = 0.0 if run.ended else max(0.0, run.length - run.elapsed)
    if run.time_at is not None:
        phase = Phase.TIME
    elif run.last_hand_at is not None:
        phase = Phase.LAST_HAND
    else:
        phase = Phase.PLAYING
    return Clock(
        phase,
        run.running and phase != Phase.TIME,
        remaining,
        run.length,
        run.before,
        run.last_hand_at,
        run.time_at,
        run.ended,
    )


@dataclass(frozen=True)
class Stop:
    """Why a table may enter no more hands than ``hands`` (None: no limit yet): the signal or
    the rule that set it (``reason``: "last_hand"; "time" with the hands entered counting,
    "time_finish" with the hand in progress finished, "director"; "target")."""

    hands: int | None
    reason: str = ""


@dataclass(frozen=True)
class HandsHeld:
    """How many hands a table's game held over time, from its changes in order: (server time,
    +1 for a hand entered or put back, -1 for one deleted). A hand deleted and entered again,
    or the hands renumbered by a delete, count as the table held them."""

    changes: Sequence[tuple[float, int]]

    def at(self, moment: float) -> int:
        """The hands held just before ``moment``."""
        return sum(delta for at, delta in self.changes if at < moment)

    def reached(self, hands: int) -> float | None:
        """When the game first held ``hands`` hands (None: never)."""
        held = 0
        for at, delta in self.changes:
            held += delta
            if held >= hands:
                return at
        return None


def hands_stop(
    clock: Clock,
    held: HandsHeld,
    rule: TimeRule,
    *,
    target_at: float | None = None,
) -> Stop:
    """How many hands a table may hold, from the hands it held over time: after "last hand",
    those it held at the signal and the one being played; at "time", as the event's rule says;
    a round stopped at a table's target, the hand each other table was playing then. The lowest
    limit holds."""
    stops: list[Stop] = []
    if clock.last_hand_at is not None:
        stops.append(Stop(held.at(clock.last_hand_at) + 1, "last_hand"))
    if clock.time_at is not None:
        at_time = held.at(clock.time_at)
        if rule == TimeRule.FINISH:
            stops.append(Stop(at_time + 1, "time_finish"))
        elif rule == TimeRule.COUNTED:
            stops.append(Stop(at_time, "time"))
        else:
            stops.append(Stop(at_time, "director"))
    if target_at is not None:
        stops.append(Stop(held.at(target_at) + 1, "target"))
    if not stops:
        return Stop(None)
    # The lowest limit; of equal ones the later signal's word (time over last hand).
    low = min(s.hands for s in stops if s.hands is not None)
    return [s for s in stops if s.hands == low][-1]


def proposed_minutes(hands: int | None) -> int | None:
    """A round's length proposed for its hands: the burraco federations' 25 minutes for 2
    hands, 40 for 3, 50 for 4 (about 12½ minutes a hand, rounded up to 5); None for a round
    played to a target."""
    if not hands:
        return None
    return min(MAX_ROUND_MINUTES, -(-hands * 25 // 10) * 5)
