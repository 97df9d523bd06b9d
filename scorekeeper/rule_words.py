"""A preset's values in words, for the Rules page: short translatable sentences, one list a topic.

The rules engine (``scorekeeper.rules``) holds the values as data and enums; this module turns
them into what a player reads at the table ("Red threes: 100 each; all 4 together: 800 in all"),
in the reader's language. It only reads :class:`Variant` fields and the constants the scorer
counts with, each through a placeholder, so a preset's page always says what the scorer does
(tests/unit/test_rule_words_data.py finds any figure written into the prose). The house rules'
words are house_rule_words.py's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.rules.errors import Phrase
from scorekeeper.rules.opening import Minimum
from scorekeeper.rules.same_rank import SAME_RANK
from scorekeeper.rules.sequences import STRAIGHT_LENGTH
from scorekeeper.rules.threes import (
    AGAINST,
    SCALES,
    RedThreePenalty,
    RedThreesAgainst,
    penalty_words,
)
from scorekeeper.rules.variants import (
    CANASTA,
    GOING_OUT_THREES,
    BlackThreeMeld,
    CanastaTiers,
    GoingOutNeed,
    OnTie,
    OpeningBy,
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


_T = TypeVar("_T")


# Small helpers ------------------------------------------------------------------------------------


def or_words(items: Iterable[object]) -> str:
    """ "2, 3 or 4"."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def and_words(items: Iterable[object]) -> str:
    """ "2 and 3"."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _name(variant: Variant, kind: str) -> str:
    """What the preset calls a kind of card ("black threes", origen's "DETENER"), translated."""
    return _(variant.deck.names.of(kind))


def _minimum(minimum: Minimum) -> str:
    return _("a complete canasta") if minimum == CANASTA else str(minimum)


def _packs(variant: Variant, packs: int) -> str:
    if variant.deck.description:
        return _(variant.deck.description)
    return ngettext("%(count)s pack", "%(count)s packs", packs) % {"count": packs}


def _most(values: Iterable[_T]) -> _T:
    """The value most seatings share (the exceptions are said per table)."""
    found = list(values)
    return max(dict.fromkeys(found), key=found.count)


def _usual_target(variant: Variant) -> int | None:
    """The target of most tables; None where most play a number of hands."""
    return _most(seating.target for seating in variant.seatings)


def _usual_hands(variant: Variant) -> int:
    """The number of hands of most tables that play a game of a number of hands."""
    return _most(
        seating.hands for seating in variant.seatings if seating.target is None and seating.hands
    )


def _game_of(hands: int) -> str:
    return ngettext("a game of %(count)s hand", "a game of %(count)s hands", hands) % {
        "count": hands
    }


def _books(variant: Variant) -> bool:
    """Whether the preset counts its canastas as books (clean, dirty, wild) to go out."""
    return variant.going_out_need is GoingOutNeed.BOOKS


def _rank_words(rank: str) -> str:
    """ "sevens": the cards of a rank, as a table names them."""
    words = {
        "A": _("aces"),
        "K": _("kings"),
        "Q": _("queens"),
        "J": _("jacks"),
        "10": _("tens"),
        "9": _("nines"),
        "8": _("eights"),
        "7": _("sevens"),
        "6": _("sixes"),
        "5": _("fives"),
        "4": _("fours"),
    }
    return words.get(rank, _("cards of another rank"))


_RANK_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


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
    return _("sides of %(sizes)s") % {"sizes": and_words(sizes)}


# Topics ---------------------------------------------------------------------------------------------


def _dealt(variant: Variant, cards: int) -> str:
    return variant.feet.dealt_words(cards).render(_, ngettext)


def _game_end(variant: Variant) -> str:
    usual = _usual_target(variant)
    if usual is None:
        hands = _usual_hands(variant)
        return ngettext(
            "A game is %(count)s hand: the highest total after it wins.",
            "A game is %(count)s hands: the highest total after the last one wins.",
            hands,
        ) % {"count": hands}
    return _(
        "The game ends after the hand in which a side reaches %(target)s: the highest total wins."
    ) % {"target": usual}


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
            "dealt": _dealt(variant, seating.cards_dealt),
            "packs": _packs(variant, seating.packs),
        }
        if seating.target != usual:
            if seating.target is None:
                text += " " + capfirst(_game_of(seating.hands or 0)) + "."
            else:
                text += " " + _("Game to %(target)s.") % {"target": seating.target}
        lines.append(Line(text))
    packs = {seating.packs - seating.players for seating in variant.seatings}
    if len(variant.seatings) > 1 and packs == {1} and variant.deck.fixed_packs is None:
        lines.append(Line(_("Packs: one more than there are players."), testid="packs-per-player"))
    lines.append(Line(_game_end(variant)))
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


