"""Mitchell movement: North-South pairs keep their table, East-West pairs move up one table each
round. With an even number of tables the East-West pairs skip one table after half the rounds
(the "skip Mitchell" of bridge directors' guides, EBU and ACBL), so nobody meets twice.

Who sits North-South is fixed at the phase's first round: the pairs as the director listed them,
alternately North-South and East-West (first pair N-S at table 1, second pair E-W at table 1...).
An odd field leaves one East-West seat empty: the pair due there sits out. A withdrawn pair's
opponent sits out; a late entry cannot join a movement already running.
"""

from __future__ import annotations

from tournaments.engine.model import Bye, Draw, Pairing, Reason, RoundInput, Why

_SCHEDULE = (Why(Reason.SCHEDULE),)
_BYE = (Why(Reason.BYE),)


def tables_for(pairs: int) -> int:
    return (pairs + 1) // 2


def rounds_possible(pairs: int) -> int:
    """Rounds before any pair would meet one it met: the tables, one fewer if they are even."""
    tables = tables_for(pairs)
    return max(1, tables - 1 if tables % 2 == 0 else tables)


def east_west_table(j: int, k: int, tables: int) -> int:
    """The table (0-based) of East-West pair ``j`` in round ``k`` (0-based) of the movement."""
    skip = 1 if tables % 2 == 0 and k >= tables // 2 else 0
    return (j + k + skip) % tables


def pair_round(given: RoundInput) -> Draw:
    start = given.phase_start
    ids = [p.id for p in given.field if p.plays(start)]
    north_south, east_west = ids[0::2], ids[1::2]
    tables = len(north_south)
    k = given.number - start
    if k >= rounds_possible(len(ids)):
        raise ValueError("the Mitchell movement is complete")
    seat: dict[int, int | None] = dict.fromkeys(range(tables))
    for j, pair in enumerate(east_west):
        seat[east_west_table(j, k, tables)] = pair
    playing = {p.id for p in given.field if p.plays(given.number)}
    pairings, byes = [], []
    for t, ns in enumerate(north_south):
        ew = seat[t]
        if ns in playing and ew is not None and ew in playing:
            pairings.append(Pairing(ns, ew, table=t + 1, why=_SCHEDULE))
        else:
            byes += [Bye(p, _BYE) for p in (ns, ew) if p is not None and p in playing]
    return Draw(given.number, tuple(pairings), tuple(byes))
