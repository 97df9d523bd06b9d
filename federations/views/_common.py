"""What the federation pages share: a form handed to its service, a button's refusal, the
federation (or no page), an officer's federation (else no page), a member's name as shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from core.form_posts import form_saved
from federations.models import (
    Federation,
    Member,
)
from federations.selectors import (
    is_officer,
)
from federations.services import FederationError


def _submitted(form: Any, save: Callable[[dict[str, Any]], Any], field: str | None = None) -> Any:
    """A posted form's service called with its data (core.form_posts), a FederationError its
    refusal."""
    return form_saved(form, save, refusals=(FederationError,), field=field)


def _refused(request: HttpRequest, work: Callable[[], Any], done: str) -> None:
    """A button's service: its message on success, its refusal's otherwise."""
    try:
        work()
    except FederationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)


def _federation(federation_id: int) -> Federation:
    return get_object_or_404(Federation, id=federation_id)


def _officer_of(federation_id: int, user: Any) -> Federation:
    """The federation, if the user is one of its officers; else not a page (404)."""
    if not is_officer(federation_id, user):
        raise Http404
    return _federation(federation_id)


PER_PAGE = 100  # lines of the ranking a page shows: a phone's long scroll, drawn at once


def _member_name(member: Member) -> str:
    return _("Anonymous") if member.anonymised_at else member.name
