"""A preset's values in words, for the Rules page: short translatable sentences, one list a topic.

The rules engine (``scorekeeper.rules``) holds the values as data and enums; this module turns
them into what a player reads at the table ("Red threes: 100 each; all 4 together: 800 in all"),
in the reader's language. It only reads :class:`Variant` fields, so a preset's page always says
what the scorer does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.rules.house_rules import Choice, HouseRule
from scorekeeper.rules.variants import (
    CANASTA,
    BlackThreeMeld,
    CanastaTiers,
    GoingOutNeed,
    OnTie,
    OpeningBy,
    RedThreePenalty,
    RedThreesAgainst,
    RedThreeScale,
    Variant,
    WildLimit,
)


@dataclass(frozen=True, slots=True)
class Line:
    """One short sentence; ``testid`` marks the few lines the tests look for."""

    text: str
    testid: str = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Topic:
    id: str  # stable, for anchors and tests: table, cards, melds, red-threes, going-out, opening
    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class PresetWords:
    """Everything the Rules page says about one preset."""

    variant: Variant
    glance: tuple[tuple[str, tuple[str, ...]], ...]  # (term, items): the facts read at the table
    topics: tuple[Topic, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class HouseRuleWords:
    anchor: str  # "house-rule-wild-limit", for links; the rule's name is never shown
    label: str
    text: str
    choices: tuple[str, ...]  # a choice rule's values in words
    only_in: tuple[str, ...]  # the presets it applies to, when that is the shorter list
    not_in: tuple[str, ...]  # the presets it does not apply to, when that is the shorter list


# Small helpers ------------------------------------------------------------------------------------


def _or(items: Iterable[object]) -> str:
    """ "2, 3 or 4"."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _and(items: Iterable[object]) -> str:
    """ "2 and 3"."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _name(variant: Variant, kind: str) -> str:
    """What the preset calls a kind of card ("black threes", origen's "DETENER"), translated."""
    return _(variant.deck.names.of(kind))


def _minimum(minimum: int | str) -> str:
    return _("a complete canasta") if minimum == CANASTA else str(minimum)


def _packs(variant: Variant, packs: int) -> str:
    if variant.deck.description:
        return _(variant.deck.description)
    return ngettext("%(count)s pack", "%(count)s packs", packs) % {"count": packs}


def _usual_target(variant: Variant) -> int:
    """The target of most tables (the exceptions are said per table)."""
    targets = [seating.target for seating in variant.seatings]
    return max(dict.fromkeys(targets), key=targets.count)


def layout_words(layout: tuple[int, ...]) -> str:
    """ "each for themselves", "2 sides of 2", "sides of 2 and 3"."""
    sides, sizes = len(layout), sorted(set(layout))
    if sizes == [1]:
        return _("each for themselves")
    if len(sizes) == 1:
        return ngettext("%(sides)s side of %(size)s", "%(sides)s sides of %(size)s", sides) % {
            "sides": sides,
            "size": sizes[0],
        }
    return _("sides of %(sizes)s") % {"sizes": _and(sizes)}


# Topics ---------------------------------------------------------------------------------------------


def table_lines(variant: Variant) -> list[Line]:
    """Players, sides, cards dealt, packs and target; the tie; espanola's exact cut."""
    usual = _usual_target(variant)
    lines = []
    for seating in variant.seatings:
        text = ngettext(
            "%(players)s player (%(layout)s): %(dealt)s, %(packs)s.",
            "%(players)s players (%(layout)s): %(dealt)s, %(packs)s.",
            seating.players,
        ) % {
            "players": seating.players,
            "layout": layout_words(seating.layout),
            "dealt": ngettext("%(count)s card each", "%(count)s cards each", seating.cards_dealt)
            % {"count": seating.cards_dealt},
            "packs": _packs(variant, seating.packs),
        }
        if seating.target != usual:
            text += " " + _("Game to %(target)s.") % {"target": seating.target}
        lines.append(Line(text))
    lines.append(
        Line(
            _(
                "The game ends after the hand in which a side reaches %(target)s: the highest total wins."
            )
            % {"target": usual}
        )
    )
    if variant.on_tie is OnTie.ANOTHER_HAND:
        lines.append(Line(_("An exact tie for the highest total: another hand is played.")))
    else:
        lines.append(Line(_("An exact tie for the highest total: the game is drawn.")))
    if variant.exact_cut_bonus:
        lines.append(
            Line(
                _(
                    "An exact cut: %(bonus)s to the cutter's side, minus when that side has no "
                    "canasta at the end of the hand."
                )
                % {"bonus": variant.exact_cut_bonus}
            )
        )
    return lines


def card_lines(variant: Variant) -> list[Line]:
    """Card values, black threes left in hand, melds counting minus (2.2, 2.7)."""
    values = variant.values
    items = [
        (_name(variant, "jokers"), values.joker),
        (_name(variant, "twos"), values.two),
        (_name(variant, "aces"), values.ace),
        (_name(variant, "high"), values.high),
        (_name(variant, "low"), values.low),
    ]
    lines = [
        Line(
            capfirst(
                " · ".join(_("%(cards)s %(points)s") % {"cards": c, "points": p} for c, p in items)
            )
        )
    ]
    threes = capfirst(_name(variant, "black_threes"))
    if variant.black_three_meld is BlackThreeMeld.NEVER:
        lines.append(
            Line(
                _("%(cards)s left in a hand: minus %(in_hand)s each.")
                % {"cards": threes, "in_hand": values.black_three_in_hand}
            )
        )
    else:
        lines.append(
            Line(
                _("%(cards)s: %(melded)s each when melded, minus %(in_hand)s each left in a hand.")
                % {
                    "cards": threes,
                    "melded": values.black_three_melded,
                    "in_hand": values.black_three_in_hand,
                }
            )
        )
    lines.append(Line(_("Every other card left in a hand counts minus its value.")))
    if variant.melds_negative_without_canasta:
        lines.append(Line(_("A side without a canasta counts its melded cards minus.")))
    return lines


def meld_lines(variant: Variant) -> list[Line]:
    """Melds, wild cards, black-three melds (2.3), then the canastas."""
    jokers, twos = _name(variant, "jokers"), _name(variant, "twos")
    naturals = variant.min_naturals
    lines = [
        Line(
            ngettext(
                "A meld has at least %(count)s card of one rank.",
                "A meld has at least %(count)s cards of one rank.",
                variant.min_meld,
            )
            % {"count": variant.min_meld}
        ),
        Line(
            _("The wild cards are the %(jokers)s and the %(twos)s.")
            % {"jokers": jokers, "twos": twos}
        ),
    ]
    if variant.wild_limit is WildLimit.THREE:
        text = ngettext(
            "A meld holds at least %(count)s natural card and at most 3 wild cards.",
            "A meld holds at least %(count)s natural cards and at most 3 wild cards.",
            naturals,
        )
    elif variant.wild_limit is WildLimit.NATURALS:
        text = ngettext(
            "A meld holds at least %(count)s natural card, and never more wild cards than "
            "natural cards.",
            "A meld holds at least %(count)s natural cards, and never more wild cards than "
            "natural cards.",
            naturals,
        )
    else:
        text = ngettext(
            "A meld holds at least %(count)s natural card, and any number of wild cards.",
            "A meld holds at least %(count)s natural cards, and any number of wild cards.",
            naturals,
        )
    lines.append(Line(text % {"count": naturals}))
    if variant.repeat_ranks:
        lines.append(Line(_("A side may have two melds of the same rank.")))
    else:
        lines.append(Line(_("A side has at most one meld of each rank.")))
    if variant.wild_melds:
        lines.append(
            Line(
                _("Melds of wild cards only are allowed, from %(count)s cards.")
                % {"count": variant.wild_meld_min}
            )
        )
    threes = capfirst(_name(variant, "black_threes"))
    if variant.black_three_meld is BlackThreeMeld.GOING_OUT:
        text = _(
            "%(cards)s are melded only by a player going out: 3 or 4 of them, without wild cards."
        )
    elif variant.black_three_meld is BlackThreeMeld.CANASTA:
        text = _(
            "%(cards)s are melded only as a whole canasta, without wild cards, in any turn: "
            "it wins the game at once."
        )
    else:
        text = _("%(cards)s are never melded.")
    lines.append(Line(text % {"cards": threes}))
    return lines + canasta_lines(variant)


def canasta_lines(variant: Variant) -> list[Line]:
    """Canastas and their bonuses: by kind, by number, and espanola's sequences (2.4)."""
    jokers, twos = _name(variant, "jokers"), _name(variant, "twos")
    lines = []
    size = variant.canasta_size
    if variant.canasta_max:
        lines.append(
            Line(
                _("A meld holds at most %(max)s cards: a canasta is exactly %(max)s.")
                % {"max": variant.canasta_max}
            )
        )
    else:
        lines.append(Line(_("A canasta is a meld of %(size)s cards or more.") % {"size": size}))
    bonus = variant.canasta_bonus
    lines.append(
        Line(
            _(
                "Canasta bonus: %(natural)s for a natural one (no wild card), %(mixed)s for a "
                "mixed one."
            )
            % {"natural": bonus.natural, "mixed": bonus.mixed}
        )
    )
    if bonus.concealed is not None:
        lines.append(
            Line(
                _("A canasta laid down whole from the hand: %(bonus)s instead.")
                % {"bonus": bonus.concealed}
            )
        )
    if bonus.wild_pure is not None and bonus.wild_mixed is not None:
        lines.append(
            Line(
                _(
                    "A canasta of wild cards only: %(pure)s when all of one kind (all %(twos)s or "
                    "all %(jokers)s), else %(mixed)s."
                )
                % {
                    "pure": bonus.wild_pure,
                    "mixed": bonus.wild_mixed,
                    "twos": twos,
                    "jokers": jokers,
                }
            )
        )
    if variant.canasta_tiers:
        tiers = "; ".join(
            ngettext(
                "%(count)s canasta or more: %(bonus)s",
                "%(count)s canastas or more: %(bonus)s",
                count,
            )
            % {"count": count, "bonus": tier_bonus}
            for count, tier_bonus in variant.canasta_tiers
        )
        if variant.canasta_tier_mode is CanastaTiers.HIGHEST:
            text = _("Bonus for the number of canastas: %(tiers)s; only the highest counts.")
        else:
            text = _("Bonus for the number of canastas: %(tiers)s; these bonuses add up.")
        lines.append(Line(text % {"tiers": tiers}))
    if variant.sequence_bonus:
        seven, suit = variant.sequence_bonus
        if variant.sequences:
            text = _(
                "Sequences are played: 7 cards in a row of one suit, without wild cards, "
                "%(seven)s; the whole suit from 4 to ace, %(suit)s."
            )
        else:
            text = _(
                "Sequences (a house rule, off unless the table switches it on): 7 cards in a row "
                "of one suit, without wild cards, %(seven)s; the whole suit from 4 to ace, "
                "%(suit)s."
            )
        lines.append(Line(text % {"seven": seven, "suit": suit}))
    return lines


def red_three_lines(variant: Variant) -> list[Line]:
    """What red threes are worth, and when they count minus (2.5)."""
    name = _name(variant, "red_threes")
    scale = variant.red_three_scale
    if scale is RedThreeScale.DOUBLE_FROM_FOUR:
        text = _("%(cards)s: 100 each; 4 or more: 200 each (4 make 800).") % {
            "cards": capfirst(name)
        }
    elif scale is RedThreeScale.PLUS_500_FROM_FOUR:
        text = _("%(cards)s: 100 each; 4 or more: 500 more (4 make 900).") % {
            "cards": capfirst(name)
        }
    else:
        total = 500 if scale is RedThreeScale.ALL_FOR_500 else 800
        packs = sorted({variant.deck.fixed_packs or seating.packs for seating in variant.seatings})
        if len(packs) == 1:
            text = _("%(cards)s: 100 each; all %(count)s together: %(total)s in all.") % {
                "cards": capfirst(name),
                "count": 2 * packs[0],
                "total": total,
            }
        else:
            counts = _or(
                ngettext("%(count)s with %(packs)s pack", "%(count)s with %(packs)s packs", n)
                % {"count": 2 * n, "packs": n}
                for n in packs
            )
            text = _(
                "%(cards)s: 100 each; all of them together (%(counts)s): %(total)s in all."
            ) % {
                "cards": capfirst(name),
                "counts": counts,
                "total": total,
            }
    lines = [Line(text)]
    against = variant.red_threes_against
    if against is RedThreesAgainst.NO_MELD:
        text = _("A side that has not melded counts its %(cards)s minus.")
    elif against is RedThreesAgainst.NO_CANASTA:
        text = _("A side without a canasta counts its %(cards)s minus.")
    else:
        text = _(
            "A side that has not melded counts its %(cards)s minus when another side goes out; "
            "when the stock runs out with nobody out, they count plus."
        )
    lines.append(Line(text % {"cards": name}))
    lines.append(
        Line(
            _("%(cards)s are laid out as soon as they are drawn and never melded.")
            % {"cards": capfirst(name)}
        )
    )
    return lines


def _going_out_need(variant: Variant) -> str:
    if variant.going_out_need is GoingOutNeed.NATURAL_AND_MIXED:
        return _("To go out, a side needs a natural canasta and a mixed canasta.")
    by_count: dict[int, list[int]] = {}
    for seating in variant.seatings:
        players = by_count.setdefault(seating.going_out_canastas, [])
        if seating.players not in players:
            players.append(seating.players)
    usual = min(by_count, key=lambda count: -len(by_count[count]))
    text = ngettext(
        "To go out, a side needs %(count)s canasta.",
        "To go out, a side needs %(count)s canastas.",
        usual,
    ) % {"count": usual}
    for count, players in by_count.items():
        if count != usual:
            text += " " + ngettext(
                "With %(players)s players: %(count)s canasta.",
                "With %(players)s players: %(count)s canastas.",
                count,
            ) % {"players": _or(players), "count": count}
    return text


def going_out_lines(variant: Variant) -> list[Line]:
    """What going out needs and brings (2.6)."""
    lines = [Line(_going_out_need(variant))]
    bonus, concealed = variant.going_out_bonus, variant.concealed_going_out_bonus
    if concealed is not None:
        lines.append(
            Line(
                _("Going out: %(bonus)s; going out concealed: %(concealed)s in all.")
                % {"bonus": bonus, "concealed": concealed}
            )
        )
        lines.append(
            Line(
                _(
                    "Concealed: the side had melded nothing before the turn in which it melds "
                    "all its cards."
                )
            )
        )
    else:
        lines.append(Line(_("Going out: %(bonus)s, concealed or not.") % {"bonus": bonus}))
    lines.append(Line(_("When the stock runs out with nobody out, nobody scores that bonus.")))
    return lines


def _step_words(steps: tuple[tuple[int, int | str], ...], i: int) -> str:
    """One row of an opening table: "From 1500 to 2995: 90." ("Above 10000" for 10005)."""
    bound, minimum = steps[i]
    values = {"low": bound, "min": _minimum(minimum)}
    if bound % 10 == 5:  # a row that starts just over a round score ("oltre 10000")
        values["low"] = bound - 5
        if i + 1 < len(steps):
            return _("Above %(low)s up to %(high)s: %(min)s.") % {
                **values,
                "high": steps[i + 1][0] - 5,
            }
        return _("Above %(low)s: %(min)s.") % values
    if i + 1 < len(steps):
        return _("From %(low)s to %(high)s: %(min)s.") % {**values, "high": steps[i + 1][0] - 5}
    return _("From %(low)s: %(min)s.") % values


def opening_lines(variant: Variant) -> list[Line]:
    """The opening minimum by score, and what counts toward it (2.9)."""
    steps = variant.opening_steps
    lines = [
        Line(_("The minimum depends on the side's total at the start of the hand.")),
        Line(_("Below 0: %(min)s.") % {"min": variant.opening_below_zero}),
        *(Line(_step_words(steps, i)) for i in range(len(steps))),
    ]
    said: set[int] = set()
    for seating in variant.seatings:
        if seating.opening_steps is None or seating.players in said:
            continue
        said.add(seating.players)
        own = "; ".join(
            _("from %(low)s: %(min)s") % {"low": bound, "min": _minimum(minimum)}
            for bound, minimum in seating.opening_steps
            if (bound, minimum) not in steps
        )
        lines.append(
            Line(
                _("With %(players)s players, also %(steps)s.")
                % {"players": seating.players, "steps": own},
                testid="seating-opening",
            )
        )
    if variant.opening_single_meld:
        lines.append(Line(_("The opening must be one single meld.")))
    if variant.opening_from_hand_only:
        lines.append(
            Line(
                _(
                    "Only cards from the hand count toward the opening, not the top card of the "
                    "discard pile."
                ),
                testid="hand-only",
            )
        )
    else:
        lines.append(
            Line(
                _(
                    "The cards melded in that turn count, with the top card of the discard pile "
                    "when the pile is taken."
                )
            )
        )
    if variant.canasta_bonus.concealed is not None:
        lines.append(Line(_("A canasta laid down whole from the hand opens whatever its count.")))
    lines.append(
        Line(
            _("Bonuses and %(cards)s never count toward the opening.")
            % {"cards": _name(variant, "red_threes")}
        )
    )
    return lines


# The page ------------------------------------------------------------------------------------------


def _targets(variant: Variant) -> tuple[str, ...]:
    """ "5000", "with 6 players: 7500 or 10000"."""
    usual = _usual_target(variant)
    others: dict[int, list[int]] = {}
    for seating in variant.seatings:
        if seating.target != usual and seating.target not in others.setdefault(seating.players, []):
            others[seating.players].append(seating.target)
    words = [str(usual)]
    for players, targets in others.items():
        if targets:
            words.append(
                _("with %(players)s players: %(targets)s")
                % {"players": players, "targets": _or(targets)}
            )
    return tuple(words)


def _opening_glance(variant: Variant) -> tuple[str, ...]:
    """ "below 0: 15", "from 0: 50", "from 1500: 90", "from 3000: 120"."""
    rows = [_("below 0: %(min)s") % {"min": variant.opening_below_zero}]
    for bound, minimum in variant.opening_steps:
        values = {"low": bound, "min": _minimum(minimum)}
        if bound % 10 == 5:  # italiana's "oltre 10000"
            rows.append(_("above %(low)s: %(min)s") % {**values, "low": bound - 5})
        else:
            rows.append(_("from %(low)s: %(min)s") % values)
    return tuple(rows)


def glance(variant: Variant) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The few facts a table looks up most, as (term, items): players, target, opening minimum.

    A page keeps each item whole on a line where it fits ("from 1500: 90").
    """
    return (
        (_("Players"), (_or(variant.player_counts),)),
        (_("Target"), ("; ".join(_targets(variant)),)),
        (_("Opening"), _opening_glance(variant)),
    )


def topics(variant: Variant) -> tuple[Topic, ...]:
    return (
        Topic("table", _("Table"), tuple(table_lines(variant))),
        Topic("cards", _("Cards"), tuple(card_lines(variant))),
        Topic("melds", _("Melds"), tuple(meld_lines(variant))),
        Topic(
            "red-threes", capfirst(_name(variant, "red_threes")), tuple(red_three_lines(variant))
        ),
        Topic("going-out", _("Going out"), tuple(going_out_lines(variant))),
        Topic("opening", _("Opening"), tuple(opening_lines(variant))),
    )


def preset_words(variant: Variant) -> PresetWords:
    return PresetWords(variant, glance(variant), topics(variant))


# House rules --------------------------------------------------------------------------------------


def choice_words(value: object) -> str:
    """One value a choice house rule may take, in words."""
    if isinstance(value, WildLimit):
        return {
            WildLimit.THREE: _("at most 3 wild cards"),
            WildLimit.NATURALS: _("no more wild cards than natural cards"),
            WildLimit.NONE: _("any number of wild cards"),
            WildLimit.TWO: _("at most 2 wild cards"),
            WildLimit.BELOW_NATURALS: _("at most 3 wild cards, and fewer than the natural cards"),
        }[value]
    if isinstance(value, BlackThreeMeld):
        return {
            BlackThreeMeld.GOING_OUT: _("only by a player going out, 3 or 4 of them"),
            BlackThreeMeld.CANASTA: _("only as a whole canasta, which wins the game"),
            BlackThreeMeld.NEVER: _("never"),
        }[value]
    if isinstance(value, RedThreeScale):
        return {
            RedThreeScale.DOUBLE_FROM_FOUR: _("100 each, 200 each from 4"),
            RedThreeScale.PLUS_500_FROM_FOUR: _("100 each, 500 more from 4"),
            RedThreeScale.ALL_FOR_500: _("100 each, all of them together 500"),
            RedThreeScale.ALL_FOR_800: _("100 each, all of them together 800"),
            RedThreeScale.ALL_FOR_1000: _("100 each, all of them together 1000"),
            RedThreeScale.LADDER: _("each colour apart: 1, 2, 3, 4 are worth 100, 300, 500, 1000"),
            RedThreeScale.FLAT: _("100 each"),
            RedThreeScale.NOTHING: _("nothing"),
        }[value]
    if isinstance(value, RedThreesAgainst):
        return {
            RedThreesAgainst.NO_MELD: _("a side that has not melded"),
            RedThreesAgainst.NO_CANASTA: _("a side without a canasta"),
            RedThreesAgainst.NO_MELD_ANOTHER_OUT: _(
                "a side that has not melded, when another side goes out"
            ),
            RedThreesAgainst.FEWER_THAN_TWO_CANASTAS: _("a side with fewer than two canastas"),
            RedThreesAgainst.MODERN_SWING: _(
                "a side without a canasta (and they count nothing with exactly one)"
            ),
            RedThreesAgainst.NEVER: _("never"),
        }[value]
    if isinstance(value, CanastaTiers):
        return {
            CanastaTiers.HIGHEST: _("only the highest bonus reached"),
            CanastaTiers.CUMULATIVE: _("every bonus reached, added up"),
        }[value]
    if isinstance(value, OnTie):
        return {OnTie.ANOTHER_HAND: _("another hand"), OnTie.DRAW: _("a draw")}[value]
    if isinstance(value, RedThreePenalty):
        return {
            RedThreePenalty.SAME: _("what they would earn"),
            RedThreePenalty.MINUS_100_EACH: _("100 each"),
        }[value]
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


def _house_rule_text(rule: HouseRule) -> str:
    texts = {
        "target": _("The score that ends the game."),
        "wild_limit": _("How many wild cards a meld may hold."),
        "black_three_meld": _("When black threes may be melded."),
        "red_three_scale": _("What red threes are worth."),
        "red_threes_against": _("Who counts their red threes minus."),
        "going_out_canastas": _("How many canastas a side needs to go out."),
        "opening_below_zero": _("The opening minimum of a side whose total is below zero."),
        "on_tie": _("An exact tie for the highest total at the end."),
        "packs": _(
            "How many packs are played: it sets how many cards of each kind there can be, and "
            "how many red threes make “all of them”."
        ),
        "cards_dealt": _("How many cards each player is dealt."),
        "wild_melds": _("Whether melds of wild cards only are allowed."),
        "concealed_canasta_bonus": _(
            "The bonus of a canasta laid down whole from the hand, instead of the natural or "
            "mixed bonus."
        ),
        "canasta_tiers": _("Which bonuses for the number of canastas count."),
        "sequences": _(
            "Whether sequences are played: 7 cards in a row of one suit, and the whole suit "
            "from 4 to ace."
        ),
    }
    if rule.name in texts:
        return texts[rule.name]
    return _SECTION.sub("", _(rule.help))  # a rule this page does not know yet: its own help


def house_rule_words(
    rules: Mapping[str, HouseRule], presets: Mapping[str, Variant]
) -> list[HouseRuleWords]:
    """Each house rule in words: its label, what it changes, its choices, where it applies."""
    out = []
    for rule in rules.values():
        applies = [preset for preset in presets.values() if rule.applies(preset)]
        out.append(
            HouseRuleWords(
                anchor="house-rule-" + rule.name.replace("_", "-"),
                label=_(rule.label),
                text=_house_rule_text(rule),
                choices=tuple(choice_words(member) for member in rule.values.enum)
                if isinstance(rule.values, Choice)
                else (),
                only_in=tuple(p.name for p in applies) if len(applies) * 2 <= len(presets) else (),
                not_in=tuple(p.name for p in presets.values() if p not in applies)
                if len(applies) * 2 > len(presets)
                else (),
            )
        )
    return out
