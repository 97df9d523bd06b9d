"""The federation pages' forms: a federation, a member, a merge, a link, an event for the
federation, the ranking's rules (its points table and categories as lines of text) and a
season."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from federations.engine.ranking import RankingError
from federations.models import CSV_COLUMNS
from federations.rankings import categories, points_table
from federations.services import MAX_NUMBER
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, no_control_characters

MAX_BANDS = 20
MAX_PLACES = 200


class FederationForm(forms.Form):
    name = forms.CharField(
        label=_("Federation's name"), max_length=MAX_CLUB_NAME, validators=[no_control_characters]
    )


class MemberForm(forms.Form):
    number = forms.CharField(label=_("Membership number"), max_length=MAX_NUMBER)
    name = forms.CharField(
        label=_("Name"), max_length=MAX_PLAYER_NAME, validators=[no_control_characters]
    )
    username = forms.CharField(
        label=_("Their account, if they have one"),
        max_length=150,
        required=False,
        help_text=_("Then each club's link to them waits for their consent."),
    )

    def clean_username(self) -> str:
        from django.contrib.auth import get_user_model

        name = self.cleaned_data["username"].strip()
        if name and not get_user_model().objects.filter(username=name).exists():
            raise forms.ValidationError(
                gettext("There is no account called %(name)s.") % {"name": name}
            )
        return name


class MemberMergeForm(forms.Form):
    """Two records of one person by their membership numbers (a federation's thousands of
    members are no list to pick from)."""

    keep = forms.CharField(label=_("Keep (its membership number)"), max_length=MAX_NUMBER)
    duplicate = forms.CharField(
        label=_("The duplicate, merged into it (its number)"), max_length=MAX_NUMBER
    )


class JoinForm(forms.Form):
    federation = forms.TypedChoiceField(label=_("Federation"), coerce=int)

    def __init__(self, *args: Any, federations: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["federation"].choices = federations  # type: ignore[attr-defined]


class LinkForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    federation = forms.TypedChoiceField(label=_("Federation"), coerce=int)
    number = forms.CharField(label=_("Membership number"), max_length=MAX_NUMBER)

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        federations: list[tuple[int, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = players  # type: ignore[attr-defined]
        self.fields["federation"].choices = federations  # type: ignore[attr-defined]


class SanctionForm(forms.Form):
    event = forms.TypedChoiceField(label=_("Event"), coerce=int)
    federation = forms.TypedChoiceField(label=_("Federation"), coerce=int)

    def __init__(
        self,
        *args: Any,
        events: list[tuple[int, str]],
        federations: list[tuple[int, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = events  # type: ignore[attr-defined]
        self.fields["federation"].choices = federations  # type: ignore[attr-defined]


class OfficerForm(forms.Form):
    username = forms.CharField(label=_("Account name"), max_length=150)


class SeasonForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the season"), max_length=60, validators=[no_control_characters]
    )
    starts = forms.DateField(
        label=_("From"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    ends = forms.DateField(
        label=_("To"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    best_of = forms.IntegerField(
        label=_("Best events counting"),
        min_value=0,
        max_value=1000,
        initial=0,
        help_text=_("0: every event counts."),
    )


# A field of 9999 places at most, 999,999 points a place or a category at most.
_BAND = re.compile(r"^(\d{1,4})\s*:\s*(\d{1,6}(?:\s+\d{1,6})*)?\s*(?:\+\s*(\d{1,6}))?$")
_CATEGORY = re.compile(r"^(.+?)\s*:\s*(\d{1,6})$")


def table_text(bands: list[dict[str, Any]]) -> str:
    """The points table as the form writes it: "8: 20 14 10 7 5 + 2" a band."""
    lines = []
    for band in bands:
        places = " ".join(str(p) for p in band["places"])
        lines.append(f"{band['from_field']}: {places} + {band['rest']}")
    return "\n".join(lines)


def categories_text(rows: list[dict[str, Any]]) -> str:
    return "\n".join(f"{row['name']}: {row['from_points']}" for row in rows)


class RankingForm(forms.Form):
    points = forms.CharField(
        label=_("Points by place and field"),
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_(
            'One line a band of field sizes: "8: 20 14 10 7 5 + 2" gives an event of 8 places '
            "or more 20 points for the 1st, 14 for the 2nd… and 2 to every other place. The "
            "band of the largest size not above the event's field applies."
        ),
    )
    categories = forms.CharField(
        label=_("Categories"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_('One line a category: "Gold: 200" for 200 points or more in the season.'),
    )
    report_days = forms.IntegerField(
        label=_("Days a club has to report an event"), min_value=1, max_value=365
    )
    rating = forms.BooleanField(
        label=_("Show the members' rating across clubs"),
        required=False,
        help_text=_(
            "A level worked out from every table of the sanctioned events, whoever the partners "
            "and the opponents, overall and for each rule family."
        ),
    )
    csv_columns = forms.MultipleChoiceField(
        label=_("Columns of the CSV export"),
        widget=forms.CheckboxSelectMultiple,
        choices=[
            ("rank", pgettext_lazy("standings", "Rank")),
            ("number", _("Membership number")),
            ("name", _("Name")),
            ("category", _("Category")),
            ("points", _("Points")),
            ("events", _("Events")),
            ("clubs", _("Clubs")),
        ],
    )

    def clean_points(self) -> list[dict[str, Any]]:
        bands = []
        for line in self.cleaned_data["points"].splitlines():
            if not line.strip():
                continue
            found = _BAND.match(line.strip()[:2000])
            if found is None:
                raise forms.ValidationError(
                    gettext('"%(line)s" is not a band: write it as "8: 20 14 10 + 2".')
                    % {"line": line.strip()[:40]}
                )
            places = [int(p) for p in (found.group(2) or "").split()]
            if len(places) > MAX_PLACES:
                raise forms.ValidationError(
                    gettext("A band gives points to %(n)s places at most.") % {"n": MAX_PLACES}
                )
            bands.append(
                {
                    "from_field": int(found.group(1)),
                    "places": places,
                    "rest": int(found.group(3) or 0),
                }
            )
        if not bands or len(bands) > MAX_BANDS:
            raise forms.ValidationError(gettext("Give 1 to %(n)s bands.") % {"n": MAX_BANDS})
        try:
            points_table(bands)
        except RankingError:
            raise forms.ValidationError(
                gettext(
                    "Each band must start at a larger field than the one before (1 or more), "
                    "and give no fewer points to a better place."
                )
            ) from None
        return bands

    def clean_categories(self) -> list[dict[str, Any]]:
        rows = []
        for line in self.cleaned_data["categories"].splitlines():
            if not line.strip():
                continue
            found = _CATEGORY.match(line.strip()[:200])
            if found is None or len(found.group(1)) > 40:
                raise forms.ValidationError(
                    gettext('"%(line)s" is not a category: write it as "Gold: 200".')
                    % {"line": line.strip()[:40]}
                )
            rows.append({"name": found.group(1), "from_points": int(found.group(2))})
        starts = [category.from_points for category in categories(rows)]
        if len(set(starts)) != len(starts):
            raise forms.ValidationError(gettext("Two categories start at the same points."))
        return sorted(rows, key=lambda row: row["from_points"])

    def clean_csv_columns(self) -> list[str]:
        chosen = set(self.cleaned_data["csv_columns"])
        return [column for column in CSV_COLUMNS if column in chosen]
