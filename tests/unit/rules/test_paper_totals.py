"""A side's total as parts the engine scores to exactly that total (rules/paper_totals.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
from scorekeeper.rules.paper_totals import side_for_total
from tests.factories import record, totals
from tests.properties import scaled

SEATINGS = [
    (v.id, s.players, s.sides)
    for v in PRESETS.values()
    for players in v.player_counts
    for s in v.seatings_of(players)
]

# Worked by hand: classic's natural canasta is 500 and counts melds without one; classic-fr
# counts melds without a canasta against the side (VARIANTS.md 2.4, 2.7).
CASES = [
    ("classic", 0, {}),
    ("classic", -120, {"hand": {"points": 120}}),
    ("classic", 90, {"melded": {"points": 90}}),
    ("classic", 1235, {"melded": {"points": 235}, "canastas": {"natural": 2}}),
    ("classic", 3000, {"melded": {"points": 500}, "canastas": {"natural": 5}}),
    (
        "classic-fr",
        5,
        {"melded": {"points": 35}, "canastas": {"natural": 1}, "hand": {"points": 530}},
    ),
]


@pytest.mark.parametrize(("variant", "total", "side"), CASES)
def test_a_total_is_written_as_the_documented_parts(variant: str, total: int, side: dict) -> None:
    assert side_for_total(ruleset_for(variant, 4, {}, 2), total) == side


@settings(max_examples=scaled(300), deadline=None)
@given(
    seating=st.sampled_from(SEATINGS),
    total=st.integers(min_value=-20_000, max_value=1_600).map(lambda n: n * 5),
)
def test_every_preset_scores_the_parts_to_exactly_the_total(
    seating: tuple[str, int, int], total: int
) -> None:
    variant, players, sides = seating
    side = side_for_total(ruleset_for(variant, players, {}, sides), total)
    others = [{}] * (sides - 1)
    assert totals(record(variant, side, *others, players=players))[0] == total


def test_a_total_the_packs_cannot_hold_is_refused_and_asks_for_the_parts() -> None:
    with pytest.raises(RuleViolation) as refused:
        side_for_total(ruleset_for("classic", 4, {}, 2), 9000)
    assert "enter the side's parts" in str(refused.value)
