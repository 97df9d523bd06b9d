"""Figures rounded as people round them: a half goes up. The one rounding of every figure shown
(averages, rates, standings, charts' labels, exports) and of every score an engine computes as
an average (a raw-score sit-out's round average).

Why not ``round()``: Python rounds a half to the even neighbour (702.5 → 702, 1027.5 → 1028),
so two averages that both end in .5 went different ways. Nor Django's ``number_format``: it cuts
a float's digits (1.35 at one place → "1.3").

- A half goes away from zero (``ROUND_HALF_UP``): 702.5 → 703, and −702.5 → −703, the mirror
  of its positive, as an average hand of 702.5 points down reads "−703" beside "703" up.
- A float is read through its shortest decimal text (``repr``), the number as it was written
  or computed to the reader's eye: 0.125 at two places → 0.13, and 2.675 → 2.68 (its binary
  value is 2.67499999…, which ``round(2.675, 2)`` takes to 2.67).

Pure Python (no Django): the engines import it (tournaments/engine/standings.py).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def half_up(value: int | float | Decimal, places: int = 0, *, times: int = 1) -> Decimal:
    """``value`` × ``times`` (exactly: 100 for a percentage) rounded half up to ``places``
    decimals, as a Decimal of exactly that many (format it, or take ``int()`` of it at 0)."""
    exact = value if isinstance(value, Decimal | int) else Decimal(repr(float(value)))
    return (Decimal(exact) * times).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def tenths(value: int | float | Decimal) -> int | Decimal:
    """A figure that may hold a fraction (points with an averaged sit-out, a ladder's total, a
    tie-break): a whole number as one (700.0 → 700), any other to one place, half up (12.25 →
    12.3). A number, for an export to write as it is; core.minus_sign.figure_text says it."""
    if isinstance(value, int) or value == int(value):
        return int(value)
    return half_up(value, 1)
