"""What a side melded: meld rules, canasta kinds and melded card values (VARIANTS.md 2.3, 2.4).

Each side's entry (detailed ``melds`` or summary ``melded``) is read into :class:`MeldedFacts`, the
facts the scorer needs, checking every meld rule of section 4 on the way. Every count of a summary
entry is checked against the deck before anything is built from it. Seeds: 000 (complete canasta
of exactly 7), 001 (espanola: melds of 3 to 7, wild melds "de 5 en 5", concealed and black-three
canastas, sequences), 002 (ducale: no cap on wild cards), 004 (origen: DETENER, no more jokers
than naturals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, NoReturn

from scorekeeper.rules.cards import (
    BLACK_THREE,
    CARD_CLASSES,
    RANK_CLASS,
    WILD,
    CardClass,
    class_limits,
    ranks_between,
)
from scorekeeper.rules.errors import Message, Phrase, RuleViolation, gettext_noop
from scorekeeper.rules.records import CardCounts, Meld, Sequence, SideHand
from scorekeeper.rules.same_rank import SAME_RANK
from scorekeeper.rules.sequences import NOT_PLAYED, ROYAL, STRAIGHT, SequenceRefused
from scorekeeper.rules.variants import (
    GOING_OUT_THREES,
    BlackThreeMeld,
    CanastaBonus,
    CardValues,
    Variant,
    WildLimit,
)


class CanastaKind(StrEnum):
    """Canasta kinds, named as in the summary entry's ``canastas`` object (hand-format.md)."""

    NATURAL = "natural"
    MIXED = "mixed"
    CONCEALED_NATURAL = "concealed_natural"
    CONCEALED_MIXED = "concealed_mixed"
    WILD_PURE = "wild_pure"
    WILD_MIXED = "wild_mixed"
    BLACK_THREES = "black_threes"
    ACES = "aces"  # modern-american: seven natural aces
    SEVENS = "sevens"  # modern-american
    WILD_JOKERS = "wild_jokers"  # modern-american: the four jokers with three twos


# The one map from a canasta kind to the CanastaBonus field that values it (2.4); a preset whose
# bonus is None there has no such canasta.
BONUS_FIELD: dict[CanastaKind, str] = {
    CanastaKind.NATURAL: "natural",
    CanastaKind.MIXED: "mixed",
    CanastaKind.CONCEALED_NATURAL: "concealed",
    CanastaKind.CONCEALED_MIXED: "concealed",
    CanastaKind.WILD_PURE: "wild_pure",
    CanastaKind.WILD_MIXED: "wild_mixed",
    CanastaKind.BLACK_THREES: "black_threes",
    CanastaKind.ACES: "aces",
    CanastaKind.SEVENS: "sevens",
    CanastaKind.WILD_JOKERS: "wild_jokers",
}

# Hand and Foot's books by kind (2.6): clean, dirty, wild.
CLEAN_BOOKS = frozenset({CanastaKind.NATURAL})
DIRTY_BOOKS = frozenset({CanastaKind.MIXED})
WILD_KINDS = frozenset({CanastaKind.WILD_PURE, CanastaKind.WILD_MIXED, CanastaKind.WILD_JOKERS})

# For espanola's going-out need (2.6): which kinds count as natural, which as mixed.
COUNTS_AS_NATURAL = frozenset(
    {
        CanastaKind.NATURAL,
        CanastaKind.CONCEALED_NATURAL,
        CanastaKind.WILD_PURE,
        CanastaKind.BLACK_THREES,
    }
)
COUNTS_AS_MIXED = frozenset(
    {CanastaKind.MIXED, CanastaKind.CONCEALED_MIXED, CanastaKind.WILD_MIXED}
)

CANASTA_MIN_POINTS = 35  # 7 cards of 5 points or more: the least a canasta can be worth
DECK_LIMIT = gettext_noop("%(n)s %(cards)s: %(limit)s (%(max)s)")


