"""The running totals of a game as an inline SVG chart (no JavaScript, no chart library)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 320, 160, 8
COLOURS = ("#0a6b4f", "#b3431b", "#2f4fb0")


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    points: str  # SVG polyline points


@dataclass(frozen=True)
class Chart:
    lines: tuple[Line, ...]
    target_y: float | None
    zero_y: float
    low: int
    high: int
    width: int = WIDTH
    height: int = HEIGHT


def totals_chart(
    points: Sequence[tuple[int, tuple[int, ...]]], names: Sequence[str], target: int
) -> Chart | None:
    """The running totals at (hand number, totals) points, from 0 before the first hand."""
    if not points:
        return None
    numbers = [0, *(number for number, _ in points)]
    series = [[0, *(totals[i] for _, totals in points)] for i in range(len(names))]
    low = min(0, *(min(s) for s in series))
    high = max(target, *(max(s) for s in series))
    span = high - low or 1
    steps = numbers[-1] or 1

    def y(value: int) -> float:
        return round(PAD + (HEIGHT - 2 * PAD) * (high - value) / span, 1)

    def x(step: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * step / steps, 1)

    lines = tuple(
        Line(
            name,
            COLOURS[i % len(COLOURS)],
            " ".join(
                f"{x(step)},{y(value)}" for step, value in zip(numbers, series[i], strict=True)
            ),
        )
        for i, name in enumerate(names)
    )
    return Chart(lines=lines, target_y=y(target), zero_y=y(0), low=low, high=high)
