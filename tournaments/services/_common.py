"""The lock every tournament write takes first: the tournament's row, so that one event's
results, draws and standings are written one at a time."""

from __future__ import annotations

from tournaments.models import Tournament


def locked_tournament(tournament_id: int) -> Tournament:
    """The tournament, its row locked until the caller's transaction ends."""
    return Tournament.objects.select_for_update().get(id=tournament_id)


def lock_tournament_of_match(match_id: int) -> None:
    """Lock the row of the tournament that ``match_id`` belongs to (that row only)."""
    Tournament.objects.select_for_update(of=("self",)).get(round_set__matches__id=match_id)
