"""Who may see and do what in a club: its members see its pages, its directors run it (and its
events). To anyone else a club's private page is not a page (404), as for a tournament's
director pages: nobody learns another club's players or events. The server's administrator
(a superuser) is no exception: the club's pages follow its memberships alone, and the Django
admin (/admin/) stays the administrator's tool."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from clubs.models import Club, Membership


def role_in(club_id: int | None, user: Any) -> str | None:
    """The user's role in the club, or None."""
    if club_id is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Membership.objects.filter(club_id=club_id, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def directs(club_id: int | None, user: Any) -> bool:
    return role_in(club_id, user) == Membership.Role.DIRECTOR


def club_seen(club_id: int, user: Any) -> tuple[Club, str]:
    """The club and the user's role in it, if the user is a member (or a director); else 404."""
    role = role_in(club_id, user)
    club = Club.objects.filter(id=club_id).first() if role else None
    if club is None or role is None:
        raise Http404
    return club, role


def club_directed(club_id: int, user: Any) -> Club:
    """The club, if the user directs it; else 404."""
    club, role = club_seen(club_id, user)
    if role != Membership.Role.DIRECTOR:
        raise Http404
    return club
