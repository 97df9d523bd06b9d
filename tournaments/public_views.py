"""A tournament's public pages (no login): the current round's pairings and live results with
"find my table", the standings of the latest snapshot, each pair's cross-table, and a projector
screen that cycles through them and reloads itself when something changed (screen.json answers
304 to a poll with the same ETag). Draft rounds are not public."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.db.models import Count, Max, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.html import escape
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe

from tournaments.engine.standings import tally
from tournaments.engine.types import Pair, Result
from tournaments.models import Entry, Match, ResultSubmission, Round, StandingsSnapshot, Tournament
from tournaments.selectors.event import SETTLED, event_state, scoring_of
from tournaments.selectors.standings import CurrentStandings, standings_current
from tournaments.services.standings import standings_catch_up

METRIC_LABELS: Mapping[str, Any] = {
    "tp": gettext_lazy("Points"),
    "wins": gettext_lazy("Wins"),
    "margin": gettext_lazy("Margin"),
    "scored": gettext_lazy("Scored"),
    "h2h": gettext_lazy("Head to head"),
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
}
QUERY_MAX = 80  # "find my table": a name, not a text
SCREEN_STANDINGS = 30  # the top of the standings on the screen
SCREEN_CYCLE = 15  # seconds per panel
SCREEN_POLL = 10  # seconds between two checks for news


def _tournament(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.get(id=tournament_id)
    except Tournament.DoesNotExist:
        raise Http404 from None


def _current_round(tournament: Tournament) -> Round | None:
    """The latest released round (a draft is the director's, not yet public)."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()


def _number(value: Any, signed: bool = False) -> str:
    """A metric or points as shown: whole numbers without decimals, others with one."""
    if isinstance(value, float) and not value.is_integer():
        text = formats.number_format(value, 1)
        return f"+{text}" if signed and value > 0 else text
    whole = int(value)
    return f"{whole:+d}" if signed and whole else str(whole)


@dataclass(frozen=True)
class Table:
    """A match of the current round as the public sees it."""

    match: Match
    settled: bool
    status: str
    score: str  # "900–300" once settled, else ""
    note: str  # how a settled result came about, where it is not the pairs' own


def _status_words(match: Match) -> str:
    if match.ew_id is None:
        return str(_("Bye"))
    return str(match.get_status_display())


def _tables(played: Round) -> tuple[list[Table], list[Match]]:
    """The round's tables in order, and its byes."""
    matches = list(played.matches.select_related("ns", "ew", "result").order_by("table", "id"))
    rows, byes = [], []
    for m in matches:
        if m.ew_id is None:
            byes.append(m)
            continue
        result = m.result
        settled = m.status in SETTLED and result is not None
        score = f"{result.ns_score}–{result.ew_score}" if settled and result else ""
        note = ""
        if settled and result and result.kind != ResultSubmission.Kind.SUBMITTED:
            note = str(result.get_kind_display())
        rows.append(Table(m, settled, _status_words(m), score, note))
    return rows, byes


@dataclass(frozen=True)
class Found:
    """A pair "find my table" found, and where it sits in the current round."""

    entry: Entry
    table: int | None  # None: not at a table this round
    seat: str  # "North-South", "East-West", "bye", or why it does not play


def _find(
    query: str, entries: Iterable[Entry], played: Round | None, matches: Iterable[Match]
) -> list[Found]:
    """Pairs whose name or a player's name holds ``query`` (any case, any script: Python's
    casefold, where SQLite's LIKE folds ASCII only)."""
    needle = query.casefold()
    seats: dict[int, tuple[int | None, str]] = {}
    for m in matches:
        if m.ew_id is None:
            seats[m.ns_id] = (None, str(_("a bye this round")))
        else:
            seats[m.ns_id] = (m.table, str(_("North-South")))
            seats[m.ew_id] = (m.table, str(_("East-West")))
    away = str(_("not playing this round") if played else _("the pairings are not out yet"))
    found = []
    for entry in entries:
        names = (entry.name, entry.player_1, entry.player_2)
        if any(needle in n.casefold() for n in names if n):
            table, seat = seats.get(entry.id, (None, away))
            found.append(Found(entry, table, seat))
    return found


@require_safe
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The current round's pairings by table, its live results, and "find my table"."""
    event = _tournament(tournament_id)
    played = _current_round(event)
    rows, byes = _tables(played) if played else ([], [])
    entries = list(event.entries.all())
    query = request.GET.get("q", "").strip()[:QUERY_MAX]
    found = None
    if query:
        found = _find(query, entries, played, [r.match for r in rows] + byes)
    settled = sum(1 for r in rows if r.settled)
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": event,
            "finished": event.status == Tournament.Status.FINISHED,
            "round": played,
            "round_format": (
                played.get_format_display() if played and played.format != event.format else ""
            ),
            "rows": rows,
            "byes": byes,
            "settled": settled,
            "entries": entries,
            "query": query,
            "found": found,
        },
    )


