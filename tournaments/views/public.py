"""A tournament's public pages (no login): the current round's pairings and live results with
"find my table", the standings of the latest snapshot (and as a PDF to print), every round's
results (the page pinned on the club's wall), each pair's cross-table, and a projector screen
that cycles through them and reloads itself when something changed (screen.json answers 304 to
a poll with the same ETag). Draft rounds are not public."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.template.loader import render_to_string
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from core.early_answers import shared
from core.minus_sign import figure_text
from core.params import int_param
from tournaments.clock_words import clock_shown
from tournaments.models import Round, StandingsSnapshot, Tournament
from tournaments.printing import render_standings
from tournaments.selectors.bracket import knockout_bracket
from tournaments.selectors.clock import clock_round
from tournaments.selectors.event import EventState, event_state, vp_scale_shown
from tournaments.selectors.lookups import entry_of, tournament_of
from tournaments.selectors.public import (
    SCREEN_STANDINGS,
    Table,
    at_phantom_table,
    pair_lines,
    pairs_found,
    public_standings,
    public_tag,
    results_by_round,
    round_public,
    sit_out_words,
    standings_line_groups,
)
from tournaments.selectors.standings import StandingsGroup, standings_final, standings_groups
from tournaments.selectors.versions import followed_event
from tournaments.services.standings import standings_catch_up, standings_shown
from tournaments.sizes import MAX_PAIRS
from tournaments.tables import StandingsTable
from tournaments.views.cached_pages import (
    Content,
    File,
    canonical_address,
    followed,
    if_none_match,
    public_file,
    public_page,
)
from tournaments.words import (
    METRIC_LABELS,
    direction_name,
    metrics_shown,
    plan_words,
)

QUERY_MAX = 80  # "find my table": a name, not a text
SCREEN_CYCLE = 15  # seconds per panel
SCREEN_POLL = 10  # seconds between two checks for news
BRACKET_SHEET = ("tournaments/bracket.css",)


@require_safe
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The current round's pairings by table, its live results, and "find my table" (a search
    is answered from the page as it stands, never cached)."""
    query = request.GET.get("q", "").strip()[:QUERY_MAX]

    def content() -> Content:
        event = tournament_of(tournament_id)
        current = round_public(event)
        played = current.played
        entries = list(event.entries.all())
        found = pairs_found(query, entries, current) if query else None
        bracket = knockout_bracket(event)
        html = render_to_string(
            "tournaments/public/_tournament.html",
            {
                "tournament": event,
                "plan": plan_words(event),
                "bracket": bracket,
                "finished": event.status == Tournament.Status.FINISHED,
                "round": played,
                "round_format": (
                    played.get_format_display() if played and played.format != event.format else ""
                ),
                "rows": current.tables,
                "byes": current.byes,
                "phantom": any(at_phantom_table(b) for b in current.byes),
                "settled": current.settled,
                "entries": entries,
                "query": query,
                "found": found,
                "vp_scale": vp_scale_shown(event),
                "clock": None
                if event.status == Tournament.Status.FINISHED
                else clock_shown(event, clock_round(event)),
            },
            request,
        )
        return Content(event.name, html, BRACKET_SHEET if bracket else ())

    return public_page(request, tournament_id, "tournament", content, cached=not query)


def _screen_heading(snapshot: StandingsSnapshot | None, final: bool) -> str:
    """The projector's heading: no version, which says nothing to the players."""
    if final:
        return _("Final standings")
    if snapshot is not None and snapshot.after_round:
        return _("Standings after round %(n)s") % {"n": snapshot.after_round}
    return _("Standings")


