"""Reads of the public pages (no login): the current round's tables and byes, "find my table",
a pair's rounds, every round's results, the standings as a page shows them and as plain rows
(the projector's top, the printed standings), and the projector's ETag. Draft rounds are not
public."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from core.minus_sign import figure_text, scores_text
from tournaments.clock_words import clock_log_words, timing_note
from tournaments.engine.formats import FORMATS
from tournaments.engine.standings import Number, points_by_round
from tournaments.engine.types import Pair, Reason, Result
from tournaments.models import Entry, Match, Round, StandingsSnapshot, Tournament
from tournaments.pairing_words import pairing_explained
from tournaments.selectors.bracket import Bracket, knockout_bracket
from tournaments.selectors.clock import TableTiming, round_timing
from tournaments.selectors.event import (
    SETTLED,
    EventState,
    event_state,
    knockout_start,
    scoring_of,
)
from tournaments.selectors.results import director_acts, said_since_director, winning_side
from tournaments.selectors.standings import CurrentStandings, standings_final, standings_groups
from tournaments.selectors.versions import event_versions
from tournaments.words import decided_words, standings_heading, table_state

SCREEN_STANDINGS = 30  # the top of the standings on the screen


@dataclass(frozen=True)
class Table:
    """A match of the current round as the public sees it."""

    match: Match
    settled: bool
    status: str
    score: str  # "900–300" once settled, else ""
    note: str  # how a settled result came about where the director decided it (decided_words)
    points: str = ""  # the tournament points of each side once settled ("14 – 6"), if asked
    won: str = ""  # "ns" or "ew": the side that won the table, once settled ("" for a draw)
    reopened: bool = False  # the director reopened it: its state says why (words.table_state)
    timing: str = ""  # the round clock's mark: over time, a table's extra minutes (clock_words)


def at_phantom_table(match: Match) -> bool:
    """A match without an opponent at the phantom's table of a Mitchell's or a round robin's
    schedule (else a bye: a Swiss's, a Danish's, a knockout's)."""
    return any(why and why[0] == Reason.PHANTOM for why in match.reasons)


def sit_out_words(match: Match) -> str:
    if FORMATS[match.round.format].individual:
        return str(_("Sits out"))
    if at_phantom_table(match):
        return str(_("Sits out (the phantom's table)"))
    return str(_("Bye"))


@dataclass(frozen=True)
class PublicRound:
    """The latest released round (None before one is), its tables in order and its byes."""

    played: Round | None
    tables: list[Table]
    byes: list[Match]

    @property
    def settled(self) -> int:
        return sum(1 for t in self.tables if t.settled)


def round_public(tournament: Tournament) -> PublicRound:
    """The latest released round (a draft is the director's, not yet public) as it is played."""
    played = tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    if played is None:
        return PublicRound(None, [], [])
    matches = list(
        played.matches.select_related("ns", "ew", "ns_with", "ew_with", "result")
        .prefetch_related(director_acts())
        .order_by("table", "id")
    )
    rows, byes = [], []
    for m in matches:
        if m.ew_id is None:
            byes.append(m)
            continue
        rows.append(_table(m))
    return PublicRound(played, rows, byes)


def _table(m: Match, points: Mapping[int, Mapping[int, Number]] | None = None) -> Table:
    """A table as the public sees it: its result in force once settled, and how it came about
    where it is not the pairs' own; with ``points`` (points_by_round), what each side scored."""
    result = m.result
    reopened = said_since_director(m.submissions.all()).reopened  # director_acts prefetched
    status = sit_out_words(m) if m.ew_id is None else table_state(m, reopened)
    if m.status not in SETTLED or result is None:
        return Table(m, False, status, "", "", reopened=reopened is not None)
    note = decided_words(result)
    sides = ((m.ns_id, m.ns_with_id), (m.ew_id, m.ew_with_id))
    side = winning_side(result.ns_score, result.ew_score, result.winner_id, sides)
    won = "" if side is None else ("ns", "ew")[side]
    scored = ""
    if points is not None and m.ew_id is not None:
        number = m.round.number
        ns, ew = (points.get(e, {}).get(number) for e in (m.ns_id, m.ew_id))
        if ns is not None and ew is not None:
            scored = f"{figure_text(ns)} – {figure_text(ew)}"
    return Table(
        m, True, status, scores_text((result.ns_score, result.ew_score)), note, scored, won
    )


@dataclass(frozen=True)
class Found:
    """A pair "find my table" found, and where it sits in the current round."""

    entry: Entry
    table: int | None  # None: not at a table this round
    seat: str  # "North-South", "East-West", "bye", or why it does not play


def _seat_words(side: str, entry: Entry, entries: Sequence[Entry]) -> str:
    """The seat as "find my table" says it: "North-South", or in an individual event
    "North-South, with Ben"."""
    partner = next((e for e in entries if e.id != entry.id), None)
    if partner is None:
        return side
    return _("%(side)s, with %(partner)s") % {"side": side, "partner": partner.name}


def pairs_found(query: str, entries: Iterable[Entry], current: PublicRound) -> list[Found]:
    """Pairs whose name or a player's name holds ``query`` (any case, any script: Python's
    casefold, where SQLite's LIKE folds ASCII only)."""
    needle = query.casefold()
    seats: dict[int, tuple[int | None, str]] = {}
    for m in [t.match for t in current.tables] + current.byes:
        if m.ew_id is None:
            seats[m.ns_id] = (
                None,
                str(
                    _("sits out this round")
                    if FORMATS[m.round.format].individual
                    else _("sits out this round: the phantom's table")
                    if at_phantom_table(m)
                    else _("a bye this round")
                ),
            )
        else:
            for side, seated in zip((_("North-South"), _("East-West")), m.sides(), strict=True):
                for entry in seated:
                    seats[entry.id] = (m.table, _seat_words(str(side), entry, seated))
    played = current.played
    away = str(_("not playing this round") if played else _("the pairings are not out yet"))
    found = []
    for entry in entries:
        names = (entry.name, entry.player_1, entry.player_2)
        if any(needle in n.casefold() for n in names if n):
            table, seat = seats.get(entry.id, (None, away))
            found.append(Found(entry, table, seat))
    return found


@dataclass(frozen=True)
class Line:
    """One round of a pair's event."""

    number: int
    table: int | None
    seat: str
    opponents: tuple[Entry, ...]  # the pair across the table, or an individual event's two
    score: str  # "900–300": the pair's score first
    points: str
    status: str
    partner: Entry | None = None  # an individual event's partner for the round
    why: tuple[str, ...] = ()  # the draw's reasons, said to the pair (pairing_words.py)


def _round_points(
    results: Sequence[Result], pairs: Sequence[Pair], tournament: Tournament, entry_id: int
) -> dict[int, str]:
    """The tournament points the pair earned in each round, scored as the standings score them
    (a sit-out by the tournament's policy: a raw-score bye the round's average, an averaged one
    the pair's or the field's average so far)."""
    by_round = points_by_round(pairs, results, scoring_of(tournament))
    return {number: figure_text(points) for number, points in by_round.get(entry_id, {}).items()}


def pair_lines(tournament: Tournament, entry: Entry) -> list[Line]:
    """The pair's cross-table: each released round's table, opponent, score and points."""
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(ns=entry) | Q(ew=entry) | Q(ns_with=entry) | Q(ew_with=entry))
        .select_related("round", "ns", "ew", "ns_with", "ew_with", "result")
        .prefetch_related(director_acts())
        .order_by("round__number", "table")
    )
    state = event_state(tournament)
    points = _round_points(state.results, state.pairs, tournament, entry.id)
    names = {p.id: p.name for p in state.pairs}
    lines = []
    for m in matches:
        number = m.round.number
        if m.ew is None:
            status = sit_out_words(m)
            why = tuple(pairing_explained(m.reasons, north=True, opponent="", names=names))
            lines.append(Line(number, None, "", (), "", points.get(number, ""), status, why=why))
            continue
        north = entry.id in (m.ns_id, m.ns_with_id)
        ours, theirs = m.sides() if north else reversed(m.sides())
        result = m.result
        settled = m.status in SETTLED and result is not None
        score = ""
        if settled and result is not None:
            scores = (result.ns_score, result.ew_score)
            score = scores_text(scores if north else reversed(scores))
        lines.append(
            Line(
                number,
                m.table,
                str(_("North-South") if north else _("East-West")),
                theirs,
                score,
                points.get(number, "") if settled else "",
                table_state(m, said_since_director(m.submissions.all()).reopened),
                next((e for e in ours if e.id != entry.id), None),
                tuple(
                    pairing_explained(
                        m.reasons,
                        north=north,
                        opponent=" & ".join(e.name for e in theirs),
                        names=names,
                    )
                ),
            )
        )
    return lines


