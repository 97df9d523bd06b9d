"""The four families of VARIANTS-families.md as data: modern-american, samba, bolivia and
hand-and-foot.

None has a seed text; each value cites the public rule pages the specification names (CLA, pagat,
Bicycle, OCL, BCanasta, Dummies, BGA, GoodSams...). Where the pages disagree the specification's
decision is the default and the other readings are house rules (section 6 of that page, listed
here in ``house_rules`` and ``rule_values``, the default first).
"""

from __future__ import annotations

from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.feet import Feet
from scorekeeper.rules.sequences import Sambas
from scorekeeper.rules.special_hands import CLA_HANDS, SpecialHands
from scorekeeper.rules.threes import RedThreesAgainst, RedThreeScale
from scorekeeper.rules.variants import (
    FIVE,
    NO_EXTRA,
    PAIRS,
    SOLO2,
    SOLO3,
    STANDARD_DECK,
    THREE_PAIRS,
    TWO_TRIOS,
    BlackThreeMeld,
    CanastaBonus,
    CardNames,
    CardValues,
    Deck,
    GoingOutNeed,
    OnTie,
    OpeningBy,
    SameRank,
    Seating,
    Unfinished,
    Variant,
    WildLimit,
)

FIVE_SOLO = (1, 1, 1, 1, 1)

MODERN_AMERICAN = Variant(
    id="modern-american",
    name=gettext_noop("Modern American Canasta"),
    source="Canasta League of America (CLA), with pagat and CanastaJunction",
    description=gettext_noop(
        "The 8500 game of the Canasta League of America: threes of both colours are bonus cards, "
        "natural aces and sevens canastas, wild canastas, penalties for unfinished special melds "
        "and caught sets, special hands of 14 cards."
    ),
    seatings=(Seating(4, PAIRS, cards_dealt=13, packs=2, target=8500, going_out_canastas=2),),
    values=CardValues(black_three_in_hand=5),
    wild_limit=WildLimit.TWO,  # CLA: at most 2 wild cards
    black_three_meld=BlackThreeMeld.LAID_OUT,  # both colours at once (CLA, CanastaConnection)
    wild_free_ranks=frozenset({"7"}),
    wild_melds=True,
    wild_meld_max=7,
    canasta_max=7,  # pagat, liquisearch: no meld holds more than 7
    canasta_bonus=CanastaBonus(
        wild_pure=3000, wild_mixed=2000, aces=2500, sevens=2500, wild_jokers=2500
    ),
    red_three_scale=RedThreeScale.LADDER,
    red_threes_against=RedThreesAgainst.MODERN_SWING,
    red_three_in_hand=5,  # the last card drawn, or one kept for a Straight (2.2)
    going_out_bonus=100,
    concealed_going_out_bonus=NO_EXTRA,  # CLA and pagat name no extra bonus
    melds_negative_without_canasta=True,  # CLA, pagat, CanastaJunction (2.7)
    unfinished=Unfinished(),
    caught_set_penalty=1500,
    special_hands=SpecialHands(CLA_HANDS),
    canasta_min_points=(
        ("aces", 140),
        ("sevens", 35),
        ("wild_pure", 140),
        ("wild_jokers", 260),
        ("wild_mixed", 170),
        ("incomplete.aces", 60),
        ("incomplete.sevens", 15),
        ("incomplete.wild", 60),
        ("incomplete.wild_jokers", 200),
    ),
    opening_below_zero=125,  # pagat: a negative score needs 125 too
    opening_steps=((0, 125), (3000, 155), (5000, 180)),
    opening_by_hand=(125, 155, 180),  # NVSO (ACS events), house rule opening_by
    opening_from_hand_only=True,  # CLA: the pile's top card does not count
    house_rules=(
        "target",
        "on_tie",
        "three_in_hand",
        "incomplete_joker_meld",
        "special_hands",
        "dream_hand_wins",
        "over_seven_going_out",
        "splash",
        "opening_by",
        "red_threes_against",
    ),
    rule_values=(
        ("on_tie", ("another_hand", "draw")),
        ("red_threes_against", ("modern_swing",)),
    ),
)

