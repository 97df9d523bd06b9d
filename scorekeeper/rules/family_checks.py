"""Checks of the families' hand-record keys (VARIANTS-families.md sections 4 and 5).

A key given with a value other than its default is refused where the preset has no use for it
(``black_threes_laid`` outside modern-american, a ``foot`` outside hand-and-foot...); then each
key is checked against the table: caught sets against the players who hold cards and the cards
they hold, a special hand alone on its side, feet in whole feet, exact pick-ups per player, the
hand's number within the game.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import declaration
from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.records import (
    NO_CANASTAS,
    NO_CARDS,
    NO_FAMILY_KEYS,
    NO_INCOMPLETE,
    NO_SEQUENCES,
    NO_SETS,
    CardCounts,
    FamilyKeys,
    HandRecord,
    Points,
    SideHand,
)
from scorekeeper.rules.variants import Variant

ACES_SET_POINTS, SEVENS_SET_POINTS = 60, 15  # three aces, three sevens (section 4)
SET_CARDS = 3


def _where(number: int, side: SideHand, field: str) -> dict[str, Any]:
    return {"side": number, "side_name": side.name, "field": field}


def _red_threes_in(cards: object) -> int:
    return cards.red_threes if type(cards) is CardCounts else 0


def _no_use(variant: Variant, side: SideHand) -> str | None:
    """The first key the side gives that the preset has no use for (declaration.py's used_by)."""
    keys = side.family
    if keys is not NO_FAMILY_KEYS:
        for key in declaration.FAMILY:
            if getattr(keys, key.name) != _UNUSED[key.name] and not key.used_by(variant):
                return key.name
    if variant.red_three_in_hand is None and _red_threes_in(side.hand):
        return "hand"
    return None


_UNUSED = {name: field.default for name, field in FamilyKeys.__dataclass_fields__.items()}


def held_red_threes(side: SideHand) -> int:
    """Red threes left in the side's hand and foot, where the record counts them (families 5.3)."""
    return _red_threes_in(side.hand) + _red_threes_in(side.family.foot)


def check_family_keys(record: HandRecord) -> None:
    """Every rule of the families' keys; the first one broken raises a RuleViolation."""
    ruleset = record.ruleset
    variant = ruleset.variant
    if record.usual and ruleset.seating.hands is None:
        return  # the usual record: nothing to check (the hot path of batch scoring)
    specials = []
    for number, side in enumerate(record.sides, 1):
        key = _no_use(variant, side)
        if key is not None:
            raise RuleViolation(
                gettext_noop("%(key)s has no use in %(variant)s"),
                key="red_threes" if key == "hand" else key,
                variant=variant.id,
                **_where(number, side, key),
            )
        keys = side.family
        if keys.special_hand is not None:
            _check_special_hand(variant, side, number)
            specials.append(number)
        if keys.caught_sets is not NO_SETS:
            _check_caught_sets(ruleset, side, number)
        foot = keys.foot if isinstance(keys.foot, CardCounts) else None
        variant.feet.check(ruleset, side, number, foot)
    if specials and any(side.went_out for side in record.sides):
        raise RuleViolation(
            gettext_noop("a hand ends either by a special hand or by going out, not both"),
            field="special_hand",
        )
    if len(specials) > 1:
        raise RuleViolation(
            gettext_noop("only one side can lay down a special hand in a hand"),
            field="special_hand",
        )
    seating = ruleset.seating
    if seating.target is None and seating.hands is not None and record.hand_number > seating.hands:
        raise RuleViolation(
            gettext_noop("hand %(n)s: the game is %(hands)s hands (house rule hands)"),
            field="hand_number",
            n=record.hand_number,
            hands=seating.hands,
        )


def _check_special_hand(variant: Variant, side: SideHand, number: int) -> None:
    ids = variant.special_hands.ids
    if side.family.special_hand not in ids:
        raise RuleViolation(
            gettext_noop("%(hand)s is not a special hand here (these are: %(ids)s)"),
            setting="special_hands",
            hand=side.family.special_hand,
            ids=", ".join(ids),
            **_where(number, side, "special_hand"),
        )
    alone = (
        not side.melds
        and side.melded in (None, NO_CARDS)
        and side.canastas == NO_CANASTAS
        and side.sequences == NO_SEQUENCES
        and not (side.red_threes or side.went_out or side.concealed or side.exact_cut)
        and side.hand in (NO_CARDS, Points(0))
        and _nothing_but_the_special_hand(side.family)
    )
    if not alone:
        raise RuleViolation(
            gettext_noop("a special hand is the side's whole score: give nothing else on its side"),
            **_where(number, side, "special_hand"),
        )


def _nothing_but_the_special_hand(keys: FamilyKeys) -> bool:
    """Whether the side gives none of the families' other keys (each at its default: the parser
    keeps a key given at its default as the shared default object)."""
    return (
        not (keys.black_threes_laid or keys.exact_pickups)
        and keys.caught_sets is NO_SETS
        and keys.incomplete is NO_INCOMPLETE
        and keys.foot is NO_CARDS
    )


def _check_caught_sets(ruleset: Ruleset, side: SideHand, number: int) -> None:
    sets = side.family.caught_sets
    most = ruleset.holders(number, side.went_out)
    where = _where(number, side, "caught_sets")
    if max(sets.aces, sets.sevens) > most:
        raise RuleViolation(
            gettext_noop(
                "%(n)s caught sets of one rank, but %(most)s of the side's players hold cards "
                "at the end (a player counts one set of a rank at most)"
            ),
            n=max(sets.aces, sets.sevens),
            most=most,
            **where,
        )
    hand = side.hand
    if isinstance(hand, Points):
        need = ACES_SET_POINTS * sets.aces + SEVENS_SET_POINTS * sets.sevens
        if hand.points < need:
            raise RuleViolation(
                gettext_noop(
                    "the caught sets hold at least %(min)s points (60 a set of aces, 15 a set "
                    "of sevens), more than the hand's %(points)s"
                ),
                min=need,
                points=hand.points,
                **where,
            )
        return
    if hand.aces < SET_CARDS * sets.aces:
        raise RuleViolation(
            gettext_noop("%(n)s set of three aces needs at least %(min)s aces in hand"),
            n=sets.aces,
            min=SET_CARDS * sets.aces,
            **where,
        )
    if hand.low < SET_CARDS * sets.sevens:
        raise RuleViolation(
            gettext_noop(
                "%(n)s set of three sevens needs at least %(min)s low cards (4 to 7) in hand"
            ),
            n=sets.sevens,
            min=SET_CARDS * sets.sevens,
            **where,
        )