@require_safe
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings, STANDINGS_PER_PAGE rows a page (?page=N): a 1000-pair field's page would
    weigh 400 KB on a phone and take the server a third of a second to render."""
    asked = _page_asked(request)

    def content() -> Content:
        event = tournament_of(tournament_id)
        shown = public_standings(event, standings_shown(tournament=event))
        snapshot = shown.snapshot
        tables: list[GroupTable] = []
        pages: list[Pages] = []
        if snapshot:
            groups = standings_groups(snapshot.rows)
            # A two-winner Mitchell pages both directions alike: page 2 is ranks 101-200 of each.
            count = max(len(g.rows) for g in groups)
            last = max(1, -(-count // STANDINGS_PER_PAGE))
            number = min(asked, last)
            tables = group_tables(groups, event, number)
            if last > 1:
                pages = [
                    Pages(
                        n,
                        f"{(n - 1) * STANDINGS_PER_PAGE + 1}–{min(count, n * STANDINGS_PER_PAGE)}",
                        n == number,
                    )
                    for n in range(1, last + 1)
                ]
        html = render_to_string(
            "tournaments/public/_standings.html",
            {
                "tournament": event,
                **shown.context(),
                "tables": tables,
                "pages": pages,
                "vp_scale": vp_scale_shown(event),
            },
            request,
        )
        title = _("Standings") + " · " + event.name
        return Content(title, html, BRACKET_SHEET if shown.bracket else ())

    return public_page(request, tournament_id, f"standings{asked}", content)


STANDINGS_PER_PAGE = 100


@dataclass(frozen=True)
class GroupTable:
    """A standings table of a page: the whole field's, or a two-winner Mitchell's North-South
    or East-West one under its name, with its winners."""

    group: StandingsGroup
    table: StandingsTable


def group_tables(
    groups: Sequence[StandingsGroup],
    event: Tournament,
    page: int = 1,
    per_page: int | None = STANDINGS_PER_PAGE,
) -> list[GroupTable]:
    """Page ``page`` of each group's standings, ``per_page`` rows (None: all of them); a group
    with no row there shows no table, but the first page shows each (its heading, its winner)."""
    start = (page - 1) * (per_page or 0)
    end = None if per_page is None else start + per_page
    return [
        GroupTable(g, StandingsTable(g.rows[start:end], event))
        for g in groups
        if page == 1 or g.rows[start:]
    ]


RESULTS_SHEETS = ("tournaments/results.css",)
# The released tables a results page shows at once: a club's evening, or a day of 40 pairs and 9
# rounds (180). A larger event's page shows a round at a time and the top of the standings:
# 1000 pairs' 9 rounds on one page weighed 2.4 MB and took 1.4 s to render.
RESULTS_WHOLE = 300


@require_safe
def results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The event's results to pin on the wall after the evening: the standings, then every
    round's tables with the result in force and the points each side scored, and its sit-outs
    by name (printed by the browser: static/tournaments/results.css); a large event's a round
    at a time (?round=N, the latest by default). A fixed number of queries, whatever the size
    of the event."""
    asked = _round_asked(request, tournament_id)

    def content() -> Content:
        event = tournament_of(tournament_id)
        current = standings_shown(tournament=event)  # brought up to date first
        state = event_state(event)
        shown = public_standings(event, current, state)
        snapshot = shown.snapshot
        round_shown, pages = _results_pages(state, asked)
        groups = standings_groups(snapshot.rows) if snapshot else []
        # A large event: the top of the standings (of each direction), the rest on their pages.
        top = STANDINGS_PER_PAGE if pages else None
        html = render_to_string(
            "tournaments/public/_results.html",
            {
                "tournament": event,
                **shown.context(),
                "club": event.club.name if event.club else "",
                "plan": plan_words(event),
                "rounds": results_by_round(state, round_shown),
                "pages": [(n, n == round_shown) for n in pages],
                # Each round's format, where the plan has more than one (Mitchell, then Danish).
                "formats": len({event.format, *event.round_formats}) > 1,
                "tables": group_tables(groups, event, per_page=top),
                "more": top is not None and any(len(g.rows) > top for g in groups),
            },
            request,
        )
        title = _("Results") + " · " + event.name
        return Content(title, html, RESULTS_SHEETS + (BRACKET_SHEET if shown.bracket else ()))

    return public_page(request, tournament_id, f"results{asked}", content)