SAMBA_OPENING = ((0, 50), (1500, 90), (3000, 120), (7000, 150))

SAMBA = Variant(
    id="samba",
    name=gettext_noop("Samba"),
    source="Official Canasta Laws (Samba), Bicycle",
    description=gettext_noop(
        "Three packs, to 10000: sequences of one suit (a samba of 7 is worth 1500), several melds "
        "of a rank, two canastas to go out, red threes count against a side with fewer than two "
        "canastas."
    ),
    seatings=(
        Seating(2, SOLO2, cards_dealt=15, packs=3, target=10000, going_out_canastas=2),
        Seating(3, SOLO3, cards_dealt=15, packs=3, target=10000, going_out_canastas=2),
        Seating(4, PAIRS, cards_dealt=15, packs=3, target=10000, going_out_canastas=2),
        Seating(5, FIVE, cards_dealt=15, packs=3, target=10000, going_out_canastas=2),
        Seating(5, FIVE_SOLO, cards_dealt=15, packs=3, target=10000, going_out_canastas=2),
        Seating(6, THREE_PAIRS, cards_dealt=13, packs=3, target=10000, going_out_canastas=2),
        Seating(6, TWO_TRIOS, cards_dealt=13, packs=3, target=10000, going_out_canastas=2),
    ),
    deck=Deck(
        id="standard",
        names=CardNames(sequence=gettext_noop("samba")),
        over_limit=STANDARD_DECK.over_limit,
    ),
    wild_limit=WildLimit.TWO,
    same_rank=SameRank.ANY,  # Bicycle, OCL: several melds of a rank (black threes excepted)
    sequences=Sambas(1500),
    red_three_scale=RedThreeScale.ALL_FOR_1000,
    red_threes_against=RedThreesAgainst.FEWER_THAN_TWO_CANASTAS,
    going_out_bonus=200,
    concealed_going_out_bonus=NO_EXTRA,  # Bicycle: "no bonus is awarded for a concealed hand"
    canasta_min_points=(("straight", 50),),
    opening_steps=SAMBA_OPENING,
    on_tie=OnTie.DRAW,  # OCL: equal points, a drawn game
    house_rules=("target", "on_tie", "opening_top", "red_threes_against", "red_three_penalty"),
    rule_values=(
        ("on_tie", ("draw", "another_hand")),
        ("red_threes_against", ("fewer_than_two_canastas", "no_meld")),
    ),
)

BOLIVIA = Variant(
    id="bolivia",
    name=gettext_noop("Bolivia"),
    source="Bicycle, Bolivian Canasta (BCanasta), rummy-games",
    description=gettext_noop(
        "Samba's big sister, to 15000: sequences (an escalera of 7 is worth 1500), a canasta of "
        "7 wild cards (a bolivia, 2500), going out needs an escalera, a black three left in hand "
        "costs 100."
    ),
    seatings=(Seating(4, PAIRS, cards_dealt=15, packs=3, target=15000, going_out_canastas=2),),
    deck=Deck(
        id="standard",
        names=CardNames(sequence=gettext_noop("escalera")),
        over_limit=STANDARD_DECK.over_limit,
    ),
    values=CardValues(black_three_in_hand=100),  # BCanasta, whether or not anyone went out
    wild_limit=WildLimit.TWO,
    same_rank=SameRank.ANY,
    wild_melds=True,
    wild_meld_max=7,  # a bolivia takes no more cards
    canasta_bonus=CanastaBonus(wild_pure=2500, wild_mixed=2500),
    sequences=Sambas(1500),
    red_three_scale=RedThreeScale.ALL_FOR_1000,
    red_threes_against=RedThreesAgainst.FEWER_THAN_TWO_CANASTAS,
    going_out_need=GoingOutNeed.WITH_SEQUENCE,
    going_out_bonus=200,
    concealed_going_out_bonus=NO_EXTRA,
    canasta_min_points=(("straight", 50), ("wild_pure", 140), ("wild_mixed", 140)),
    opening_steps=SAMBA_OPENING,
    on_tie=OnTie.DRAW,  # as samba
    house_rules=(
        "target",
        "on_tie",
        "wild_limit",
        "black_three_in_hand",
        "red_threes_against",
        "red_three_penalty",
    ),
    rule_values=(
        ("on_tie", ("draw", "another_hand")),
        ("wild_limit", ("two", "below_naturals", "none")),
        ("black_three_in_hand", (100, 5)),
        ("red_threes_against", ("fewer_than_two_canastas", "no_meld")),
    ),
)


