"""The running totals of a game as an inline SVG chart (no JavaScript, no chart library)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.selectors import GameState

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


def totals_chart(state: GameState) -> Chart | None:
    if not state.hands:
        return None
    series = [[0, *(hand.running[i] for hand in state.hands)] for i in range(len(state.sides))]
    target = state.ruleset.target
    low = min(0, *(min(s) for s in series))
    high = max(target, *(max(s) for s in series))
    span = high - low or 1
    steps = len(state.hands)

    def y(value: int) -> float:
        return round(PAD + (HEIGHT - 2 * PAD) * (high - value) / span, 1)

    def x(step: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * step / steps, 1)

    lines = tuple(
        Line(
            side.name,
            COLOURS[i % len(COLOURS)],
            " ".join(f"{x(step)},{y(value)}" for step, value in enumerate(series[i])),
        )
        for i, side in enumerate(state.sides)
    )
    return Chart(lines=lines, target_y=y(target), zero_y=y(0), low=low, high=high)
