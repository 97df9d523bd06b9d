"""The engine's hot-path shortcuts give what the plain code gives (bench/instructions.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import RuleViolation, score_json, score_record, score_to_json
from scorekeeper.rules.melds import MeldedFacts, blank_facts

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("has_meld", [False, True])
def test_blank_facts_are_the_dataclass_defaults(has_meld: bool) -> None:
    assert blank_facts(has_meld) == MeldedFacts(has_meld=has_meld)


def _bench_records() -> list[dict]:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from rules import make_records
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return make_records(600)


def test_score_json_is_score_to_json_of_the_score() -> None:
    """score_json builds its object without a HandScore: the same object, refusals included."""
    records = _bench_records()
    rng = random.Random(30)
    for record in records[:200]:  # some broken on purpose: the refusal's message is the same
        side = record["sides"][rng.randrange(2)]
        side["red_threes"] = rng.choice([0, 1, 5, -1])
    for record in records:
        try:
            expected = score_to_json(score_record(record))
        except RuleViolation as violation:
            expected = {"error": str(violation)}
        assert json.dumps(score_json(record)) == json.dumps(expected)
