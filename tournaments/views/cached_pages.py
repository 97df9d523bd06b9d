"""A tournament's public pages (and its printed standings: public_file) rendered once per version
of the tournament (selectors.versions: moved by every write the pages show) and
language, kept in the fragments cache that the web processes share, and answered 304 to a phone
that already has that version.

On a big evening results come in faster than a 1000-pair event's pages render, and rendering
each version left the tables' own requests waiting (bench/evening.py). So a page is rendered
again at most every RENDER_EVERY seconds, or RENDER_PAUSE times as long as its last rendering
took, whichever is longer; meanwhile the version before is served, with its own ETag (the phone
asks again and gets the new one). Pages then take at most a tenth of a web process's time, and a
phone sees any change within seconds. Without a cache (Redis down: a dummy one) every request
renders, as a club's few phones allow."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from core.early_answers import mark, shared
from core.page_versions import weak_etags
from tournaments.selectors.public import PublicTag, public_tag
from tournaments.selectors.versions import followed_event
from tournaments.services.standings import standings_catch_up

PAGE_SECONDS = 3600  # a version's page is never stale; this only bounds the cache's memory
RENDER_EVERY = 2.0  # seconds: a page is rendered again at most this often
RENDER_PAUSE = 10  # and no sooner than this many times as long as its last rendering took
RENDER_SECONDS = 10  # another process renders the page: the newest rendered meanwhile


@dataclass(frozen=True)
class Content:
    """A public page's own part: its title, its content, and the stylesheets it needs."""

    title: str
    html: str
    stylesheets: Sequence[str] = ()


@dataclass(frozen=True)
class File:
    """A public document: its bytes, its type, and the name a browser saves it as."""

    data: bytes
    content_type: str
    filename: str


Part = TypeVar("Part", Content, File)


@dataclass(frozen=True)
class _Latest(Generic[Part]):
    """The newest version of a page rendered."""

    version: int
    etag: str
    part: Part
    took: float  # seconds its rendering took


def if_none_match(request: HttpRequest) -> list[str]:
    return weak_etags(request.headers.get("If-None-Match", ""))


def public_page(
    request: HttpRequest,
    tournament_id: int,
    name: str,
    content: Callable[[], Content],
    *,
    cached: bool = True,
    framed: bool = True,
) -> HttpResponse:
    """The page ``name`` of the tournament: ``content`` rendered once per version and language
    (``cached``: False for a page that depends on the request, as a search). The site's frame
    around it (``framed``) is rendered for each visitor: a logged-in one's is theirs; every
    other visitor's is the same, and the page is then marked for the WSGI layer to give whole
    to the next such visitors (core.early_answers.shared). Stale standings are asked for again (a rebuild lost to a fault, throttled):
    rebuilt here, they are a new version; else the page says they are being brought up to date
    until the worker's rebuild makes one."""
    read_at = time.monotonic()
    page, tag, etag = _version(tournament_id, name)
    current = etag  # this version's ETag: answers that carry it may be given early next time
    asked = if_none_match(request)
    if cached and _visitors(etag, request, framed) in asked:
        return followed(_not_modified(_visitors(etag, request, framed), framed), tournament_id, tag)
    if cached:
        etag, part = _served(page, tag.version, etag, content)
        if _visitors(etag, request, framed) in asked:  # the version before, which it has
            return _not_modified(_visitors(etag, request, framed), framed)
    else:
        part = content()
    if framed:
        response = render(
            request,
            "tournaments/public/page.html",
            {
                "title": part.title,
                # Rendered by our templates (autoescaped) and cached as text.
                "content": mark_safe(part.html),  # noqa: S308
                "stylesheets": part.stylesheets,
            },
        )
    else:
        response = HttpResponse(part.html)
    if cached:
        response["ETag"] = _visitors(etag, request, framed)  # its CSRF secret set by now
        if etag == current:
            followed(response, tournament_id, tag)
        # The same for every visitor of no session; at its own address only (a padded id,
        # /t/007/, would make a copy of its own).
        if (not framed or not _logged_in(request)) and canonical_address(request):
            version = tag.text(tournament_id) if etag == current and not tag.stale else None
            shared(response, followed_event(tournament_id), version, read_at=read_at)
    patch_cache_control(response, no_cache=True)
    return response


