"""Individual events, Swiss-like: every player enters alone, and each round the engine forms
the partnerships and seats them, four players to a table.

Over the event a player should partner as many different players as possible and meet as many
as possible across the table, with no partner twice while any seating of the field avoids it
(the burraco federations' individual tournaments; docs/director.md, "Individual events"). A round is drawn
in three steps, each a minimum-cost perfect matching (rustworkx's blossom, as swiss.py):

1. **Partners.** Players are matched in twos. The cost of a partnership, each tier above any sum
   of the tiers below: having partnered before at all, so a round repeats as few partnerships
   as any perfect matching of its players can (none where one avoids it); then how often they
   partnered; then the square of the two players' gap in points, so players of similar scores
   sit together (Swiss-like); then their distance in the standings.
2. **Tables.** Partnerships are matched in twos: the cost counts the players across the table
   who have met as opponents before, then the gap between the partnerships' points.
3. **Sides.** The four players of each table are split into the better of its three possible
   partnerships (AB v CD, AC v BD, AD v BC), by step 1's tiers first (fewest partnerships
   repeated, then fewest times together: never worse than step 1 found), then fewest opponents
   again, then sides of even strength (the leader partners the fourth).

Sit-outs: a field that is not a multiple of four leaves one to three players out; they are
those with the fewest sit-outs so far, the lowest ranked first, and score by the event's sit-out
policy (standings.py). They are chosen first: the promise on partners holds among the players
of the round. Round 1 is drawn by seed (the top seeds at separate tables, each partnering a
player of the last quarter) where some player has a seed, else at random from the event's seed
(a seeded draw of unseeded players would seat them in the order they were typed in).

Points for seating: 2 a win, 1 a draw (swiss.seating_points, whatever the event's points
method).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import rustworkx as rx

from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.swiss import seating_points
from tournaments.engine.types import Bye, Draw, History, Pairing, Reason, RoundInput, Why

WINDOW = 40  # players (then partnerships) offered to each other first, as swiss.WINDOW
MAX_PLAYERS = 400  # the tiers below hold up to here (tournaments.sizes.MAX_PLAYERS)
# Tiers, each above any sum of those below on a field of MAX_PLAYERS (200 partnerships):
_PLACE = 1  # times the distance in the standings: at most 200 × 400
_POINTS = 10**5  # times the squared point gap, capped: at most 200 × 100 × 10**5 = 2 × 10**9
_GAP_CAP = 10
_OPPONENTS = 10**10  # times the players met before across the table: at most 100 × 4 × 10**10
_TIMES = 10**10  # times a partnership's earlier rounds together: at most 200 × 50 × 10**10
_TIMES_CAP = 50  # (a weight stays positive however long the event)
_PARTNERS = 10**15  # a partnership seen before: above every sum of the tiers below
_BASE = 10**16  # every weight positive (rustworkx maximises the total weight)
SIMILAR = 2  # points apart at most (a win) for a table's players to be "of similar points"


@dataclass(frozen=True)
class Together:
    """Who has partnered and who has met whom across a table so far (every earlier round as
    drawn, played or not), and who has sat out."""

    partners: Counter[frozenset[int]]
    opponents: Counter[frozenset[int]]
    sat_out: Counter[int]

    @classmethod
    def of(cls, history: History) -> Together:
        partners: Counter[frozenset[int]] = Counter()
        opponents: Counter[frozenset[int]] = Counter()
        sat_out: Counter[int] = Counter()
        for draw in history.draws:
            for table in draw.pairings:
                partners.update(frozenset(side) for side in table.sides() if len(side) == 2)
                opponents.update(frozenset(two) for two in table.across())
            sat_out.update(bye.pair for bye in draw.byes)
        return cls(partners, opponents, sat_out)

    def partnered(self, a: int, b: int) -> int:
        return self.partners[frozenset((a, b))]

    def met(self, a: int, b: int) -> int:
        return self.opponents[frozenset((a, b))]

    def repeats(self, north: Sequence[int], east: Sequence[int]) -> tuple[int, int]:
        """(partnerships repeated, opponents met before) of a table's two sides."""
        partners = sum(1 for side in (north, east) if self.partnered(*side))
        opponents = sum(1 for a in north for b in east if self.met(a, b))
        return partners, opponents


def pair_round(given: RoundInput) -> Draw:
    """Round ``given.number`` of a Swiss-like individual event."""
    playing = given.playing()
    if len(playing) < 4:
        raise DrawRefused(
            gettext_noop("a round of an individual event needs 4 players at least; %(n)s play"),
            n=len(playing),
        )
    together = Together.of(given.history)
    if given.number == given.phase_start and not given.history.results:
        return _first_round(given, [p.id for p in playing], together)
    place = {player: i for i, player in enumerate(given.ranking)}
    order = [
        p.id
        for p in sorted(playing, key=lambda p: (place.get(p.id, len(place)), p.seed or 10**9, p.id))
    ]
    out, order = sitting_out(order, together)
    points = seating_points(given.history, order)
    partnerships = _partnerships(order, points, together)
    tables = _tables(partnerships, order, points, together)
    pairings = tuple(_seated(table, points, together) for table in tables)
    return Draw(given.number, pairings, tuple(Bye(p, (Why(Reason.SITS_OUT),)) for p in out))