def _threes_in_hand(variant: Variant) -> list[Line]:
    """What a three left in a hand (or foot) costs (2.2)."""
    values = variant.values
    black = capfirst(_name(variant, "black_threes"))
    red = capfirst(_name(variant, "red_threes"))
    if _laid(variant) and variant.red_three_in_hand == values.black_three_in_hand:
        return [
            Line(
                _("A three of either colour left in a hand: minus %(in_hand)s each.")
                % {"in_hand": values.black_three_in_hand}
            )
        ]
    lines = []
    if not variant.black_three_meld.melded:
        lines.append(Line(_said(variant.feet.black_threes_left(black, values.black_three_in_hand))))
    else:
        lines.append(
            Line(
                _("%(cards)s: %(melded)s each when melded, minus %(in_hand)s each left in a hand.")
                % {
                    "cards": black,
                    "melded": values.black_three_melded,
                    "in_hand": values.black_three_in_hand,
                }
            )
        )
    if variant.red_three_in_hand is not None:
        left = variant.feet.red_threes_left(red, variant.red_three_in_hand)
        lines.append(Line(_said(left), testid="red-in-hand"))
    return lines


def card_lines(variant: Variant) -> list[Line]:
    """Card values, threes left in hand, melds counting minus (2.2, 2.7)."""
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
    lines += _threes_in_hand(variant)
    lines.append(Line(_said(variant.feet.cards_left())))
    if variant.melds_negative_without_canasta:
        lines.append(Line(_("A side without a canasta counts its melded cards minus.")))
    return lines


def _wild_limit_words(variant: Variant) -> str:
    naturals = variant.min_naturals
    limit = variant.wild_limit
    if limit is WildLimit.BELOW_NATURALS:
        text = ngettext(
            "A meld holds at least %(count)s natural card, at most %(most)s wild cards, and "
            "always fewer wild cards than natural cards.",
            "A meld holds at least %(count)s natural cards, at most %(most)s wild cards, and "
            "always fewer wild cards than natural cards.",
            naturals,
        )
    elif limit.most is not None:
        text = ngettext(
            "A meld holds at least %(count)s natural card and at most %(most)s wild cards.",
            "A meld holds at least %(count)s natural cards and at most %(most)s wild cards.",
            naturals,
        )
    elif limit is WildLimit.NATURALS:
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
    return text % {"count": naturals, "most": limit.most}


def _same_rank_words(variant: Variant) -> str:
    return " ".join(_(text) for text in SAME_RANK[variant.same_rank].words(variant))