def _foot_seating(players: int, layout: tuple[int, ...]) -> Seating:
    # players + 1 packs (nwpages, Simpson); a hand and a foot of 11 each; a game of 4 hands.
    return Seating(players, layout, cards_dealt=11, packs=players + 1, target=None, hands=4)


HAND_AND_FOOT = Variant(
    id="hand-and-foot",
    name=gettext_noop("Hand and Foot"),
    source="Card Games For Dummies, pagat (Hand and Foot), Board Game Arena",
    description=gettext_noop(
        "A hand and a foot for each player, players + 1 packs, a game of four hands: clean, dirty "
        "and wild books, two clean and two dirty books to go out, the opening set by the hand's "
        "number, a red three caught in a hand or foot costs 500."
    ),
    seatings=(
        _foot_seating(2, SOLO2),
        _foot_seating(3, SOLO3),
        _foot_seating(4, PAIRS),
        _foot_seating(6, THREE_PAIRS),
        _foot_seating(6, TWO_TRIOS),
    ),
    values=CardValues(black_three_in_hand=5),
    wild_limit=WildLimit.BELOW_NATURALS,
    same_rank=SameRank.ONE_OPEN,
    black_three_meld=BlackThreeMeld.NEVER,  # GOCC, Simpson, Tanglewood
    wild_melds=True,
    wild_meld_max=7,  # a wild book is exactly 7
    canasta_bonus=CanastaBonus(wild_pure=1500, wild_mixed=1500),
    red_three_scale=RedThreeScale.FLAT,
    red_threes_against=RedThreesAgainst.NEVER,
    red_three_in_hand=500,  # Dummies, RarePike, GoodSams, Tanglewood
    going_out_need=GoingOutNeed.BOOKS,
    going_out_books=(2, 2, 0),  # GoodSams
    going_out_bonus=100,
    concealed_going_out_bonus=NO_EXTRA,
    feet=Feet(exact_pickup_bonus=100),
    canasta_min_points=(("wild_pure", 140), ("wild_mixed", 140)),
    opening_by=OpeningBy.HAND_NUMBER,
    opening_by_hand=(50, 90, 120, 150),  # DeMeritt, GOCC, Tanglewood, marmot
    house_rules=(
        "hands",
        "target",
        "on_tie",
        "packs",
        "cards_dealt",
        "black_three_in_hand",
        "red_three_caught",
        "red_three_laid",
        "natural_bonus",
        "mixed_bonus",
        "wild_books",
        "going_out_books",
        "going_out_bonus",
        "exact_pickup_bonus",
        "opening_by_hand",
        "book_max",
        "same_rank_melds",
        "wild_limit",
        "red_threes_against",
    ),
    rule_values=(
        ("black_three_in_hand", (5, 0)),
        ("wild_limit", ("below_naturals",)),
        ("red_threes_against", ("never",)),
    ),
)

FAMILIES = (MODERN_AMERICAN, SAMBA, BOLIVIA, HAND_AND_FOOT)
