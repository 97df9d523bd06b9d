"""A federation's ranking read from its rows (issue 33): the standing report of each sanctioned
event, its players' members found through the links as they are now (a player linked later
brings their history; a merged member's count for the record it was merged into), and the
federation's rules, given to the pure engine (engine.ranking), whose lines the pages and the
CSV show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from federations.engine.ranking import (
    Band,
    Category,
    EventReport,
    Placing,
    PointsTable,
    RankingLine,
    Season,
    season_ranking,
)
from federations.models import EventReport as ReportRow
from federations.models import Member, MemberLink, Ranking, RankingSeason


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


@dataclass(frozen=True)
class EventShown:
    """A sanctioned event as the ranking's pages name it."""

    id: int  # the sanction's
    name: str
    club: str
    played_on: Any
    revision: int


@dataclass(frozen=True)
class FederationRanking:
    season: RankingSeason
    lines: list[RankingLine]
    members: dict[str, Member]  # by id (as text), as the lines name them
    events: dict[str, EventShown]  # by the engine's event key


def standing_reports(federation_id: int) -> list[ReportRow]:
    """The latest report of each sanctioned event of the federation."""
    rows = ReportRow.objects.filter(sanction__federation_id=federation_id).select_related(
        "sanction__event__club"
    )
    latest: dict[int, ReportRow] = {}
    for row in rows:
        known = latest.get(row.sanction_id)
        if known is None or row.revision > known.revision:
            latest[row.sanction_id] = row
    return list(latest.values())


def fields_of(row: ReportRow, members: dict[int, Member]) -> dict[str, list[Placing]]:
    """A report's places as the engine takes them, a field a direction (a Mitchell ranked by
    direction reports two), each placing with its members: a member counted once a field, at
    their best place (two of their club records in one event: one person)."""
    fields: dict[str, list[Placing]] = {}
    seen: dict[str, set[str]] = {}
    for placing in sorted(row.placings, key=lambda p: int(p["rank"])):
        direction = placing.get("direction", "")
        taken = seen.setdefault(direction, set())
        ids = sorted({str(members[p].id) for p in placing["players"] if p in members} - taken)
        taken.update(ids)
        fields.setdefault(direction, []).append(Placing(int(placing["rank"]), tuple(ids)))
    return fields


def ranking_of(federation_id: int, season: RankingSeason) -> FederationRanking:
    """The season's ranking: every member placed in a reported event of the season."""
    rules = Ranking.objects.get(federation_id=federation_id)
    members = member_of_players(federation_id)
    reports, events = [], {}
    for row in standing_reports(federation_id):
        event = row.sanction.event
        for direction, placings in fields_of(row, members).items():
            key = f"{row.sanction_id}{direction}"
            club = event.club.name if event.club else ""
            events[key] = EventShown(row.sanction_id, event.name, club, row.played_on, row.revision)
            reports.append(
                EventReport(key, club, row.played_on, tuple(placings), revision=row.revision)
            )
    lines = season_ranking(
        reports,
        points_table(rules.points_table),
        Season(season.starts, season.ends, season.best_of),
        categories(rules.categories),
    )
    shown = {str(m.id): m for m in members.values()}
    return FederationRanking(season, lines, shown, events)