@dataclass(frozen=True)
class PublicTag:
    """Which version of the tournament the public pages show (selectors.versions), and
    whether its standings are stale (a rebuild lost to a fault: pages then ask for it)."""

    version: int
    stale: bool
    born: int = 0  # the tournament's creation, in ms: an id and a version of another database
    # (a restore, a database made again beside a cache kept) are not this one's

    def text(self, tournament_id: int) -> str:
        """The version in a few characters: the wall's ETag, and part of each page's."""
        return f"t{tournament_id}.{self.born:x}v{self.version}"


def public_tag(tournament_id: int) -> PublicTag:
    """One small query, whatever the size of the event; 404 for an unknown tournament."""
    versions = event_versions(tournament_id)
    return PublicTag(versions.public, versions.stale, versions.born)


@dataclass(frozen=True)
class PublicStandings:
    """The standings as a public page shows them (the standings page, the results page, the
    wall): the snapshot, whether it is stale or final, its heading, and the knockout's bracket
    (None without one); ``knockout_only``: a knockout alone, which its bracket ranks (points,
    Buchholz and head to head mean nothing there)."""

    snapshot: StandingsSnapshot | None
    stale: bool
    final: bool
    heading: str
    bracket: Bracket | None
    knockout_only: bool

    def context(self) -> dict[str, Any]:
        """The page's template variables, of the same names."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def public_standings(
    tournament: Tournament, current: CurrentStandings, state: EventState | None = None
) -> PublicStandings:
    """``current``: the standings as services.standings.standings_shown brought them up to
    date; ``state``: the event's, where the page has read it already (else the bracket does)."""
    snapshot = current.snapshot
    final = standings_final(tournament, current)
    return PublicStandings(
        snapshot,
        current.stale,
        final,
        standings_heading(snapshot, final) if snapshot else "",
        knockout_bracket(tournament, state),
        knockout_start(tournament) == 1,
    )


