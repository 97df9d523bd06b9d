"""The pure cores import nothing from Django (scorekeeper/rules, tournaments/engine,
federations/engine, clubs/statistics.py, ladder.py, rating.py, core/rounding.py)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_FILES = sorted(
    [
        *ROOT.glob("scorekeeper/rules/**/*.py"),
        *ROOT.glob("tournaments/engine/**/*.py"),
        *ROOT.glob("federations/engine/**/*.py"),
        ROOT / "clubs" / "statistics.py",
        ROOT / "clubs" / "ladder.py",
        ROOT / "clubs" / "rating.py",
        ROOT / "core" / "rounding.py",
    ]
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


def modules_loaded_by(statement: str) -> tuple[set[str], bool]:
    """The top-level modules a fresh interpreter holds after ``statement``, and whether it set
    DJANGO_SETTINGS_MODULE (the engines run alone: the CLI, benchmarks, the phone's browser)."""
    probe = (
        f"{statement}\n"
        "import json, os, sys\n"
        "print(json.dumps([sorted({m.split('.')[0] for m in sys.modules}),"
        " 'DJANGO_SETTINGS_MODULE' in os.environ]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    answer = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    modules, settings_touched = json.loads(answer.stdout)
    return set(modules), settings_touched


@pytest.mark.parametrize(
    "statement",
    [
        "import scorekeeper.rules",
        "import tournaments.engine",
        "import federations.engine.ranking",
        "import clubs.statistics",
        "import core.rounding",
    ],
)
def test_an_engine_imports_alone(statement: str) -> None:
    modules, settings_touched = modules_loaded_by(statement)
    assert not modules & {"django", "celery", "kombu", "config"}
    assert not settings_touched


def test_the_probe_sees_django_and_the_settings() -> None:
    modules, settings_touched = modules_loaded_by("import config.wsgi")
    assert {"django", "celery", "config"} <= modules
    assert settings_touched
