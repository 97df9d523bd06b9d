"""Reads: a game's state derived from its hand records, in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scorekeeper.models import Game, Hand, Revision
from scorekeeper.rules import Minimum, Ruleset, game_outcome, opening_minimum, ruleset_for


@dataclass(frozen=True)
class SideState:
    position: int
    name: str
    player_names: str
    total: int
    opening_minimum: Minimum


@dataclass(frozen=True)
class HandRow:
    number: int
    totals: tuple[int, ...]  # this hand's score per side
    breakdowns: tuple[dict[str, int], ...]
    running: tuple[int, ...]  # each side's total after this hand
    after_end: bool  # entered after the hand that ended the game (kept, flagged)
    version: int
    record: dict[str, Any]


@dataclass(frozen=True)
class GameState:
    game: Game
    ruleset: Ruleset
    sides: tuple[SideState, ...]
    hands: tuple[HandRow, ...]
    finished: bool
    winner: int | None
    ended_at: int | None  # number of the hand that ended the game

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each side's total before hand ``number`` (1-based; past the last: the current totals)."""
        if number <= 1 or not self.hands:
            return (0,) * len(self.sides)
        return self.hands[min(number, len(self.hands) + 1) - 2].running

    @property
    def winner_name(self) -> str | None:
        return self.sides[self.winner].name if self.winner is not None else None


def game_ruleset(game: Game) -> Ruleset:
    return ruleset_for(game.variant, game.players, game.engine_rules)


@dataclass(frozen=True)
class Progress:
    running: list[tuple[int, ...]]  # totals after each hand
    finished: bool
    winner: int | None
    ended_at: int | None


def game_progress(ruleset: Ruleset, sides: int, results: Iterable[dict[str, Any]]) -> Progress:
    """Running totals and the game's end from hand results in order (VARIANTS.md 2.10)."""
    totals = [0] * sides
    running = []
    finished, winner, ended_at = False, None, None
    for number, result in enumerate(results, 1):
        for i, side in enumerate(result["sides"]):
            totals[i] += side["total"]
        running.append(tuple(totals))
        if not finished:
            outcome = game_outcome(ruleset, totals, result.get("wins_game"))
            if outcome.finished:
                finished, winner, ended_at = True, outcome.winner, number
    return Progress(running, finished, winner, ended_at)


def game_get(game_id: str) -> Game:
    return Game.objects.prefetch_related("sides").get(id=game_id)


def game_state(game: Game, hands: Sequence[Hand] | None = None) -> GameState:
    """The state of a game (prefetch its sides) from its hands: three queries in all."""
    ruleset = game_ruleset(game)
    if hands is None:
        hands = list(game.hands.order_by("number"))
    sides = list(game.sides.all())
    progress = game_progress(ruleset, len(sides), (hand.result for hand in hands))
    totals = progress.running[-1] if progress.running else (0,) * len(sides)
    variant = ruleset.variant
    return GameState(
        game=game,
        ruleset=ruleset,
        sides=tuple(
            SideState(
                s.position, s.name, s.player_names, totals[i], opening_minimum(variant, totals[i])
            )
            for i, s in enumerate(sides)
        ),
        hands=tuple(
            HandRow(
                number=hand.number,
                totals=tuple(side["total"] for side in hand.result["sides"]),
                breakdowns=tuple(side["breakdown"] for side in hand.result["sides"]),
                running=progress.running[i],
                after_end=progress.ended_at is not None and hand.number > progress.ended_at,
                version=hand.version,
                record=hand.record,
            )
            for i, hand in enumerate(hands)
        ),
        finished=progress.finished,
        winner=progress.winner,
        ended_at=progress.ended_at,
    )


def game_revisions(game: Game) -> QuerySet[Revision]:
    return game.revisions.select_related("user").order_by("-at", "-id")


def games_of_user(user: Any) -> QuerySet[Game]:
    return Game.objects.filter(owner=user).prefetch_related("sides").order_by("-updated_at")
