"""Swiss pairing: a minimum-cost perfect matching over the whole field (rustworkx's blossom
``max_weight_matching``), not a greedy top-down pass that can paint itself into a rematch.

The cost of seating two pairs together, in order of weight (each tier outweighs every sum of the
tiers below, so the matching first avoids rematches, then club meetings, then point gaps):

1. a rematch (they met before) — avoided wherever any perfect matching avoids it;
2. two pairs of one club;
3. the square of their difference in points (equal points preferred, small gaps over one big
   one), then the gap times the higher pair's points: of two ways to bridge score groups, the
   one that keeps the higher groups whole (as the Dutch system does);
4. the distance between them in the standings (1 v 2 before 1 v 3 in a score group).

The bye (odd field) goes to the lowest-ranked pair that has not had one, before matching; a pair
has at most one bye while any pair without one plays. Round 1 is seeded (the top half meets the
bottom half: 1 v n/2+1, 2 v n/2+2...) or drawn at random from ``RoundInput.seed``, and keeps
a club's pairs apart wherever any seating does (clubs.py).

Speed: on a field of more than ``WINDOW`` pairs, each pair is first offered only the pairs within
``WINDOW`` places of it in the standings (a pairing further apart costs more than any nearby
rematch-free one); if that leaves a rematch or a club meeting, the whole field is matched again
to see whether it could be avoided. 1000 pairs pair in well under a second (bench/pairing.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import rustworkx as rx

from tournaments.engine.home_clubs import apart as clubs_apart
from tournaments.engine.types import Bye, Draw, History, Pair, Pairing, Reason, RoundInput, Why

WINDOW = 40
# Each tier is above any sum of the tiers below on a field of up to 1000 pairs (500 tables):
_PLACE = 1  # times the distance in the standings: at most 500 × 1000
_GROUP = 10**3  # times the gap and the higher pair's points (capped): keep the top groups whole
_LEVEL_CAP = 40
_POINTS = 10**6  # times the squared point gap, capped at 10 points (a gap of 10 is as bad as any)
_GAP_CAP = 10
_CLUB = 10**11  # above 500 × 100 × _POINTS
_REMATCH = 10**14  # above 500 × _CLUB
_BASE = 2 * 10**14  # every weight positive (rustworkx maximises the total weight, in integers)


def pair_round(given: RoundInput) -> Draw:
    playing = given.playing()
    if given.number == given.phase_start and not given.history.results:
        return _first_round(given, playing)
    order = _standing_order(given, playing)
    points = seating_points(given.history, order)
    byes: tuple[Bye, ...] = ()
    if len(order) % 2:
        bye = _bye_pair(order, given.history)
        byes = (Bye(bye, (Why(Reason.BYE),)),)
        order = [p for p in order if p != bye]
    clubs = {p.id: p.club for p in playing}
    matched = _match(order, points, clubs, given.history)
    place = {pair: i for i, pair in enumerate(order)}
    pairings = tuple(_explain(m, order, place, points, clubs, given.history) for m in matched)
    return Draw(given.number, pairings, byes)


def _first_round(given: RoundInput, playing: list[Pair]) -> Draw:
    if given.seeded:
        order = [p.id for p in sorted(playing, key=lambda p: (p.seed or 10**9, p.id))]
        why = Why(Reason.SEEDED)
    else:
        order = sorted(p.id for p in playing)
        random.Random(given.seed).shuffle(order)  # noqa: S311 (a draw, not a secret)
        why = Why(Reason.RANDOM)
    byes: tuple[Bye, ...] = ()
    if len(order) % 2:
        byes = (Bye(order[-1], (Why(Reason.BYE),)),)
        order = order[:-1]
    half = len(order) // 2
    tables = [(i, half + i) for i in range(half)]
    clubs = {p.id: p.club for p in playing}
    return Draw(given.number, clubs_apart(order, tables, clubs, why), byes)


def _standing_order(given: RoundInput, playing: list[Pair]) -> list[int]:
    """The pairs that play, best first: by the ranking, then (late entries) by seed and id."""
    place = {pair: i for i, pair in enumerate(given.ranking)}
    return [
        p.id
        for p in sorted(playing, key=lambda p: (place.get(p.id, len(place)), p.seed or 10**9, p.id))
    ]


def seating_points(history: History, order: Sequence[int]) -> dict[int, int]:
    """Points for pairing purposes: 2 a win, 1 a draw (whatever the tournament's method, so
    that VP or raw scores group pairs by results rather than by margins); a bye is a win. In
    an individual event each player scores their side's result."""
    points = dict.fromkeys(order, 0)
    for r in history.results:
        winner = r.won_by()
        for pair in r.pairs():
            if pair in points:
                points[pair] += 2 if r.won(pair) else 1 if winner is None else 0
    return points


