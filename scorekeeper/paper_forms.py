"""The import page's form for a game begun on paper: the game set up as on the new game page
(PaperGameForm), then rows of hands (HandRows), each side's total or, for a side whose player
kept them, its parts.

Without a script the rows grow by a submit, "More rows", that shows the page again with what was
typed and three empty rows more, checking nothing yet (:class:`PaperImport`). The rules are the
engine's, through services.game_import_paper: a total becomes parts that score exactly it
(rules/paper_totals.py), and a refusal names its hand and side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from core.params import int_param
from scorekeeper.forms import MAX_SIDES, NUMERIC, DatedGameForm, side_count
from scorekeeper.i18n import PRESET_CHOICES, explain
from scorekeeper.rules import PRESETS, RuleViolation
from scorekeeper.rules.records import MAX_POINTS
from scorekeeper.services import MAX_HANDS

ROWS = 5  # empty rows of a new form
MORE_ROWS = 3  # rows that "More rows" adds
PREFIX = "hands"
PARTS = ("melded", "natural", "mixed", "red_threes", "hand", "went_out")  # a side's parts


BOXES = ("total", *PARTS)  # a side's boxes in a row


def box_names(sides: int) -> list[str]:
    """The names of a row's boxes for sides 1 to ``sides``: total_1, melded_1..."""
    return [f"{box}_{i}" for i in range(1, sides + 1) for box in BOXES]


