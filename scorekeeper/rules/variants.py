"""The seven presets as data (VARIANTS.md section 2).

A variant is one frozen :class:`Variant`; where behaviour truly differs between presets it holds a
small enum that the scorer dispatches on once (wild limit, black-three melds, red-three scale...).
Per-table values (sides, packs, cards dealt, target, canastas to go out) live in :class:`Table`.

Sources: seeds 000 (classic-fr), 001 (classic-es, espanola), 002 (ducale), 003 (italiana),
004 (origen); classic is the Official Canasta Laws / Hoyle.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.rules.errors import RuleViolation, gettext_noop

CANASTA = "canasta"  # an opening minimum that is "a complete canasta", not points (2.9)


class WildLimit(StrEnum):
    """How many wild cards a meld may hold (2.3)."""

    THREE = "three"  # at most 3
    NATURALS = "naturals"  # no more wilds than naturals
    NONE = "none"  # no cap (only the 2-natural minimum)


class BlackThreeMeld(StrEnum):
    """When black threes may be melded (2.3)."""

    GOING_OUT = "going_out"  # 3 or 4, no wilds, only in the turn the side goes out
    CANASTA = "canasta"  # only as a canasta of 7 or more, no wilds, any turn; wins the game
    NEVER = "never"


class RedThreeScale(StrEnum):
    """The value of n red threes (2.5)."""

    DOUBLE_FROM_FOUR = "double_from_four"  # 100 n; 4 or more: 200 n
    PLUS_500_FROM_FOUR = "plus_500_from_four"  # 100 n; 4 or more: 100 n + 500
    ALL_FOR_500 = "500_for_all"  # 100 n; all of the deal's red threes: 500 in all
    ALL_FOR_800 = "800_for_all"  # 100 n; all of them: 800 in all


class RedThreesAgainst(StrEnum):
    """When red threes count against their side (2.5)."""

    NO_MELD = "no_meld"
    NO_CANASTA = "no_canasta"


class GoingOutNeed(StrEnum):
    """What a side needs to go out (2.6)."""

    CANASTAS = "canastas"  # Table.going_out_canastas canastas of any kind
    NATURAL_AND_MIXED = "natural_and_mixed"  # espanola: a natural and a mixed canasta


class CanastaTiers(StrEnum):
    """How espanola's canasta-count tiers add up (2.4)."""

    HIGHEST = "highest"  # only the highest tier reached
    CUMULATIVE = "cumulative"  # every tier reached


class OnTie(StrEnum):
    """An exact tie for the highest total at the target (2.10)."""

    ANOTHER_HAND = "another_hand"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Table:
    """One accepted player count of a preset (2.1, 2.6, 2.10)."""

    players: int
    layouts: tuple[tuple[int, ...], ...]  # players per side, one tuple per accepted layout
    cards_dealt: int
    packs: int
    target: int
    going_out_canastas: int = 1

    def layout_for(self, sides: int) -> tuple[int, ...] | None:
        for layout in self.layouts:
            if len(layout) == sides:
                return layout
        return None


@dataclass(frozen=True, slots=True)
class CardValues:
    """Card values (2.2); a black three left in hand subtracts ``black_three_in_hand``."""

    joker: int = 50
    two: int = 20
    ace: int = 20
    high: int = 10
    low: int = 5
    black_three_melded: int = 5
    black_three_in_hand: int = 5


@dataclass(frozen=True, slots=True)
class CanastaBonus:
    """Canasta bonuses by kind (2.4); ``None`` where the preset has no such canasta."""

    natural: int = 500
    mixed: int = 300
    concealed: int | None = None  # espanola: instead of natural/mixed
    wild_pure: int | None = None
    wild_mixed: int | None = None
    black_threes: int | None = None


