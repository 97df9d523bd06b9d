"""The federation's writes: made, and its clubs asked for and accepted (issue 33). Each checks
who may do it and changes its rows in one transaction; the message of a refusal is the page's."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import directs
from federations.models import Affiliation, Federation, Officer
from federations.selectors import is_officer
from scorekeeper.names import MAX_CLUB_NAME, NameRefused, checked_name, name_key


class FederationError(Exception):
    """A change the federation refuses; ``str()`` is the message for the page."""


def federation_create(*, name: str, officer: Any) -> Federation:
    """A federation, with ``officer`` as its first officer."""
    try:
        name = checked_name(name, limit=MAX_CLUB_NAME, what=_("A federation"))
    except NameRefused as refused:
        raise FederationError(str(refused)) from None
    taken = _("A federation is already called %(name)s.") % {"name": name}
    with transaction.atomic():
        names = Federation.objects.values_list("name", flat=True)
        if any(name_key(known) == name_key(name) for known in names):
            raise FederationError(taken)
        try:
            with transaction.atomic():
                federation = Federation.objects.create(name=name)
        except IntegrityError:  # another request took the name meanwhile
            raise FederationError(taken) from None
        Officer.objects.create(federation=federation, user=officer)
    return federation


def affiliation_ask(*, federation_id: int, club_id: int, by: Any) -> Affiliation:
    """A director of the club asks that it join the federation (again, after a refusal)."""
    if not directs(club_id, by):
        raise FederationError(_("Only a director of the club may ask to join a federation."))
    with transaction.atomic():
        if not Federation.objects.filter(id=federation_id).exists():
            raise FederationError(_("There is no such federation."))
        affiliation, _made = Affiliation.objects.select_for_update().get_or_create(
            federation_id=federation_id,
            club_id=club_id,
            defaults={"asked_by": by, "asked_at": timezone.now()},
        )
        if affiliation.status == Affiliation.Status.ACCEPTED:
            raise FederationError(_("The club is already in this federation."))
        affiliation.status = Affiliation.Status.ASKED
        affiliation.asked_by, affiliation.asked_at = by, timezone.now()
        affiliation.decided_by = affiliation.decided_at = None
        affiliation.save()
    return affiliation


def affiliation_decide(*, affiliation_id: int, accept: bool, by: Any) -> Affiliation:
    """An officer of the federation accepts the club's request, or refuses it."""
    with transaction.atomic():
        affiliation = Affiliation.objects.select_for_update().filter(id=affiliation_id).first()
        if affiliation is None or not is_officer(affiliation.federation_id, by):
            raise FederationError(
                _("Only an officer of the federation may accept or refuse a club.")
            )
        if affiliation.status != Affiliation.Status.ASKED:
            raise FederationError(_("This club's request has been answered already."))
        accepted, refused = Affiliation.Status.ACCEPTED, Affiliation.Status.REFUSED
        affiliation.status = accepted if accept else refused
        affiliation.decided_by, affiliation.decided_at = by, timezone.now()
        affiliation.save()
    return affiliation
