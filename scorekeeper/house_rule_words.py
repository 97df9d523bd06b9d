"""The house rules in words, for the Rules page and the forms that offer them: what each rule
changes, the values a choice takes, and a refused value said as the form says it.

Every number these words give is read from the rules' data (the presets, the house rules'
values, the constants the scorer counts with) through a placeholder, so a value changed there
changes the words; tests/unit/test_rule_words.py scans this module and rule_words.py for
figures written into the prose.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from scorekeeper.rule_words import or_words
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house_rules import HOUSE_RULES
from scorekeeper.rules.rule_values import NOT_ONE_OF, Choice, HouseRule, OneOf, Steps, json_text
from scorekeeper.rules.sequences import STRAIGHT_LENGTH
from scorekeeper.rules.special_hands import HAND_CARDS
from scorekeeper.rules.threes import (
    AGAINST,
    MINUS_EACH,
    SCALES,
    RedThreePenalty,
    RedThreesAgainst,
    RedThreeScale,
    penalty_choice,
)
from scorekeeper.rules.variants import (
    GOING_OUT_THREES,
    BlackThreeMeld,
    CanastaTiers,
    OnTie,
    OpeningBy,
    Unfinished,
    Variant,
    WildLimit,
)


@dataclass(frozen=True, slots=True)
class HouseRuleWords:
    anchor: str  # "house-rule-wild-limit", for links; the rule's name is never shown
    label: str
    text: str
    choices: tuple[str, ...]  # a choice rule's values in words
    only_in: tuple[str, ...]  # the presets it applies to, when that is the shorter list
    not_in: tuple[str, ...]  # the presets it does not apply to, when that is the shorter list


def choice_refusal(violation: RuleViolation) -> str | None:
    """A house rule's value the rules refuse, said as a form says it: the rule's label and the
    values these rules take, in words ("Wild cards per meld: these rules take one of: at most 3
    wild cards; any number of wild cards."), instead of the engine's JSON values. None for any
    other refusal."""
    rule = HOUSE_RULES.get(str(violation.params.get("name")))
    if violation.template != NOT_ONE_OF or rule is None:
        return None
    texts = str(violation.params.get("choices", "")).split(", ")
    values = rule.values
    if isinstance(values, Choice):
        taken: list[object] = [values.enum(t) for t in texts if t in set(values.enum)]
    elif isinstance(values, OneOf):
        taken = [v for t in texts for v in values.choices if json_text(v) == t]
    else:
        return None
    return _("%(rule)s: these rules take one of: %(choices)s.") % {
        "rule": _(rule.label),
        "choices": "; ".join(choice_words(v) for v in taken),
    }


def _wild_limit_choice(limit: WildLimit) -> str:
    if limit is WildLimit.BELOW_NATURALS:
        text = _("at most %(most)s wild cards, and fewer than the natural cards")
    elif limit is WildLimit.NATURALS:
        text = _("no more wild cards than natural cards")
    elif limit.most is None:
        text = _("any number of wild cards")
    else:
        text = _("at most %(most)s wild cards")
    return text % {"most": limit.most} if "%(most)s" in text else text


def choice_words(value: object) -> str:
    """One value a choice house rule may take, in words."""
    if isinstance(value, WildLimit):
        return _wild_limit_choice(value)
    if isinstance(value, BlackThreeMeld):
        return {
            BlackThreeMeld.GOING_OUT: _("only by a player going out, %(counts)s of them")
            % {"counts": or_words(GOING_OUT_THREES)},
            BlackThreeMeld.CANASTA: _("only as a whole canasta, which wins the game"),
            BlackThreeMeld.NEVER: _("never"),
            BlackThreeMeld.LAID_OUT: _("never"),
        }[value]
    if isinstance(value, RedThreeScale):
        return SCALES[value].choice().render(_, ngettext)
    if isinstance(value, RedThreesAgainst):
        return AGAINST[value].choice().render(_, ngettext)
    if isinstance(value, CanastaTiers):
        return {
            CanastaTiers.HIGHEST: _("only the highest bonus reached"),
            CanastaTiers.CUMULATIVE: _("every bonus reached, added up"),
        }[value]
    if isinstance(value, OnTie):
        return {OnTie.ANOTHER_HAND: _("another hand"), OnTie.DRAW: _("a draw")}[value]
    if isinstance(value, RedThreePenalty):
        return penalty_choice(value).render(_, ngettext)
    if isinstance(value, OpeningBy):
        return {
            OpeningBy.SCORE: _("the side's score"),
            OpeningBy.HAND_NUMBER: _("the hand's number in the game"),
        }[value]
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value in _WORDS_OF:
        return _WORDS_OF[value]()
    return _("another value")  # a choice this page does not know yet: never its raw id


_WORDS_OF = {
    "off": lambda: _("off"),
    "none": lambda: _("none"),
    "cla": lambda: _("the eleven of the Canasta League of America"),
    "pagat": lambda: _("pagat's four"),
    "one_open": lambda: _("one unfinished meld of a rank, beside any completed books"),
    "one": lambda: _("one meld of a rank in all"),
}

_SECTION = re.compile(r"\s*\(\d+(\.\d+)*\)")  # "(2.10)": a reference into VARIANTS.md


# What each house rule changes. A text's numbers are read from the data by its function, given
# the rule and the presets it is offered to (in the presets' order; the family's own first).
Values = Callable[[HouseRule, list[Variant]], Mapping[str, Any]]


def _none(_rule: HouseRule, _offered: list[Variant]) -> Mapping[str, Any]:
    return {}


def _default(rule: HouseRule, preset: Variant) -> Any:
    """The rule's value as ``preset`` plays it (its first seating)."""
    return rule.read(preset, preset.seatings[0])


def _other(rule: HouseRule, preset: Variant) -> Any:
    """The value the rule offers besides ``preset``'s own (a choice of two)."""
    values = rule.values
    choices = values.choices if isinstance(values, OneOf) else ()
    own = _default(rule, preset)
    return next(value for value in choices if value != own)


def _of(preset_id: str, rule: HouseRule, offered: list[Variant]) -> tuple[object, ...]:
    """The values one preset lists for the rule (Bolivia's black three in hand: 100 or 5)."""
    preset = next(p for p in offered if p.id == preset_id)
    return preset.values_of(rule.name) or ()


def _three_in_hand(rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    return {"cla": _default(rule, offered[0]), "junction": _other(rule, offered[0])}


def _black_three_in_hand(rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    bolivia, samba = _of("bolivia", rule, offered)[:2]
    return {"bolivia": bolivia, "samba": samba, "feet": _of("hand-and-foot", rule, offered)[0]}


def _red_three_caught(rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    return {"own": _default(rule, offered[0]), "others": or_words(rule.cited)}


def _joker_meld(_rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    return {"other": (offered[0].unfinished or Unfinished()).wild}


def _opening_by(_rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    *first, last = offered[0].opening_by_hand
    return {"hands": ", ".join(str(value) for value in first), "last": last}


def _opening_top(rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    return {"bound": offered[0].opening_steps[-1][0], "bicycle": _other(rule, offered[0])}


def _wild_books(_rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    preset = offered[0]
    return {
        "min": preset.wild_meld_min,
        "max": preset.wild_meld_max,
        "bonus": preset.canasta_bonus.wild_pure,
    }


def _going_out_books(rule: HouseRule, offered: list[Variant]) -> Mapping[str, Any]:
    clean, dirty, _wild = offered[0].going_out_books
    more = next(books for books in rule.cited if isinstance(books, tuple))
    return {
        "clean": clean,
        "dirty": dirty,
        "more_clean": more[0],
        "more_dirty": more[1],
        "more_wild": more[2],
    }


def _opening_by_hand(rule: HouseRule, _offered: list[Variant]) -> Mapping[str, Any]:
    steps = rule.values
    return {"count": steps.count, "step": steps.step} if isinstance(steps, Steps) else {}


def _book_max(rule: HouseRule, _offered: list[Variant]) -> Mapping[str, Any]:
    values = rule.values
    choices = values.choices if isinstance(values, OneOf) else ()
    return {"size": next(value for value in choices if isinstance(value, int))}


_TEXTS: dict[str, tuple[str, Values]] = {
    "target": (
        gettext_noop(
            "The score that ends the game. Where a game is a number of hands, a target ends it "
            "at that score instead."
        ),
        _none,
    ),
    "hands": (
        gettext_noop("How many hands a game is: the highest total after the last one wins."),
        _none,
    ),
    "wild_limit": (gettext_noop("How many wild cards a meld may hold."), _none),
    "black_three_meld": (gettext_noop("When black threes may be melded."), _none),
    "red_three_scale": (gettext_noop("What red threes are worth."), _none),
    "red_threes_against": (gettext_noop("Who counts their red threes minus."), _none),
    "going_out_canastas": (gettext_noop("How many canastas a side needs to go out."), _none),
    "opening_below_zero": (
        gettext_noop("The opening minimum of a side whose total is below zero."),
        _none,
    ),
    "on_tie": (gettext_noop("An exact tie for the highest total at the end."), _none),
    "packs": (
        gettext_noop(
            "How many packs are played: it sets how many cards of each kind there can be, and "
            "how many red threes make “all of them”."
        ),
        _none,
    ),
    "cards_dealt": (
        gettext_noop(
            "How many cards each player is dealt (where players have a foot, the cards of the "
            "hand and of the foot each)."
        ),
        _none,
    ),
    "wild_melds": (gettext_noop("Whether melds of wild cards only are allowed."), _none),
    "concealed_canasta_bonus": (
        gettext_noop(
            "The bonus of a canasta laid down whole from the hand, instead of the natural or "
            "mixed bonus."
        ),
        _none,
    ),
    "canasta_tiers": (gettext_noop("Which bonuses for the number of canastas count."), _none),
    "sequences": (
        gettext_noop(
            "Whether sequences are played: %(length)s cards in a row of one suit, and the whole "
            "suit from 4 to ace."
        ),
        lambda _rule, _offered: {"length": STRAIGHT_LENGTH},
    ),
    "three_in_hand": (
        gettext_noop(
            "What a three of either colour left in a hand costs, minus: %(cla)s (Canasta League "
            "of America, pagat) or %(junction)s (CanastaJunction)."
        ),
        _three_in_hand,
    ),
    "black_three_in_hand": (
        gettext_noop(
            "What a black three left in a hand (or a foot) costs, minus: in Bolivia %(bolivia)s "
            "(Bolivian Canasta) or %(samba)s (as Samba); in Hand and Foot %(feet)s (Card Games "
            "For Dummies, Board Game Arena) or nothing."
        ),
        _black_three_in_hand,
    ),
    "red_three_caught": (
        gettext_noop(
            "What a red three left in a hand or a foot costs, minus: %(own)s (Card Games For "
            "Dummies), %(others)s (pagat) at other tables."
        ),
        _red_three_caught,
    ),
    "incomplete_joker_meld": (
        gettext_noop(
            "What an unfinished meld of wild cards costs, minus, when it holds all four jokers "
            "(pagat); any other costs %(other)s."
        ),
        _joker_meld,
    ),
    "special_hands": (
        gettext_noop(
            "Which special hands of %(cards)s cards count: the eleven of the Canasta League of "
            "America, pagat's four, or none."
        ),
        lambda _rule, _offered: {"cards": HAND_CARDS},
    ),
    "dream_hand_wins": (
        gettext_noop(
            "Whether a dream hand wins the game at once (the Canasta League of America, the only "
            "source), or only scores its value like any other special hand."
        ),
        _none,
    ),
    "over_seven_going_out": (
        gettext_noop(
            "Whether a meld of natural cards may hold more than %(max)s cards in the turn a side "
            "goes out."
        ),
        lambda _rule, offered: {"max": offered[0].canasta_max},
    ),
    "splash": (
        gettext_noop(
            "Whether a complete canasta laid down from the hand opens with no minimum (pagat)."
        ),
        _none,
    ),
    "opening_by": (
        gettext_noop(
            "What the opening minimum follows: the side's score, or the hand's number as in "
            "American Canasta Society events (%(hands)s, then %(last)s)."
        ),
        _opening_by,
    ),
    "opening_top": (
        gettext_noop("The opening minimum from %(bound)s (Bicycle's Samba page: %(bicycle)s)."),
        _opening_top,
    ),
    "red_three_penalty": (
        gettext_noop(
            "What red threes cost when they count minus: what they would earn (Bicycle), or "
            "%(each)s each (pagat)."
        ),
        lambda _rule, _offered: {"each": MINUS_EACH},
    ),
    "red_three_laid": (
        gettext_noop(
            "What a red three laid down earns: %(earns)s (Card Games For Dummies, Board Game "
            "Arena), or nothing at tables that discard them."
        ),
        lambda rule, offered: {"earns": _default(rule, offered[0])},
    ),
    "natural_bonus": (gettext_noop("The bonus of a clean book (no wild card)."), _none),
    "mixed_bonus": (gettext_noop("The bonus of a dirty book (with wild cards)."), _none),
    "wild_books": (
        gettext_noop(
            "Whether melds of %(min)s to %(max)s wild cards are allowed, %(max)s of them making a "
            "wild book worth %(bonus)s, or no meld of wild cards at all (off)."
        ),
        _wild_books,
    ),
    "going_out_books": (
        gettext_noop(
            "How many clean, dirty and wild books a side needs before a player may go out, "
            "counted by kind: %(clean)s clean and %(dirty)s dirty by default, or %(more_clean)s "
            "clean, %(more_dirty)s dirty and %(more_wild)s wild (pagat, Board Game Arena)."
        ),
        _going_out_books,
    ),
    "going_out_bonus": (
        gettext_noop(
            "What the side that goes out earns: %(own)s (Card Games For Dummies, pagat), or "
            "%(other)s at some tables."
        ),
        lambda rule, offered: {
            "own": _default(rule, offered[0]),
            "other": _other(rule, offered[0]),
        },
    ),
    "exact_pickup_bonus": (
        gettext_noop(
            "What a player who picks up exactly the cards of their hand and foot at the deal "
            "earns for the side (0: no bonus)."
        ),
        _none,
    ),
    "opening_by_hand": (
        gettext_noop(
            "The opening minimum of hands 1 to %(count)s, each a multiple of %(step)s; later "
            "hands take the last."
        ),
        _opening_by_hand,
    ),
    "book_max": (
        gettext_noop(
            "Whether natural cards may still be added to a completed book (none: no largest "
            "book), or a book closes at %(size)s cards."
        ),
        _book_max,
    ),
    "same_rank_melds": (gettext_noop("How many melds of one rank a side may have."), _none),
}


def house_rule_text(rule: HouseRule, offered: list[Variant]) -> str:
    """What ``rule`` changes, with the values of the presets it is ``offered`` to."""
    if rule.name not in _TEXTS:
        return _SECTION.sub("", _(rule.help))  # a rule this page does not know yet: its help
    text, values = _TEXTS[rule.name]
    given = values(rule, offered)
    return _(text) % given if given else _(text)


def _rule_choices(rule: HouseRule, presets: Mapping[str, Variant]) -> tuple[str, ...]:
    """The values a choice rule takes in the presets it is offered to, in words, each once."""
    values = rule.values
    if not isinstance(values, Choice | OneOf):
        return ()
    base: tuple[object, ...] = values.choices
    seen: dict[object, None] = {}
    for preset in presets.values():
        if rule.offered_to(preset):
            own = preset.values_of(rule.name)
            seen.update(dict.fromkeys(own if own is not None else base))
    if isinstance(values, Choice):
        return tuple(choice_words(values.enum(str(value))) for value in seen or base)
    return tuple(choice_words(value) for value in seen or base)


def house_rule_words(
    rules: Mapping[str, HouseRule], presets: Mapping[str, Variant]
) -> list[HouseRuleWords]:
    """Each house rule in words: its label, what it changes, its choices, where it applies."""
    out = []
    for rule in rules.values():
        offered = [preset for preset in presets.values() if rule.offered_to(preset)]
        shorter = len(offered) * 2 <= len(presets)
        out.append(
            HouseRuleWords(
                anchor="house-rule-" + rule.name.replace("_", "-"),
                label=_(rule.label),
                text=house_rule_text(rule, offered),
                choices=_rule_choices(rule, presets),
                only_in=tuple(_(p.name) for p in offered) if shorter else (),
                not_in=()
                if shorter
                else tuple(_(p.name) for p in presets.values() if p not in offered),
            )
        )
    return out