def _results_pages(state: EventState, asked: int) -> tuple[int | None, list[int]]:
    """The round a results page shows (None: all of them) and the rounds it links to (none
    where it shows them all): up to RESULTS_WHOLE released tables, the whole event; past them,
    round ``asked``, else the latest."""
    released = [r.number for r in state.rounds if r.status != Round.Status.DRAFT]
    tables = sum(len(d.pairings) for d in state.draws if d.round in released)
    if tables <= RESULTS_WHOLE:
        return None, []
    return asked or released[-1], released


def _round_asked(request: HttpRequest, tournament_id: int) -> int:
    """?round=N, a released round of the tournament (404 for any other: each is cached, so
    no visitor makes more of them than the event has rounds); 0 without one, or for what is
    no round number (int_param: read as absent)."""
    asked = int_param(request.GET.get("round"))
    if not asked:
        return 0
    played = Round.objects.filter(tournament_id=tournament_id, number=asked)
    if not played.exclude(status=Round.Status.DRAFT).exists():
        raise Http404
    return asked


@require_safe
def standings_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings as a PDF to print: final once the event is finished, provisional before
    (printing.render_standings); made once per version of the tournament, as its pages are."""

    def content() -> File:
        event = tournament_of(tournament_id)
        pdf = render_standings(event, standings_shown(tournament=event), get_language())
        return File(pdf, "application/pdf", f"tournament-{event.id}-standings.pdf")

    return public_file(request, tournament_id, "standings-pdf", content)


@dataclass(frozen=True)
class Pages:
    """A link to a page of the standings: its number, its ranks ("101–200"), whether shown."""

    number: int
    ranks: str
    current: bool


def _page_asked(request: HttpRequest) -> int:
    """?page=N, within the pages the largest field has (each is cached: no visitor makes more)."""
    asked = int_param(request.GET.get("page")) or 1
    return min(asked, -(-MAX_PAIRS // STANDINGS_PER_PAGE))


@require_safe
def pair(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A pair's cross-table: its rounds, and where it stands."""

    def content() -> Content:
        event = tournament_of(tournament_id)
        entry = entry_of(event, entry_id)
        current = standings_shown(tournament=event)
        snapshot = current.snapshot
        standing = None
        if snapshot is not None:
            standing = next((r for r in snapshot.rows if r.get("entry") == entry.id), None)
        first = metrics_shown(event)[0]
        html = render_to_string(
            "tournaments/public/_pair.html",
            {
                "tournament": event,
                "entry": entry,
                # An individual event's entry is its one player: no names to repeat.
                "players": ""
                if event.individual
                else ", ".join(p for p in (entry.player_1, entry.player_2) if p),
                "lines": pair_lines(event, entry),
                "snapshot": snapshot,
                "stale": current.stale,
                "final": standings_final(event, current),
                "standing": standing,
                "rank": (
                    ("=" if standing.get("shared") else "") + str(standing["rank"])
                    if standing
                    else ""
                ),
                # A two-winner Mitchell's rank is within the pair's direction: say which.
                "direction": direction_name(standing.get("direction")) if standing else "",
                "first_label": METRIC_LABELS[first],
                "first_value": figure_text(standing["metrics"].get(first, 0)) if standing else "",
            },
            request,
        )
        return Content(f"{entry.name} · {event.name}", html)

    return public_page(request, tournament_id, f"pair{entry_id}", content)


# The projector screen, and the ETag that tells it when to reload.


