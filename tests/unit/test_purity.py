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


RULES_FILES = sorted(ROOT.glob("scorekeeper/rules/**/*.py"))
SCOREKEEPER_FILES = sorted(ROOT.glob("scorekeeper/**/*.py"))


def outside_the_rules(modules: set[str]) -> set[str]:
    return {
        m
        for m in modules
        if (m == "scorekeeper" or m.startswith("scorekeeper."))
        and not (m == "scorekeeper.rules" or m.startswith("scorekeeper.rules."))
    }


@pytest.mark.parametrize("path", RULES_FILES, ids=[str(p.relative_to(ROOT)) for p in RULES_FILES])
def test_the_rules_import_nothing_of_the_app_around_them(path: Path) -> None:
    offending = outside_the_rules(imported_modules(path))
    assert not offending, f"{path.relative_to(ROOT)} imports {offending}"


def test_the_scoring_app_does_not_import_the_tournaments() -> None:
    offending = {
        str(path.relative_to(ROOT)): found
        for path in SCOREKEEPER_FILES
        if (found := {m for m in imported_modules(path) if m.split(".")[0] == "tournaments"})
    }
    assert not offending


def test_the_checks_catch_an_app_import_in_the_rules_and_a_tournament_import(
    tmp_path: Path,
) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from scorekeeper.models import Game\nimport scorekeeper.rules.cards\nimport tournaments\n"
    )
    modules = imported_modules(sample)
    assert outside_the_rules(modules) == {"scorekeeper.models"}
    assert "tournaments" in modules
