"""Reading a club's backup file field by field (clubs.backup, and the parts other apps add to
it: tournaments.backup): each value checked for the shape and the limits the app's own forms
and models allow, a file edited by hand refused whole with the place it went wrong, never
half-imported."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from clubs.services import ClubError
from scorekeeper.i18n import explain
from scorekeeper.names import has_control_characters, name_key
from scorekeeper.rules import RuleViolation
from scorekeeper.services import checked_played_on


class Refused(ClubError):
    """The file is refused: a part of it the app could not have made."""


def damaged(where: str, reason: str = "") -> Refused:
    """The refusal of a damaged part (``where``), with the app's own words for it if any."""
    if reason:
        return Refused(
            _("The backup is damaged: %(where)s: %(reason)s") % {"where": where, "reason": reason}
        )
    return Refused(_("The backup is damaged: %(where)s.") % {"where": where})


def when(value: datetime) -> str:
    return value.isoformat()


def saved(instance: Any, where: str) -> Any:
    """Save a row of the backup once its fields hold what the model allows (types, lengths,
    choices). Only for the rows of the app whose part of the file it is."""
    try:
        instance.full_clean()
    except ValidationError:
        raise damaged(where) from None
    instance.save()
    return instance


def whole(value: object, where: str, most: int = 2**31 - 1) -> int:
    """A whole number from 0 to ``most`` (a database integer), or the file is refused."""
    if type(value) is not int or not 0 <= value <= most:
        raise damaged(where)
    return value


def need(value: object, kind: type | tuple[type, ...], where: str) -> Any:
    """The value, if of that kind (a bool is no int), or the file is refused."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise damaged(where)
    return value


def moment(value: object, where: str) -> datetime:
    parsed = parse_datetime(str(value)) if isinstance(value, str) else None
    if parsed is None:
        raise damaged(where)
    return parsed


def day(value: object, where: str, made: datetime | None = None) -> date | None:
    """A day played as the file gives it ("2026-03-03"); where it gives none (a file written
    before games had one), the day it was made (``made``, in the site's time zone), else None."""
    if value is None:
        return timezone.localdate(made) if made is not None else None
    try:
        found = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        found = None
    if found is None:
        raise damaged(where)
    return found


def played_on(value: object, where: str, made: datetime) -> date:
    """A game's or an event's day played, as the app takes it (checked_played_on: a date,
    not after today)."""
    try:
        return checked_played_on(day(value, where, made))
    except RuleViolation as violation:
        raise damaged(where, explain(violation)) from None


def author(value: object, where: str = "history") -> str:
    """Who made a change, as the history shows it: one line of text."""
    if not isinstance(value, str) or has_control_characters(value):
        raise damaged(where)
    return value[:150]


def reason(value: object, where: str) -> str:
    """A result's reason as the director's pages take it: one line of text."""
    if not isinstance(value, str) or has_control_characters(value):
        raise damaged(
            where,
            _("%(field)s: no tab, line break or control character.") % {"field": _("Reason")},
        )
    return value


# A list of the file whose records the rest of it names (a seat its player, a table its pairs
# and its result, a season its events) or that the import keys by name: where it is, its rows,
# the field that names a row ("" where the rows are ids themselves) and how two are compared.
Keyed = tuple[str, object, str, Callable[[object], object]]


def by_id(value: object) -> object:
    """An id as the file writes it, a whole number or a text; any other shape is refused where
    the row is read."""
    return value if isinstance(value, str) or type(value) is int else None


def by_name(value: object) -> object:
    return name_key(value) if isinstance(value, str) else None


def rows_of(value: object) -> list[dict[str, Any]]:
    """The objects of a list of the file (what is not one is refused where it is read)."""
    return [row for row in value if isinstance(row, dict)] if isinstance(value, list) else []
