"""The federation's public pages, as federations publish them: its clubs and seasons, the
calendar of its sanctioned events, the season's ranking, the members' rating (where its
officers show it) and a member's career across clubs (once a club plays them). Its officers see
the same pages with their own links."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.no_store import private
from federations import reports
from federations.forms import MemberForm
from federations.models import (
    Member,
    MemberLink,
    Ranking,
    RankingSeason,
)
from federations.rankings import RankedMember, season_lines
from federations.ratings import CLASSIC, FAMILY_IDS, member_ratings
from federations.selectors import (
    calendar,
    clubs_asking,
    federation_clubs,
    is_officer,
    member_career,
    member_clubs,
)
from federations.tables import (
    CalendarTable,
    CareerTable,
    RankingTable,
    RatingTable,
    points_shown,
)
from federations.views._common import (
    PER_PAGE,
    _federation,
    _member_name,
)
from scorekeeper.i18n import preset_name


def federation_page(request: HttpRequest, federation_id: int) -> HttpResponse:
    """A federation: its clubs and seasons, for anyone; the clubs' requests for its officers."""
    federation = _federation(federation_id)
    officer = is_officer(federation_id, request.user)
    context = {
        "federation": federation,
        "officer": officer,
        "clubs": federation_clubs(federation_id),
        "seasons": list(federation.seasons.all()),
        "asking": clubs_asking(federation_id) if officer else [],
    }
    response = render(request, "federations/federation.html", context)
    if officer:
        private(response)
    return response


def federation_calendar(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The sanctioned events, newest first: which are in, late or corrected."""
    federation = _federation(federation_id)
    reports.reports_catch_up(federation_id=federation_id)
    lines = calendar(federation_id, timezone.localdate())
    rows = [
        {
            "played_on": line.sanction.event.played_on,
            "event": line.sanction.event.name,
            "url": reverse("tournament", args=[line.sanction.event_id]),
            "club": line.sanction.event.club.name if line.sanction.event.club else "",
            "status": line.words,
            "state": line.state,
        }
        for line in lines
    ]
    context = {
        "federation": federation,
        "officer": is_officer(federation_id, request.user),
        "table": CalendarTable(rows),
        "late": sum(line.state == "late" for line in lines),
    }
    return render(request, "federations/calendar.html", context)


def _season(federation_id: int, season_id: int | None) -> RankingSeason | None:
    seasons = RankingSeason.objects.filter(federation_id=federation_id)
    if season_id is None:
        today = timezone.localdate()
        return seasons.filter(starts__lte=today, ends__gte=today).first() or seasons.first()
    return get_object_or_404(seasons, id=season_id)


def _ranking_rows(federation_id: int, lines: list[RankedMember]) -> list[dict[str, Any]]:
    """The lines as the ranking's table shows them (their members read for these lines only:
    a page of them)."""
    sharing = Counter(line.rank for line in lines)
    members = Member.objects.in_bulk([line.member for line in lines])
    return [
        {
            "rank": line.rank,
            "shared": sharing[line.rank] > 1,
            "name": _member_name(members[line.member]),
            "url": reverse("federation-member", args=[federation_id, line.member]),
            "points": line.points,
            "category": line.category,
            "events": line.events,
        }
        for line in lines
    ]


def federation_ranking(
    request: HttpRequest, federation_id: int, season_id: int | None = None
) -> HttpResponse:
    """The season's ranking (the current season's, or the latest)."""
    federation = _federation(federation_id)
    season = _season(federation_id, season_id)
    reports.reports_catch_up(federation_id=federation_id)
    context: dict[str, Any] = {
        "federation": federation,
        "season": season,
        "seasons": list(federation.seasons.all()),
        "officer": is_officer(federation_id, request.user),
        "rules": Ranking.objects.get(federation_id=federation_id),
    }
    if season is not None:
        lines = season_lines(federation_id, season)
        page = Paginator(lines, PER_PAGE).get_page(request.GET.get("page"))
        context["table"] = RankingTable(_ranking_rows(federation_id, list(page.object_list)))
        context["page"], context["count"] = page, len(lines)
    return render(request, "federations/ranking.html", context)


def federation_rating(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The members' rating across clubs, overall or for one rule family, where the officers
    show it (else no page)."""
    federation = _federation(federation_id)
    if not Ranking.objects.filter(federation=federation, rating=True).exists():
        raise Http404
    family = request.GET.get("family")
    if family not in FAMILY_IDS:
        family = None
    rated = member_ratings(federation_id, family)
    page = Paginator(rated, PER_PAGE).get_page(request.GET.get("page"))
    members = Member.objects.in_bulk([r.member for r in page.object_list])
    start = page.start_index() if rated else 1
    rows = [
        {
            "rank": start + i,
            "name": _member_name(members[r.member]),
            "url": reverse("federation-member", args=[federation_id, r.member]),
            "rating": r.value,
            "games": r.games,
        }
        for i, r in enumerate(page.object_list)
    ]
    families = [(None, _("Overall"))] + [(f, family_words(f)) for f in FAMILY_IDS]
    context = {
        "federation": federation,
        "officer": is_officer(federation_id, request.user),
        "table": RatingTable(rows),
        "page": page,
        "count": len(rated),
        "families": families,
        "family": family,
    }
    return render(request, "federations/rating.html", context)


def family_words(family: str) -> str:
    """A rule family's name: classic canasta (all of VARIANTS.md's presets), or the family's."""
    return _("Classic canasta") if family == CLASSIC else preset_name(family)


def member_page(request: HttpRequest, federation_id: int, member_id: int) -> HttpResponse:
    """A member's career across clubs; their own data and anonymising for them and officers."""
    federation = _federation(federation_id)
    member = get_object_or_404(Member, federation=federation, id=member_id)
    if member.merged_into_id is not None:
        return redirect("federation-member", federation_id, member.merged_into_id)
    officer = is_officer(federation_id, request.user)
    own = request.user.is_authenticated and member.user_id == request.user.pk
    linked = MemberLink.objects.filter(member=member, status=MemberLink.Status.LINKED)
    if not (officer or own or linked.exists()):
        raise Http404  # a member no club plays is not published
    reports.reports_catch_up(federation_id=federation_id)
    # An anonymised member's events and clubs would say whom it was (the clubs' standings name
    # their pairs): their points stand in the ranking, and nothing more is shown.
    career = [] if member.anonymised_at else member_career(member)
    season = _season(federation_id, None)
    line = None
    if season is not None:
        line = next((x for x in season_lines(federation_id, season) if x.member == member.id), None)
    standing = (
        {"season": season.name, "line": line, "points": points_shown(line.points)}
        if season is not None and line is not None
        else None
    )
    context = {
        "standing": standing,
        "edit": (
            MemberForm(
                initial={
                    "number": member.number,
                    "name": member.name,
                    "username": member.user.get_username() if member.user else "",
                }
            )
            if officer and not member.anonymised_at
            else None
        ),
        "federation": federation,
        "member": member,
        "name": _member_name(member),
        "officer": officer,
        "own": own,
        "clubs": [] if member.anonymised_at else member_clubs(member),
        "links": linked.select_related("player__club") if officer else [],
        "career": CareerTable(
            [
                {
                    "event": e.name,
                    "points": e.points,
                    "place": _("%(rank)s of %(field)s") % {"rank": e.rank, "field": e.field},
                    "club": e.club,
                    "played_on": e.played_on,
                }
                for e in career
            ]
        ),
    }
    response = render(request, "federations/member.html", context)
    if officer or own:
        private(response)
    return response