_KINDS = tuple(CanastaKind)


def canasta_bonus(bonus: CanastaBonus, kind: CanastaKind) -> int | None:
    """The bonus of one canasta of that kind, or None where the preset has no such canasta."""
    value: int | None = getattr(bonus, BONUS_FIELD[kind])
    return value


@dataclass(slots=True)
class MeldedFacts:
    """One side's melds as the scorer needs them (built once per side, then read)."""

    points: int = 0  # card values of the melded cards, before 2.7's sign
    canastas: dict[CanastaKind, int] = field(default_factory=dict)  # how many of each kind
    canasta_count: int = 0
    straights: int = 0  # espanola sequences of 7
    royals: int = 0  # espanola sequences of the whole suit
    has_meld: bool = False
    classes: tuple[int, ...] | None = (
        None  # melded cards by class (CARD_CLASSES); None: points only
    )
    ranks: dict[str, int] = field(default_factory=dict)  # naturals by rank (detailed entry)
    # Modern American's unfinished special melds (2.8): "aces", "sevens", "wild", "wild_jokers".
    unfinished: dict[str, int] | None = None  # None where there is none (the usual side)
    # Cards a summary entry in points names (an aces canasta's 7 aces...), in CARD_CLASSES order,
    # for the deck limits (section 4); sevens are a rank, not a class: counted apart.
    named: tuple[int, ...] | None = None
    sevens: int = 0
    wild_named: int = 0  # wild cards the kinds name beyond those named as jokers or twos


def blank_facts(has_meld: bool) -> MeldedFacts:
    """``MeldedFacts(has_meld=has_meld)``, its slots set one by one: the dataclass's __init__,
    with its default factories, costs more, once per side (tests/unit/rules/test_speed_paths.py
    holds the two equal)."""
    out = _new(MeldedFacts)
    out.points = 0
    out.canastas = {}
    out.canasta_count = 0
    out.straights = 0
    out.royals = 0
    out.has_meld = has_meld
    out.classes = None
    out.ranks = {}
    out.unfinished = None
    out.named = None
    out.sevens = 0
    out.wild_named = 0
    return out


_new = object.__new__


def count_value(values: CardValues, counts: CardCounts, black_three: int) -> int:
    """Card value of class counts; a black three is worth ``black_three`` (melded or in hand)."""
    return (
        counts.jokers * values.joker
        + counts.twos * values.two
        + counts.aces * values.ace
        + counts.high * values.high
        + counts.low * values.low
        + counts.black_threes * black_three
    )


_PER_PACK = tuple(class_limits(1)[cls] for cls in CARD_CLASSES)  # 2 jokers, 4 twos, ...


def _class_points(values: CardValues) -> tuple[int, ...]:
    """The melded value of one card of each class, in CARD_CLASSES order."""
    return (
        values.joker,
        values.two,
        values.ace,
        values.high,
        values.low,
        values.black_three_melded,
    )


def max_melded_points(values: CardValues, packs: int) -> int:
    """The card points every meldable card of the packs is worth (590 a pack, section 4)."""
    jokers, twos, aces, high, low, black_threes = _PER_PACK
    return packs * (
        jokers * values.joker
        + twos * values.two
        + aces * values.ace
        + high * values.high
        + low * values.low
        + black_threes * values.black_three_melded
    )


@lru_cache(maxsize=64)
def max_canastas(packs: int, canasta_size: int) -> int:
    """The most canastas (and sequences) the meldable cards of the packs can make."""
    return sum(class_limits(packs).values()) // canasta_size


def over_the_deck(
    variant: Variant, packs: int, n: int, cards: str, most: int, **where: Any
) -> NoReturn:
    """Refuse ``n`` of something (``cards``, words to translate) where the deck holds ``most``."""
    names = Phrase(cards)
    raise RuleViolation(
        DECK_LIMIT,
        setting="packs",
        n=n,
        cards=names,
        limit=Phrase(variant.deck.over_limit, {"cards": names, "packs": packs}),
        max=most,
        **where,
    )


