"""What a side melded: meld rules, canasta kinds and melded card values (VARIANTS.md 2.3, 2.4).

Each side's entry (detailed ``melds`` or summary ``melded``) is read into :class:`Melded`, the facts
the scorer needs, checking every meld rule of section 4 on the way. Seeds: 000 (complete canasta
of exactly 7), 001 (espanola wild, concealed and black-three canastas, sequences), 004 (DETENER).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.cards import BLACK_THREE, WILD, CardClass, rank_class, ranks_between
from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.records import CardCounts, Meld, Points, Sequence, SideHand
from scorekeeper.rules.variants import BlackThreeMeld, CardValues, Variant, WildLimit

# Canasta kinds, as named in the summary entry's "canastas" object.
NATURAL = "natural"
MIXED = "mixed"
CONCEALED_NATURAL = "concealed_natural"
CONCEALED_MIXED = "concealed_mixed"
WILD_PURE = "wild_pure"
WILD_MIXED = "wild_mixed"
BLACK_THREES = "black_threes"

# For espanola's going-out need (2.6): which kinds count as natural, which as mixed.
COUNTS_AS_NATURAL = frozenset({NATURAL, CONCEALED_NATURAL, WILD_PURE, BLACK_THREES})
COUNTS_AS_MIXED = frozenset({MIXED, CONCEALED_MIXED, WILD_MIXED})

STRAIGHT = "straight"
ROYAL = "royal"
ROYAL_LENGTH = 11  # the whole suit, 4 to A
STRAIGHT_LENGTH = 7


@dataclass(slots=True)
class Melded:
    """One side's melds as the scorer needs them (built once per side, then read)."""

    points: int = 0  # card values of the melded cards, before 2.7's sign
    canastas: list[str] = field(default_factory=list)  # one kind per canasta
    sequences: list[str] = field(default_factory=list)  # STRAIGHT or ROYAL per sequence
    has_meld: bool = False
    classes: tuple[int, ...] | None = None  # melded cards by class (CLASS_ORDER); None: points only
    ranks: dict[str, int] = field(default_factory=dict)  # naturals by rank (detailed entry)


def natural_value(values: CardValues, rank: str) -> int:
    cls = rank_class(rank)
    if cls is CardClass.LOW:
        return values.low
    if cls is CardClass.HIGH:
        return values.high
    return values.ace


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


def read_melded(variant: Variant, side: SideHand, number: int) -> Melded:
    """The side's melded facts from whichever entry level it used."""
    if side.melds is not None:
        return _read_detailed(variant, side, number)
    if side.melded is not None:
        return _read_summary(variant, side, number)
    return Melded()


_THREE = WildLimit.THREE
_NATURALS = WildLimit.NATURALS


def _read_detailed(variant: Variant, side: SideHand, number: int) -> Melded:
    assert side.melds is not None
    values = variant.values
    out = Melded(has_meld=bool(side.melds))
    ranks = out.ranks
    seen: set[str] | None = None if variant.repeat_ranks else set()
    points = jokers = twos = aces = high = low = black_threes = 0
    for index, meld in enumerate(side.melds, 1):
        if isinstance(meld, Sequence):
            _read_sequence(variant, meld, out, _where(side, number, index))
            continue
        rank = meld.rank
        if seen is not None:
            if rank in seen:
                raise RuleViolation(
                    gettext_noop("a second meld of rank %(meld_rank)s: add the cards to the first"),
                    meld_rank=rank,
                    **_where(side, number, index, rank),
                )
            seen.add(rank)
        kind = _check_meld(variant, meld, side.went_out, side, number, index)
        if kind is not None:
            out.canastas.append(kind)
        naturals = meld.naturals
        if rank == BLACK_THREE:
            points += naturals * values.black_three_melded
            black_threes += naturals
        elif naturals:
            cls = _RANK_CLASS_NAME[rank]
            if cls == "high":
                high += naturals
                points += naturals * values.high
            elif cls == "low":
                low += naturals
                points += naturals * values.low
            else:
                aces += naturals
                points += naturals * values.ace
            ranks[rank] = ranks.get(rank, 0) + naturals
        if meld.twos:
            points += meld.twos * values.two
            twos += meld.twos
        if meld.jokers:
            points += meld.jokers * values.joker
            jokers += meld.jokers
    out.points += points
    out.classes = _add_classes(out.classes, (jokers, twos, aces, high, low, black_threes))
    return out


CLASS_ORDER = ("jokers", "twos", "aces", "high", "low", "black_threes")  # Melded.classes order
_RANK_CLASS_NAME = {
    rank: rank_class(rank).value
    for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
}


def _add_classes(a: tuple[int, ...] | None, b: tuple[int, ...]) -> tuple[int, ...]:
    return b if a is None else tuple(x + y for x, y in zip(a, b, strict=True))


def _where(side: SideHand, number: int, meld: int, rank: str = "") -> dict[str, Any]:
    """The location of a message; built only when a rule is broken."""
    return {"side": number, "side_name": side.name, "meld": meld, "rank": rank}


