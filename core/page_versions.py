"""The answer to a phone that follows a page (a scoreboard, an entry page, a table's page): the
version of what the page shows, 304 with no body while the phone already has it.

Phones ask every few seconds, so an unchanged answer is made of one indexed read and no
rendering. The ETag is compared as HTTP says a weak comparison goes (RFC 9110 8.8.3.2): a proxy or
the GZip middleware may have made it weak on the way."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.http import parse_etags


def weak_etags(if_none_match: str) -> list[str]:
    """The ETags of an If-None-Match header, each as compared weakly (RFC 9110 8.8.3.2: "W/"
    dropped): a proxy or the GZip middleware may have made the one a phone holds weak."""
    return [tag.removeprefix("W/") for tag in parse_etags(if_none_match)]


def version_response(request: HttpRequest, version: str, body: dict[str, Any]) -> HttpResponse:
    etag = f'"{version}"'
    asked = weak_etags(request.headers.get("If-None-Match", ""))
    if "*" in asked or etag in asked:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = JsonResponse(body)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # always asked again, answered 304 while unchanged
    return response
