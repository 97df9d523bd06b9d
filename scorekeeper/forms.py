"""Forms of the scoring pages. Rules validation is the engine's, through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules.house_rules import Choice, HouseRule, Whole

VARIANT_CHOICES = [(v.id, v.name) for v in PRESETS.values()]
PLAYER_CHOICES = [(n, str(n)) for n in range(2, 7)]
NUMERIC = {"inputmode": "numeric"}


class OpeningLookupForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="classic")
    score = forms.IntegerField(
        label=_("Score"), initial=0, widget=forms.NumberInput(attrs={**NUMERIC, "step": 5})
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=PLAYER_CHOICES, coerce=int, initial=4
    )


_DEFAULT = [("", _("as the preset"))]


_BOOL_CHOICES = [*_DEFAULT, ("true", _("yes")), ("false", _("no"))]


def house_rule_field(rule: HouseRule) -> forms.Field:
    """A form field for a house rule; empty means "as the preset". The engine validates again."""
    values = rule.values
    label = _(rule.label)
    if isinstance(values, Whole):
        return forms.IntegerField(
            label=label,
            required=False,
            min_value=values.low,
            max_value=values.high,
            step_size=values.step if values.step > 1 else None,
            widget=forms.NumberInput(attrs={**NUMERIC, "step": values.step}),
        )
    if isinstance(values, Choice):
        choices = [(v, v.replace("_", " ")) for v in values.choices]
        return forms.ChoiceField(label=label, choices=[*_DEFAULT, *choices], required=False)
    return forms.ChoiceField(label=label, choices=_BOOL_CHOICES, required=False)


class NewGameForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as names, not prompts
        super().__init__(*args, **kwargs)
        # Target and house rules: one field per rule of the engine, from its own description.
        for name, rule in HOUSE_RULES.items():
            self.fields[name] = house_rule_field(rule)
        self.fields["target"].help_text = _("Leave empty for the preset's target.")

    variant = forms.ChoiceField(
        label=_("Variant"), choices=VARIANT_CHOICES, initial="classic", widget=forms.RadioSelect
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=PLAYER_CHOICES, coerce=int, initial=4
    )
    sides = forms.TypedChoiceField(
        label=_("Sides"),
        choices=[(2, "2"), (3, "3")],
        coerce=int,
        initial=2,
        help_text=_("With six players: three pairs or two teams of three."),
    )
    side_1 = forms.CharField(
        label=_("Side 1"), max_length=60, required=False, initial=_("North–South")
    )
    players_1 = forms.CharField(label=_("Players of side 1"), max_length=200, required=False)
    side_2 = forms.CharField(
        label=_("Side 2"), max_length=60, required=False, initial=_("East–West")
    )
    players_2 = forms.CharField(label=_("Players of side 2"), max_length=200, required=False)
    side_3 = forms.CharField(label=_("Side 3"), max_length=60, required=False)
    players_3 = forms.CharField(label=_("Players of side 3"), max_length=200, required=False)
    HOUSE_RULE_FIELDS = [name for name in HOUSE_RULES if name != "target"]

    def game_arguments(self) -> dict[str, Any]:
        """The arguments of services.game_create from the cleaned data."""
        data = self.cleaned_data
        variant = PRESETS[data["variant"]]
        counts = sorted(
            {
                len(layout)
                for t in variant.tables
                if t.players == data["players"]
                for layout in t.layouts
            }
        )
        # One layout: its side count; two (six players): the one chosen. The engine checks it.
        count = counts[0] if len(counts) == 1 else data["sides"]
        sides = [
            {"name": data[f"side_{i}"] or "", "players": data[f"players_{i}"] or ""}
            for i in range(1, count + 1)
        ]
        rules: dict[str, Any] = {}
        for name in HOUSE_RULES:  # the target included
            value = data.get(name)
            if value in (None, ""):
                continue
            rules[name] = {"true": True, "false": False}.get(value, value)
        return {
            "variant": data["variant"],
            "players": data["players"],
            "sides": sides,
            "rules": rules,
        }

    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.HOUSE_RULE_FIELDS]


class ImportForm(forms.Form):
    file = forms.FileField(label=_("JSON Lines file"), required=False)
    text = forms.CharField(
        label=_("…or paste the hand records, one per line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )
