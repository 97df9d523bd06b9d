"""What the apps above the events say about an event on its director's page (a federation: the
event is marked for it, reported, corrected): each registers a function at start-up that gives
an event's lines of words. The events name no app above them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NOTES: list[Callable[[Any], list[str]]] = []


def event_notes(event: Any) -> list[str]:
    """Every registered app's lines about the event, in the order the apps registered."""
    return [line for give in NOTES for line in give(event)]
