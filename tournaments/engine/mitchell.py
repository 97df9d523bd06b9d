"""Mitchell movement: North-South pairs keep their table, East-West pairs move up one table each
round. With an even number of tables the East-West pairs skip one table after half the rounds
(the "skip Mitchell" of the bridge directors' guides, EBU and ACBL). In bridge the skip keeps
East-West pairs off boards they played (boards move down as pairs move up); pairs alone would
not meet twice in as many rounds as tables without it, so here it costs one round (see
``rounds_possible``) and is kept as the movement directors know.

Who sits North-South is fixed at the phase's first round: the pairs as the director listed them,
alternately North-South and East-West (first pair N-S at table 1, second pair E-W at table 1...).
An odd field leaves the last East-West seat empty: the North-South pair it reaches sits out. The
places are the round robin's (``roundrobin.places``): a withdrawn pair's opponent sits out, and a
late entry takes over the first empty seat (the odd field's, or a withdrawn pair's).
"""

from __future__ import annotations

from tournaments.engine.clubs import same_club
from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.roundrobin import places
from tournaments.engine.types import Bye, Draw, Pairing, Reason, RoundInput, Why

_SCHEDULE = (Why(Reason.SCHEDULE),)
_BYE = (Why(Reason.PHANTOM),)


def tables_for(pairs: int) -> int:
    return (pairs + 1) // 2


def rounds_possible(pairs: int) -> int:
    """Rounds before any pair would meet one it met: the tables, one fewer if they are even
    (the skip round lands East-West pair j back on its first table in the last one)."""
    tables = tables_for(pairs)
    return max(1, tables - 1 if tables % 2 == 0 else tables)


def east_west_table(j: int, k: int, tables: int) -> int:
    """The table (0-based) of East-West pair ``j`` in round ``k`` (0-based) of the movement."""
    skip = 1 if tables % 2 == 0 and k >= tables // 2 else 0
    return (j + k + skip) % tables


def pair_round(given: RoundInput) -> Draw:
    held = places(given.field, given.phase_start, given.number)  # even: an odd field's last is None
    north_south, east_west = held[0::2], held[1::2]
    tables = len(north_south)
    k = given.number - given.phase_start
    if k < 0:
        raise ValueError("the Mitchell movement has not started")
    if k >= rounds_possible(len(held)):
        raise DrawRefused(
            gettext_noop(
                "the Mitchell movement ends after round %(last)s: another round would repeat a "
                "meeting"
            ),
            last=given.phase_start + rounds_possible(len(held)) - 1,
        )
    seat: dict[int, int | None] = dict.fromkeys(range(tables))
    for j, pair in enumerate(east_west):
        seat[east_west_table(j, k, tables)] = pair
    clubs = {p.id: p.club for p in given.field}
    pairings, byes = [], []
    for t, ns in enumerate(north_south):
        ew = seat[t]
        if ns is not None and ew is not None:  # Mitchell's table is the North-South pair's own
            why = _SCHEDULE + ((Why(Reason.SAME_CLUB),) if same_club(clubs, ns, ew) else ())
            pairings.append(Pairing(ns, ew, table=t + 1, why=why))
        else:
            byes += [Bye(p, _BYE) for p in (ns, ew) if p is not None]
    return Draw(given.number, tuple(pairings), tuple(byes))
