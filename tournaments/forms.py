"""Forms of the director's pages. The services check everything again."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import ClubPreset, ClubVpScale
from scorekeeper.forms import played_on_field
from scorekeeper.i18n import PRESET_CHOICES
from scorekeeper.names import (
    MAX_CLUB_NAME,
    MAX_PLAYER_NAME,
    MAX_SIDE_NAME,
    no_control_characters,
    shows_nothing,
)
from tournaments.club_formats import CLUB_FORMATS, PLAN_PHASES
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import (
    FORMATS,
    MAX_ROUNDS,
    Phase,
    Plan,
    check_by_direction,
    phases_of,
    plan_of,
)
from tournaments.engine.standings import DEFAULT_ORDER, METRICS
from tournaments.models import ResultSubmission, Tournament, format_choices
from tournaments.pairs_csv import MAX_BYTES, too_big
from tournaments.services.clock import TIMING_FIELDS
from tournaments.sizes import MAX_PAIRS, MAX_SEED
from tournaments.words import TIEBREAK_NAMES

# Under an event's day, where it is set and where its director corrects it.
EVENT_DAY_HELP = _("An evening entered later keeps its day: its tables' games take it.")
TIEBREAK_CHOICES = [("", _("(none)")), *((name, TIEBREAK_NAMES[name]) for name in METRICS)]


class PlanForm(forms.Form):
    """A round plan: up to PLAN_PHASES rows of a format and its rounds (Mitchell 2, then Danish
    1; Swiss 5, then a knockout of the top 4), the knockout's pairs and a third-place match.
    ``plan`` is the engine's checked Plan once the form is valid."""

    plan: Plan

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, PLAN_PHASES + 1):
            first = i == 1
            self.fields[f"phase_{i}_format"] = forms.ChoiceField(
                label=_("Format") if first else _("Then"),
                choices=format_choices()
                if first  # an individual event plays its format all through
                else [("", "—"), *format_choices(individual=False)],
                required=first,
                initial="swiss" if first else "",
                # The formats' words beside the plan (_plan_fields.html): what each differs by.
                widget=forms.Select(attrs={"aria-describedby": "plan-help formats-help"}),
            )
            self.fields[f"phase_{i}_rounds"] = forms.IntegerField(
                label=_("Rounds"),
                min_value=1,
                max_value=MAX_ROUNDS,
                required=False,
                initial=3 if first else None,
            )
        self.fields["knockout_top"] = forms.IntegerField(
            label=_("Pairs in a knockout after other rounds"),
            min_value=2,
            max_value=MAX_PAIRS,
            required=False,
            help_text=_(
                "The top of the standings: 4, 8… Empty when the event is a knockout alone."
            ),
        )
        self.fields["third_place"] = forms.BooleanField(
            label=_("A match for third place beside the final"), required=False
        )
        self.fields["rank_by_direction"] = forms.BooleanField(
            label=_("Rank North-South and East-West apart (Mitchell)"),
            required=False,
            help_text=_(
                "Two winners, as bridge clubs rank a Mitchell: each direction's pairs ranked "
                "among themselves. A pair keeps the direction of its first Mitchell table."
            ),
        )

    def formats_help(self) -> str:
        """What the formats differ by, beside the plan's rows (each format's own words)."""
        return " ".join(gettext(fmt.help) for fmt in FORMATS.values() if fmt.help)

    def phase_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """The plan's rows, a format and its rounds each, for the template."""
        return [
            (self[f"phase_{i}_format"], self[f"phase_{i}_rounds"])
            for i in range(1, PLAN_PHASES + 1)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given = []
        for i in range(1, PLAN_PHASES + 1):
            fmt = data.get(f"phase_{i}_format")
            if fmt:
                given.append(Phase(fmt, data.get(f"phase_{i}_rounds")))
        if self.errors or not given:
            return data
        try:
            self.plan = plan_of(given, data.get("knockout_top") or 0)
        except DrawRefused as refused:
            self.add_error(None, _refusal_text(refused))
            return data
        if data.get("rank_by_direction"):
            try:
                check_by_direction(self.plan.format, self.plan.round_formats)
            except DrawRefused as refused:
                self.add_error("rank_by_direction", _refusal_text(refused))
        return data

    def plan_arguments(self) -> dict[str, Any]:
        """The plan as tournament_create and tournament_plan_set take it."""
        return {
            "format": self.plan.format,
            "round_formats": list(self.plan.round_formats),
            "rounds": self.plan.rounds,
            "knockout_top": self.plan.knockout_top,
            "third_place": self.cleaned_data["third_place"],
            "rank_by_direction": self.cleaned_data["rank_by_direction"],
        }

    @staticmethod
    def initial_of(tournament: Tournament) -> dict[str, Any]:
        """A tournament's plan as the form's values."""
        rows = phases_of(
            tournament.format, tournament.round_formats, tournament.rounds, tournament.knockout_top
        )
        initial: dict[str, Any] = {
            "knockout_top": tournament.knockout_top or None,
            "third_place": tournament.third_place,
            "rank_by_direction": tournament.rank_by_direction,
        }
        for i in range(1, PLAN_PHASES + 1):
            phase = rows[i - 1] if i <= len(rows) else None
            initial[f"phase_{i}_format"] = phase.format if phase else ""
            initial[f"phase_{i}_rounds"] = phase.rounds if phase else None
        return initial


def _refusal_text(refused: DrawRefused) -> str:
    """A plan's refusal as the form says it: a sentence in the director's language."""
    return capfirst(gettext(refused.message) % refused.values) + "."


class ClubItemField(forms.ModelChoiceField):
    """A club's preset or scale, named with its club ("Lucca: Tuesday rules")."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.club.name}: {obj.name}"


class TournamentForm(PlanForm):
    """A new tournament. A club format fills the form in (its script, or the "Fill in" button
    without one); what is submitted is what the form shows, never the club format's values."""

    name = forms.CharField(label=_("Name of the event"), max_length=120)
    club_format = forms.ChoiceField(
        label=_("Club format"),
        required=False,
        choices=[
            ("", _("(set the values below)")),
            *((k, v["label"]) for k, v in CLUB_FORMATS.items()),
        ],
        help_text=_("Fills in the plan, hands, points and sit-outs below; change any of them."),
    )
    variant = forms.ChoiceField(label=_("Rules"), choices=PRESET_CHOICES, initial="classic")
    hands_per_round = forms.IntegerField(
        label=_("Hands per round"), min_value=1, max_value=20, initial=2
    )
    points = forms.ChoiceField(label=_("Points per table"), choices=Tournament.Points.choices)
    sit_out = forms.ChoiceField(
        label=_("A pair that sits out a round scores"),
        choices=Tournament.SitOut.choices,
        help_text=_(
            "A bye or a phantom's table: as a win, or the pair's own average over the rounds it "
            "played, or the average of every table played."
        ),
    )
    seeded = forms.BooleanField(
        label=_("Round 1 by seed (else drawn at random)"), required=False, initial=True
    )
    played_on = played_on_field(EVENT_DAY_HELP)
    check_in = forms.BooleanField(
        label=_("Check-in: pairs say they are here before round 1"),
        required=False,
        help_text=_(
            "From their own link or a poster's QR code at the door; you then withdraw the pairs "
            "not here in one step before drawing round 1."
        ),
    )
    # The round clock (engine.clock): a club format proposes a round's minutes by its hands.
    round_minutes = forms.IntegerField(
        label=_("Minutes a round"),
        required=False,
        min_value=1,
        max_value=600,
        help_text=_("Empty: no round clock. Started by the director at each round."),
    )
    last_hand_minutes = forms.IntegerField(
        label=_("“Last hand” called, minutes before the end"),
        required=False,
        min_value=0,
        max_value=60,
        initial=5,
        help_text=_("After it no new hand starts at a table. 0: only time is called."),
    )
    time_rule = forms.ChoiceField(
        label=_("A table still playing when time is called"),
        choices=Tournament.TimeRule.choices,
        required=False,
        initial=Tournament.TimeRule.FINISH,
    )
    stop_at_target = forms.BooleanField(
        label=_("When a table reaches the target, the others finish their current hand"),
        required=False,
        help_text=_("For rounds played to a target rather than a number of hands."),
    )
    no_show_minutes = forms.IntegerField(
        label=_("A pair not there this many minutes after the start may be scored absent"),
        required=False,
        min_value=0,
        max_value=120,
        initial=0,
        help_text=_("0: no such rule. The director scores it, as a forfeit, from the round."),
    )

    def __init__(self, *args: Any, clubs: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if clubs is not None and clubs.exists():
            # The clubs the director directs (none yet: their first event makes one).
            self.fields["club"] = forms.ModelChoiceField(
                label=_("Club"), queryset=clubs, empty_label=None if clubs.count() == 1 else ""
            )
            presets = ClubPreset.objects.filter(club__in=clubs, players=4, sides=2)
            if presets.exists():
                self.fields["preset"] = ClubItemField(
                    label=_("The club's rules"),
                    queryset=presets.select_related("club"),
                    required=False,
                    empty_label=_("(none)"),
                    help_text=_(
                        "A club's saved rules: their preset and house rules (none: the rules "
                        "below, as their rulebook has them)."
                    ),
                )
            scales = ClubVpScale.objects.filter(club__in=clubs)
            if scales.exists():
                self.fields["vp_scale"] = ClubItemField(
                    label=_("Scale of victory points"),
                    queryset=scales.select_related("club"),
                    required=False,
                    empty_label=_("(the default for the hands played)"),
                    help_text=_("With victory points per table: a scale the club saved."),
                )
        for i, name in enumerate(DEFAULT_ORDER, 1):
            self.fields[f"tiebreak_{i}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": i},
                choices=TIEBREAK_CHOICES,
                required=i == 1,
                initial=name,
            )

    def settings_fields(self) -> list[forms.BoundField]:
        """The fields after the plan: hands, points, sit-outs, seeding, tie-breaks."""
        names = ["hands_per_round", "points", "vp_scale", "sit_out", "seeded"]
        names = [name for name in names if name in self.fields]
        names += [f"tiebreak_{i}" for i in range(1, len(DEFAULT_ORDER) + 1)]
        return [self[name] for name in names]

    def clock_fields(self) -> list[forms.BoundField]:
        """The round clock's fields, in a part of their own."""
        return [self[name] for name in TIMING_FIELDS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        preset, club = data.get("preset"), data.get("club")
        if preset is not None and club is not None and preset.club_id != club.id:
            self.add_error("preset", _("Pick rules of the event's own club."))
        scale = data.get("vp_scale")
        if scale is not None and club is not None and scale.club_id != club.id:
            self.add_error("vp_scale", _("Pick a scale of the event's own club."))
        elif scale is not None and data.get("points") != Tournament.Points.VP:
            self.add_error(
                "vp_scale", _("A scale of victory points needs victory points per table.")
            )
        return data

    def tournament_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        order = [data[f"tiebreak_{i}"] for i in range(1, 5) if data.get(f"tiebreak_{i}")]
        return {
            "name": data["name"],
            "variant": data["variant"],
            **self.plan_arguments(),
            "hands_per_round": data["hands_per_round"],
            "points": data["points"],
            "sit_out": data["sit_out"],
            "seeded": data["seeded"],
            "tiebreaks": list(dict.fromkeys(order)),
            "played_on": data.get("played_on"),
            "check_in": data.get("check_in", False),
            "timing": {name: data.get(name) for name in TIMING_FIELDS},
            **({"club": data["club"]} if "club" in data else {}),
            **(
                {"variant": data["preset"].variant, "rules": dict(data["preset"].rules)}
                if data.get("preset")
                else {}
            ),
            **(
                {"vp_margins": data["vp_scale"].margins, "vp_scale_name": data["vp_scale"].name}
                if data.get("vp_scale")
                else {}
            ),
        }


class PairForm(forms.Form):
    """A pair, within the limits of a game's names (scorekeeper.names): the game of each of its
    tables takes them as they are."""

    name = forms.CharField(
        label=_("Pair name"),
        max_length=MAX_SIDE_NAME,
        validators=[no_control_characters],
        error_messages={"required": _("A pair needs a name.")},
    )
    player_1 = forms.CharField(
        label=_("Player 1"),
        max_length=MAX_PLAYER_NAME,
        required=False,
        validators=[no_control_characters],
    )
    player_2 = forms.CharField(
        label=_("Player 2"),
        max_length=MAX_PLAYER_NAME,
        required=False,
        validators=[no_control_characters],
    )
    club = forms.CharField(
        label=_("Club"),
        max_length=MAX_CLUB_NAME,
        required=False,
        validators=[no_control_characters],
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=_("1 is the strongest pair; empty or 0: unseeded."),
    )

    def entry_values(self) -> dict[str, Any]:
        """The pair as the services take it (an empty seed: unseeded)."""
        return {**self.cleaned_data, "seed": self.cleaned_data.get("seed") or 0}


class PlayerForm(PairForm):
    """A player of an individual event: the entry is one player (the engine finds partners)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["player_1"], self.fields["player_2"]
        name = self.fields["name"]
        name.label = _("Player's name")
        name.error_messages["required"] = _("A player needs a name.")
        self.fields["seed"].help_text = _("1 is the strongest player; empty or 0: unseeded.")


def entry_form(tournament: Tournament, *args: Any, **kwargs: Any) -> PairForm:
    """The form of an entry of ``tournament``: a pair, or an individual event's player."""
    return (PlayerForm if tournament.individual else PairForm)(*args, **kwargs)


class ReasonField(forms.CharField):
    """A director's reason, kept with the result (services.results): one line, required; one
    that shows nothing (names.shows_nothing: spaces, joiners, marks alone) is missing, as an
    empty box is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            max_length=300,
            validators=[no_control_characters],
            error_messages={"required": _("Say why: the reason is kept with the result.")},
            **kwargs,
        )

    def to_python(self, value: Any) -> str:
        text = str(super().to_python(value))
        return "" if shows_nothing(text) else text


class ReopenForm(forms.Form):
    """The director opens a settled table again, saying why (kept with the result)."""

    # Its page also holds the correction's form and its reason: prefixed, each field has an id
    # (and a name) of its own, so each label points at its own box.
    prefix = "reopen"

    reason = ReasonField(
        label=_("Why reopen it"),
        help_text=_("E.g. “a hand was entered wrong”: the pairs correct it and submit again."),
    )


class ImportForm(forms.Form):
    """A CSV of pairs, uploaded or pasted, handed on as it came (a file's bytes, for pairs_csv
    to find their encoding; pasted text as text). Over pairs_csv.MAX_BYTES it is refused, never
    cut: a cut file would import its first pairs and lose the rest mid-line. A file, when one
    is chosen, wins over the text box (which may still hold an earlier paste)."""

    text = forms.CharField(
        label=_("CSV: name, player_1, player_2, club, seed"),
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
    )
    file = forms.FileField(label=_("or a CSV file"), required=False)

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if individual:  # one player a line: pairs_csv reads the columns its first line names
            self.fields["text"].label = _("CSV: name, club, seed")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "text" not in cleaned or "file" not in cleaned:
            return cleaned  # a field's own error says what is wrong
        data: bytes | str
        if cleaned["file"] is not None:
            data = bytes(cleaned["file"].read(MAX_BYTES + 1))
            size = len(data)
        else:
            text: str = cleaned["text"]
            if not text:
                raise forms.ValidationError(_("Paste the pairs or choose a CSV file."))
            data, size = text, len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BYTES:
            raise forms.ValidationError(too_big())
        cleaned["csv"] = data
        return cleaned

    def csv_data(self) -> bytes | str:
        """What pairs_csv.pairs_from_csv reads: the file's bytes, or the pasted text."""
        data: bytes | str = self.cleaned_data["csv"]
        return data


class ResultForm(forms.Form):
    ns_score = forms.IntegerField(
        label=_("North-South score"), min_value=-100_000, max_value=100_000
    )
    ew_score = forms.IntegerField(label=_("East-West score"), min_value=-100_000, max_value=100_000)


class CorrectionForm(ResultForm):
    """The director's result: both scores typed in (never a pair's claim filled in as if it were
    the answer), what it is, and why (kept with the result)."""

    kind = forms.ChoiceField(
        label=_("What it is"),
        choices=[
            (
                ResultSubmission.Kind.CORRECTED,
                _("The right result (a correction or a paper sheet)"),
            ),
            (ResultSubmission.Kind.ADJUSTED, _("An adjusted score")),
        ],
    )
    reason = ReasonField(
        label=_("Reason"), help_text=_("Kept with the result, e.g. “checked the score sheet”.")
    )

    def __init__(self, *args: Any, ns: str = "", ew: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if ns and ew:
            self.fields["ns_score"].label = _("Score of %(name)s (North-South)") % {"name": ns}
            self.fields["ew_score"].label = _("Score of %(name)s (East-West)") % {"name": ew}
        for name in ("ns_score", "ew_score"):
            self.fields[name].error_messages["required"] = _("Enter both scores.")
