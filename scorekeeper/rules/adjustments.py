"""A table's adjustment of a side's score in a hand: a penalty (a card exposed, a misdeal, a
wrong going out) or a correction the table agrees on, with its reason.

The rulebooks score the cards; what a table or a club director decides beside them is not
the engine's to score. A side of a hand as the table enters it may carry
``"adjustment": {"points": -100, "reason": "misdeal"}`` (this app's addition to hand-format.md's
side; the JSON Lines export writes it, the import reads it): the engine scores the side
without it, and the hand's total for the side is the engine's total plus the points, shown
apart in the breakdown with the reason. Points are a multiple of 5 (as every score), from
-100000 to 100000, not 0; the reason is one line, at most 120 characters (control characters
become spaces), that shows something (text.shows_nothing, as a name's).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.text import INVISIBLE, REFUSED_CATEGORIES, shows_nothing

KEY = "adjustment"
MOST_POINTS = 100_000
MOST_REASON = 120


@dataclass(frozen=True, slots=True)
class Adjustment:
    points: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"points": self.points, "reason": self.reason}


def _reason(value: object, side: int) -> str:
    if not isinstance(value, str):
        raise RuleViolation(
            gettext_noop("an adjustment needs its reason, in words"), side=side, field=KEY
        )
    # What a name refuses is mended here: control characters and line breaks become spaces,
    # and the invisible characters that would disguise the line or turn it around are left out.
    text = "".join(
        " " if unicodedata.category(c) in REFUSED_CATEGORIES else c
        for c in value
        if c not in INVISIBLE
    )
    text = " ".join(text.split())
    if shows_nothing(text):
        raise RuleViolation(
            gettext_noop("an adjustment needs its reason, in words"), side=side, field=KEY
        )
    if len(text) > MOST_REASON:
        raise RuleViolation(
            gettext_noop("an adjustment's reason holds %(n)s characters at most"),
            side=side,
            field=KEY,
            n=MOST_REASON,
        )
    return text


def adjustment_of(value: object, side: int) -> Adjustment:
    """A side's ``adjustment`` as entered, checked; ``side`` is 1-based, for messages."""
    if not isinstance(value, Mapping) or set(value) - {"points", "reason"}:
        raise RuleViolation(
            gettext_noop("an adjustment is its points and its reason"), side=side, field=KEY
        )
    points = value.get("points")
    if (
        not isinstance(points, int)
        or isinstance(points, bool)
        or points == 0
        or abs(points) > MOST_POINTS
        or points % 5
    ):
        raise RuleViolation(
            gettext_noop("an adjustment is a multiple of 5 from -%(most)s to %(most)s, and not 0"),
            side=side,
            field=KEY,
            most=MOST_POINTS,
        )
    return Adjustment(points, _reason(value.get("reason"), side))


def split_adjustments(sides: object) -> tuple[object, tuple[Adjustment | None, ...]]:
    """The sides as the engine scores them (without their adjustments), and each side's
    adjustment (None: none). Anything but a list of objects is left for the record's checks."""
    if not isinstance(sides, list) or not all(isinstance(s, dict) for s in sides):
        return sides, ()
    plain: list[object] = []
    found: list[Adjustment | None] = []
    for i, side in enumerate(sides, 1):
        if KEY in side:
            found.append(adjustment_of(side[KEY], i))
            plain.append({k: v for k, v in side.items() if k != KEY})
        else:
            found.append(None)
            plain.append(side)
    return plain, tuple(found)


def with_adjustments(
    sides: Sequence[dict[str, Any]], adjustments: Sequence[Adjustment | None]
) -> list[dict[str, Any]]:
    """The stored sides: as the engine read them, each with its adjustment put back."""
    out = []
    for i, side in enumerate(sides):
        found = adjustments[i] if i < len(adjustments) else None
        out.append({**side, KEY: found.as_dict()} if found else dict(side))
    return out
