"""The pages of the apps above the clubs that a club's home page links to (a federation's page
of the club): each app registers a function at start-up that gives, for a club and the reader,
a link's words and address, or None. The clubs name no page of theirs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LINKS: list[Callable[[Any, Any], tuple[str, str] | None]] = []


def club_links(club: Any, user: Any) -> list[tuple[str, str]]:
    """The links the registered apps give this reader on the club's home page."""
    return [link for give in LINKS if (link := give(club, user)) is not None]
