"""A club's victory-point scales (issue 31): a federation's table of how many victory points
each pair of a table takes by the margin, saved by the club and picked for an event.

A scale shares 20 points between the two pairs, always: 10-10 up to its first margin, one more
to the winner above each of the ten margins, 20-0 above the last (burraco's federal tables have
this shape: FIBUR's 4-hand table is 10-10 up to 100, 20-0 above 2000). So a scale is its ten
upper margins, rising; the tournament engine reads any such bands
(``tournaments.engine.points.victory_points``). The default scales are the engine's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from django.utils.translation import gettext as _

TOTAL = 20
MARGINS = TOTAL // 2  # one VP more to the winner above each: 10-10 … 20-0
MOST = 100_000  # a margin above any a Canasta table reaches in a round


class ScaleRefused(ValueError):
    """Why a scale cannot be saved, in the reader's words."""


def margins_from_text(text: str) -> tuple[int, ...]:
    """The ten margins as a director types them: "100, 250, 400 …" (commas, spaces, semicolons or
    new lines between them), checked."""
    words = [w for w in re.split(r"[\s,;]+", str(text).strip()) if w]
    if not all(w.isdigit() for w in words):
        raise ScaleRefused(_("Give the margins as whole numbers, for example 100, 250, 400."))
    return checked_margins([int(w) for w in words])


def checked_margins(margins: object) -> tuple[int, ...]:
    """Ten whole numbers from 0, each above the one before (a wider margin never takes fewer
    points), none above MOST."""
    if not isinstance(margins, (list, tuple)) or not all(
        isinstance(m, int) and not isinstance(m, bool) for m in margins
    ):
        raise ScaleRefused(_("Give the margins as whole numbers, for example 100, 250, 400."))
    if len(margins) != MARGINS:
        raise ScaleRefused(
            _("A scale has %(n)s margins, one for each step from 10–10 to 20–0: %(given)s given.")
            % {"n": MARGINS, "given": len(margins)}
        )
    if any(m < 0 or m > MOST for m in margins):
        raise ScaleRefused(_("A margin is from 0 to %(most)s.") % {"most": MOST})
    for before, after in pairwise(margins):
        if after <= before:
            raise ScaleRefused(
                _("Each margin is above the one before: %(after)s comes after %(before)s.")
                % {"after": after, "before": before}
            )
    return tuple(margins)


@dataclass(frozen=True)
class ScaleRow:
    """One line of a published scale: a margin from ``low`` up to ``high`` (None: and above)
    gives the winner and the loser these points."""

    low: int
    high: int | None
    winner: int
    loser: int


def scale_rows(margins: tuple[int, ...]) -> list[ScaleRow]:
    """The scale as a table, from 10–10 to 20–0. Scores are multiples of 5, so the line above
    a margin starts at the next multiple of 5 (as federations print their tables)."""
    rows, low = [], 0
    for step, high in enumerate(margins):
        rows.append(ScaleRow(low, high, MARGINS + step, MARGINS - step))
        low = high + 5 - high % 5
    rows.append(ScaleRow(low, None, TOTAL, 0))
    return rows