class MeldRefusal(Exception):
    """A meld rule broken, before the meld's place is known: its reader makes it a RuleViolation
    naming the side and the meld (so a meld that breaks nothing costs no location)."""

    def __init__(self, template: Message, setting: str = "", field: str = "", **params: Any):
        super().__init__(template)
        self.template, self.setting, self.field, self.params = template, setting, field, params

    def at(
        self, variant: Variant, side: SideHand, number: int, index: int, rank: str
    ) -> RuleViolation:
        return RuleViolation(
            self.template,
            side=number,
            side_name=side.name,
            meld=index,
            rank=rank,
            rank_label=_rank_label(variant, rank),
            field=self.field,
            setting=self.setting,
            **self.params,
        )


def _rank_label(variant: Variant, rank: str) -> Phrase | None:
    """How a page names a meld's rank where it is not the rank itself."""
    if rank == BLACK_THREE:
        return Phrase(variant.deck.names.black_threes)
    if rank == WILD:
        return Phrase(gettext_noop("wild cards"))
    return None


# Detailed entry ----------------------------------------------------------------------------

# Enum members read once: the per-meld loop is the engine's hot path.
_NATURAL, _MIXED = CanastaKind.NATURAL, CanastaKind.MIXED
_CONCEALED_NATURAL, _CONCEALED_MIXED = CanastaKind.CONCEALED_NATURAL, CanastaKind.CONCEALED_MIXED
_WILD_PURE, _WILD_MIXED, _BLACK_THREES = (
    CanastaKind.WILD_PURE,
    CanastaKind.WILD_MIXED,
    CanastaKind.BLACK_THREES,
)
_THREE, _NATURALS, _TWO, _BELOW = (
    WildLimit.THREE,
    WildLimit.NATURALS,
    WildLimit.TWO,
    WildLimit.BELOW_NATURALS,
)
_CLASS_INDEX = {rank: CARD_CLASSES.index(cls) for rank, cls in RANK_CLASS.items()}
_JOKERS, _TWOS, _BLACK = (
    CARD_CLASSES.index(c) for c in (CardClass.JOKERS, CardClass.TWOS, CardClass.BLACK_THREES)
)
_SPECIAL_RANKS = {"A": CanastaKind.ACES, "7": CanastaKind.SEVENS}  # modern-american (2.4)
_UNFINISHED_OF = {"A": "aces", "7": "sevens"}
ALL_JOKERS, JOKERS_TWOS = 4, 3  # modern-american: the jokers' wild canasta (2.4)


MOST_READINGS = 4096  # melds kept read per ruleset (a stream of distinct melds cannot grow it)


