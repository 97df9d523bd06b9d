"""Table numbers for a drawn round.

- A table already fixed by the format stays (Mitchell: North-South pairs do not move).
- Ranked formats (Swiss, Danish, knockout): the top pairs sit at table 1, then down the
  standings, so the leaders are easy to find and the director's end of the room is the top.
- Scheduled formats (round robin): pairs keep their physical table where they can. Going down the
  standings, each table takes the table one of its pairs sat at in the previous round if it is
  free; the others take the lowest free tables. Fewer people carry their cards across the room.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournaments.engine.types import Draw, Pairing


def _best_place(pairing: Pairing, place: dict[int, int]) -> int:
    # ns and ew only: an individual event's draw seats each side's better-placed player first
    # (individual._partnerships matches in standings order), so the partners add nothing here.
    return min(place.get(pairing.ns, len(place)), place.get(pairing.ew, len(place)))


def number_tables(
    draw: Draw, ranking: Sequence[int], previous: Draw | None = None, keep: bool = False
) -> Draw:
    """``draw`` with every table numbered from 1 (a table set by the format is kept)."""
    place = {pair: i for i, pair in enumerate(ranking)}
    fixed = [p for p in draw.pairings if p.table]
    taken = {p.table for p in fixed}
    loose = sorted(
        (p for p in draw.pairings if not p.table),
        key=lambda p: (_best_place(p, place), min(p.ns, p.ew)),
    )
    sat_at: dict[int, int] = {}
    if keep and previous is not None:
        sat_at = {pair: m.table for m in previous.pairings for pair in (m.ns, m.ew) if m.table}
    numbered: list[Pairing] = []
    waiting: list[Pairing] = []
    for pairing in loose:
        wanted = [sat_at[p] for p in (pairing.ns, pairing.ew) if p in sat_at]
        free = [t for t in wanted if t not in taken]
        if free:
            taken.add(free[0])
            numbered.append(replace(pairing, table=free[0]))
        else:
            waiting.append(pairing)
    table = 1
    for pairing in waiting:
        while table in taken:
            table += 1
        taken.add(table)
        numbered.append(replace(pairing, table=table))
    pairings = sorted([*fixed, *numbered], key=lambda p: p.table)
    return replace(draw, pairings=tuple(pairings))
