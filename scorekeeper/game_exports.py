"""A game's hands as CSV and as hand-format JSON Lines (re-importable), streamed."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest, StreamingHttpResponse

from scorekeeper.rules import Breakdown
from scorekeeper.selectors import game_state_or_404
from scorekeeper.serializers import hand_record_json

PARTS = list(Breakdown.__dataclass_fields__)  # the breakdown's parts, in hand-format's order
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutral(cell: Any) -> Any:
    """A text cell a spreadsheet would read as a formula, made plain text (numbers stay)."""
    if isinstance(cell, str) and cell.startswith(FORMULA_START):
        return "'" + cell
    return cell


class _Echo:
    def write(self, value: str) -> str:
        return value


def export_jsonl(request: HttpRequest, game_id: str) -> StreamingHttpResponse:
    """The game as hand-format records, one per line: names and score_before from the game."""
    state = game_state_or_404(game_id)
    game = state.game

    def lines() -> Iterator[str]:
        before: tuple[int, ...] = (0,) * len(state.sides)
        names = [side.name for side in state.sides]
        for hand in state.hands:
            record = hand_record_json(game, names, hand.record, before)
            yield json.dumps(record, ensure_ascii=False) + "\n"
            before = hand.running

    response = StreamingHttpResponse(lines(), content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="canasta-{game.id}.jsonl"'
    return response


def export_csv(request: HttpRequest, game_id: str) -> StreamingHttpResponse:
    state = game_state_or_404(game_id)
    writer = csv.writer(_Echo())

    def rows() -> Iterator[str]:
        header = ["hand"]
        for side in state.sides:
            header += [f"{side.name} {p}" for p in PARTS]
            header += [f"{side.name} adjustment", f"{side.name} adjustment reason"]
            header += [f"{side.name} total", f"{side.name} running"]
        yield writer.writerow([neutral(cell) for cell in header])
        for hand in state.hands:
            row: list[Any] = [hand.number]
            for i in range(len(state.sides)):
                found = hand.adjustments[i] if i < len(hand.adjustments) else None
                row += [hand.breakdowns[i][p] for p in PARTS]
                row += [found["points"], neutral(found["reason"])] if found else [0, ""]
                row += [hand.scores[i], hand.running[i]]
            yield writer.writerow(row)

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="canasta-{state.game.id}.csv"'
    return response
