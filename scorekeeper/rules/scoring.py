"""Scoring a hand (VARIANTS.md section 3).

cards      = card values of the side's melds, negated where 2.7 applies
hand       = minus the values of the cards left in the side's hands (black threes per 2.2)
canastas   = canasta bonuses (2.4) + sequence and tier bonuses where the preset has them
red_threes = 2.5, signed
going_out  = 2.6 for the side that went out, else 0
other      = 2.8 where the preset has it, else 0
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.checks import check_hand
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.frozen import build
from scorekeeper.rules.house_rules import HOUSE_RULES, Ruleset
from scorekeeper.rules.melds import (
    CanastaKind,
    MeldedFacts,
    canasta_bonus,
    count_value,
    read_detailed,
)
from scorekeeper.rules.opening import Minimum, is_last_hand, next_opening, opening_minimum
from scorekeeper.rules.records import (
    NO_CARDS,
    CardCounts,
    HandRecord,
    Points,
    SideHand,
    parse_record,
)
from scorekeeper.rules.summary import read_melded, read_summary
from scorekeeper.rules.threes import red_threes_value
from scorekeeper.rules.variants import CanastaTiers, OpeningBy, Variant


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


_NOTHING = dict.fromkeys(("cards", "hand", "canastas", "red_threes", "going_out", "other"), 0)


@dataclass(frozen=True)
class SideScore:
    """One side's result; fields in the order of hand-format.md's output object."""

    name: str
    total: int
    breakdown: Breakdown
    score_after: int
    opening_minimum: Minimum | None  # None: the game has no next hand (families 5.4)


@dataclass(frozen=True)
class HandScore:
    """A scored hand: serialized field by field it is hand-format.md's output object."""

    sides: tuple[SideScore, ...]
    wins_game: int | None  # 0-based index of a side that won outright (espanola black threes)


def _bonus_table(ruleset: Ruleset) -> dict[CanastaKind, int | None]:
    """The bonus of one canasta of each kind under this ruleset (None: the preset has no such
    canasta), worked out once (Ruleset.tables)."""
    table = ruleset.tables.get("canasta_bonus")
    if table is None:
        bonus = ruleset.variant.canasta_bonus
        table = {kind: canasta_bonus(bonus, kind) for kind in CanastaKind}
        ruleset.tables["canasta_bonus"] = table
    return table


def _canasta_bonuses(ruleset: Ruleset, facts: MeldedFacts) -> int:
    """Canasta bonuses (2.4), with espanola's tiers and sequences; only with a canasta."""
    variant = ruleset.variant
    bonuses = _bonus_table(ruleset)
    total = 0
    for kind, n in facts.canastas.items():
        bonus = bonuses[kind]
        if bonus is None:  # melds.py refuses kinds the preset does not have
            raise TypeError(f"{variant.id} has no {kind} canasta")
        total += n * bonus
    if variant.canasta_tiers:
        reached = [bonus for count, bonus in variant.canasta_tiers if facts.canasta_count >= count]
        if reached:
            cumulative = variant.canasta_tier_mode is CanastaTiers.CUMULATIVE
            total += sum(reached) if cumulative else reached[-1]
    if facts.straights or facts.royals:
        total += variant.sequences.bonus(facts.straights, facts.royals)
    return total


def score_side(
    ruleset: Ruleset, side: SideHand, facts: MeldedFacts, another_out: bool = False
) -> Breakdown:
    """One side's breakdown; the hand has passed every check. ``another_out``: another side
    went out this hand."""
    return _breakdown(_side_parts(ruleset, side, facts, another_out))


def _breakdown(parts: dict[str, int]) -> Breakdown:
    """A Breakdown whose fields are ``parts`` (all six, in field order), the dict kept as is."""
    breakdown = _new(Breakdown)
    _set(breakdown, "__dict__", parts)
    return breakdown


_new = object.__new__
_set = object.__setattr__


def _side_parts(
    ruleset: Ruleset, side: SideHand, facts: MeldedFacts, another_out: bool
) -> dict[str, int]:
    """score_side's breakdown as a dict: Breakdown's fields in order, the output's object."""
    variant = ruleset.variant
    has_canasta = facts.canasta_count > 0
    cards = facts.points
    if variant.melds_negative_without_canasta and not has_canasta:
        cards = -cards
    hand = side.hand
    in_hand = (
        hand.points
        if type(hand) is Points
        else 0
        if hand is NO_CARDS
        else _held_value(variant, hand)
    )
    keys = side.family
    if keys.foot is not NO_CARDS:
        in_hand += _held_value(variant, keys.foot)
    canastas = _canasta_bonuses(ruleset, facts) if has_canasta else 0
    red_threes = (
        _red_threes(ruleset, side.red_threes, keys.black_threes_laid, facts, another_out)
        if side.red_threes or keys.black_threes_laid
        else 0
    )
    going_out = 0
    if side.went_out:
        going_out = variant.going_out_bonus_of(side.concealed)
    other = 0
    if side.exact_cut and variant.exact_cut_bonus is not None:
        other = variant.exact_cut_bonus if has_canasta else -variant.exact_cut_bonus
    if variant.unfinished is not None or variant.caught_set_penalty is not None:
        other -= _penalties(variant, side, facts)
    if keys.exact_pickups:  # given only where the preset has feet (family_checks)
        other += variant.feet.pickups(side)
    return {
        "cards": cards,
        "hand": -in_hand,
        "canastas": canastas,
        "red_threes": red_threes,
        "going_out": going_out,
        "other": other,
    }


