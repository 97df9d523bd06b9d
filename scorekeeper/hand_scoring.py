"""Scoring a game's hand as entered at the table: the engine's record built from the game.

Nothing here saves: the services call it inside their transaction, the live preview outside any.
A hand's sides come from the table without ``name`` and ``score_before`` (the game holds both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.models import Game
from scorekeeper.rules import HandScore, RuleViolation, ruleset_for, score_record
from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.opening import game_hand_number

FROM_THE_GAME = ("name", "score_before")  # keys a hand's side takes from the game, never the table


@dataclass(frozen=True)
class ScoredEntry:
    sides: list[dict[str, Any]]  # the sides as stored: hand-format, without name and score_before
    result: dict[str, Any]  # {"sides": [{"total", "breakdown"}], "wins_game"}, as Hand.result
    score: HandScore  # the engine's answer: score after, next opening minimums


def record_hand_number(game: Game, number: int, sides: int) -> int:
    """The hand's number as its record gives it (a tie-break hand: the last hand's)."""
    if game.target is not None:
        return number  # a game to a target numbers its hands as they come
    return game_hand_number(
        ruleset_for(game.variant, game.players, game.engine_rules, sides), number
    )


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
    side_count = len(names)
    if not isinstance(sides, list):
        raise RuleViolation(
            gettext_noop("sides must be a list, one object per side"), field="sides"
        )
    if len(sides) != side_count:
        raise RuleViolation(
            gettext_noop("this game has %(n)s sides, not %(given)s"),
            field="sides",
            n=side_count,
            given=len(sides),
        )
    for i, side in enumerate(sides, 1):
        if not isinstance(side, dict):
            raise RuleViolation(gettext_noop("%(key)s must be an object"), key="side", side=i)
        for key in FROM_THE_GAME:
            if key in side:
                raise RuleViolation(
                    gettext_noop("%(key)s comes from the game: leave it out"),
                    key=key,
                    side=i,
                    field=key,
                )
    record = {
        "variant": game.variant,
        "players": game.players,
        "rules": game.engine_rules,
        "hand_number": record_hand_number(game, number, side_count),
        "sides": [
            {**side, "name": names[i], "score_before": score_before[i]}
            for i, side in enumerate(sides)
        ],
    }
    score = score_record(record)
    result = {
        "sides": [{"total": s.total, "breakdown": s.breakdown.as_dict()} for s in score.sides],
        "wins_game": score.wins_game,
    }
    return ScoredEntry(sides=list(sides), result=result, score=score)
