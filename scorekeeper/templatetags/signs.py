"""``{% load signs %}``: scores in templates with a true minus sign (core/minus_sign.py).

``{{ total|score }}`` shows "−15"; ``{{ hand_score|signed }}`` shows "+40", "−15" or "0".
Nothing (None) shows as nothing. Not for form values or data-* attributes, which keep "-15".
"""

from __future__ import annotations

from django import template

from core.minus_sign import number_text, signed_text

register = template.Library()


@register.filter
def score(value: int | None) -> str:
    """A score or a total, "−15"."""
    return "" if value is None else number_text(value)


@register.filter
def signed(value: int | None) -> str:
    """A hand's score, a change: "+40", "−15", "0"."""
    return "" if value is None else signed_text(value)
