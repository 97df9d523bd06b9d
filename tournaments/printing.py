"""A round's printed documents, rendered to PDF by WeasyPrint from the templates of
templates/tournaments/print/ and the print stylesheet static/tournaments/print.css: table cards
(each pair's own link to its table as a QR code), score sheets, and the pairings by table and by
name; and the event's own: its knockout's bracket, its standings. Nothing here needs a request:
a worker renders them as well as a page does.

WeasyPrint's time grows with the boxes and lines of text it lays out, a millisecond or more
each: the templates keep them few, and bench/print.py has the figures (a 1000-pair round takes
tens of seconds). So a round of many tables is rendered in chunks, reporting its progress after
each (print_jobs.py makes it in the background), several at once in processes of their own where
the machine has the cores (core/pdf_parts.py), and the chunks' pages joined into one PDF.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from core.pdf_parts import QR_SCHEME, Part, joined
from core.phone_links import PhoneLinks
from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
from tournaments.selectors.public import sit_out_words, standings_line_groups
from tournaments.selectors.standings import CurrentStandings, standings_final
from tournaments.table_keys import table_token
from tournaments.words import METRIC_LABELS, plan_words, standings_heading, standings_metrics

STYLESHEET = "tournaments/print.css"  # a static file, read by WeasyPrint from disk
KINDS = ("cards", "sheets", "pairings")
CARDS_PER_PAGE = (4, 2)  # the first is the default; ?per_page=2 prints bigger cards
DEFAULT_HANDS = 4  # rows of a score sheet when the tournament does not say
CHUNK_TABLES = 40  # tables rendered at a time: a few seconds of work between progress reports
NS, EW = ResultSubmission.By.NS.value, ResultSubmission.By.EW.value

Progress = Callable[[int, int], None]  # (tables done, tables in all)


@dataclass(frozen=True)
class PrintSpec:
    """What to print of a round, and how: the kind of document, the cards to a page, the
    language, and the address the phones open the table links at (tournaments.links)."""

    kind: str
    per_page: int = 4
    language: str = "en"
    base: str = ""


def _part(template: str, context: dict[str, Any], qr_codes: Mapping[str, str], items: int) -> Part:
    """A template rendered as a part of a document (core/pdf_parts.py lays it out)."""
    path = finders.find(STYLESHEET)
    if not path or isinstance(path, list):
        raise FileNotFoundError(STYLESHEET)
    return Part(render_to_string(template, context), str(path), dict(qr_codes), items)


def _pdf(template: str, context: dict[str, Any]) -> bytes:
    """A document of one part, laid out here."""
    return joined([_part(template, context, {}, 0)])


def chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def chunk_size(tables: int, processes: int, per_page: int = 1) -> int:
    """Tables a chunk: at most CHUNK_TABLES, and as many chunks for each process, of about as
    many tables, so that they all finish together; whole pages of ``per_page`` tables each (a
    chunk ends its last page: only the document's last page may be part empty)."""
    if processes <= 1 or tables == 0:
        return CHUNK_TABLES
    each = -(-tables // (processes * CHUNK_TABLES))  # chunks a process, rounded up
    size = max(1, -(-tables // (processes * each)))
    return -(-size // per_page) * per_page


def round_matches(played: Round) -> tuple[list[Match], list[Match]]:
    """The round's tables in order, and its byes."""
    matches = list(
        played.matches.select_related("ns", "ew", "ns_with", "ew_with", "game").order_by(
            "table", "id"
        )
    )
    return [m for m in matches if m.ew_id is not None], [m for m in matches if m.ew_id is None]


def players(entry: Entry | None, partner: Entry | None = None) -> str:
    """A pair's two players, printed under its name; none for an individual event's side,
    whose name already is its two players ("Ann & Ben")."""
    if entry is None or partner is not None:
        return ""
    return " & ".join(p for p in (entry.player_1.strip(), entry.player_2.strip()) if p)


@dataclass(frozen=True)
class CardPair:
    """One pair's half of a table card: its seat, its names, and its own link as a QR code."""

    side: str  # "ns" or "ew"
    seat: str
    name: str  # the pair's, or an individual event's two partners ("Ann & Ben")
    players: str
    url: str
    image: str  # the QR code's address in the document (core.pdf_parts.QR_SCHEME)


@dataclass(frozen=True)
class Card:
    table: int
    pairs: tuple[CardPair, CardPair]


def cards_of(links: PhoneLinks, tables: Sequence[Match]) -> tuple[list[Card], dict[str, str]]:
    """A card per table, and the links its QR codes show, by name: each pair's own link to the
    table as a phone opens it (this machine's network address when the director is at
    http://127.0.0.1: tournaments.links; the token: tournaments.table_keys)."""
    seats = {NS: _("North-South"), EW: _("East-West")}
    cards, qr_codes = [], {}
    for match in tables:
        game = match.game
        if match.ew is None or game is None:  # a bye: no table, no game, no card
            continue
        pairs = []
        for side, (entry, partner), side_name in (
            (NS, (match.ns, match.ns_with), match.ns_side),
            (EW, (match.ew, match.ew_with), match.ew_side),
        ):
            url = links.to(reverse("table", args=[table_token(game, side)]))
            name = f"{match.table}-{side}"
            qr_codes[name] = url
            names = players(entry, partner)
            pairs.append(CardPair(side, seats[side], side_name, names, url, QR_SCHEME + name))
        cards.append(Card(match.table, (pairs[0], pairs[1])))
    return cards, qr_codes


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order that ignores case and accents (Élise next to Elena)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


def by_name(tables: Sequence[Match], byes: Sequence[Match]) -> list[dict[str, Any]]:
    """Every pair of the round (every player, in an individual event), alphabetically, with its
    table and seat (and partner), and whom it plays (or its bye)."""
    rows: list[dict[str, Any]] = []
    for m in tables:
        (north, east), against = m.sides(), (m.ew_side, m.ns_side)
        for seat, side, other in ((_("N-S"), north, against[0]), (_("E-W"), east, against[1])):
            for entry in side:
                partner = next((e.name for e in side if e != entry), "")
                shown = f"{seat}, {partner}" if partner else seat
                rows.append({"entry": entry, "table": m.table, "seat": shown, "against": other})
    rows += [{"entry": m.ns, "table": None, "seat": sit_out_words(m), "against": ""} for m in byes]
    return sorted(rows, key=lambda row: sort_key(row["entry"].name))


def cards_per_page(_tournament: Tournament, spec: PrintSpec) -> int:
    return spec.per_page if spec.per_page in CARDS_PER_PAGE else CARDS_PER_PAGE[0]


def sheets_per_page(tournament: Tournament, _spec: PrintSpec) -> int:
    return 2 if (tournament.hands_per_round or DEFAULT_HANDS) <= 6 else 1


def _cards(tournament: Tournament, played: Round, spec: PrintSpec, part: list[Match]) -> Part:
    size = cards_per_page(tournament, spec)
    cards, qr_codes = cards_of(PhoneLinks(spec.base, "", False), part)
    context = {"tournament": tournament, "round": played, "pages": chunks(cards, size)}
    return _part("tournaments/print/cards.html", {**context, "per_page": size}, qr_codes, len(part))


def _sheets(tournament: Tournament, played: Round, spec: PrintSpec, part: list[Match]) -> Part:
    hands = tournament.hands_per_round or DEFAULT_HANDS
    sheets = [
        {"match": m, "ns_players": players(m.ns, m.ns_with), "ew_players": players(m.ew, m.ew_with)}
        for m in part
    ]
    per_page = sheets_per_page(tournament, spec)
    context = {
        "tournament": tournament,
        "round": played,
        "pages": chunks(sheets, per_page),
        "per_page": per_page,
        "hands": range(1, hands + 1),
    }
    return _part("tournaments/print/sheets.html", context, {}, len(part))


def render(
    played: Round, spec: PrintSpec, progress: Progress | None = None, processes: int = 1
) -> bytes:
    """The round's document as one PDF. Cards and sheets are laid out a chunk of tables at a
    time, by up to ``processes`` processes at once (core/pdf_parts.py; ``progress`` hears of
    each chunk); the pairings, which list the whole round twice, at once."""
    tournament = played.tournament
    tables, byes = round_matches(played)
    with translation.override(spec.language):
        if spec.kind == "pairings":
            context = {
                "tournament": tournament,
                "round": played,
                "tables": tables,
                "byes": byes,
                "names": by_name(tables, byes),
            }
            pdf = _pdf("tournaments/print/pairings.html", context)
            if progress is not None:
                progress(len(tables), len(tables))
            return pdf
        part_of, per_page = {
            "cards": (_cards, cards_per_page),
            "sheets": (_sheets, sheets_per_page),
        }[spec.kind]
        size = chunk_size(len(tables), processes, per_page(tournament, spec))
        parts = [part_of(tournament, played, spec, c) for c in chunks(tables, size) or [[]]]
        heard = None if progress is None else (lambda done: progress(done, len(tables)))
        return joined(parts, processes, heard)


@dataclass(frozen=True)
class BracketCell:
    """A match in the printed bracket's table: it spans the rows of the first-round matches it
    follows from (so it sits level between the two before it); the final's holds the
    third-place match too."""

    match: Any
    rows: int
    third: Any = None


def bracket_rows(bracket: Any) -> list[list[BracketCell]]:
    """The bracket as table rows, one a first-round match: each row holds the cells that begin
    there. An HTML table, as WeasyPrint lays out a 32-match bracket in a second where nested
    flex boxes took many (issue "Every format from the pages": 32 s for a 64-pair bracket)."""
    if not bracket.rounds:
        return []
    first = len(bracket.rounds[0].matches)
    rows: list[list[BracketCell]] = [[] for _ in range(first)]
    last = len(bracket.rounds) - 1
    for level, knockout_round in enumerate(bracket.rounds):
        span = first // len(knockout_round.matches)
        for j, match in enumerate(knockout_round.matches):
            third = bracket.third_place if level == last else None
            rows[j * span].append(BracketCell(match, span, third))
    return rows


def render_bracket(tournament: Tournament, bracket: Any, language: str) -> bytes:
    """A knockout's bracket on one landscape page (selectors.bracket; more than 32 first-round
    matches run onto a second): pinned to the wall, or kept with the event's papers."""
    with translation.override(language):
        first = len(bracket.rounds[0].matches) if bracket.rounds else 0
        context = {
            "tournament": tournament,
            "bracket": bracket,
            "rows": bracket_rows(bracket),
            "size": min(first, 64),  # the rows' height and type (print.css .b-rows-N)
        }
        return _pdf("tournaments/print/bracket.html", context)


def render_standings(tournament: Tournament, current: CurrentStandings, language: str) -> bytes:
    """The event's standings on A4 pages, the columns' heading on each: rank, pair and its
    players, points and tie-breaks as the standings table shows them (a two-winner Mitchell's
    North-South table, then its East-West one), under the club, the
    event, the day it was played and whether they are final or provisional (to pin up, or keep with the
    event's papers). The pairings' table, its widths fixed by its heading: 1000 pairs lay out
    in seconds (bench/print.py), made once per version of the event (views/public.py)."""
    with translation.override(language):
        snapshot = current.snapshot
        final = standings_final(tournament, current)
        order = standings_metrics(tournament)
        names = (
            {}
            if tournament.individual  # a player's entry is their name
            else {e.id: players(e) for e in tournament.entries.all()}
        )
        context = {
            "tournament": tournament,
            "club": tournament.club.name if tournament.club else "",
            "plan": plan_words(tournament),
            "final": final,
            "snapshot": snapshot,
            "stale": current.stale,
            # Under "Final standings", the version and the round they count, as the exports say.
            "heading": standings_heading(snapshot) if snapshot else "",
            "labels": [METRIC_LABELS[m] for m in order],
            # North-South and East-West apart, a table and a winner each, where the event
            # ranks them so (a two-winner Mitchell); else one table.
            "groups": standings_line_groups(snapshot, order, players=names),
        }
        return _pdf("tournaments/print/standings.html", context)
