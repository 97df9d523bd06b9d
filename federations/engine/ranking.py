"""A federation's ranking: points for each placing in its clubs' sanctioned events, by the
federation's own table, summed over a season, and each member's category by its thresholds.

Pure Python (no Django): the services will load the events' reports and call
``season_ranking``; the pages and the CSV export show its lines.

How the points are given, as the federations that rank club tournaments give them (the Italian
burraco federation's points by placing and number of pairs, bridge's masterpoints split between
tied places):

- A federation's ``PointsTable`` has bands by field size (the pairs or players placed in the
  event, members or not): the band of the largest field size not above the event's applies, so
  a bigger field gives more; an event smaller than the first band gives none.
- A band gives its points to the first places in order, and ``rest`` to every other placing
  (for taking part).
- Places shared by a tie share their points equally: two pairs tied second in a band of 10, 6,
  4 each get (6 + 4) / 2 = 5. Points are kept exact (a fraction where a share does not
  divide); the pages round them.
- Each member of a pair gets the pair's points; a player the club has not linked to a member
  counts in the field and gets nothing.
- A later report of an event (a correction) replaces the earlier: the highest ``revision``
  stands.
- The season counts every event played within it, or a member's best ``best_of``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

MemberId = str
Points = int | Fraction  # a whole number unless a tie's share does not divide


class RankingError(ValueError):
    """A table, a season or a report the ranking cannot use; the message says why."""


@dataclass(frozen=True)
class Band:
    """The points of an event whose field has at least ``from_field`` places."""

    from_field: int
    places: tuple[int, ...]  # 1st, 2nd, ...
    rest: int = 0  # every other placing

    def points(self, position: int) -> int:
        """The points of one position (0 for the first)."""
        return self.places[position] if position < len(self.places) else self.rest


@dataclass(frozen=True)
class PointsTable:
    """A federation's points by placing and field size."""

    bands: tuple[Band, ...]

    def __post_init__(self) -> None:
        if not self.bands:
            raise RankingError("a points table needs at least one band")
        sizes = [band.from_field for band in self.bands]
        if sizes[0] < 1 or sizes != sorted(set(sizes)):
            raise RankingError("the bands' field sizes must rise from 1 or more, each once")
        for band in self.bands:
            given = [*band.places, band.rest]
            if min(given) < 0 or given != sorted(given, reverse=True):
                raise RankingError(
                    f"the band from {band.from_field} places must give no fewer points to a "
                    "better place, and none below 0"
                )

    def band_for(self, field: int) -> Band | None:
        """The band of a field of ``field`` places; None below the first band."""
        chosen = None
        for band in self.bands:
            if band.from_field <= field:
                chosen = band
        return chosen


@dataclass(frozen=True)
class Placing:
    """A pair's (or a player's) place in an event: ``rank`` is shared by a tie (1, 2, 2, 4);
    ``members``, the federation members among them (none if the club linked none)."""

    rank: int
    members: tuple[MemberId, ...] = ()


@dataclass(frozen=True)
class EventReport:
    """What a club's sanctioned event reports: its final places, every one of them."""

    event: str  # the event, unique across the federation
    club: str
    played_on: date
    placings: tuple[Placing, ...]
    revision: int = 1  # each report of the event one more: the highest stands


@dataclass(frozen=True)
class Season:
    """The events played from ``starts`` to ``ends`` (both days included) count: all of a
    member's, or the best ``best_of``."""

    starts: date
    ends: date
    best_of: int | None = None

    def __post_init__(self) -> None:
        if self.ends < self.starts:
            raise RankingError("a season must end on or after the day it starts")
        if self.best_of is not None and self.best_of < 1:
            raise RankingError("a season counts at least one event of each member")


@dataclass(frozen=True)
class Category:
    """A member with at least ``from_points`` in the season is of this category (the highest
    that they reach)."""

    name: str
    from_points: int


@dataclass(frozen=True)
class EventPoints:
    """A member's points from one event, and whether the season counts them (best of)."""

    event: str
    club: str
    played_on: date
    rank: int
    field: int
    points: Points
    counted: bool = True


