"""The pure cores import nothing from Django (scorekeeper/rules, tournaments/engine)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_FILES = sorted(
    [*ROOT.glob("scorekeeper/rules/**/*.py"), *ROOT.glob("tournaments/engine/**/*.py")]
)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_there_are_pure_files_to_check() -> None:
    assert len(PURE_FILES) >= 8


@pytest.mark.parametrize("path", PURE_FILES, ids=[str(p.relative_to(ROOT)) for p in PURE_FILES])
def test_pure_core_does_not_import_django(path: Path) -> None:
    offending = {m for m in imported_modules(path) if m == "django" or m.startswith("django.")}
    assert not offending, f"{path.relative_to(ROOT)} imports {offending}"


def test_the_check_catches_a_django_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\n")
    assert "django.db" in imported_modules(sample)
