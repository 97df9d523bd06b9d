"""A club's preset in words, as the Rules page and the club's pages show it: the rulebook it
starts from, the table, and each house rule with the value the club chose, worded as the
new-game form words it (one source for both: scorekeeper.forms.house_rule_field)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import ClubPreset
from scorekeeper.forms import house_rule_field, house_rule_text
from scorekeeper.i18n import preset_name
from scorekeeper.rules import HOUSE_RULES


@dataclass(frozen=True)
class PresetCard:
    preset: ClubPreset
    based_on: str  # "Classic Canasta"
    table: str  # "4 players, 2 sides"
    rules: list[tuple[str, str]]  # (the house rule's label, the value in words)


def _value_words(name: str, value: object) -> str:
    rule = HOUSE_RULES[name]
    field = house_rule_field(rule)
    text = house_rule_text(rule, value)
    for key, words in getattr(field, "choices", []):
        if str(key) == str(text):
            return str(words)
    return str(text)


def preset_card(preset: ClubPreset) -> PresetCard:
    table = ngettext("%(n)s player", "%(n)s players", preset.players) % {"n": preset.players}
    table += ", " + ngettext("%(n)s side", "%(n)s sides", preset.sides) % {"n": preset.sides}
    rules = [
        (_(HOUSE_RULES[name].label), _value_words(name, value))
        for name, value in preset.rules.items()
        if name in HOUSE_RULES
    ]
    return PresetCard(preset, preset_name(preset.variant), table, rules)