def row_cap(sides: int) -> int:
    """The rows a form of this table can send. Django refuses a request of more than
    DATA_UPLOAD_MAX_NUMBER_FIELDS fields outright (a 400 page, and what was typed is lost); a
    row sends a field per box of each side of the table (a hidden column's boxes are disabled,
    so not sent), and the table's setup its own."""
    limit: int | None = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    if limit is None:
        return MAX_HANDS
    setup = len(PaperGameForm().fields) + 7  # csrf, form, more and the formset's four
    return max(1, min(MAX_HANDS, (limit - setup) // (len(BOXES) * sides)))


class PaperGameForm(DatedGameForm):
    """The new game form, its variant a list: the rows of hands make the page long enough."""

    variant = forms.ChoiceField(
        label=gettext_lazy("Variant"), choices=PRESET_CHOICES, initial="classic"
    )

    def side_count(self) -> int:
        """The sides the rows have columns for, from what was chosen or typed so far (a table
        that cannot be seated keeps the sides chosen: game_create refuses it)."""
        variant = self["variant"].value()
        players = int_param(str(self["players"].value())) or 4
        sides = int_param(str(self["sides"].value())) or 2
        # Typed, not yet checked: a number of sides no table has is the default, before the rows
        # get a column (and a field) per side.
        sides = sides if 1 <= sides <= MAX_SIDES else 2
        return side_count(variant if variant in PRESETS else "classic", players, sides)

    def side_names(self) -> list[str]:
        """Every side's name as the rows name it (as the game will: "Side 3" where none)."""
        return [
            str(self[f"side_{i}"].value() or "").strip() or _("Side %(n)s") % {"n": i}
            for i in range(1, MAX_SIDES + 1)
        ]


def _points(label: str, low: int = 0) -> forms.IntegerField:
    # No inputmode="numeric" on a total: the digit pad it opens on iOS has no minus sign.
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=low,
        max_value=MAX_POINTS,
        step_size=5,
        widget=forms.NumberInput(attrs={} if low else NUMERIC),
    )


def _count(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=99,
        widget=forms.NumberInput(attrs=NUMERIC),
    )


@dataclass(frozen=True)
class SideBoxes:
    """One side's boxes in a row: its total, and its parts (folded)."""

    number: int  # 1-based, as the page counts sides
    name: str
    unnamed: str  # its name if none is typed: "Side 3" (the page's script shows it)
    shown: bool  # a side of the table chosen (the page's script shows the others as it changes)
    total: forms.BoundField
    parts: list[forms.BoundField]


class HandRowForm(forms.Form):
    """One hand: per side a total, or its parts as hand-format's summary entry takes them."""

    def __init__(self, *args: Any, names: list[str], sides: int, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as names, as on the new game form
        super().__init__(*args, **kwargs)
        self.empty_permitted = True  # any row may be left empty: HandRows checks the gaps
        self.names, self.sides = names, sides
        for i in range(1, MAX_SIDES + 1):
            self.fields[f"total_{i}"] = _points(_("Total"), low=-MAX_POINTS)
            self.fields[f"melded_{i}"] = _points(_("Melded points"))
            self.fields[f"natural_{i}"] = _count(_("Natural canastas"))
            self.fields[f"mixed_{i}"] = _count(_("Mixed canastas"))
            self.fields[f"red_threes_{i}"] = _count(_("Red threes"))
            self.fields[f"hand_{i}"] = _points(_("Points left in hand"))
            self.fields[f"went_out_{i}"] = forms.BooleanField(label=_("Went out"), required=False)
        # The boxes of a side beyond the table's are disabled, so not sent (row_cap); the page's
        # script enables them when the table chosen has that side.
        for name in set(box_names(MAX_SIDES)) - set(box_names(sides)):
            self.fields[name].disabled = True

    def boxes(self) -> list[SideBoxes]:
        return [
            SideBoxes(
                i,
                self.names[i - 1],
                _("Side %(n)s") % {"n": i},
                i <= self.sides,
                self[f"total_{i}"],
                [self[f"{part}_{i}"] for part in PARTS],
            )
            for i in range(1, MAX_SIDES + 1)
        ]

    def parts_typed(self) -> bool:
        """Whether a part was typed for a side (its row shows the parts unfolded)."""
        return any(
            self[f"{part}_{i}"].value() not in (None, "", False)
            for i in range(1, self.sides + 1)
            for part in PARTS
        )

    def has_changed(self) -> bool:
        """Whether anything was typed in the row for the table's sides, whatever the initial
        values (a row shown again by "More rows" carries what was typed as its initial values;
        a column hidden for another layout does not count)."""
        return any(self[name].data not in (None, "", False) for name in box_names(self.sides))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for i in range(1, self.sides + 1):
            if f"total_{i}" in self.errors:
                continue
            parts = any(data.get(f"{p}_{i}") not in (None, False) for p in PARTS)
            if data.get(f"total_{i}") is not None and parts:
                self.add_error(f"total_{i}", _("give the total or its parts, not both"))
            elif data.get(f"total_{i}") is None and not parts:
                self.add_error(f"total_{i}", _("give the side's total (0 if it scored nothing)"))
        return data

    def entries(self) -> list[int | dict[str, Any]]:
        """Each side's total, or its parts in hand-format."""
        return [self._entry(i) for i in range(1, self.sides + 1)]

    def _entry(self, i: int) -> int | dict[str, Any]:
        data = self.cleaned_data
        total: int | None = data[f"total_{i}"]
        if total is not None:
            return total
        melded, natural, mixed = (data[f"{p}_{i}"] or 0 for p in ("melded", "natural", "mixed"))
        side: dict[str, Any] = {}
        if melded or natural or mixed:
            side["melded"] = {"points": melded}
        canastas = {kind: n for kind, n in (("natural", natural), ("mixed", mixed)) if n}
        if canastas:
            side["canastas"] = canastas
        if data[f"red_threes_{i}"]:
            side["red_threes"] = data[f"red_threes_{i}"]
        if data[f"went_out_{i}"]:
            side["went_out"] = True
        if data[f"hand_{i}"]:
            side["hand"] = {"points": data[f"hand_{i}"]}
        return side

    def messages(self, number: int) -> list[str]:
        """The row's refusals, each naming the hand and the side (and the part) it is about."""
        out = [str(e) for e in self.non_field_errors()]
        for name, errors in self.errors.items():
            if name == NON_FIELD_ERRORS:
                continue
            part, _sep, i = name.rpartition("_")
            where = {"hand": number, "side": self.names[int(i) - 1]}
            for error in errors:
                if part == "total":
                    out.append(
                        _("Hand %(hand)s, %(side)s: %(message)s") % {**where, "message": error}
                    )
                else:
                    label = self.fields[name].label
                    out.append(
                        _("Hand %(hand)s, %(side)s, %(part)s: %(message)s")
                        % {**where, "part": label, "message": error}
                    )
        return out


class HandRows(forms.BaseFormSet):
    """The rows of hands: at least one, and none empty before the last one filled in."""

    def clean(self) -> None:
        if any(self.errors):
            return
        filled = [form.has_changed() for form in self.forms]
        if not any(filled):
            raise forms.ValidationError(_("Enter at least one hand."))
        last = max(n for n, given in enumerate(filled, 1) if given)
        empty = next((n for n in range(1, last) if not filled[n - 1]), None)
        if empty is not None:
            raise forms.ValidationError(
                _("Hand %(n)s is empty while later hands are filled in.") % {"n": empty}
            )

    def hands(self) -> list[tuple[int, list[int | dict[str, Any]]]]:
        """(row number, each side's entry) of every row filled in."""
        return [(n, form.entries()) for n, form in enumerate(self.forms, 1) if form.has_changed()]


def rows_formset(cap: int) -> type[HandRows]:
    """The rows of a table of ``cap`` rows at most (row_cap): a post claiming more builds no
    more forms than that (each costs time: a claim of 2000 rows would hold a worker)."""
    return cast(
        type[HandRows],
        forms.formset_factory(
            HandRowForm, formset=HandRows, extra=ROWS, max_num=cap, absolute_max=cap
        ),
    )


class PaperImport:
    """The game and its rows, bound together: the rows' columns follow the game's sides.

    "More rows" (``more`` in the data) shows what was typed as initial values, unchecked, with
    MORE_ROWS empty rows after it; anything else checks the game and every row.
    """

    def __init__(self, data: QueryDict | None = None) -> None:
        self.more = data is not None and "more" in data
        if data is not None and self.more:
            self.game = PaperGameForm(initial=data.dict())
        else:
            self.game = PaperGameForm(data)
        self.names, self.sides = self.game.side_names(), self.game.side_count()
        self.cap = row_cap(self.sides)
        kwargs = {"names": self.names, "sides": self.sides}
        if data is not None and self.more:
            typed = _typed_rows(data, self.cap)
            self.rows = rows_formset(self.cap)(initial=typed, prefix=PREFIX, form_kwargs=kwargs)
            self.rows.extra = max(0, min(MORE_ROWS, self.cap - len(typed)))
        else:
            self.rows = rows_formset(self.cap)(data, prefix=PREFIX, form_kwargs=kwargs)

    @property
    def full(self) -> bool:
        """Whether the form holds as many rows as it can send (row_cap)."""
        return self.rows.total_form_count() >= self.cap

    def is_valid(self) -> bool:
        game, rows = self.game.is_valid(), self.rows.is_valid()  # both, for all their errors
        return game and rows

    def arguments(self) -> dict[str, Any]:
        """The arguments of services.game_import_paper from the cleaned data."""
        return {**self.game.game_arguments(), "hands": self.rows.hands()}

    def refuse(self, violation: RuleViolation) -> None:
        """The engine's refusal, at the row it names (its ``line``: the row's number)."""
        row, violation.line = violation.line, None
        if row is None:
            self.game.add_error(None, explain(violation))
        else:
            # Inside "Hand 2: …" the engine's message goes on in lower case, as it is written.
            message = violation.render(gettext, ngettext)
            form = self.rows.forms[row - 1]
            form.add_error(
                None, _("Hand %(hand)s: %(message)s") % {"hand": row, "message": message}
            )

    @property
    def refused(self) -> bool:
        """Whether the data sent was refused (not while "More rows" shows it again)."""
        if not self.game.is_bound:
            return False
        return bool(self.game.errors or any(self.rows.errors) or self.rows.non_form_errors())

    def columns(self) -> list[SideBoxes]:
        """The rows' columns, named: a form's boxes without its values (the heading holds
        them even when the data holds no row)."""
        return HandRowForm(names=self.names, sides=self.sides).boxes()

    def rows_shown(self) -> list[tuple[HandRowForm, list[str]]]:
        """Each row and its refusals (none while "More rows" shows the rows again)."""
        if self.more or not self.game.is_bound:
            return [(form, []) for form in self.rows.forms]
        return [(form, form.messages(n)) for n, form in enumerate(self.rows.forms, 1)]

    def rows_html(self) -> SafeString:
        """Every row's markup (templates/scorekeeper/_hand_row.html). The empty rows of a new
        page, and those "More rows" adds, are all alike but for their number: the formset's empty
        form is rendered once and each of them is that markup with its own number. Rendering
        each row's boxes through Django's widget templates (five sides of seven boxes, hidden
        sides included: the page's script shows them) took 0.3 s for the five rows of a new
        page, the slowest page of the site."""
        empty: str | None = None
        out = []
        for number, (form, refusals) in enumerate(self.rows_shown(), 1):
            if form.is_bound or form.initial:
                out.append(_row_html(form, refusals, number))
                continue
            if empty is None:
                empty = _row_html(self.rows.empty_form, [], _NUMBER)
            out.append(empty.replace("__prefix__", str(number - 1)).replace(_NUMBER, str(number)))
        return mark_safe("".join(out))  # noqa: S308 (rendered by the template engine, escaped)

    def row_refusals(self) -> list[tuple[int, str]]:
        """(row number, refusal) of every row refused, for the top of the page: on a phone the
        row can be screens below."""
        return [
            (n, message)
            for n, (_form, messages) in enumerate(self.rows_shown(), 1)
            for message in messages
        ]


_NUMBER = "__number__"  # a row's number in the markup of the empty row (rows_html)


def _row_html(form: forms.Form, refusals: list[str], number: int | str) -> str:
    return render_to_string(
        "scorekeeper/_hand_row.html", {"row": form, "refusals": refusals, "number": number}
    )


def _typed_rows(data: QueryDict, cap: int) -> list[dict[str, Any]]:
    """What was typed in each row, as the initial values of the same row shown again."""
    count = min(int_param(data.get(f"{PREFIX}-TOTAL_FORMS")) or 0, cap)
    names = box_names(MAX_SIDES)
    return [
        {name: data[key] for name in names if (key := f"{PREFIX}-{n}-{name}") in data}
        for n in range(count)
    ]