@dataclass(frozen=True)
class LinesGroup:
    """The standings of one group ranked together (selectors.standings.StandingsGroup: a
    two-winner Mitchell's North-South or East-West pairs, or the whole field, untitled) as
    plain rows: rank ("=3" when shared), name, its players, whether withdrawn, and the metrics
    as the standings table shows them."""

    direction: str
    title: str
    rows: list[dict[str, Any]]
    winners: list[str]  # the names ranked first (more than one: the first place shared)


def standings_line_groups(
    snapshot: StandingsSnapshot | None,
    order: Sequence[str],
    limit: int | None = None,
    players: Mapping[int, str] | None = None,
) -> list[LinesGroup]:
    """The standings as plain rows by group: North-South then East-West where the event ranks
    them apart, else one group of them all; the first ``limit`` of each (the wall screen's
    top: both winners on a two-winner Mitchell's) or all (the printed standings); the players
    of each entry from ``players`` (the pairs'), the metrics of ``order``."""
    if snapshot is None or not snapshot.rows:
        return []
    return [
        LinesGroup(
            group.direction,
            group.title,
            _lines(group.rows[:limit], order, players),
            group.winners,
        )
        for group in standings_groups(snapshot.rows)
    ]


def _lines(
    rows: Sequence[Mapping[str, Any]], order: Sequence[str], players: Mapping[int, str] | None
) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        metrics = row.get("metrics", {})
        out.append(
            {
                "rank": ("=" if row.get("shared") else "") + str(row.get("rank", "")),
                "name": row.get("name", ""),
                "players": (players or {}).get(row.get("entry", 0), ""),
                "withdrawn": row.get("withdrawn", False),
                "metrics": [figure_text(metrics.get(m, 0), signed=m == "margin") for m in order],
            }
        )
    return out


@dataclass(frozen=True)
class SatOut:
    """A sit-out of a round as the results show it: who, why (a bye, the phantom's table, an
    individual event's sit-out) and the points it scored by the event's sit-out policy."""

    match: Match
    words: str
    points: str


@dataclass(frozen=True)
class RoundResults:
    """A released round on the results page: its tables with the result in force and the
    points each side scored, then its sit-outs; ``points``: whether its points mean something
    (not a knockout's, ranked by its bracket; not a raw score's, the scores themselves)."""

    played: Round
    tables: list[Table]
    sat_out: list[SatOut]
    points: bool
    clock_log: list[str] = field(default_factory=list)  # its timing decisions (clock_words)


def results_by_round(state: EventState, number: int | None = None) -> list[RoundResults]:
    """Every released round of the event (or round ``number`` alone), in order, as the results
    page shows it: the state's points (engine.standings.points_by_round, as the standings count
    them) beside the tables of one query, whatever the size of the event."""
    tournament = state.tournament
    points = points_by_round(state.pairs, state.results, scoring_of(tournament))
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "ns", "ew", "ns_with", "ew_with", "result")
        .prefetch_related(director_acts())
        .order_by("round__number", "table", "id")
    )
    if number is not None:
        matches = matches.filter(round__number=number)
    rounds: dict[int, RoundResults] = {}
    timings: dict[int, dict[int, TableTiming]] = {}
    for m in matches:
        played = m.round
        shown = not FORMATS[played.format].knockout
        shown = shown and tournament.points != Tournament.Points.RAW
        if played.number not in rounds:
            played.tournament = tournament
            timings[played.number] = round_timing(played)
            rounds[played.number] = RoundResults(played, [], [], shown, clock_log_words(played))
        held = rounds[played.number]
        if m.ew_id is None:
            scored = points.get(m.ns_id, {}).get(played.number)
            text = figure_text(scored) if scored is not None else ""
            held.sat_out.append(SatOut(m, sit_out_words(m), text))
        else:
            timing = timings[played.number].get(m.id)
            note = timing_note(timing, tournament.hands_per_round) if timing else ""
            held.tables.append(replace(_table(m, points), timing=note))
    return list(rounds.values())