@dataclass(frozen=True, slots=True)
class Variant:
    """A preset: every value of VARIANTS.md for one rule set."""

    id: str
    name: str
    source: str
    description: str
    tables: tuple[Table, ...]
    values: CardValues = CardValues()
    min_meld: int = 3
    min_naturals: int = 2
    wild_limit: WildLimit = WildLimit.THREE
    repeat_ranks: bool = False  # a side may hold two melds of one rank
    black_three_meld: BlackThreeMeld = BlackThreeMeld.GOING_OUT
    wild_melds: bool = False  # all-wild melds
    canasta_size: int = 7
    canasta_max: int | None = None  # classic-fr: a complete canasta takes no more cards
    canasta_bonus: CanastaBonus = CanastaBonus()
    canasta_tiers: tuple[tuple[int, int], ...] = ()  # (canastas reached, bonus), ascending
    canasta_tier_mode: CanastaTiers = CanastaTiers.HIGHEST
    sequences: bool = False  # espanola sequences, a house rule
    sequence_bonus: tuple[int, int] = (1500, 4000)  # 7 in a suit, the whole suit 4 to A
    red_three_scale: RedThreeScale = RedThreeScale.DOUBLE_FROM_FOUR
    red_threes_against: RedThreesAgainst = RedThreesAgainst.NO_MELD
    going_out_need: GoingOutNeed = GoingOutNeed.CANASTAS
    going_out_bonus: int = 100
    concealed_going_out_bonus: int = 200  # in all, not on top of going_out_bonus
    melds_negative_without_canasta: bool = False  # 2.7
    exact_cut_bonus: int | None = None  # 2.8, espanola
    opening_below_zero: int = 15
    opening_steps: tuple[tuple[int, int | str], ...] = ((0, 50), (1500, 90), (3000, 120))
    opening_single_meld: bool = False  # ducale: one meld must reach the minimum alone
    on_tie: OnTie = OnTie.ANOTHER_HAND
    deck: str = "standard"  # "origen": the Canasta-Origen 108-card deck

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(table.players for table in self.tables)

    def table(self, players: int) -> Table:
        for table in self.tables:
            if table.players == players:
                return table
        raise RuleViolation(
            gettext_noop("%(variant)s is played by %(allowed)s players, not %(players)s"),
            field="players",
            variant=self.id,
            players=players,
            allowed=", ".join(str(p) for p in self.player_counts),
        )


def _tables(
    spec: dict[int, tuple[tuple[tuple[int, ...], ...], int]],
    *,
    packs: int = 2,
    six_packs: int = 3,
    target: int = 5000,
    going_out_canastas: dict[int, int] | None = None,
) -> tuple[Table, ...]:
    """Build a preset's tables from ``{players: (layouts, cards dealt)}``."""
    needs = going_out_canastas or {}
    return tuple(
        Table(
            players=players,
            layouts=layouts,
            cards_dealt=dealt,
            packs=six_packs if players == 6 else packs,
            target=target,
            going_out_canastas=needs.get(players, 1),
        )
        for players, (layouts, dealt) in spec.items()
    )


SOLO2, SOLO3, PAIRS, FIVE = ((1, 1),), ((1, 1, 1),), ((2, 2),), ((2, 3),)

CLASSIC = Variant(
    id="classic",
    name="Classic Canasta",
    source="Official Canasta Laws / Hoyle",
    description=gettext_noop(
        "The international rules: the reference the other presets differ from."
    ),
    tables=_tables(
        {
            2: (SOLO2, 15),
            3: (SOLO3, 13),
            4: (PAIRS, 11),
            5: (FIVE, 11),
            6: (((2, 2, 2), (3, 3)), 11),
        },
        going_out_canastas={2: 2},
    ),
)

CLASSIC_FR = replace(
    CLASSIC,
    id="classic-fr",
    name="Canasta (règles françaises)",
    source="seed 000: French Wikipedia “Canasta”",
    description=gettext_noop(
        "French rules: a canasta is exactly 7 cards, a black three left in hand costs 100, melds "
        "count against a side without a canasta, and from 5000 the opening needs a complete canasta."
    ),
    tables=_tables(
        {2: (SOLO2, 15), 3: (SOLO3, 13), 4: (PAIRS, 11), 6: (((2, 2, 2), (3, 3)), 13)},
        going_out_canastas={6: 2},
    ),
    values=CardValues(black_three_in_hand=100),
    canasta_max=7,
    melds_negative_without_canasta=True,
    opening_steps=((0, 50), (1500, 90), (3000, 120), (5000, CANASTA)),
)

CLASSIC_ES = replace(
    CLASSIC,
    id="classic-es",
    name="Canasta (reglas generales)",
    source="seed 001: Spanish rules, general part",
    description=gettext_noop(
        "Spanish general rules: a black three left in hand costs 100 and red threes count against "
        "a side without a canasta."
    ),
    values=CardValues(black_three_in_hand=100),
    red_threes_against=RedThreesAgainst.NO_CANASTA,
)

