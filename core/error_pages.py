"""Error answers: JSON under /api/, friendly pages elsewhere (never a traceback).

``handler404`` and ``handler500`` (config/urls.py) and :class:`DatabaseUnavailable` middleware: while the
database is down, an API request gets a JSON 503 and a page a short HTML 503 that says to retry.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.debug import SafeExceptionReporterFilter


def error_body(message: str, **where: Any) -> dict[str, Any]:
    """The error a person reads begins with a capital, whatever said it (the services and the
    API word their refusals in lower case, as parts of other messages)."""
    return {"error": capfirst(message), **where}


def error_response(status: int, message: str, **where: Any) -> JsonResponse:
    return JsonResponse(error_body(message, **where), status=status)


logger = logging.getLogger("scorekeeper")


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return error_response(404, _("no such game or hand"))
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return error_response(500, _("something went wrong on our side"))
    return render(request, "500.html", status=500)


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Too many writes of one kind from one address (django-ratelimit): 429, try again later."""
    if request.path.startswith("/accounts/password_reset/"):
        message = _("Too many password resets asked for: wait an hour and try again.")
    else:
        message = _("Too many new games or imports from this address: wait a few minutes.")
    if _is_api(request):
        response: HttpResponse = error_response(429, message)
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = "60"
    return response


def unavailable(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        response: HttpResponse = error_response(
            503, _("the database is not answering: try again in a moment")
        )
    else:
        response = render(request, "503.html", status=503)
    response["Retry-After"] = "5"
    return response


class DatabaseUnavailable:
    """A lost database connection (a restart, a failover) is a 503 to retry, not a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | InterfaceError) or (
            isinstance(exception, DatabaseError) and "connection" in str(exception).lower()
        ):
            logger.warning("database unavailable: %s", exception)
            return unavailable(request)
        return None


class ReportFilter(SafeExceptionReporterFilter):
    """The error reports mailed to DJANGO_ADMINS: Django's, with the edit links' cookies hidden
    too (``edit_<game>`` holds a game's key, a tournament pair's table link among them)."""

    hidden_settings = re.compile(
        "API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|^EDIT_", flags=re.IGNORECASE
    )
