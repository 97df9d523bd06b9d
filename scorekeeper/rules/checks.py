"""Checks that span the sides of a hand (VARIANTS.md section 4, 2.1 and 2.6).

Deck limits count every side's melds and hands together (section 1), melded card points included
(590 a pack); going out is checked against the seating's needs (2.6); at most one side goes out,
at most one side cuts exactly (2.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub
from typing import Any

from scorekeeper.rules.cards import CARD_CLASSES, CardClass, class_limits, class_maxima
from scorekeeper.rules.errors import (
    Phrase,
    RuleViolation,
    gettext_noop,
    list_phrase,
    ngettext_lazy,
    side_phrase,
)
from scorekeeper.rules.family_checks import SET_CARDS, check_family_keys, held_red_threes
from scorekeeper.rules.house_rules import Ruleset
from scorekeeper.rules.melds import (
    CLEAN_BOOKS,
    COUNTS_AS_MIXED,
    COUNTS_AS_NATURAL,
    DIRTY_BOOKS,
    WILD_KINDS,
    MeldedFacts,
    max_melded_points,
    over_the_deck,
)
from scorekeeper.rules.records import (
    NO_CARDS,
    NO_FAMILY_KEYS,
    CardCounts,
    HandRecord,
    Points,
    SideHand,
)
from scorekeeper.rules.variants import GoingOutNeed


def check_hand(record: HandRecord, melded: Sequence[MeldedFacts]) -> None:
    """Raise a RuleViolation for the first cross-side rule the hand breaks."""
    ruleset = record.ruleset
    variant = ruleset.variant
    sides = record.sides
    out = []
    cutters = []
    for i, side in enumerate(sides):  # one pass: the usual hand has one side out, no cut
        if side.went_out:
            out.append(i)
        if side.exact_cut:
            cutters.append(i)
    if len(out) > 1:
        raise RuleViolation(
            gettext_noop("more than one side went out: %(sides)s"),
            field="went_out",
            sides=_named(sides, out),
        )
    if cutters and variant.exact_cut_bonus is None:
        raise RuleViolation(
            gettext_noop("an exact cut scores nothing in %(variant)s"),
            side=cutters[0] + 1,
            field="exact_cut",
            variant=variant.id,
        )
    if len(cutters) > 1:
        raise RuleViolation(
            gettext_noop("only one side can cut exactly: %(sides)s both cut exactly"),
            field="exact_cut",
            sides=_named(sides, cutters),
        )
    if not record.usual or ruleset.seating.hands is not None:
        check_family_keys(record)
    layout = ruleset.seating.layout
    for number, side in enumerate(sides, 1):
        if side.concealed and not side.went_out:
            raise RuleViolation(
                gettext_noop("concealed going out without going out"),
                side=number,
                side_name=side.name,
                field="concealed",
            )
        if side.went_out:
            _check_going_out(ruleset, melded[number - 1], number, side.name)
            if layout[number - 1] == 1 and (
                _holds_cards(side.hand) or _holds_cards(side.family.foot)
            ):
                raise RuleViolation(
                    gettext_noop("a player who went out holds no cards"),
                    side=number,
                    side_name=side.name,
                    field="hand",
                )
    _check_deck(record, melded)


def _named(sides: Sequence[SideHand], indexes: list[int]) -> Phrase:
    """ "side 1 (NS) and side 2 (EW)": the sides at those 0-based indexes."""
    return list_phrase([side_phrase(i + 1, sides[i].name) for i in indexes])


def _holds_cards(hand: CardCounts | Points) -> bool:
    return hand.points > 0 if isinstance(hand, Points) else hand.cards > 0


def _check_going_out(ruleset: Ruleset, facts: MeldedFacts, number: int, name: str) -> None:
    variant = ruleset.variant
    need = variant.going_out_need
    if (
        need is _CANASTAS
        and not facts.unfinished
        and facts.canasta_count >= ruleset.seating.going_out_canastas
    ):
        return  # the usual side that went out: enough canastas, nothing unfinished
    where: dict[str, Any] = {"side": number, "side_name": name, "field": "went_out"}
    if facts.unfinished and variant.unfinished is not None:
        raise RuleViolation(
            gettext_noop(
                "no going out while a meld of natural aces, of sevens or of wild cards is "
                "unfinished"
            ),
            **where,
        )
    if need is GoingOutNeed.BOOKS:
        _check_books(variant.going_out_books, facts, where)
        return
    if need is GoingOutNeed.WITH_SEQUENCE and not facts.straights:
        raise RuleViolation(
            ngettext_lazy(
                "going out needs %(n)s canasta, among them at least one %(sequence)s",
                "going out needs %(n)s canastas, among them at least one %(sequence)s",
                "n",
            ),
            n=ruleset.seating.going_out_canastas,
            sequence=Phrase(variant.deck.names.sequence),
            **where,
        )
    if need in (GoingOutNeed.CANASTAS, GoingOutNeed.WITH_SEQUENCE):
        wanted = ruleset.seating.going_out_canastas
        made = facts.canasta_count
        if made >= wanted:
            return
        same_everywhere = len({s.going_out_canastas for s in variant.seatings}) == 1
        if ruleset.is_house_rule("going_out_canastas") or wanted == 1 or same_everywhere:
            raise RuleViolation(
                ngettext_lazy(
                    "going out needs %(n)s canasta, %(made)s made",
                    "going out needs %(n)s canastas, %(made)s made",
                    "n",
                ),
                setting="going_out_canastas",
                n=wanted,
                made=made,
                **where,
            )
        # The seating's own need (classic with two or six players): say why.
        raise RuleViolation(
            ngettext_lazy(
                "going out needs %(n)s canasta with %(players)s players, %(made)s made",
                "going out needs %(n)s canastas with %(players)s players, %(made)s made",
                "n",
            ),
            n=wanted,
            players=ruleset.seating.players,
            made=made,
            **where,
        )
    elif need is GoingOutNeed.NATURAL_AND_MIXED:
        kinds = facts.canastas.keys()
        if not (kinds & COUNTS_AS_NATURAL and kinds & COUNTS_AS_MIXED):
            raise RuleViolation(
                gettext_noop("going out needs a natural and a mixed canasta"), **where
            )
    else:  # pragma: no cover - a new GoingOutNeed without its check is a bug
        raise AssertionError(need)


_CANASTAS = GoingOutNeed.CANASTAS


def _check_books(contract: tuple[int, int, int], facts: MeldedFacts, where: dict[str, Any]) -> None:
    """Hand and Foot (2.6): books counted strictly by kind; a spare clean book stands in for no
    dirty one, and a wild book for neither."""
    kinds = facts.canastas
    made = (
        sum(n for kind, n in kinds.items() if kind in CLEAN_BOOKS),
        sum(n for kind, n in kinds.items() if kind in DIRTY_BOOKS),
        sum(n for kind, n in kinds.items() if kind in WILD_KINDS),
    )
    if all(have >= need for have, need in zip(made, contract, strict=True)):
        return
    clean, dirty, wild = contract
    raise RuleViolation(
        gettext_noop(
            "going out needs %(clean)s clean and %(dirty)s dirty books%(wild)s, counted by kind: "
            "%(made_clean)s clean, %(made_dirty)s dirty and %(made_wild)s wild made"
        ),
        setting="going_out_books",
        clean=clean,
        dirty=dirty,
        wild=Phrase(gettext_noop(" and %(n)s wild book"), {"n": wild}) if wild else "",
        made_clean=made[0],
        made_dirty=made[1],
        made_wild=made[2],
        **where,
    )


def _deck_tables(ruleset: Ruleset) -> tuple[int, tuple[int, ...], int, int]:
    """The deck's limits for this ruleset, worked out once (Ruleset.tables): red threes, cards by
    class (CARD_CLASSES order), cards of one rank, melded points."""
    tables = ruleset.tables.get("deck")
    if tables is None:
        packs = ruleset.packs
        tables = (
            2 * packs,
            class_maxima(packs),
            4 * packs,
            max_melded_points(ruleset.variant.values, packs),
        )
        ruleset.tables["deck"] = tables
    return tables


def _check_deck(record: HandRecord, melded: Sequence[MeldedFacts]) -> None:
    ruleset = record.ruleset
    most_red, maxima, most_of_rank, most_points = _deck_tables(ruleset)
    sides = record.sides
    _check_red_threes(record, most_red)
    # Cards by class (CARD_CLASSES), melded and in hand, wherever the entry gives counts.
    shown: list[tuple[int, ...]] = []
    points = 0
    sevens = 0  # a rank, not a class: the sevens the summary kinds and caught sets name
    wild_named = 0  # wild cards that a summary in points names, jokers or twos unknown
    ranked = False
    index = 0
    for side in sides:
        facts = melded[index]
        index += 1
        points += facts.points
        if facts.ranks:
            ranked = True
        keys = side.family
        if keys is NO_FAMILY_KEYS:
            sevens += facts.sevens
            wild_named += facts.wild_named
            if facts.named is None:
                if facts.classes is not None:
                    shown.append(facts.classes)
                hand = side.hand
                if type(hand) is CardCounts and hand is not NO_CARDS:
                    shown.append(hand.classes)
                continue
        else:
            wild_named += facts.wild_named
            sevens += facts.sevens + SET_CARDS * keys.caught_sets.sevens
        shown += _side_cards(side, facts)
    _check_classes(ruleset, shown, wild_named, maxima)
    if ranked or sevens:
        _check_ranks(melded, most_of_rank, sevens)
    if points > most_points:
        over_the_deck(
            ruleset.variant,
            ruleset.packs,
            points,
            gettext_noop("melded points"),
            most_points,
            field="melded",
        )


def _check_red_threes(record: HandRecord, most_red: int) -> None:
    """Red threes laid down, and left in a hand or foot (the families), against the deck."""
    sides = record.sides
    ruleset = record.ruleset
    red_threes = 0
    if record.usual:
        for side in sides:
            red_threes += side.red_threes
    else:
        for side in sides:
            red_threes += side.red_threes + held_red_threes(side)
    if red_threes > most_red:
        variant = ruleset.variant
        over_the_deck(
            variant,
            ruleset.packs,
            red_threes,
            variant.deck.names.red_threes,
            most_red,
            field="red_threes",
        )


def _check_classes(
    ruleset: Ruleset, shown: list[tuple[int, ...]], wild_named: int, maxima: tuple[int, ...]
) -> None:
    """The cards shown by class against the deck, and the wild cards a summary names."""
    # The totals by class, summed and compared in C (map, zip): the deck's hot path.
    totals = tuple(map(sum, zip(*shown, strict=True))) if shown else (0,) * len(CARD_CLASSES)
    if shown and max(map(sub, totals, maxima)) > 0:
        variant, packs = ruleset.variant, ruleset.packs
        limits = class_limits(packs)
        for cls, n in zip(CARD_CLASSES, totals, strict=True):
            if n > limits[cls]:
                over_the_deck(variant, packs, n, variant.deck.names.of(cls), limits[cls])
    if wild_named:
        packs = ruleset.packs
        jokers, twos = totals[0], totals[1]
        wild, most_wild = (
            jokers + twos + wild_named,
            class_limits(packs)[CardClass.JOKERS] + (class_limits(packs)[CardClass.TWOS]),
        )
        if wild > most_wild:
            over_the_deck(ruleset.variant, packs, wild, gettext_noop("wild cards"), most_wild)


def _side_cards(side: SideHand, facts: MeldedFacts) -> list[tuple[int, ...]]:
    """The cards a side's record shows by class (CARD_CLASSES order), wherever it gives counts:
    its melds, the cards its summary kinds name, threes laid out, its hand and its feet."""
    shown = []
    classes = facts.classes if facts.classes is not None else facts.named
    if classes is not None:
        shown.append(classes)
    keys = side.family
    if keys.black_threes_laid:
        shown.append((0, 0, 0, 0, 0, keys.black_threes_laid))
    for held in (side.hand, keys.foot):
        if type(held) is CardCounts and held is not NO_CARDS:
            shown.append(held.classes)
        elif type(held) is Points and held is side.hand and keys.caught_sets.aces:
            shown.append((0, 0, SET_CARDS * keys.caught_sets.aces, 0, 0, 0))  # a set's aces
    return shown


def _check_ranks(melded: Sequence[MeldedFacts], most: int, sevens: int = 0) -> None:
    """No rank melded more often than the packs hold (detailed entries name their ranks; summary
    kinds and caught sets name ``sevens``)."""
    ranks: dict[str, int] | None = {"7": sevens} if sevens else None
    for facts in melded:
        if not facts.ranks:
            continue
        if ranks is None:
            ranks = dict(facts.ranks)
        else:
            for rank, n in facts.ranks.items():
                ranks[rank] = ranks.get(rank, 0) + n
    if ranks is None or max(ranks.values()) <= most:
        return
    for rank, n in ranks.items():
        if n > most:
            raise RuleViolation(
                gettext_noop(
                    "%(n)s cards of rank %(card_rank)s: more than %(max)s cards of rank %(card_rank)s"
                ),
                setting="packs",
                n=n,
                card_rank=rank,
                max=most,
            )
