"""The seven presets as data (VARIANTS.md section 2).

A variant is one frozen :class:`Variant`; where behaviour truly differs between presets it holds a
small enum that the scorer dispatches on once (wild limit, black-three melds, red-three scale...).
Per-table values (sides, packs, cards dealt, target, canastas to go out) live in :class:`Seating`;
the cards and their names in :class:`Deck`.

Sources: seeds 000 (classic-fr), 001 (classic-es, espanola), 002 (ducale), 003 (italiana),
004 (origen); classic is the Official Canasta Laws / Hoyle (its six-handed game included).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.rules.errors import Message, RuleViolation, gettext_noop, ngettext_lazy
from scorekeeper.rules.feet import NO_FEET, Feet, NoFeet
from scorekeeper.rules.sequences import NO_RUNS, Sequences, SuitRuns
from scorekeeper.rules.special_hands import SpecialHands
from scorekeeper.rules.threes import RedThreePenalty, RedThreesAgainst, RedThreeScale

CANASTA = "canasta"  # an opening minimum that is "a complete canasta", not points (2.9)
NO_EXTRA = None  # Variant.concealed_going_out_bonus: going out concealed scores the plain bonus


class WildLimit(StrEnum):
    """How many wild cards a meld may hold (2.3)."""

    THREE = "three"  # at most 3
    NATURALS = "naturals"  # no more wilds than naturals
    NONE = "none"  # no cap (only the 2-natural minimum)
    TWO = "two"  # at most 2 (modern-american, samba, bolivia)
    BELOW_NATURALS = "below_naturals"  # at most 3, and fewer than the naturals (hand-and-foot)

    @property
    def most(self) -> int | None:
        """The wild cards a meld may hold at most, whatever its natural cards (melds.py refuses
        one more), or None where only the natural cards bound them."""
        return _WILD_MOST.get(self)


_WILD_MOST = {WildLimit.THREE: 3, WildLimit.TWO: 2, WildLimit.BELOW_NATURALS: 3}


# How many black threes a player going out may meld (BlackThreeMeld.GOING_OUT): 3 or 4.
GOING_OUT_THREES = (3, 4)


class BlackThreeMeld(StrEnum):
    """When black threes may be melded (2.3)."""

    GOING_OUT = "going_out"  # 3 or 4, no wilds, only in the turn the side goes out
    CANASTA = "canasta"  # only as a canasta, no wilds, any turn; wins the game
    NEVER = "never"
    # Never melded: laid out as bonus cards beside the red threes, scored on their scale
    # (modern-american: the record's black_threes_laid).
    LAID_OUT = "laid_out"

    @property
    def melded(self) -> bool:
        """Whether black threes may ever be melded."""
        return self in (BlackThreeMeld.GOING_OUT, BlackThreeMeld.CANASTA)


class SameRank(StrEnum):
    """How many melds of one rank a side may hold (2.3)."""

    ONE = "one"  # one meld of a rank in all
    ANY = "any"  # several melds of a rank (espanola, samba, bolivia)
    ONE_OPEN = "one_open"  # one unfinished meld of a rank beside any completed books (h&f)


class OpeningBy(StrEnum):
    """What the opening minimum follows (2.9)."""

    SCORE = "score"
    HAND_NUMBER = "hand_number"


class GoingOutNeed(StrEnum):
    """What a side needs to go out (2.6)."""

    CANASTAS = "canastas"  # Seating.going_out_canastas canastas of any kind
    NATURAL_AND_MIXED = "natural_and_mixed"  # espanola: a natural and a mixed canasta
    WITH_SEQUENCE = "with_sequence"  # bolivia: the canastas, one of them a sequence (escalera)
    BOOKS = "books"  # hand-and-foot: clean, dirty and wild books counted by kind


class CanastaTiers(StrEnum):
    """How espanola's canasta-count tiers add up (2.4)."""

    HIGHEST = "highest"  # only the highest tier reached
    CUMULATIVE = "cumulative"  # every tier reached


class OnTie(StrEnum):
    """An exact tie for the highest total at the target (2.10)."""

    ANOTHER_HAND = "another_hand"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Seating:
    """One accepted way to seat a preset's table: a player count in sides (2.1, 2.6, 2.9, 2.10).

    A player count may have two layouts (six players: three sides of two, or two of three), each
    a seating of its own, since the target can differ between them (classic, 2.10).
    """

    players: int
    layout: tuple[int, ...]  # players per side, in seating order
    cards_dealt: int
    packs: int
    target: int | None  # None: the game is a number of hands (hand-and-foot)
    going_out_canastas: int = 1
    hands: int | None = None  # a game of this many hands (hand-and-foot), where no target is set
    # This seating's own opening table, where it differs from the preset's (2.9: classic with six
    # players needs 150 from 7500); None: the preset's.
    opening_steps: tuple[tuple[int, int | str], ...] | None = None

    @property
    def sides(self) -> int:
        return len(self.layout)

    @property
    def layout_label(self) -> str:
        """ "2 v 2", "1 v 1 v 1": the layout as the spec writes it."""
        return " v ".join(str(n) for n in self.layout)


