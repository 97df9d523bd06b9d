"""Forms of the scoring pages. Rules validation is the engine's, through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import StepValueValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.house_rule_words import choice_words
from scorekeeper.i18n import PRESET_CHOICES, preset_name
from scorekeeper.imports import MAX_BYTES as MAX_IMPORT_BYTES
from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules.rule_values import Books, Choice, HouseRule, OneOf, Steps, Whole, json_text

PLAYER_CHOICES = [(n, str(n)) for n in range(2, 7)]
# As many side-name fields as the largest layout of any preset (espanola: four on their own).
MAX_SIDES = max(seating.sides for v in PRESETS.values() for seating in v.seatings)
SIDE_COUNTS = sorted({seating.sides for v in PRESETS.values() for seating in v.seatings})
NUMERIC = {"inputmode": "numeric"}


class OpeningLookupForm(forms.Form):
    """The opening lookup: by the side's score, or by the hand's number where a preset goes so."""

    variant = forms.ChoiceField(label=_("Variant"), choices=PRESET_CHOICES, initial="classic")
    score = forms.IntegerField(
        label=_("Score"),
        initial=0,
        required=False,
        widget=forms.NumberInput(attrs={**NUMERIC, "step": 5}),
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=PLAYER_CHOICES, coerce=int, initial=4
    )
    hand = forms.IntegerField(
        label=_("Hand number"),
        required=False,
        min_value=1,
        widget=forms.NumberInput(attrs=NUMERIC),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from scorekeeper.rules.variants import OpeningBy

        super().__init__(*args, **kwargs)
        by_hand = [v for v in PRESETS.values() if v.opening_by is OpeningBy.HAND_NUMBER]
        self.by_hand = tuple(v.id for v in by_hand)  # for the page's script (data-by-hand)
        names = {"presets": ", ".join(preset_name(v) for v in by_hand)}
        self.fields["score"].help_text = (
            _(
                "The side's total at the start of the hand. Not used in %(presets)s, where the "
                "minimum goes by the hand's number."
            )
            % names
        )
        self.fields["hand"].help_text = (
            _("Only in %(presets)s: the hand's place in the game, from 1.") % names
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        variant = PRESETS.get(data.get("variant", ""))
        if variant is None:
            return data
        if variant.id in self.by_hand:
            if data.get("hand") is None and "hand" not in self.errors:
                self.add_error(
                    "hand",
                    _("%(name)s sets the opening by the hand's number: give the hand.")
                    % {"name": preset_name(variant)},
                )
        elif data.get("score") is None and "score" not in self.errors:
            self.add_error("score", forms.Field.default_error_messages["required"])
        return data

    @property
    def unused(self) -> str:
        """The field the chosen preset does not ask for, left out of the page as it is sent: the
        page's script only follows a change of preset, so nothing moves once it is shown (hiding
        the hand's row after load shifted the whole page up by 132 px)."""
        chosen = self["variant"].value()
        return "score" if chosen in self.by_hand else "hand"


_DEFAULT = [("", _("as the preset"))]
SIDE_NAMES = {1: _("North–South"), 2: _("East–West")}


_BOOL_CHOICES = [*_DEFAULT, ("true", _("yes")), ("false", _("no"))]


class WholeStepValidator(StepValueValidator):
    """A multiple of the step, checked in whole numbers. Django's own check divides in floats
    (math.remainder), which overflows on a number of a few hundred digits: a target of 400
    nines answered 500 instead of saying it is too large."""

    def compare(self, a: int, b: int) -> bool:
        return bool((a - (self.offset or 0)) % b)


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
            validators=[WholeStepValidator(values.step)] if values.step > 1 else [],
            widget=forms.NumberInput(attrs={**NUMERIC, "step": values.step}),
        )
    if isinstance(values, Choice):
        choices = [(value, choice_words(values.enum(value))) for value in values.choices]
        if rule.name in FAMILY_CHOICES:  # the families' own values (samba: fewer than two...)
            choices = [(value, choice_words(values.enum(value))) for value in values.enum]
        return forms.ChoiceField(label=label, choices=[*_DEFAULT, *choices], required=False)
    if isinstance(values, OneOf):
        choices = [(json_text(v), choice_words(v)) for v in values.choices]
        return forms.ChoiceField(label=label, choices=[*_DEFAULT, *choices], required=False)
    if isinstance(values, Books | Steps):
        return forms.CharField(
            label=label,
            required=False,
            max_length=40,
            help_text=_("For example 2+2 or 2+2+1")
            if isinstance(values, Books)
            else _("Four numbers, for example 50, 90, 120, 150"),
        )
    return forms.ChoiceField(label=label, choices=_BOOL_CHOICES, required=False)


# Choice rules whose enum the families extended: the form offers every value, and the engine
# refuses the ones a preset does not take (each preset's own list is its rule_values).
FAMILY_CHOICES = frozenset({"wild_limit", "red_threes_against"})


def house_rule_value(rule: HouseRule, text: str) -> Any:
    """A form's text as the house rule's JSON value: "true", "7", "50, 90, 120, 150"."""
    values = rule.values
    if isinstance(values, OneOf):
        return next((v for v in values.choices if json_text(v) == text), text)
    if isinstance(values, Steps):
        return [_whole(p.strip()) for p in text.replace(";", ",").split(",")]
    return {"true": True, "false": False}.get(text, text)


def house_rule_text(rule: HouseRule, value: Any) -> Any:
    """A house rule's JSON value as its form field shows it (the inverse of house_rule_value):
    a form filled in from saved rules (a club's preset)."""
    values = rule.values
    if isinstance(values, Whole):
        return value
    if isinstance(values, Steps) and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return json_text(value)


