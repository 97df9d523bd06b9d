"""The app as phones install it: its web manifest, its service worker, the favicon and the page a
phone shows for a page it never opened while the connection is off.

The service worker (templates/scorekeeper/sw.js) keeps the app's static files and the pages this
phone opened, so that they open with no connection (the hands entered then wait on the phone:
static/scorekeeper/queue.js). It is served from the site's root, so that it covers every page,
and its text names the release's static files: a new release is a new worker, which drops the
old release's copies.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

from scorekeeper.phone_engine import bundle, pyodide_url, static_prefix

# What every page needs (base.html), kept when the worker installs.
SHELL = (
    "scorekeeper/app.css",
    "scorekeeper/base.js",
    "scorekeeper/queue.js",
    "scorekeeper/board.js",
    "scorekeeper/engine.js",
    "scorekeeper/hand.js",
    "scorekeeper/engine-worker.mjs",
    "scorekeeper/icons/favicon-32.png",
    "scorekeeper/icons/icon-192.png",
)
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


def service_worker(_request: HttpRequest) -> HttpResponse:
    shell = [static(path) for path in SHELL] + [reverse("offline")]
    release = hashlib.sha256(" ".join([*shell, bundle()[0]]).encode()).hexdigest()[:12]
    text = render_to_string(
        "scorekeeper/sw.js",
        {
            "release": release,
            "shell": shell,
            "static_prefix": static_prefix(),
            "pyodide": pyodide_url(),
        },
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