@dataclass(frozen=True, slots=True)
class CardNames:
    """What players of a preset call each kind of card (section 1), in pages and messages."""

    jokers: str = gettext_noop("jokers")
    twos: str = gettext_noop("twos")
    aces: str = gettext_noop("aces")
    high: str = gettext_noop("high cards (8 to K)")
    low: str = gettext_noop("low cards (4 to 7)")
    black_threes: str = gettext_noop("black threes")
    red_threes: str = gettext_noop("red threes")
    sequence: str = gettext_noop("sequence of 7")  # a sequence that is a canasta (samba: samba)

    def of(self, kind: str) -> str:
        """The name of a card class (``CardClass`` value) or ``"red_threes"``."""
        name: str = getattr(self, kind)
        return name

    def own(self) -> dict[str, str]:
        """The names that differ from a standard pack's (origen: DIVA, GENTLEMAN...)."""
        standard = CardNames()
        return {
            kind: name
            for kind in self.__dataclass_fields__
            if (name := self.of(kind)) != standard.of(kind)
        }


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a preset is played with (section 1): their names, and how a limit names the deck.

    ``over_limit`` completes "5 jokers: ..." when a count is more than the deck holds; it takes
    ``cards`` (what there is too much of) and ``packs``.
    """

    id: str
    names: CardNames
    over_limit: Message
    fixed_packs: int | None = None  # a deck of its own, as this many packs at every table
    description: str = ""  # how pages name a deck of its own, in place of a number of packs


STANDARD_DECK = Deck(
    id="standard",
    names=CardNames(),
    over_limit=ngettext_lazy(
        "more %(cards)s than %(packs)s pack holds",
        "more %(cards)s than %(packs)s packs hold",
        "packs",
    ),
)

# Canasta-Origen's own 108-card deck (seed 004): DIVA jokers (50), GENTLEMAN jokers (20, the twos),
# DETENER stop cards (the black threes), SOL bonus cards (the red threes). Limits as 2 packs.
ORIGEN_DECK = Deck(
    id="origen",
    names=CardNames(jokers="DIVA", twos="GENTLEMAN", black_threes="DETENER", red_threes="SOL"),
    over_limit=gettext_noop("more %(cards)s than the 108-card Canasta-Origen deck holds"),
    fixed_packs=2,
    description=gettext_noop("its own 108-card deck"),
)


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
    aces: int | None = None  # modern-american: natural aces
    sevens: int | None = None  # modern-american
    wild_jokers: int | None = None  # modern-american: all four jokers with three twos


@dataclass(frozen=True, slots=True)
class Unfinished:
    """What an unfinished special meld costs (2.8, modern-american)."""

    aces: int = 2500
    sevens: int = 2500
    wild: int = 2000
    wild_jokers: int = 2000  # a wild meld holding all four jokers (pagat: 2500)


@dataclass(frozen=True, slots=True)
class Variant:
    """A preset: every value of VARIANTS.md for one rule set."""

    id: str
    name: str  # English, marked with gettext_noop: pages show it translated (i18n.preset_name)
    source: str  # the rulebook's own title, as pages show it
    description: str
    seatings: tuple[Seating, ...]
    deck: Deck = STANDARD_DECK
    values: CardValues = CardValues()
    min_meld: int = 3
    min_naturals: int = 2
    wild_limit: WildLimit = WildLimit.THREE
    same_rank: SameRank = SameRank.ONE  # how many melds of one rank a side may hold
    wild_free_ranks: frozenset[str] = frozenset()  # ranks melded without wild cards (sevens)
    black_three_meld: BlackThreeMeld = BlackThreeMeld.GOING_OUT
    wild_melds: bool = False  # all-wild melds
    wild_meld_min: int = 3  # the fewest cards of an all-wild meld (espanola: "de 5 en 5")
    wild_meld_max: int | None = None  # a wild canasta takes no more cards (bolivia, h&f: 7)
    canasta_size: int = 7
    canasta_max: int | None = None  # classic-fr, espanola: a meld holds 7 cards at most
    over_max_going_out: bool = False  # modern-american house rule: natural melds pass the max
    # going out (over_seven_going_out)
    canasta_bonus: CanastaBonus = CanastaBonus()
    canasta_tiers: tuple[tuple[int, int], ...] = ()  # (canastas reached, bonus), ascending
    canasta_tier_mode: CanastaTiers = CanastaTiers.HIGHEST
    sequences: Sequences = NO_RUNS  # runs of one suit (rules/sequences.py)
    red_three_scale: RedThreeScale = RedThreeScale.DOUBLE_FROM_FOUR
    red_threes_against: RedThreesAgainst = RedThreesAgainst.NO_MELD
    red_three_penalty: RedThreePenalty = RedThreePenalty.SAME
    red_three_in_hand: int | None = None  # a red three left in a hand or foot costs this
    going_out_need: GoingOutNeed = GoingOutNeed.CANASTAS
    going_out_bonus: int = 100
    # Going out concealed (2.6): the bonus in all, not on top of going_out_bonus; NO_EXTRA where
    # the rulebook gives no extra bonus (a concealed going out scores the plain bonus).
    concealed_going_out_bonus: int | None = 200
    melds_negative_without_canasta: bool = False  # 2.7
    exact_cut_bonus: int | None = None  # 2.8, espanola
    unfinished: Unfinished | None = None  # 2.8, modern-american: unfinished special melds
    caught_set_penalty: int | None = None  # 2.8, modern-american: three aces or sevens held
    special_hands: SpecialHands = SpecialHands()  # 2.4, 2.10, modern-american
    feet: Feet | NoFeet = NO_FEET  # one hand, or a hand and a foot each (rules/feet.py)
    going_out_books: tuple[int, int, int] = (0, 0, 0)  # clean, dirty, wild books to go out (h&f)
    # Summary entries: the fewest melded points of a canasta of each kind (section 4); 35 for
    # a kind not listed.
    canasta_min_points: tuple[tuple[str, int], ...] = ()
    splash: bool = False  # modern-american house rule: a canasta from the hand opens (play only)
    opening_below_zero: int = 15
    opening_steps: tuple[tuple[int, int | str], ...] = ((0, 50), (1500, 90), (3000, 120))
    opening_single_meld: bool = False  # ducale: one meld must reach the minimum alone
    opening_from_hand_only: bool = False  # classic-fr: not even the discard pile's top card counts
    opening_by: OpeningBy = OpeningBy.SCORE
    opening_by_hand: tuple[int, ...] = ()  # minimums of hands 1, 2...; later hands take the last
    on_tie: OnTie = OnTie.ANOTHER_HAND
    # The house rules a club may set, where the preset names them (the four families); None:
    # every rule whose own test applies. ``rule_values`` lists the values a preset accepts for a
    # rule, the default first, where it accepts fewer than the rule knows.
    house_rules: tuple[str, ...] | None = None
    rule_values: tuple[tuple[str, tuple[object, ...]], ...] = ()

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(seating.players for seating in self.seatings))

    def values_of(self, rule: str) -> tuple[object, ...] | None:
        """The values this preset accepts for a house rule, where it lists them."""
        for name, values in self.rule_values:
            if name == rule:
                return values
        return None

    def going_out_bonus_of(self, concealed: bool) -> int:
        """The bonus of a side that went out (2.6), concealed or not."""
        if concealed and self.concealed_going_out_bonus is not NO_EXTRA:
            return self.concealed_going_out_bonus
        return self.going_out_bonus

    def seatings_of(self, players: int) -> tuple[Seating, ...]:
        """The layouts this preset seats ``players`` in (the first is the usual one)."""
        return tuple(seating for seating in self.seatings if seating.players == players)

    def seating(self, players: int, sides: int | None = None) -> Seating:
        """The seating of ``players`` in ``sides`` sides (None: the usual layout), or a refusal."""
        found = self.seatings_of(players)
        if not found:
            raise RuleViolation(
                gettext_noop("%(variant)s is played by %(allowed)s players, not %(players)s"),
                field="players",
                variant=self.id,
                players=players,
                allowed=", ".join(str(p) for p in self.player_counts),
            )
        if sides is None:
            return found[0]
        for seating in found:
            if seating.sides == sides:
                return seating
        raise RuleViolation(
            gettext_noop(
                "%(players)s players of %(variant)s play as %(layouts)s, not %(sides)s sides"
            ),
            field="sides",
            players=players,
            variant=self.id,
            layouts=" or ".join(f"{seating.sides} sides" for seating in found),
            sides=sides,
        )


SOLO2, SOLO3, PAIRS, FIVE = (1, 1), (1, 1, 1), (2, 2), (2, 3)
THREE_PAIRS, TWO_TRIOS, FOUR_SOLO = (2, 2, 2), (3, 3), (1, 1, 1, 1)


def _seatings(
    spec: dict[int, tuple[tuple[tuple[int, ...], ...], int]],
    *,
    packs: int = 2,
    six_packs: int = 3,
    target: int = 5000,
    going_out_canastas: dict[int, int] | None = None,
) -> tuple[Seating, ...]:
    """A preset's seatings from ``{players: (layouts, cards dealt)}``."""
    needs = going_out_canastas or {}
    return tuple(
        Seating(
            players=players,
            layout=layout,
            cards_dealt=dealt,
            packs=six_packs if players == 6 else packs,
            target=target,
            going_out_canastas=needs.get(players, 1),
        )
        for players, (layouts, dealt) in spec.items()
        for layout in layouts
    )


