"""Round robin by the circle method (Berger tables): one pair stays, the others turn round it,
so over n-1 rounds (n for an odd field, with a bye) every pair meets every other once. A second
leg plays the same rounds with North-South and East-West swapped.

The schedule is fixed at the phase's first round: a pair that withdraws leaves its opponents a
bye; a late entry cannot join a schedule already drawn (README "Tournaments").
"""

from __future__ import annotations

from tournaments.engine.model import Bye, Draw, Pairing, Reason, RoundInput, Why

_SCHEDULE = (Why(Reason.SCHEDULE),)
_BYE = (Why(Reason.BYE),)


def rounds_needed(pairs: int, legs: int = 1) -> int:
    per_leg = pairs - 1 if pairs % 2 == 0 else pairs
    return max(1, per_leg) * legs


def circle(ids: list[int | None], k: int) -> list[tuple[int | None, int | None]]:
    """Round ``k`` (0-based) of the circle method over ``ids`` (even length): the first id stays,
    the others turn one place each round; the fixed pair changes side every round."""
    n = len(ids)
    rest = ids[1:]
    turned = rest[-k % (n - 1) :] + rest[: -k % (n - 1)] if n > 2 else rest
    line = [ids[0], *turned]
    out = []
    for i in range(n // 2):
        a, b = line[i], line[n - 1 - i]
        out.append((b, a) if i == 0 and k % 2 else (a, b))
    return out


def pair_round(given: RoundInput) -> Draw:
    start = given.phase_start
    ids: list[int | None] = [p.id for p in given.field if p.plays(start)]
    if len(ids) % 2:
        ids.append(None)
    per_leg = rounds_needed(len([i for i in ids if i is not None]))
    k = given.number - start
    leg, k = divmod(k, per_leg)
    if leg >= given.legs:
        raise ValueError("the round robin is complete")
    playing = {p.id for p in given.field if p.plays(given.number)}
    pairings, byes = [], []
    for a, b in circle(ids, k):
        ns, ew = (b, a) if leg % 2 else (a, b)
        if ns is not None and ew is not None and ns in playing and ew in playing:
            pairings.append(Pairing(ns, ew, why=_SCHEDULE))
        else:
            byes += [Bye(p, _BYE) for p in (ns, ew) if p in playing and p is not None]
    return Draw(given.number, tuple(pairings), tuple(byes))
