"""A summary entry refused (VARIANTS.md section 4; rules/summary.py): canastas its melded cards or
points cannot hold, a canasta kind the preset lacks."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from tests.factories import record

CASES = [
    # (id, record, words the message must hold)
    (
        "canastas the points cannot hold",
        record("classic", {"melded": {"points": 60}, "canastas": {"natural": 2}}, {}),
        "2 canastas cannot hold only 60 points",
    ),
    (
        "canastas the cards cannot hold",
        record("classic", {"melded": {"aces": 6}, "canastas": {"natural": 1}}, {}),
        "1 canasta needs at least 7 melded cards",
    ),
    (
        "summary canasta kind the preset lacks",
        record("classic", {"melded": {"points": 500}, "canastas": {"wild_pure": 1}}, {}),
        "classic has no wild pure canastas",
    ),
]


@pytest.mark.parametrize(("hand", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_refused_with_a_message_naming_it(hand: object, words: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        score_record(hand)
    assert words in str(refused.value)