CLASSIC_OPENING = ((0, 50), (1500, 90), (3000, 120))

# The Official Canasta Laws' six-handed game: three packs, 13 cards each, two canastas to go out,
# 7500 in three sides of two and 10000 in two sides of three, 150 to open from 7500.
_SIX_HANDED = {"cards_dealt": 13, "packs": 3, "going_out_canastas": 2}
_SIX_HANDED_OPENING = (*CLASSIC_OPENING, (7500, 150))

CLASSIC = Variant(
    id="classic",
    name=gettext_noop("Classic Canasta"),
    source="Official Canasta Laws / Hoyle",
    description=gettext_noop(
        "The international rules: the reference the other presets differ from."
    ),
    seatings=(
        *_seatings(
            {2: ((SOLO2,), 15), 3: ((SOLO3,), 13), 4: ((PAIRS,), 11), 5: ((FIVE,), 11)},
            going_out_canastas={2: 2},
        ),
        Seating(6, THREE_PAIRS, target=7500, opening_steps=_SIX_HANDED_OPENING, **_SIX_HANDED),
        Seating(6, TWO_TRIOS, target=10000, opening_steps=_SIX_HANDED_OPENING, **_SIX_HANDED),
    ),
    opening_steps=CLASSIC_OPENING,
)

CLASSIC_FR = replace(
    CLASSIC,
    id="classic-fr",
    name=gettext_noop("Canasta (règles françaises)"),
    source="Wikipédia (français) — Canasta",  # seed 000
    description=gettext_noop(
        "French rules: a canasta is exactly 7 cards, a black three left in hand costs 100, melds "
        "count against a side without a canasta, and from 5000 the opening needs a complete canasta."
    ),
    seatings=_seatings(
        {
            2: ((SOLO2,), 15),
            3: ((SOLO3,), 13),
            4: ((PAIRS,), 11),
            5: ((FIVE,), 11),
            6: ((THREE_PAIRS, TWO_TRIOS), 13),
        },
        going_out_canastas={6: 2},
    ),
    values=CardValues(black_three_in_hand=100),
    canasta_max=7,
    melds_negative_without_canasta=True,
    opening_steps=(*CLASSIC_OPENING, (5000, CANASTA)),
    opening_from_hand_only=True,
)

