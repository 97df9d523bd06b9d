"""Forms of the scoring pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.rules import PRESETS

VARIANT_CHOICES = [(v.id, v.name) for v in PRESETS.values()]


class OpeningLookupForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="classic")
    score = forms.IntegerField(
        label=_("Score"),
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
    )
    players = forms.IntegerField(label=_("Players"), initial=4, min_value=2, max_value=6)
