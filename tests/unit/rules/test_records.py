"""A hand record's form refused (hand-format.md; rules/records.py): unknown keys, wrong types, a
preset, player count or layout that does not exist, each with the side and field named."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from tests.factories import record

CASES = [
    # (id, record, words the message must hold)
    # (id, record, words the message must hold)
    ("unknown preset", {"variant": "rummy", "sides": [{}, {}]}, "unknown variant 'rummy'"),
    (
        "unknown player count",
        record("origen", {}, {}, {}, players=3),
        "origen is played by 2, 4, 6 players, not 3",
    ),
    (
        "sides that fit no layout",
        record("classic", {}, {}, {}),
        "4 players of classic play as 2 sides, not 3 sides",
    ),
    (
        "negative points",
        record("classic", {"melded": {"points": -5}}, {}),
        "melded points must be a multiple of 5 from 0 to 100000",
    ),
    (
        "points not a multiple of 5",
        record("classic", {}, {"hand": {"points": 12}}),
        "side 2: hand points must be a multiple of 5",
    ),
    (
        "unknown key in a side",
        record("classic", {"redthrees": 1}, {}),
        "side 1: unknown key 'redthrees'",
    ),
    (
        "unknown key in a meld",
        record("classic", {"melds": [{"rank": "K", "natural": 3}]}, {}),
        "side 1, meld 1 (K): unknown key 'natural'",
    ),
    (
        "unknown key at the top",
        {"variant": "classic", "sides": [{}, {}], "player": 4},
        "unknown key 'player'",
    ),
    (
        "unknown card class",
        record("classic", {"hand": {"kings": 2}}, {}),
        "side 1: unknown key 'kings'",
    ),
    (
        "both entry levels",
        record("classic", {"melds": [], "melded": {"points": 0}}, {}),
        "not both",
    ),
    (
        "canastas without melded",
        record("classic", {"canastas": {"natural": 1}}, {}),
        "canastas and sequences go with melded",
    ),
    (
        "a count that is not a whole number",
        record("classic", {"red_threes": 1.5}, {}),
        "red_threes must be a whole number",
    ),
    (
        "a flag that is not true or false",
        record("classic", {"went_out": 1}, {}),
        "went_out must be true or false",
    ),
    (
        "score before not a multiple of 5",
        record("classic", {"score_before": 12}, {}),
        "score_before must be a whole multiple of 5",
    ),
    ("not an object", ["classic"], "a hand record must be a JSON object"),
]


@pytest.mark.parametrize(("hand", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_refused_with_a_message_naming_it(hand: object, words: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        score_record(hand)
    assert words in str(refused.value)