def meld_lines(variant: Variant) -> list[Line]:
    """Melds, wild cards, black-three melds (2.3), then the canastas."""
    jokers, twos = _name(variant, "jokers"), _name(variant, "twos")
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
        Line(_wild_limit_words(variant)),
    ]
    if variant.wild_free_ranks:
        ranks = [rank for rank in _RANK_ORDER if rank in variant.wild_free_ranks]
        lines.append(
            Line(
                _("No wild card in a meld of %(ranks)s.")
                % {"ranks": or_words(_rank_words(rank) for rank in ranks)}
            )
        )
    lines.append(Line(_same_rank_words(variant)))
    if variant.wild_melds:
        if variant.wild_meld_max:
            text = _(
                "Melds of wild cards only are allowed, from %(min)s to %(max)s cards, "
                "%(twos)s and %(jokers)s mixed freely: at %(max)s such a meld is complete and "
                "takes no more cards."
            )
        else:
            text = _("Melds of wild cards only are allowed, from %(min)s cards.")
        lines.append(
            Line(
                text
                % {
                    "min": variant.wild_meld_min,
                    "max": variant.wild_meld_max,
                    "twos": twos,
                    "jokers": jokers,
                }
            )
        )
    threes = capfirst(_name(variant, "black_threes"))
    if _laid(variant):
        text = _("Threes of either colour are never melded.")
    elif variant.black_three_meld is BlackThreeMeld.GOING_OUT:
        text = _(
            "%(cards)s are melded only by a player going out: %(counts)s of them, without wild "
            "cards."
        )
    elif variant.black_three_meld is BlackThreeMeld.CANASTA:
        text = _(
            "%(cards)s are melded only as a whole canasta, without wild cards, in any turn: "
            "it wins the game at once."
        )
    else:
        text = _("%(cards)s are never melded.")
    lines.append(Line(text % {"cards": threes, "counts": or_words(GOING_OUT_THREES)}))
    return lines + canasta_lines(variant)


def _wild_canasta_lines(variant: Variant) -> list[Line]:
    """Canastas of wild cards only: espanola's pure/mixed, modern-american's three, one value."""
    bonus = variant.canasta_bonus
    jokers, twos = _name(variant, "jokers"), _name(variant, "twos")
    if bonus.wild_pure is None or bonus.wild_mixed is None:
        return []
    if bonus.wild_jokers is not None:
        text = _(
            "A canasta of wild cards only: %(pure)s for seven %(twos)s, %(with_jokers)s for all "
            "four %(jokers)s with three %(twos)s, %(mixed)s for any other."
        )
    elif bonus.wild_pure == bonus.wild_mixed and _books(variant):
        text = _("A book of %(size)s wild cards (a wild book): %(pure)s.")
    elif bonus.wild_pure == bonus.wild_mixed:
        text = _("A canasta of %(size)s wild cards only: %(pure)s.")
    else:
        text = _(
            "A canasta of wild cards only: %(pure)s when all of one kind (all %(twos)s or "
            "all %(jokers)s), else %(mixed)s."
        )
    return [
        Line(
            text
            % {
                "pure": bonus.wild_pure,
                "mixed": bonus.wild_mixed,
                "with_jokers": bonus.wild_jokers,
                "size": variant.wild_meld_max or variant.canasta_size,
                "twos": twos,
                "jokers": jokers,
            }
        )
    ]


def _sequence_lines(variant: Variant) -> list[Line]:
    """Espanola's sequences of 7 and the whole suit; samba's and bolivia's of 3 to 7 (2.3, 2.4)."""
    name = Phrase(variant.deck.names.sequence)
    return [Line(_said(words), testid) for words, testid in variant.sequences.words(name)]


def canasta_lines(variant: Variant) -> list[Line]:
    """Canastas and their bonuses: by kind, by number, and sequences (2.4)."""
    lines = []
    size = variant.canasta_size
    if _books(variant):
        lines.append(
            Line(
                _(
                    "A canasta is called a book: a clean book has no wild card, a dirty book has "
                    "some."
                )
            )
        )
    if variant.canasta_max:
        lines.append(
            Line(
                _("A meld holds at most %(max)s cards: a canasta is exactly %(max)s.")
                % {"max": variant.canasta_max}
            )
        )
        if variant.over_max_going_out:
            lines.append(
                Line(
                    _(
                        "In the turn a side goes out, a meld of natural cards may hold more than "
                        "%(max)s."
                    )
                    % {"max": variant.canasta_max}
                )
            )
    else:
        lines.append(Line(_("A canasta is a meld of %(size)s cards or more.") % {"size": size}))
    bonus = variant.canasta_bonus
    if _books(variant):
        text = _("Book bonus: %(natural)s for a clean book, %(mixed)s for a dirty book.")
    else:
        text = _(
            "Canasta bonus: %(natural)s for a natural one (no wild card), %(mixed)s for a "
            "mixed one."
        )
    lines.append(Line(text % {"natural": bonus.natural, "mixed": bonus.mixed}))
    if bonus.aces is not None:
        lines.append(
            Line(_("A natural canasta of aces: %(bonus)s.") % {"bonus": bonus.aces}, testid="aces")
        )
    if bonus.sevens is not None:
        lines.append(Line(_("A canasta of sevens: %(bonus)s.") % {"bonus": bonus.sevens}))
    if bonus.concealed is not None:
        lines.append(
            Line(
                _("A canasta laid down whole from the hand: %(bonus)s instead.")
                % {"bonus": bonus.concealed}
            )
        )
    lines += _wild_canasta_lines(variant)
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
    return lines + _sequence_lines(variant)


