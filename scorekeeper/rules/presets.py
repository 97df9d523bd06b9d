"""The registry of presets: the seven of VARIANTS.md and the four families of
VARIANTS-families.md, by id."""

from __future__ import annotations

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.families import FAMILIES
from scorekeeper.rules.variants import ORIGINAL_PRESETS, Variant

PRESETS: dict[str, Variant] = {v.id: v for v in (*ORIGINAL_PRESETS, *FAMILIES)}


def get_variant(variant_id: object) -> Variant:
    """The preset of that id, or a :class:`RuleViolation` naming the unknown id."""
    try:
        return PRESETS[variant_id]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RuleViolation(
            gettext_noop("unknown variant %(variant)r (known: %(known)s)"),
            field="variant",
            variant=variant_id,
            known=", ".join(PRESETS),
        ) from None
