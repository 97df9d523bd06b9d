"""A side's whole score in a hand, as parts the engine scores to exactly that total.

A game kept on paper often holds only each side's total per hand, and hand-format.md has no key
for a total: the engine scores parts (melded points, canastas, red threes, going out, points left
in hand). So a total is written as a summary entry chosen to score exactly it, and the engine
checks that entry like any other hand:

- 0: nothing melded, nothing in hand (``{}``);
- below 0 (a side that did not open): the points left in hand, ``{"hand": {"points": 120}}``;
- above 0: as many natural canastas as the total holds, each with the least melded points a
  canasta holds (35 in the seven presets), and the rest as melded points: 1235 in classic is
  two natural canastas and 235 melded points (2 × 500 + 235). The fewest melded points, because
  all sides' melded points together must fit in the packs (VARIANTS.md section 4);
- above 0 but below one canasta's worth: melded points alone where melds without a canasta count
  for the side (90 in classic), else one canasta and the difference left in hand (5 in
  classic-fr, whose melds without a canasta count against: a canasta with 35 melded points and
  530 in hand, 500 + 35 - 530).

Each candidate is scored by the engine and kept only if it gives the total, so a preset's own
bonuses (espanola's tiers, the families' least points) need no case here; a total that no
candidate gives is refused. The scoreboard's breakdown of such a hand shows these parts, not the
cards played: only its total is the table's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.melds import CanastaKind, max_canastas
from scorekeeper.rules.records import Incomplete
from scorekeeper.rules.scoring import score_record
from scorekeeper.rules.summary import least_points

NO_TOTAL = gettext_noop(
    "%(variant)s cannot keep a total of %(total)s alone: enter the side's parts"
)


def side_for_total(ruleset: Ruleset, total: int) -> dict[str, Any]:
    """The hand-format side that scores exactly ``total`` in ``ruleset`` (see the module)."""
    if total == 0:
        return {}
    for side in _candidates(ruleset, total):
        if _scored(ruleset, side) == total:
            return side
    raise RuleViolation(NO_TOTAL, field="total", variant=ruleset.variant.id, total=total)


def _candidates(ruleset: Ruleset, total: int) -> Iterator[dict[str, Any]]:
    if total < 0:
        yield {"hand": {"points": -total}}
        return
    canastas, worth = 0, 0  # the most canastas worth no more than the total, and their score
    for k in range(1, max_canastas(ruleset.packs, ruleset.variant.canasta_size) + 1):
        score = _scored(ruleset, _canastas(ruleset, k))
        if score is None or score > total:
            break
        canastas, worth = k, score
    if canastas:
        yield _canastas(ruleset, canastas, more=total - worth)
        return
    yield {"melded": {"points": total}}
    one = _scored(ruleset, _canastas(ruleset, 1))
    if one is not None:
        yield {**_canastas(ruleset, 1), "hand": {"points": one - total}}


def _canastas(ruleset: Ruleset, count: int, more: int = 0) -> dict[str, Any]:
    """``count`` natural canastas holding their least melded points, and ``more`` points."""
    least, _ = least_points(ruleset.variant, {CanastaKind.NATURAL: count}, 0, 0, Incomplete())
    return {"melded": {"points": least + more}, "canastas": {"natural": count}}


def _scored(ruleset: Ruleset, side: dict[str, Any]) -> int | None:
    """The side's total, alone at the table (the others empty); None where it is refused."""
    record = {
        "variant": ruleset.variant.id,
        "players": ruleset.seating.players,
        "rules": dict(ruleset.overrides),
        "sides": [side] + [{}] * (ruleset.seating.sides - 1),
    }
    try:
        return score_record(record).sides[0].total
    except RuleViolation:
        return None
