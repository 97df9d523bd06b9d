"""The club pages' forms: a club's name, a member, a player, a merge, a scale of victory points."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership, Player, Season
from scorekeeper.forms import NewGameForm
from scorekeeper.i18n import PRESET_CHOICES
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, no_control_characters


class ClubForm(forms.Form):
    name = forms.CharField(
        label=_("Club name"), max_length=MAX_CLUB_NAME, validators=[no_control_characters]
    )


class MemberForm(forms.Form):
    username = forms.CharField(label=_("Account name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class PlayerForm(forms.Form):
    name = forms.CharField(
        label=_("Player's name"), max_length=MAX_PLAYER_NAME, validators=[no_control_characters]
    )


class MergeForm(forms.Form):
    keep = forms.ModelChoiceField(label=_("Keep"), queryset=Player.objects.none())
    duplicate = forms.ModelChoiceField(
        label=_("Merge into it, then remove"), queryset=Player.objects.none()
    )

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("keep", "duplicate"):
            cast(forms.ModelChoiceField, self.fields[name]).queryset = players


class PresetForm(NewGameForm):
    """A club's rules: the new-game form's table and house rules under a name, without the
    sides' names."""

    name = forms.CharField(
        label=_("Name of the club's rules"), max_length=60, validators=[no_control_characters]
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].widget = forms.Select(choices=PRESET_CHOICES)

    def side_fields(self) -> list:
        return []

    def preset_arguments(self) -> dict[str, Any]:
        arguments = self.game_arguments()
        return {
            "name": self.cleaned_data["name"],
            "variant": arguments["variant"],
            "players": arguments["players"],
            "sides": len(arguments["sides"]),
            "rules": arguments["rules"],
        }


class EventsField(forms.ModelMultipleChoiceField):
    """The club's events, by id: a value no id can be (too large for the database, not a whole
    number) is an unknown choice, never a query."""

    def label_from_instance(self, obj: Any) -> str:
        """The event and the day it was played: two Tuesdays of one name tell apart."""
        return f"{obj.name} · {date_format(obj.played_on)}"

    def clean(self, value: Any) -> Any:
        for item in value or []:
            text = str(item)
            # ASCII digits only ("²" is a digit to isdigit, but no number to int), 18 at most.
            if not (text.isascii() and text.isdigit() and len(text) <= 18):
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": str(item)[:20]},
                )
        return super().clean(value)


class SeasonForm(forms.Form):
    def __init__(self, *args: Any, tournaments: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        cast(forms.ModelMultipleChoiceField, self.fields["events"]).queryset = tournaments

    name = forms.CharField(
        label=_("Name of the season"), max_length=80, validators=[no_control_characters]
    )
    method = forms.ChoiceField(
        label=_("Points per event"),
        choices=Season.Method.choices,
        help_text=_(
            "By placing: as many points as the event had pairs, less the places above (1st of "
            "12 scores 12). By the event's points: its victory points, or match points."
        ),
    )
    best = forms.IntegerField(
        label=_("Best events counting"),
        min_value=0,
        max_value=1000,
        initial=0,
        help_text=_("0: every event counts."),
    )
    starts_on = forms.DateField(
        label=_("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_(
            "With dates, every event of the club played from the first day to the last "
            "counts, besides those ticked below (either date may be left empty)."
        ),
    )
    ends_on = forms.DateField(
        label=_("To"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    events = EventsField(
        label=_("Events"),
        queryset=Season.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


class ClubImportForm(forms.Form):
    file = forms.FileField(label=_("The club's backup file (.json)"))
    name = forms.CharField(
        label=_("The club's name here"),
        required=False,
        max_length=MAX_CLUB_NAME,
        validators=[no_control_characters],
        help_text=_("Empty: the name in the file."),
    )


class VpScaleForm(forms.Form):
    """A scale of victory points: a name and its ten margins (clubs/vp_scales.py), checked by
    the service."""

    name = forms.CharField(
        label=_("Name of the scale"), max_length=60, validators=[no_control_characters]
    )
    margins = forms.CharField(
        label=_("Margins"),
        max_length=200,
        help_text=_(
            "Ten margins, rising: up to the first the table is 10–10, above each the winner "
            "takes one point more, above the last 20–0. For example: "
            "100 250 400 550 700 850 1050 1250 1500 2000."
        ),
    )
