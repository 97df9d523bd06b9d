"""The federation's reads (issue 33): its officers, its clubs and the clubs asking to join, the
calendar of its sanctioned events, a member's career."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import Max, Min, Q
from django.utils import timezone
from django.utils.translation import pgettext

from clubs.models import Club
from federations.engine.ranking import EventReport as ReportInput
from federations.engine.ranking import Points, event_points
from federations.models import (
    Affiliation,
    Federation,
    Member,
    MemberLink,
    Officer,
    Ranking,
    Sanction,
)


def is_officer(federation_id: int, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return Officer.objects.filter(federation_id=federation_id, user_id=user.pk).exists()


def federations_run_by(user: Any) -> list[Federation]:
    """The federations the user is an officer of."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Federation.objects.filter(officers__user_id=user.pk))


def federation_clubs(federation_id: int) -> list[Club]:
    """The clubs the federation accepted."""
    accepted = Affiliation.Status.ACCEPTED
    return list(
        Club.objects.filter(
            affiliations__federation_id=federation_id, affiliations__status=accepted
        )
    )


def clubs_asking(federation_id: int) -> list[Affiliation]:
    """The requests an officer has to answer, oldest first."""
    return list(
        Affiliation.objects.filter(federation_id=federation_id, status=Affiliation.Status.ASKED)
        .select_related("club")
        .order_by("asked_at")
    )


def club_federations(club_id: int) -> list[Federation]:
    """The federations that accepted the club."""
    accepted = Affiliation.Status.ACCEPTED
    return list(
        Federation.objects.filter(affiliations__club_id=club_id, affiliations__status=accepted)
    )


def is_accepted(federation_id: int, club_id: int) -> bool:
    """Whether the federation accepted the club."""
    return Affiliation.objects.filter(
        federation_id=federation_id, club_id=club_id, status=Affiliation.Status.ACCEPTED
    ).exists()


@dataclass(frozen=True)
class CalendarLine:
    """A sanctioned event as the federation's calendar lists it; ``state``: waiting, late, in,
    late_in (reported after its day), corrected."""

    sanction: Sanction
    revision: int  # of its latest report (0: none yet)
    due: date
    state: str

    @property
    def words(self) -> str:
        revision = self.revision
        return {
            "waiting": pgettext("a sanctioned event's report", "Not finished"),
            "late": pgettext("a sanctioned event's report", "Late"),
            "in": pgettext("a sanctioned event's report", "In"),
            "late_in": pgettext("a sanctioned event's report", "In, late"),
            "corrected": pgettext("a sanctioned event's report", "Corrected (%(n)s)")
            % {"n": revision - 1},
        }[self.state]


def calendar(federation_id: int, today: date) -> list[CalendarLine]:
    """The federation's sanctioned events, newest first, each with its latest report and
    whether it is in, late or corrected (a club has ``report_days`` after the event's day)."""
    days = Ranking.objects.get(federation_id=federation_id).report_days
    # Each event's latest revision and its first report's time, in the one read of the events
    # (the reports' places are not read).
    sanctions = (
        Sanction.objects.filter(federation_id=federation_id)
        .select_related("event", "event__club")
        .annotate(revision=Max("reports__revision"), first_in=Min("reports__reported_at"))
        .order_by("-event__played_on", "event__name")
    )
    lines = []
    for sanction in sanctions:
        due = sanction.event.played_on + timedelta(days=days)
        revision = sanction.revision or 0
        if not revision:
            state = "late" if today > due else "waiting"
        elif revision > 1:
            state = "corrected"
        else:
            first_in = sanction.first_in
            state = "late_in" if timezone.localdate(first_in) > due else "in"
        lines.append(CalendarLine(sanction, revision, due, state))
    return lines


@dataclass(frozen=True)
class CareerEvent:
    name: str
    club: str
    played_on: date
    rank: int
    field: int
    points: Points


def member_clubs(member: Member) -> list[str]:
    """The clubs whose records are linked to the member (or to a duplicate merged into it)."""
    return sorted(
        set(
            MemberLink.objects.filter(
                Q(member=member) | Q(member__merged_into=member),
                status=MemberLink.Status.LINKED,
            ).values_list("player__club__name", flat=True)
        )
    )


def clubs_by_member(
    federation_id: int, member_ids: list[int] | None = None
) -> dict[int, list[str]]:
    """The clubs each member's linked records are in (of ``member_ids``, where given), in one
    read (the CSV's column, a page of the members)."""
    found: dict[int, set[str]] = {}
    links = MemberLink.objects.filter(federation_id=federation_id, status=MemberLink.Status.LINKED)
    if member_ids is not None:
        links = links.filter(member_id__in=member_ids)
    for member_id, club in links.values_list("member_id", "player__club__name"):
        found.setdefault(member_id, set()).add(club)
    return {member_id: sorted(clubs) for member_id, clubs in found.items()}


def member_career(member: Member) -> list[CareerEvent]:
    """Every reported event the member placed in, across clubs, newest first, with the points
    the federation's table gives the place now."""
    from federations.rankings import fields_of, member_keys, points_table, standing_reports

    members = member_keys(member.federation_id)
    mine_players = {p for p, m in members.items() if m == str(member.id)}
    table = points_table(Ranking.objects.get(federation_id=member.federation_id).points_table)
    career = []
    for row in standing_reports(member.federation_id):
        if not any(mine_players.intersection(p["players"]) for p in row.placings):
            continue
        fields = fields_of(row, members)
        mine = next(
            (d for d, placings in fields.items() for p in placings if str(member.id) in p.members),
            None,
        )
        if mine is None:
            continue
        club = row.club or ""
        report = ReportInput(str(row.sanction_id), club, row.played_on, tuple(fields[mine]))
        won = event_points(report, table)[str(member.id)]
        career.append(CareerEvent(row.event, club, row.played_on, won.rank, won.field, won.points))
    return sorted(career, key=lambda e: (e.played_on, e.name), reverse=True)
