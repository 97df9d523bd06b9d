"""The hand score as JSON (hand-format.md, "Output")."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.records import parse_record
from scorekeeper.rules.scoring import HandScore, score_sides


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
    """The output object of one input record: its score, or ``{"error": message}``. The same
    object as score_to_json(score_record(record)), built without the HandScore in between."""
    try:
        sides, wins_game = score_sides(parse_record(record))
    except RuleViolation as violation:
        return {"error": str(violation)}
    return {
        "sides": [
            {
                "name": name,
                "total": total,
                "breakdown": parts,
                "score_after": after,
                "opening_minimum": opening,
            }
            for name, total, parts, after, opening in sides
        ],
        "wins_game": wins_game,
    }
