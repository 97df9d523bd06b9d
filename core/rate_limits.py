"""Rate limits by client address (django-ratelimit; rates in settings).

Anonymous writes (new games, imports, the score API) are limited per address: a logged-in user
(a club's director) is not, and a game's own writes carry its token and are not anonymous.
Password reset mails are limited for everyone, per address and per e-mail address: each one
sends a mail to an address the sender need not own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.decorators import ratelimit

CLIENT = "core.client_address.ratelimit_key"


def _anonymous(setting: str) -> Callable[[str, HttpRequest], str | None]:
    def rate(_group: str, request: HttpRequest) -> str | None:
        if request.user.is_authenticated:
            return None
        value: str = getattr(settings, setting)
        return value

    return rate


def _everyone(setting: str) -> Callable[[str, HttpRequest], str]:
    """The rate in ``setting``, read at each request (so a test's settings apply)."""

    def rate(_group: str, _request: HttpRequest) -> str:
        value: str = getattr(settings, setting)
        return value

    return rate


def limited(group: str, setting: str) -> Callable[[Any], Any]:
    """Limit a view's anonymous POSTs from one address to the rate in ``setting``."""
    return ratelimit(group=group, key=CLIENT, rate=_anonymous(setting), method="POST")


def _email(_group: str, request: HttpRequest) -> str:
    """The address a reset mail goes to, as the reset form finds its user (case aside)."""
    return str(request.POST.get("email", "")).strip().lower()


def password_resets(view: Any) -> Any:
    """Limit reset mails asked for from one address, and sent to one e-mail address, to the rate
    in RATE_PASSWORD_RESET: a request over either limit is 429 and sends nothing."""
    rate = _everyone("RATE_PASSWORD_RESET")
    by_client = ratelimit(group="password-reset", key=CLIENT, rate=rate, method="POST")
    by_email = ratelimit(group="password-reset-email", key=_email, rate=rate, method="POST")
    return by_client(by_email(view))


new_games = limited("new-games", "RATE_NEW_GAMES")
scores = limited("score", "RATE_SCORE")