def read_detailed(
    variant: Variant,
    side: SideHand,
    number: int,
    readings: dict[tuple[Any, ...], Any] | None = None,
) -> MeldedFacts:
    """The side's melds checked (2.3) and counted. ``readings``: melds already read under this
    variant (Ruleset.readings), by identity: a meld is checked and valued once per ruleset."""
    if side.melds is None:
        raise TypeError("a detailed entry has melds")
    readings = {} if readings is None else readings
    melds = side.melds
    out = blank_facts(bool(melds))
    ranks = out.ranks
    canastas = out.canastas
    by_class = [0, 0, 0, 0, 0, 0]  # CARD_CLASSES order
    points = 0
    went_out = side.went_out
    unfinished = variant.unfinished is not None
    index, rank = 0, ""
    runs = False
    made = 0  # canastas among the melds (a sequence counts its own: _read_sequence)
    try:
        for index, meld in enumerate(melds, 1):  # noqa: B007 (the except clause reads it)
            rank = meld.rank
            if isinstance(meld, Sequence):
                points += _read_sequence(variant, meld, out, by_class)
                runs = True
                continue
            # The reading holds the meld, so its id names no other meld while it is kept.
            key = (id(meld), went_out)
            reading = readings.get(key)
            if reading is None:
                reading = _read_meld(variant, meld, went_out, _class_points(variant.values))
                if len(readings) >= MOST_READINGS:
                    readings.clear()
                readings[key] = reading
            _, kind, value, cls, naturals, twos, jokers, named = reading
            points += value
            by_class[cls] += naturals
            by_class[_TWOS] += twos
            by_class[_JOKERS] += jokers
            if named:
                ranks[named] = ranks.get(named, 0) + naturals
            if kind is not None:
                canastas[kind] = canastas.get(kind, 0) + 1
                made += 1
            elif unfinished:
                _note_unfinished(meld, out)
    except MeldRefusal as refusal:
        raise refusal.at(variant, side, number, index, rank) from None
    # Each meld names at most one rank: as many ranks as melds, no sequence, is every meld of a
    # rank of its own, which no strategy of same_rank.py refuses (the usual side).
    if runs or len(ranks) != len(melds):
        check_same_rank(variant, side, number)
    out.canasta_count += made
    if variant.sequences.canastas:
        out.canasta_count += out.straights
    out.points = points
    out.classes = tuple(by_class)
    return out


def _read_meld(
    variant: Variant, meld: Meld, went_out: bool, class_points: tuple[int, ...]
) -> tuple[Meld, CanastaKind | None, int, int, int, int, int, str]:
    """One meld checked (2.3, a MeldRefusal) and valued: (the meld, its canasta kind, its card
    points, the class of its naturals, naturals, twos, jokers, the rank its naturals count for
    or "")."""
    kind = check_meld(variant, meld, went_out)
    values = variant.values
    naturals = meld.naturals
    cls = _BLACK if meld.rank == BLACK_THREE else _CLASS_INDEX.get(meld.rank, 0)
    value = naturals * class_points[cls] + meld.twos * values.two + meld.jokers * values.joker
    named = meld.rank if naturals and meld.rank in _CLASS_INDEX else ""
    return (meld, kind, value, cls, naturals, meld.twos, meld.jokers, named)


def _own_rule(variant: Variant, name: str) -> str:
    """``name`` where the preset names that house rule among its own (a family's), else ""."""
    return name if variant.house_rules is not None and name in variant.house_rules else ""


def check_same_rank(variant: Variant, side: SideHand, number: int) -> None:
    """How many melds of one rank a side may hold (2.3): the preset's strategy (same_rank.py)
    names the meld it refuses, checked once the melds are read."""
    repeat = SAME_RANK[variant.same_rank].repeat(variant, side.melds or ())
    if repeat is not None:
        raise MeldRefusal(repeat.template, repeat.setting, **repeat.params).at(
            variant, side, number, repeat.index, repeat.rank
        )


def _note_unfinished(meld: Meld, out: MeldedFacts) -> None:
    """Modern American's unfinished special melds (2.8): natural aces, sevens, wild cards."""
    if meld.rank == WILD:
        key = "wild_jokers" if meld.jokers == ALL_JOKERS else "wild"
    elif meld.rank in _UNFINISHED_OF and not meld.wilds:
        key = _UNFINISHED_OF[meld.rank]
    else:
        return  # aces with wild cards are an ordinary meld (CLA)
    if out.unfinished is None:
        out.unfinished = {}
    out.unfinished[key] = out.unfinished.get(key, 0) + 1


