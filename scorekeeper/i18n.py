"""The rules engine's messages in the reader's language (the engine itself has no Django)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from scorekeeper.rules import PRESETS, RuleViolation, Variant


def explain(violation: RuleViolation) -> str:
    """A refusal of the rules engine, translated, plural forms included, as the sentence a person
    reads: "Side 1 (NS), meld 1 (K): a meld needs...". The engine writes its messages in lower
    case, as parts that sit inside one another (RuleViolation.render); only the whole, shown
    alone, begins with a capital. A house rule's refused value is said with the words of the
    forms that offer it (house_rule_words.choice_refusal)."""
    from scorekeeper.house_rule_words import choice_refusal  # it reads the presets' names from here

    return choice_refusal(violation) or violation.sentence(gettext, ngettext)


def preset_name(variant: Variant | str) -> str:
    """A preset's name ("Classic Canasta", marked in the engine) in the reader's language; a
    preset id no longer in the registry (an old game's) is shown as it is. Templates that hold
    the variant say ``{% translate variant.name %}``, as they do for its description."""
    if isinstance(variant, str):
        found = PRESETS.get(variant)
        return gettext(found.name) if found is not None else variant
    return gettext(variant.name)


# The presets of a form's choice, by id, each name translated when the form is shown.
PRESET_CHOICES = [(v.id, gettext_lazy(v.name)) for v in PRESETS.values()]