def _check_meld(
    variant: Variant, meld: Meld, went_out: bool, side: SideHand, number: int, index: int
) -> str | None:
    """Check one meld against 2.3; return its canasta kind, or None when it is not a canasta."""
    size = meld.naturals + meld.twos + meld.jokers
    wilds = meld.twos + meld.jokers
    if (
        meld.rank in _RANK_CLASS_NAME
        and not meld.concealed
        and size >= variant.min_meld
        and meld.naturals >= variant.min_naturals
        and (variant.canasta_max is None or size <= variant.canasta_max)
        and (
            wilds <= 3
            if variant.wild_limit is _THREE
            else wilds <= meld.naturals
            if variant.wild_limit is _NATURALS
            else True
        )
    ):  # the common case: a valid natural-rank meld, not concealed
        if size < variant.canasta_size:
            return None
        return MIXED if wilds else NATURAL
    where = _where(side, number, index, meld.rank)
    if meld.concealed and (
        variant.canasta_bonus.concealed is None or meld.rank in (WILD, BLACK_THREE)
    ):
        raise RuleViolation(
            gettext_noop(
                "“concealed” marks a natural-rank canasta laid down whole from the hand (espanola)"
            ),
            field="concealed",
            **where,
        )
    if variant.canasta_max is not None and size > variant.canasta_max:
        raise RuleViolation(
            gettext_noop("a complete canasta takes no more cards (%(max)s at most)"),
            max=variant.canasta_max,
            **where,
        )
    if meld.rank == WILD:
        return _check_wild_meld(variant, meld, where)
    if meld.rank == BLACK_THREE:
        return _check_black_threes(variant, meld, went_out, where)
    if size < variant.min_meld:
        raise RuleViolation(
            gettext_noop("a meld needs at least %(min)s cards"), min=variant.min_meld, **where
        )
    if meld.naturals < variant.min_naturals:
        raise RuleViolation(
            gettext_noop("a meld needs at least %(min)s natural cards"),
            min=variant.min_naturals,
            **where,
        )
    if variant.wild_limit is WildLimit.THREE and wilds > 3:
        raise RuleViolation(gettext_noop("at most 3 wild cards in a meld"), **where)
    if variant.wild_limit is WildLimit.NATURALS and wilds > meld.naturals:
        raise RuleViolation(gettext_noop("more wild cards than natural cards"), **where)
    if size < variant.canasta_size:
        if meld.concealed:
            raise RuleViolation(
                gettext_noop("a concealed canasta needs %(size)s cards or more"),
                size=variant.canasta_size,
                **where,
            )
        return None
    if meld.concealed:
        return CONCEALED_MIXED if wilds else CONCEALED_NATURAL
    return MIXED if wilds else NATURAL


def _check_wild_meld(variant: Variant, meld: Meld, where: dict[str, Any]) -> str | None:
    if not variant.wild_melds:
        raise RuleViolation(
            gettext_noop("%(variant)s allows no meld of wild cards only"),
            variant=variant.id,
            **where,
        )
    if meld.naturals:
        raise RuleViolation(gettext_noop("a meld of wild cards holds no natural cards"), **where)
    if meld.size < variant.min_meld:
        raise RuleViolation(
            gettext_noop("a meld of wild cards needs at least %(min)s cards"),
            min=variant.min_meld,
            **where,
        )
    if meld.size < variant.canasta_size:
        return None
    return WILD_PURE if not (meld.twos and meld.jokers) else WILD_MIXED


def _check_black_threes(
    variant: Variant, meld: Meld, went_out: bool, where: dict[str, Any]
) -> str | None:
    mode = variant.black_three_meld
    if mode is BlackThreeMeld.NEVER:
        raise RuleViolation(
            gettext_noop("black threes are never melded in %(variant)s"),
            variant=variant.id,
            **where,
        )
    if meld.wilds:
        raise RuleViolation(gettext_noop("a meld of black threes takes no wild cards"), **where)
    if mode is BlackThreeMeld.GOING_OUT:
        if not (3 <= meld.naturals <= 4 and went_out):
            raise RuleViolation(gettext_noop("3 or 4 black threes, only when going out"), **where)
        return None
    if meld.naturals < variant.canasta_size:
        raise RuleViolation(
            gettext_noop("black threes are melded only as a canasta of %(size)s or more"),
            size=variant.canasta_size,
            **where,
        )
    return BLACK_THREES