CLASSIC_ES = replace(
    CLASSIC,
    id="classic-es",
    name=gettext_noop("Canasta (reglas generales)"),
    source="Las reglas del juego de Canasta — Reglas",  # seed 001, general part
    description=gettext_noop(
        "Spanish general rules, to 7000: a black three left in hand costs 100, red threes count "
        "against a side without a canasta, 150 to open from 5000 and 180 from 7500."
    ),
    # The tables are classic's; the target is the seed's standard game (its quick game of 5000
    # is the house rule "target"), and its one opening table has no six-handed row.
    seatings=tuple(
        replace(seating, target=7000, opening_steps=None) for seating in CLASSIC.seatings
    ),
    values=CardValues(black_three_in_hand=100),
    red_threes_against=RedThreesAgainst.NO_CANASTA,
    opening_steps=(*CLASSIC_OPENING, (5000, 150), (7500, 180)),
)

ESPANOLA = Variant(
    id="espanola",
    name=gettext_noop("Canasta, variante española"),
    source="Las reglas del juego de Canasta — Variante española",  # seed 001
    description=gettext_noop(
        "Four packs, to 15000: melds of 3 to 7 cards, wild and concealed canastas, a canasta of "
        "black threes wins the game, going out needs a natural and a mixed canasta."
    ),
    seatings=_seatings(
        {
            2: ((SOLO2,), 15),
            3: ((SOLO3,), 15),
            4: ((PAIRS, FOUR_SOLO), 15),  # "se pueden formar dos equipos": teams are optional
            6: ((TWO_TRIOS,), 15),
        },
        packs=4,
        six_packs=8,
        target=15000,
    ),
    values=CardValues(black_three_in_hand=100),
    wild_limit=WildLimit.NATURALS,
    same_rank=SameRank.ANY,
    black_three_meld=BlackThreeMeld.CANASTA,
    wild_melds=True,
    wild_meld_min=5,
    canasta_max=7,  # "en grupos de 3 a 7 cartas": an eighth card starts a second meld
    canasta_bonus=CanastaBonus(concealed=1000, wild_pure=3000, wild_mixed=2000, black_threes=0),
    canasta_tiers=((5, 500), (7, 2000)),
    sequences=SuitRuns(straight=1500, royal=4000),  # a house rule, off by default
    red_threes_against=RedThreesAgainst.NO_CANASTA,
    going_out_need=GoingOutNeed.NATURAL_AND_MIXED,
    going_out_bonus=200,
    concealed_going_out_bonus=NO_EXTRA,  # "200 puntos por cerrar", concealed or not
    melds_negative_without_canasta=True,
    exact_cut_bonus=100,
    opening_steps=(*CLASSIC_OPENING, (5000, 150), (7500, 180)),
)

