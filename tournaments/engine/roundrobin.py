"""Round robin by the circle method (the construction behind the Berger tables of chess and
every club's "all play all"): one place stays, the others turn round it, so over n-1 rounds (n
for an odd field, an empty place giving the bye) every place meets every other once. A second
leg plays the same rounds with North-South and East-West swapped.

The places are fixed at the phase's first round (``places``): a pair that withdraws leaves its
place empty and its opponents a bye; a late entry takes over the first empty place (the odd
field's, or a withdrawn pair's), as a substitute pair does at a club (docs/director.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.home_clubs import same_club
from tournaments.engine.types import Bye, Draw, Pair, Pairing, Reason, RoundInput, Why

_SCHEDULE = (Why(Reason.SCHEDULE),)
_BYE = (Why(Reason.PHANTOM),)


def rounds_needed(pairs: int, legs: int = 1) -> int:
    per_leg = pairs - 1 if pairs % 2 == 0 else pairs
    return max(1, per_leg) * legs


def _free(holder: Pair | None, number: int) -> bool:
    return holder is None or (
        holder.withdrawn_after is not None and holder.withdrawn_after < number
    )


def places(field: Sequence[Pair], start: int, number: int) -> list[int | None]:
    """Who holds each place of a schedule fixed at round ``start``, in round ``number`` (None:
    nobody plays there). The places are the pairs playing at ``start`` in field order, plus an
    empty one for an odd field, so the count (and the schedule) never changes. A late entry,
    in order of joining then field order, takes the first place free in its first round: only
    the field decides, so every later round finds the same holders. DrawRefused where none is free:
    the director withdraws the pair or starts a new phase."""
    holders: list[list[Pair | None]] = [[p] for p in field if p.plays(start)]
    if len(holders) % 2:
        holders.append([None])
    late = sorted(
        (p for p in field if start < p.joins <= number and p.plays(p.joins)), key=lambda p: p.joins
    )  # stable: field order within a round
    for pair in late:
        place = next((h for h in holders if _free(h[-1], pair.joins)), None)
        if place is None:
            raise DrawRefused(
                gettext_noop(
                    "%(pair)s joined after the schedule was fixed and no place in it is free: "
                    "withdraw a pair to free one, or withdraw %(pair)s"
                ),
                pair=pair.id,
            )
        place.append(pair)
    return [h[-1].id if h[-1] is not None and h[-1].plays(number) else None for h in holders]


def places_kept(before: Sequence[Pair], after: Sequence[Pair], start: int, number: int) -> bool:
    """Whether the field ``after`` (a withdrawn pair back; both in the format's seating
    order, formats.Format.seating) seats, in round ``number`` of the schedule fixed at
    ``start``, every pair ``before`` seats at the same place: a pair can take back its own
    place, not one a late entry has taken since."""
    try:
        now = places(after, start, number)
    except DrawRefused:
        return False
    was = places(before, start, number)
    if len(was) != len(now):  # another count of places: another schedule
        return False
    return all(old is None or old == new for old, new in zip(was, now, strict=True))


def circle(ids: list[int | None], k: int) -> list[tuple[int | None, int | None]]:
    """Round ``k`` (0-based) of the circle method over ``ids`` (even length): the first id stays,
    the others turn one place each round; the fixed pair changes side every round, so every
    pair sits North-South in half its rounds, give or take one."""
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
    held = places(given.field, given.phase_start, given.number)
    per_leg = rounds_needed(len(held))  # len(held) is even: n-1 rounds
    leg, k = divmod(given.number - given.phase_start, per_leg)
    if leg < 0:
        raise ValueError("the round robin has not started")
    if leg >= given.legs:
        raise DrawRefused(
            gettext_noop(
                "the round robin's schedule ends after round %(last)s: every pair has met every other"
            ),
            last=given.phase_start + per_leg * given.legs - 1,
        )
    clubs = {p.id: p.club for p in given.field}
    pairings, byes = [], []
    for a, b in circle(held, k):
        ns, ew = (b, a) if leg % 2 else (a, b)  # the second leg swaps the sides
        if ns is not None and ew is not None:
            why = _SCHEDULE + ((Why(Reason.SAME_CLUB),) if same_club(clubs, ns, ew) else ())
            pairings.append(Pairing(ns, ew, why=why))
        else:  # facing an empty place: the odd field's bye, or a withdrawn pair's
            byes += [Bye(p, _BYE) for p in (ns, ew) if p is not None]
    return Draw(given.number, tuple(pairings), tuple(byes))
