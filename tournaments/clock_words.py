"""The round clock as the pages and the phones say it: why a table enters no more hands, what a
table page tells its pairs under a signal, how the results mark an over-time table, and the
timing rules' names (engine.clock)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.engine.clock import Kind, Phase, Stop, events_of
from tournaments.models import Round, Tournament
from tournaments.selectors.clock import TableTiming

PHASE_WORDS = {
    Phase.WAITING: gettext_lazy("Not started"),
    Phase.PLAYING: gettext_lazy("Playing"),
    Phase.LAST_HAND: gettext_lazy("Last hand"),
    Phase.TIME: gettext_lazy("Time"),
}


def refusal_words(stop: Stop) -> str:
    """Why a hand past the table's stop is refused (the hand's entry says it to the phone)."""
    n = stop.hands or 0
    if stop.reason == "last_hand":
        return _("Last hand was called: no new hand starts at this table after hand %(n)s.") % {
            "n": n
        }
    if stop.reason == "target":
        return _("Another table reached the target: this table's last hand is hand %(n)s.") % {
            "n": n
        }
    if stop.reason == "director":
        return _("Time was called: the director decides this table's result.")
    if stop.reason == "time_finish":
        return _("Time was called: hand %(n)s, in progress then, was this table's last.") % {"n": n}
    return ngettext(
        "Time was called: the hand entered counts, and no more.",
        "Time was called: the %(n)s hands entered count, and no more.",
        n,
    ) % {"n": n}


def table_stop_words(stop: Stop, entered: int) -> str:
    """What a table page tells its pairs under a signal: finish the hand being played, or
    send the result now ("" while no signal holds the table)."""
    if stop.hands is None:
        return ""
    if stop.reason == "director":
        return _("Time was called: the director decides this table's result. Tell the director.")
    if entered < stop.hands:
        if stop.reason == "target":
            return _(
                "Another table reached the target: finish hand %(n)s, then send the result."
            ) % {"n": stop.hands}
        if stop.reason == "time_finish":
            return _("Time was called: finish hand %(n)s, then send the result.") % {
                "n": stop.hands
            }
        return _("Last hand: finish hand %(n)s, start no other, then send the result.") % {
            "n": stop.hands
        }
    return ngettext(
        "The round stopped after %(n)s hand: check the result below and send it.",
        "The round stopped after %(n)s hands: check the result below and send it.",
        entered,
    ) % {"n": entered}


def timing_note(timing: TableTiming, planned: int | None) -> str:
    """The results' mark of a table the clock touched: over time (stopped before its hands were
    done), its own extra minutes; "" for a table that finished in time."""
    parts = []
    if timing.over_time:
        if planned:
            parts.append(
                _("over time: %(n)s of %(total)s hands") % {"n": timing.hands, "total": planned}
            )
        else:
            parts.append(
                ngettext(
                    "over time: stopped after %(n)s hand",
                    "over time: stopped after %(n)s hands",
                    timing.hands,
                )
                % {"n": timing.hands}
            )
    if timing.extra_minutes:
        parts.append(_("+%(n)s min for this table") % {"n": timing.extra_minutes})
    return " · ".join(parts)


RULE_AT_TIME = {
    "counted": gettext_lazy("At time, the hands entered count."),
    "finish": gettext_lazy("At time, the hand in progress is finished and counts."),
    "director": gettext_lazy("At time, the director decides the tables still playing."),
}


def clock_shown(
    tournament: Tournament, played: Round | None, table: int | None = None, *, force: bool = False
) -> dict[str, Any] | None:
    """What a page's round clock (templates/core/_round_clock.html) needs: the JSON it follows,
    the event's timing rule in words; None for an event without a clock (``force``: the
    director's page, where any round's clock may be started)."""
    if played is None or not (force or tournament.round_minutes or played.clock):
        return None
    url = reverse("tournament-clock", args=[tournament.id])
    return {
        "url": f"{url}?table={table}" if table else url,
        "last_hand": tournament.last_hand_minutes,
        "rule": RULE_AT_TIME.get(tournament.time_rule, ""),
        "number": played.number,
    }


def _time_of_day(at: float) -> str:
    moment = timezone.localtime(datetime.fromtimestamp(at, tz=UTC))
    return date_format(moment, "TIME_FORMAT")


def clock_log_words(played: Round) -> list[str]:
    """The round's timing decisions, in order, as the results and the director's page list
    them ("20:31 · started: 40 minutes")."""
    lines = []
    for event in events_of(played.clock):
        if event.kind == Kind.START:
            said = ngettext("started: %(n)s minute", "started: %(n)s minutes", event.minutes)
        elif event.kind == Kind.PAUSE:
            said = _("paused")
        elif event.kind == Kind.RESUME:
            said = _("resumed")
        elif event.kind == Kind.ADD and event.table is not None:
            said = ngettext(
                "%(n)s minute added for table %(t)s",
                "%(n)s minutes added for table %(t)s",
                event.minutes,
            )
        elif event.kind == Kind.ADD:
            said = ngettext(
                "%(n)s minute added for every table",
                "%(n)s minutes added for every table",
                event.minutes,
            )
        else:
            said = _("ended by the director")
        text = said % {"n": event.minutes, "t": event.table}
        lines.append(f"{_time_of_day(event.at)} · {text}")
    return lines
