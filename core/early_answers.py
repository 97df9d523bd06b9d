"""A page that many phones follow, answered "not modified" before Django runs.

Why: on a federation's evening a thousand spectators' phones ask the event's pages again every
few seconds (If-None-Match). Answered by Django, each of those 304s cost about 2.7 ms of a web
process's CPU (the middleware, the session, the URL, one query for the event's version): a
whole core for nothing changing (issue 32, bench/spectators.py). Here the WSGI layer answers
them from two cache reads, without building Django's request.

How it stays right:

- A view that answers a followed page marks its answer with the version it shows
  (``mark``: a name for what it follows, as ``t12`` for an event, and that version's text).
  The layer then remembers, for this request's address, cookies and languages (which decide
  everything Django's answer depends on, the visitor and the language among them), the ETag
  given and the version it stands for (``REMEMBER_SECONDS``), and that this version is current
  (``CURRENT_SECONDS``). The mark never leaves the server.
- A request carrying that ETag, for that address with those cookies and languages, is answered
  304 while the same version is current; anything else goes to Django, as before.
- A write that changes what the pages show calls ``forget`` once it commits: the next look at
  those pages goes to Django. A view that read the version just before a write, and marked it
  just after the write's ``forget``, is believed for ``CURRENT_SECONDS`` at most: the same
  few seconds by which the pages' own renderings may lag (tournaments.views.cached_pages).
- Without the cache (Redis down: core.cache answers nothing) every request goes to Django.
  Without Redis at all (the local setup) each web process remembers for itself, and another
  process's write reaches it within ``CURRENT_SECONDS``.

Only views that ask for it are ever answered here; a page that depends on anything but its
version, its address, cookies and languages must not ``mark`` its answers.

**Shared answers**: while results come in faster than a phone looks again (a big evening,
whose pages are rendered again every few seconds: tournaments.views.cached_pages), a look
rarely has the version it asks about, and each 200 was Django's. A page that is the same for
every visitor who carries nothing of their own (no session, so no login and no message; no
cookie but the language's and the CSRF one, whose token no shared page carries) is marked
``shared`` by its view: the layer keeps its whole answer for such visitors' looks at the same
address (without a query) in the same language (``_shared_key``), ``CURRENT_SECONDS`` after
the view's reading at most. An answer of the current version is forgotten by a write, as the 304s are;
an older one, which Django itself kept serving through the writes (during the pages' pause
between two renderings), lives its seconds.

**Computed answers**: an answer that changes with time but not with the visitor (the round
clock's JSON: seconds left, counted at each look) cannot be a 304. Its view leaves in the cache
what the answer is computed from (``computed``: the round's clock log), and the layer computes
the next looks' answers from it with the function its app registered (``COMPUTERS``: the same
function the view answers with), without Django, for ``CURRENT_SECONDS`` at most, or until a
write that changes those inputs ``forget``s them."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.http.cookie import parse_cookie
from django.http.request import split_domain_port
from django.middleware.gzip import re_accepts_gzip
from django.utils.translation import get_language_from_request

from core.page_versions import weak_etags

MARK = "X-Followed-Version"  # the view's mark: "<what>=<version>"; removed before it is sent
REMEMBER_SECONDS = 600  # a visitor's ETag and the version it stands for
CURRENT_SECONDS = 2  # the version a view last read, believed this long unless a write forgets it
# The request's parts that decide the answer (with the version): WSGI's names.
VARIES = ("PATH_INFO", "QUERY_STRING", "HTTP_COOKIE", "HTTP_ACCEPT_LANGUAGE", "HTTP_HOST")
KEPT_HEADERS = ("etag", "vary", "cache-control")  # what a 304 repeats of the full answer
SHARED = "X-Shared-Answer"  # the view's mark: "<what> <version or -> <seconds>"; removed too
# What a shared answer may vary on (its key: _shared_key); any other Vary, it is not shared.
SHARED_VARY = {"cookie", "accept-language", "accept-encoding"}
MAX_FOLLOWED = 10_000  # addresses a process remembers as followed, and as computed
COMPUTED = "X-Computed-Answer"  # the view's mark: "<kind> <what>"; removed before it is sent
# A shared or computed answer may be kept this long by the proxy in front (nginx reads the
# header, and never passes it on: deploy/nginx/scorekeeper.conf), so that a thousand phones'
# looks are answered without reaching a web process at all. A second: nginx counts whole
# seconds, so a copy lives one to two, on top of the layer's own CURRENT_SECONDS.
PROXY_KEEPS = ("X-Accel-Expires", "1")
# What a computed answer repeats of Django's: the headers that are the same for every visitor
# (never a cookie, a language, an encoding or a nonce of the one whose answer taught the layer).
COMPUTED_HEADERS = (
    "content-type",
    "cache-control",
    "vary",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
)

logger = logging.getLogger(__name__)

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]
# A kind of computed answer: its body, from the inputs its view left and the request (WSGI's).
Computer = Callable[[Any, dict[str, Any]], bytes]
COMPUTERS: dict[str, Computer] = {}  # by kind; filled by the apps (their AppConfig.ready)
# A view's shared answer as the layer read its mark: what it follows, the version (None: any),
# for how many seconds, and its headers.
SharedMark = tuple[str, str | None, float, list[tuple[str, str]]]
_UNKNOWN = object()  # a visitor's key not worked out yet


def mark(response: HttpResponse, what: str, version: str) -> HttpResponse:
    """Let the layer answer this page's next looks at ``version`` of ``what`` without Django."""
    response[MARK] = f"{what}={version}"
    return response


