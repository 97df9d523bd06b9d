"""Cards, ranks and card classes (VARIANTS.md section 1)."""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

NATURAL_RANKS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
BLACK_THREE = "3"
WILD = "wild"
MELD_RANKS: frozenset[str] = frozenset((*NATURAL_RANKS, BLACK_THREE, WILD))


class CardClass(StrEnum):
    """The card classes of a count entry (``melded`` and ``hand`` in hand-format.md)."""

    JOKERS = "jokers"
    TWOS = "twos"
    ACES = "aces"
    HIGH = "high"  # 8 to K
    LOW = "low"  # 4 to 7
    BLACK_THREES = "black_threes"


CARD_CLASSES: tuple[str, ...] = tuple(c.value for c in CardClass)

# The class of each natural rank: low (4-7), high (8-K) or aces.
RANK_CLASS: dict[str, CardClass] = {
    **dict.fromkeys(("4", "5", "6", "7"), CardClass.LOW),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), CardClass.HIGH),
    "A": CardClass.ACES,
}


def ranks_between(low: str, high: str) -> tuple[str, ...]:
    """The natural ranks from ``low`` to ``high`` inclusive, in order (empty if out of order)."""
    start, end = NATURAL_RANKS.index(low), NATURAL_RANKS.index(high)
    return NATURAL_RANKS[start : end + 1]


@lru_cache(maxsize=16)
def class_limits(packs: int) -> dict[str, int]:
    """The most cards of each class one deal can hold with ``packs`` 54-card packs (section 1)."""
    return {
        CardClass.JOKERS: 2 * packs,
        CardClass.TWOS: 4 * packs,
        CardClass.ACES: 4 * packs,
        CardClass.HIGH: 24 * packs,
        CardClass.LOW: 16 * packs,
        CardClass.BLACK_THREES: 2 * packs,
    }


@lru_cache(maxsize=16)
def class_maxima(packs: int) -> tuple[int, ...]:
    """class_limits in CARD_CLASSES order (a tuple is read faster than a dict on the hot path)."""
    limits = class_limits(packs)
    return tuple(limits[cls] for cls in CARD_CLASSES)
