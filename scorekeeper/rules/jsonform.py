"""The hand score as JSON (hand-format.md, "Output")."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.scoring import HandScore, score_record


def score_to_json(score: HandScore) -> dict[str, Any]:
    return {
        "sides": [
            {
                "name": side.name,
                "total": side.total,
                "breakdown": side.breakdown.__dict__.copy(),  # Breakdown.as_dict, without a call
                "score_after": side.score_after,
                "opening_minimum": side.opening_minimum,
            }
            for side in score.sides
        ],
        "wins_game": score.wins_game,
    }


def score_json(record: object) -> dict[str, Any]:
    """The output object of one input record: its score, or ``{"error": message}``."""
    try:
        return score_to_json(score_record(record))
    except RuleViolation as violation:
        return {"error": str(violation)}
