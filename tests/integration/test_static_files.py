"""The static files as production collects them (core.static_files): the app's ES modules
import each other by their hashed names, so a page of this release never runs with a module a
phone kept from the last one."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
# `import … from "./x.mjs";`, `export … from "./x.mjs";`, `import "./x.mjs";`
IMPORTED = re.compile(r"""(?:import|export)\b[^;]*?["'](\.{1,2}/[^"']+)["']\s*;""", re.S)


def imports_of(text: str) -> list[str]:
    return IMPORTED.findall(text)


def test_the_check_reads_a_module_s_imports() -> None:
    text = 'import { a, b } from "./queue.mjs";\nexport { c } from "../x.mjs";\nimport "./y.mjs";'
    assert imports_of(text) == ["./queue.mjs", "../x.mjs", "./y.mjs"]


def test_hashed_modules_import_hashed_modules(tmp_path: Path) -> None:
    # The app's own static folders as production finds them (static/, no prefix: the storage
    # picks its modules by path), without the vendored Pyodide, which takes long to compress.
    source, collected = tmp_path / "static", tmp_path / "collected"
    for app in ("scorekeeper", "tournaments"):
        shutil.copytree(ROOT / "static" / app, source / app)
    with override_settings(
        STATIC_ROOT=collected,
        STATICFILES_DIRS=[source],
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "core.static_files.HashedModulesStorage"},
        },
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((collected / "staticfiles.json").read_text())["paths"]
    hashed = set(manifest.values())
    entry = collected / manifest["scorekeeper/hand/main.mjs"]
    seen = 0
    for name in (n for n in manifest if n.endswith(".mjs")):
        module = collected / manifest[name]
        for imported in imports_of(module.read_text(encoding="utf-8")):
            seen += 1
            target = (module.parent / imported).resolve().relative_to(collected).as_posix()
            assert target in hashed, f"{manifest[name]} imports {imported}, not a hashed file"
            assert (collected / target).exists()
    assert seen >= 5 and imports_of(entry.read_text(encoding="utf-8"))
