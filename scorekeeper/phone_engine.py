"""The rules engine as the phone's browser loads it: its own modules in one zip, and its messages
in the page's language. The browser runs them in Pyodide (static/scorekeeper/engine-worker.mjs),
so a hand scored with the connection off is scored by this very code.

Both are built from the running code at the first request and served under their content's
digest, so a phone caches them for good and a new release is a new address: a phone never
scores with an engine older than the page it has open.
"""

from __future__ import annotations

import ast
import gettext
import hashlib
import io
import json
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy

import scorekeeper.rules

PACKAGE = Path(scorekeeper.__file__).resolve().parent
ENGINE = Path(scorekeeper.rules.__file__).resolve().parent
MARKERS = {"gettext_noop", "ngettext_lazy"}  # how the engine marks its messages (rules/errors.py)
FOREVER = "public, max-age=31536000, immutable"
# Pinned by package.json; scripts/vendor-pyodide copies it under static/ (settings: served
# compressed and cached for good, since the version is in the path).
PYODIDE = "vendor/pyodide/314.0.7/"
# The files of it that the engine's worker loads (the ones scripts/vendor-pyodide copies): the
# phone's service worker keeps them, so that a page opened later with no connection loads the
# engine.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The line saying whether this phone can score offline (static/scorekeeper/engine.js), by where
# its engine stands.
OFFLINE_SCORING = {
    "loading": gettext_lazy("Getting ready to score offline…"),
    "ready": gettext_lazy("This phone can score offline"),
    "failed": gettext_lazy("Offline scoring unavailable on this phone"),
}


@cache
def bundle() -> tuple[str, bytes]:
    """The engine's modules as a zip (``scorekeeper/__init__.py`` and ``scorekeeper/rules/``),
    the same bytes for the same code (fixed dates, sorted names), and their digest."""
    out = io.BytesIO()
    files = [PACKAGE / "__init__.py", *sorted(ENGINE.glob("*.py"))]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            name = path.relative_to(PACKAGE.parent).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    data = out.getvalue()
    return hashlib.sha256(data).hexdigest()[:16], data


@cache
def engine_messages() -> tuple[tuple[str, str | None], ...]:
    """Every message the engine marks, as (msgid, plural msgid or None), read from its source."""
    found: dict[str, str | None] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in MARKERS or not node.args:
                continue
            texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
            if texts and isinstance(texts[0], str):
                plural = texts[1] if node.func.id == "ngettext_lazy" and len(texts) > 1 else None
                found[texts[0]] = plural if isinstance(plural, str) else None
    return tuple(sorted(found.items()))


@cache
def catalog(language: str) -> tuple[str, bytes]:
    """The engine's messages in ``language`` as the server's catalogue gives them, with the
    catalogue's plural rule, as JSON (rules/phone.py ``use_messages``), and its digest."""
    plural, messages = "", {}
    try:
        translation = gettext.translation(
            "django", localedir=str(settings.LOCALE_PATHS[0]), languages=[language]
        )
    except OSError:
        translation = None  # English: the messages as written
    if isinstance(translation, gettext.GNUTranslations):
        plural = translation.info().get("plural-forms", "").partition("plural=")[2].rstrip("; ")
        entries: dict = translation._catalog  # type: ignore[attr-defined]  # gettext's own table
        for msgid, msgid_plural in engine_messages():
            if msgid_plural is None:
                text = entries.get(msgid)
                if text:
                    messages[msgid] = text
            else:
                forms = [entries[(msgid, i)] for i in range(6) if (msgid, i) in entries]
                if forms:
                    messages[msgid] = forms
    data = json.dumps({"plural": plural, "messages": messages}, sort_keys=True).encode()
    return hashlib.sha256(data).hexdigest()[:16], data


def _immutable(data: bytes, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Cache-Control"] = FOREVER
    return response


def engine_zip(request: HttpRequest, digest: str) -> HttpResponse:  # noqa: ARG001
    current, data = bundle()
    if digest != current:
        # An older release's engine: the page asking for it is an old copy, and the server (which
        # scores every hand it receives again) is then the only scorer until it is reloaded.
        raise Http404
    return _immutable(data, "application/zip")


def engine_catalog(request: HttpRequest, language: str, digest: str) -> HttpResponse:  # noqa: ARG001
    if language not in dict(settings.LANGUAGES):
        raise Http404
    current, data = catalog(language)
    if digest != current:
        raise Http404
    return _immutable(data, "application/json")


def static_prefix() -> str:
    """Where static files are served from ("/static/")."""
    prefix: str = PrefixNode.handle_simple("STATIC_URL")
    return prefix


def pyodide_url() -> str:
    """Pyodide's folder, not a file: it finds its files there by their own names."""
    return static_prefix() + PYODIDE


def engine_config() -> dict[str, Any]:
    """Where a page's engine worker finds Pyodide, the engine and its messages, and every file
    it loads (for the service worker to keep)."""
    language = get_language() or settings.LANGUAGE_CODE
    pyodide = pyodide_url()
    engine = reverse("engine-zip", args=[bundle()[0]])
    messages = reverse("engine-catalog", args=[language, catalog(language)[0]])
    return {
        "worker": static("scorekeeper/engine-worker.mjs"),
        "pyodide": pyodide,
        "bundle": engine,
        "messages": messages,
        "files": [pyodide + name for name in PYODIDE_FILES] + [engine, messages],
    }


def page_engine() -> dict[str, Any]:
    """What a game's page carries (templates/scorekeeper/_phone_engine.html) for engine.js to
    start the phone's engine once the page is idle, and to say whether it can score offline:
    on the pages where hands are entered or a table plays, never on the others (Pyodide is
    several megabytes)."""
    return {"config": engine_config(), "words": OFFLINE_SCORING}