@require_safe
@cache_control(no_cache=True)
def screen_json(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Polled by the screen with If-None-Match: 304 while nothing changed. A wall polling stale
    standings asks for their rebuild (at most every few seconds, however many screens poll),
    and reloads once they are rebuilt (the rebuild is a write: a new version). Its answer is
    every visitor's: shared by the WSGI layer (core.early_answers), stale standings' for a
    couple of seconds, so the walls still ask for their rebuild."""
    read_at = time.monotonic()
    tag = public_tag(tournament_id)
    if tag.stale:
        standings_catch_up(tournament_id=tournament_id)
        tag = public_tag(tournament_id)  # rebuilt here: a new version; else still stale
    etag = quote_etag(tag.text(tournament_id))
    if etag in if_none_match(request):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = JsonResponse({"etag": etag})
    response["ETag"] = etag
    if canonical_address(request):
        version = None if tag.stale else tag.text(tournament_id)
        shared(response, followed_event(tournament_id), version, read_at=read_at)
    return followed(response, tournament_id, tag)


@dataclass(frozen=True)
class Panel:
    """A panel of the screen with all its rows: screen.js splits it into as many pages as the
    screen's height needs (as many rows a page as the screen holds)."""

    kind: str  # pairings, results, standings
    title: str
    rows: Sequence[Any]
    winners: Sequence[str] = ()  # a two-winner Mitchell's direction, once final


def _seconds(request: HttpRequest, name: str, default: int) -> int:
    """?cycle=N (seconds per panel) or ?poll=N (seconds between checks), 1 to 120: for a test,
    or a wall that wants another pace (what is no number: the default)."""
    asked = int_param(request.GET.get(name))
    return default if asked is None else min(max(asked, 1), 120)


@require_safe
def screen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The projector: pairings, live results and the top of the standings, a panel at a time
    (static/tournaments/screen.js), in very large type; rendered once per version of the
    tournament and pace (a page of its own: no visitor's form on it)."""
    cycle, poll = _seconds(request, "cycle", SCREEN_CYCLE), _seconds(request, "poll", SCREEN_POLL)

    def content() -> Content:
        return Content("", _screen_html(request, tournament_id, cycle, poll))

    return public_page(request, tournament_id, f"screen{cycle}-{poll}", content, framed=False)


def _screen_html(request: HttpRequest, tournament_id: int, cycle: int, poll: int) -> str:
    event = tournament_of(tournament_id)
    etag = quote_etag(public_tag(tournament_id).text(tournament_id))  # what screen.json says
    current_round = round_public(event)
    played, rows, byes = current_round.played, current_round.tables, current_round.byes
    shown = public_standings(event, standings_shown(tournament=event))
    snapshot, final, bracket = shown.snapshot, shown.final, shown.bracket
    order = metrics_shown(event)
    finished = event.status == Tournament.Status.FINISHED
    round_panels: list[Panel] = []
    if played:
        n = {"n": played.number}
        if not finished:  # after the end, who sat where no longer matters
            pairings = [*rows, *(Table(b, True, sit_out_words(b), "", "") for b in byes)]
            round_panels.append(Panel("pairings", _("Pairings · round %(n)s") % n, pairings))
        if rows:
            round_panels.append(Panel("results", _("Results · round %(n)s") % n, rows))
    else:
        round_panels.append(Panel("pairings", _("Pairings"), []))
    bracket_panels = [Panel("bracket", _("Knockout"), [])] if bracket and bracket.rounds else []
    heading = _screen_heading(snapshot, final)
    # A two-winner Mitchell: a panel for each direction, the top of each and its winner.
    standings_panels = [
        Panel(
            "standings",
            f"{heading} · {lines.title}" if lines.title else heading,
            lines.rows,
            lines.winners if lines.title and final else (),
        )
        for lines in standings_line_groups(snapshot, order, SCREEN_STANDINGS)
    ] or [Panel("standings", heading, [])]
    if shown.knockout_only:  # its bracket is its standings
        standings_panels = []
    # After the end the screen opens on the podium and the final standings.
    panels = (
        bracket_panels + standings_panels + round_panels
        if finished
        else round_panels + bracket_panels + standings_panels
    )
    return render_to_string(
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
            "stale": shown.stale,
            "metric_labels": [METRIC_LABELS[m] for m in order],
            "etag": etag,
            "cycle": cycle,
            "poll": poll,
            "clock": None if finished else clock_shown(event, clock_round(event)),
        },
        request,
    )
