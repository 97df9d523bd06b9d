"""The director's exports and printing. Results, standings and every match's hands as CSV
(streamed, formula-looking cells neutralised); per round, PDFs rendered by WeasyPrint from the
templates of templates/tournaments/print/ and the print stylesheet static/tournaments/print.css:
table cards (the table's link as a QR code), score sheets, and the pairings by table and by
name. Only the tournament's director (or a superuser) may download them; to anyone else they
do not exist (404)."""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import segno
from django.contrib.staticfiles import finders
from django.db.models import Case, IntegerField, Value, When
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from scorekeeper.exports import neutral
from scorekeeper.models import Hand
from tournaments.engine.standings import METRICS
from tournaments.forms import METRIC_LABELS
from tournaments.links import phone_links
from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
from tournaments.selectors import standings_latest

STYLESHEET = "tournaments/print.css"  # a static file, read by WeasyPrint from disk
CARDS_PER_PAGE = (4, 2)  # the first is the default; ?per_page=2 prints bigger cards
DEFAULT_HANDS = 4  # rows of a score sheet when the tournament does not say


# Access ------------------------------------------------------------------------------------


def directed(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if the request's user directs it (or is a superuser); else 404."""
    user = request.user
    tournament = Tournament.objects.filter(id=tournament_id).first()
    if tournament is None or not user.is_authenticated:
        raise Http404
    if not (user.is_superuser or tournament.director_id == user.pk):
        raise Http404
    return tournament


def round_of(tournament: Tournament, number: int) -> Round:
    played = tournament.round_set.filter(number=number).first()
    if played is None:
        raise Http404
    return played


def _private(response: HttpResponse | StreamingHttpResponse) -> None:
    """The director's data (and the tables' secret links): no shared or stored copies."""
    patch_cache_control(response, private=True, no_store=True)


# CSV -----------------------------------------------------------------------------------------


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_response(rows: Iterable[Sequence[Any]], filename: str) -> StreamingHttpResponse:
    """Rows streamed as CSV, each text cell a spreadsheet would run as a formula made plain."""
    writer = csv.writer(_Echo())
    lines = (writer.writerow([neutral(cell) for cell in row]) for row in rows)
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    _private(response)
    return response


def results_rows(tournament: Tournament) -> Iterator[list[Any]]:
    """A header, then every match of the released rounds (a round's byes after its tables):
    the pairs, the result in force and its version. Labels are translated here, when called,
    not while the response streams."""
    header = [
        _("Round"),
        _("Table"),
        _("North-South"),
        _("East-West"),
        _("N-S score"),
        _("E-W score"),
        _("Status"),
        _("Version"),
        _("Kind"),
    ]
    statuses = {value: str(label) for value, label in Match.Status.choices}
    kinds = {value: str(label) for value, label in ResultSubmission.Kind.choices}
    bye = _("Bye")
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .annotate(
            is_bye=Case(
                When(ew__isnull=True, then=Value(1)), default=Value(0), output_field=IntegerField()
            )
        )
        .order_by("round__number", "is_bye", "table", "id")
        .values_list(
            "round__number",
            "table",
            "ns__name",
            "ew__name",
            "status",
            "result__ns_score",
            "result__ew_score",
            "result__version",
            "result__kind",
        )
    )

    def rows() -> Iterator[list[Any]]:
        yield header
        for number, table, ns, ew, status, ns_score, ew_score, version, kind in matches.iterator(
            chunk_size=2000
        ):
            if ew is None:
                yield [number, "", ns, "", "", "", bye, "", ""]
                continue
            yield [
                number,
                table,
                ns,
                ew,
                ns_score,
                ew_score,
                statuses.get(status, status),
                version,
                kinds.get(kind, kind) if kind else "",
            ]

    return rows()


def metric_order(tournament: Tournament, present: Iterable[str]) -> list[str]:
    """The metrics of a snapshot: the tournament's tie-breaks in their order, then the rest."""
    names = set(present)
    order = [m for m in tournament.tiebreaks if m in names]
    order += [m for m in METRICS if m in names and m not in order]
    return order + sorted(names - set(order))


