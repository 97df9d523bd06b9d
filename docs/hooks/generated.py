"""The manual's pages that are written from the code, at every build (mkdocs.yml's ``hooks:``).

Nothing here is committed as text, so nothing can go stale: the house rules and every preset's
values come from the rules engine's own data (``scorekeeper/rules/variants.py``,
``families.py``, ``house_rules.py``), the API reference from the OpenAPI document the server
serves (``scorekeeper/openapi.py``), the change log page from ``CHANGELOG.md`` and the home page
from ``README.md``. A page asks for a part with a marker line, ``<!-- generated: NAME -->``,
which is replaced by that part.

The functions that build each part take no MkDocs object, so a test can call them (``fill``:
tests/unit/rules/test_house_rules.py reads the house-rules page as the build writes it).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.MULTILINE)


def _on_path() -> None:
    """The project's packages importable: mkdocs runs from .venv/bin, and restores sys.path
    after loading a hook, so this is done when a part is built."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _django() -> None:
    """The OpenAPI document reads the services' limits, which import the models."""
    _on_path()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _code(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "`" + json.dumps(list(value)) + "`"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "`" + json.dumps(value) + "`"
    return f"`{getattr(value, 'value', value)}`"


# The house rules ---------------------------------------------------------------------------


def _values_text(values: Any) -> str:
    from scorekeeper.rules.rule_values import Books, Choice, Flag, OneOf, Steps, Whole

    if isinstance(values, Whole):
        step = f", in steps of {values.step}" if values.step != 1 else ""
        return f"{values.low} to {values.high}{step}"
    if isinstance(values, Flag):
        return "`true`, `false`"
    if isinstance(values, Choice):
        return ", ".join(f"`{c}`" for c in values.choices)
    if isinstance(values, OneOf):
        return ", ".join(_code(c) for c in values.choices)
    if isinstance(values, Books):
        return '`"C+D"` or `"C+D+W"`: clean, dirty (and wild) books, a digit each'
    if isinstance(values, Steps):
        return (
            f"{values.count} whole numbers, {values.low} to {values.high} in steps of {values.step}"
        )
    raise TypeError(f"a house rule's values of an unknown kind: {values!r}")


def house_rules_markdown() -> str:
    """Every house rule: its name, values, meaning and the presets that offer it."""
    from scorekeeper.rules import HOUSE_RULES, PRESETS

    lines = [
        "| name | label | values | what it changes | offered by |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, rule in HOUSE_RULES.items():
        offered = [p for p in PRESETS.values() if rule.offered_to(p)]
        general = _values_text(rule.values)
        narrowed = [
            f"{p.id}: " + ", ".join(_code(v) for v in p.values_of(name) or ())
            for p in offered
            if p.values_of(name) is not None
            and ", ".join(_code(v) for v in p.values_of(name) or ()) != general
        ]
        values = general + (" (" + "; ".join(narrowed) + ")" if narrowed else "")
        presets = (
            "every preset"
            if len(offered) == len(PRESETS)
            else ", ".join(f"`{p.id}`" for p in offered)
        )
        lines.append(
            f"| `{name}` | {_cell(rule.label)} | {_cell(values)} | {_cell(rule.help)} | {presets} |"
        )
    return "\n".join(lines) + "\n"


def _seating_label(seating: Any) -> str:
    return f"{seating.players} ({seating.layout_label})"


def _row(label: str, cells: list[object]) -> str:
    return f"| {label} | " + " | ".join(_cell(c) for c in cells) + " |"


def _fixed_values(preset: Any) -> dict[str, object]:
    """The values no house rule changes, the same at every table size."""
    bonus = preset.canasta_bonus
    values: dict[str, object] = {
        "natural canasta": bonus.natural,
        "mixed canasta": bonus.mixed,
        "concealed canasta": bonus.concealed,
        "wild canasta (pure, mixed)": f"{bonus.wild_pure}, {bonus.wild_mixed}"
        if bonus.wild_pure is not None or bonus.wild_mixed is not None
        else None,
        "canasta-count tiers": ", ".join(f"+{bonus} at {count}" for count, bonus in tiers)
        if (tiers := preset.canasta_tiers)
        else None,
        "going out, concealed": (
            f"{preset.going_out_bonus}, {preset.going_out_bonus_of(concealed=True)}"
        ),
        "black three left in hand": -preset.values.black_three_in_hand,
    }
    return {label: value for label, value in values.items() if value is not None}


def presets_markdown() -> str:
    """Every preset with its values at each table size; the values a house rule may change are
    marked "(decision)", as VARIANTS.md marks them."""
    from scorekeeper.rules import HOUSE_RULES, PRESETS
    from scorekeeper.rules.house_rules import house_rule_defaults
    from scorekeeper.rules.opening import opening_table

    out: list[str] = []
    for preset in PRESETS.values():
        seatings = preset.seatings
        out += [
            f"### {preset.name} (`{preset.id}`)",
            "",
            f"{preset.source}. {preset.description}",
            "",
            "| value | " + " | ".join(_seating_label(s) for s in seatings) + " |",
            "| --- |" + " --- |" * len(seatings),
        ]

        defaults = [house_rule_defaults(preset, s) for s in seatings]
        # The deal's figures, where no house rule shows them below.
        if "cards_dealt" not in defaults[0]:
            out.append(_row("cards dealt", [s.cards_dealt for s in seatings]))
        if "packs" not in defaults[0]:
            out.append(_row("packs", [s.packs for s in seatings]))
        for name in HOUSE_RULES:
            if name in defaults[0]:
                out.append(_row(f"`{name}` (decision)", [_code(d[name]) for d in defaults]))
        for label, value in _fixed_values(preset).items():
            out.append(_row(label, [value] * len(seatings)))
        opening = "; ".join(f"{rng}: {minimum}" for rng, minimum in opening_table(preset))
        out += ["", f"Opening minimum: {opening}.", ""]
    return "\n".join(out)


# The API -----------------------------------------------------------------------------------


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _anchor(name: str) -> str:
    return "schema-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _type(schema: dict[str, Any], depth: int = 0) -> str:
    """A schema in a few words, for a table's cell."""
    if "$ref" in schema:
        name = _ref_name(schema["$ref"])
        return f"[{name}](#{_anchor(name)})"
    if "const" in schema:
        return _code(schema["const"])
    if "enum" in schema:
        return ", ".join(_code(v) for v in schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            branches = schema[key]
            if depth or len(branches) > 4:
                return f"one of {len(branches)} shapes"
            return " or ".join(_type(b, depth + 1) for b in branches)
    kind = schema.get("type", "any")
    if kind == "object" and schema.get("properties"):
        return "object: " + ", ".join(f"`{key}`" for key in schema["properties"])
    if kind == "array":
        items = _type(schema.get("items", {}), depth + 1)
        counts = [schema.get("minItems"), schema.get("maxItems")]
        limits = f" ({counts[0]} to {counts[1]})" if None not in counts else ""
        return f"array of {items}{limits}"
    return _scalar(schema)


def _scalar(schema: dict[str, Any]) -> str:
    kind = schema.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    bounds = []
    if "minimum" in schema or "maximum" in schema:
        bounds.append(f"{schema.get('minimum', '')}..{schema.get('maximum', '')}")
    if "multipleOf" in schema:
        bounds.append(f"multiple of {schema['multipleOf']}")
    if "minLength" in schema or "maxLength" in schema:
        bounds.append(f"length {schema.get('minLength', 0)}..{schema.get('maxLength', '')}")
    return str(kind) + (f" ({', '.join(bounds)})" if bounds else "")


def _properties_table(schema: dict[str, Any]) -> list[str]:
    required = set(schema.get("required", ()))
    lines = ["| key | type | required | description |", "| --- | --- | --- | --- |"]
    for key, sub in schema.get("properties", {}).items():
        lines.append(
            f"| `{key}` | {_cell(_type(sub))} | {'yes' if key in required else 'no'} "
            f"| {_cell(sub.get('description', ''))} |"
        )
    return lines


def _body(content: dict[str, Any] | None) -> str:
    if not content:
        return "no body"
    schema = next(iter(content.values())).get("schema", {})
    return _type(schema) if schema else "JSON"


def _branch_label(branch: dict[str, Any]) -> str:
    consts = [
        f"{key} {sub['const']}"
        for key, sub in branch.get("properties", {}).items()
        if isinstance(sub, dict) and "const" in sub
    ]
    return ", ".join(consts) or _type(branch, 1)


def _schema_section(name: str, schema: dict[str, Any]) -> list[str]:
    out = [f"#### {name} {{#{_anchor(name)}}}", ""]
    if "description" in schema:
        out += [_cell(schema["description"]), ""]
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches and all(b.get("type") == "object" for b in branches):
        union: dict[str, Any] = {}
        for branch in branches:
            for key, sub in branch.get("properties", {}).items():
                union.setdefault(key, sub)
        out.append(
            f"One of {len(branches)} shapes: " + "; ".join(_branch_label(b) for b in branches) + "."
        )
        out += ["", "Their keys (the first shape's type):", ""]
        out += _properties_table({"properties": union})
    elif branches:
        out.append("One of: " + "; ".join(_type(b, 1) for b in branches) + ".")
    elif schema.get("type") == "object":
        out += _properties_table(schema)
        if schema.get("additionalProperties") is False:
            out += ["", "No other key."]
    else:
        out.append(_type(schema))
    out.append("")
    return out


def api_reference_markdown(schema: dict[str, Any] | None = None) -> str:
    """Every endpoint with its methods, parameters, body and answers, then every schema."""
    if schema is None:
        _django()
        from scorekeeper.openapi import SCHEMA

        schema = SCHEMA
    out = [f"OpenAPI {schema['openapi']}, API version {schema['info']['version']}.", ""]
    for scheme_name, scheme in schema.get("components", {}).get("securitySchemes", {}).items():
        out += [
            f"Authentication `{scheme_name}`: {scheme.get('type')} {scheme.get('scheme', '')}, "
            f"{scheme.get('description', '')}.",
            "",
        ]
    out += ["### Endpoints", ""]
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            out += [f"#### `{method.upper()} {path}`", "", _cell(op.get("summary", "")), ""]
            if op.get("security"):
                names = ", ".join(f"`{n}`" for s in op["security"] for n in s) or "none"
                out += [f"Authentication: {names}.", ""]
            params = op.get("parameters", [])
            if params:
                out += ["| parameter | in | type | required | description |"]
                out += ["| --- | --- | --- | --- | --- |"]
                for p in params:
                    out.append(
                        f"| `{p['name']}` | {p['in']} | {_cell(_type(p.get('schema', {})))} "
                        f"| {'yes' if p.get('required') else 'no'} "
                        f"| {_cell(p.get('description', ''))} |"
                    )
                out.append("")
            body = op.get("requestBody")
            if body:
                out += [f"Body: {_body(body.get('content'))}.", ""]
            out += ["| answer | meaning | body |", "| --- | --- | --- |"]
            for status, answer in op["responses"].items():
                out.append(
                    f"| {status} | {_cell(answer.get('description', ''))} "
                    f"| {_cell(_body(answer.get('content')))} |"
                )
            out.append("")
    out += ["### Schemas", ""]
    for name, sub in schema.get("components", {}).get("schemas", {}).items():
        out += _schema_section(name, sub)
    return "\n".join(out)


def changelog_markdown() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def readme_markdown() -> str:
    """The README as the manual's home page, its links made the manual's own."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.replace("](docs/", "](").replace("](CHANGELOG.md)", "](changelog.md)")


PARTS: dict[str, Callable[[], str]] = {
    "house-rules": house_rules_markdown,
    "presets": presets_markdown,
    "api-reference": api_reference_markdown,
    "changelog": changelog_markdown,
    "readme": readme_markdown,
}


def fill(markdown: str) -> str:
    """The page with every marker replaced by its part; an unknown marker fails the build."""

    _on_path()

    def part(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in PARTS:
            raise ValueError(f"unknown generated part {name!r}: known are {', '.join(PARTS)}")
        return PARTS[name]()

    return MARKER.sub(part, markdown)


def on_page_markdown(markdown: str, **_kwargs: Any) -> str:
    return fill(markdown)
