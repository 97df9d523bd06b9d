"""Every line of the families' worked examples (../shared/rules/examples-families.jsonl) passes
through the engine: totals, the outright winner and the next hand's opening where a line expects
them, every refusal, every opening lookup (by score, or by hand number)."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from scorekeeper.rules import RuleViolation, score_json
from scorekeeper.rules.opening import opening_minimum_for
from tests.conftest import DATA, load_examples

EXAMPLES = load_examples("examples-families.jsonl")
HANDS = [e for e in EXAMPLES if "hand" in e]
OPENINGS = [e for e in EXAMPLES if "opening" in e]
SHARED = Path(__file__).resolve().parents[4] / "shared" / "rules" / "examples-families.jsonl"


def test_the_copy_of_the_families_examples_matches_shared() -> None:
    if not SHARED.exists():
        pytest.skip("../shared is not beside this checkout")
    assert filecmp.cmp(DATA / "examples-families.jsonl", SHARED, shallow=False), (
        "tests/data/examples-families.jsonl differs from ../shared/rules/: copy it again"
    )


def test_the_file_holds_its_119_lines_each_with_its_arithmetic() -> None:
    assert len(EXAMPLES) == 119
    assert all(e.get("why") for e in EXAMPLES)
    families = {e.get("hand", e.get("opening"))["variant"] for e in EXAMPLES}
    assert families == {"modern-american", "samba", "bolivia", "hand-and-foot"}


@pytest.mark.parametrize("example", HANDS, ids=[e["name"].split()[0] for e in HANDS])
def test_worked_family_hand(example: dict) -> None:
    out = score_json(example["hand"])
    expect = example["expect"]
    if expect.get("error"):
        assert set(out) == {"error"} and out["error"]
        return
    assert "error" not in out, out
    assert [side["total"] for side in out["sides"]] == expect["totals"]
    for side in out["sides"]:
        assert side["total"] == sum(side["breakdown"].values())
    if "wins_game" in expect:
        assert out["wins_game"] == expect["wins_game"]
    if "opening_minimum" in expect:
        assert [side["opening_minimum"] for side in out["sides"]] == expect["opening_minimum"]


@pytest.mark.parametrize("example", OPENINGS, ids=[e["name"] for e in OPENINGS])
def test_worked_family_opening(example: dict) -> None:
    lookup = example["opening"]
    args = (lookup["variant"], lookup["score"], lookup.get("players", 4), lookup.get("hand_number"))
    if example["expect"].get("error"):
        with pytest.raises(RuleViolation):
            opening_minimum_for(*args)
    else:
        assert opening_minimum_for(*args) == example["expect"]["minimum"]
