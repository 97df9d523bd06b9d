"""Scores as people read them: a negative score with a true minus sign, "−15" (U+2212).

Why: the hyphen-minus of "-15" is a dash to the eye ("2210 – -80"), is drawn shorter and higher
than a plus, and lets a browser break the line after it. Only what a person reads goes through
here: the CSV and JSON exports, the API, form values and data-* attributes keep the hyphen-minus
that every parser expects.

The digits are not grouped: USE_THOUSAND_SEPARATOR is off, so 12500 reads the same in every
language (and a score never wraps at a thousands space). A figure with a fraction takes the
reader's decimal mark ("12,5" in French).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.utils.formats import number_format

from core.rounding import tenths

MINUS = "\u2212"
DASH = "\u2014"  # a figure over nothing: a rate of no hands, head to head outside a tie


def number_text(value: int) -> str:
    """A score or total: ``-15`` as "−15", ``40`` as "40"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed_text(value: int) -> str:
    """A change to a total, always with its sign: "+40", "−15", and "0" (nothing changed)."""
    return f"+{value}" if value > 0 else number_text(value)


def scores_text(scores: Iterable[int]) -> str:
    """A table's or a game's scores, one per side in order: "2210 – −80", "830 – −60 – 1205"
    (an en dash between them, spaced, so a negative score never reads as "2210–-80")."""
    return " – ".join(number_text(score) for score in scores)


def figure_text(value: int | float | Decimal | None, *, signed: bool = False) -> str:
    """Points, a ladder's total or a tie-break as shown (rounding.tenths): "12", "12.5" ("12,5"
    in French), "−3.5", with ``signed`` "+3.5" (a margin); a dash for a figure the pair has none
    of (head to head outside a tie)."""
    if value is None:
        return DASH
    shown = tenths(value)
    if isinstance(shown, int):
        return signed_text(shown) if signed else number_text(shown)
    sign = MINUS if shown < 0 else "+" if signed else ""
    return sign + number_format(abs(shown), 1)
