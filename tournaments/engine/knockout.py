"""Knockout: a seeded bracket where 1 meets N, laid out so the top two seeds can meet only in the
final (the usual tennis and bridge-teams layout: 1 v 8, 4 v 5, 2 v 7, 3 v 6). Byes go to the top
seeds when the field is not a power of two. It runs on its own (entrants by seed) or after other
rounds (entrants by the standings, or the top K of them after a Swiss); a third-place match
between the semi-final losers may be added to the final round.

Every table has a winner: a tied table plays another hand, entered as the result's ``winner``.
The slot of each match in the bracket and its level (0: the first round) travel in its reason
(``Why(BRACKET, (slot, level))``), so the next round is paired in bracket order whatever the table
numbers. A pair that withdraws leaves its next opponent a walkover (``BRACKET_BYE``); a round of
nothing but walkovers is skipped (the level says which round is played), and the last pair left
wins the final unplayed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.types import Bye, Draw, Pairing, Reason, Result, RoundInput, Why

THIRD_PLACE = 10**6  # the slot of the third-place match, after every bracket slot
_BRACKET_REASONS = (Reason.BRACKET, Reason.BRACKET_BYE)


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
    """Round 1's entrants, best first. At the event's first round the standings are all ties, so
    the seeds decide (unseeded last, in field order); after other rounds, the standings."""
    playing = [p for p in given.field if p.plays(given.number)]
    by_seed = sorted(playing, key=lambda p: p.seed or 10**9)  # stable: field order among equals
    if given.top:  # after a Swiss: the top K of its standings
        ids = {p.id for p in playing}
        return [p for p in given.ranking if p in ids][: given.top]
    if given.phase_start > 1 and given.ranking:
        place = {pair: i for i, pair in enumerate(given.ranking)}
        by_seed.sort(key=lambda p: place.get(p.id, len(place)))  # unranked last, by seed
    return [p.id for p in by_seed]


def _slot(why: tuple[Why, ...]) -> int:
    slot = next(
        (w.values[0] for w in why if w.reason in (Reason.BRACKET, Reason.BRACKET_BYE)), None
    )
    if slot is None:
        raise ValueError("the previous round is not a knockout round")
    return slot


def _winner(result: Result | None) -> int:
    winner = result.won_by() if result is not None else None
    if winner is None:
        raise ValueError("a knockout match has no winner yet")
    return winner


def _halve(through: dict[int, int]) -> dict[int, list[int]]:
    """The next round's slots: slots 2j and 2j+1 meet in slot j."""
    groups: dict[int, list[int]] = {}
    for slot in sorted(through):
        groups.setdefault(slot // 2, []).append(through[slot])
    return groups


def level_of(draw: Draw, default: int) -> int:
    """The bracket level (0: its first round) of a knockout round: in its reasons, after the slot
    (rounds drawn before it was kept there: ``default``, their place in the knockout)."""
    for why in _reasons(draw):
        if why.reason in (Reason.BRACKET, Reason.BRACKET_BYE) and len(why.values) > 1:
            return int(why.values[1])
    return default


def _reasons(draw: Draw) -> list[Why]:
    return [w for m in draw.pairings for w in m.why] + [w for b in draw.byes for w in b.why]


def final_round(draw: Draw, earlier: Sequence[Draw]) -> int:
    """The event's round the final falls in, as ``draw`` (after the knockout's ``earlier``
    rounds) has it: sooner when withdrawals made a round of walkovers, later again when a
    discarded draft is drawn anew with a pair reinstated."""
    first = earlier[0] if earlier else draw
    final = rounds_needed(2 * len(first.pairings) + len(first.byes)) - 1
    return draw.round + final - level_of(draw, len(earlier))


def final_drawn(draw: Draw) -> bool:
    """Whether a knockout round is its final (one match, the third-place match beside it, or a
    walkover: the last pair left is the champion): the knockout ends with it."""
    whys = [m.why for m in draw.pairings] + [b.why for b in draw.byes]
    slots = [w.values[0] for why in whys for w in why if w.reason in _BRACKET_REASONS]
    return len([slot for slot in slots if slot != THIRD_PLACE]) == 1


def pair_round(given: RoundInput) -> Draw:
    if given.number < given.phase_start:
        raise ValueError("the knockout has not started")
    if given.number == given.phase_start:
        return _first_round(given)
    draws = [d for d in given.history.draws if given.phase_start <= d.round < given.number]
    previous = next((d for d in draws if d.round == given.number - 1), None)
    if previous is None:
        raise ValueError(f"round {given.number - 1} has not been drawn")
    if final_drawn(previous):
        raise DrawRefused(gettext_noop("the knockout is over: its final has been played"))
    results = {frozenset(r.pairs()): r for r in given.history.results if r.round == previous.round}
    playing = {p.id for p in given.field if p.plays(given.number)}
    through: dict[int, int] = {}  # bracket slot -> the pair that went through it
    losers: list[int] = []
    for m in previous.pairings:
        slot = _slot(m.why)
        if slot == THIRD_PLACE:
            continue
        winner = _winner(results.get(frozenset((m.ns, m.ew))))
        through[slot] = winner
        losers.append(m.ew if winner == m.ns else m.ns)
    through |= {_slot(b.why): b.pair for b in previous.byes}
    through = {slot: pair for slot, pair in through.items() if pair in playing}
    first = draws[0]
    final = rounds_needed(2 * len(first.pairings) + len(first.byes)) - 1  # the final's level
    if not through:
        raise DrawRefused(gettext_noop("no pair is left in the knockout: every one withdrew"))
    if len(through) == 1:  # the others withdrew: the last pair left wins the final unplayed
        (pair,) = through.values()
        champion = (Bye(pair, (Why(Reason.BRACKET_BYE, (0, final)),)),)
        return Draw(given.number, _third_place(given, losers, playing, final), champion)
    level = level_of(previous, previous.round - given.phase_start) + 1
    groups = _halve(through)
    while all(len(g) == 1 for g in groups.values()):  # only walkovers: no round to play
        groups = _halve({slot: g[0] for slot, g in groups.items()})
        level += 1
    if len(groups) == 1:  # the rest of the bracket is empty: this match is the final
        groups, level = {0: next(iter(groups.values()))}, final
    pairings = [
        Pairing(g[0], g[1], why=(Why(Reason.BRACKET, (slot, level)),))
        for slot, g in groups.items()
        if len(g) == 2
    ]
    byes = [
        Bye(g[0], (Why(Reason.BRACKET_BYE, (slot, level)),))
        for slot, g in groups.items()
        if len(g) == 1
    ]
    if len(groups) == 1:  # the final, after the semis
        pairings += _third_place(given, losers, playing, level)
    return Draw(given.number, tuple(pairings), tuple(byes))


def _third_place(
    given: RoundInput, losers: list[int], playing: set[int], level: int
) -> tuple[Pairing, ...]:
    """Beside the final, the third-place match of the semi-finals' two losers, if the event
    plays one and both are still in it."""
    left = [pair for pair in losers if pair in playing]
    if not given.third_place or len(left) != 2:
        return ()
    return (Pairing(left[0], left[1], why=(Why(Reason.BRACKET, (THIRD_PLACE, level)),)),)


def _first_round(given: RoundInput) -> Draw:
    entrants = _entrants(given)
    if len(entrants) == 1 and given.phase_start > 1:  # the rest withdrew after the Swiss
        return Draw(given.number, (), (Bye(entrants[0], (Why(Reason.BRACKET_BYE, (0, 0)),)),))
    if len(entrants) < 2:
        raise DrawRefused(gettext_noop("a knockout needs two pairs at least"))
    pairings, byes = [], []
    for i, (upper, lower) in enumerate(bracket(entrants)):
        if upper is not None and lower is not None:
            pairings.append(Pairing(upper, lower, why=(Why(Reason.BRACKET, (i, 0)),)))
        elif upper is not None:  # the top seeds are the ones without an opponent
            byes.append(Bye(upper, (Why(Reason.BRACKET_BYE, (i, 0)),)))
    return Draw(given.number, tuple(pairings), tuple(byes))
