"""The app as phones install it: its web manifest, its service worker, the favicon and the page a
phone shows for a page it never opened while the connection is off.

The service worker (static/scorekeeper/sw.js) keeps the app's static files and the pages this
phone opened, so that they open with no connection (the hands entered then wait on the phone:
static/scorekeeper/queue.mjs). /sw.js is served from the site's root, so that it covers every
page: it gives the release's config, then imports the static worker. The config names the
release's static files (a new release is a new worker, which drops the old release's copies) and
the pages the worker may keep, as regular expressions made from the URL patterns themselves.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

from scorekeeper.phone_engine import bundle, pyodide_url, static_prefix

# What every page needs (base.html), kept when the worker installs, with the scoring app's
# modules (_modules).
SHELL = (
    "scorekeeper/app.css",
    "scorekeeper/engine.js",
    "scorekeeper/icons/favicon-32.png",
    "scorekeeper/icons/icon-192.png",
)
# The pages anyone reads, which a phone keeps, by their route names; and every page of a game
# (the routes under the game's own, GAME).
KEPT_PAGES = ("home", "game-new", "opening", "variants", "game-import")
GAME = "game"
ICONS = (
    ("scorekeeper/icons/icon-192.png", "192x192", "any"),
    ("scorekeeper/icons/icon-512.png", "512x512", "any"),
    ("scorekeeper/icons/maskable-192.png", "192x192", "maskable"),
    ("scorekeeper/icons/maskable-512.png", "512x512", "maskable"),
)


@cache_control(max_age=3600)
def manifest(_request: HttpRequest) -> JsonResponse:
    """The web manifest (in the visitor's language): what a phone needs to install the app."""
    response = JsonResponse(
        {
            "name": _("Canasta Scorekeeper"),
            "short_name": _("Canasta"),
            "description": _("Score Canasta at the table, with or without a connection."),
            "start_url": reverse("home"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#0a6b4f",
            "icons": [
                {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
                for path, sizes, purpose in ICONS
            ],
        },
        json_dumps_params={"ensure_ascii": False},
    )
    response["Content-Type"] = "application/manifest+json"
    return response


def _modules() -> list[str]:
    """The scoring app's ES modules, by the addresses the pages and the modules' own imports
    name: hashed in production (core.static_files rewrites the imports), plain in development."""
    found = finders.find("scorekeeper")
    if not found:  # never the current folder: a worker that lists nothing is better than one
        raise ImproperlyConfigured("static/scorekeeper/ is not among the static files")
    folder = Path(found)
    paths = sorted(f"scorekeeper/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*.mjs"))
    return [static(p) for p in paths]


def _routes(
    patterns: Sequence[URLPattern | URLResolver], prefix: str = ""
) -> Iterator[tuple[str | None, str]]:
    """Every route's name and regular expression (Python's), included ones with their prefix."""
    for pattern in patterns:
        regex = prefix + pattern.pattern.regex.pattern.removeprefix("^")
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, regex)
        else:
            yield pattern.name, regex


def kept_pages() -> list[str]:
    """The pages the worker may keep: regular expressions (JavaScript's) of their paths, without
    the leading "/", made from the URL patterns of KEPT_PAGES and of every route under GAME's."""
    routes = list(_routes(get_resolver().url_patterns))
    game = next(regex for name, regex in routes if name == GAME).removesuffix(r"\Z")
    kept = [regex for name, regex in routes if name in KEPT_PAGES or regex.startswith(game)]
    return ["^" + regex.replace("(?P<", "(?<").replace(r"\Z", "$") for regex in kept]


def service_worker(_request: HttpRequest) -> HttpResponse:
    worker = static("scorekeeper/sw.js")
    shell = [static(path) for path in SHELL] + _modules() + [reverse("offline")]
    release = hashlib.sha256(" ".join([worker, *shell, bundle()[0]]).encode()).hexdigest()[:12]
    config = {
        "shell": shell,
        "static": static_prefix(),
        "offline": reverse("offline"),
        "pyodide": pyodide_url(),
        "kept": kept_pages(),
    }
    text = (
        f"/* The service worker of release {release}: its config, then {worker}. */\n"
        f'var RELEASE = "{release}";\n'
        f"var CONFIG = {json.dumps(config, indent=1)};\n"
        f"importScripts({json.dumps(worker)});\n"
    )
    response = HttpResponse(text, content_type="text/javascript")
    # Asked again at each visit (browsers also check at least daily): a release is seen at once.
    response["Cache-Control"] = "no-cache"
    return response


def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page this phone never opened, with no connection."""
    return render(request, "scorekeeper/offline.html")


def favicon(_request: HttpRequest) -> HttpResponse:
    return redirect(static("scorekeeper/icons/favicon.ico"), permanent=True)