def public_file(
    request: HttpRequest, tournament_id: int, name: str, content: Callable[[], File]
) -> HttpResponse:
    """A public document of the tournament (the printed standings): made once per version and
    language as a page is (public_page: a long one is not made again for every visitor, nor
    more often than its pause allows), and answered 304 to a browser that has that version."""
    page, tag, current = _version(tournament_id, name)
    if current in if_none_match(request):
        return followed(_not_modified(current, framed=False), tournament_id, tag)
    etag, made = _served(page, tag.version, current, content)
    if etag in if_none_match(request):
        return _not_modified(etag, framed=False)
    response = HttpResponse(made.data, content_type=made.content_type)
    response["Content-Disposition"] = f'inline; filename="{made.filename}"'
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return followed(response, tournament_id, tag) if etag == current else response


def followed(response: HttpResponse, tournament_id: int, tag: PublicTag) -> HttpResponse:
    """The answer, marked so that its next looks at this version are answered before Django
    (core.early_answers): never while the standings are stale, so that those looks still reach
    Django, which asks for their rebuild."""
    if tag.stale:
        return response
    return mark(response, followed_event(tournament_id), tag.text(tournament_id))


def _version(tournament_id: int, name: str) -> tuple[str, PublicTag, str]:
    """The page ``name`` of the tournament as the cache knows it (this tournament's, ever, in
    this language), the version it shows, and that version's ETag. Stale standings are asked
    for again first (a rebuild lost to a fault, throttled): rebuilt here, they are a new
    version."""
    tag = public_tag(tournament_id)
    if tag.stale:
        standings_catch_up(tournament_id=tournament_id)
        tag = public_tag(tournament_id)
    page = f"{name}-{tournament_id}.{tag.born:x}-{get_language()}"
    etag = quote_etag(f"{name}-{tag.text(tournament_id)}-{get_language()}")
    return page, tag, etag


def canonical_address(request: HttpRequest) -> bool:
    """Whether the request asked for its page by the address the site writes for it."""
    match = request.resolver_match
    if match is None:
        return False
    try:
        return request.path == reverse(match.view_name, args=match.args, kwargs=match.kwargs)
    except NoReverseMatch:
        return False


def _logged_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return bool(user and user.is_authenticated)


def _visitors(etag: str, request: HttpRequest, framed: bool) -> str:
    """The ETag a visitor's copy of the page has: a framed page's frame is the visitor's when
    logged in (its links, and the CSRF secret its log-out form carries, which logging in or
    out renews), so its ETag is too; a phone keeps its 304s, and a login shows the new frame at
    once. Every visitor who is not logged in has the same frame (its language form carries no
    token: config/urls.py), and the same ETag."""
    if not framed or not _logged_in(request):
        return quote_etag(f"{etag.strip(chr(34))}-0") if framed else etag
    user = request.user
    who = f"{user.pk}:{request.META.get('CSRF_COOKIE', '')}"
    visitor = hashlib.sha256(who.encode()).hexdigest()[:10]
    return quote_etag(f"{etag.strip(chr(34))}-{visitor}")


def _served(page: str, version: int, etag: str, content: Callable[[], Part]) -> tuple[str, Part]:
    """(ETag, content) of the page to serve: this version's if it is rendered; else, while the
    page's pause lasts or another process renders it, the newest rendered; else this version,
    rendered now. The cache's expiry times the pause, alike for every process; a rendering that
    finishes after a newer one (slower, or begun earlier) never replaces it as the newest."""
    fragments = caches["fragments"]
    part: Part | None = fragments.get(f"public:{etag}")
    if part is not None:
        return etag, part
    latest_key, pause_key = f"public-latest:{page}", f"pause:{page}"
    latest: _Latest[Part] | None = fragments.get(latest_key)
    if latest is not None:
        newer = latest.version > version  # this process read the version before a write
        if newer or not fragments.add(pause_key, 1, RENDER_SECONDS):
            return latest.etag, latest.part
    began = time.monotonic()
    part = content()
    took = time.monotonic() - began
    fragments.set(f"public:{etag}", part, PAGE_SECONDS)
    fragments.set(pause_key, 1, math.ceil(max(RENDER_EVERY, RENDER_PAUSE * took)))
    newest: _Latest[Part] | None = fragments.get(latest_key)
    if newest is None or newest.version <= version:
        fragments.set(latest_key, _Latest(version, etag, part, took), PAGE_SECONDS)
    return etag, part


def _not_modified(etag: str, framed: bool) -> HttpResponse:
    """304, varying as the page would: a framed page's frame is the visitor's (Cookie)."""
    response = HttpResponseNotModified()
    response["ETag"] = etag
    patch_vary_headers(response, ("Cookie", "Accept-Language") if framed else ("Accept-Language",))
    return response
