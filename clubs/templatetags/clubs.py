"""The club pages' figures in words: a share as a percentage, a rate per hand, points with a
true minus sign; a dash for a figure over nothing. And the links to the club's events, from the
app that runs them."""

from __future__ import annotations

from django import template

from clubs.events import events_app
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


@register.simple_tag
def event_url(event_id: int, directing: bool = False) -> str:
    """An event's page, from the app that runs the events (clubs/events.py)."""
    return events_app().event_url(int(event_id), directing=bool(directing))


@register.simple_tag
def new_event_url(club_id: int, preset_id: int | None = None) -> str:
    """The page that sets up a new event of the club (with one of its presets)."""
    return events_app().new_event_url(int(club_id), None if preset_id is None else int(preset_id))
