"""A federation's ranking read from its rows (issue 33): the standing report of each sanctioned
event, its players' members found through the links as they are now (a player linked later
brings their history; a merged member's count for the record it was merged into), and the
federation's rules, given to the pure engine (engine.ranking), whose lines the pages and the
CSV show."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, OuterRef, Subquery

from federations.engine.ranking import (
    Band,
    Category,
    EventReport,
    Placing,
    Points,
    PointsTable,
    Season,
    season_ranking,
)
from federations.models import EventReport as ReportRow
from federations.models import Member, MemberChange, MemberLink, Ranking, RankingSeason


def points_table(rows: list[dict[str, Any]]) -> PointsTable:
    """The engine's table from the stored one (RankingError if it is not a table)."""
    return PointsTable(
        tuple(
            Band(int(row["from_field"]), tuple(int(p) for p in row["places"]), int(row["rest"]))
            for row in rows
        )
    )


def categories(rows: list[dict[str, Any]]) -> list[Category]:
    return [Category(str(row["name"]), int(row["from_points"])) for row in rows]


def member_of_players(federation_id: int) -> dict[int, Member]:
    """The member each linked club record counts for (its duplicates' merged into it)."""
    links = MemberLink.objects.filter(
        federation_id=federation_id, status=MemberLink.Status.LINKED
    ).select_related("member", "member__merged_into")
    found = {}
    for link in links:
        member = link.member
        while member.merged_into is not None:  # merged into one merged in turn: its root
            member = Member.objects.select_related("merged_into").get(id=member.merged_into.id)
        found[link.player_id] = member
    return found


def member_keys(federation_id: int) -> dict[int, str]:
    """Each linked club record's member as the engine names it (its id, as text)."""
    return {player: str(member.id) for player, member in member_of_players(federation_id).items()}


@dataclass(frozen=True)
class StandingReport:
    """A sanctioned event's latest report, as the ranking reads it."""

    sanction_id: int
    revision: int
    played_on: date
    placings: list[dict[str, Any]]
    event: str
    club: str


def standing_reports(
    federation_id: int, starts: date | None = None, ends: date | None = None
) -> list[StandingReport]:
    """The latest report of each sanctioned event of the federation (played from ``starts``
    to ``ends``, where given): one read of the columns the ranking needs."""
    latest = ReportRow.objects.filter(sanction_id=OuterRef("sanction_id")).order_by("-revision")
    rows = ReportRow.objects.filter(
        sanction__federation_id=federation_id, revision=Subquery(latest.values("revision")[:1])
    )
    if starts is not None and ends is not None:
        rows = rows.filter(played_on__range=(starts, ends))
    return [
        StandingReport(*row)
        for row in rows.values_list(
            "sanction_id",
            "revision",
            "played_on",
            "placings",
            "sanction__event__name",
            "sanction__event__club__name",
        )
    ]


def fields_of(report: StandingReport, members: dict[int, str]) -> dict[str, list[Placing]]:
    """A report's places as the engine takes them, a field a direction (a Mitchell ranked by
    direction reports two), each placing with its members (``members``: each linked club
    record's member): a member counted once a field, at their best place (two of their club
    records in one event: one person)."""
    fields: dict[str, list[Placing]] = {}
    seen: dict[str, set[str]] = {}
    for placing in sorted(report.placings, key=lambda p: int(p["rank"])):
        direction = placing.get("direction", "")
        taken = seen.setdefault(direction, set())
        ids = {members[p] for p in placing["players"] if p in members}
        if taken & ids:
            ids -= taken
        taken.update(ids)
        fields.setdefault(direction, []).append(Placing(int(placing["rank"]), tuple(sorted(ids))))
    return fields


@dataclass(frozen=True)
class RankedMember:
    """A line of a season's ranking: the member's id, points, category and events counted."""

    rank: int
    member: int
    points: Points
    category: str
    events: int


def season_lines(federation_id: int, season: RankingSeason) -> list[RankedMember]:
    """The season's ranking, every member placed in a reported event of it: worked out once
    for each state of what it counts (the reports, the links and their log, the rules, the
    season), kept in the cache, and worked out again by any process after a change."""
    key = f"federation-ranking:{federation_id}:{season.id}:{_fingerprint(federation_id, season)}"
    found = cache.get(key)
    if found is None:
        found = _season_lines(federation_id, season)
        cache.set(key, found, timeout=24 * 3600)
    return list(found)


def _fingerprint(federation_id: int, season: RankingSeason) -> str:
    """What the season's ranking counts, in a few aggregates: a new report or link change makes
    a new one (an undone change too); so does a change of the rules or of the season."""
    rules = Ranking.objects.filter(federation_id=federation_id).values_list(
        "points_table", "categories"
    )
    given = [what_counts(federation_id), list(rules), season.starts, season.ends, season.best_of]
    return hashlib.sha256(json.dumps(given, sort_keys=True, default=str).encode()).hexdigest()


def what_counts(federation_id: int) -> str:
    """The federation's reports and links in a few aggregates: any report, link or change of
    the log (an undone one too) gives another."""
    reports = ReportRow.objects.filter(sanction__federation_id=federation_id).aggregate(
        n=Count("id"), last=Max("id")
    )
    changes = MemberChange.objects.filter(federation_id=federation_id).aggregate(
        last=Max("id"), undone=Max("undone_at")
    )
    links = MemberLink.objects.filter(federation_id=federation_id).aggregate(
        n=Count("id"), last=Max("id")
    )
    given = [reports, changes, links]
    return hashlib.sha256(json.dumps(given, sort_keys=True, default=str).encode()).hexdigest()


def _season_lines(federation_id: int, season: RankingSeason) -> list[RankedMember]:
    rules = Ranking.objects.get(federation_id=federation_id)
    members = member_keys(federation_id)
    reports = []
    for row in standing_reports(federation_id, season.starts, season.ends):
        for direction, placings in fields_of(row, members).items():
            key = f"{row.sanction_id}{direction}"
            reports.append(
                EventReport(key, row.club, row.played_on, tuple(placings), revision=row.revision)
            )
    lines = season_ranking(
        reports,
        points_table(rules.points_table),
        Season(season.starts, season.ends, season.best_of),
        categories(rules.categories),
    )
    return [
        RankedMember(
            line.rank,
            int(line.member),
            line.points,
            line.category,
            sum(e.counted for e in line.events),
        )
        for line in lines
    ]