def special_hand_lines(variant: Variant) -> list[Line]:
    """Modern American's special hands of 14 cards (2.4, 2.10)."""
    return [Line(_said(words), testid) for words, testid in variant.special_hands.words()]


def _laid(variant: Variant) -> bool:
    """Black threes laid out beside the red (modern-american): the page speaks of "threes"."""
    return variant.black_three_meld is BlackThreeMeld.LAID_OUT


def _said(phrase: Phrase) -> str:
    """An engine phrase in the reader's language, first letter up."""
    return capfirst(phrase.render(_, ngettext))


def _red_three_value(variant: Variant) -> str:
    """What the red threes (modern-american: the threes of both colours) laid out are worth."""
    cards = Phrase(variant.deck.names.red_threes)
    packs = tuple(
        sorted({variant.deck.fixed_packs or seating.packs for seating in variant.seatings})
    )
    return _said(SCALES[variant.red_three_scale].words(cards, packs, _laid(variant)))


def red_three_lines(variant: Variant) -> list[Line]:
    """What red threes are worth, and when they count minus (2.5)."""
    name = _name(variant, "red_threes")
    lines = [Line(_red_three_value(variant))]
    against = variant.red_threes_against
    text = _(AGAINST[against].words(_laid(variant)))
    lines.append(Line(capfirst(text % {"cards": name}), testid="red-threes-against"))
    if against is not RedThreesAgainst.NEVER:
        penalty = variant.red_three_penalty
        if penalty is not RedThreePenalty.SAME or (
            variant.house_rules is not None and "red_three_penalty" in variant.house_rules
        ):
            lines.append(Line(_said(penalty_words(penalty))))
    if _laid(variant):
        text = _("Each three laid out is replaced from the stock; threes are never discarded.")
    else:
        text = _("%(cards)s are laid out as soon as they are drawn and never melded.")
    lines.append(Line(text % {"cards": capfirst(name)}))
    return lines


def _going_out_need(variant: Variant) -> str:
    if variant.going_out_need is GoingOutNeed.NATURAL_AND_MIXED:
        return _("To go out, a side needs a natural canasta and a mixed canasta.")
    if variant.going_out_need is GoingOutNeed.BOOKS:
        clean, dirty, wild = variant.going_out_books
        books = [
            ngettext("%(count)s clean book", "%(count)s clean books", clean) % {"count": clean},
            ngettext("%(count)s dirty book", "%(count)s dirty books", dirty) % {"count": dirty},
        ]
        if wild:
            books.append(
                ngettext("%(count)s wild book", "%(count)s wild books", wild) % {"count": wild}
            )
        return _(
            "To go out, a player must have played their hand and their foot, and the side needs "
            "%(books)s, counted by kind: a spare book of one kind never stands in for another."
        ) % {"books": and_words(books)}
    by_count: dict[int, list[int]] = {}
    for seating in variant.seatings:
        players = by_count.setdefault(seating.going_out_canastas, [])
        if seating.players not in players:
            players.append(seating.players)
    usual = min(by_count, key=lambda count: -len(by_count[count]))
    if variant.going_out_need is GoingOutNeed.WITH_SEQUENCE:
        text = ngettext(
            "To go out, a side needs %(count)s canasta, a sequence of %(length)s (%(sequence)s).",
            "To go out, a side needs %(count)s canastas, at least one of them a sequence of "
            "%(length)s (%(sequence)s).",
            usual,
        ) % {"count": usual, "length": STRAIGHT_LENGTH, "sequence": _name(variant, "sequence")}
    else:
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
            ) % {"players": or_words(players), "count": count}
    return text


