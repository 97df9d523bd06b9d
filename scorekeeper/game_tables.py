"""Where a game is played as a table of something bigger (an event's round), as the app that
draws the tables says at start-up (``TABLES``: tournaments registers its own). The scoring app,
and the clubs' statistics below the events, learn of a table through this registry alone: they
import nothing of the app above them (tests/unit/test_layering.py).

Each registered ``GameTables`` answers for the games it drew tables for, and None (or nothing)
for the rest; with none registered, a game is a game of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class TableOfGame:
    """The table a game is played at: where its pairs submit the result."""

    round: int
    table: int
    url: str
    # The round clock as templates/core/_round_clock.html shows it (its JSON's url, the signal's
    # minutes, the timing rule in words, the round); None for a table without a clock.
    clock: Mapping[str, Any] | None = None
    # Why no hand can follow now (the clock's "last hand" or time, another table's target,
    # once this table played the hand it was allowed): the page offers the result instead.
    stopped: str = ""


@dataclass(frozen=True)
class HandStop:
    """The most hands a table's game may hold now (its round's clock called "last hand" or
    time), and why, as the hand's entry refuses one more."""

    hands: int
    message: str


@dataclass(frozen=True)
class TableOutcome:
    """A table's result in force, as its game's sides: side 0 North-South, side 1 East-West."""

    winner: int | None  # the winning side's position; None: a draw


@dataclass(frozen=True)
class TableShown:
    """A game's table as a player's list of games names it: the event and the round, and the
    settled result's figures by side (None while it is not settled)."""

    event: str
    round: int
    scores: tuple[int, int] | None


class GameTables(Protocol):
    def table_page(self, game_id: str, token: str) -> TableOfGame | None:
        """The table page of the pair whose key is ``token`` (the key is the game's)."""

    def outcomes(self, game_ids: Iterable[str]) -> dict[str, TableOutcome]:
        """The settled result of those of the games whose table has one, by game id: one
        read."""

    def tables_shown(self, game_ids: Iterable[str]) -> dict[str, TableShown]:
        """The tables of those of the games that are one, by game id: one read."""

    def hand_stop(self, game_id: str) -> HandStop | None:
        """The game's table's stop, if its round's clock or rules set one now."""


TABLES: list[GameTables] = []


def table_page(game_id: str, token: str) -> TableOfGame | None:
    return next((t for g in TABLES if (t := g.table_page(game_id, token)) is not None), None)


def table_outcomes(game_ids: Iterable[str]) -> dict[str, TableOutcome]:
    ids = list(game_ids)
    return {game_id: o for g in TABLES for game_id, o in g.outcomes(ids).items()}


def tables_shown(game_ids: Iterable[str]) -> dict[str, TableShown]:
    ids = list(game_ids)
    return {game_id: t for g in TABLES for game_id, t in g.tables_shown(ids).items()}


def hand_stop(game_id: str) -> HandStop | None:
    return next((s for g in TABLES if (s := g.hand_stop(game_id)) is not None), None)
