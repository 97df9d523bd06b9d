"""The round clock's decisions, each appended to the round's log (Round.clock) under the
tournament's lock: start, pause, resume, minutes added (to the round or to one table), end.
Nothing else is stored: the clock at any moment is read from the log and the server's time
(engine.clock, selectors.clock), so every phone, the wall and the director see one time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.engine.clock import (
    MAX_ADDED_MINUTES,
    MAX_ROUND_MINUTES,
    ClockEvent,
    Kind,
    Phase,
    TimeRule,
    clock_at,
    events_of,
)
from tournaments.models import Match, Round
from tournaments.services._common import locked_tournament
from tournaments.services.errors import TournamentError

# An event's round clock settings (Tournament's fields), as its form and its backup name them.
TIMING_FIELDS = (
    "round_minutes",
    "last_hand_minutes",
    "time_rule",
    "stop_at_target",
    "no_show_minutes",
)

# The rounds whose clock the director may still set: released and not closed.
_OPEN = (Round.Status.RELEASED, Round.Status.PLAYING, Round.Status.COMPLETE)


def _minutes(value: object, most: int) -> int:
    text = str(value).strip()
    minutes = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else 0
    if not 1 <= minutes <= most:
        raise TournamentError(
            _("Give the minutes as a whole number from 1 to %(n)s.") % {"n": most}
        )
    return minutes


def round_clock_change(
    *,
    round_id: int,
    kind: str,
    minutes: object = None,
    table: object = None,
    by: str = "",
) -> Round:
    """One decision on round ``round_id``'s clock, refused (TournamentError) where the clock's
    state does not allow it: a clock starts once, with its length; pauses while running;
    resumes while paused; takes minutes (for one table: a table of the round) until ended."""
    try:
        decision = Kind(kind)
    except ValueError:
        raise TournamentError(_("Unknown clock action.")) from None
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(id=round_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        played = Round.objects.select_for_update().get(id=round_id)
        if played.status not in _OPEN:
            raise TournamentError(_("The clock runs in a released round that is not closed."))
        events = events_of(played.clock)
        now = timezone.now().timestamp()
        clock = clock_at(events, now, last_hand_minutes=tournament.last_hand_minutes)
        started = clock.phase != Phase.WAITING
        event = ClockEvent(decision, now, by=by[:150])
        if decision == Kind.START:
            if started:
                raise TournamentError(_("This round's clock has already started."))
            length = _minutes(minutes, MAX_ROUND_MINUTES)
            _last_hand_before_end(tournament.last_hand_minutes, length)
            event = ClockEvent(decision, now, length, by=by[:150])
        elif not started:
            raise TournamentError(_("Start the round's clock first."))
        elif clock.ended:
            raise TournamentError(_("This round's clock was ended."))
        elif decision == Kind.PAUSE and not clock.running:
            raise TournamentError(_("The clock is not running."))
        elif decision == Kind.RESUME and (clock.running or clock.phase == Phase.TIME):
            raise TournamentError(_("The clock is not paused."))
        elif decision == Kind.ADD:
            number = _table_of(played, table)
            event = ClockEvent(
                decision, now, _minutes(minutes, MAX_ADDED_MINUTES), number, by=by[:150]
            )
        played.clock = [*played.clock, event.as_json()]
        played.save(update_fields=["clock"])
    return played


def _table_of(played: Round, table: object) -> int | None:
    """The table given extra minutes: None (or "") for the whole round, else a table of it."""
    if table in (None, ""):
        return None
    text = str(table).strip()
    number = int(text) if text.isascii() and text.isdigit() else 0  # "٣" is a digit to int()
    if number <= 0 or not Match.objects.filter(round=played, table=number).exists():
        raise TournamentError(_("This round has no table %(t)s.") % {"t": table})
    return number


def _last_hand_before_end(last_hand: int, minutes: int) -> None:
    """Refused: a "last hand" signal at or before the start (the whole round would be its last
    hand, one hand a table)."""
    if last_hand >= minutes:
        raise TournamentError(
            _("“Last hand” must fall before the end: fewer minutes than the round's %(n)s.")
            % {"n": minutes}
        )


def timing_checked(timing: Mapping[str, Any]) -> dict[str, Any]:
    """An event's round clock settings as Tournament stores them, checked: a round's minutes
    (none: no clock), "last hand" minutes before the end, the rule at time, whether a table
    reaching its target stops the others, the minutes before a no-show may be scored."""
    minutes = timing.get("round_minutes")
    checked: dict[str, Any] = {
        "round_minutes": None if minutes in (None, "") else _minutes(minutes, MAX_ROUND_MINUTES),
        "stop_at_target": bool(timing.get("stop_at_target", False)),
    }
    for name, default, most in (("last_hand_minutes", 5, 60), ("no_show_minutes", 0, 120)):
        value = timing.get(name)
        value = default if value in (None, "") else value  # not given: the usual
        checked[name] = 0 if value in (0, "0") else _minutes(value, most)
    if checked["round_minutes"] is not None:
        _last_hand_before_end(checked["last_hand_minutes"], checked["round_minutes"])
    rule = timing.get("time_rule") or TimeRule.FINISH
    if rule not in TimeRule.__members__.values():
        raise TournamentError(_("Unknown rule at time: %(rule)s.") % {"rule": rule})
    checked["time_rule"] = str(rule)
    return checked