def going_out_lines(variant: Variant) -> list[Line]:
    """What going out needs and brings (2.6)."""
    lines = [Line(_going_out_need(variant), testid="going-out-need")]
    if variant.unfinished is not None:
        lines.append(
            Line(
                _(
                    "A side may not go out with an unfinished meld of aces, of sevens or of wild "
                    "cards."
                )
            )
        )
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


def other_lines(variant: Variant) -> list[Line]:
    """Penalties and bonuses outside the canastas (2.8)."""
    lines = []
    unfinished = variant.unfinished
    if unfinished is not None:
        lines.append(
            Line(
                _(
                    "At the end of the hand, an unfinished meld of aces counts minus %(aces)s, of "
                    "sevens minus %(sevens)s, of wild cards minus %(wild)s, whatever the side's "
                    "canastas."
                )
                % {"aces": unfinished.aces, "sevens": unfinished.sevens, "wild": unfinished.wild},
                testid="unfinished",
            )
        )
        if unfinished.wild_jokers != unfinished.wild:
            lines.append(
                Line(
                    _("An unfinished meld of wild cards holding all four %(jokers)s: minus %(n)s.")
                    % {"jokers": _name(variant, "jokers"), "n": unfinished.wild_jokers}
                )
            )
    if variant.caught_set_penalty:
        lines.append(
            Line(
                _(
                    "A caught set: a player who holds three or more aces at the end counts minus "
                    "%(penalty)s, and three or more sevens minus %(penalty)s, on top of the cards' "
                    "values."
                )
                % {"penalty": variant.caught_set_penalty},
                testid="caught-set",
            )
        )
    pickup = variant.feet.pickup_words(_most(s.cards_dealt for s in variant.seatings))
    if pickup is not None:
        lines.append(Line(_said(pickup), testid="exact-pickup"))
    return lines


def _step_words(steps: tuple[tuple[int, Minimum], ...], i: int) -> str:
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


def hand_step_words(values: tuple[int, ...], i: int) -> str:
    """ "Hand 2: 90.", "Hand 4 and later: 150.": the minimum of the game's hand ``i + 1``."""
    if i + 1 < len(values):
        return _("Hand %(n)s: %(min)s.") % {"n": i + 1, "min": values[i]}
    return _("Hand %(n)s and later: %(min)s.") % {"n": i + 1, "min": values[i]}


def _by_score_lines(variant: Variant) -> list[Line]:
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
    if variant.opening_by_hand:  # a club may set the minimum by the hand's number instead
        by_hand = variant.opening_by_hand
        lines.append(
            Line(
                _("Where a club sets it by the hand's number instead: %(steps)s.")
                % {"steps": "; ".join(_hand_glance(by_hand))}
            )
        )
    return lines


def opening_lines(variant: Variant) -> list[Line]:
    """The opening minimum by score or by the hand's number, and what counts toward it (2.9)."""
    if variant.opening_by is OpeningBy.HAND_NUMBER:
        values = variant.opening_by_hand
        lines = [
            Line(
                _("The minimum depends on the hand's number in the game, not on the score."),
                testid="by-hand",
            ),
            *(Line(hand_step_words(values, i)) for i in range(len(values))),
        ]
    else:
        lines = _by_score_lines(variant)
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
    toward = variant.sequences.opening_words()
    if toward is not None:
        lines.append(Line(_said(toward)))
    if variant.canasta_bonus.concealed is not None:
        lines.append(Line(_("A canasta laid down whole from the hand opens whatever its count.")))
    if variant.splash:
        lines.append(
            Line(_("A complete canasta laid down from the hand opens with no minimum (splash)."))
        )
    if _laid(variant):
        lines.append(Line(_("Bonuses and threes never count toward the opening.")))
    else:
        lines.append(
            Line(
                _("Bonuses and %(cards)s never count toward the opening.")
                % {"cards": _name(variant, "red_threes")}
            )
        )
    return lines


