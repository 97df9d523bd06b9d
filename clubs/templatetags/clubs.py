"""The club pages' figures in words: a share as a percentage, a rate per hand, points with a
true minus sign; a dash for a figure over nothing."""

from __future__ import annotations

from django import template

from clubs.tables import per_hand_text, percent_text, points_text, rating_text
from core.minus_sign import scores_text, signed_text

register = template.Library()

register.filter("percent", percent_text)
register.filter("per_hand", per_hand_text)
register.filter("points", points_text)
register.filter("rating", rating_text)
register.filter("scores_line", scores_text)


@register.filter
def signed_points(value: int) -> str:
    return signed_text(int(value)) if value else "0"


@register.simple_tag(takes_context=True)
def member_presets(context: template.Context) -> list:
    """The presets of the reader's clubs (the Rules page shows them beside the rulebooks')."""
    from clubs.selectors import presets_of_member

    request = context.get("request")
    return presets_of_member(getattr(request, "user", None))