def computed(
    response: HttpResponse, kind: str, what: str, inputs: Any, *, read_at: float
) -> HttpResponse:
    """Let the layer answer this address's next looks by the registered ``COMPUTERS[kind]``
    from ``inputs`` (what ``what`` was when the view began to read it, at ``read_at``,
    time.monotonic()), with this answer's headers: until a write forgets it, and
    ``CURRENT_SECONDS`` after the reading at most (a write that forgot it meanwhile is then
    believed late by that long at most, however slow the view was)."""
    left = CURRENT_SECONDS - (time.monotonic() - read_at)
    if left > 0:
        caches["fragments"].set(_computed_key(kind, what), inputs, left)
        response[COMPUTED] = f"{kind} {what}"
    return response


def shared(
    response: HttpResponse, what: str, version: str | None, *, read_at: float
) -> HttpResponse:
    """Let the layer give this whole answer to the next looks at its address by visitors who
    carry nothing of their own, ``CURRENT_SECONDS`` after the view's reading (at ``read_at``,
    time.monotonic()) at most: while ``version`` of ``what`` is current, or, for ``version``
    None (an older version, or stale standings), regardless of the writes. The view must give
    every such visitor this same answer."""
    left = CURRENT_SECONDS - (time.monotonic() - read_at)
    if left > 0:
        response[SHARED] = f"{what} {version or '-'} {left:.3f}"
    return response


def forget(what: str) -> None:
    """``what`` has changed: its next looks go to Django (call it once the write commits)."""
    caches["fragments"].delete_many(
        [_current_key(what), *(_computed_key(kind, what) for kind in COMPUTERS)]
    )


def _current_key(what: str) -> str:
    return f"followed:{what}"


def _computed_key(kind: str, what: str) -> str:
    return f"computed:{kind}:{what}"


def _scheme(environ: dict[str, Any]) -> str:
    """The request's scheme as Django reads it (HttpRequest.scheme): behind the proxy, the one
    its header says (settings.SECURE_PROXY_SSL_HEADER), else the server's."""
    said = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    proxied = environ.get(said[0]) if said else None
    if said and proxied is not None:
        return "https" if str(proxied).split(",", 1)[0].strip() == said[1] else "http"
    return str(environ.get("wsgi.url_scheme", ""))


