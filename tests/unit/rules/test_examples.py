"""Every line of the shared worked examples passes through the engine."""

from __future__ import annotations

import filecmp
import re
from pathlib import Path

import pytest

from scorekeeper.rules import score_json
from scorekeeper.rules.opening import opening_minimum_for
from tests.conftest import DATA, load_examples

EXAMPLES = load_examples()
HANDS = [e for e in EXAMPLES if "hand" in e]
OPENINGS = [e for e in EXAMPLES if "opening" in e]
SHARED = Path(__file__).resolve().parents[4] / "shared" / "rules" / "examples.jsonl"


def test_the_copy_of_the_examples_matches_shared() -> None:
    if not SHARED.exists():
        pytest.skip("../shared is not beside this checkout")
    assert filecmp.cmp(DATA / "examples.jsonl", SHARED, shallow=False), (
        "tests/data/examples.jsonl differs from ../shared/rules/examples.jsonl: copy it again"
    )


def test_the_examples_cover_hands_errors_and_openings() -> None:
    assert len(HANDS) >= 30 and len(OPENINGS) >= 20
    assert any("error" in e["expect"] for e in HANDS)


@pytest.mark.parametrize("example", HANDS, ids=[e["name"] for e in HANDS])
def test_worked_hand(example: dict) -> None:
    out = score_json(example["hand"])
    if example["expect"].get("error"):
        assert set(out) == {"error"}
        assert out["error"]
    else:
        assert "error" not in out, out
        assert [side["total"] for side in out["sides"]] == example["expect"]["totals"]
        for side in out["sides"]:
            assert side["total"] == sum(side["breakdown"].values())


@pytest.mark.parametrize("example", OPENINGS, ids=[e["name"] for e in OPENINGS])
def test_worked_opening_minimum(example: dict) -> None:
    lookup = example["opening"]
    minimum = opening_minimum_for(lookup["variant"], lookup["score"], lookup.get("players", 4))
    assert minimum == example["expect"]["minimum"]


WHY = [e for e in HANDS if "why" in e]


@pytest.mark.parametrize("example", WHY, ids=[e["name"] for e in WHY])
def test_refusal_names_what_the_example_names(example: dict) -> None:
    """The message carries the side/meld location and the rule's words the example gives."""
    message = score_json(example["hand"])["error"]
    why: str = example["why"]
    location, _, rule = why.rpartition(": ")
    if location:
        for part in location.replace(" hand", "").split(", "):
            assert part in message, (part, message)
    key_words = {"X8": "unknown variant 'gin'"}
    expected = real_plural(key_words.get(example["name"].split()[0], rule))
    assert expected in message, (expected, message)


def real_plural(words: str) -> str:
    """The examples write "2 canasta(s)"; messages say "1 canasta" and "2 canastas"."""
    return re.sub(
        r"(\d+) (\w+)\(s\)",
        lambda m: f"{m[1]} {m[2]}" + ("" if m[1] == "1" else "s"),
        words,
    )


def test_the_plural_reading_of_the_examples() -> None:
    assert real_plural("going out needs 1 canasta(s)") == "going out needs 1 canasta"
    assert (
        real_plural("side 1: going out needs 2 canasta(s)") == "side 1: going out needs 2 canastas"
    )