def check_meld(variant: Variant, meld: Meld, went_out: bool) -> CanastaKind | None:
    """Check one meld against 2.3; its canasta kind, or None when it is not a canasta."""
    rank = meld.rank
    naturals = meld.naturals
    wilds = meld.twos + meld.jokers
    size = naturals + wilds
    if meld.concealed and (variant.canasta_bonus.concealed is None or rank in (WILD, BLACK_THREE)):
        raise MeldRefusal(
            gettext_noop(
                "“concealed” marks a natural-rank canasta laid down whole from the hand (espanola)"
            ),
            field="concealed",
        )
    most = variant.canasta_max
    if (
        most is not None
        and size > most
        and not (rank == WILD and variant.wild_meld_max is not None)  # its own bounds, below
        and not (variant.over_max_going_out and went_out and rank != BLACK_THREE)
    ):
        raise MeldRefusal(
            gettext_noop("a complete canasta takes no more cards (%(max)s at most)"),
            _own_rule(variant, "book_max"),
            max=most,
        )
    if rank == WILD:
        return _check_wild_meld(variant, meld, size)
    if rank == BLACK_THREE:
        refusal = black_three_refusal(variant, naturals, wilds, 1, went_out, meld=True)
        if refusal is not None:
            template, setting, params = refusal
            raise MeldRefusal(template, setting, **params)
        return _BLACK_THREES if variant.black_three_meld is BlackThreeMeld.CANASTA else None
    return _check_natural_meld(variant, meld, naturals, wilds, size)


def _check_natural_meld(
    variant: Variant, meld: Meld, naturals: int, wilds: int, size: int
) -> CanastaKind | None:
    """A meld of a natural rank (4 to ace), with its wild cards."""
    if size < variant.min_meld:
        raise MeldRefusal(gettext_noop("a meld needs at least %(min)s cards"), min=variant.min_meld)
    if wilds and meld.rank in variant.wild_free_ranks:
        raise MeldRefusal(
            gettext_noop("a meld of rank %(meld_rank)s takes no wild cards"), meld_rank=meld.rank
        )
    # The wild limit before the natural count: where wilds may not outnumber naturals (origen,
    # espanola), one natural and two wilds breaks that rule, not classic's two-natural minimum.
    if wilds:  # every limit is on the wild cards: a natural meld meets them all
        _check_wild_limit(variant.wild_limit, naturals, wilds)
    if naturals < variant.min_naturals:
        raise MeldRefusal(
            gettext_noop("a meld needs at least %(min)s natural cards"), min=variant.min_naturals
        )
    if size < variant.canasta_size:
        if meld.concealed:
            raise MeldRefusal(
                gettext_noop("a concealed canasta needs %(size)s cards or more"),
                size=variant.canasta_size,
            )
        return None
    if meld.concealed:
        return _CONCEALED_MIXED if wilds else _CONCEALED_NATURAL
    if not wilds and meld.rank in _SPECIAL_RANKS:
        special = _SPECIAL_RANKS[meld.rank]
        if canasta_bonus(variant.canasta_bonus, special) is not None:
            return special
    return _MIXED if wilds else _NATURAL


def _check_wild_limit(limit: WildLimit, naturals: int, wilds: int) -> None:
    if limit is _THREE and wilds > 3:
        raise MeldRefusal(gettext_noop("at most 3 wild cards in a meld"), "wild_limit")
    if limit is _NATURALS and wilds > naturals:
        raise MeldRefusal(gettext_noop("more wild cards than natural cards"), "wild_limit")
    if limit is _TWO and wilds > 2:
        raise MeldRefusal(gettext_noop("at most 2 wild cards in a meld"), "wild_limit")
    if limit is _BELOW:
        if wilds > 3:
            raise MeldRefusal(gettext_noop("at most 3 wild cards in a meld"), "wild_limit")
        if wilds and wilds >= naturals:
            raise MeldRefusal(
                gettext_noop("wild cards must be fewer than natural cards"), "wild_limit"
            )