def _address(environ: dict[str, Any]) -> tuple[str, str, str]:
    """A request's host, scheme and path: a computed answer is given only where Django gave it
    (another host, which Django refuses, or plain HTTP, which it redirects, goes to Django)."""
    return (str(environ.get("HTTP_HOST", "")), _scheme(environ), str(environ.get("PATH_INFO", "")))


def _visitor_key(environ: dict[str, Any]) -> str:
    seen = "\0".join(str(environ.get(name, "")) for name in VARIES)
    return "followed-visitor:" + hashlib.blake2b(seen.encode(), digest_size=16).hexdigest()


def _shareable(headers: list[tuple[str, str]]) -> bool:
    """Whether an answer with these headers may be given to another visitor: it sets no
    cookie, is not one person's (Cache-Control private or no-store: core.no_store) and varies
    on nothing but what its key holds."""
    varies = {
        part.strip().lower()
        for name, value in headers
        if name.lower() == "vary"
        for part in value.split(",")
        if part.strip()
    }
    private = any(
        name.lower() == "cache-control" and ("private" in value or "no-store" in value)
        for name, value in headers
    )
    cookie = any(name.lower() == "set-cookie" for name, _v in headers)
    return varies <= SHARED_VARY and not private and not cookie


class _Asked:
    """What Django's LocaleMiddleware reads of a request to choose its language."""

    def __init__(self, environ: dict[str, Any], cookies: dict[str, str]) -> None:
        self.META, self.COOKIES = environ, cookies


def _shared_key(environ: dict[str, Any]) -> str | None:
    """The key of the answer shared by the visitors who send what this one sends: the address
    with no query (a page with one is Django's: any query would make a key, and a copy, of its
    own), the language Django chooses for it (LocaleMiddleware's choice, from the language
    cookie and Accept-Language: one of the site's languages, however the header is written),
    and whether it takes gzip. None for a visitor who carries something of their own (a
    session, and with it a login or a message; another cookie; an API token) or a request that
    is not a GET or HEAD."""
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or "HTTP_AUTHORIZATION" in environ:
        return None
    if environ.get("QUERY_STRING"):
        return None
    cookies = parse_cookie(str(environ.get("HTTP_COOKIE", "")))
    if not set(cookies) <= {settings.LANGUAGE_COOKIE_NAME, settings.CSRF_COOKIE_NAME}:
        return None
    language = get_language_from_request(_Asked(environ, cookies))  # type: ignore[arg-type]
    takes_gzip = bool(re_accepts_gzip.search(str(environ.get("HTTP_ACCEPT_ENCODING", ""))))
    # The host without its port, and the scheme Django decides: however a visitor writes them,
    # one copy (Django answers a port of an allowed host alike; another host has no copy).
    host = split_domain_port(str(environ.get("HTTP_HOST", "")))[0].lower()
    path = str(environ.get("PATH_INFO", ""))
    seen = "\0".join([host, _scheme(environ), path, language, "gzip" if takes_gzip else ""])
    return "shared:" + hashlib.blake2b(seen.encode(), digest_size=16).hexdigest()


