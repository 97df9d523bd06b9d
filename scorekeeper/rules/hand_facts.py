"""What a side did in a hand, for a player's statistics: its canastas, its red threes, whether
it went out, whether it melded anything. Read from a stored hand record (hand-format.md,
"Input"), which the engine has already checked, at whatever level it was entered.

A canasta: a detailed meld of ``canasta_size`` cards or more (the preset's size, VARIANTS.md 2.4
and VARIANTS-families.md), an espanola sequence (seven cards of a suit, which that family scores
as a canasta), or a summary entry's counts (``canastas``, ``sequences``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SideFacts:
    canastas: int
    red_threes: int
    went_out: bool
    melded: bool  # laid anything down: a side that did not was caught with nothing melded


def _whole(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _cards_given(cards: object) -> bool:
    if not isinstance(cards, Mapping):
        return False
    return any(_whole(v) > 0 for v in cards.values())


def side_facts(side: Mapping[str, Any], canasta_size: int) -> SideFacts:
    """One side of a stored record, as the statistics count it."""
    melds = side.get("melds") or []
    canastas = 0
    for meld in melds:
        if not isinstance(meld, Mapping):
            continue
        if (
            "sequence" in meld
            or sum(_whole(meld.get(k)) for k in ("naturals", "twos", "jokers")) >= canasta_size
        ):
            canastas += 1
    for counts in (side.get("canastas"), side.get("sequences")):
        if isinstance(counts, Mapping):
            canastas += sum(_whole(v) for v in counts.values())
    melded = bool(melds) or _cards_given(side.get("melded")) or canastas > 0
    return SideFacts(
        canastas=canastas,
        red_threes=_whole(side.get("red_threes")),
        went_out=side.get("went_out") is True,
        melded=melded,
    )
