"""The running totals of a game as an inline SVG chart (no JavaScript, no chart library).

The chart is drawn in a WIDTH × HEIGHT box of user units that the page scales to the card's
width: about 330 px on a 390 px phone, so one unit is about one pixel there and FONT (13 units)
renders at about 13 px; on a wide screen it only grows. The y axis has round-number ticks
(``nice_ticks``) that cover the totals, the target and 0; the x axis numbers the hands (every
hand in a short game, every 2, 5, 10... in a longer one: ``hand_step``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.minus_sign import number_text

WIDTH, HEIGHT = 320, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 30  # room for the y tick labels and the hand numbers
FONT = 13
# A y label's width, from DejaVu Sans's (the widest of the fonts "system-ui, sans-serif" is drawn
# in: Roboto's, San Francisco's and Segoe UI's digits are narrower): a digit 0.636 em, "+" and
# "−" 0.838 em. LEFT holds "−1000" only in part: "−2000" and "15000" lost their first
# character at the chart's left edge.
DIGIT_EM, SIGN_EM = 0.64, 0.84
LABEL_GAP = 4  # between a y label's end and the plot
COLOURS = ("#0a6b4f", "#b3431b", "#2f4fb0")  # the same as .line-0/.line-1/.line-2 in app.css
MOST_Y_TICKS = 9
MOST_HAND_LABELS = 10


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    css: str  # "line-0": the legend's colour class
    points: str  # SVG polyline points


@dataclass(frozen=True)
class Tick:
    value: int
    at: float  # y (value ticks) or x (hand numbers) in user units
    label: str = ""  # a value tick's words, as label_room measured them


@dataclass(frozen=True)
class Chart:
    lines: tuple[Line, ...]
    target: int | None  # None: a game of a number of hands (hand-and-foot) has no target line
    target_y: float
    zero_y: float
    low: int
    high: int
    y_ticks: tuple[Tick, ...]
    hands: tuple[Tick, ...]  # the hand numbers along the x axis
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    font: int = FONT

    @property
    def label_x(self) -> int:
        """Where the y tick labels end (they are right-aligned against the plot)."""
        return self.left - LABEL_GAP

    @property
    def hand_y(self) -> int:
        """The baseline of the hand numbers, under the plot."""
        return self.bottom + FONT + 6

    @property
    def target_label_y(self) -> float:
        """The target's label sits just under its line (the lines start at 0, far below it),
        or above it when the line is at the bottom of the plot."""
        below = self.target_y + FONT + 1
        return below if below <= self.bottom - 2 else self.target_y - 4


def _steps() -> Sequence[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ... (whole numbers only)."""
    out = [1, 2, 5]
    for power in range(1, 10):
        base = 10**power
        out += [base, 2 * base, *([base * 5 // 2] if power > 1 else []), 5 * base]
    return out


STEPS = tuple(_steps())


def nice_ticks(low: int, high: int, most: int = MOST_Y_TICKS) -> tuple[int, ...]:
    """Round numbers from at or below ``low`` to at or above ``high``, evenly spaced by the
    smallest step of 1, 2, 5 × 10ⁿ (or 250, 2500...) that gives at most ``most`` ticks.

    >>> nice_ticks(0, 5000)
    (0, 1000, 2000, 3000, 4000, 5000)
    >>> nice_ticks(-410, 6180)
    (-1000, 0, 1000, 2000, 3000, 4000, 5000, 6000, 7000)
    """
    if high < low:
        low, high = high, low
    if high == low:
        high = low + 1
    for step in STEPS:
        first, last = math.floor(low / step), math.ceil(high / step)
        if last - first + 1 <= most:
            return tuple(n * step for n in range(first, last + 1))
    raise ValueError(f"no tick step for {low}..{high}")  # pragma: no cover: beyond 10**10


def label_room(labels: Iterable[str], least: int) -> int:
    """The plot's left edge: the widest of the y ``labels`` whole to its left (they are
    right-aligned against it, LABEL_GAP away), and ``least`` at least."""
    widest = max(
        (sum(DIGIT_EM if c.isdigit() else SIGN_EM for c in label) for label in labels), default=0
    )
    return max(least, math.ceil(widest * FONT) + LABEL_GAP + 2)


def hand_step(last: int, most: int = MOST_HAND_LABELS) -> int:
    """Number every hand up to ``most`` hands; past that, every 2, 5, 10, 20, 50... hands."""
    return next(step for step in STEPS if last // step <= most)


def totals_chart(
    points: Sequence[tuple[int, tuple[int, ...]]], names: Sequence[str], target: int | None
) -> Chart | None:
    """The running totals at (hand number, totals) points, from 0 before the first hand."""
    if not points:
        return None
    numbers = [0, *(number for number, _ in points)]
    series = [[0, *(totals[i] for _, totals in points)] for i in range(len(names))]
    marks = (0,) if target is None else (0, target)
    ticks = nice_ticks(
        min(*marks, *(min(s) for s in series)), max(*marks, *(max(s) for s in series))
    )
    low, high = ticks[0], ticks[-1]
    span = high - low
    last = numbers[-1] or 1
    labels = [number_text(value) for value in ticks]
    left = label_room(labels, LEFT)

    def y(value: int) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / span, 1)

    def x(number: int) -> float:
        return round(left + (WIDTH - left - RIGHT) * number / last, 1)

    lines = tuple(
        Line(
            name,
            COLOURS[i % len(COLOURS)],
            f"line-{i % len(COLOURS)}",
            " ".join(
                f"{x(number)},{y(value)}" for number, value in zip(numbers, series[i], strict=True)
            ),
        )
        for i, name in enumerate(names)
    )
    step = hand_step(numbers[-1])
    return Chart(
        lines=lines,
        target=target,
        target_y=y(0 if target is None else target),
        zero_y=y(0),
        low=low,
        high=high,
        y_ticks=tuple(Tick(v, y(v), label) for v, label in zip(ticks, labels, strict=True)),
        hands=tuple(Tick(n, x(n)) for n in range(step, numbers[-1] + 1, step)),
        left=left,
    )
