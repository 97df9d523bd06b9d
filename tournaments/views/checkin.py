"""Check-in (an event with ``Tournament.check_in``): the director's side (a pair checked in or
out by hand, the absent withdrawn at once before round 1, the door poster to print) and the
door poster's page, which anyone who scans the poster opens without an account.

The poster's page checks a pair in and shows it its public guide ("find my table": its table,
opponents and standing, never a private link): anyone at the door may open it, so it marks who
is here and nothing more. A pair's private links stay on its table card (each table page links
the pair's own guide) and on the director's page. Once round 1 is out, the door checks in only
a pair withdrawn as absent, while the schedule has a place for it: a pair at a table is plainly
here."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core import no_store
from core.page_versions import version_response
from core.params import int_param
from core.phone_links import phone_links
from tournaments.access import directed
from tournaments.guide_keys import poster_token, poster_token_valid
from tournaments.models import Tournament
from tournaments.selectors.checkin import absent_withdrawn, checkin_version, door_rows
from tournaments.selectors.lookups import entry_of, tournament_of
from tournaments.services.checkin import absentees_withdraw, entry_check_in, entry_check_out
from tournaments.services.errors import TournamentError
from tournaments.templatetags.guides import qr_svg
from tournaments.views.guide import checked_in_words

QUERY_MAX = 80  # a name, not a text


@login_required
@require_POST
def check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """The director checks a pair in (or in late: it plays from the next round)."""
    tournament = directed(request, tournament_id)
    entry = entry_of(tournament, entry_id)
    try:
        done = entry_check_in(entry_id=entry.id)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        if absent_withdrawn(entry):  # a late check-in: back in the field
            said = ngettext(
                "%(name)s is here: they play from the next round drawn.",
                "%(name)s are here: they play from the next round drawn.",
                tournament.entry_players,
            )
        else:
            said = ngettext("%(name)s is here.", "%(name)s are here.", tournament.entry_players)
        messages.success(request, said % {"name": done.name})
    return redirect(reverse("director", args=[tournament.id]) + "#checkin")


@login_required
@require_POST
def check_out(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A check-in made by mistake, undone."""
    tournament = directed(request, tournament_id)
    entry = entry_of(tournament, entry_id)
    try:
        entry_check_out(entry_id=entry.id)
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect(reverse("director", args=[tournament.id]) + "#checkin")


@login_required
@require_POST
def absentees(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every pair not here withdrawn, in one step, before round 1 is drawn."""
    tournament = directed(request, tournament_id)
    try:
        gone = absentees_withdraw(tournament_id=tournament.id)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        names = ", ".join(e.name for e in gone)
        if tournament.individual:
            said = ngettext(
                "%(n)s player withdrawn: %(names)s. One who comes after all checks in and "
                "plays from the next round.",
                "%(n)s players withdrawn: %(names)s. One who comes after all checks in and "
                "plays from the next round.",
                len(gone),
            )
        else:
            said = ngettext(
                "%(n)s pair withdrawn: %(names)s. A pair that comes after all checks in and "
                "plays from the next round.",
                "%(n)s pairs withdrawn: %(names)s. A pair that comes after all checks in and "
                "plays from the next round.",
                len(gone),
            )
        messages.success(request, said % {"n": len(gone), "names": names})
    return redirect("director", tournament.id)


@login_required
@require_safe
def checkin_follow(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The check-in card's version, which the director's page follows while pairs arrive."""
    tournament = directed(request, tournament_id)
    no_store.mark(request)
    version = checkin_version(tournament)
    return version_response(request, version, {"version": version})


@login_required
@require_safe
def poster(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The door poster, to print on A4: the event's name, a large QR code of its check-in page,
    one line of instructions."""
    tournament = directed(request, tournament_id)
    if not tournament.check_in:
        raise Http404
    no_store.mark(request)  # it shows the check-in page's secret link
    path = reverse("tournament-check-in", args=[tournament.id, poster_token(tournament)])
    links = phone_links(request)
    url = links.to(path)
    return render(
        request,
        "tournaments/poster.html",
        {
            "tournament": tournament,
            "url": url,
            "qr": qr_svg(url, "poster-qr"),
            "unreachable": links.unreachable,
        },
    )


@require_http_methods(["GET", "POST"])
def door(request: HttpRequest, tournament_id: int, token: str) -> HttpResponse:
    """The poster's check-in page: the pairs, found by name; "We are here" checks one in and
    opens its guide."""
    tournament = tournament_of(tournament_id)
    if not tournament.check_in or not poster_token_valid(tournament, token):
        raise Http404
    no_store.mark(request)
    if request.method == "POST":
        return _door_check_in(request, tournament, token)
    query = request.GET.get("q", "").strip()[:QUERY_MAX]
    finished = tournament.status == Tournament.Status.FINISHED
    return render(
        request,
        "tournaments/checkin.html",
        {
            "tournament": tournament,
            "query": query,
            "rows": None if finished else door_rows(tournament, query),
            "finished": finished,
        },
    )


def _door_check_in(request: HttpRequest, tournament: Tournament, token: str) -> HttpResponse:
    entry = entry_of(tournament, int_param(request.POST.get("entry")) or 0)
    back = reverse("tournament-check-in", args=[tournament.id, token])
    rows = door_rows(tournament, entry.name) or []
    if not any(row.entry.id == entry.id for row in rows):  # seated, or not in the field
        messages.error(request, _("Checking in is done with the director now."))
        return redirect(back)
    late = absent_withdrawn(entry)  # as it was before checking in
    try:
        done = entry_check_in(entry_id=entry.id)
    except TournamentError as error:
        messages.error(request, str(error))
        return redirect(back)
    messages.success(request, checked_in_words(done, tournament, late=late))
    messages.info(
        request,
        _("Your table appears on this page at every round; your table's card has your own link."),
    )
    return redirect("tournament-guide", tournament.id, done.id)
