"""Random legal hands for the tournament simulator: summary-level hands (melded points and
canastas, red threes, who went out, points left in hand) that the preset's rules accept."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.rules import RuleViolation, score_record

# The going-out side melds a natural and a mixed canasta: enough to go out in every preset at a
# table of four (one canasta, or espanola's natural and mixed).
_OUT = {"natural": 1, "mixed": 1}


def random_hand(rng: random.Random, variant: str, rules: dict[str, Any]) -> list[dict[str, Any]]:
    """The two sides of one legal hand, as hand-format sides without names."""
    for _ in range(50):
        out = rng.randrange(2)
        sides = []
        for i in range(2):
            canastas = dict(_OUT) if i == out else {"natural": 0, "mixed": rng.randrange(2)}
            count = sum(canastas.values())
            melded = 35 * count + 5 * rng.randrange(0, 40)
            side: dict[str, Any] = {
                "melded": {"points": melded},
                "red_threes": rng.randrange(3),
                "hand": {"points": 0 if i == out else 5 * rng.randrange(0, 30)},
            }
            if count:
                side["canastas"] = {k: v for k, v in canastas.items() if v}
            if i == out:
                side["went_out"] = True
                side.pop("hand")
            sides.append(side)
        if _legal(variant, rules, sides):
            return sides
    # A preset whose going out this generator does not fit (hand-and-foot's books): a hand that
    # ended with the stock, each side's melds counted, and else a blank hand, always legal.
    stock_out = [{"melded": {"points": 5 * rng.randrange(0, 40)}} for _ in range(2)]
    return stock_out if _legal(variant, rules, stock_out) else [{}, {}]


def _legal(variant: str, rules: dict[str, Any], sides: list[dict[str, Any]]) -> bool:
    try:
        score_record({"variant": variant, "rules": rules, "sides": sides})
    except RuleViolation:
        return False
    return True