# Standings: a django-tables2 table of the snapshot's rows (plain dicts).


def _cell(name: str, label: Any = None) -> dict[str, Any]:
    """A cell's class (a phone lays a row out as a block: app.css) and the words shown before
    its value there."""
    td: dict[str, Any] = {"class": name}
    if label is not None:
        td["data-label"] = label
    return {"td": td, "th": {"class": name, "scope": "col"}}


class MetricColumn(tables.Column):
    def __init__(self, metric: str, first: bool) -> None:
        self.metric = metric
        self.signed = metric == "margin"
        label = METRIC_LABELS.get(metric, metric)
        classes = f"metric metric-{metric} " + ("first-metric" if first else "tie")
        super().__init__(
            accessor="metrics",
            verbose_name=label,
            orderable=False,
            empty_values=(),
            attrs=_cell(classes, label),
        )

    def render(self, value: Mapping[str, Any]) -> str:
        return _number(value.get(self.metric, 0), self.signed)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=_cell("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Pair"), attrs=_cell("pair"))

    class Meta:
        template_name = "tournaments/public/_standings_table.html"
        attrs = {"class": "standings", "data-testid": "standings"}
        row_attrs = {
            "data-entry": lambda record: record["entry"],
            "class": lambda record: "withdrawn" if record.get("withdrawn") else "",
        }
        orderable = False

    def __init__(self, rows: Sequence[Mapping[str, Any]], tournament: Tournament) -> None:
        self.pair_base = reverse("tournament", args=[tournament.id]) + "pair/"
        self.withdrawn = escape(_("withdrawn"))
        order = [m for m in tournament.tiebreaks if m in METRIC_LABELS] or ["tp"]
        extra = [(f"m_{m}", MetricColumn(m, i == 0)) for i, m in enumerate(order)]
        super().__init__(list(rows), extra_columns=extra)

    def render_rank(self, value: int, record: Mapping[str, Any]) -> str:
        return f"={int(value)}" if record.get("shared") else str(int(value))

    def render_name(self, value: str, record: Mapping[str, Any]) -> SafeString:
        flag = f' <span class="flag">{self.withdrawn}</span>' if record.get("withdrawn") else ""
        return mark_safe(  # noqa: S308 (the name is escaped, the id an integer)
            f'<a href="{self.pair_base}{int(record["entry"])}/">{escape(value)}</a>{flag}'
        )


def _standings_now(tournament: Tournament) -> CurrentStandings:
    """The standings to show. Stale ones (a rebuild lost to a fault) are asked for again: where
    no worker runs, that happens here and the page shows them rebuilt; else the page says they
    are being brought up to date, and the screen reloads when they are."""
    current = standings_current(tournament)
    if current.stale:
        standings_catch_up(tournament_id=tournament.id)
        current = standings_current(tournament)
    return current


def _final(tournament: Tournament, snapshot: StandingsSnapshot | None) -> bool:
    """The standings are final: the last round is closed (the event finished) and the snapshot
    counts every result."""
    return (
        tournament.status == Tournament.Status.FINISHED
        and snapshot is not None
        and not snapshot.provisional
    )


