"""Errors a player can fix (VARIANTS.md section 4).

A :class:`RuleViolation` is an invalid hand record or lookup: it is shown next to the field in the
form, answered as 400 in the API and as an ``{"error": ...}`` line on the command line. Anything
else raised by the engine is a bug and must surface.

Messages are English templates with named parameters, so the Django layer can translate them: the
templates are marked with :func:`gettext_noop`, a name ``makemessages`` extracts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it (the engine has no Django)."""
    return message


SIDE = gettext_noop("side %(side)s")
SIDE_NAMED = gettext_noop("side %(side)s (%(name)s)")
MELD = gettext_noop("meld %(meld)s")
MELD_RANKED = gettext_noop("meld %(meld)s (%(rank)s)")


class RuleViolation(ValueError):
    """A hand record or lookup that breaks a rule; the message names side, meld and rule."""

    def __init__(
        self,
        template: str,
        *,
        side: int | None = None,
        side_name: str = "",
        meld: int | None = None,
        rank: str = "",
        field: str = "",
        **params: Any,
    ) -> None:
        self.template = template
        self.params: Mapping[str, Any] = params
        self.side = side  # 1-based, as players count seats
        self.side_name = side_name
        self.meld = meld  # 1-based
        self.rank = rank
        self.field = field  # the record key at fault, for forms ("hand", "melded", "red_threes"...)
        super().__init__(self.render())

    def render(self, translate: Callable[[str], str] = gettext_noop) -> str:
        """The message, optionally through a translation function (Django's ``gettext``)."""
        parts = []
        if self.side is not None:
            if self.side_name:
                parts.append(translate(SIDE_NAMED) % {"side": self.side, "name": self.side_name})
            else:
                parts.append(translate(SIDE) % {"side": self.side})
        if self.meld is not None:
            template = MELD_RANKED if self.rank else MELD
            parts.append(translate(template) % {"meld": self.meld, "rank": self.rank})
        text = translate(self.template) % self.params if self.params else translate(self.template)
        return f"{', '.join(parts)}: {text}" if parts else text
