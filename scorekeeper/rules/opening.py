"""The opening (initial meld) minimum (VARIANTS.md 2.9).

Rows are half-open on their lower bound: a score equal to a bound takes the row starting there.
Below zero a preset has its own minimum (ducale's 15 is a decision, origen's is 0).
"""

from __future__ import annotations

from scorekeeper.rules.house_rules import Ruleset, ruleset_for
from scorekeeper.rules.variants import CANASTA, Variant

Minimum = int | str  # points, or CANASTA: "a complete canasta"

__all__ = ["CANASTA", "Minimum", "opening_minimum", "opening_minimum_for", "opening_table"]


def opening_minimum(variant: Variant, score: int) -> Minimum:
    """The minimum a side with cumulative ``score`` needs to open in its next hand."""
    if score < 0:
        return variant.opening_below_zero
    for bound, minimum in reversed(variant.opening_steps):  # a handful of rows: a scan is fastest
        if score >= bound:
            return minimum
    raise AssertionError(f"{variant.id}: opening steps must start at 0")


def opening_minimum_for(variant_id: object, score: int, players: object = 4) -> Minimum:
    """The lookup behind ``opening_minimum`` (command line, API): validates preset and players."""
    ruleset: Ruleset = ruleset_for(variant_id, players)
    return opening_minimum(ruleset.variant, score)


def opening_table(variant: Variant) -> list[tuple[str, Minimum]]:
    """The preset's table as (score range, minimum) rows, for pages."""
    steps = variant.opening_steps
    rows: list[tuple[str, Minimum]] = [("< 0", variant.opening_below_zero)]
    for i, (bound, minimum) in enumerate(steps):
        upper = steps[i + 1][0] - 5 if i + 1 < len(steps) else None
        rows.append((f"{bound} – {upper}" if upper is not None else f"{bound} +", minimum))
    return rows
