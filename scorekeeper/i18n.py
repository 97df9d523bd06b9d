"""The rules engine's messages in the reader's language (the engine itself has no Django)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from scorekeeper.rules import RuleViolation


def explain(violation: RuleViolation) -> str:
    """A refusal of the rules engine, translated, plural forms included."""
    return violation.render(gettext, ngettext)
