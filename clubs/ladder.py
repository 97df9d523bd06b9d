"""A season's ladder: each player's points over a club's events, the best N of them counting.
Pure Python (no Django): the season's selector loads each event's standings, this adds them up.

An event gives each player of a pair the pair's points:

- **by placing**: as many points as there were pairs in the event, less the places above
  (1st of 12 pairs: 12, 2nd: 11, ... 12th: 1); pairs sharing a place share its points. A big
  evening is worth more than a small one to its winners, and every pair that played scores.
- **by event points**: the pair's tournament points as the event scored them (victory points,
  or match points under win/draw/loss).

With ``best`` set, only a player's best ``best`` events count (the rest are shown, not added);
0 counts them all. Players equal on points share a rank (``shared_ranks``, which the club's
leaders use too). A player counts once per event (the better result, should they have played in
two pairs of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class LadderMethod(StrEnum):
    PLACING = "placing"
    EVENT_POINTS = "event_points"


@dataclass(frozen=True, slots=True)
class Placing:
    """A pair's result in one event: its players, its place (1 = first) and its points."""

    players: tuple[int, ...]
    place: int
    points: float


@dataclass(frozen=True, slots=True)
class EventResult:
    event_id: int
    field: int  # pairs ranked
    placings: tuple[Placing, ...]


@dataclass(frozen=True, slots=True)
class Contribution:
    event_id: int
    points: float
    counted: bool  # among the player's best N


@dataclass(frozen=True, slots=True)
class LadderRow:
    rank: int
    shared: bool
    player_id: int
    total: float
    events: int
    contributions: tuple[Contribution, ...]  # in the events' order, only those played


def event_points(event: EventResult, placing: Placing, method: LadderMethod) -> float:
    if method is LadderMethod.PLACING:
        return float(event.field - placing.place + 1)
    return placing.points


def ladder(
    events: Sequence[EventResult], *, method: LadderMethod, best: int = 0
) -> list[LadderRow]:
    """The ladder over ``events`` (in date order), best total first."""
    earned: dict[int, list[tuple[int, float]]] = {}
    for event in events:
        # A player of a withdrawn pair may play on in another pair of the same event: one
        # event counts once for them, with the better of their results.
        here: dict[int, float] = {}
        for placing in event.placings:
            points = event_points(event, placing, method)
            for player in placing.players:
                here[player] = max(points, here.get(player, points))
        for player, points in here.items():
            earned.setdefault(player, []).append((event.event_id, points))
    rows = []
    for player, results in earned.items():
        ranked = sorted(range(len(results)), key=lambda i: (-results[i][1], i))
        counted = set(ranked[:best] if best else ranked)
        contributions = tuple(
            Contribution(event_id, points, i in counted)
            for i, (event_id, points) in enumerate(results)
        )
        # Rounded: fractional event points (an averaged sit-out) added in another order must
        # still tie.
        total = round(sum(c.points for c in contributions if c.counted), 6)
        rows.append((player, total, contributions))
    rows.sort(key=lambda r: (-r[1], r[0]))
    ranks = shared_ranks([total for _player, total, _contributions in rows])
    return [
        LadderRow(rank, shared, player, total, len(contributions), contributions)
        for (rank, shared), (player, total, contributions) in zip(ranks, rows, strict=True)
    ]


def shared_ranks(keys: Sequence[object]) -> list[tuple[int, bool]]:
    """Each place of a list already in order, as (rank, shared): equal ``keys`` share the first
    one's rank and the next after them is ranked by its position (1, =2, =2, 4), as the event
    standings rank pairs tied on every tie-break (shown "=2")."""
    out: list[tuple[int, bool]] = []
    for i, key in enumerate(keys):
        tied_above = i > 0 and keys[i - 1] == key
        tied_below = i + 1 < len(keys) and keys[i + 1] == key
        out.append((out[-1][0] if tied_above else i + 1, tied_above or tied_below))
    return out