def _whole(text: str) -> int | str:
    """A whole number, or the text as it was for the engine to refuse with its message ("²" is
    a digit to str.isdigit, but no number to int)."""
    try:
        return int(text)
    except ValueError:
        return text


def side_count(variant: str, players: int, sides: int) -> int:
    """The sides of a table: where the preset seats the players one way, that layout's; where
    two, the one chosen (``sides``). The engine checks it again."""
    seatings = PRESETS[variant].seatings_of(players)
    return seatings[0].sides if len(seatings) == 1 else sides


class NewGameForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as names, not prompts
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_SIDES + 1):
            self.fields[f"side_{i}"] = forms.CharField(
                label=_("Side %(n)s") % {"n": i},
                max_length=60,
                required=False,
                initial=SIDE_NAMES.get(i, ""),
            )
            self.fields[f"players_{i}"] = forms.CharField(
                label=_("Players of side %(n)s") % {"n": i}, max_length=200, required=False
            )
        # Target and house rules: one field per rule of the engine, from its own description.
        for name, rule in HOUSE_RULES.items():
            self.fields[name] = house_rule_field(rule)
        self.fields["target"].help_text = _("Leave empty for the preset's target.")

    variant = forms.ChoiceField(
        label=_("Variant"), choices=PRESET_CHOICES, initial="classic", widget=forms.RadioSelect
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=PLAYER_CHOICES, coerce=int, initial=4
    )
    sides = forms.TypedChoiceField(
        label=_("Sides"),
        choices=[(n, str(n)) for n in SIDE_COUNTS],
        coerce=int,
        initial=2,
        help_text=_(
            "Where the players can sit two ways: six players as three pairs or two teams of "
            "three; four players of the Spanish variant as two pairs or each for themselves."
        ),
    )
    HOUSE_RULE_FIELDS = [name for name in HOUSE_RULES if name != "target"]

    def game_arguments(self) -> dict[str, Any]:
        """The arguments of services.game_create from the cleaned data."""
        data = self.cleaned_data
        count = side_count(data["variant"], data["players"], data["sides"])
        sides = [
            {"name": data[f"side_{i}"] or "", "players": data[f"players_{i}"] or ""}
            for i in range(1, count + 1)
        ]
        rules: dict[str, Any] = {}
        for name in HOUSE_RULES:  # the target included
            value = data.get(name)
            if value in (None, ""):
                continue
            rules[name] = (
                value if isinstance(value, int) else house_rule_value(HOUSE_RULES[name], value)
            )
        return {
            "variant": data["variant"],
            "players": data["players"],
            "sides": sides,
            "rules": rules,
        }

    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.HOUSE_RULE_FIELDS]

    @staticmethod
    def initial_for(variant: str, players: int, sides: int, rules: dict[str, Any]) -> dict:
        """The form's values for a table set up so (a club's preset picked)."""
        return {
            "variant": variant,
            "players": players,
            "sides": sides,
            **{
                name: house_rule_text(HOUSE_RULES[name], value)
                for name, value in rules.items()
                if name in HOUSE_RULES
            },
        }

    def side_fields(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(i, self[f"side_{i}"], self[f"players_{i}"]) for i in range(1, MAX_SIDES + 1)]


def played_on_field(help_text: Any = None, *, required: bool = False) -> forms.DateField:
    """The day a game (or an event) was played, which its players' statistics follow: today by
    default (in the site's time zone), an evening kept on paper its own day
    (services.checked_played_on refuses a day after today). The one definition of the box:
    the new game, new event and import forms hold it, and PlayedOnForm corrects it later."""
    return forms.DateField(
        label=_("Played on"),
        required=required,
        initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("A game kept on paper keeps the day it was played.")
        if help_text is None
        else help_text,
        error_messages={
            "invalid": _("Give the day as a date."),
            "required": _("Give the day as a date."),
        },
    )


class PlayedOnForm(forms.Form):
    """The day a game or an event was played, corrected afterwards (a game's board, from its
    edit link; an event's director page): its players' statistics and seasons follow it.
    ``help_text`` is said under the box (none by default)."""

    played_on = played_on_field(help_text="", required=True)

    def __init__(self, *args: Any, help_text: Any = "", **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as names, not prompts
        super().__init__(*args, **kwargs)
        self.fields["played_on"].help_text = help_text

    def refusal(self) -> str:
        """What is wrong with the day given, for a page's message."""
        return " ".join(str(error) for error in self.errors.get("played_on", []))


class DatedGameForm(NewGameForm):
    """The new game form with the day the game was played (a club's game, a paper game)."""

    played_on = played_on_field()

    def game_arguments(self) -> dict[str, Any]:
        return {**super().game_arguments(), "played_on": self.cleaned_data.get("played_on")}


class ImportForm(forms.Form):
    played_on = played_on_field()
    file = forms.FileField(label=_("JSON Lines file"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Beside the paper game's form on one page: a box id of its own.
        self.fields["played_on"].widget.attrs["id"] = "id_file_played_on"

    text = forms.CharField(
        label=_("…or paste the hand records, one per line"),
        required=False,
        max_length=MAX_IMPORT_BYTES,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data.get("file")
        if upload is not None and upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is too large: %(n)s MB at most.") % {"n": MAX_IMPORT_BYTES // 1_000_000}
            )
        return upload

    def text_given(self) -> str:
        """The records, from the file if one was given, else from the text box."""
        upload = self.cleaned_data.get("file")
        if upload is None:
            text: str = self.cleaned_data.get("text", "")
            return text
        try:
            return bytes(upload.read()).decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