def _bye_pair(order: Sequence[int], history: History) -> int:
    """The lowest-ranked pair without a bye (everyone had one: the lowest-ranked pair)."""
    for pair in reversed(order):
        if pair not in history.had_bye:
            return pair
    return order[-1]


def _cost(
    a: int, b: int, levels: tuple[int, int], places: int, clubs: dict[int, str], history: History
) -> int:
    gap = min(abs(levels[0] - levels[1]), _GAP_CAP)
    cost = _POINTS * gap * gap + _GROUP * gap * min(max(levels), _LEVEL_CAP) + _PLACE * places
    if clubs.get(a) and clubs.get(a) == clubs.get(b):
        cost += _CLUB
    if history.have_met(a, b):
        cost += _REMATCH
    return cost


def _match(
    order: list[int], points: dict[int, int], clubs: dict[int, str], history: History
) -> list[tuple[int, int]]:
    matched = _matching(order, points, clubs, history, window=WINDOW)
    if len(order) > WINDOW and any(
        history.have_met(a, b) or (clubs.get(a) and clubs.get(a) == clubs.get(b))
        for a, b in matched
    ):
        matched = _matching(order, points, clubs, history, window=len(order))
    return matched


def _matching(
    order: list[int],
    points: dict[int, int],
    clubs: dict[int, str],
    history: History,
    window: int,
) -> list[tuple[int, int]]:
    n = len(order)
    graph = rx.PyGraph()
    graph.add_nodes_from(order)
    graph.add_edges_from(
        [
            (
                i,
                j,
                _BASE
                - _cost(
                    order[i], order[j], (points[order[i]], points[order[j]]), j - i, clubs, history
                ),
            )
            for i in range(n)
            for j in range(i + 1, min(n, i + window + 1))
        ]
    )
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_weight)
    pairs = sorted((min(i, j), max(i, j)) for i, j in found)
    if 2 * len(pairs) != n:
        raise ValueError(f"no pairing seats all {n} pairs")  # a path graph always has one
    return [(order[i], order[j]) for i, j in pairs]


def _weight(edge: int) -> int:
    return edge


def _explain(
    match: tuple[int, int],
    order: list[int],
    place: dict[int, int],
    points: dict[int, int],
    clubs: dict[int, str],
    history: History,
) -> Pairing:
    """The pairing, the higher-ranked pair North-South, with its reasons."""
    a, b = match
    pa, pb = points[a], points[b]
    why = [Why(Reason.SCORE_GROUP, (pa,)) if pa == pb else Why(Reason.PULLED_DOWN, (pa, pb))]
    if history.have_met(a, b):
        why.append(Why(Reason.REMATCH))
    if clubs.get(a) and clubs.get(a) == clubs.get(b):
        why.append(Why(Reason.SAME_CLUB))
    at = place[a] + 1
    nearest = order[at] if at < len(order) else None
    if nearest is not None and nearest != b:
        if history.have_met(a, nearest):
            why.append(Why(Reason.REMATCH_AVOIDED, (nearest,)))
        elif clubs.get(a) and clubs.get(a) == clubs.get(nearest):
            why.append(Why(Reason.CLUB_AVOIDED, (nearest,)))
    return Pairing(a, b, why=tuple(why))
