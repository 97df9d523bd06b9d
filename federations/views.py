"""The federation pages (/f/...). Anyone sees a federation's clubs, its calendar of sanctioned
events, its ranking and a member's career across clubs, as federations publish them; its
officers also answer the clubs' requests, keep its members and set the ranking's rules. A
club's directors ask to join, mark events for it and link their players (``club_page``); a
member answers a club's link and downloads or anonymises their data. What only an officer may
see is not a page to anyone else (404), as for a club's pages."""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.access import club_directed
from clubs.models import Club, Player
from clubs.selectors import clubs_directed
from core.form_posts import form_saved
from core.no_store import private
from federations import person, reports, services
from federations.forms import (
    FederationForm,
    JoinForm,
    LinkForm,
    MemberForm,
    MemberMergeForm,
    OfficerForm,
    RankingForm,
    SanctionForm,
    SeasonForm,
    categories_text,
    table_text,
)
from federations.models import (
    Affiliation,
    EventReport,
    Federation,
    Member,
    MemberChange,
    MemberLink,
    Ranking,
    RankingSeason,
    Sanction,
)
from federations.rankings import RankedMember, season_lines
from federations.ratings import CLASSIC, FAMILY_IDS, member_ratings
from federations.selectors import (
    calendar,
    club_federations,
    clubs_asking,
    clubs_by_member,
    federation_clubs,
    federations_run_by,
    is_officer,
    member_career,
    member_clubs,
)
from federations.services import FederationError
from federations.tables import (
    CalendarTable,
    CareerTable,
    MembersTable,
    RankingTable,
    RatingTable,
    points_shown,
)
from scorekeeper.i18n import preset_name


def _submitted(form: Any, save: Callable[[dict[str, Any]], Any], field: str | None = None) -> Any:
    """A posted form's service called with its data (core.form_posts), a FederationError its
    refusal."""
    return form_saved(form, save, refusals=(FederationError,), field=field)


def _refused(request: HttpRequest, work: Callable[[], Any], done: str) -> None:
    """A button's service: its message on success, its refusal's otherwise."""
    try:
        work()
    except FederationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)


def _federation(federation_id: int) -> Federation:
    return get_object_or_404(Federation, id=federation_id)


def _officer_of(federation_id: int, user: Any) -> Federation:
    """The federation, if the user is one of its officers; else not a page (404)."""
    if not is_officer(federation_id, user):
        raise Http404
    return _federation(federation_id)


@never_cache
@login_required
def federations_home(request: HttpRequest) -> HttpResponse:
    """The user's federations (as officer, as member, as a club's director) and a new one."""
    form = FederationForm(request.POST or None)
    if request.method == "POST":
        made = _submitted(
            form,
            lambda d: services.federation_create(name=d["name"], officer=request.user),
            "name",
        )
        if made is not None:
            messages.success(request, _("Federation created. Next: its clubs ask to join."))
            return redirect("federation", made.id)
    user_id = int(request.user.pk or 0)
    mine = Member.objects.filter(user_id=user_id).select_related("federation")
    asked = MemberLink.objects.filter(
        member__user_id=user_id, status=MemberLink.Status.ASKED
    ).select_related("member__federation", "player__club")
    context = {
        "form": form,
        "run": federations_run_by(request.user),
        "memberships": list(mine),
        "asked": list(asked),
        "clubs": list(clubs_directed(request.user)),
    }
    return render(request, "federations/home.html", context, status=400 if form.errors else 200)


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


@require_POST
@login_required
def affiliation_answer(
    request: HttpRequest, federation_id: int, affiliation_id: int
) -> HttpResponse:
    _officer_of(federation_id, request.user)
    if not Affiliation.objects.filter(id=affiliation_id, federation_id=federation_id).exists():
        raise Http404
    answer = request.POST.get("answer")
    if answer not in ("accept", "refuse"):
        return HttpResponse(status=400)
    accept = answer == "accept"
    _refused(
        request,
        lambda: services.affiliation_decide(
            affiliation_id=affiliation_id, accept=accept, by=request.user
        ),
        _("The club is in the federation.") if accept else _("The club's request is refused."),
    )
    return redirect("federation", federation_id)


