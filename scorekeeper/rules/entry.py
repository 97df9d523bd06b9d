"""What a preset offers at hand entry: the one place the pages, their script (through
``json_script``) and the house-rule form read to know which canasta kinds, meld ranks, boxes
and card names a table of this preset needs, and which house rules apply to it.

Read from the variant's own data (as a game's house rules leave it), never from its id.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.cards import BLACK_THREE, NATURAL_RANKS, WILD
from scorekeeper.rules.house_rules import HOUSE_RULES
from scorekeeper.rules.melds import BONUS_FIELD, CanastaKind
from scorekeeper.rules.variants import BlackThreeMeld, Variant

_WILD_KINDS = frozenset({CanastaKind.WILD_PURE, CanastaKind.WILD_MIXED})


@dataclass(frozen=True)
class EntryOffer:
    canasta_kinds: tuple[CanastaKind, ...]  # the summary entry's canasta counts (2.4)
    ranks: tuple[str, ...]  # a meld's rank, in the order of the rank grid
    min_meld: int  # a new meld starts with this many cards
    concealed_melds: bool  # a "laid down whole" box on each meld (espanola's 1000)
    sequences: bool  # sequences of one suit may be entered
    exact_cut: bool  # an "exact cut" box per side (espanola)
    card_names: dict[str, str]  # the deck's own names where they differ (origen: SOL...)
    house_rules: tuple[str, ...]  # the house rules a club may set for this preset


def _offers_kind(variant: Variant, kind: CanastaKind) -> bool:
    if getattr(variant.canasta_bonus, BONUS_FIELD[kind]) is None:
        return False
    if kind in _WILD_KINDS:
        return variant.wild_melds
    if kind is CanastaKind.BLACK_THREES:
        return variant.black_three_meld is BlackThreeMeld.CANASTA
    return True


def entry_offer(variant: Variant) -> EntryOffer:
    ranks = NATURAL_RANKS
    if variant.black_three_meld is not BlackThreeMeld.NEVER:
        ranks += (BLACK_THREE,)
    if variant.wild_melds:
        ranks += (WILD,)
    return EntryOffer(
        canasta_kinds=tuple(kind for kind in CanastaKind if _offers_kind(variant, kind)),
        ranks=ranks,
        min_meld=variant.min_meld,
        concealed_melds=variant.canasta_bonus.concealed is not None,
        sequences=variant.sequences,
        exact_cut=variant.exact_cut_bonus is not None,
        card_names=variant.deck.names.own(),
        house_rules=tuple(name for name, rule in HOUSE_RULES.items() if rule.applies(variant)),
    )