def _red_threes(
    ruleset: Ruleset, red: int, black_laid: int, facts: MeldedFacts, another_out: bool
) -> int:
    """red_threes_value under this ruleset, kept per ruleset (Ruleset.tables) by all it reads:
    the counts, and what the sign reads of the melds (threes.Melded) and of the other sides."""
    table = ruleset.tables.get("red_threes")
    if table is None:
        table = ruleset.tables["red_threes"] = {}
    key = (red, black_laid, facts.has_meld, facts.canasta_count, another_out)
    value = table.get(key)
    if value is None:
        variant = ruleset.variant
        value = red_threes_value(
            variant.red_three_scale,
            variant.red_threes_against,
            variant.red_three_penalty,
            red,
            black_laid,
            ruleset.packs,
            facts,
            another_out,
        )
        if len(table) >= _MOST_KEPT:
            table.clear()
        table[key] = value
    return value


_MOST_KEPT = 1024


def _held_value(variant: Variant, held: CardCounts | Points) -> int:
    """What the cards left in a hand (or an unplayed foot) cost, before the sign (2.2)."""
    if isinstance(held, Points):
        return held.points
    if not held.cards:
        return 0
    value = count_value(variant.values, held, variant.values.black_three_in_hand)
    if held.red_threes:
        value += held.red_threes * (variant.red_three_in_hand or 0)
    return value


def _penalties(variant: Variant, side: SideHand, facts: MeldedFacts) -> int:
    """Modern American (2.8): unfinished special melds and caught sets, whatever the canastas."""
    total = 0
    if variant.unfinished is not None and facts.unfinished:
        for key, n in facts.unfinished.items():
            total += n * getattr(variant.unfinished, key)
    if variant.caught_set_penalty is not None:
        sets = side.family.caught_sets
        total += (sets.aces + sets.sevens) * variant.caught_set_penalty
    return total


def check_record(record: HandRecord) -> list[MeldedFacts]:
    """Every rule of section 4 across the record's sides; the melded facts of each side.

    A refusal decided by a value the table changed from the preset's names that house rule.
    """
    ruleset = record.ruleset
    variant = ruleset.variant
    packs = ruleset.seating.packs
    readings = ruleset.readings
    melded = []
    try:
        for i, side in enumerate(record.sides, 1):
            melded.append(
                read_detailed(variant, side, i, readings)
                if side.melds is not None
                else read_summary(variant, packs, side, i)
                if side.melded is not None
                else read_melded(variant, packs, side, i)
            )
        check_hand(record, melded)
    except RuleViolation as violation:
        if violation.setting and ruleset.is_house_rule(violation.setting):
            violation.house_rule = HOUSE_RULES[violation.setting].label
        raise
    return melded


Scored = tuple[str, int, dict[str, int], int, Minimum | None]  # one side, as score_sides gives it


def score_sides(record: HandRecord) -> tuple[list[Scored], int | None]:
    """The checked record's sides scored: (name, total, breakdown's parts, score after, next
    opening) each, and the index of a side that won the game outright. score_hand and the JSON
    form (jsonform.score_json) build their objects from these."""
    ruleset = record.ruleset
    variant = ruleset.variant
    melded = check_record(record)
    sides = record.sides
    out = None  # the side that went out (at most one: checked)
    for i, side in enumerate(sides):
        if side.went_out:
            out = i
    breakdowns = []
    wins_game = None
    for index, side in enumerate(sides):
        facts = melded[index]
        if side.family.special_hand is not None:
            special = variant.special_hands.get(side.family.special_hand)
            breakdowns.append({**_NOTHING, "other": special.value})
            if variant.special_hands.wins_game(special):
                wins_game = index  # 2.10: a dream hand wins the game at once
            continue
        breakdowns.append(_side_parts(ruleset, side, facts, out is not None and out != index))
        if wins_game is None and _BLACK_THREES in facts.canastas:
            wins_game = index  # the first such side in seating order (2.4)
    last = wins_game is not None or is_last_hand(ruleset, record.hand_number)
    # The next hand's opening: by score, the usual way, looked up per side below; or by hand.
    by_hand = (
        next_opening(variant, 0, record.hand_number + 1)
        if variant.opening_by is OpeningBy.HAND_NUMBER
        else None
    )
    results: list[Scored] = []
    for side, parts in zip(sides, breakdowns, strict=True):
        total = (
            parts["cards"]
            + parts["hand"]
            + parts["canastas"]
            + parts["red_threes"]
            + parts["going_out"]
            + parts["other"]
        )
        after = side.score_before + total
        results.append(
            (
                side.name,
                total,
                parts,
                after,
                None
                if last
                else by_hand
                if by_hand is not None
                else opening_minimum(variant, after),
            )
        )
    return results, wins_game


_BLACK_THREES = CanastaKind.BLACK_THREES


def score_hand(record: HandRecord) -> HandScore:
    """Check and score a parsed hand record."""
    results, wins_game = score_sides(record)
    return build(
        HandScore,
        sides=tuple(
            [
                build(
                    SideScore,
                    name=name,
                    total=total,
                    breakdown=_breakdown(parts),
                    score_after=after,
                    opening_minimum=opening,
                )
                for name, total, parts, after, opening in results
            ]
        ),
        wins_game=wins_game,
    )


def score_record(record: object) -> HandScore:
    """Parse, check and score a hand record given as a parsed JSON object."""
    return score_hand(parse_record(record))
