"""A director's swap of two pairs in a drafted round, re-checked: what the swap does to the
pairings it touches (a rematch, two pairs of one club), so the page can say it before saving.
A pairing or bye the swap changed says why it is there: the director swapped it (SWAPPED), with
the rematch or club meeting it makes, never the draw's reasons it no longer follows."""

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
    draw: Draw, a: int, b: int, history: History, clubs: dict[int, str]
) -> tuple[Draw, tuple[SwapEffect, ...]]:
    """``draw`` with pairs ``a`` and ``b`` in each other's seats, and the swap's effects."""
    if a == b or a not in draw.seated() or b not in draw.seated():
        raise ValueError("swap two different pairs of this round")
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
        pairings.append(replace(m, ns=ns, ew=ew, why=tuple(why)))
    byes = tuple(
        y if y.pair not in (a, b) else Bye(_swapped(y.pair, a, b), (Why(Reason.SWAPPED),))
        for y in draw.byes
    )
    return replace(draw, pairings=tuple(pairings), byes=byes), tuple(effects)
