"""Every figure a page, a chart or an export shows is rounded half up (core.rounding):
an average hand of 702.5 reads 703 and one of 1027.5 reads 1028, where round() took both to the
even neighbour and number_format cut a float's digits."""

from __future__ import annotations

from datetime import date

import pytest

from clubs.charts import average_hand_chart
from clubs.statistics import MonthPoint
from clubs.tables import per_hand_text, percent_text, points_text, rating_text
from core.minus_sign import figure_text
from core.rounding import tenths


@pytest.mark.parametrize(
    ("value", "shown"), [(702.5, "703"), (1027.5, "1028"), (-702.5, "−703"), (702.49, "702")]
)
def test_an_average_hand_ending_in_a_half_is_rounded_up(value: float, shown: str) -> None:
    assert points_text(value) == shown


def test_rates_per_hand_and_shares_round_their_half_up() -> None:
    assert per_hand_text(0.125) == "0.13"  # number_format(round(0.125, 2), 2): "0.12"
    assert per_hand_text(0.135) == "0.14"
    assert percent_text(1 / 8) == "13%"  # 12.5 %
    assert percent_text(0.145) == "15%"  # 0.145 × 100 is 14.4999... in floats


def test_a_ladder_a_rating_and_a_standings_metric_round_their_half_up() -> None:
    # A ladder's points and a standings metric: one figure_text, whole or to one place.
    assert figure_text(12.25) == "12.3"
    assert figure_text(12.0) == "12"
    assert rating_text(12.25) == "12.3"
    assert figure_text(1.35) == "1.4"  # number_format cut it to 1.3
    assert figure_text(-1.35, signed=True) == "−1.4"
    assert str(tenths(12.25)) == "12.3" and str(tenths(12.0)) == "12"  # the season's CSV


def test_the_charts_bar_is_labelled_with_the_average_rounded_up() -> None:
    chart = average_hand_chart([MonthPoint(date(2026, 3, 1), 2, 702.5, 0.5)])
    assert chart is not None and chart.bars[0].value == 703
