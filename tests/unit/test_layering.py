"""The apps stand in layers, and every import and every model reference points down.

    core < scorekeeper < clubs < tournaments < federations < config

``core`` is the house's infrastructure and imports no app; ``scorekeeper`` keeps games (its pure
engine ``scorekeeper/rules`` imports only itself); ``clubs`` keeps clubs, players, seasons and
statistics; ``tournaments`` runs a club's events; ``federations`` ranks the events its clubs
report; ``config`` wires them all. A lower app hears of a
higher one only through a registry or a signal the higher one fills at start-up (as
``scorekeeper.edit_access.EDITORS``). No app imports another app's private name (``_x``).

The check reads every module's source (imports at any depth, inside functions too), the
``apps.get_model("app", ...)`` calls and the ``"app.Model"`` strings of relations. Migrations are
left out: they record the history (a field that once pointed up); the models are what stands, and
a last test reads the relations from Django's own registry.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("core", "scorekeeper", "clubs", "tournaments", "federations", "config")
RANK = {app: rank for rank, app in enumerate(LAYERS)}
# A model reference names an app by its label: "clubs.Player", get_model("tournaments", ...).
LABELS = {
    "core": "core",
    "scorekeeper": "scorekeeper",
    "clubs": "clubs",
    "tournaments": "tournaments",
    "federations": "federations",
}
RELATIONS = {"ForeignKey", "OneToOneField", "ManyToManyField"}
RULES = "scorekeeper.rules"


@dataclass(frozen=True)
class Fault:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


@dataclass(frozen=True)
class Reference:
    """One module naming another app: an import (``module``, and the ``names`` taken from it)
    or a model (``module`` is the app's label)."""

    line: int
    module: str
    names: tuple[str, ...] = ()
    model: bool = False


def module_of(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The absolute name of ``from <node.module> import ...`` written in ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    drop = node.level - 1 if is_package else node.level
    base = base[: len(base) - drop] if drop else base
    return ".".join([*base, node.module] if node.module else base)


def string_arg(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def references(source: str, module: str, is_package: bool = False) -> list[Reference]:
    """Every import of the module (at any depth), and every model it names by string."""
    found: list[Reference] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(Reference(node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names)
            found.append(Reference(node.lineno, absolute(module, node, is_package), names))
        elif isinstance(node, ast.Call):
            callee = node.func
            name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            if name == "get_model" and node.args:
                label = string_arg(node.args[0]) or ""
                found.append(Reference(node.lineno, label.split(".")[0], model=True))
            elif name in RELATIONS and node.args:
                target = string_arg(node.args[0]) or ""
                if "." in target:
                    found.append(Reference(node.lineno, target.split(".")[0], model=True))
            for keyword in node.keywords:
                if keyword.arg == "to" and name in RELATIONS:
                    target = string_arg(keyword.value) or ""
                    if "." in target:
                        found.append(Reference(node.lineno, target.split(".")[0], model=True))
    return found


def app_of(module: str) -> str | None:
    top = module.split(".")[0]
    return top if top in RANK else None


def faults_in(source: str, module: str, path: str, is_package: bool = False) -> list[Fault]:
    """What in one module's source goes against the layers."""
    here = app_of(module)
    if here is None:
        return []
    faults: list[Fault] = []
    in_rules = module == RULES or module.startswith(RULES + ".")
    for ref in references(source, module, is_package):
        there = app_of(ref.module)
        if there is None or (there == here and not in_rules):
            continue
        kind = "names a model of" if ref.model else "imports"
        if in_rules and not (ref.module == RULES or ref.module.startswith(RULES + ".")):
            faults.append(Fault(path, ref.line, f"the pure rules {kind} {ref.module}"))
        elif RANK[there] > RANK[here]:
            faults.append(Fault(path, ref.line, f"{here} {kind} {ref.module}, above it"))
        if there != here:
            private = [n for n in ref.names if n.startswith("_")]
            private += [p for p in ref.module.split(".")[1:] if p.startswith("_")]
            if private:
                names = ", ".join(private)
                faults.append(Fault(path, ref.line, f"{here} takes private {names} of {there}"))
    return faults


def app_files() -> list[Path]:
    return sorted(
        path
        for app in LAYERS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.relative_to(ROOT).parts
    )


def edges(paths: list[Path]) -> dict[tuple[str, str], set[tuple[str, str]]]:
    """Which app imports or names which, with the (module, module or app) pairs behind it: for
    the closing notes' figures (``python tests/unit/test_layering.py``)."""
    graph: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for path in paths:
        module = module_of(path)
        here = app_of(module)
        for ref in references(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            there = app_of(ref.module)
            if here and there and there != here:
                graph.setdefault((here, there), set()).add((module, ref.module))
    return graph


FILES = app_files()


def test_there_are_modules_of_every_app_to_check() -> None:
    assert {app_of(module_of(path)) for path in FILES} == set(LAYERS)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_import_and_model_reference_points_down(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    faults = faults_in(
        source, module_of(path), str(path.relative_to(ROOT)), path.name == "__init__.py"
    )
    assert not faults, "\n".join(map(str, faults))


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("core.cache", "import clubs\n", "core imports clubs, above it"),
        (
            "scorekeeper.selectors",
            "def f():\n    from django.apps import apps\n"
            "    return apps.get_model('tournaments', 'Match')\n",
            "scorekeeper names a model of tournaments, above it",
        ),
        (
            "clubs.models",
            "from django.db import models\n"
            "class Season(models.Model):\n"
            "    events = models.ManyToManyField('tournaments.Tournament')\n",
            "clubs names a model of tournaments, above it",
        ),
        (
            "clubs.models",
            "from django.db import models\n"
            "x = models.ForeignKey(to='tournaments.Tournament', on_delete=models.CASCADE)\n",
            "clubs names a model of tournaments, above it",
        ),
        ("clubs.backup", "def f():\n    from tournaments import services\n", "clubs imports"),
        ("tournaments.forms", "from clubs.models import _checked_name\n", "private _checked_name"),
        ("tournaments.views", "from scorekeeper.services._common import x\n", "private _common"),
        ("scorekeeper.rules.melds", "from scorekeeper.models import Game\n", "the pure rules"),
        ("scorekeeper.rules.melds", "from core import rounding\n", "the pure rules imports core"),
        (
            "clubs.tables",
            "from . import _local\nfrom ..tournaments import models\n",
            "clubs imports",
        ),
    ],
)
def test_the_check_catches_a_bad_sample(module: str, source: str, expected: str) -> None:
    faults = faults_in(source, module, "sample.py")
    assert any(expected in str(fault) for fault in faults), faults


@pytest.mark.parametrize(
    ("module", "source"),
    [
        (
            "tournaments.models",
            "from django.db import models\nx = models.ForeignKey('clubs.Player')\n",
        ),
        ("clubs.services", "from scorekeeper.services import hands_import\nfrom . import _x\n"),
        (
            "scorekeeper.rules.melds",
            "from . import cards\nfrom scorekeeper.rules.errors import E\n",
        ),
        ("config.urls", "import tournaments.urls\nfrom clubs import views\n"),
        ("tournaments.models", "x = models.ForeignKey('self')\ny = models.ForeignKey('Round')\n"),
    ],
)
def test_the_check_lets_a_good_sample_pass(module: str, source: str) -> None:
    assert faults_in(source, module, "sample.py") == []


def test_every_relation_of_the_installed_models_points_down() -> None:
    from django.apps import apps

    upward = [
        f"{model._meta.label}.{field.name} -> {field.related_model._meta.label}"
        for model in apps.get_models(include_auto_created=True)
        if model._meta.app_label in LABELS
        for field in model._meta.get_fields(include_hidden=True)
        if field.concrete
        and field.is_relation
        and field.related_model is not None
        and field.related_model._meta.app_label in LABELS
        and RANK[field.related_model._meta.app_label] > RANK[model._meta.app_label]
    ]
    assert not upward


# The pages are held to the same layers: a template under templates/<app>/ belongs to that app
# (those at the top of templates/ to config: the site's frame, base.html, that every page
# extends, with every app's menu entry); it may load the tag libraries,
# include or extend the templates, and name the pages ({% url %}) of its own layer and those
# below. A higher app adds to a lower app's page through a registry (scorekeeper.rules_page) or
# by extending the lower page's template from its own (templates/clubs/game_new.html).
TEMPLATES = ROOT / "templates"
TAG = re.compile(r"\{%\s*(load|include|extends|url)\s+(.*?)\s*%\}", re.S)
FRAME = "base.html"
VERBS = {"load": "loads", "include": "includes", "extends": "extends", "url": "links to"}
QUOTED = re.compile(r"""^(["'])([^"']+)\1""")


def template_app(name: str) -> str:
    """The app a template belongs to, by its name ("clubs/club.html" is clubs')."""
    top = name.split("/")[0] if "/" in name else ""
    return top if top in RANK else "config"


def template_faults(
    source: str, name: str, libraries: dict[str, str], pages: dict[str, str]
) -> list[Fault]:
    """What in one template goes against the layers: ``libraries`` names each tag library's
    module, ``pages`` each URL name's view module."""
    here = template_app(name)
    faults: list[Fault] = []
    for match in TAG.finditer(source):
        tag, rest = match.groups()
        line = source.count("\n", 0, match.start()) + 1
        if tag == "load":
            words = rest.split()
            names = words[words.index("from") + 1 :] if "from" in words else words
            unknown = [lib for lib in names if lib not in libraries]
            faults += [Fault(name, line, f"{here} loads {lib}, no such library") for lib in unknown]
            found = [(lib, app_of(libraries.get(lib, ""))) for lib in names]
        else:
            quoted = QUOTED.match(rest)
            if not quoted:
                # A name held in a variable: the view gives it (python_template_faults holds
                # the template names written in the apps' code).
                continue
            target = quoted.group(2)
            if tag == "url" and target not in pages:
                faults.append(Fault(name, line, f"{here} links to {target}, no such page"))
                continue
            there = template_app(target) if tag != "url" else app_of(pages[target])
            found = [(target, there)]
        for what, there in found:
            if tag == "extends" and what == FRAME:
                continue  # every page extends the site's frame, which names every app's menu
            if there is not None and RANK[there] > RANK[here]:
                verb = VERBS[tag]
                faults.append(Fault(name, line, f"{here} {verb} {what} of {there}, above it"))
    return faults


def tag_libraries() -> dict[str, str]:
    from django.template.backends.django import get_installed_libraries

    return dict(get_installed_libraries())


def page_views() -> dict[str, str]:
    """Every named URL's view module, through the included URL lists."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found: dict[str, str] = {}

    def walk(patterns: list, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                view = pattern.callback
                view = getattr(view, "view_class", view)
                found.setdefault(namespace + pattern.name, view.__module__)

    walk(get_resolver().url_patterns, "")
    return found


# A template named in an app's code ("clubs/club.html", a table's template_name): the module
# uses it as it would a module of that app.
TEMPLATE_NAME = re.compile(r"^(core|scorekeeper|clubs|tournaments)/[\w/.-]+\.(html|txt)$")


def python_template_faults(source: str, module: str, path: str) -> list[Fault]:
    """The templates a module names by a string, against the layers."""
    here = app_of(module)
    if here is None:
        return []
    faults = []
    for node in ast.walk(ast.parse(source)):
        name = string_arg(node) if isinstance(node, ast.Constant) else None
        if name and TEMPLATE_NAME.match(name):
            there = template_app(name)
            if RANK[there] > RANK[here]:
                faults.append(Fault(path, node.lineno, f"{here} uses {name} of {there}, above it"))
    return faults


def test_every_template_named_in_the_code_is_of_its_layer_or_below() -> None:
    faults = [
        fault
        for path in FILES
        for fault in python_template_faults(
            path.read_text(encoding="utf-8"), module_of(path), str(path.relative_to(ROOT))
        )
    ]
    assert not faults, "\n".join(map(str, faults))


def test_the_code_check_catches_a_template_named_above() -> None:
    source = 'class T:\n    template_name = "tournaments/public/_standings_table.html"\n'
    assert python_template_faults(source, "clubs.tables", "x.py")
    assert not python_template_faults(source, "tournaments.tables", "x.py")
    assert not python_template_faults('x = "core/_lean_table.html"\n', "clubs.tables", "x.py")


# The project's templates folder; no app keeps one of its own (a test says so, so that one added
# later is read here too).
TEMPLATE_FILES = sorted(TEMPLATES.rglob("*.html")) + sorted(TEMPLATES.rglob("*.txt"))


def test_no_app_keeps_templates_of_its_own() -> None:
    assert [p for app in LAYERS for p in (ROOT / app).glob("templates")] == []


def test_every_template_of_every_app_is_checked() -> None:
    apps = {template_app(str(p.relative_to(TEMPLATES))) for p in TEMPLATE_FILES}
    assert {"scorekeeper", "clubs", "tournaments", "config"} <= apps


def test_every_template_loads_includes_and_links_down() -> None:
    libraries, pages = tag_libraries(), page_views()
    assert app_of(libraries["clubs"]) == "clubs" and app_of(pages["tournament"]) == "tournaments"
    faults = [
        fault
        for path in TEMPLATE_FILES
        for fault in template_faults(
            path.read_text(encoding="utf-8"), str(path.relative_to(TEMPLATES)), libraries, pages
        )
    ]
    assert not faults, "\n".join(map(str, faults))


@pytest.mark.parametrize(
    ("name", "source", "expected"),
    [
        ("scorekeeper/variants.html", "{% load i18n clubs %}", "scorekeeper loads clubs of clubs"),
        ("scorekeeper/x.html", '{% include "clubs/_nav.html" %}', "includes clubs/_nav.html"),
        ("clubs/x.html", "{% extends 'tournaments/base.html' %}", "extends tournaments/base"),
        ("clubs/club.html", "<a href=\"{% url 'director' t.id %}\">", "links to director of tour"),
        ("clubs/x.html", "{% load x from clubs %}{% load y from tournaments %}", "tournaments"),
        ("clubs/x.html", '<a href="{% url "director" 1 %}">', "links to director of tournaments"),
        ("clubs/x.html", '{% include "tournaments/_t.html" with a=b only %}', "includes tourn"),
        ("clubs/x.html", "{% url 'directr' 1 %}", "directr, no such page"),
        ("clubs/x.html", "{% load clubz %}", "clubz, no such library"),
        ("clubs/x.html", '{% extends "registration/login.html" %}', "extends registration/login"),
    ],
)
def test_the_template_check_catches_a_bad_sample(name: str, source: str, expected: str) -> None:
    libraries = {
        "clubs": "clubs.templatetags.clubs",
        "tournaments": "tournaments.templatetags.t",
        "i18n": "django.templatetags.i18n",
        "x": "clubs.templatetags.x",
        "y": "tournaments.templatetags.y",
    }
    pages = {"director": "tournaments.views.director"}
    faults = template_faults(source, name, libraries, pages)
    assert any(expected in str(fault) for fault in faults), faults


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("clubs/game_new.html", '{% extends "scorekeeper/game_new.html" %}{% load i18n clubs %}'),
        ("scorekeeper/variants.html", "{% for p in parts %}{% include p.template %}{% endfor %}"),
        ("base.html", "{% url 'club' 1 %}{% url 'director' 2 %}{% load clubs %}"),
        ("scorekeeper/game.html", "{% url 'game' g.id %}{% url 'admin:index' %}"),
    ],
)
def test_the_template_check_lets_a_good_sample_pass(name: str, source: str) -> None:
    libraries = {"clubs": "clubs.templatetags.clubs", "i18n": "django.templatetags.i18n"}
    pages = {
        "club": "clubs.views",
        "director": "tournaments.views.director",
        "game": "scorekeeper.views",
        "admin:index": "django.contrib.admin.sites",
    }
    assert template_faults(source, name, libraries, pages) == []


if __name__ == "__main__":  # the figures for the notes: app -> app, module pairs
    for (here, there), pairs in sorted(edges(FILES).items()):
        print(f"{here:12} -> {there:12} {len(pairs):3} module pairs")
    for fault in (
        f
        for path in FILES
        for f in faults_in(
            path.read_text(encoding="utf-8"),
            module_of(path),
            str(path.relative_to(ROOT)),
            path.name == "__init__.py",
        )
    ):
        print(fault)
