"""Knockout: a seeded bracket where 1 meets N, laid out so the top two seeds can meet only in the
final (the usual tennis and bridge-teams layout: 1 v 8, 4 v 5, 2 v 7, 3 v 6). Byes go to the top
seeds when the field is not a power of two. It runs on its own (entrants by seed) or for the top
K of the standings after a Swiss; a third-place match may be added to the final round.

Every table has a winner: a tied table plays another hand, entered as the result's ``winner``.
The slot of each match in the bracket travels in its reason (``Why(BRACKET, (slot,))``), so the
next round is paired in bracket order whatever the table numbers.
"""

from __future__ import annotations

from tournaments.engine.model import Bye, Draw, Pairing, Reason, Result, RoundInput, Why

_THIRD_PLACE = 10**6  # the slot of the third-place match, after every bracket slot


def rounds_needed(entrants: int) -> int:
    return max(1, (max(entrants, 2) - 1).bit_length())


def seed_order(size: int) -> list[int]:
    """Seeds 1..size in bracket order: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def bracket(entrants: list[int]) -> list[tuple[int | None, int | None]]:
    """Round 1: ``entrants`` best first, as (upper, lower) slots; None is a bye."""
    size = 1 << rounds_needed(len(entrants))
    slots = [entrants[s - 1] if s <= len(entrants) else None for s in seed_order(size)]
    return list(zip(slots[0::2], slots[1::2], strict=True))


def _entrants(given: RoundInput) -> list[int]:
    playing = {p.id for p in given.field if p.plays(given.number)}
    if given.top:  # after a Swiss: the top K of its standings
        return [p for p in given.ranking if p in playing][: given.top]
    field = [p for p in given.field if p.id in playing]
    return [p.id for p in sorted(field, key=lambda p: (p.seed or 10**9, p.id))]


def _slot(why: tuple[Why, ...]) -> int:
    return next(w.values[0] for w in why if w.reason in (Reason.BRACKET, Reason.BRACKET_BYE))


def _winner(result: Result | None) -> int:
    winner = result.won_by() if result is not None else None
    if winner is None:
        raise ValueError("a knockout match has no winner yet")
    return winner


def pair_round(given: RoundInput) -> Draw:
    if given.number == given.phase_start:
        return _first_round(given)
    previous = next(d for d in given.history.draws if d.round == given.number - 1)
    results = {frozenset(r.pairs()): r for r in given.history.results if r.round == previous.round}
    slots: list[tuple[int, int, int | None]] = []  # (slot, winner, loser)
    for m in previous.pairings:
        slot = _slot(m.why)
        if slot == _THIRD_PLACE:
            continue
        winner = _winner(results.get(frozenset((m.ns, m.ew))))
        slots.append((slot, winner, m.ew if winner == m.ns else m.ns))
    slots += [(_slot(b.why), b.pair, None) for b in previous.byes]
    slots.sort()
    if len(slots) < 2:
        raise ValueError("the knockout is over")
    pairings = [
        Pairing(a[1], b[1], why=(Why(Reason.BRACKET, (i,)),))
        for i, (a, b) in enumerate(zip(slots[0::2], slots[1::2], strict=True))
    ]
    losers = [loser for _, _, loser in slots if loser is not None]
    if given.third_place and len(slots) == 2 and len(losers) == 2:  # after the semi-finals
        pairings.append(Pairing(losers[0], losers[1], why=(Why(Reason.BRACKET, (_THIRD_PLACE,)),)))
    return Draw(given.number, tuple(pairings))


def _first_round(given: RoundInput) -> Draw:
    pairings, byes = [], []
    for i, (upper, lower) in enumerate(bracket(_entrants(given))):
        if upper is not None and lower is not None:
            pairings.append(Pairing(upper, lower, why=(Why(Reason.BRACKET, (i,)),)))
        elif upper is not None:
            byes.append(Bye(upper, (Why(Reason.BRACKET_BYE, (i,)),)))
    return Draw(given.number, tuple(pairings), tuple(byes))
