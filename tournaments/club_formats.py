"""Common club formats: a director picks one and the new-tournament form is filled in (not to
be confused with the rule presets, scorekeeper.rules.presets)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

CLUB_FORMATS: dict[str, dict[str, Any]] = {
    "swiss5-vp": {
        "label": _("Swiss, 5 rounds × 4 hands, victory points 20–0"),
        "format": "swiss",
        "rounds": 5,
        "hands_per_round": 4,
        "points": "vp",
    },
    "swiss3-evening": {
        "label": _("Club evening: Swiss, 3 rounds × 2 hands, win 2 / draw 1"),
        "format": "swiss",
        "rounds": 3,
        "hands_per_round": 2,
        "points": "wdl",
    },
    "mitchell": {
        "label": _("Mitchell evening, 4 hands a round"),
        "format": "mitchell",
        "rounds": 0,
        "hands_per_round": 4,
        "points": "vp",
    },
    "mitchell3-danish": {
        "label": _("3 Mitchell rounds + 1 Danish round"),
        "format": "mitchell",
        "round_formats": ["mitchell", "mitchell", "mitchell", "danish"],
        "rounds": 4,
        "hands_per_round": 4,
        "points": "vp",
    },
    "swiss5-top4": {
        "label": _("Swiss 5 rounds + top-4 knockout"),
        "format": "swiss",
        "round_formats": ["swiss"] * 5 + ["knockout", "knockout"],
        "rounds": 7,
        "hands_per_round": 4,
        "points": "vp",
        "knockout_top": 4,
        "third_place": True,
    },
}
