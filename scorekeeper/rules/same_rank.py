"""Melds of one rank (VARIANTS.md 2.3; VARIANTS-families.md 2.3): how many a side may hold.

A preset names its rule as data (``Variant.same_rank``, the house rule ``same_rank_melds``);
:data:`SAME_RANK` gives each one's strategy, which checks a side's melds and says the rule in the
Rules page's words:

- :class:`OneMeld` (the classic presets, modern-american): one meld of a rank in all;
- :class:`Several` (espanola, samba, bolivia): any number, but one of black threes where they are
  melded going out (samba);
- :class:`OneOpen` (hand-and-foot): any number of completed books, but one unfinished meld of a
  rank at a time, wild cards counting as a rank.

A strategy names the meld it refuses (:class:`Repeat`); the meld reader says where it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.rules.cards import BLACK_THREE
from scorekeeper.rules.errors import Message, Phrase, gettext_noop
from scorekeeper.rules.records import CanastaCounts, Incomplete, Meld
from scorekeeper.rules.variants import BlackThreeMeld, SameRank

if TYPE_CHECKING:
    from scorekeeper.rules.records import Sequence as Run
    from scorekeeper.rules.variants import Variant

SECOND_MELD = gettext_noop("a second meld of rank %(meld_rank)s: add the cards to the first")
SECOND_UNFINISHED = gettext_noop("a second unfinished meld of rank %(meld_rank)s")
THREES_ONCE = gettext_noop("a side melds %(black_threes)s once at most")


@dataclass(frozen=True, slots=True)
class Repeat:
    """A meld the rule refuses: its 1-based place among the side's melds, its rank, and why."""

    index: int
    rank: str
    template: Message
    setting: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


def _first_repeat(ranks: Sequence[str | None], template: Message, setting: str) -> Repeat | None:
    """The first meld whose rank (None: not counted) an earlier meld already has."""
    seen: set[str] = set()
    for index, rank in enumerate(ranks, 1):
        if rank is None:
            continue
        if rank in seen:
            return Repeat(index, rank, template, setting, {"meld_rank": rank})
        seen.add(rank)
    return None


def _threes_twice(variant: Variant, melds: Sequence[Meld | Run]) -> Repeat | None:
    """Black threes melded going out (samba) are one meld, whatever the rule for other ranks."""
    if variant.black_three_meld is not BlackThreeMeld.GOING_OUT:
        return None
    threes = [i for i, meld in enumerate(melds, 1) if meld.rank == BLACK_THREE]
    if len(threes) < 2:
        return None
    names = {"black_threes": Phrase(variant.deck.names.black_threes)}
    return Repeat(threes[1], BLACK_THREE, THREES_ONCE, params=names)


@dataclass(frozen=True, slots=True)
class OneMeld:
    """One meld of a rank in all (classic)."""

    def repeat(self, variant: Variant, melds: Sequence[Meld | Run]) -> Repeat | None:
        ranks = [meld.rank for meld in melds]
        if len(set(ranks)) == len(ranks):  # the usual side: a set answers for all its melds
            return None
        return _first_repeat(ranks, SECOND_MELD, "same_rank_melds" if variant.house_rules else "")

    def summary_repeat(self, counts: CanastaCounts, incomplete: Incomplete) -> str | None:
        """The rank of which a summary's kinds make two melds (modern-american: of aces, of
        sevens, of wild cards, a rank of its own), or None."""
        wild = (
            counts.wild_pure
            + counts.wild_mixed
            + counts.wild_jokers
            + incomplete.wild
            + incomplete.wild_jokers
        )
        for rank, melds in (
            ("A", counts.aces + incomplete.aces),
            ("7", counts.sevens + incomplete.sevens),
            ("wild", wild),
        ):
            if melds > 1:
                return rank
        return None

    def words(self, variant: Variant) -> tuple[str, ...]:
        """The Rules page's sentences."""
        return (gettext_noop("A side has at most one meld of each rank."),)


@dataclass(frozen=True, slots=True)
class Several:
    """Any number of melds of a rank (espanola, samba, bolivia)."""

    def repeat(self, variant: Variant, melds: Sequence[Meld | Run]) -> Repeat | None:
        return _threes_twice(variant, melds)

    def summary_repeat(self, counts: CanastaCounts, incomplete: Incomplete) -> str | None:
        return None

    def words(self, variant: Variant) -> tuple[str, ...]:
        return (gettext_noop("A side may have several melds of the same rank."),)


@dataclass(frozen=True, slots=True)
class OneOpen:
    """Any number of completed books of a rank, but one unfinished meld of it at a time; wild
    cards count as a rank (hand-and-foot)."""

    def repeat(self, variant: Variant, melds: Sequence[Meld | Run]) -> Repeat | None:
        threes = _threes_twice(variant, melds)
        if threes is not None:
            return threes
        size = variant.canasta_size
        unfinished = [
            meld.rank if isinstance(meld, Meld) and meld.size < size else None for meld in melds
        ]
        return _first_repeat(unfinished, SECOND_UNFINISHED, "same_rank_melds")

    def summary_repeat(self, counts: CanastaCounts, incomplete: Incomplete) -> str | None:
        return None

    def words(self, variant: Variant) -> tuple[str, ...]:
        text = gettext_noop(
            "A side may have several melds of the same rank, but only one unfinished meld of a "
            "rank at a time."
        )
        if variant.wild_melds:
            return (text, gettext_noop("Melds of wild cards count as one rank."))
        return (text,)


SAME_RANK: dict[SameRank, OneMeld | Several | OneOpen] = {
    SameRank.ONE: OneMeld(),
    SameRank.ANY: Several(),
    SameRank.ONE_OPEN: OneOpen(),
}
