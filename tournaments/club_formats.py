"""Common club formats: a director picks one and the new-tournament form is filled in with its
values, visibly, before anything is saved (not to be confused with the rule presets,
scorekeeper.rules.presets). A club format never overrides what the director then types."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.engine.clock import proposed_minutes

PLAN_PHASES = 3  # the round plan's rows on the form: a format and its rounds each

CLUB_FORMATS: dict[str, dict[str, Any]] = {
    "swiss3-evening": {
        "label": _("Club evening: Swiss, 3 rounds × 2 hands, win 2 / draw 1"),
        "phases": [("swiss", 3)],
        "hands_per_round": 2,
        "points": "wdl",
    },
    "swiss5-vp": {
        "label": _("Swiss, 5 rounds × 4 hands, victory points 20–0"),
        "phases": [("swiss", 5)],
        "hands_per_round": 4,
        "points": "vp",
    },
    "mitchell": {
        "label": _("Mitchell evening, 4 hands a round"),
        "phases": [("mitchell", None)],
        "hands_per_round": 4,
        "points": "vp",
        "sit_out": "own_average",
    },
    "mitchell2-danish": {
        "label": _("2 Mitchell rounds, then a Danish round"),
        "phases": [("mitchell", 2), ("danish", 1)],
        "hands_per_round": 2,
        "points": "vp",
        "sit_out": "own_average",
    },
    "mitchell3-danish": {
        "label": _("3 Mitchell rounds + 1 Danish round"),
        "phases": [("mitchell", 3), ("danish", 1)],
        "hands_per_round": 4,
        "points": "vp",
        "sit_out": "own_average",
    },
    "swiss5-top4": {
        "label": _("Swiss 5 rounds + top-4 knockout"),
        "phases": [("swiss", 5), ("knockout", None)],
        "knockout_top": 4,
        "third_place": True,
        "hands_per_round": 4,
        "points": "vp",
    },
    "individual-evening": {
        "label": _("Individual evening: new partners each round, 4 rounds × 2 hands"),
        "phases": [("individual", 4)],
        "hands_per_round": 2,
        "points": "wdl",
        "sit_out": "own_average",  # one to three sit out each round: their own average
        # Partners change: the fairest tie-break weighs the partners drawn, and head to head
        # means little where players met once as two of four.
        "tiebreaks": ("tp", "opp_less_partners", "margin", "buchholz"),
    },
    "knockout": {
        "label": _("Knockout with a third-place match"),
        "phases": [("knockout", None)],
        "third_place": True,
        "hands_per_round": 2,
        "points": "wdl",
    },
}


def form_values(key: str) -> dict[str, Any]:
    """A club format as the new-tournament form's values (what its script fills in, and the
    form's "Fill in" button without a script): every plan row, empty rows cleared."""
    chosen = CLUB_FORMATS[key]
    values: dict[str, Any] = {
        "hands_per_round": chosen["hands_per_round"],
        # The federations' timed turns for its hands (engine.clock.proposed_minutes).
        "round_minutes": proposed_minutes(chosen["hands_per_round"]) or "",
        "points": chosen["points"],
        "sit_out": chosen.get("sit_out", "fixed"),
        "knockout_top": chosen.get("knockout_top") or "",
        "third_place": bool(chosen.get("third_place")),
        "rank_by_direction": bool(chosen.get("rank_by_direction")),
    }
    phases = chosen["phases"]
    for i in range(1, PLAN_PHASES + 1):
        fmt, rounds = phases[i - 1] if i <= len(phases) else ("", None)
        values[f"phase_{i}_format"] = fmt
        values[f"phase_{i}_rounds"] = "" if rounds is None else rounds
    for i, metric in enumerate(chosen.get("tiebreaks", ()), start=1):  # else the form's own
        values[f"tiebreak_{i}"] = metric
    return values
