"""Keeping a club's pairs apart in a round drawn by order: the event's first round, by seed or at
random (Swiss, Danish). Issue "Every format from the pages": with two pairs of one club seeded 1
and 7 in a field of 12, the seeded draw sat them together at table 1.

The round as drawn pairs places of an order (seeded: 1 v n/2+1...; Danish: 1 v 2...). Where two
pairs of one club would meet, the round is matched again over the whole field (rustworkx's
``max_weight_matching``), each table costing, in tiers that outweigh every sum below:

1. two pairs of one club: avoided wherever any seating of the field avoids it;
2. how far the table is from the draw: for pairs a and b, the distance between a's place and
   that of the pair b would have met, and between b's place and that of a's, so the draw moves as
   few places as it can.

A table the draw changed says so (``CLUB_AVOIDED``, with the pair it would have met); a meeting
of one club that no seating avoids is flagged (``SAME_CLUB``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import rustworkx as rx

from tournaments.engine.types import Pairing, Reason, Why

_CLUB = 10**9  # above any sum of distances: 500 tables × 2 × 1000 places
_BASE = 2 * 10**9  # every weight positive (rustworkx maximises the total weight, in integers)
WINDOW = 20  # places either side of the draw's partner a pair is first offered


def same_club(clubs: Mapping[int, str], a: int, b: int) -> bool:
    return bool(clubs.get(a)) and clubs.get(a) == clubs.get(b)


def apart(
    order: Sequence[int],
    tables: Sequence[tuple[int, int]],
    clubs: Mapping[int, str],
    why: Why,
) -> tuple[Pairing, ...]:
    """The round ``tables`` (places in ``order``, 0-based, the better place first) as drawn,
    each with ``why``, where no table seats two pairs of one club; else the nearest round that
    seats fewer such tables, or none."""
    drawn = [(order[i], order[j]) for i, j in tables]
    if not any(same_club(clubs, a, b) for a, b in drawn):
        return tuple(Pairing(a, b, why=(why,)) for a, b in drawn)
    partner = {}
    for a, b in drawn:
        partner[a], partner[b] = b, a
    place = {pair: i for i, pair in enumerate(order)}
    seated = [p for table in drawn for p in table]
    matched = _matching(seated, partner, place, clubs, WINDOW)
    if any(same_club(clubs, a, b) for a, b in matched) and len(seated) > 2 * WINDOW:
        matched = _matching(seated, partner, place, clubs, len(seated))
    out = []
    for a, b in sorted(matched, key=lambda t: min(place[t[0]], place[t[1]])):
        ns, ew = (a, b) if place[a] < place[b] else (b, a)
        reasons = [why]
        if partner[ns] != ew:
            reasons.append(Why(Reason.CLUB_AVOIDED, (partner[ns],)))
        if same_club(clubs, ns, ew):
            reasons.append(Why(Reason.SAME_CLUB))
        out.append(Pairing(ns, ew, why=tuple(reasons)))
    return tuple(out)


def _distance(a: int, b: int, partner: Mapping[int, int], place: Mapping[int, int]) -> int:
    """How far seating a with b is from the draw: 0 for the draw's own table."""
    return abs(place[b] - place[partner[a]]) + abs(place[a] - place[partner[b]])


def _matching(
    seated: list[int],
    partner: Mapping[int, int],
    place: Mapping[int, int],
    clubs: Mapping[int, str],
    window: int,
) -> list[tuple[int, int]]:
    """The cheapest seating of ``seated``, offering each pair those within ``window`` places of
    its draw's partner (and that partner itself)."""
    graph = rx.PyGraph()
    graph.add_nodes_from(seated)
    index = {pair: i for i, pair in enumerate(seated)}
    by_place = sorted(seated, key=place.__getitem__)
    near = {pair: i for i, pair in enumerate(by_place)}
    edges = {}
    for a in seated:
        around = near[partner[a]]
        for b in by_place[max(0, around - window) : around + window + 1]:
            if b == a:
                continue
            i, j = sorted((index[a], index[b]))
            cost = _distance(a, b, partner, place) + (_CLUB if same_club(clubs, a, b) else 0)
            edges[(i, j)] = _BASE - cost
    graph.add_edges_from([(i, j, w) for (i, j), w in edges.items()])
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(found) != len(seated):
        raise ValueError("no seating of every pair")  # each draw's own table is an edge
    return [(seated[i], seated[j]) for i, j in found]
