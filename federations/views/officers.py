"""What only the federation's officers see (to anyone else, no page): the clubs' requests
answered, its members kept (added, merged, the log and its undo), the ranking's rules, seasons
and officers, the ranking as CSV in the federation's columns."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.models import Club
from core.no_store import private
from federations import services
from federations.forms import (
    MemberForm,
    MemberMergeForm,
    OfficerForm,
    RankingForm,
    SeasonForm,
    categories_text,
    table_text,
)
from federations.models import (
    Affiliation,
    Federation,
    Member,
    MemberChange,
    MemberLink,
    Ranking,
    RankingSeason,
)
from federations.rankings import season_lines
from federations.selectors import (
    clubs_by_member,
    is_officer,
)
from federations.tables import (
    MembersTable,
    points_shown,
)
from federations.views._common import (
    PER_PAGE,
    _member_name,
    _officer_of,
    _refused,
    _submitted,
)


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


@never_cache
@login_required
def federation_members(request: HttpRequest, federation_id: int) -> HttpResponse:
    """The members: a new one, a duplicate merged, the log of links and merges (undoable)."""
    federation = _officer_of(federation_id, request.user)
    query = request.GET.get("q", "").strip()[:80]
    found = Member.objects.filter(federation=federation, merged_into=None).select_related("user")
    if query:
        found = found.filter(Q(name__icontains=query) | Q(number__iexact=query))
    page = Paginator(found.order_by("name", "number"), PER_PAGE).get_page(request.GET.get("page"))
    members = list(page.object_list)
    numbers = dict(
        Member.objects.filter(federation=federation, merged_into=None).values_list("number", "id")
    )
    add = MemberForm(request.POST if "add" in request.POST else None)
    merge = MemberMergeForm(request.POST if "merge" in request.POST else None)
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
                keep_id=numbers.get(d["keep"].strip(), 0),
                duplicate_id=numbers.get(d["duplicate"].strip(), -1),
                by=request.user,
            ),
        ):
            messages.success(request, _("Members merged: undo it below if it was a mistake."))
            return redirect("federation-members", federation.id)
    clubs = clubs_by_member(federation.id, [m.id for m in members])
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
        "page": page,
        "query": query,
        "count": len(numbers),
        "add": add,
        "merge": merge,
        "changes": _change_rows(federation),
    }
    failed = bool(add.errors or merge.errors)
    return render(request, "federations/members.html", context, status=400 if failed else 200)


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
    # What undoing each would find (an Undo button only where it would do something).
    links = set(
        MemberLink.objects.filter(federation=federation).values_list("player_id", "member_id")
    )
    linked_players = {player for player, _member in links}
    merged = set(
        Member.objects.filter(federation=federation)
        .exclude(merged_into=None)
        .values_list("id", "merged_into_id")
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
            Action.LINK: _("Link of %(player)s (%(club)s) with %(member)s (%(number)s)"),
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
                "undoable": change.undone_at is None
                and {
                    Action.LINK: (details.get("player"), change.member_id) in links,
                    Action.UNLINK: details.get("player") not in linked_players,
                    Action.MERGE: (details.get("duplicate"), change.member_id) in merged,
                }.get(Action(change.action), False),
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


@require_POST
@login_required
def member_edit(request: HttpRequest, federation_id: int, member_id: int) -> HttpResponse:
    """An officer corrects a member's number, name or account, from the member's page."""
    _officer_of(federation_id, request.user)
    member = get_object_or_404(Member, federation_id=federation_id, id=member_id)
    form = MemberForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(error) for error in errors))
        return redirect("federation-member", federation_id, member.id)
    data = form.cleaned_data
    _refused(
        request,
        lambda: services.member_edit(
            member_id=member.id,
            number=data["number"],
            name=data["name"],
            username=data["username"],
            by=request.user,
        ),
        _("Saved."),
    )
    return redirect("federation-member", federation_id, member.id)


@require_POST
@login_required
def officer_remove(request: HttpRequest, federation_id: int, officer_id: int) -> HttpResponse:
    _officer_of(federation_id, request.user)
    _refused(
        request,
        lambda: services.officer_remove(
            federation_id=federation_id, officer_id=officer_id, by=request.user
        ),
        _("Officer removed."),
    )
    if not is_officer(federation_id, request.user):  # they removed themself
        return redirect("federation", federation_id)
    return redirect("federation-settings", federation_id)


@require_POST
@login_required
def season_remove(request: HttpRequest, federation_id: int, season_id: int) -> HttpResponse:
    _officer_of(federation_id, request.user)
    if not RankingSeason.objects.filter(id=season_id, federation_id=federation_id).exists():
        raise Http404
    _refused(
        request,
        lambda: services.season_remove(season_id=season_id, by=request.user),
        _("Season removed: its events stay, and count in the seasons that hold them."),
    )
    return redirect("federation-settings", federation_id)