ESPANOLA = Variant(
    id="espanola",
    name="Canasta, variante española",
    source="seed 001: Spanish rules, “variante española”",
    description=gettext_noop(
        "Four packs, to 15000: wild and concealed canastas, a canasta of black threes wins the "
        "game, going out needs a natural and a mixed canasta."
    ),
    tables=_tables(
        {2: (SOLO2, 15), 3: (SOLO3, 15), 4: (PAIRS, 15), 6: (((3, 3),), 15)},
        packs=4,
        six_packs=8,
        target=15000,
    ),
    values=CardValues(black_three_in_hand=100),
    wild_limit=WildLimit.NATURALS,
    repeat_ranks=True,
    black_three_meld=BlackThreeMeld.CANASTA,
    wild_melds=True,
    canasta_bonus=CanastaBonus(concealed=1000, wild_pure=3000, wild_mixed=2000, black_threes=0),
    canasta_tiers=((5, 500), (7, 2000)),
    red_threes_against=RedThreesAgainst.NO_CANASTA,
    going_out_need=GoingOutNeed.NATURAL_AND_MIXED,
    going_out_bonus=200,
    concealed_going_out_bonus=200,
    melds_negative_without_canasta=True,
    exact_cut_bonus=100,
    opening_steps=((0, 50), (1500, 90), (3000, 120), (5000, 150), (7500, 180)),
)

DUCALE = replace(
    CLASSIC,
    id="ducale",
    name="Canasta Ducale",
    source="seed 002: Ducale leaflet",
    description=gettext_noop(
        "The Ducale leaflet: four red threes are worth 900, the opening must be one single meld, "
        "7500 to win with six players."
    ),
    tables=(
        *_tables({2: (SOLO2, 15), 3: (SOLO3, 15), 4: (PAIRS, 11), 5: (FIVE, 11)}),
        Table(players=6, layouts=((2, 2, 2),), cards_dealt=13, packs=3, target=7500),
    ),
    red_three_scale=RedThreeScale.PLUS_500_FROM_FOUR,
    opening_single_meld=True,
)

ITALIANA = replace(
    CLASSIC,
    id="italiana",
    name="Canasta all'italiana",
    source="seed 003: Italian rules",
    description=gettext_noop(
        "Italian rules, to 12000: black threes are never melded, all the red threes are worth 500, "
        "higher opening minimums."
    ),
    tables=_tables(
        {2: (SOLO2, 15), 3: (SOLO3, 15), 4: (PAIRS, 15), 6: (((2, 2, 2), (3, 3)), 15)},
        target=12000,
    ),
    black_three_meld=BlackThreeMeld.NEVER,
    red_three_scale=RedThreeScale.ALL_FOR_500,
    concealed_going_out_bonus=100,  # no extra bonus for going out concealed (2.6)
    opening_steps=((0, 50), (2000, 90), (5000, 120), (7000, 160), (10000, 180)),
)

ORIGEN = replace(
    CLASSIC,
    id="origen",
    name="Canasta-Origen",
    source="seed 004: Canasta-Origen rulebook",
    description=gettext_noop(
        "The Canasta-Origen card game: its own 108-card deck (DIVA and GENTLEMAN jokers, DETENER, "
        "SOL), no more wilds than naturals, all four SOL are worth 800."
    ),
    tables=(
        Table(players=2, layouts=SOLO2, cards_dealt=15, packs=2, target=5000),
        Table(players=4, layouts=PAIRS, cards_dealt=13, packs=2, target=5000),
        Table(players=6, layouts=((3, 3),), cards_dealt=11, packs=2, target=5000),
    ),
    wild_limit=WildLimit.NATURALS,
    red_three_scale=RedThreeScale.ALL_FOR_800,
    concealed_going_out_bonus=100,  # no extra bonus for going out concealed (2.6)
    opening_below_zero=0,
    deck="origen",
)

PRESETS: dict[str, Variant] = {
    v.id: v for v in (CLASSIC, CLASSIC_FR, CLASSIC_ES, ESPANOLA, DUCALE, ITALIANA, ORIGEN)
}


def get_variant(variant_id: object) -> Variant:
    """The preset of that id, or a :class:`RuleViolation` naming the unknown id."""
    try:
        return PRESETS[variant_id]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RuleViolation(
            gettext_noop("unknown variant %(variant)r (known: %(known)s)"),
            field="variant",
            variant=variant_id,
            known=", ".join(PRESETS),
        ) from None
