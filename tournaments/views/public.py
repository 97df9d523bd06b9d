"""A tournament's public pages (no login): the current round's pairings and live results with
"find my table", the standings of the latest snapshot, each pair's cross-table, and a projector
screen that cycles through them and reloads itself when something changed (screen.json answers
304 to a poll with the same ETag). Draft rounds are not public."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe

from tournaments.models import StandingsSnapshot, Tournament
from tournaments.selectors.bracket import knockout_bracket, knockout_start
from tournaments.selectors.lookups import entry_of, tournament_of
from tournaments.selectors.public import (
    Table,
    pair_lines,
    pairs_found,
    round_public,
    screen_standings,
    screen_tag,
)
from tournaments.selectors.standings import standings_final
from tournaments.services.standings import standings_catch_up, standings_shown
from tournaments.tables import StandingsTable
from tournaments.words import (
    METRIC_LABELS,
    metric_text,
    metrics_shown,
    plan_words,
    standings_heading,
)

QUERY_MAX = 80  # "find my table": a name, not a text
SCREEN_CYCLE = 15  # seconds per panel
SCREEN_POLL = 10  # seconds between two checks for news


@require_safe
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The current round's pairings by table, its live results, and "find my table"."""
    event = tournament_of(tournament_id)
    current = round_public(event)
    played = current.played
    entries = list(event.entries.all())
    query = request.GET.get("q", "").strip()[:QUERY_MAX]
    found = pairs_found(query, entries, current) if query else None
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": event,
            "plan": plan_words(event),
            "bracket": knockout_bracket(event),
            "finished": event.status == Tournament.Status.FINISHED,
            "round": played,
            "round_format": (
                played.get_format_display() if played and played.format != event.format else ""
            ),
            "rows": current.tables,
            "byes": current.byes,
            "settled": current.settled,
            "entries": entries,
            "query": query,
            "found": found,
        },
    )


def _screen_heading(snapshot: StandingsSnapshot | None, final: bool) -> str:
    """The projector's heading: no version, which says nothing to the players."""
    if final:
        return _("Final standings")
    if snapshot is not None and snapshot.after_round:
        return _("Standings after round %(n)s") % {"n": snapshot.after_round}
    return _("Standings")


@require_safe
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    event = tournament_of(tournament_id)
    current = standings_shown(tournament=event)
    snapshot = current.snapshot
    final = standings_final(event, current)
    return render(
        request,
        "tournaments/public/standings.html",
        {
            "tournament": event,
            "snapshot": snapshot,
            "stale": current.stale,
            "final": final,
            "heading": standings_heading(snapshot, final) if snapshot else "",
            "table": StandingsTable(snapshot.rows, event) if snapshot else None,
            # A knockout alone ranks by its bracket: points, Buchholz and head to head mean
            # nothing there.
            "bracket": knockout_bracket(event),
            "knockout_only": knockout_start(event) == 1,
        },
    )


@require_safe
def pair(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A pair's cross-table: its rounds, and where it stands."""
    event = tournament_of(tournament_id)
    entry = entry_of(event, entry_id)
    current = standings_shown(tournament=event)
    snapshot = current.snapshot
    standing = None
    if snapshot is not None:
        standing = next((r for r in snapshot.rows if r.get("entry") == entry.id), None)
    first = metrics_shown(event)[0]
    return render(
        request,
        "tournaments/public/pair.html",
        {
            "tournament": event,
            "entry": entry,
            "players": ", ".join(p for p in (entry.player_1, entry.player_2) if p),
            "lines": pair_lines(event, entry),
            "snapshot": snapshot,
            "stale": current.stale,
            "final": standings_final(event, current),
            "standing": standing,
            "rank": (
                ("=" if standing.get("shared") else "") + str(standing["rank"]) if standing else ""
            ),
            "first_label": METRIC_LABELS[first],
            "first_value": metric_text(standing["metrics"].get(first, 0)) if standing else "",
        },
    )


# The projector screen, and the ETag that tells it when to reload.


def screen_etag(_request: HttpRequest, tournament_id: int) -> str:
    """What the screen shows, in a few characters (selectors.public.screen_tag); 404 for an
    unknown tournament. A wall polling stale standings asks for their rebuild (at most every
    few seconds, however many screens poll), and reloads once they are rebuilt."""
    tag = screen_tag(tournament_id)
    if tag.stale:
        standings_catch_up(tournament_id=tournament_id)
    return tag.text


@require_safe
@cache_control(no_cache=True)
@condition(etag_func=screen_etag)
def screen_json(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """Polled by the screen with If-None-Match: 304 while nothing changed. The body says what
    the header says, from one reading (condition keeps an ETag the view has set)."""
    tag = quote_etag(screen_etag(request, tournament_id))
    response = JsonResponse({"etag": tag})
    response["ETag"] = tag
    return response


@dataclass(frozen=True)
class Panel:
    """A panel of the screen with all its rows: screen.js splits it into as many pages as the
    screen's height needs (as many rows a page as the screen holds)."""

    kind: str  # pairings, results, standings
    title: str
    rows: Sequence[Any]


def _seconds(request: HttpRequest, name: str, default: int) -> int:
    """?cycle=N (seconds per panel) or ?poll=N (seconds between checks), 1 to 120: for a test,
    or a wall that wants another pace."""
    try:
        return min(max(int(request.GET.get(name, default)), 1), 120)
    except ValueError:
        return default


@require_safe
def screen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The projector: pairings, live results and the top of the standings, a panel at a time
    (static/tournaments/screen.js), in very large type."""
    tag = screen_etag(request, tournament_id)  # first: a change after it reloads the page
    event = tournament_of(tournament_id)
    current_round = round_public(event)
    played, rows, byes = current_round.played, current_round.tables, current_round.byes
    current = standings_shown(tournament=event)
    snapshot = current.snapshot
    order = metrics_shown(event)
    finished = event.status == Tournament.Status.FINISHED
    final = standings_final(event, current)
    round_panels: list[Panel] = []
    if played:
        n = {"n": played.number}
        if not finished:  # after the end, who sat where no longer matters
            pairings = [*rows, *(Table(b, True, _("Bye"), "", "") for b in byes)]
            round_panels.append(Panel("pairings", _("Pairings · round %(n)s") % n, pairings))
        if rows:
            round_panels.append(Panel("results", _("Results · round %(n)s") % n, rows))
    else:
        round_panels.append(Panel("pairings", _("Pairings"), []))
    bracket = knockout_bracket(event)
    bracket_panels = [Panel("bracket", _("Knockout"), [])] if bracket and bracket.rounds else []
    standings_panels = [
        Panel(
            "standings",
            _screen_heading(snapshot, final),
            screen_standings(snapshot, order),
        )
    ]
    if knockout_start(event) == 1:  # a knockout alone: its bracket is its standings
        standings_panels = []
    # After the end the screen opens on the podium and the final standings.
    panels = (
        bracket_panels + standings_panels + round_panels
        if finished
        else round_panels + bracket_panels + standings_panels
    )
    return render(
        request,
        "tournaments/public/screen.html",
        {
            "tournament": event,
            "finished": finished,
            "final": final,
            "round": played,
            "panels": panels,
            "bracket": bracket,
            "settled": current_round.settled,
            "tables": len(rows),
            "snapshot": snapshot,
            "stale": current.stale,
            "metric_labels": [METRIC_LABELS[m] for m in order],
            "etag": quote_etag(tag),
            "cycle": _seconds(request, "cycle", SCREEN_CYCLE),
            "poll": _seconds(request, "poll", SCREEN_POLL),
        },
    )
