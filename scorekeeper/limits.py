"""Rate limits on anonymous writes, by client address (django-ratelimit; rates in settings).

A logged-in user (a club's director) is not limited; a game's own writes carry its token and
are not anonymous.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.decorators import ratelimit


def _anonymous(setting: str) -> Callable[[str, HttpRequest], str | None]:
    def rate(_group: str, request: HttpRequest) -> str | None:
        if request.user.is_authenticated:
            return None
        value: str = getattr(settings, setting)
        return value

    return rate


def limited(group: str, setting: str) -> Callable[[Any], Any]:
    """Limit a view's POSTs from one address to the rate in ``setting``."""
    return ratelimit(
        group=group, key="scorekeeper.client.ratelimit_key", rate=_anonymous(setting), method="POST"
    )


new_games = limited("new-games", "RATE_NEW_GAMES")
scores = limited("score", "RATE_SCORE")