def standings_rows(tournament: Tournament) -> Iterator[list[Any]]:
    """The latest standings snapshot: rank, pair, every metric, and on every line the
    snapshot's version, the last complete round and whether it is provisional."""
    snapshot = standings_latest(tournament)
    rows: list[dict[str, Any]] = list(snapshot.rows) if snapshot else []
    present = {m for row in rows for m in row.get("metrics", {})} or set(METRICS)
    metrics = metric_order(tournament, present)
    header = [
        pgettext("standings", "Rank"),
        _("Pair"),
        *(str(METRIC_LABELS.get(m, m)) for m in metrics),
        _("Withdrawn"),
        _("Standings version"),
        _("After round"),
        _("Provisional"),
    ]
    yes, no = _("yes"), _("no")

    def lines() -> Iterator[list[Any]]:
        yield header
        if snapshot is None:
            return
        about = [snapshot.version, snapshot.after_round, yes if snapshot.provisional else no]
        for row in rows:
            values = row.get("metrics", {})
            yield [
                row.get("rank", ""),
                row.get("name", ""),
                *(values.get(m, "") for m in metrics),
                yes if row.get("withdrawn") else no,
                *about,
            ]

    return lines()


def _side(values: Sequence[Any], i: int, key: str | None = None) -> Any:
    if i >= len(values):
        return ""
    value = values[i]
    return value.get(key, "") if key and isinstance(value, dict) else value


def hands_rows(tournament: Tournament) -> Iterator[list[Any]]:
    """Every hand of every match's game: round, table, the pairs, the hand's number, and each
    pair's hand score and running total (one query, streamed)."""
    header = [
        _("Round"),
        _("Table"),
        _("North-South"),
        _("East-West"),
        _("Hand"),
        _("N-S hand score"),
        _("N-S running total"),
        _("E-W hand score"),
        _("E-W running total"),
    ]
    at = "game__match__"
    hands = (
        Hand.objects.filter(game__match__round__tournament=tournament)
        .order_by(at + "round__number", at + "table", at + "id", "number")
        .values_list(
            at + "round__number",
            at + "table",
            at + "ns__name",
            at + "ew__name",
            "number",
            "result",
            "score_after",
        )
    )

    def rows() -> Iterator[list[Any]]:
        yield header
        for number, table, ns, ew, hand, result, after in hands.iterator(chunk_size=2000):
            sides = (result or {}).get("sides", [])
            after = after or []
            yield [
                number,
                table,
                ns,
                ew,
                hand,
                _side(sides, 0, "total"),
                _side(after, 0),
                _side(sides, 1, "total"),
                _side(after, 1),
            ]

    return rows()


@require_safe
def results_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    return csv_response(results_rows(tournament), f"tournament-{tournament.id}-results.csv")


@require_safe
def standings_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    return csv_response(standings_rows(tournament), f"tournament-{tournament.id}-standings.csv")


@require_safe
def hands_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    return csv_response(hands_rows(tournament), f"tournament-{tournament.id}-hands.csv")


# PDF -----------------------------------------------------------------------------------------


def render_pdf(template: str, context: dict[str, Any], request: HttpRequest) -> bytes:
    """A template rendered to PDF. WeasyPrint fetches nothing: the stylesheet is read from the
    static files and the QR codes are inline SVG, so every other URL is refused."""
    from weasyprint import CSS, HTML  # type: ignore[import-untyped]  # slow to import: on use
    from weasyprint.urls import URLFetcher  # type: ignore[import-untyped]

    path = finders.find(STYLESHEET)
    if not path or isinstance(path, list):
        raise FileNotFoundError(STYLESHEET)
    nothing = URLFetcher(allowed_protocols=())
    html = render_to_string(template, context, request=request)
    stylesheet = CSS(filename=path, url_fetcher=nothing)
    pdf: bytes = HTML(string=html, url_fetcher=nothing).write_pdf(stylesheets=[stylesheet])
    return pdf


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    _private(response)
    return response


def chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def round_matches(played: Round) -> tuple[list[Match], list[Match]]:
    """The round's tables in order, and its byes."""
    matches = list(played.matches.select_related("ns", "ew").order_by("table", "id"))
    return [m for m in matches if m.ew_id is not None], [m for m in matches if m.ew_id is None]