def sitting_out(order: Sequence[int], together: Together) -> tuple[list[int], list[int]]:
    """(those who sit out, those who play): the field less a multiple of four, taken from the
    fewest sit-outs so far, the lowest ranked first."""
    count = len(order) % 4
    if not count:
        return [], list(order)
    place = {player: i for i, player in enumerate(order)}
    out = sorted(order, key=lambda p: (together.sat_out[p], -place[p]))[:count]
    return out, [p for p in order if p not in out]


def _first_round(given: RoundInput, players: list[int], together: Together) -> Draw:
    seeds = {p.id: p.seed or 10**9 for p in given.playing()}
    if given.seeded and any(p.seed for p in given.playing()):  # no seed given: at random
        order = sorted(players, key=lambda p: (seeds[p], p))
        why = Why(Reason.SEEDED)
    else:
        order = sorted(players)
        random.Random(given.seed).shuffle(order)  # noqa: S311 (a draw, not a secret)
        why = Why(Reason.RANDOM)
    out, order = sitting_out(order, together)
    count = len(order) // 4
    quarters = [order[i * count : (i + 1) * count] for i in range(4)]
    new = (why, Why(Reason.NEW_PARTNERS), Why(Reason.NEW_OPPONENTS))
    pairings = tuple(
        Pairing(
            quarters[0][t], quarters[1][t], why=new, ns_with=quarters[3][t], ew_with=quarters[2][t]
        )
        for t in range(count)
    )
    return Draw(given.number, pairings, tuple(Bye(p, (Why(Reason.SITS_OUT),)) for p in out))


def _gap_cost(a: int, b: int) -> int:
    gap = min(abs(a - b), _GAP_CAP)
    return _POINTS * gap * gap


def _partnerships(
    order: list[int], points: dict[int, int], together: Together
) -> list[tuple[int, int]]:
    def cost(i: int, j: int) -> int:
        a, b = order[i], order[j]
        again = min(together.partnered(a, b), _TIMES_CAP)
        repeat = _PARTNERS if again else 0
        return repeat + _TIMES * again + _gap_cost(points[a], points[b]) + _PLACE * (j - i)

    found = _matched(len(order), cost, WINDOW)
    if len(order) > WINDOW and any(together.partnered(order[i], order[j]) for i, j in found):
        found = _matched(len(order), cost, len(order))  # could the whole field avoid it?
    return [(order[i], order[j]) for i, j in found]


def _tables(
    partnerships: list[tuple[int, int]],
    order: list[int],
    points: dict[int, int],
    together: Together,
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    place = {player: i for i, player in enumerate(order)}
    sides = sorted(partnerships, key=lambda s: min(place[s[0]], place[s[1]]))
    strength = [points[a] + points[b] for a, b in sides]

    def cost(i: int, j: int) -> int:
        met = sum(1 for a in sides[i] for b in sides[j] if together.met(a, b))
        return _OPPONENTS * met + _gap_cost(strength[i], strength[j]) + _PLACE * (j - i)

    found = _matched(len(sides), cost, WINDOW)
    if len(sides) > WINDOW and any(
        together.met(a, b) for i, j in found for a in sides[i] for b in sides[j]
    ):
        found = _matched(len(sides), cost, len(sides))
    return [(sides[i], sides[j]) for i, j in found]


def _matched(n: int, cost: Callable[[int, int], int], window: int) -> list[tuple[int, int]]:
    """A minimum-cost perfect matching of ``n`` nodes in standings order, each offered the
    ``window`` nodes after it (``cost(i, j)``, i < j)."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(
        [(i, j, _BASE - cost(i, j)) for i in range(n) for j in range(i + 1, min(n, i + window + 1))]
    )
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    pairs = sorted((min(i, j), max(i, j)) for i, j in found)
    if 2 * len(pairs) != n:
        raise ValueError(f"no seating matches all {n}")  # a window of 1 always has one (n even)
    return pairs


def _seated(
    table: tuple[tuple[int, int], tuple[int, int]], points: dict[int, int], together: Together
) -> Pairing:
    """The table's best split into two sides (the module's step 3), with its reasons."""
    a, b = table[0]
    c, d = table[1]
    ranked = sorted((a, b, c, d), key=lambda p: -points[p])
    splits = [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]

    def key(split: tuple[tuple[int, int], tuple[int, int]]) -> tuple[int, ...]:
        north, east = split
        partners, opponents = together.repeats(north, east)
        times = together.partnered(*north) + together.partnered(*east)  # as step 1's tiers
        balance = abs(sum(points[p] for p in north) - sum(points[p] for p in east))
        leader_with_last = 0 if {ranked[0], ranked[3]} in ({*north}, {*east}) else 1
        return partners, times, opponents, balance, leader_with_last

    north, east = min(splits, key=key)
    return table_pairing(north, east, together, [points[p] for p in (a, b, c, d)])


def table_pairing(
    north: Sequence[int], east: Sequence[int], together: Together, points: Sequence[int] = ()
) -> Pairing:
    """Four players at a table, ``north`` North-South, with the reasons a director reads: new
    partners or not, new opponents or not, and players of similar points where they are."""
    partners, opponents = together.repeats(north, east)
    why = [Why(Reason.PARTNERS_AGAIN) if partners else Why(Reason.NEW_PARTNERS)]
    why.append(
        Why(Reason.OPPONENTS_AGAIN, (opponents,)) if opponents else Why(Reason.NEW_OPPONENTS)
    )
    if points and max(points) - min(points) <= SIMILAR:
        why.append(Why(Reason.POINTS_RANGE, (min(points), max(points))))
    return Pairing(north[0], east[0], why=tuple(why), ns_with=north[1], ew_with=east[1])
