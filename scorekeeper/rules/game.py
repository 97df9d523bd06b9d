"""The end of a game (VARIANTS.md 2.10).

The game ends after the hand in which one side or more reach the target: the highest total wins.
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
    ruleset: Ruleset, totals: Sequence[int], wins_game: int | None = None
) -> GameOutcome:
    """The outcome after a hand, from the sides' totals and the hand's outright winner if any."""
    if wins_game is not None:
        return GameOutcome(finished=True, winner=wins_game)
    if not totals or max(totals) < ruleset.target:
        return PLAYING
    best = max(totals)
    leaders = [i for i, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return GameOutcome(finished=True, winner=leaders[0])
    if ruleset.variant.on_tie is OnTie.DRAW:
        return GameOutcome(finished=True, winner=None)
    return PLAYING
