"""Scoring a game's hand as entered at the table: the engine's record built from the game.

Nothing here saves: the services call it inside their transaction, the live preview outside any.
A hand's sides come from the table without ``name`` and ``score_before`` (the game holds both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.models import Game
from scorekeeper.rules import HandScore, score_record
from scorekeeper.rules.adjustments import split_adjustments, with_adjustments
from scorekeeper.rules.live import FROM_THE_GAME, Table, hand_record, result_of


@dataclass(frozen=True)
class ScoredEntry:
    sides: list[dict[str, Any]]  # the sides as stored: hand-format, without name and score_before
    result: dict[str, Any]  # {"sides": [{"total", "breakdown"}], "wins_game"}, as Hand.result
    score: HandScore  # the engine's answer: score after, next opening minimums


def table_of(game: Game, names: Sequence[str]) -> Table:
    """The game as the engine scores its hands (the phone's engine is given the same)."""
    return Table(game.variant, game.players, game.engine_rules, tuple(names), game.round_hands)


def stored_sides(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A stored hand's sides, without a name an older version of the app kept in them."""
    return [{k: v for k, v in side.items() if k != "name"} for side in record["sides"]]


def entered_sides(sides: object) -> object:
    """A hand-format record's sides as the table enters them: without what the game gives
    (FROM_THE_GAME: an export holds names and score_before). Anything but a list of objects is
    left as it is, for :func:`score_entry` to refuse."""
    if not isinstance(sides, list):
        return sides
    return [
        {k: v for k, v in side.items() if k not in FROM_THE_GAME}
        if isinstance(side, dict)
        else side
        for side in sides
    ]


def score_entry(
    game: Game, sides: object, names: Sequence[str], score_before: Sequence[int], number: int
) -> ScoredEntry:
    """Check and score a hand's sides as the game's hand ``number`` (``names``: its sides' names,
    for messages); a RuleViolation names what is wrong."""
    plain, adjustments = split_adjustments(sides)
    record = hand_record(table_of(game, names), plain, score_before, number)
    score = score_record(record)
    entered = [
        {k: v for k, v in side.items() if k not in FROM_THE_GAME} for side in record["sides"]
    ]
    return ScoredEntry(
        sides=with_adjustments(entered, adjustments),
        result=result_of(score, adjustments),
        score=score,
    )