DUCALE = replace(
    CLASSIC,
    id="ducale",
    name=gettext_noop("Canasta Ducale"),
    source="Ducale, le jeu français — Les règles de jeu",  # seed 002
    description=gettext_noop(
        "The Ducale leaflet: no cap on wild cards in a meld, four red threes are worth 900, the "
        "opening must be one single meld, 7500 to win with six players."
    ),
    seatings=(
        *_seatings({2: ((SOLO2,), 15), 3: ((SOLO3,), 15), 4: ((PAIRS,), 11), 5: ((FIVE,), 11)}),
        Seating(6, THREE_PAIRS, cards_dealt=13, packs=3, target=7500),
    ),
    wild_limit=WildLimit.NONE,  # "au moins 3 cartes dont 2 dites naturelles"
    red_three_scale=RedThreeScale.PLUS_500_FROM_FOUR,
    opening_single_meld=True,
)

ITALIANA = replace(
    CLASSIC,
    id="italiana",
    name=gettext_noop("Canasta all'italiana"),
    source="Come si gioca a Canasta?",  # seed 003
    description=gettext_noop(
        "Italian rules, to 12000: black threes are never melded, all the red threes are worth 500, "
        "higher opening minimums."
    ),
    seatings=_seatings(
        {
            2: ((SOLO2,), 15),
            3: ((SOLO3,), 15),
            4: ((PAIRS,), 15),
            6: ((THREE_PAIRS, TWO_TRIOS), 15),
        },
        target=12000,
    ),
    black_three_meld=BlackThreeMeld.NEVER,
    red_three_scale=RedThreeScale.ALL_FOR_500,
    concealed_going_out_bonus=NO_EXTRA,  # no extra bonus for going out concealed (2.6)
    # "oltre 10000": 10000 itself still needs 160, the first score over it (10005) needs 180.
    opening_steps=((0, 50), (2000, 90), (5000, 120), (7000, 160), (10005, 180)),
)

ORIGEN = replace(
    CLASSIC,
    id="origen",
    name=gettext_noop("Canasta-Origen"),
    source="Canasta-Origen — La règle du jeu",  # seed 004
    description=gettext_noop(
        "The Canasta-Origen card game: its own 108-card deck (DIVA and GENTLEMAN jokers, DETENER, "
        "SOL), no more wilds than naturals, all four SOL are worth 800."
    ),
    seatings=(
        Seating(2, SOLO2, cards_dealt=15, packs=2, target=5000),
        Seating(4, PAIRS, cards_dealt=13, packs=2, target=5000),
        Seating(6, TWO_TRIOS, cards_dealt=11, packs=2, target=5000),
    ),
    deck=ORIGEN_DECK,
    wild_limit=WildLimit.NATURALS,
    red_three_scale=RedThreeScale.ALL_FOR_800,
    red_threes_against=RedThreesAgainst.NO_MELD_ANOTHER_OUT,
    concealed_going_out_bonus=NO_EXTRA,  # no extra bonus for going out concealed (2.6)
    opening_below_zero=0,
)

ORIGINAL_PRESETS = (CLASSIC, CLASSIC_FR, CLASSIC_ES, ESPANOLA, DUCALE, ITALIANA, ORIGEN)
