"""What a preset offers at hand entry: the one place the pages, their script (through
``json_script``) and the house-rule form read to know which canasta kinds, meld ranks, boxes
and card names a table of this preset needs, and which house rules apply to it.

Read from the variant's own data (as a game's house rules leave it), never from its id: a box is
offered where the preset has a use for it (VARIANTS-families.md section 5), and only there.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.cards import BLACK_THREE, CARD_CLASSES, NATURAL_RANKS, WILD, CardClass
from scorekeeper.rules.declaration import INCOMPLETE_KINDS, SET_KINDS, offered_keys
from scorekeeper.rules.house_rules import HOUSE_RULES
from scorekeeper.rules.melds import (
    BONUS_FIELD,
    CANASTA_MIN_POINTS,
    CanastaKind,
)
from scorekeeper.rules.sequences import STRAIGHT_LENGTH
from scorekeeper.rules.variants import (
    BlackThreeMeld,
    GoingOutNeed,
    Variant,
)

_WILD_KINDS = frozenset({CanastaKind.WILD_PURE, CanastaKind.WILD_MIXED})
RED_THREES = "red_threes"  # the card class of red threes caught in a hand or foot (5.3)


@dataclass(frozen=True)
class SpecialHandOffer:
    """One special hand a side may lay down (2.4): one tap gives the side's whole score."""

    id: str
    value: int
    wins_game: bool  # a dream hand that wins the game at once (dream_hand_wins)
    label: str  # the button's words (an engine message)


@dataclass(frozen=True)
class EntryOffer:
    canasta_kinds: tuple[CanastaKind, ...]  # the summary entry's canasta counts (2.4)
    ranks: tuple[str, ...]  # a meld's rank, in the order of the rank grid
    min_meld: int  # a new meld starts with this many cards
    wild_meld_min: int  # ... and a new meld of wild cards with this many twos
    concealed_melds: bool  # a "laid down whole" box on each meld (espanola's 1000)
    concealed_going_out: bool  # a "went out concealed" box: it scores a bonus of its own
    sequences: bool  # sequences of one suit may be entered
    sequence_lengths: tuple[int, ...]  # the ranks a sequence may span (samba: 3 to 7)
    sequence_canasta: int  # a sequence of this many ranks is a canasta (samba, escalera)
    sequence_name: str  # what such a sequence is called (variant.deck.names.sequence)
    sequence_kinds: tuple[str, ...]  # the summary entry's sequence counts ("straight", "royal")
    exact_cut: bool  # an "exact cut" box per side (espanola)
    card_names: dict[str, str]  # the deck's own names where they differ (origen: SOL...)
    melded_classes: tuple[str, ...]  # the card classes a summary entry's melded cards take
    hand_classes: tuple[str, ...]  # the card classes of cards left in a hand (and a foot)
    threes_laid: bool  # black threes laid out as bonus cards, beside the red (modern-american)
    caught_sets: tuple[str, ...]  # players caught holding three aces or sevens (2.8)
    incomplete: tuple[str, ...]  # unfinished special melds of a summary entry (2.8)
    special_hands: tuple[SpecialHandOffer, ...]  # 14-card hands laid down at once (2.4)
    feet: bool  # cards left in the side's unplayed feet (hand-and-foot)
    exact_pickups: bool  # players who picked up exactly their hand and foot (2.8)
    house_rules: tuple[str, ...]  # the house rules a club may set for this preset
    side_keys: tuple[str, ...]  # the side keys offered (declaration.py): the boxes above follow
    canasta_size: int  # a meld of this many cards is a canasta (the entry marks it)
    books: bool  # the preset's players call canastas books, clean and dirty (2.9)
    other_part: str  # what a breakdown's "other" holds here: OTHER_PARTS, one source or several


# What the breakdown's "other" part can hold (scoring.score_side): named after its one source
# where the preset has only one, so the page can say "pick-ups 100" rather than "other 100".
OTHER_PARTS = ("exact_cut", "penalties", "pickups", "other")


