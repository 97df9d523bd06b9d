"""A person's pages: the federations they run, are a member of, or whose clubs they direct;
a club's request to link its record to them, answered; their data downloaded, or anonymised
(by the member, or an officer on their behalf)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.selectors import clubs_directed
from core.no_store import private
from federations import person, services
from federations.forms import (
    FederationForm,
)
from federations.models import (
    Federation,
    Member,
    MemberLink,
)
from federations.selectors import (
    federations_run_by,
    is_officer,
)
from federations.views._common import (
    _refused,
    _submitted,
)


@never_cache
def federations_home(request: HttpRequest) -> HttpResponse:
    """Every federation (their rankings and calendars are public); for a signed-in user, theirs
    (as officer, as member, as a club's director), a club's request to link a record to them,
    and a new federation."""
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        context: dict[str, Any] = {"everyone": Federation.objects.all()}
        return render(request, "federations/home.html", context)
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
        "everyone": Federation.objects.all(),
    }
    return render(request, "federations/home.html", context, status=400 if form.errors else 200)


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
