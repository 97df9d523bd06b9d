"""Pages a device must not keep for its next user: one an account opened (a director's way into
a club game, a signed-in reader's own games and clubs' rules), rather than a key the device holds
(a game's edit link). A view marks the request; the middleware sends ``Cache-Control: private,
no-store``, and the phone's service worker keeps no page so marked (sw.js)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import FileResponse, HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_cache_control

_MARK = "_stored_nowhere"


def private(response: HttpResponse | StreamingHttpResponse | FileResponse) -> None:
    """A response of a director's data (and the tables' secret links): no shared or stored
    copies, whoever asked."""
    patch_cache_control(response, private=True, no_store=True)


def mark(request: HttpRequest) -> None:
    setattr(request, _MARK, True)


class StoredNowhere:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, _MARK, False):
            patch_cache_control(response, private=True, no_store=True)
        return response
