"""A ruleset reads each meld once (Ruleset.readings, melds.read_detailed): the reading is the
ruleset's own, a refusal is never kept, and the kept readings stay bounded."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, parse_record, ruleset_for, score_hand
from scorekeeper.rules.melds import MOST_READINGS, read_detailed
from scorekeeper.rules.records import Meld, SideHand


def hand(rules: dict[str, object]) -> dict[str, object]:
    # Four wild cards with three naturals: over classic's three, within "none".
    return {
        "variant": "classic",
        "rules": rules,
        "sides": [
            {"melds": [{"rank": "K", "naturals": 3, "twos": 4}, {"rank": "5", "naturals": 7}]},
            {"melds": [{"rank": "9", "naturals": 3}]},
        ],
    }


def test_a_meld_read_under_one_ruleset_is_read_anew_under_another() -> None:
    assert score_hand(parse_record(hand({"wild_limit": "none"}))).sides[0].total > 0
    with pytest.raises(RuleViolation, match="at most 3 wild cards"):
        score_hand(parse_record(hand({})))
    assert score_hand(parse_record(hand({"wild_limit": "none"}))).sides[0].total > 0


def test_a_refused_meld_is_refused_each_time() -> None:
    for _ in range(2):
        with pytest.raises(RuleViolation, match="at most 3 wild cards") as refused:
            score_hand(parse_record(hand({})))
        assert (refused.value.side, refused.value.meld) == (1, 1)


def test_the_readings_of_a_ruleset_stay_bounded() -> None:
    ruleset = ruleset_for("classic")
    readings: dict[tuple[object, ...], object] = {}
    for naturals in range(3, MOST_READINGS + 10):
        side = SideHand(melds=(Meld("K", naturals),))
        read_detailed(ruleset.variant, side, 1, readings)
        assert len(readings) <= MOST_READINGS


def test_a_kept_reading_counts_as_a_fresh_one() -> None:
    ruleset = ruleset_for("classic")
    side = SideHand(melds=(Meld("K", 5, 1, 1), Meld("3", 3), Meld("A", 7)), went_out=True)
    readings: dict[tuple[object, ...], object] = {}
    first = read_detailed(ruleset.variant, side, 1, readings)
    again = read_detailed(ruleset.variant, side, 1, readings)
    assert first == again == read_detailed(ruleset.variant, side, 1)
