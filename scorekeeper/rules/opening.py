"""The opening (initial meld) minimum (VARIANTS.md 2.9, VARIANTS-families.md 2.9).

By the side's cumulative score: rows are half-open on their lower bound, a score equal to a bound
takes the row starting there, and below zero a preset has its own minimum (ducale's 15 is a
decision, origen's is 0). By the hand's number (hand-and-foot; modern-american under the house
rule ``opening_by``): hand 1, 2... take the preset's values in turn, later hands the last one.
"""

from __future__ import annotations

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.house_rules import Ruleset, ruleset_for
from scorekeeper.rules.variants import CANASTA, OpeningBy, Variant

Minimum = int | str  # points, or CANASTA: "a complete canasta"

__all__ = [
    "CANASTA",
    "Minimum",
    "game_hand_number",
    "is_last_hand",
    "next_opening",
    "opening_minimum",
    "opening_minimum_for",
    "opening_table",
]


def opening_minimum(variant: Variant, score: int) -> Minimum:
    """The minimum a side with cumulative ``score`` needs to open in its next hand (by score)."""
    if score < 0:
        return variant.opening_below_zero
    for bound, minimum in reversed(variant.opening_steps):  # a handful of rows: a scan is fastest
        if score >= bound:
            return minimum
    raise AssertionError(f"{variant.id}: opening steps must start at 0")


def by_hand(variant: Variant, hand_number: int) -> int:
    """The minimum of the game's hand ``hand_number`` (1-based) where it goes by hand."""
    values = variant.opening_by_hand
    return values[min(hand_number, len(values)) - 1]


def next_opening(variant: Variant, score: int, hand_number: int) -> Minimum:
    """The minimum a side needs in hand ``hand_number`` with cumulative ``score``."""
    if variant.opening_by is OpeningBy.HAND_NUMBER:
        return by_hand(variant, hand_number)
    return opening_minimum(variant, score)


def is_last_hand(ruleset: Ruleset, hand_number: int) -> bool:
    """Whether the game has no hand after this one: a game of a number of hands, at its last."""
    seating = ruleset.seating
    return seating.target is None and seating.hands is not None and hand_number >= seating.hands


def game_hand_number(ruleset: Ruleset, number: int) -> int:
    """A game's hand ``number`` as its record gives it. A game of a fixed number of hands that
    ends in a tie plays another hand (``on_tie``): its record gives the last hand's number, and
    it keeps that hand's opening (VARIANTS-families.md 2.9, 2.10)."""
    seating = ruleset.seating
    if seating.target is None and seating.hands is not None:
        return min(number, seating.hands)
    return number


def opening_minimum_for(
    variant_id: object, score: int, players: object = 4, hand_number: int | None = None
) -> Minimum:
    """The lookup behind ``opening_minimum`` (command line, API): validates preset, players and,
    where the minimum goes by hand, the hand's number (required there, ignored elsewhere)."""
    ruleset: Ruleset = ruleset_for(variant_id, players)
    variant = ruleset.variant
    if variant.opening_by is not OpeningBy.HAND_NUMBER:
        return opening_minimum(variant, score)
    if hand_number is None:
        raise RuleViolation(
            gettext_noop("%(variant)s sets the opening by the hand's number: give the hand"),
            field="hand",
            variant=variant.id,
        )
    hands = ruleset.seating.hands
    if hand_number < 1 or (ruleset.seating.target is None and hands and hand_number > hands):
        raise RuleViolation(
            gettext_noop("hand %(n)s: a game of %(variant)s is hands 1 to %(hands)s"),
            field="hand",
            n=hand_number,
            variant=variant.id,
            hands=hands,
        )
    return by_hand(variant, hand_number)


def opening_table(variant: Variant) -> list[tuple[str, Minimum]]:
    """The preset's table as (score range, minimum) rows, for pages; by hand where it goes so
    ("hand 1", "hand 4 +")."""
    if variant.opening_by is OpeningBy.HAND_NUMBER:
        values = variant.opening_by_hand
        return [
            (f"hand {i}" if i < len(values) else f"hand {i} +", minimum)
            for i, minimum in enumerate(values, 1)
        ]
    steps = variant.opening_steps
    rows: list[tuple[str, Minimum]] = [("< 0", variant.opening_below_zero)]
    for i, (bound, minimum) in enumerate(steps):
        upper = steps[i + 1][0] - 5 if i + 1 < len(steps) else None
        rows.append((f"{bound} – {upper}" if upper is not None else f"{bound} +", minimum))
    return rows