def _standings_heading(snapshot: StandingsSnapshot, final: bool = False) -> str:
    """The standings page's heading: which results they count and their version (the
    director's exports name it)."""
    n = {"n": snapshot.after_round, "v": snapshot.version}
    if final:
        return _("Final standings after round %(n)s · version %(v)s") % n
    if snapshot.after_round:
        return _("Standings after round %(n)s · version %(v)s") % n
    return _("Standings · version %(v)s") % n


def _screen_heading(snapshot: StandingsSnapshot | None, final: bool) -> str:
    """The projector's heading: no version, which says nothing to the players."""
    if final:
        return _("Final standings")
    if snapshot is not None and snapshot.after_round:
        return _("Standings after round %(n)s") % {"n": snapshot.after_round}
    return _("Standings")


@require_safe
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    event = _tournament(tournament_id)
    current = _standings_now(event)
    snapshot = current.snapshot
    final = _final(event, snapshot) and not current.stale
    return render(
        request,
        "tournaments/public/standings.html",
        {
            "tournament": event,
            "snapshot": snapshot,
            "stale": current.stale,
            "final": final,
            "heading": _standings_heading(snapshot, final) if snapshot else "",
            "table": StandingsTable(snapshot.rows, event) if snapshot else None,
        },
    )


# A pair's cross-table.


@dataclass(frozen=True)
class Line:
    """One round of a pair's event."""

    number: int
    table: int | None
    seat: str
    opponent: Entry | None
    score: str  # "900–300": the pair's score first
    points: str
    status: str
    note: str


def _round_points(
    results: Iterable[Result], pairs: Sequence[Pair], tournament: Tournament, entry_id: int
) -> dict[int, str]:
    """The tournament points the pair earned in each round, scored as the standings score them
    (a round's results together: a raw-score bye scores the round's average)."""
    by_round: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_round[r.round].append(r)
    scoring = scoring_of(tournament)
    out = {}
    for number, round_results in by_round.items():
        if any(entry_id in r.pairs() for r in round_results):
            out[number] = _number(tally(pairs, round_results, scoring)[entry_id].tp)
    return out


def _lines(tournament: Tournament, entry: Entry) -> list[Line]:
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(ns=entry) | Q(ew=entry))
        .select_related("round", "ns", "ew", "result")
        .order_by("round__number", "table")
    )
    state = event_state(tournament)
    points = _round_points(state.results, state.pairs, tournament, entry.id)
    lines = []
    for m in matches:
        number = m.round.number
        if m.ew is None:
            lines.append(Line(number, None, "", None, "", points.get(number, ""), _("Bye"), ""))
            continue
        north = m.ns_id == entry.id
        result = m.result
        settled = m.status in SETTLED and result is not None
        score, note = "", ""
        if settled and result is not None:
            mine, theirs = (
                (result.ns_score, result.ew_score) if north else (result.ew_score, result.ns_score)
            )
            score = f"{mine}–{theirs}"
            if result.kind != ResultSubmission.Kind.SUBMITTED:
                note = str(result.get_kind_display())
        lines.append(
            Line(
                number,
                m.table,
                str(_("North-South") if north else _("East-West")),
                m.ew if north else m.ns,
                score,
                points.get(number, "") if settled else "",
                str(m.get_status_display()),
                note,
            )
        )
    return lines


