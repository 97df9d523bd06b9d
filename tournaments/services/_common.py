"""The lock every tournament write takes first: the tournament's row, so that one event's
results, draws and standings are written one at a time. Taking it bumps the tournament's
``public_version`` (an UPDATE holds the row's lock as a SELECT ... FOR UPDATE does), unless the
write changes nothing public (a draft): the public pages rendered before it are no longer
served (views/public.py)."""

from __future__ import annotations

from django.db.models import F

from tournaments.models import Tournament


def locked_tournament(tournament_id: int, *, public: bool = True) -> Tournament:
    """The tournament, its row locked until the caller's transaction ends. ``public``: the write
    may change what the public pages show (False only for a draft, which is not public)."""
    if public:
        public_version_bump(tournament_id)
    return Tournament.objects.select_for_update().get(id=tournament_id)


def public_version_bump(tournament_id: int) -> None:
    """Bump the tournament's ``public_version`` (the pages rendered before this write are no
    longer served); the UPDATE also locks the tournament's row until the transaction ends."""
    Tournament.objects.filter(id=tournament_id).update(public_version=F("public_version") + 1)


def lock_tournament_of_match(match_id: int) -> None:
    """Lock the row of the tournament that ``match_id`` belongs to (that row only): a result,
    which the public pages show."""
    tournament_id = Tournament.objects.filter(round_set__matches__id=match_id).values_list(
        "id", flat=True
    )[0]
    public_version_bump(tournament_id)
