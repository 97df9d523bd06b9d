"""The client's address, for login throttling (django-axes) and rate limits (django-ratelimit).

Behind ``DJANGO_PROXY_COUNT`` trusted proxies, each appending to X-Forwarded-For, the client is the
entry that many places from the right; anything further left was written by the client itself.
Without proxies it is REMOTE_ADDR.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    remote: str = request.META.get("REMOTE_ADDR") or "0.0.0.0"  # noqa: S104 (an address, not a bind)
    proxies: int = settings.PROXY_COUNT
    if not proxies:
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
    return hops[-proxies] if len(hops) >= proxies else remote


def ratelimit_key(_group: str, request: HttpRequest) -> str:
    return client_ip(request)
