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

_RANK_CLASS = {rank: CardClass.LOW for rank in ("4", "5", "6", "7")}
_RANK_CLASS.update({rank: CardClass.HIGH for rank in ("8", "9", "10", "J", "Q", "K")})
_RANK_CLASS["A"] = CardClass.ACES


def rank_class(rank: str) -> CardClass:
    """The class of a natural rank: low (4-7), high (8-K) or aces."""
    return _RANK_CLASS[rank]


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
