"""Who may see a tournament's director pages, exports and printing: a director of its club
(clubs.access), a superuser no more than anyone else. One check for all of them (``directed``);
to anyone else they are not pages (404), and what they serve is never kept by a shared or a
browser cache (it holds the tables' private links)."""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_cache_control

from clubs.access import directs
from tournaments.models import Tournament


def directed(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if the request's user directs its club; else 404."""
    tournament = Tournament.objects.filter(id=tournament_id).first()
    if tournament is None or not directs(tournament.club_id, request.user):
        raise Http404
    return tournament


def private(response: HttpResponse | StreamingHttpResponse | FileResponse) -> None:
    """The director's data (and the tables' secret links): no shared or stored copies."""
    patch_cache_control(response, private=True, no_store=True)
