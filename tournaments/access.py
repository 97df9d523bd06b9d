"""Who may see a tournament's director pages, exports and printing: a director of its club
(clubs.access), a superuser no more than anyone else. One check for all of them (``directed``);
to anyone else they are not pages (404), and what they serve is never kept by a shared or a
browser cache (it holds the tables' private links: core.no_store.private)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from clubs.access import directs
from tournaments.models import Tournament


def directed(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if the request's user directs its club; else 404."""
    tournament = Tournament.objects.filter(id=tournament_id).first()
    if tournament is None or not directs(tournament.club_id, request.user):
        raise Http404
    return tournament