def _read_sequence(variant: Variant, seq: Sequence, out: Melded, where: dict[str, Any]) -> None:
    where["rank"] = seq.rank
    if not variant.sequences:
        raise RuleViolation(
            gettext_noop("sequences are not played here (house rule “sequences”, espanola)"),
            **where,
        )
    ranks = ranks_between(seq.low, seq.high)
    if len(ranks) == ROYAL_LENGTH:
        out.sequences.append(ROYAL)
    elif len(ranks) == STRAIGHT_LENGTH:
        out.sequences.append(STRAIGHT)
    else:
        raise RuleViolation(
            gettext_noop("a sequence is 7 ranks in a row, or the whole suit from 4 to A"), **where
        )
    out.has_meld = True
    by_class = dict.fromkeys(CLASS_ORDER, 0)
    for rank in ranks:
        out.points += natural_value(variant.values, rank)
        by_class[_RANK_CLASS_NAME[rank]] += 1
        out.ranks[rank] = out.ranks.get(rank, 0) + 1
    out.classes = _add_classes(out.classes, tuple(by_class.values()))


_CANASTA_KIND_BONUS = {
    CONCEALED_NATURAL: "concealed",
    CONCEALED_MIXED: "concealed",
    WILD_PURE: "wild_pure",
    WILD_MIXED: "wild_mixed",
    BLACK_THREES: "black_threes",
}


def _read_summary(variant: Variant, side: SideHand, number: int) -> Melded:
    melded = side.melded
    where: dict[str, Any] = {"side": number, "side_name": side.name, "field": "canastas"}
    counts = side.canastas
    canastas = counts.total
    plain = counts.natural + counts.mixed
    if canastas != plain:  # kinds only some presets have
        for kind, bonus_field in _CANASTA_KIND_BONUS.items():
            if getattr(counts, kind) and getattr(variant.canasta_bonus, bonus_field) is None:
                raise RuleViolation(
                    gettext_noop("%(variant)s has no %(kind)s canastas"),
                    variant=variant.id,
                    kind=kind.replace("_", " "),
                    **where,
                )
    sequences = side.sequences
    n_sequences = sequences.straight + sequences.royal
    if n_sequences and not variant.sequences:
        raise RuleViolation(
            gettext_noop("sequences are not played here (house rule “sequences”, espanola)"),
            **where,
        )
    if canastas == plain:
        kinds = [NATURAL] * counts.natural + [MIXED] * counts.mixed
    else:
        kinds = [kind for kind in _KINDS for _ in range(getattr(counts, kind))]
    out = Melded(
        canastas=kinds,
        sequences=[STRAIGHT] * sequences.straight + [ROYAL] * sequences.royal
        if n_sequences
        else [],
    )
    if isinstance(melded, Points):
        out.points = melded.points
        out.has_meld = melded.points > 0 or canastas > 0
    else:
        assert isinstance(melded, CardCounts)
        out.points = count_value(variant.values, melded, variant.values.black_three_melded)
        out.has_meld = melded.cards > 0 or canastas > 0
        out.classes = (
            melded.jokers,
            melded.twos,
            melded.aces,
            melded.high,
            melded.low,
            melded.black_threes,
        )
        _check_summary_counts(variant, side, melded, where)
    if out.points < 35 * (canastas + n_sequences):
        raise RuleViolation(
            gettext_noop(
                "%(canastas)s canasta(s) need at least %(min)s melded points (7 cards of 5 or more each)"
            ),
            canastas=canastas + n_sequences,
            min=35 * (canastas + n_sequences),
            **where,
        )
    return out


_KINDS = (NATURAL, MIXED, CONCEALED_NATURAL, CONCEALED_MIXED, WILD_PURE, WILD_MIXED, BLACK_THREES)


def _check_summary_counts(
    variant: Variant, side: SideHand, melded: CardCounts, where: dict[str, Any]
) -> None:
    """Count-level checks: black threes as in a black-three meld, canastas within the cards."""
    counts = side.canastas
    where = {**where, "field": "melded"}
    threes = melded.black_threes
    mode = variant.black_three_meld
    if threes:
        if mode is BlackThreeMeld.NEVER:
            raise RuleViolation(
                gettext_noop("black threes are never melded in %(variant)s"),
                variant=variant.id,
                **where,
            )
        if mode is BlackThreeMeld.GOING_OUT and not (3 <= threes <= 4 and side.went_out):
            raise RuleViolation(gettext_noop("3 or 4 black threes, only when going out"), **where)
    if (
        mode is BlackThreeMeld.CANASTA
        and (threes or counts.black_threes)
        and threes < variant.canasta_size * max(counts.black_threes, 1)
    ):
        raise RuleViolation(
            gettext_noop("black threes are melded only as a canasta of %(size)s or more"),
            size=variant.canasta_size,
            **where,
        )
    if melded.cards < variant.canasta_size * counts.total:
        raise RuleViolation(
            gettext_noop("%(canastas)s canasta(s) need at least %(min)s melded cards"),
            canastas=counts.total,
            min=variant.canasta_size * counts.total,
            **where,
        )
    wild_canastas = counts.wild_pure + counts.wild_mixed
    if melded.jokers + melded.twos < variant.canasta_size * wild_canastas:
        raise RuleViolation(
            gettext_noop("%(canastas)s wild canasta(s) need at least %(min)s wild cards"),
            canastas=wild_canastas,
            min=variant.canasta_size * wild_canastas,
            **where,
        )
