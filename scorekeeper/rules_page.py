"""What other apps add to the Rules page (``scorekeeper.views.variant_list``).

The scoring app sits below the clubs (tests/unit/test_layering.py), yet its Rules page shows the
reader's clubs' presets beside the rulebooks'. A higher app registers a function here at start-up
(clubs/apps.py) that gives, for one request, the sections it adds; the page lists them in its menu
and shows them after the rulebooks', never naming the app, its templates or its tags."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest


@dataclass(frozen=True)
class RulesPart:
    anchor: str  # the section's id: the page's menu links to it
    # Both marked safe by the app that adds them, which escapes what it puts in (a club's
    # name); a plain string is escaped by the page.
    title: str  # the menu's words for it
    html: str  # the section, rendered by the app that adds it


PARTS: list[Callable[[HttpRequest], list[RulesPart]]] = []


def parts_for(request: HttpRequest) -> list[RulesPart]:
    """Every registered app's sections for this reader, in the order the apps registered."""
    return [part for parts_of in PARTS for part in parts_of(request)]
