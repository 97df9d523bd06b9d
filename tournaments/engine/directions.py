"""Mitchell as bridge clubs rank it: North-South and East-West pairs ranked apart, a winner
each (Tournament.rank_by_direction). In a Mitchell movement North-South pairs stay North-South
and East-West pairs stay East-West (engine.mitchell), so a pair meets only pairs of the other
direction; the two directions are two fields, and a "two-winner" Mitchell, as bridge clubs
play it, ranks each on its own. The standings rank each direction apart
(standings.rank's ``groups``); every metric still counts the whole field: a North-South pair's
Buchholz is its East-West opponents' points.

An entry's direction, ``directions``:

- the side it sat at the first table it played in a round of a format that keeps directions
  (Match.ns or Match.ew of a released Mitchell round). In a plan that mixes formats (Mitchell
  ×2 then Danish ×1) the Mitchell phase decides: the Danish round seats pairs by the
  standings, whatever their direction, and changes nobody's;
- an entry that sat at no such table (it sat out every Mitchell round it was in, joined after
  the movement, or the movement's first round is not out yet) is ranked with the direction
  that has fewer entries so far, North-South on a tie, taken in the order the entries were
  listed. Why: the pair an odd Mitchell sits out is a North-South pair (its empty seat is an
  East-West one), and this puts it there (the pairs seated are then as many each way, and a tie
  goes North-South); before the movement's first round it alternates North-South, East-West
  down the list, as the movement seats a field without clubs; and a pair that never played
  the movement keeps the two rankings as even as they can be, rather than growing one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from tournaments.engine.types import Draw


class Direction(StrEnum):
    NS = "ns"
    EW = "ew"


def directions(seatings: Iterable[Draw], entries: Sequence[int]) -> dict[int, Direction]:
    """Each of ``entries`` (ids, in the order listed) with its direction (the module's rules).
    ``seatings``: the released rounds of the formats that keep directions, in any order."""
    sat: dict[int, Direction] = {}
    for draw in sorted(seatings, key=lambda d: d.round):
        for pairing in draw.pairings:
            sat.setdefault(pairing.ns, Direction.NS)
            sat.setdefault(pairing.ew, Direction.EW)
    out = {entry: sat[entry] for entry in entries if entry in sat}
    count = {side: sum(1 for d in out.values() if d is side) for side in Direction}
    for entry in entries:
        if entry not in out:
            side = Direction.NS if count[Direction.NS] <= count[Direction.EW] else Direction.EW
            out[entry] = side
            count[side] += 1
    return out


def groups(found: Mapping[int, Direction]) -> tuple[frozenset[int], frozenset[int]]:
    """The entries of each direction, North-South first (as the standings list them)."""
    return (
        frozenset(e for e, d in found.items() if d is Direction.NS),
        frozenset(e for e, d in found.items() if d is Direction.EW),
    )
