"""The static files as production serves them: hashed names, cached for good, compressed
(WhiteNoise), and the app's ES modules importing each other by their hashed names too.

Why: a page loads its entry module by its hashed address (``hand/main.<hash>.mjs``), and the
modules import each other by relative addresses (``./record.mjs``). Left unhashed, those name
whatever copy a browser or the previous release's service worker still holds, so a phone could
run this release's page with the last release's queue. Django rewrites module imports when
``support_js_module_import_aggregation`` is on, for ``*.js`` files only: the patterns below are
Django's own static ones (``import``/``export … from``), applied to our ``.mjs`` modules, never
the vendored Pyodide's files. Django's ``import("…")`` pattern is left out: no module of ours
imports a relative address at run time, and it would read the engine worker's
``pyodide.pyimport("scorekeeper.rules.phone")`` (a Python module) as a file.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

# The app's own modules (static/scorekeeper/**.mjs, static/tournaments/**.mjs): fnmatch's "*"
# crosses folders.
OUR_MODULES = ("scorekeeper/*.mjs", "tournaments/*.mjs")
_DJANGO_EXTENSION, _DJANGO_PATTERNS = (
    CompressedManifestStaticFilesStorage._js_module_import_aggregation_patterns
)
STATIC_IMPORTS = tuple(p for p in _DJANGO_PATTERNS if "import\\(" not in p[0])


class HashedModulesStorage(CompressedManifestStaticFilesStorage):
    patterns = (
        *CompressedManifestStaticFilesStorage.patterns,
        *((glob, STATIC_IMPORTS) for glob in OUR_MODULES),
    )
