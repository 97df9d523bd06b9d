"""Mitchell movement: North-South pairs keep their table, East-West pairs move up one table each
round. With an even number of tables the East-West pairs skip one table after half the rounds
(the "skip Mitchell" of the bridge directors' guides, EBU and ACBL). In bridge the skip keeps
East-West pairs off boards they played (boards move down as pairs move up); pairs alone would
not meet twice in as many rounds as tables without it, so here it costs one round (see
``rounds_possible``) and is kept as the movement directors know.

Who sits North-South is fixed at the phase's first round: the pairs as the director listed them,
alternately North-South and East-West (first pair N-S at table 1, second pair E-W at table 1...),
but that a club's pairs sit in one direction where there is room (``arranged``): North-South
pairs never meet one another, nor East-West ones, so a club's pairs never meet at all. A club
with more pairs than a direction's seats meets itself, and the tables say so.
An odd field leaves the last East-West seat empty: the North-South pair it reaches sits out. The
places are the round robin's (``roundrobin.places``): a withdrawn pair's opponent sits out, and a
late entry takes over the first empty seat (the odd field's, or a withdrawn pair's).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.home_clubs import same_club
from tournaments.engine.roundrobin import places
from tournaments.engine.types import Bye, Draw, Pair, Pairing, Reason, RoundInput, Why

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


def arranged(field: Sequence[Pair], start: int) -> tuple[Pair, ...]:
    """The field in the order ``places`` seats it (even places North-South, odd East-West): the
    pairs playing at ``start`` in field order, alternately, but each club's pairs in one
    direction wherever the directions' seats allow (``_north_clubs``); a lone pair takes the
    direction with more seats left (its listed one on a tie). Without clubs, the field as
    listed. It depends on the field alone, so every round of the phase finds the same places."""
    holders = [p for p in field if p.plays(start)]
    rest = [p for p in field if not p.plays(start)]
    index = {p.id: i for i, p in enumerate(holders)}
    groups: dict[str, list[Pair]] = {}
    for pair in holders:
        groups.setdefault(pair.club or f"\0{pair.id}", []).append(pair)  # no club: alone
    clubs = [g for g in groups.values() if len(g) > 1]
    room = [(len(holders) + 1) // 2, len(holders) // 2]  # North-South, East-West
    sides: list[list[Pair]] = [[], []]
    north = _north_clubs([len(g) for g in clubs], room[0], room[1])
    for i, group in sorted(enumerate(clubs), key=lambda c: -len(c[1])):
        side = 0 if (north[i] if north is not None else room[0] >= room[1]) else 1
        for pair in group:
            if room[side] == 0:  # no seating keeps this club together: the rest the other way
                side = 1 - side
            sides[side].append(pair)
            room[side] -= 1
    for pair in holders:
        if len(groups[pair.club or f"\0{pair.id}"]) == 1:
            side = index[pair.id] % 2 if room[0] == room[1] else int(room[1] > room[0])
            sides[side].append(pair)
            room[side] -= 1
    north_south, east_west = (sorted(side, key=lambda p: index[p.id]) for side in sides)
    order = [p for pair in zip(north_south, east_west, strict=False) for p in pair]
    order += north_south[len(east_west) :]
    return (*order, *rest)


def _north_clubs(sizes: list[int], north: int, east: int) -> list[bool] | None:
    """Which clubs (by their pairs' count) sit North-South so that every club fits whole in one
    direction, its lone pairs filling the seats left; None where no choice does. A subset sum
    over the clubs' sizes (sets of reachable totals, as bits of an integer)."""
    total = sum(sizes)
    reach = [1]  # reach[i]: the North-South totals the first i clubs can make
    for size in sizes:
        reach.append(reach[-1] | (reach[-1] << size))
    goal = next((t for t in range(min(north, total), -1, -1) if reach[-1] >> t & 1), None)
    if goal is None or total - goal > east:
        return None
    chosen = [False] * len(sizes)
    for i in range(len(sizes), 0, -1):  # back through the clubs: keep a total still reachable
        if not reach[i - 1] >> goal & 1:
            chosen[i - 1] = True
            goal -= sizes[i - 1]
    return chosen


def pair_round(given: RoundInput) -> Draw:
    seats = arranged(given.field, given.phase_start)
    held = places(seats, given.phase_start, given.number)  # even: an odd field's last is None
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
