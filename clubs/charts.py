"""A player's trend as an inline SVG bar chart drawn on the server (no JavaScript): the average
hand month by month, bars above or below zero, with round-number ticks (scorekeeper.charts'
``nice_ticks``). The page puts the same numbers in a table beside it, for a screen reader and
for anyone who wants the figures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from clubs.statistics import MonthPoint
from core.minus_sign import signed_text
from core.rounding import half_up
from scorekeeper.charts import FONT, LABEL_GAP, label_room, nice_ticks

WIDTH, HEIGHT = 320, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 28  # LEFT: at least (label_room: the longest y label)
MOST_MONTHS = 12  # the latest year: older months stay in the table
MOST_TICKS = 6


@dataclass(frozen=True)
class Bar:
    month: date
    x: float
    y: float
    width: float
    height: float
    value: int  # the average hand, rounded
    label_x: float
    negative: bool


@dataclass(frozen=True)
class Tick:
    value: int
    at: float
    label: str  # "+1250", "0", "−500"


@dataclass(frozen=True)
class BarChart:
    bars: tuple[Bar, ...]
    ticks: tuple[Tick, ...]
    zero_y: float
    every: int  # a month's name under every n-th bar (all of them up to 6)
    left: int
    width: int = WIDTH
    height: int = HEIGHT
    right: int = WIDTH - RIGHT
    month_y: int = HEIGHT - 8
    font: int = FONT

    @property
    def label_x(self) -> int:
        """Where the y tick labels end (they are right-aligned against the plot)."""
        return self.left - LABEL_GAP


def average_hand_chart(months: Sequence[MonthPoint]) -> BarChart | None:
    """Bars of the latest months' average hand; None before a month with a hand."""
    shown = [m for m in months if m.average_hand is not None][-MOST_MONTHS:]
    if not shown:
        return None
    values = [int(half_up(m.average_hand or 0)) for m in shown]
    ticks = nice_ticks(min(0, *values), max(0, *values), MOST_TICKS)
    low, high = ticks[0], ticks[-1]
    labels = [signed_text(t) for t in ticks]
    left = label_room(labels, LEFT)
    top, bottom = TOP, HEIGHT - BOTTOM
    span = (high - low) or 1

    def y_of(value: int) -> float:
        return round(bottom - (value - low) * (bottom - top) / span, 1)

    zero = y_of(0)
    slot = (WIDTH - RIGHT - left) / len(shown)
    width = round(slot * 0.7, 1)
    bars = []
    for i, (month, value) in enumerate(zip(shown, values, strict=True)):
        x = round(left + i * slot + (slot - width) / 2, 1)
        y = y_of(value)
        bars.append(
            Bar(
                month=month.month,
                x=x,
                y=min(y, zero),
                width=width,
                height=round(abs(zero - y), 1),
                value=value,
                label_x=round(x + width / 2, 1),
                negative=value < 0,
            )
        )
    return BarChart(
        bars=tuple(bars),
        ticks=tuple(Tick(t, y_of(t), label) for t, label in zip(ticks, labels, strict=True)),
        zero_y=zero,
        every=1 if len(shown) <= 6 else 2,
        left=left,
    )
