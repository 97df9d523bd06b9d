"""What a URL names, looked up within its tournament: 404 for an id that is not there (or not
this tournament's), never another event's row."""

from __future__ import annotations

from django.http import Http404

from tournaments.models import Entry, Round, Tournament


def tournament_of(tournament_id: int) -> Tournament:
    """The tournament; 404 if there is none."""
    try:
        return Tournament.objects.get(id=tournament_id)
    except Tournament.DoesNotExist:
        raise Http404 from None


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    """A pair of the tournament; 404 for any other."""
    try:
        return tournament.entries.get(id=entry_id)
    except Entry.DoesNotExist:
        raise Http404 from None


def round_of(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of the tournament; 404 if it has none."""
    played = tournament.round_set.filter(number=number).first()
    if played is None:
        raise Http404
    return played
