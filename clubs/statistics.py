"""A player's statistics, as pure functions of their games (no Django: the page, the leaders'
table and the tests share them).

Each game a player sat in is one ``GameLine``: the hands their side played, the points it scored,
its canastas and red threes, the hands it went out and the hands it was caught with nothing
melded (another side went out), its best and worst hand, and whether it won. A player's figures
are sums of lines (``Totals``, which a database can sum too) turned into rates (``Stats``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import date

from scorekeeper.rules.hand_facts import SideFacts


@dataclass(frozen=True, slots=True)
class HandOfSide:
    """One hand as a side played it: its score, what it did, whether another side went out."""

    total: int
    facts: SideFacts
    other_went_out: bool


@dataclass(frozen=True, slots=True)
class GameLine:
    day: date
    hands: int
    points: int
    canastas: int
    red_threes: int
    went_out: int
    caught: int  # hands another side went out while this one had melded nothing
    best: int | None  # the side's best and worst hand; None before its first hand
    worst: int | None
    won: bool
    finished: bool


def game_line(hands: Sequence[HandOfSide], *, day: date, won: bool, finished: bool) -> GameLine:
    totals = [h.total for h in hands]
    return GameLine(
        day=day,
        hands=len(hands),
        points=sum(totals),
        canastas=sum(h.facts.canastas for h in hands),
        red_threes=sum(h.facts.red_threes for h in hands),
        went_out=sum(h.facts.went_out for h in hands),
        caught=sum(h.other_went_out and not h.facts.melded for h in hands),
        best=max(totals, default=None),
        worst=min(totals, default=None),
        won=won,
        finished=finished,
    )


@dataclass(frozen=True, slots=True)
class Totals:
    """Sums over games (``best`` and ``worst`` the extremes)."""

    games: int = 0
    finished: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    canastas: int = 0
    red_threes: int = 0
    went_out: int = 0
    caught: int = 0
    best: int | None = None
    worst: int | None = None


TOTAL_FIELDS = tuple(f.name for f in fields(Totals))


def totals_of(lines: Iterable[GameLine]) -> Totals:
    lines = list(lines)
    bests = [line.best for line in lines if line.best is not None]
    worsts = [line.worst for line in lines if line.worst is not None]
    return Totals(
        games=len(lines),
        finished=sum(line.finished for line in lines),
        won=sum(line.won for line in lines),
        hands=sum(line.hands for line in lines),
        points=sum(line.points for line in lines),
        canastas=sum(line.canastas for line in lines),
        red_threes=sum(line.red_threes for line in lines),
        went_out=sum(line.went_out for line in lines),
        caught=sum(line.caught for line in lines),
        best=max(bests, default=None),
        worst=min(worsts, default=None),
    )


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's (or a partnership's) figures: the sums, and the rates a page shows. A rate
    over nothing (no hand, no finished game) is None, shown as a dash."""

    totals: Totals
    win_rate: float | None  # of finished games
    average_hand: float | None
    canastas_per_hand: float | None
    red_threes_per_hand: float | None
    went_out_rate: float | None  # of hands
    caught_rate: float | None  # of hands


def stats_of(totals: Totals) -> Stats:
    return Stats(
        totals=totals,
        win_rate=_rate(totals.won, totals.finished),
        average_hand=_rate(totals.points, totals.hands),
        canastas_per_hand=_rate(totals.canastas, totals.hands),
        red_threes_per_hand=_rate(totals.red_threes, totals.hands),
        went_out_rate=_rate(totals.went_out, totals.hands),
        caught_rate=_rate(totals.caught, totals.hands),
    )


@dataclass(frozen=True, slots=True)
class MonthPoint:
    month: date  # its first day
    games: int
    average_hand: float | None
    win_rate: float | None


def trend(lines: Iterable[GameLine]) -> list[MonthPoint]:
    """Month by month, oldest first: the games played, the average hand, the share won."""
    months: dict[date, list[GameLine]] = {}
    for line in lines:
        months.setdefault(line.day.replace(day=1), []).append(line)
    points = []
    for month in sorted(months):
        stats = stats_of(totals_of(months[month]))
        points.append(MonthPoint(month, stats.totals.games, stats.average_hand, stats.win_rate))
    return points
