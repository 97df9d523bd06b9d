"""A director's swap of two pairs in a drafted round, re-checked: what the swap does to the
pairings it touches (a rematch, two pairs of one club), so the page can say it before saving.
A pairing or bye the swap changed says why it is there: the director swapped it (SWAPPED), with
the rematch or club meeting it makes, never the draw's reasons it no longer follows. One that
the swaps bring back to the draft as drawn says the draw's reasons again: a swap undone (the same
two pairs swapped back, or any swaps that restore a pairing) leaves no "swapped" behind."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournaments.engine.types import Bye, Draw, History, Pairing, Reason, Why


@dataclass(frozen=True)
class SwapEffect:
    reason: Reason  # REMATCH or SAME_CLUB
    pairs: tuple[int, int]


def _swapped(pair: int, a: int, b: int) -> int:
    return b if pair == a else a if pair == b else pair


def swap(
    draw: Draw,
    a: int,
    b: int,
    history: History,
    clubs: dict[int, str],
    drawn: Draw | None = None,
) -> tuple[Draw, tuple[SwapEffect, ...]]:
    """``draw`` with pairs ``a`` and ``b`` in each other's seats, and the swap's effects.
    ``drawn``: the draft as its format drew it, before any swap (None: not known)."""
    if a == b or a not in draw.seated() or b not in draw.seated():
        raise ValueError("swap two different pairs of this round")
    as_drawn = {(m.ns, m.ew): m.why for m in drawn.pairings} if drawn else {}
    byes_drawn = {y.pair: y.why for y in drawn.byes} if drawn else {}
    pairings: list[Pairing] = []
    effects: list[SwapEffect] = []
    for m in draw.pairings:
        ns, ew = _swapped(m.ns, a, b), _swapped(m.ew, a, b)
        if (ns, ew) == (m.ns, m.ew):
            pairings.append(m)
            continue
        why = [Why(Reason.SWAPPED)]
        if history.have_met(ns, ew):
            why.append(Why(Reason.REMATCH))
            effects.append(SwapEffect(Reason.REMATCH, (ns, ew)))
        if clubs.get(ns) and clubs.get(ns) == clubs.get(ew):
            why.append(Why(Reason.SAME_CLUB))
            effects.append(SwapEffect(Reason.SAME_CLUB, (ns, ew)))
        pairings.append(replace(m, ns=ns, ew=ew, why=as_drawn.get((ns, ew), tuple(why))))
    byes = tuple(
        y
        if y.pair not in (a, b)
        else Bye(
            _swapped(y.pair, a, b),
            byes_drawn.get(_swapped(y.pair, a, b), (Why(Reason.SWAPPED),)),
        )
        for y in draw.byes
    )
    return replace(draw, pairings=tuple(pairings), byes=byes), tuple(effects)