def _check_wild_meld(variant: Variant, meld: Meld, size: int) -> CanastaKind | None:
    if not variant.wild_melds:
        raise MeldRefusal(
            gettext_noop("%(variant)s allows no meld of wild cards only"),
            _own_rule(variant, "wild_books") or "wild_melds",
            variant=variant.id,
        )
    if meld.naturals:
        raise MeldRefusal(gettext_noop("a meld of wild cards holds no natural cards"))
    most = variant.wild_meld_max
    if size < variant.wild_meld_min or (most is not None and size > most):
        if most is None:
            raise MeldRefusal(
                gettext_noop("a meld of wild cards needs at least %(min)s cards"),
                min=variant.wild_meld_min,
            )
        raise MeldRefusal(
            gettext_noop("a meld of wild cards holds %(min)s to %(max)s cards"),
            min=variant.wild_meld_min,
            max=most,
        )
    if size < variant.canasta_size:
        return None
    if (
        variant.canasta_bonus.wild_jokers is not None
        and meld.jokers == ALL_JOKERS
        and meld.twos == JOKERS_TWOS
    ):
        return CanastaKind.WILD_JOKERS
    return _WILD_MIXED if meld.twos and meld.jokers else _WILD_PURE


def black_three_refusal(
    variant: Variant, threes: int, wilds: int, canastas: int, went_out: bool, meld: bool = False
) -> tuple[Message, str, dict[str, Any]] | None:
    """The black-three meld rules of 2.3, for a detailed meld or a summary's counts.

    ``threes`` black threes melded with ``wilds`` wild cards, meant as ``canastas`` canastas of
    black threes (a detailed meld of black threes is one; ``meld``: a detailed meld, which is a
    meld of threes even when it gives none). Returns why they are refused (template, house rule,
    parameters), or None.
    """
    mode = variant.black_three_meld
    threes_given = threes > 0 or meld
    if not threes_given and not canastas and not wilds:
        return None  # no black three, and none meant: nothing to refuse
    names = Phrase(variant.deck.names.black_threes)
    if mode is BlackThreeMeld.LAID_OUT:
        if threes_given:
            return (
                gettext_noop(
                    "threes are laid out as bonus cards, never melded (black_threes_laid)"
                ),
                "",
                {},
            )
        return None
    if mode is BlackThreeMeld.NEVER:
        if threes_given:
            return (
                gettext_noop("%(black_threes)s are never melded in %(variant)s"),
                "black_three_meld",
                {"black_threes": names, "variant": variant.id},
            )
        return None
    if wilds:
        return (
            gettext_noop("a meld of %(black_threes)s takes no wild cards"),
            "",
            {"black_threes": names},
        )
    if mode is BlackThreeMeld.GOING_OUT:
        if threes_given and not (threes in GOING_OUT_THREES and went_out):
            return (
                gettext_noop("3 or 4 %(black_threes)s, only when going out"),
                "black_three_meld",
                {"black_threes": names},
            )
        return None
    size, most = variant.canasta_size, variant.canasta_max
    if (threes or canastas) and not (
        canastas and size * canastas <= threes and (most is None or threes <= most * canastas)
    ):
        template = (
            gettext_noop("%(black_threes)s are melded only as a canasta of exactly %(size)s")
            if most == size
            else gettext_noop("%(black_threes)s are melded only as a canasta of %(size)s or more")
        )
        return template, "black_three_meld", {"black_threes": names, "size": size}
    return None


def _read_sequence(variant: Variant, seq: Sequence, out: MeldedFacts, by_class: list[int]) -> int:
    """Check a sequence (espanola; samba and bolivia), count it, and return its card points."""
    runs = variant.sequences
    if not runs.played:
        raise MeldRefusal(NOT_PLAYED)
    ranks = ranks_between(seq.low, seq.high)
    try:
        kind = runs.kind(len(ranks))
    except SequenceRefused as refused:
        raise MeldRefusal(refused.template, **refused.params) from None
    if kind == STRAIGHT:
        out.straights += 1
    elif kind == ROYAL:
        out.royals += 1
    class_points = _class_points(variant.values)
    points = 0
    for rank in ranks:
        cls = _CLASS_INDEX[rank]
        points += class_points[cls]
        by_class[cls] += 1
        out.ranks[rank] = out.ranks.get(rank, 0) + 1
    return points