@require_safe
def pair(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    event = _tournament(tournament_id)
    try:
        entry = event.entries.get(id=entry_id)
    except Entry.DoesNotExist:
        raise Http404 from None
    current = _standings_now(event)
    snapshot = current.snapshot
    standing = None
    if snapshot is not None:
        standing = next((r for r in snapshot.rows if r.get("entry") == entry.id), None)
    first = next((m for m in event.tiebreaks if m in METRIC_LABELS), "tp")
    return render(
        request,
        "tournaments/public/pair.html",
        {
            "tournament": event,
            "entry": entry,
            "players": ", ".join(p for p in (entry.player_1, entry.player_2) if p),
            "lines": _lines(event, entry),
            "snapshot": snapshot,
            "stale": current.stale,
            "final": _final(event, snapshot) and not current.stale,
            "standing": standing,
            "rank": (
                ("=" if standing.get("shared") else "") + str(standing["rank"]) if standing else ""
            ),
            "first_label": METRIC_LABELS[first],
            "first_value": _number(standing["metrics"].get(first, 0)) if standing else "",
        },
    )


# The projector screen, and the ETag that tells it when to reload.


def screen_etag(_request: HttpRequest, tournament_id: int) -> str:
    """What the screen shows, in a few characters: the latest snapshot's version and whether
    it is stale, the tournament's status, and the latest public round's number, status and
    matches by status. Two grouped queries, whatever the size of the event; 404 for an unknown
    tournament. A wall polling stale standings asks for their rebuild (at most every few
    seconds, however many screens poll), and reloads once they are rebuilt."""
    head = next(
        iter(
            Tournament.objects.filter(id=tournament_id)
            .values_list("status", "inputs_version")
            .annotate(version=Max("snapshots__version"), counted=Max("snapshots__inputs_version"))
            .order_by()
        ),
        None,
    )
    if head is None:
        raise Http404
    status, inputs, version, counted = head
    stale = (counted or 0) < inputs
    if stale:
        standings_catch_up(tournament_id=tournament_id)
    groups = list(
        Match.objects.filter(round__tournament_id=tournament_id)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "round__status", "status")
        .annotate(n=Count("id"))
        .order_by()
    )
    latest = max((g[0] for g in groups), default=0)
    counts = {match_status: n for number, _round, match_status, n in groups if number == latest}
    round_status = next((g[1] for g in groups if g[0] == latest), "none")
    by_status = ".".join(f"{counts.get(s, 0)}" for s in Match.Status.values)
    freshness = "stale" if stale else "fresh"
    return f"v{version or 0}-{freshness}-{status}-r{latest}-{round_status}-{by_status}"


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


def _screen_standings(
    snapshot: StandingsSnapshot | None, order: Sequence[str]
) -> list[dict[str, Any]]:
    if snapshot is None:
        return []
    rows = []
    for row in snapshot.rows[:SCREEN_STANDINGS]:
        metrics = row.get("metrics", {})
        rows.append(
            {
                "rank": ("=" if row.get("shared") else "") + str(row.get("rank", "")),
                "name": row.get("name", ""),
                "withdrawn": row.get("withdrawn", False),
                "metrics": [_number(metrics.get(m, 0), m == "margin") for m in order],
            }
        )
    return rows


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
    event = _tournament(tournament_id)
    played = _current_round(event)
    rows, byes = _tables(played) if played else ([], [])
    current = _standings_now(event)
    snapshot = current.snapshot
    order = [m for m in event.tiebreaks if m in METRIC_LABELS] or ["tp"]
    finished = event.status == Tournament.Status.FINISHED
    final = _final(event, snapshot) and not current.stale
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
    standings_panels = [
        Panel("standings", _screen_heading(snapshot, final), _screen_standings(snapshot, order))
    ]
    # After the end the screen opens on the final standings.
    panels = standings_panels + round_panels if finished else round_panels + standings_panels
    return render(
        request,
        "tournaments/public/screen.html",
        {
            "tournament": event,
            "finished": finished,
            "final": final,
            "round": played,
            "panels": panels,
            "settled": sum(1 for r in rows if r.settled),
            "tables": len(rows),
            "snapshot": snapshot,
            "stale": current.stale,
            "metric_labels": [METRIC_LABELS[m] for m in order],
            "etag": quote_etag(tag),
            "cycle": _seconds(request, "cycle", SCREEN_CYCLE),
            "poll": _seconds(request, "poll", SCREEN_POLL),
        },
    )
