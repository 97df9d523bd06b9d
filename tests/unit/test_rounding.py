"""core.rounding: a half goes up, as people round, where round() goes to the even
neighbour and Django's number_format cuts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.rounding import half_up


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (702.5, 0, "703"),  # round() gives 702
        (1027.5, 0, "1028"),
        (-702.5, 0, "-703"),  # away from zero: the mirror of 702.5
        (-1027.5, 0, "-1028"),
        (702.4, 0, "702"),
        (0.125, 2, "0.13"),  # round() gives 0.12
        (2.675, 2, "2.68"),  # as written, not its binary value 2.67499999...
        (1.35, 1, "1.4"),  # number_format cuts it to 1.3
        (12, 1, "12.0"),
        (Decimal("800.5"), 0, "801"),
    ],
)
def test_a_half_is_rounded_up(value: float, places: int, shown: str) -> None:
    assert str(half_up(value, places)) == shown


def test_a_percentage_is_multiplied_exactly_before_it_is_rounded() -> None:
    assert 0.145 * 100 < 14.5  # the float product falls short of the half
    assert half_up(0.145, times=100) == 15
    assert half_up(1 / 8, times=100) == 13  # 12.5 %