def players(entry: Entry | None) -> str:
    if entry is None:
        return ""
    return " & ".join(p for p in (entry.player_1.strip(), entry.player_2.strip()) if p)


@dataclass(frozen=True)
class Card:
    table: int
    ns: Entry
    ew: Entry
    ns_players: str
    ew_players: str
    url: str
    qr: SafeString


def qr_svg(url: str) -> SafeString:
    svg = segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True)
    return mark_safe(svg)  # noqa: S308 (segno writes the SVG, escaped)


def cards_of(request: HttpRequest, tables: Sequence[Match]) -> list[Card]:
    """A card per table; its QR code is the table's link as a phone opens it (this machine's
    network address when the director is at http://127.0.0.1: tournaments.links)."""
    links = phone_links(request)
    cards = []
    for match in tables:
        if match.ew is None:  # a bye: no table, no card
            continue
        url = links.table(match.game_token)
        cards.append(
            Card(
                match.table,
                match.ns,
                match.ew,
                players(match.ns),
                players(match.ew),
                url,
                qr_svg(url),
            )
        )
    return cards


def _print_context(tournament: Tournament, played: Round, **extra: Any) -> dict[str, Any]:
    return {"tournament": tournament, "round": played, **extra}


@require_safe
def cards_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One card per table (a bye has none), 4 to an A4 page (or 2 with ?per_page=2). A draft
    round has no table links yet: release it first."""
    tournament = directed(request, tournament_id)
    played = round_of(tournament, number)
    if played.status == Round.Status.DRAFT:
        raise Http404
    per_page = request.GET.get("per_page", "")
    size = int(per_page) if per_page.isdigit() and int(per_page) in CARDS_PER_PAGE else 4
    tables, _byes = round_matches(played)
    if any(not m.game_token for m in tables):
        raise Http404
    pages = chunks(cards_of(request, tables), size)
    context = _print_context(tournament, played, pages=pages, per_page=size)
    pdf = render_pdf("tournaments/print/cards.html", context, request)
    return pdf_response(pdf, f"tournament-{tournament.id}-round-{played.number}-cards.pdf")


@require_safe
def sheets_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A score sheet per table: a row per hand of the round (two sheets to a page when they
    fit), each pair's hand score and running total, the result and both signatures."""
    tournament = directed(request, tournament_id)
    played = round_of(tournament, number)
    tables, _byes = round_matches(played)
    hands = tournament.hands_per_round or DEFAULT_HANDS
    sheets = [
        {"match": m, "ns_players": players(m.ns), "ew_players": players(m.ew)} for m in tables
    ]
    per_page = 2 if hands <= 6 else 1
    context = _print_context(
        tournament,
        played,
        pages=chunks(sheets, per_page),
        per_page=per_page,
        hands=range(1, hands + 1),
    )
    pdf = render_pdf("tournaments/print/sheets.html", context, request)
    return pdf_response(pdf, f"tournament-{tournament.id}-round-{played.number}-sheets.pdf")


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order that ignores case and accents (Élise next to Elena)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


def by_name(tables: Sequence[Match], byes: Sequence[Match]) -> list[dict[str, Any]]:
    """Every pair of the round, alphabetically, with its table and seat (or its bye)."""
    rows: list[dict[str, Any]] = []
    for m in tables:
        rows.append({"entry": m.ns, "table": m.table, "seat": _("N-S"), "against": m.ew})
        rows.append({"entry": m.ew, "table": m.table, "seat": _("E-W"), "against": m.ns})
    rows += [{"entry": m.ns, "table": None, "seat": _("Bye"), "against": None} for m in byes]
    return sorted(rows, key=lambda row: sort_key(row["entry"].name))


@require_safe
def pairings_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The round's pairings twice: by table, then (on a new page) by pair name."""
    tournament = directed(request, tournament_id)
    played = round_of(tournament, number)
    tables, byes = round_matches(played)
    context = _print_context(
        tournament, played, tables=tables, byes=byes, names=by_name(tables, byes)
    )
    pdf = render_pdf("tournaments/print/pairings.html", context, request)
    return pdf_response(pdf, f"tournament-{tournament.id}-round-{played.number}-pairings.pdf")