@dataclass(frozen=True)
class RankingLine:
    """A member's line of the ranking: shared ``rank`` for equal points."""

    rank: int
    member: MemberId
    points: Points
    category: str
    events: tuple[EventPoints, ...]  # newest first


def standing_reports(reports: Iterable[EventReport]) -> list[EventReport]:
    """Each event's report that stands: its highest revision (a correction replaces the report
    before it). Two different reports of one revision are refused."""
    latest: dict[str, EventReport] = {}
    for report in reports:
        known = latest.get(report.event)
        if known is not None and known.revision == report.revision and known != report:
            raise RankingError(
                f"event {report.event} has two reports of revision {report.revision}"
            )
        if known is None or report.revision > known.revision:
            latest[report.event] = report
    return list(latest.values())


def event_points(report: EventReport, table: PointsTable) -> dict[MemberId, EventPoints]:
    """Each member's points from one event (see the module's rules)."""
    field = len(report.placings)
    ranks = sorted(placing.rank for placing in report.placings)
    if ranks and (ranks[0] != 1 or any(r > i + 1 for i, r in enumerate(ranks))):
        raise RankingError(f"event {report.event}: its places must run 1, 2, 2, 4… from the first")
    tied: dict[int, int] = defaultdict(int)
    for rank in ranks:
        tied[rank] += 1
    band = table.band_for(field)
    won: dict[MemberId, EventPoints] = {}
    points_of: dict[int, Points] = {}
    for placing in report.placings:
        points = points_of.get(placing.rank)
        if points is None:
            share = tied[placing.rank]
            positions = range(placing.rank - 1, placing.rank - 1 + share)
            given = sum(band.points(p) for p in positions) if band else 0
            whole, part = divmod(given, share)
            points = points_of[placing.rank] = Fraction(given, share) if part else whole
        for member in placing.members:
            if member in won:
                raise RankingError(f"event {report.event}: member {member} is placed twice")
            won[member] = EventPoints(
                report.event, report.club, report.played_on, placing.rank, field, points
            )
    return won


def season_ranking(
    reports: Iterable[EventReport],
    table: PointsTable,
    season: Season,
    categories: Sequence[Category] = (),
) -> list[RankingLine]:
    """The season's ranking of every member placed in a standing report of the season: most
    points first (equal points share a rank, then by member), with each member's events."""
    thresholds = sorted(categories, key=lambda category: category.from_points)
    if len({c.from_points for c in thresholds}) != len(thresholds):
        raise RankingError("two categories start at the same points")
    per_member: dict[MemberId, list[EventPoints]] = defaultdict(list)
    for report in standing_reports(reports):
        if season.starts <= report.played_on <= season.ends:
            for member, points_won in event_points(report, table).items():
                per_member[member].append(points_won)
    totals = []
    for member, played in per_member.items():
        counted = _counted(played, season.best_of)
        total: Points = sum(e.points for e in counted)
        kept = {id(e) for e in counted}
        shown = sorted(
            (e if id(e) in kept else _uncounted(e) for e in played),
            key=lambda e: (e.played_on, e.event),
            reverse=True,
        )
        totals.append((member, total, _category(total, thresholds), tuple(shown)))
    totals.sort(key=lambda line: (-line[1], line[0]))
    ranked: list[RankingLine] = []
    for place, (member, total, category, shown_events) in enumerate(totals, start=1):
        rank = ranked[-1].rank if ranked and ranked[-1].points == total else place
        ranked.append(RankingLine(rank, member, total, category, shown_events))
    return ranked


def _counted(won: list[EventPoints], best_of: int | None) -> list[EventPoints]:
    """The events the season counts: all, or the best ``best_of`` (at equal points, the
    earlier event)."""
    if best_of is None:
        return won
    return sorted(won, key=lambda e: (-e.points, e.played_on, e.event))[:best_of]


def _uncounted(won: EventPoints) -> EventPoints:
    return EventPoints(
        won.event, won.club, won.played_on, won.rank, won.field, won.points, counted=False
    )


def _category(points: Points, thresholds: Sequence[Category]) -> str:
    reached = [category.name for category in thresholds if points >= category.from_points]
    return reached[-1] if reached else ""
