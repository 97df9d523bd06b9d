"""A club's federations, for its directors: ask to join, mark its events for a federation,
link its players to members (and unlink them), take a mark off an event not yet reported."""

from __future__ import annotations

import collections

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.access import club_directed
from clubs.models import Player
from federations import reports, services
from federations.forms import (
    JoinForm,
    LinkForm,
    SanctionForm,
)
from federations.models import (
    Affiliation,
    EventReport,
    Federation,
    MemberLink,
    Sanction,
)
from federations.selectors import (
    club_federations,
)
from federations.views._common import (
    _member_name,
    _refused,
    _submitted,
)


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
    # What is left to do: a player linked, or an event marked, in every federation of the club
    # is offered no more.
    everywhere = len(accepted)
    done_players = collections.Counter(
        MemberLink.objects.filter(player__club=club).values_list("player_id", flat=True)
    )
    players = [
        (p.id, p.name) for p in Player.objects.filter(club=club) if done_players[p.id] < everywhere
    ]
    done_events = collections.Counter(
        Sanction.objects.filter(event__club=club).values_list("event_id", flat=True)
    )
    events = [
        (e.id, f"{e.name} ({date_format(e.played_on, 'SHORT_DATE_FORMAT')})")
        for e in club.tournaments.order_by("-played_on", "name")[:200]
        if done_events[e.id] < everywhere
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
            finished = club.tournaments.filter(
                id=sanction.cleaned_data["event"], status="finished"
            ).exists()
            done = (
                _("The event is finished: its final places go to the federation now.")
                if finished
                else _("The event reports its places to the federation when it finishes.")
            )
        if done:
            messages.success(request, done)
            return redirect("federation-club", club.id)
    context = {
        "club": club,
        "affiliations": Affiliation.objects.filter(club=club).select_related("federation"),
        "join": join if others else None,
        "in_a_federation": bool(accepted),
        "link": link if accepted and players else None,
        "sanction": sanction if accepted and events else None,
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
