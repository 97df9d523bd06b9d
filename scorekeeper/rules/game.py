"""The end of a game (VARIANTS.md 2.10, VARIANTS-families.md 2.10).

The game ends after the hand in which one side or more reach the target, or, in a game of a
number of hands (hand-and-foot), after its last hand: the highest total wins.
An exact tie for the highest total plays another hand (a decision; house rule ``on_tie``). In
espanola a canasta of black threes wins at once (the hand's ``wins_game``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.variants import OnTie


@dataclass(frozen=True, slots=True)
class GameOutcome:
    finished: bool
    winner: int | None  # 0-based side index; None while playing, or for a drawn game


PLAYING = GameOutcome(finished=False, winner=None)


def game_outcome(
    ruleset: Ruleset,
    totals: Sequence[int],
    wins_game: int | None = None,
    hands_played: int | None = None,
) -> GameOutcome:
    """The outcome after a hand, from the sides' totals, the hand's outright winner if any and,
    for a game of a number of hands (hand-and-foot), how many have been played."""
    if wins_game is not None:
        return GameOutcome(finished=True, winner=wins_game)
    target, hands = ruleset.target, ruleset.seating.hands
    if target is None:
        if not totals or hands is None or hands_played is None or hands_played < hands:
            return PLAYING
    elif not totals or max(totals) < target:
        return PLAYING
    best = max(totals)
    leaders = [i for i, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return GameOutcome(finished=True, winner=leaders[0])
    if ruleset.variant.on_tie is OnTie.DRAW:
        return GameOutcome(finished=True, winner=None)
    return PLAYING
