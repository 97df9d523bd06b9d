"""Checks that span the sides of a hand (VARIANTS.md section 4, 2.1 and 2.6).

Deck limits count every side's melds and hands together (section 1); going out is checked against
the preset's needs (2.6); at most one side goes out, at most one side cuts exactly (2.8).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules.cards import CardClass, class_limits
from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.melds import CLASS_ORDER, COUNTS_AS_MIXED, COUNTS_AS_NATURAL, Melded
from scorekeeper.rules.records import NO_CARDS, CardCounts, HandRecord, Points
from scorekeeper.rules.variants import GoingOutNeed

CLASS_LABELS = {
    CardClass.JOKERS: gettext_noop("jokers"),
    CardClass.TWOS: gettext_noop("twos"),
    CardClass.ACES: gettext_noop("aces"),
    CardClass.HIGH: gettext_noop("high cards (8 to K)"),
    CardClass.LOW: gettext_noop("low cards (4 to 7)"),
    CardClass.BLACK_THREES: gettext_noop("black threes"),
}


def check_hand(record: HandRecord, melded: Sequence[Melded]) -> None:
    """Raise a RuleViolation for the first cross-side rule the hand breaks."""
    ruleset = record.ruleset
    variant = ruleset.variant
    sides = record.sides
    if sum(side.went_out for side in sides) > 1:
        raise RuleViolation(gettext_noop("more than one side went out"), field="went_out")
    cutters = [i for i, side in enumerate(sides) if side.exact_cut]
    if cutters and variant.exact_cut_bonus is None:
        raise RuleViolation(
            gettext_noop("an exact cut scores nothing in %(variant)s"),
            side=cutters[0] + 1,
            field="exact_cut",
            variant=variant.id,
        )
    if len(cutters) > 1:
        raise RuleViolation(gettext_noop("only one side can cut exactly"), field="exact_cut")
    for number, (side, facts) in enumerate(zip(record.sides, melded, strict=True), 1):
        if side.concealed and not side.went_out:
            raise RuleViolation(
                gettext_noop("concealed going out without going out"),
                side=number,
                side_name=side.name,
                field="concealed",
            )
        if side.went_out:
            _check_going_out(ruleset, facts, number, side.name)
            if record.layout[number - 1] == 1 and _holds_cards(side.hand):
                raise RuleViolation(
                    gettext_noop("a player who went out holds no cards"),
                    side=number,
                    side_name=side.name,
                    field="hand",
                )
    _check_deck(record, melded)


def _holds_cards(hand: CardCounts | Points) -> bool:
    return hand.points > 0 if isinstance(hand, Points) else hand.cards > 0


def _check_going_out(ruleset: Ruleset, facts: Melded, number: int, name: str) -> None:
    need = ruleset.variant.going_out_need
    if need is GoingOutNeed.CANASTAS:
        wanted = ruleset.table.going_out_canastas
        if len(facts.canastas) < wanted:
            raise RuleViolation(
                gettext_noop("going out needs %(n)s canasta(s), %(made)s made"),
                side=number,
                side_name=name,
                field="went_out",
                n=wanted,
                made=len(facts.canastas),
            )
    elif need is GoingOutNeed.NATURAL_AND_MIXED:
        kinds = set(facts.canastas)
        if not (kinds & COUNTS_AS_NATURAL and kinds & COUNTS_AS_MIXED):
            raise RuleViolation(
                gettext_noop("going out needs a natural and a mixed canasta"),
                side=number,
                side_name=name,
                field="went_out",
            )
    else:  # pragma: no cover - a new GoingOutNeed without its check is a bug
        raise AssertionError(need)


def _check_deck(record: HandRecord, melded: Sequence[Melded]) -> None:
    packs = record.ruleset.packs
    red_threes = 0
    for side in record.sides:
        red_threes += side.red_threes
    if red_threes > 2 * packs:
        raise RuleViolation(
            gettext_noop("%(n)s red threes: more red threes than %(packs)s packs hold (%(max)s)"),
            field="red_threes",
            n=red_threes,
            packs=packs,
            max=2 * packs,
        )
    # Cards by class (CLASS_ORDER), melded and in hand, wherever the entry gives counts.
    jokers = twos = aces = high = low = black_threes = 0
    counted = False
    for side, facts in zip(record.sides, melded, strict=True):
        classes = facts.classes
        if classes is not None:
            counted = True
            jokers += classes[0]
            twos += classes[1]
            aces += classes[2]
            high += classes[3]
            low += classes[4]
            black_threes += classes[5]
        hand = side.hand
        if type(hand) is CardCounts and hand is not NO_CARDS:
            counted = True
            jokers += hand.jokers
            twos += hand.twos
            aces += hand.aces
            high += hand.high
            low += hand.low
            black_threes += hand.black_threes
    if counted:
        totals = (jokers, twos, aces, high, low, black_threes)
        limits = class_limits(packs)
        for cls, n in zip(CLASS_ORDER, totals, strict=True):
            if n > limits[cls]:
                raise RuleViolation(
                    gettext_noop("%(n)s %(cards)s: more than %(packs)s packs hold (%(max)s)"),
                    n=n,
                    cards=CLASS_LABELS[CardClass(cls)],
                    packs=packs,
                    max=limits[cls],
                )
    _check_ranks(melded, 4 * packs)


def _check_ranks(melded: Sequence[Melded], most: int) -> None:
    """No rank melded more often than the packs hold (detailed entries name their ranks)."""
    ranks: dict[str, int] | None = None
    for facts in melded:
        if not facts.ranks:
            continue
        if ranks is None:
            ranks = dict(facts.ranks)
        else:
            for rank, n in facts.ranks.items():
                ranks[rank] = ranks.get(rank, 0) + n
    if ranks is None:
        return
    for rank, n in ranks.items():
        if n > most:
            raise RuleViolation(
                gettext_noop(
                    "%(n)s cards of rank %(card_rank)s: more than %(max)s cards of rank %(card_rank)s"
                ),
                n=n,
                card_rank=rank,
                max=most,
            )
