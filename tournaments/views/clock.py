"""The round clock: the director's decisions (start, pause, resume, minutes added, end) and the
JSON every phone, table page and the wall read it from (static/core/clock.mjs): seconds
counted by the server, so a phone's wrong clock, a reload or a phone back online all show the
same time."""

from __future__ import annotations

import json
import time
from typing import Any

from csp.decorators import csp_exempt
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.handlers.wsgi import get_bytes_from_wsgi
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from core.early_answers import computed
from core.params import int_param
from tournaments.access import directed
from tournaments.engine.clock import Kind
from tournaments.selectors.clock import ClockInputs, clock_inputs, clock_json, clock_round
from tournaments.selectors.director import match_of
from tournaments.selectors.lookups import round_of, tournament_of
from tournaments.selectors.versions import event_decisions
from tournaments.services import results
from tournaments.services.clock import round_clock_change
from tournaments.services.errors import TournamentError

CLOCK = "clock"  # the clock's kind of computed answer (core.early_answers.COMPUTERS)


def _done(kind: str, minutes: int, table: str) -> str:
    if kind == Kind.START:
        return ngettext(
            "The clock is running: %(n)s minute.", "The clock is running: %(n)s minutes.", minutes
        ) % {"n": minutes}
    if kind == Kind.PAUSE:
        return _("The clock is paused: every table sees it.")
    if kind == Kind.RESUME:
        return _("The clock is running again.")
    if kind == Kind.ADD and table:
        return ngettext(
            "%(n)s minute added for table %(t)s.", "%(n)s minutes added for table %(t)s.", minutes
        ) % {"n": minutes, "t": table}
    if kind == Kind.ADD:
        return ngettext(
            "%(n)s minute added for every table.", "%(n)s minutes added for every table.", minutes
        ) % {"n": minutes}
    return _("Time is called: the round's clock has ended.")


@login_required
@require_POST
def clock_change(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    kind = request.POST.get("kind", "")
    minutes = request.POST.get("minutes", "").strip()
    table = request.POST.get("table", "").strip()
    try:
        played = round_clock_change(
            round_id=round_of(tournament, number).id,
            kind=kind,
            minutes=minutes,
            table=table,
            by=request.user.get_username(),
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        said = played.clock[-1]  # the decision as kept: its minutes and table checked
        messages.success(
            request, _done(kind, int(said.get("minutes", 0)), str(said.get("table") or ""))
        )
    return redirect(reverse("director", args=[tournament.id]) + "#clock")


@csp_exempt()  # type: ignore[arg-type]  # JSON, not a page
@require_safe
def clock(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The current round's clock (``?table=N``: with that table's own minutes), now. Every
    open page asks it every 15 s: the next asks are computed before Django from what this
    one read (core.early_answers, clock_computed), until a decision of the event's forgets it."""
    began = time.monotonic()
    inputs = clock_inputs(clock_round(tournament_of(tournament_id)))
    answer = JsonResponse(clock_json(inputs, int_param(request.GET.get("table"))))
    patch_cache_control(answer, no_store=True)  # a countdown: never a kept copy
    return computed(answer, CLOCK, event_decisions(tournament_id), inputs, read_at=began)


def clock_computed(inputs: ClockInputs, environ: dict[str, Any]) -> bytes:
    """The clock's answer, as the view above gives it, from what it read (WSGI's request, its
    query read as Django reads it)."""
    query = QueryDict(get_bytes_from_wsgi(environ, "QUERY_STRING", ""))
    table = int_param(query.get("table"))
    return json.dumps(clock_json(inputs, table), cls=DjangoJSONEncoder).encode()


@login_required
@require_POST
def no_show(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """The event's no-show rule applied to a table (selectors.clock.no_show_due)."""
    tournament = directed(request, tournament_id)
    match = match_of(tournament, match_id)
    try:
        results.result_no_show(
            match_id=match.id,
            absent=request.POST.get("absent", ""),
            author=request.user.get_username(),
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Table %(t)s scored as a no-show.") % {"t": match.table})
    return redirect("director", tournament.id)
