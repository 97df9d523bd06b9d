"""The director's exports as rows (a header first), streamed from the database: every match's
result, the standings with every metric, and every hand of every table. Labels are translated
when the rows are asked for, not while the response streams."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.rounding import half_up
from scorekeeper.models import Hand
from tournaments.engine.standings import INDIVIDUAL_ONLY, METRICS, PLACES
from tournaments.models import (
    Match,
    ResultSubmission,
    Round,
    StandingsSnapshot,
    Tournament,
    side_label,
)
from tournaments.words import METRIC_NAMES, direction_name


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
        _("Reason"),
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
            "ns_with__name",
            "ew_with__name",
            "status",
            "result__ns_score",
            "result__ew_score",
            "result__version",
            "result__kind",
            "result__reason",
        )
    )

    def rows() -> Iterator[list[Any]]:
        yield header
        for row in matches.iterator(chunk_size=2000):
            number, table, ns, ew, ns_with, ew_with, status = row[:7]
            ns_score, ew_score, version, kind, reason = row[7:]
            north = side_label(ns, ns_with)
            east = side_label(ew, ew_with) if ew is not None else None
            if east is None:
                yield [number, "", north, "", "", "", bye, "", "", ""]
                continue
            yield [
                number,
                table,
                north,
                east,
                ns_score,
                ew_score,
                statuses.get(status, status),
                version,
                kinds.get(kind, kind) if kind else "",
                reason or "",
            ]

    return rows()


def metric_order(tournament: Tournament, present: Iterable[str]) -> list[str]:
    """The metrics of a snapshot: the tournament's tie-breaks in their order, then the rest
    (an individual event's own metrics only in an individual event, or where it ranks by one)."""
    names = set(present)
    if not tournament.individual:
        names -= INDIVIDUAL_ONLY - set(tournament.tiebreaks)
    order = [m for m in tournament.tiebreaks if m in names]
    order += [m for m in METRICS if m in names and m not in order]
    return order + sorted(names - set(order))


def _places(value: Any) -> int:
    """The decimals a metric's value needs (PLACES at most): 0 for 700 or 700.0."""
    if not isinstance(value, float) or value.is_integer():
        return 0
    exponent = int(half_up(value, PLACES).normalize().as_tuple().exponent)
    return max(0, min(PLACES, -exponent))


def column_numbers(values: Sequence[Any]) -> list[Decimal | str]:
    """A column of metrics with one number of decimals, the most any of them needs (1340.0
    beside 602.5, never 1340 in one row and 700.0 in another), half up; a metric a pair has
    none of (head to head outside a tie) is empty. Numbers, not text: -605 is no formula."""
    places = max((_places(v) for v in values), default=0)
    return ["" if v is None or v == "" else half_up(v, places) for v in values]


def standings_rows(
    tournament: Tournament, snapshot: StandingsSnapshot | None
) -> Iterator[list[Any]]:
    """The standings of ``snapshot`` (services.standings.standings_fresh: every result
    counted): rank, pair (and its direction where the event ranks North-South and East-West
    apart: the rank is within it), every metric, and on every line the snapshot's version,
    the last complete round and whether it is provisional."""
    rows: list[dict[str, Any]] = list(snapshot.rows) if snapshot else []
    present = {m for row in rows for m in row.get("metrics", {})} or set(METRICS)
    metrics = metric_order(tournament, present)
    apart = tournament.rank_by_direction
    header = [
        pgettext("standings", "Rank"),
        _("Player") if tournament.individual else _("Pair"),
        *([_("Direction")] if apart else []),
        *(str(METRIC_NAMES.get(m, m)) for m in metrics),
        _("Withdrawn"),
        _("Standings version"),
        _("After round"),
        _("Provisional"),
    ]
    yes, no = _("yes"), _("no")

    columns = [column_numbers([row.get("metrics", {}).get(m, "") for row in rows]) for m in metrics]

    def lines() -> Iterator[list[Any]]:
        yield header
        if snapshot is None:
            return
        about = [snapshot.version, snapshot.after_round, yes if snapshot.provisional else no]
        for i, row in enumerate(rows):
            yield [
                row.get("rank", ""),
                row.get("name", ""),
                *([direction_name(row.get("direction"))] if apart else []),
                *(column[i] for column in columns),
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
            at + "ns_with__name",
            at + "ew_with__name",
            "number",
            "result",
            "score_after",
        )
    )

    def rows() -> Iterator[list[Any]]:
        yield header
        for number, table, ns, ew, ns_with, ew_with, hand, result, after in hands.iterator(
            chunk_size=2000
        ):
            ns, ew = side_label(ns, ns_with), side_label(ew, ew_with)
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