def federation_calendar(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The sanctioned events, newest first: which are in, late or corrected."""
    federation = _federation(federation_id)
    reports.reports_catch_up(federation_id=federation_id)
    lines = calendar(federation_id, timezone.localdate())
    rows = [
        {
            "played_on": line.sanction.event.played_on,
            "event": line.sanction.event.name,
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


PER_PAGE = 100  # lines of the ranking a page shows: a phone's long scroll, drawn at once


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


def _member_name(member: Member) -> str:
    return _("Anonymous") if member.anonymised_at else member.name


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


@never_cache
@login_required
def ranking_csv(request: HttpRequest, federation_id: int, season_id: int) -> HttpResponse:
    """The season's ranking in the federation's columns, for its officers."""
    federation = _officer_of(federation_id, request.user)
    season = get_object_or_404(RankingSeason, federation_id=federation_id, id=season_id)
    columns = Ranking.objects.get(federation_id=federation_id).csv_columns
    lines = season_lines(federation_id, season)
    members = Member.objects.in_bulk([line.member for line in lines])
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(f"{federation.name} {season.name}") or "ranking"
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    private(response)
    writer = csv.writer(response)
    writer.writerow(columns)
    clubs_of = clubs_by_member(federation_id) if "clubs" in columns else {}
    for line in lines:
        member = members[line.member]
        values = {
            "rank": line.rank,
            "number": member.number,
            "name": _member_name(member),
            "category": line.category,
            "points": points_shown(line.points).replace("\u2212", "-"),
            "events": line.events,
            "clubs": "; ".join(clubs_of.get(member.id, [])),
        }
        writer.writerow([_csv_cell(values[c]) for c in columns])
    return response


def _csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula (a name or a club's starting with
    =, +, -, @, a tab or a return), kept as text; numbers as they are."""
    if isinstance(value, int):
        return value
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


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
    context = {
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


def _own_or_officer(federation_id: int, member_id: int, user: Any) -> Member:
    member = get_object_or_404(Member, federation_id=federation_id, id=member_id)
    own = getattr(user, "is_authenticated", False) and member.user_id == user.pk
    if not (own or is_officer(federation_id, user)):
        raise Http404
    return member


@never_cache
@login_required
def member_data(request: HttpRequest, federation_id: int, member_id: int) -> HttpResponse:
    """Everything held about the member, as a JSON file."""
    member = _own_or_officer(federation_id, member_id, request.user)
    data = person.member_data(member_id=member.id, by=request.user)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="member-{member.id}.json"'
    private(response)
    return response


@require_POST
@login_required
def member_anonymise(request: HttpRequest, federation_id: int, member_id: int) -> HttpResponse:
    member = _own_or_officer(federation_id, member_id, request.user)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm: anonymising cannot be undone."))
        return redirect("federation-member", federation_id, member.id)
    _refused(
        request,
        lambda: person.member_anonymise(member_id=member.id, by=request.user),
        _("The record is anonymised: its results stand under \u201cAnonymous\u201d."),
    )
    return redirect("federation-member", federation_id, member.id)


@never_cache
@login_required
def federation_members(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The members: a new one, a duplicate merged, the log of links and merges (undoable)."""
    federation = _officer_of(federation_id, request.user)
    members = list(
        Member.objects.filter(federation=federation, merged_into=None).select_related("user")
    )
    choices = [(m.id, f"{_member_name(m)} ({m.number})") for m in members]
    add = MemberForm(request.POST if "add" in request.POST else None)
    merge = MemberMergeForm(request.POST if "merge" in request.POST else None, members=choices)
    if request.method == "POST":
        if "add" in request.POST and _submitted(
            add,
            lambda d: services.member_add(
                federation_id=federation.id,
                number=d["number"],
                name=d["name"],
                username=d["username"],
                by=request.user,
            ),
            "number",
        ):
            messages.success(request, _("Member added."))
            return redirect("federation-members", federation.id)
        if "merge" in request.POST and _submitted(
            merge,
            lambda d: services.member_merge(
                federation_id=federation.id,
                keep_id=d["keep"],
                duplicate_id=d["duplicate"],
                by=request.user,
            ),
        ):
            messages.success(request, _("Members merged: undo it below if it was a mistake."))
            return redirect("federation-members", federation.id)
    clubs = clubs_by_member(federation.id)
    rows = [
        {
            "number": m.number,
            "name": _member_name(m),
            "url": reverse("federation-member", args=[federation.id, m.id]),
            "clubs": ", ".join(clubs.get(m.id, [])) or "–",
            "account": m.user.get_username() if m.user else "",
        }
        for m in members
    ]
    context = {
        "federation": federation,
        "table": MembersTable(rows),
        "add": add,
        "merge": merge,
        "changes": _change_rows(federation),
    }
    failed = bool(add.errors or merge.errors)
    return render(request, "federations/members.html", context, status=400 if failed else 200)


UNDOABLE = (MemberChange.Action.LINK, MemberChange.Action.UNLINK, MemberChange.Action.MERGE)


def _change_rows(federation: Federation) -> list[dict[str, Any]]:
    """The latest changes of the members, each in words, and whether it may be undone."""
    changes = list(
        MemberChange.objects.filter(federation=federation).select_related("member", "by")[:50]
    )
    clubs = dict(
        Club.objects.filter(id__in={c.details.get("club") for c in changes}).values_list(
            "id", "name"
        )
    )
    rows = []
    for change in changes:
        details, Action = change.details, MemberChange.Action
        values = {
            "member": _member_name(change.member) if change.member else "?",
            "number": change.member.number if change.member else "",
            "player": details.get("player_name", ""),
            "club": clubs.get(details.get("club"), ""),
            "duplicate": details.get("duplicate_number", ""),
        }
        words = {
            Action.LINK: _("%(player)s of %(club)s linked to %(member)s (%(number)s)"),
            Action.UNLINK: _("%(player)s of %(club)s unlinked from %(member)s (%(number)s)"),
            Action.CONSENT: _("%(member)s confirmed that %(player)s of %(club)s is them"),
            Action.REFUSE: _("%(member)s said that %(player)s of %(club)s is not them"),
            Action.MERGE: _("Record %(duplicate)s merged into %(member)s (%(number)s)"),
            Action.ANONYMISE: _("A member's record anonymised"),
            Action.CLUB_MERGE: _("%(club)s merged another of its records into %(player)s"),
        }[Action(change.action)] % values
        rows.append(
            {
                "change": change,
                "words": words,
                "undoable": change.undone_at is None and change.action in UNDOABLE,
            }
        )
    return rows


@require_POST
@login_required
def change_undo(request: HttpRequest, federation_id: int, change_id: int) -> HttpResponse:
    _officer_of(federation_id, request.user)
    if not MemberChange.objects.filter(id=change_id, federation_id=federation_id).exists():
        raise Http404
    _refused(
        request,
        lambda: services.change_undo(change_id=change_id, by=request.user),
        _("Undone."),
    )
    return redirect("federation-members", federation_id)


@never_cache
@login_required
def federation_settings(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The ranking's rules and its seasons."""
    federation = _officer_of(federation_id, request.user)
    rules = Ranking.objects.get(federation=federation)
    initial = {
        "points": table_text(rules.points_table),
        "categories": categories_text(rules.categories),
        "report_days": rules.report_days,
        "csv_columns": rules.csv_columns,
        "rating": rules.rating,
    }
    form = RankingForm(request.POST if "rules" in request.POST else None, initial=initial)
    season = SeasonForm(request.POST if "season" in request.POST else None)
    officer = OfficerForm(request.POST if "officer" in request.POST else None)
    if request.method == "POST":
        if "officer" in request.POST and _submitted(
            officer,
            lambda d: services.officer_add(
                federation_id=federation.id, username=d["username"], by=request.user
            ),
            "username",
        ):
            messages.success(request, _("Officer added."))
            return redirect("federation-settings", federation.id)
        if "rules" in request.POST and _submitted(
            form,
            lambda d: services.ranking_set(
                federation_id=federation.id,
                points_table=d["points"],
                categories=d["categories"],
                report_days=d["report_days"],
                csv_columns=d["csv_columns"],
                rating=d["rating"],
                by=request.user,
            ),
        ):
            messages.success(request, _("The ranking's rules are saved."))
            return redirect("federation-settings", federation.id)
        if "season" in request.POST and _submitted(
            season,
            lambda d: services.season_add(
                federation_id=federation.id,
                name=d["name"],
                starts=d["starts"],
                ends=d["ends"],
                best_of=d["best_of"] or None,
                by=request.user,
            ),
            "name",
        ):
            messages.success(request, _("Season added."))
            return redirect("federation-settings", federation.id)
    context = {
        "federation": federation,
        "form": form,
        "season": season,
        "seasons": list(federation.seasons.all()),
        "officer_form": officer,
        "officers": federation.officers.select_related("user"),
    }
    failed = bool(form.errors or season.errors or officer.errors)
    return render(request, "federations/settings.html", context, status=400 if failed else 200)


@never_cache
@login_required
def club_page(request: HttpRequest, club_id: int) -> HttpResponse:
    """A club's federations, for its directors: ask to join, mark events for a federation,
    link the club's players to its members."""
    club = club_directed(club_id, request.user)
    accepted = [(f.id, f.name) for f in club_federations(club.id)]
    asked_or_in = Affiliation.objects.filter(club=club).values_list("federation_id", flat=True)
    others = [(f.id, f.name) for f in Federation.objects.exclude(id__in=asked_or_in)]
    others += [
        (a.federation_id, a.federation.name)
        for a in Affiliation.objects.filter(club=club, status=Affiliation.Status.REFUSED)
    ]
    players = [(p.id, p.name) for p in Player.objects.filter(club=club)]
    events = [
        (e.id, f"{e.name} ({e.played_on.isoformat()})")
        for e in club.tournaments.order_by("-played_on", "name")[:200]
    ]
    posted = request.POST if request.method == "POST" else None
    join = JoinForm(posted if "join" in request.POST else None, federations=others)
    link = LinkForm(
        posted if "link" in request.POST else None, players=players, federations=accepted
    )
    sanction = SanctionForm(
        posted if "sanction" in request.POST else None, events=events, federations=accepted
    )
    if request.method == "POST":
        done = None
        if "join" in request.POST and _submitted(
            join,
            lambda d: services.affiliation_ask(
                federation_id=d["federation"], club_id=club.id, by=request.user
            ),
        ):
            done = _("Asked: an officer of the federation answers.")
        elif "link" in request.POST and (
            made := _submitted(
                link,
                lambda d: services.member_link(
                    federation_id=d["federation"],
                    player_id=d["player"],
                    number=d["number"],
                    by=request.user,
                ),
                "number",
            )
        ):
            words = (
                _("%(player)s is linked to %(member)s (%(number)s).")
                if made.status == MemberLink.Status.LINKED
                else _("%(player)s waits for %(member)s (%(number)s) to confirm it is them.")
            )
            done = words % {
                "player": made.player.name,
                "member": _member_name(made.member),
                "number": made.member.number,
            }
        elif "sanction" in request.POST and _submitted(
            sanction,
            lambda d: reports.event_sanction(
                federation_id=d["federation"], event_id=d["event"], by=request.user
            ),
        ):
            done = _("The event reports its places to the federation when it finishes.")
        if done:
            messages.success(request, done)
            return redirect("federation-club", club.id)
    context = {
        "club": club,
        "affiliations": Affiliation.objects.filter(club=club).select_related("federation"),
        "join": join if others else None,
        "link": link if accepted else None,
        "sanction": sanction if accepted else None,
        "links": MemberLink.objects.filter(player__club=club).select_related(
            "player", "member", "federation"
        ),
        "sanctions": Sanction.objects.filter(event__club=club)
        .select_related("event", "federation")
        .annotate(reported=Exists(EventReport.objects.filter(sanction=OuterRef("pk"))))
        .order_by("-event__played_on"),
    }
    failed = bool(join.errors or link.errors or sanction.errors)
    return render(request, "federations/club.html", context, status=400 if failed else 200)


@require_POST
@login_required
def link_remove(request: HttpRequest, link_id: int) -> HttpResponse:
    """Unlink a club's record (its director, or the federation's officer)."""
    link = MemberLink.objects.select_related("player").filter(id=link_id).first()
    if link is None:
        raise Http404
    _refused(
        request,
        lambda: services.member_unlink(link_id=link_id, by=request.user),
        _("Unlinked."),
    )
    if request.POST.get("back") == "federation":
        return redirect("federation-member", link.federation_id, link.member_id)
    return redirect("federation-club", link.player.club_id)


@require_POST
@login_required
def sanction_remove(request: HttpRequest, sanction_id: int) -> HttpResponse:
    sanction = Sanction.objects.select_related("event").filter(id=sanction_id).first()
    if sanction is None or sanction.event.club_id is None:
        raise Http404
    club_id = sanction.event.club_id
    _refused(
        request,
        lambda: reports.event_unsanction(sanction_id=sanction_id, by=request.user),
        _("The event is no longer for the federation."),
    )
    return redirect("federation-club", club_id)


@require_POST
@login_required
def link_answer(request: HttpRequest, link_id: int) -> HttpResponse:
    """The member consents to a club's link, or refuses it."""
    answer = request.POST.get("answer")
    if answer not in ("consent", "refuse"):
        return HttpResponse(status=400)
    consent = answer == "consent"
    _refused(
        request,
        lambda: services.link_answer(link_id=link_id, consent=consent, by=request.user),
        _("Thank you: the club's record is yours.") if consent else _("Refused: not linked."),
    )
    return redirect("federations")
