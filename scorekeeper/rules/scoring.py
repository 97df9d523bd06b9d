"""Scoring a hand (VARIANTS.md section 3).

cards      = card values of the side's melds, negated where 2.7 applies
hand       = minus the values of the cards left in the side's hands (black threes per 2.2)
canastas   = canasta bonuses (2.4) + sequence and tier bonuses where the preset has them
red_threes = 2.5, signed
going_out  = 2.6 for the side that went out, else 0
other      = 2.8 where the preset has it, else 0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.rules.checks import check_hand
from scorekeeper.rules.frozen import build
from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.melds import (
    BLACK_THREES,
    CONCEALED_MIXED,
    CONCEALED_NATURAL,
    MIXED,
    NATURAL,
    ROYAL,
    WILD_MIXED,
    WILD_PURE,
    Melded,
    count_value,
    read_melded,
)
from scorekeeper.rules.opening import Minimum, opening_minimum
from scorekeeper.rules.records import HandRecord, Points, SideHand, parse_record
from scorekeeper.rules.variants import (
    CanastaBonus,
    CanastaTiers,
    RedThreesAgainst,
    RedThreeScale,
    Variant,
)


@dataclass(frozen=True)
class Breakdown:
    cards: int = 0
    hand: int = 0
    canastas: int = 0
    red_threes: int = 0
    going_out: int = 0
    other: int = 0

    @property
    def total(self) -> int:
        return (
            self.cards + self.hand + self.canastas + self.red_threes + self.going_out + self.other
        )

    def as_dict(self) -> dict[str, int]:
        """The breakdown object of hand-format.md's output."""
        return {
            "cards": self.cards,
            "hand": self.hand,
            "canastas": self.canastas,
            "red_threes": self.red_threes,
            "going_out": self.going_out,
            "other": self.other,
        }


@dataclass(frozen=True)
class SideScore:
    """One side's result; fields in the order of hand-format.md's output object."""

    name: str
    total: int
    breakdown: Breakdown
    score_after: int
    opening_minimum: Minimum


@dataclass(frozen=True)
class HandScore:
    """A scored hand: serialized field by field it is hand-format.md's output object."""

    sides: tuple[SideScore, ...]
    wins_game: int | None  # 0-based index of a side that won outright (espanola black threes)


def _red_three_value(scale: RedThreeScale, n: int, packs: int) -> int:
    return _RED_THREE_SCALES[scale](n, packs)


_RED_THREE_SCALES: dict[RedThreeScale, Callable[[int, int], int]] = {
    RedThreeScale.DOUBLE_FROM_FOUR: lambda n, packs: 200 * n if n >= 4 else 100 * n,
    RedThreeScale.PLUS_500_FROM_FOUR: lambda n, packs: 100 * n + 500 if n >= 4 else 100 * n,
    RedThreeScale.ALL_FOR_500: lambda n, packs: 500 if n and n == 2 * packs else 100 * n,
    RedThreeScale.ALL_FOR_800: lambda n, packs: 800 if n and n == 2 * packs else 100 * n,
}


def _canasta_bonus(bonus: CanastaBonus, kind: str) -> int:
    if kind == NATURAL:
        return bonus.natural
    if kind == MIXED:
        return bonus.mixed
    value = {
        CONCEALED_NATURAL: bonus.concealed,
        CONCEALED_MIXED: bonus.concealed,
        WILD_PURE: bonus.wild_pure,
        WILD_MIXED: bonus.wild_mixed,
        BLACK_THREES: bonus.black_threes,
    }[kind]
    assert value is not None, kind  # melds.py refuses kinds the preset does not have
    return value


def _tier_bonus(variant: Variant, canastas: int) -> int:
    reached = [bonus for count, bonus in variant.canasta_tiers if canastas >= count]
    if not reached:
        return 0
    return sum(reached) if variant.canasta_tier_mode is CanastaTiers.CUMULATIVE else reached[-1]


def score_side(ruleset: Ruleset, side: SideHand, facts: Melded) -> Breakdown:
    """One side's breakdown; the hand has passed every check."""
    variant = ruleset.variant
    values = variant.values
    has_canasta = bool(facts.canastas)
    cards = facts.points
    if variant.melds_negative_without_canasta and not has_canasta:
        cards = -cards
    hand = side.hand
    in_hand = (
        hand.points
        if isinstance(hand, Points)
        else count_value(values, hand, values.black_three_in_hand)
        if hand.cards
        else 0
    )
    canastas = 0
    if has_canasta:
        for kind in facts.canastas:
            canastas += _canasta_bonus(variant.canasta_bonus, kind)
        if variant.canasta_tiers:
            canastas += _tier_bonus(variant, len(facts.canastas))
        straight, royal = variant.sequence_bonus
        for sequence in facts.sequences:
            canastas += royal if sequence == ROYAL else straight
    red_threes = 0
    if side.red_threes:
        red_threes = _red_three_value(variant.red_three_scale, side.red_threes, ruleset.packs)
        against = (
            not facts.has_meld
            if variant.red_threes_against is RedThreesAgainst.NO_MELD
            else not has_canasta
        )
        if against:
            red_threes = -red_threes
    going_out = 0
    if side.went_out:
        going_out = variant.concealed_going_out_bonus if side.concealed else variant.going_out_bonus
    other = 0
    if side.exact_cut and variant.exact_cut_bonus is not None:
        other = variant.exact_cut_bonus if has_canasta else -variant.exact_cut_bonus
    return build(
        Breakdown,
        cards=cards,
        hand=-in_hand,
        canastas=canastas,
        red_threes=red_threes,
        going_out=going_out,
        other=other,
    )


def score_hand(record: HandRecord) -> HandScore:
    """Check and score a parsed hand record."""
    ruleset = record.ruleset
    variant = ruleset.variant
    melded = [read_melded(variant, side, i) for i, side in enumerate(record.sides, 1)]
    check_hand(record, melded)
    sides = []
    wins_game = None
    for index, (side, facts) in enumerate(zip(record.sides, melded, strict=True)):
        breakdown = score_side(ruleset, side, facts)
        total = breakdown.total
        after = side.score_before + total
        sides.append(
            build(
                SideScore,
                name=side.name,
                total=total,
                breakdown=breakdown,
                score_after=after,
                opening_minimum=opening_minimum(variant, after),
            )
        )
        if wins_game is None and BLACK_THREES in facts.canastas:
            wins_game = index  # the first such side in seating order (2.4)
    return build(HandScore, sides=tuple(sides), wins_game=wins_game)


def score_record(record: object) -> HandScore:
    """Parse, check and score a hand record given as a parsed JSON object."""
    return score_hand(parse_record(record))
