"""The house rules the four families add (VARIANTS-families.md section 6).

Each applies only where a family's preset names it (``Variant.house_rules``); a name with a single
value states the preset's own rule, so that preset data can name it.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.rule_values import (
    Books,
    Choice,
    Flag,
    HouseRule,
    OneOf,
    Steps,
    Whole,
    on_bonus,
    on_variant,
    variant_value,
)
from scorekeeper.rules.special_hands import SPECIAL_HAND_SETS
from scorekeeper.rules.threes import RedThreePenalty, RedThreeScale
from scorekeeper.rules.variants import (
    OpeningBy,
    SameRank,
    Seating,
    Unfinished,
    Variant,
)

Applied = tuple[Variant, Seating]


def _nowhere(_preset: Variant) -> bool:
    return False  # only where a preset names the rule


def _three_in_hand(variant: Variant, seating: Seating, value: int) -> Applied:
    values = replace(variant.values, black_three_in_hand=value)
    return replace(variant, red_three_in_hand=value, values=values), seating


def _black_three_in_hand(variant: Variant, seating: Seating, value: int) -> Applied:
    return replace(variant, values=replace(variant.values, black_three_in_hand=value)), seating


def _joker_meld(variant: Variant, seating: Seating, value: int) -> Applied:
    unfinished = replace(variant.unfinished or Unfinished(), wild_jokers=value)
    return replace(variant, unfinished=unfinished), seating


def _special_hands(variant: Variant, seating: Seating, value: str) -> Applied:
    hands = replace(variant.special_hands, hands=SPECIAL_HAND_SETS[value])
    return replace(variant, special_hands=hands), seating


def _dream_hand_wins(variant: Variant, seating: Seating, value: bool) -> Applied:
    hands = replace(variant.special_hands, dream_wins=value)
    return replace(variant, special_hands=hands), seating


def _special_hands_value(variant: Variant, _seating: Seating) -> str:
    ids = set(variant.special_hands.ids)
    return next(name for name, hands in SPECIAL_HAND_SETS.items() if {h.id for h in hands} == ids)


def _opening_top(variant: Variant, seating: Seating, value: int) -> Applied:
    *lower, (bound, _top) = variant.opening_steps
    return replace(variant, opening_steps=(*lower, (bound, value))), seating


def _red_three_laid(variant: Variant, seating: Seating, value: int) -> Applied:
    scale = RedThreeScale.FLAT if value else RedThreeScale.NOTHING
    return replace(variant, red_three_scale=scale), seating


def _wild_books(variant: Variant, seating: Seating, value: object) -> Applied:
    if value != "off":
        return replace(variant, wild_melds=True), seating
    # No meld of wild cards at all: no wild book either, in detail or in a summary entry.
    bonus = replace(variant.canasta_bonus, wild_pure=None, wild_mixed=None)
    return replace(variant, wild_melds=False, canasta_bonus=bonus), seating


def _books_text(variant: Variant, _seating: Seating) -> str:
    clean, dirty, wild = variant.going_out_books
    return f"{clean}+{dirty}+{wild}" if wild else f"{clean}+{dirty}"


def _book_max(variant: Variant, seating: Seating, value: object) -> Applied:
    return replace(variant, canasta_max=value if isinstance(value, int) else None), seating


def _exact_pickup_bonus(variant: Variant, seating: Seating, value: int) -> Applied:
    return replace(variant, feet=variant.feet.with_pickup_bonus(value)), seating


def _same_rank(variant: Variant, seating: Seating, value: str) -> Applied:
    return replace(variant, same_rank=SameRank(value)), seating


FAMILY_RULES = (
    HouseRule(
        "three_in_hand",
        gettext_noop("A three left in hand"),
        gettext_noop("What a three of either colour left in hand costs: 5 or 100 (2.2)."),
        OneOf((5, 100)),
        _three_in_hand,
        variant_value("red_three_in_hand"),
        _nowhere,
    ),
    HouseRule(
        "black_three_in_hand",
        gettext_noop("A black three left in hand"),
        gettext_noop("What a black three left in a hand (or foot) costs (2.2)."),
        OneOf((100, 5, 0)),
        _black_three_in_hand,
        lambda variant, _seating: variant.values.black_three_in_hand,
        _nowhere,
    ),
    HouseRule(
        "red_three_caught",
        gettext_noop("A red three caught"),
        gettext_noop("What a red three left in a hand or foot costs (2.2)."),
        Whole(0, 1000, 5),
        on_variant("red_three_in_hand"),
        variant_value("red_three_in_hand"),
        _nowhere,
        cited=(300, 100),  # pagat
    ),
    HouseRule(
        "incomplete_joker_meld",
        gettext_noop("Unfinished meld of the four jokers"),
        gettext_noop("What an unfinished wild meld holding all four jokers costs (2.8)."),
        OneOf((2000, 2500)),
        _joker_meld,
        lambda variant, _seating: (variant.unfinished or Unfinished()).wild_jokers,
        _nowhere,
    ),
    HouseRule(
        "special_hands",
        gettext_noop("Special hands"),
        gettext_noop("Which special hands count: cla (eleven), pagat (four) or none (2.4)."),
        OneOf(tuple(SPECIAL_HAND_SETS)),
        _special_hands,
        _special_hands_value,
        _nowhere,
    ),
    HouseRule(
        "dream_hand_wins",
        gettext_noop("A dream hand wins the game"),
        gettext_noop("A dream hand wins the game at once, or scores 8500 like any other (2.10)."),
        Flag(),
        _dream_hand_wins,
        lambda variant, _seating: variant.special_hands.dream_wins,
        _nowhere,
    ),
    HouseRule(
        "over_seven_going_out",
        gettext_noop("More than 7 cards going out"),
        gettext_noop("A natural-rank meld may hold 8 or more cards in the going-out turn (2.3)."),
        Flag(),
        on_variant("over_max_going_out"),
        variant_value("over_max_going_out"),
        _nowhere,
    ),
    HouseRule(
        "splash",
        gettext_noop("Splash"),
        gettext_noop("A complete canasta laid from the hand opens with no minimum (2.9)."),
        Flag(),
        on_variant("splash"),
        variant_value("splash"),
        _nowhere,
    ),
    HouseRule(
        "opening_by",
        gettext_noop("Opening minimum by"),
        gettext_noop("The opening minimum follows the score, or the hand's number (2.9)."),
        Choice(OpeningBy),
        on_variant("opening_by"),
        variant_value("opening_by"),
        _nowhere,
    ),
    HouseRule(
        "opening_top",
        gettext_noop("Opening minimum from 7000"),
        gettext_noop("The opening minimum from 7000: 150 or 160 (2.9)."),
        OneOf((150, 160)),
        _opening_top,
        lambda variant, _seating: variant.opening_steps[-1][1],
        _nowhere,
    ),
    HouseRule(
        "red_three_penalty",
        gettext_noop("Red threes against a side"),
        gettext_noop("Red threes that count minus cost what they would earn, or 100 each (2.5)."),
        Choice(RedThreePenalty),
        on_variant("red_three_penalty"),
        variant_value("red_three_penalty"),
        _nowhere,
    ),
    HouseRule(
        "red_three_laid",
        gettext_noop("A red three laid down"),
        gettext_noop("What a red three laid down earns: 100 or nothing (2.5)."),
        OneOf((100, 0)),
        _red_three_laid,
        lambda variant, _seating: 0 if variant.red_three_scale is RedThreeScale.NOTHING else 100,
        _nowhere,
    ),
    HouseRule(
        "natural_bonus",
        gettext_noop("Clean book bonus"),
        gettext_noop("The bonus of a clean (natural) book (2.4)."),
        Whole(0, 5000, 5),
        on_bonus("natural"),
        lambda variant, _seating: variant.canasta_bonus.natural,
        _nowhere,
    ),
    HouseRule(
        "mixed_bonus",
        gettext_noop("Dirty book bonus"),
        gettext_noop("The bonus of a dirty (mixed) book (2.4)."),
        Whole(0, 5000, 5),
        on_bonus("mixed"),
        lambda variant, _seating: variant.canasta_bonus.mixed,
        _nowhere,
    ),
    HouseRule(
        "wild_books",
        gettext_noop("Wild books"),
        gettext_noop("Melds of 3 to 7 wild cards, a wild book of 7 worth 1500; or off (2.3)."),
        OneOf((1500, "off")),
        _wild_books,
        lambda variant, _seating: 1500 if variant.wild_melds else "off",
        _nowhere,
    ),
    HouseRule(
        "going_out_books",
        gettext_noop("Books to go out"),
        gettext_noop("Clean, dirty (and wild) books a side needs to go out: 2+2, 2+2+1 (2.6)."),
        Books(),
        on_variant("going_out_books"),
        _books_text,
        _nowhere,
        cited=((2, 2, 1),),  # pagat, Board Game Arena: a wild book too
    ),
    HouseRule(
        "going_out_bonus",
        gettext_noop("Going-out bonus"),
        gettext_noop("What the side that goes out earns: 100 or 200 (2.6)."),
        OneOf((100, 200)),
        on_variant("going_out_bonus"),
        variant_value("going_out_bonus"),
        _nowhere,
    ),
    HouseRule(
        "exact_pickup_bonus",
        gettext_noop("Exact pick-up bonus"),
        gettext_noop("What each exact pick-up at the deal earns: 100, 200 or 0 (2.8)."),
        OneOf((100, 200, 0)),
        _exact_pickup_bonus,
        lambda variant, _seating: variant.feet.exact_pickup_bonus,
        _nowhere,
    ),
    HouseRule(
        "opening_by_hand",
        gettext_noop("Opening minimum of hands 1 to 4"),
        gettext_noop("The opening minimum of hands 1 to 4; later hands take the last (2.9)."),
        Steps(4, 0, 500),
        on_variant("opening_by_hand"),
        lambda variant, _seating: list(variant.opening_by_hand),
        _nowhere,
    ),
    HouseRule(
        "book_max",
        gettext_noop("Largest book"),
        gettext_noop(
            "Natural cards may go on a completed book (none), or a book closes at 7 (2.3)."
        ),
        OneOf(("none", 7)),
        _book_max,
        lambda variant, _seating: variant.canasta_max or "none",
        _nowhere,
    ),
    HouseRule(
        "same_rank_melds",
        gettext_noop("Melds of one rank"),
        gettext_noop(
            "one_open: one unfinished meld of a rank beside its completed books; one: one meld "
            "of a rank in all (2.3)."
        ),
        OneOf(("one_open", "one")),
        _same_rank,
        lambda variant, _seating: variant.same_rank.value,
        _nowhere,
    ),
)
