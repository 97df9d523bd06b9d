"""The federation's reads (issue 33): its officers, its clubs and the clubs asking to join."""

from __future__ import annotations

from typing import Any

from clubs.models import Club
from federations.models import Affiliation, Federation, Officer


def is_officer(federation_id: int, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return Officer.objects.filter(federation_id=federation_id, user_id=user.pk).exists()


def federations_run_by(user: Any) -> list[Federation]:
    """The federations the user is an officer of."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Federation.objects.filter(officers__user_id=user.pk))


def federation_clubs(federation_id: int) -> list[Club]:
    """The clubs the federation accepted."""
    accepted = Affiliation.Status.ACCEPTED
    return list(
        Club.objects.filter(
            affiliations__federation_id=federation_id, affiliations__status=accepted
        )
    )


def clubs_asking(federation_id: int) -> list[Affiliation]:
    """The requests an officer has to answer, oldest first."""
    return list(
        Affiliation.objects.filter(federation_id=federation_id, status=Affiliation.Status.ASKED)
        .select_related("club")
        .order_by("asked_at")
    )


def club_federations(club_id: int) -> list[Federation]:
    """The federations that accepted the club."""
    accepted = Affiliation.Status.ACCEPTED
    return list(
        Federation.objects.filter(affiliations__club_id=club_id, affiliations__status=accepted)
    )
