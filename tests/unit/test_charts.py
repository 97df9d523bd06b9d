"""The totals chart: round-number ticks covering the totals, hand numbers, the target's label."""

from __future__ import annotations

from itertools import pairwise

import pytest

from scorekeeper.charts import FONT, WIDTH, hand_step, nice_ticks, totals_chart


def is_nice(step: int) -> bool:
    """1, 2 or 5 × 10ⁿ, or 25 × 10ⁿ (250, 2500)."""
    while step % 10 == 0 and step > 25:
        step //= 10
    return step in (1, 2, 5, 10, 20, 25, 50)


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0, 5000, (0, 1000, 2000, 3000, 4000, 5000)),
        (-410, 6180, (-1000, 0, 1000, 2000, 3000, 4000, 5000, 6000, 7000)),
        (-1020, 15400, tuple(range(-2500, 17501, 2500))),
        (0, 7, (0, 1, 2, 3, 4, 5, 6, 7)),
        (-3000, 0, tuple(range(-3000, 1, 500))),
    ],
)
def test_nice_ticks_examples(low: int, high: int, expected: tuple[int, ...]) -> None:
    assert nice_ticks(low, high) == expected


@pytest.mark.parametrize(
    ("low", "high"),
    [(0, 5000), (-50, 5000), (-360, 5580), (-1020, 15400), (-7000, 120), (0, 1), (5, 8)]
    + [(-n * 37, n * 411) for n in range(1, 60, 7)],
)
def test_nice_ticks_are_round_evenly_spaced_and_cover_the_range(low: int, high: int) -> None:
    ticks = nice_ticks(low, high)
    steps = {b - a for a, b in pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    assert is_nice(step), (step, ticks)
    assert all(tick % step == 0 for tick in ticks)
    assert ticks[0] <= low and ticks[-1] >= high
    assert 2 <= len(ticks) <= 9
    assert ticks[0] > low - step and ticks[-1] < high + step  # no empty step at either end
    if low < 0 < high:
        assert 0 in ticks


def test_a_flat_range_still_has_two_ticks() -> None:
    assert nice_ticks(0, 0) == (0, 1)
    assert nice_ticks(3, 3) == (3, 4)


@pytest.mark.parametrize(
    ("last", "step"), [(1, 1), (6, 1), (10, 1), (12, 2), (34, 5), (50, 5), (60, 10), (500, 50)]
)
def test_every_hand_is_numbered_in_a_short_game_and_every_few_in_a_long_one(
    last: int, step: int
) -> None:
    assert hand_step(last) == step


def points(*running: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    return list(enumerate(running, 1))


def test_the_chart_numbers_each_hand_and_labels_the_target() -> None:
    chart = totals_chart(points((670, -120), (1340, -240), (3450, -290)), ("NS", "EW"), 5000)
    assert chart is not None
    assert [tick.value for tick in chart.hands] == [1, 2, 3]
    assert [tick.value for tick in chart.y_ticks] == [-1000, 0, 1000, 2000, 3000, 4000, 5000]
    assert (chart.low, chart.high, chart.target) == (-1000, 5000, 5000)
    # Higher values are higher up; the ticks run along the plot's left edge, top to bottom.
    ys = [tick.at for tick in chart.y_ticks]
    assert ys == sorted(ys, reverse=True)
    assert (ys[0], ys[-1]) == (chart.bottom, chart.top)
    assert chart.target_y == chart.top
    assert chart.top < chart.target_label_y < chart.bottom  # under its line, inside the plot
    xs = [tick.at for tick in chart.hands]
    assert xs == sorted(xs) and xs[-1] == chart.right and xs[0] > chart.left
    assert [line.css for line in chart.lines] == ["line-0", "line-1"]
    assert chart.lines[0].points.startswith(f"{chart.left}.0,{chart.zero_y}")


def test_a_long_game_is_numbered_every_five_hands_and_below_zero_gets_ticks() -> None:
    running = [(-100 * n, 50 * n) for n in range(1, 35)]
    chart = totals_chart(points(*running), ("A", "B"), 5000)
    assert chart is not None
    assert [tick.value for tick in chart.hands] == [5, 10, 15, 20, 25, 30]
    values = [tick.value for tick in chart.y_ticks]
    assert values[0] <= -3400 and values[-1] >= 5000 and 0 in values


def test_the_text_is_legible_on_a_phone() -> None:
    """The chart is drawn at the card's width: about 326 px on a 390 px phone (16 px of page and
    16 px of card padding each side), so FONT user units must render at 11 px at least."""
    assert FONT * 326 / WIDTH >= 11


def test_no_hand_no_chart() -> None:
    assert totals_chart([], ("A", "B"), 5000) is None