def opening_rows(variant: Variant, rows: list[tuple[str, Minimum]]) -> list[tuple[str, str]]:
    """The rows of ``opening_table`` in words, for the lookup page: (score range or hand,
    minimum); a table by the hand's number says "Hand 1", "Hand 4 and later"."""
    if variant.opening_by is OpeningBy.HAND_NUMBER:
        count = len(rows)
        return [
            (
                capfirst(
                    _("hand %(n)s") % {"n": i}
                    if i < count
                    else _("hand %(n)s and later") % {"n": i}
                ),
                _minimum(minimum),
            )
            for i, (_label, minimum) in enumerate(rows, 1)
        ]
    return [(label, _minimum(minimum)) for label, minimum in rows]


# The page ------------------------------------------------------------------------------------------


def _targets(variant: Variant) -> tuple[str, ...]:
    """ "5000", "with 6 players: 7500 or 10000"; "4 hands" where a game is a number of hands."""
    usual = _usual_target(variant)
    others: dict[int, list[int]] = {}
    for seating in variant.seatings:
        if (
            seating.target is not None
            and seating.target != usual
            and seating.target not in others.setdefault(seating.players, [])
        ):
            others[seating.players].append(seating.target)
    if usual is None:
        hands = _usual_hands(variant)
        words = [ngettext("%(count)s hand", "%(count)s hands", hands) % {"count": hands}]
    else:
        words = [str(usual)]
    for players, targets in others.items():
        if targets:
            words.append(
                _("with %(players)s players: %(targets)s")
                % {"players": players, "targets": or_words(targets)}
            )
    return tuple(words)


def _hand_glance(values: tuple[int, ...]) -> tuple[str, ...]:
    """ "hand 1: 50", "hand 2: 90", "from hand 4: 150"."""
    return tuple(
        _("hand %(n)s: %(min)s") % {"n": i, "min": minimum}
        if i < len(values)
        else _("from hand %(n)s: %(min)s") % {"n": i, "min": minimum}
        for i, minimum in enumerate(values, 1)
    )


def _opening_glance(variant: Variant) -> tuple[str, ...]:
    """ "below 0: 15", "from 0: 50", "from 1500: 90"; "hand 1: 50"... by the hand's number."""
    if variant.opening_by is OpeningBy.HAND_NUMBER:
        return _hand_glance(variant.opening_by_hand)
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
    target_term = _("Target") if _usual_target(variant) is not None else _("Game")
    return (
        (_("Players"), (or_words(variant.player_counts),)),
        (target_term, ("; ".join(_targets(variant)),)),
        (_("Opening"), _opening_glance(variant)),
    )


def topics(variant: Variant) -> tuple[Topic, ...]:
    threes = _("Threes") if _laid(variant) else capfirst(_name(variant, "red_threes"))
    found = [
        Topic("table", _("Table"), tuple(table_lines(variant))),
        Topic("cards", _("Cards"), tuple(card_lines(variant))),
        Topic("melds", _("Melds"), tuple(meld_lines(variant))),
        Topic("special-hands", _("Special hands"), tuple(special_hand_lines(variant))),
        Topic("red-threes", threes, tuple(red_three_lines(variant))),
        Topic("going-out", _("Going out"), tuple(going_out_lines(variant))),
        Topic("other", _("Penalties and other bonuses"), tuple(other_lines(variant))),
        Topic("opening", _("Opening"), tuple(opening_lines(variant))),
    ]
    return tuple(topic for topic in found if topic.lines)


def preset_words(variant: Variant) -> PresetWords:
    return PresetWords(variant, glance(variant), topics(variant))