def _other_part(variant: Variant) -> str:
    sources = []
    if variant.exact_cut_bonus is not None:
        sources.append("exact_cut")
    if variant.unfinished is not None or variant.caught_set_penalty is not None:
        sources.append("penalties")
    if variant.feet.boxes().exact_pickups:
        sources.append("pickups")
    return sources[0] if len(sources) == 1 else "other"


def _offers_kind(variant: Variant, kind: CanastaKind) -> bool:
    if getattr(variant.canasta_bonus, BONUS_FIELD[kind]) is None:
        return False
    if kind in _WILD_KINDS:
        return variant.wild_melds
    if kind is CanastaKind.BLACK_THREES:
        return variant.black_three_meld is BlackThreeMeld.CANASTA
    return True


def _canasta_kinds(variant: Variant) -> tuple[CanastaKind, ...]:
    kinds = tuple(kind for kind in CanastaKind if _offers_kind(variant, kind))
    if CanastaKind.WILD_PURE in kinds and CanastaKind.WILD_MIXED in kinds:
        # One count where the two kinds of wild canasta are the same canasta (a bolivia, a
        # wild book): same bonus, same least points.
        least = dict(variant.canasta_min_points)
        bonus = variant.canasta_bonus
        if bonus.wild_pure == bonus.wild_mixed and least.get(
            CanastaKind.WILD_PURE, CANASTA_MIN_POINTS
        ) == least.get(CanastaKind.WILD_MIXED, CANASTA_MIN_POINTS):
            kinds = tuple(kind for kind in kinds if kind is not CanastaKind.WILD_MIXED)
    return kinds


def _sequences(variant: Variant) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The lengths a sequence may span, and the summary entry's sequence counts."""
    runs = variant.sequences
    if not runs.played:
        return (), ()
    return runs.lengths, runs.kinds


def _incomplete(variant: Variant, keys: tuple[str, ...]) -> tuple[str, ...]:
    if "incomplete" not in keys:
        return ()
    kinds = list(INCOMPLETE_KINDS)
    if not variant.wild_melds:
        kinds = [kind for kind in kinds if not kind.startswith(WILD)]
    return tuple(kinds)


def entry_offer(variant: Variant) -> EntryOffer:
    ranks = NATURAL_RANKS
    if variant.black_three_meld.melded:
        ranks += (BLACK_THREE,)
    if variant.wild_melds:
        ranks += (WILD,)
    melded = CARD_CLASSES
    if not variant.black_three_meld.melded:
        melded = tuple(c for c in CARD_CLASSES if c != CardClass.BLACK_THREES)
    lengths, sequence_kinds = _sequences(variant)
    special = variant.special_hands
    keys = offered_keys(variant)
    return EntryOffer(
        canasta_kinds=_canasta_kinds(variant),
        ranks=ranks,
        min_meld=variant.min_meld,
        wild_meld_min=variant.wild_meld_min,
        concealed_melds=variant.canasta_bonus.concealed is not None,
        concealed_going_out="concealed" in keys,
        sequences="sequences" in keys,
        sequence_lengths=lengths,
        sequence_canasta=STRAIGHT_LENGTH,
        sequence_name=variant.deck.names.sequence,
        sequence_kinds=sequence_kinds,
        exact_cut="exact_cut" in keys,
        card_names=variant.deck.names.own(),
        melded_classes=melded,
        hand_classes=CARD_CLASSES
        + ((RED_THREES,) if variant.red_three_in_hand is not None else ()),
        threes_laid="black_threes_laid" in keys,
        caught_sets=SET_KINDS if "caught_sets" in keys else (),
        incomplete=_incomplete(variant, keys),
        special_hands=tuple(
            SpecialHandOffer(h.id, h.value, special.wins_game(h), h.button) for h in special.hands
        ),
        feet="foot" in keys,
        exact_pickups="exact_pickups" in keys,
        house_rules=tuple(name for name, rule in HOUSE_RULES.items() if rule.offered_to(variant)),
        side_keys=keys,
        canasta_size=variant.canasta_size,
        books=variant.going_out_need is GoingOutNeed.BOOKS,
        other_part=_other_part(variant),
    )
