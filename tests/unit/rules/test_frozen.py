"""frozen.build: the fast way the engine builds its frozen results is the dataclass's own."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import parse_record, score_record
from scorekeeper.rules.frozen import build
from scorekeeper.rules.records import CardCounts
from scorekeeper.rules.scoring import Breakdown
from tests.conftest import load_examples

HANDS = [e["hand"] for e in load_examples() if "hand" in e and "totals" in e["expect"]]


def test_a_built_instance_equals_a_constructed_one_and_stays_frozen() -> None:
    built = build(Breakdown, cards=70, hand=-10, canastas=500, red_threes=0, going_out=100, other=0)
    assert built == Breakdown(70, -10, 500, 0, 100, 0)
    assert hash(built) == hash(Breakdown(70, -10, 500, 0, 100, 0))
    assert built.total == 660
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.cards = 0  # type: ignore[misc]


def every_field_set(obj: object) -> bool:
    return all(f.name in vars(obj) for f in dataclasses.fields(obj))  # type: ignore[arg-type]


@pytest.mark.parametrize("hand", HANDS)
def test_every_object_the_engine_builds_has_every_field(hand: dict) -> None:
    record = parse_record(hand)
    assert every_field_set(record)
    for side in record.sides:
        assert every_field_set(side)
        if isinstance(side.hand, CardCounts):
            assert every_field_set(side.hand)
    score = score_record(hand)
    assert every_field_set(score)
    for side in score.sides:
        assert every_field_set(side) and every_field_set(side.breakdown)
