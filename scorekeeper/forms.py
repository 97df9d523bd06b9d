"""Forms of the scoring pages. Rules validation is the engine's, through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules.variants import (
    BlackThreeMeld,
    CanastaTiers,
    OnTie,
    RedThreesAgainst,
    RedThreeScale,
    WildLimit,
)

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


def _enum_choices(enum: Any) -> list[tuple[str, str]]:
    return _DEFAULT + [(m.value, m.value.replace("_", " ")) for m in enum]


_BOOL_CHOICES = [*_DEFAULT, ("true", _("yes")), ("false", _("no"))]


class NewGameForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as names, not prompts
        super().__init__(*args, **kwargs)

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
    target = forms.IntegerField(
        label=_("Target"),
        required=False,
        min_value=500,
        max_value=100_000,
        widget=forms.NumberInput(attrs={**NUMERIC, "step": 5}),
        help_text=_("Leave empty for the preset's target."),
    )
    # House rules (README "House rules"): empty means "as the preset".
    wild_limit = forms.ChoiceField(
        label=_("Wild cards per meld"), choices=_enum_choices(WildLimit), required=False
    )
    black_three_meld = forms.ChoiceField(
        label=_("Black-three melds"), choices=_enum_choices(BlackThreeMeld), required=False
    )
    red_three_scale = forms.ChoiceField(
        label=_("Red threes"), choices=_enum_choices(RedThreeScale), required=False
    )
    red_threes_against = forms.ChoiceField(
        label=_("Red threes count against a side with"),
        choices=_enum_choices(RedThreesAgainst),
        required=False,
    )
    opening_below_zero = forms.IntegerField(
        label=_("Opening minimum below zero"),
        required=False,
        min_value=0,
        max_value=500,
        widget=forms.NumberInput(attrs={**NUMERIC, "step": 5}),
    )
    on_tie = forms.ChoiceField(
        label=_("A tie at the end"), choices=_enum_choices(OnTie), required=False
    )
    packs = forms.IntegerField(
        label=_("Packs"),
        required=False,
        min_value=1,
        max_value=8,
        widget=forms.NumberInput(attrs=NUMERIC),
    )
    cards_dealt = forms.IntegerField(
        label=_("Cards dealt"),
        required=False,
        min_value=7,
        max_value=20,
        widget=forms.NumberInput(attrs=NUMERIC),
    )
    wild_melds = forms.ChoiceField(
        label=_("Melds of wild cards (espanola)"), choices=_BOOL_CHOICES, required=False
    )
    concealed_canasta_bonus = forms.IntegerField(
        label=_("Concealed canasta bonus (espanola)"),
        required=False,
        min_value=0,
        max_value=5000,
        widget=forms.NumberInput(attrs={**NUMERIC, "step": 5}),
    )
    canasta_tiers = forms.ChoiceField(
        label=_("Canasta-count tiers (espanola)"),
        choices=_enum_choices(CanastaTiers),
        required=False,
    )
    sequences = forms.ChoiceField(
        label=_("Sequences (espanola)"), choices=_BOOL_CHOICES, required=False
    )

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
        for name in self.HOUSE_RULE_FIELDS:
            value = data.get(name)
            if value in (None, ""):
                continue
            rules[name] = (
                {"true": True, "false": False}.get(value, value)
                if isinstance(value, str)
                else value
            )
        if data.get("target"):
            rules["target"] = data["target"]
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
