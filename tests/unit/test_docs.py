"""The manual (docs/, built by MkDocs) against the code it describes: the design page's module map
against the tree, the configuration page against the settings' environment, the change log's
version against pyproject.toml, and the README kept short.

The pages generated from the code (house rules, presets, the API reference) cannot drift: they
are written at every build (docs/hooks/generated.py), and `make test` builds the manual in strict
mode."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
APPS = ("core", "scorekeeper", "clubs", "tournaments", "federations", "config")
MAPPED = re.compile(r"`((?:" + "|".join(APPS) + r")/[\w/]+\.py)`")


def section(text: str, heading: str) -> str:
    """The text under a level-2 heading, up to the next one."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def modules_in_tree() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if path.name != "__init__.py"
        and "migrations" not in path.parts
        and "tests" not in path.parts
        and "__pycache__" not in path.parts
    }


def modules_in_map() -> set[str]:
    design = (DOCS / "design.md").read_text(encoding="utf-8")
    return set(MAPPED.findall(section(design, "Module map")))


def test_the_module_map_names_every_module_and_only_modules_that_exist() -> None:
    tree, mapped = modules_in_tree(), modules_in_map()
    missing, gone = sorted(tree - mapped), sorted(mapped - tree)
    advice = []
    if missing:
        advice.append(
            "add to docs/design.md's Module map (a row `| `path` | purpose |` in its package's "
            "table):\n  " + "\n  ".join(missing)
        )
    if gone:
        advice.append(
            "remove from docs/design.md's Module map (no such module):\n  " + "\n  ".join(gone)
        )
    assert not advice, "\n".join(advice)


def test_the_module_map_check_sees_the_whole_tree() -> None:
    # A glob that found nothing would pass the test above whatever the map said.
    tree = modules_in_tree()
    assert "scorekeeper/rules/variants.py" in tree and "config/settings.py" in tree
    assert not any("/migrations/" in m or m.endswith("__init__.py") for m in tree)


SETTINGS_READS = re.compile(
    r"""(?:env_flag|env_int|env_list|env_time_zone|os\.environ\.get|os\.environ\[|os\.getenv)"""
    r"""\(?\s*["']([A-Z][A-Z0-9_]+)["']"""
)


def test_the_configuration_page_names_every_variable_the_settings_read() -> None:
    settings = (ROOT / "config" / "settings.py").read_text(encoding="utf-8")
    variables = set(SETTINGS_READS.findall(settings))
    assert {"DATABASE_URL", "DJANGO_DEBUG", "DJANGO_TIME_ZONE"} <= variables  # the pattern reads
    page = (DOCS / "configuration.md").read_text(encoding="utf-8")
    missing = sorted(v for v in variables if f"`{v}`" not in page)
    assert not missing, f"docs/configuration.md should describe: {', '.join(missing)}"


def test_the_latest_released_version_in_the_change_log_is_the_projects() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?", changelog, re.M)
    released = [(name, day) for name, day in headings if name != "Unreleased"]
    assert headings and headings[0][0] == "Unreleased", "the change log opens with Unreleased"
    assert released, "the change log names no released version"
    assert released[0][0] == version, (
        f"CHANGELOG.md's latest release is {released[0][0]}, pyproject.toml says {version}"
    )
    assert all(day for _name, day in released), "every released version has its date"
    days = [day for _name, day in released]
    assert days == sorted(days, reverse=True), "versions newest first"


def test_the_readme_stays_a_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert "Django web app for Canasta players and clubs" in "\n".join(readme.splitlines()[:5])
    for command in ("make run", "make test"):
        assert command in readme
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).is_file(), link


def test_every_page_of_the_manual_is_in_its_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = {p.name for p in DOCS.glob("*.md")}
    in_nav = set(re.findall(r"^\s+- [^:]+: (\S+\.md)$", config, re.M))
    assert pages == in_nav
