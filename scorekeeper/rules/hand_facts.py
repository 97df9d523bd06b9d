"""What a side did in a hand, for a player's statistics: its canastas, its red threes, whether
it went out, whether it melded anything. Read from a stored hand record (hand-format.md,
"Input"), which the engine has already checked, at whatever level it was entered.

A canasta: a detailed meld of the variant's ``canasta_size`` cards or more (VARIANTS.md 2.4 and
VARIANTS-families.md), or a summary entry's ``canastas``. A run counts as the engine scores it
(``variant.sequences``): in samba and bolivia a run of 7 is a canasta and a shorter one an ordinary
meld (VARIANTS-families.md, Samba); espanola's runs earn their bonus but are never canastas
(VARIANTS.md, Espanola: "they are not canastas").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.cards import NATURAL_RANKS, ranks_between
from scorekeeper.rules.sequences import STRAIGHT_LENGTH
from scorekeeper.rules.variants import Variant


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


def _run_length(ends: object) -> int:
    if not isinstance(ends, list) or len(ends) != 2:
        return 0
    if not all(isinstance(end, str) and end in NATURAL_RANKS for end in ends):
        return 0
    return len(ranks_between(ends[0], ends[1]))


def side_facts(side: Mapping[str, Any], variant: Variant) -> SideFacts:
    """One side of a stored record, as the statistics count it."""
    melds = side.get("melds") or []
    runs_count = variant.sequences.canastas  # a run of 7 is a canasta (samba, bolivia)
    canastas = 0
    for meld in melds:
        if not isinstance(meld, Mapping):
            continue
        if "sequence" in meld:
            canastas += runs_count and _run_length(meld["sequence"]) == STRAIGHT_LENGTH
        elif sum(_whole(meld.get(k)) for k in ("naturals", "twos", "jokers")) >= (
            variant.canasta_size
        ):
            canastas += 1
    counts = side.get("canastas")
    if isinstance(counts, Mapping):
        canastas += sum(_whole(v) for v in counts.values())
    runs = side.get("sequences")
    if runs_count and isinstance(runs, Mapping):
        canastas += _whole(runs.get("straight"))
    melded = bool(melds) or _cards_given(side.get("melded")) or canastas > 0
    return SideFacts(
        canastas=canastas,
        red_threes=_whole(side.get("red_threes")),
        went_out=side.get("went_out") is True,
        melded=melded,
    )