class EarlyAnswers:
    """The WSGI layer around Django's application (config/wsgi.py): 304s of the followed pages,
    and the computed answers."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        # Which address follows what, learned from the marks (an address's never changes): the
        # two keys an early answer needs are then read in one round trip to the cache.
        self.followed: dict[str, str] = {}
        # Which address (its host, scheme and path, as Django answered them) is computed by
        # which kind from what, with the headers Django gave it.
        self.computed: dict[tuple[str, str, str], tuple[str, str, list[tuple[str, str]]]] = {}
        # Which path's answers are shared, and what they follow.
        self.shared: dict[str, str] = {}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        safe = environ.get("REQUEST_METHOD") in ("GET", "HEAD")
        if not safe:
            return self.app(environ, start_response)
        head = environ["REQUEST_METHOD"] == "HEAD"
        learned = self.computed.get(_address(environ))
        if learned is not None:
            computed = self._computed(environ, *learned)
            if computed is not None:
                start_response("200 OK", computed[0])
                return [] if head else [computed[1]]
        # The visitor's key is worked out only for a path whose answers are shared (or, below,
        # for an answer a view marked): not for every static file and page.
        what = self.shared.get(environ.get("PATH_INFO", ""))
        key = _shared_key(environ) if what else None
        if key and what:
            given = self._shared_answer(environ, key, what)
            if given is not None:
                start_response(given[0], given[1])
                return [] if head else [given[2]]
        if environ.get("HTTP_IF_NONE_MATCH"):
            headers = self._not_modified(environ)
            if headers is not None:
                start_response("304 Not Modified", headers)
                return []
        # Django's answer to share, under the visitor's key (worked out above on a path known
        # to be shared, else by the answer's start once the view has marked it).
        to_share: list[tuple[str, SharedMark]] = []
        start = self._remembering(environ, start_response, to_share, key if what else _UNKNOWN)
        answer = self.app(environ, start)
        if not to_share or head:
            return answer
        key, marked = to_share[0]
        return self._share(environ, key, marked, answer)

    def _shared_answer(
        self, environ: dict[str, Any], key: str, what: str
    ) -> tuple[str, list[tuple[str, str]], bytes] | None:
        """The status, headers and body of the answer shared at this key, if it still stands
        (one of the current version while it is current), else None. A look that already has
        it (If-None-Match) is answered 304."""
        current = _current_key(what)
        found = caches["fragments"].get_many([key, current])
        kept = found.get(key)
        if kept is None or kept[0] != what:
            return None
        _what, version, headers, body = kept
        if version is not None and found.get(current) != version:
            return None
        etag = next((value for name, value in headers if name.lower() == "etag"), "")
        asked = weak_etags(environ.get("HTTP_IF_NONE_MATCH", ""))
        if etag and etag.removeprefix("W/") in asked:
            return "304 Not Modified", [h for h in headers if h[0].lower() in KEPT_HEADERS], b""
        if asked and version is None:
            return None  # it may have a newer version than this older copy: Django knows
        return "200 OK", [*headers, ("Content-Length", str(len(body))), PROXY_KEEPS], body

    def _share(
        self,
        environ: dict[str, Any],
        key: str,
        marked: SharedMark,
        answer: Iterable[bytes],
    ) -> Iterable[bytes]:
        """Django's answer, kept whole for the visitors like this one (``key``)."""
        try:
            body = b"".join(answer)
        finally:
            if hasattr(answer, "close"):
                answer.close()
        what, version, seconds, headers = marked
        if len(self.shared) >= MAX_FOLLOWED:  # as self.followed
            self.shared.clear()
        self.shared[environ.get("PATH_INFO", "")] = what
        # A current version's answer stands while the version a view last read is it: that key
        # is the 304s' (_remember, which the same answer's mark called), not rewritten here.
        caches["fragments"].set(key, (what, version, headers, body), seconds)
        return [body]

    def _not_modified(self, environ: dict[str, Any]) -> list[tuple[str, str]] | None:
        """The 304's headers if this visitor's ETag is of the current version, else None."""
        what = self.followed.get(environ.get("PATH_INFO", ""))
        if what is None:
            return None
        visitor, current = _visitor_key(environ), _current_key(what)
        found = caches["fragments"].get_many([visitor, current])
        known = found.get(visitor)
        if not known or known[0] != what or found.get(current) != known[1]:
            return None
        headers = known[2]
        etag = next((value for name, value in headers if name.lower() == "etag"), "")
        if etag.removeprefix("W/") not in weak_etags(environ.get("HTTP_IF_NONE_MATCH", "")):
            return None
        return list(headers)

    def _computed(
        self, environ: dict[str, Any], kind: str, what: str, headers: list[tuple[str, str]]
    ) -> tuple[list[tuple[str, str]], bytes] | None:
        """The headers and body of the address's computed answer, if its inputs are known.
        Anything unforeseen (a query Django would refuse, inputs of an older release's shape)
        leaves the request to Django, which answers it as it would."""
        try:
            inputs = caches["fragments"].get(_computed_key(kind, what))
            if inputs is None:
                return None
            body = COMPUTERS[kind](inputs, environ)
        except Exception:
            logger.warning("%s answered by Django, not computed", kind, exc_info=True)
            return None
        return [*headers, ("Content-Length", str(len(body))), PROXY_KEEPS], body

    def _remembering(
        self,
        environ: dict[str, Any],
        start_response: StartResponse,
        to_share: list[tuple[str, SharedMark]],
        key: str | object | None,
    ) -> StartResponse:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            sharing = [value for name, value in headers if name.lower() == SHARED.lower()]
            if sharing:
                headers = [
                    (name, value) for name, value in headers if name.lower() != SHARED.lower()
                ]
                visitor = _shared_key(environ) if key is _UNKNOWN else key
                if (
                    status[:3] == "200"
                    and exc_info is None
                    and _shareable(headers)
                    and isinstance(visitor, str)  # a visitor with nothing of their own
                ):
                    what, version, seconds = sharing[0].split(" ")
                    kept = [
                        (n, v)
                        for n, v in headers
                        if n.lower() not in (MARK.lower(), COMPUTED.lower(), "content-length")
                    ]
                    shared_mark = (what, None if version == "-" else version, float(seconds), kept)
                    to_share.append((visitor, shared_mark))
                    headers = [*headers, PROXY_KEEPS]
            made = [value for name, value in headers if name.lower() == COMPUTED.lower()]
            if made:
                headers = [
                    (name, value) for name, value in headers if name.lower() != COMPUTED.lower()
                ]
                if (
                    status[:3] == "200"
                    and exc_info is None
                    and self._learn(environ, made[0], headers)
                ):
                    headers = [*headers, PROXY_KEEPS]
            marked = [value for name, value in headers if name.lower() == MARK.lower()]
            if not marked:
                return start_response(status, headers, exc_info)
            sent = [(name, value) for name, value in headers if name.lower() != MARK.lower()]
            if status[:3] in ("200", "304") and exc_info is None:
                self._remember(environ, marked[0], sent)
            return start_response(status, sent, exc_info)

        return start

    def _learn(self, environ: dict[str, Any], made: str, sent: list[tuple[str, str]]) -> bool:
        """Whether the address's next looks are computed here (and so may be kept by the
        proxy too): not an encoded body, which is the one visitor's who accepted it."""
        kind, _, what = made.partition(" ")
        if kind not in COMPUTERS or any(name.lower() == "content-encoding" for name, _v in sent):
            return False
        if len(self.computed) >= MAX_FOLLOWED:  # as self.followed
            self.computed.clear()
        kept = [(name, value) for name, value in sent if name.lower() in COMPUTED_HEADERS]
        self.computed[_address(environ)] = (kind, what, kept)
        return True

    def _remember(self, environ: dict[str, Any], marked: str, sent: list[tuple[str, str]]) -> None:
        what, _, version = marked.partition("=")
        kept = [(name, value) for name, value in sent if name.lower() in KEPT_HEADERS]
        if not any(name.lower() == "etag" for name, _value in kept):
            return
        if len(self.followed) >= MAX_FOLLOWED:  # a bound on the process's memory, never reached
            self.followed.clear()  # by an evening's pages: they are learned again
        self.followed[environ.get("PATH_INFO", "")] = what
        fragments = caches["fragments"]
        fragments.set(_visitor_key(environ), (what, version, kept), REMEMBER_SECONDS)
        fragments.set(_current_key(what), version, CURRENT_SECONDS)
