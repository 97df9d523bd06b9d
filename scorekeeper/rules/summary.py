"""A side's melded facts from a summary entry (hand-format.md: ``melded`` with ``canastas``).

Every count is checked against the deck before anything is built from it (section 4). The four
families add canasta kinds with their own least melded points and the cards they name
(VARIANTS-families.md section 4): an aces canasta holds 7 aces and at least 140 points, a samba
7 naturals and at least 50, a bolivia 7 wild cards and at least 140.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.errors import Message, Phrase, RuleViolation, gettext_noop, ngettext_lazy
from scorekeeper.rules.melds import (
    CANASTA_MIN_POINTS,
    CanastaKind,
    MeldedFacts,
    black_three_refusal,
    blank_facts,
    canasta_bonus,
    count_value,
    max_canastas,
    over_the_deck,
    read_detailed,
)
from scorekeeper.rules.records import (
    CanastaCounts,
    CardCounts,
    Incomplete,
    Points,
    SideHand,
)
from scorekeeper.rules.same_rank import SAME_RANK, SECOND_MELD
from scorekeeper.rules.sequences import NOT_PLAYED, ROYAL_LENGTH, STRAIGHT_LENGTH, SequenceRefused
from scorekeeper.rules.variants import Variant

_KINDS = tuple(CanastaKind)
_PLAIN_KINDS = frozenset({CanastaKind.NATURAL, CanastaKind.MIXED})
_NATURAL, _MIXED = CanastaKind.NATURAL, CanastaKind.MIXED
SEQUENCE_RANKS = ("8", "9", "10")
_NAMED_WORDS = (
    gettext_noop("aces"),
    gettext_noop("low cards (4 to 7)"),
    gettext_noop("twos"),
    gettext_noop("jokers"),
    gettext_noop("natural cards"),
)
_NAMED_NONE = dict.fromkeys(("cards", "aces", "low", "wild", "twos", "jokers"), 0)
UNFINISHED_CARDS = {"aces": 3, "sevens": 3, "wild": 3, "wild_jokers": 4}  # section 4


def read_melded(variant: Variant, packs: int, side: SideHand, number: int) -> MeldedFacts:
    """The side's melded facts from whichever entry level it used (``number``: 1-based)."""
    if side.melds is not None:
        return read_detailed(variant, side, number)
    if side.melded is not None:
        return read_summary(variant, packs, side, number)
    return MeldedFacts()


def _summary_kinds(
    variant: Variant, counts: CanastaCounts, where: dict[str, Any]
) -> dict[CanastaKind, int]:
    """A summary's canastas by kind; a kind the preset does not have is refused."""
    kinds: dict[CanastaKind, int] = {}
    if counts.total == counts.natural + counts.mixed:  # the kinds every preset has
        if counts.natural:
            kinds[_NATURAL] = counts.natural
        if counts.mixed:
            kinds[_MIXED] = counts.mixed
        return kinds
    for kind in _KINDS:
        n = getattr(counts, kind.value)
        if n:
            if canasta_bonus(variant.canasta_bonus, kind) is None:
                raise RuleViolation(
                    gettext_noop("%(variant)s has no %(kind)s canastas"),
                    variant=variant.id,
                    kind=kind.value.replace("_", " "),
                    **where,
                )
            kinds[kind] = n
    return kinds


def least_points(
    variant: Variant, kinds: dict[CanastaKind, int], straights: int, royals: int, inc: Incomplete
) -> tuple[int, bool]:
    """The fewest melded points these canastas and unfinished melds can hold, and whether that is
    35 a canasta (the seven presets' rule) or the families' table (section 4)."""
    if not (variant.canasta_min_points or straights or royals or inc.total) and (
        kinds.keys() <= _PLAIN_KINDS
    ):
        return CANASTA_MIN_POINTS * sum(kinds.values()), True  # the seven presets' usual entry
    table = dict(variant.canasta_min_points)
    least = sum(table.get(kind.value, CANASTA_MIN_POINTS) * n for kind, n in kinds.items())
    least += table.get("straight", CANASTA_MIN_POINTS) * straights + CANASTA_MIN_POINTS * royals
    for key in UNFINISHED_CARDS:
        least += table.get(f"incomplete.{key}", 0) * getattr(inc, key)
    plain = least == CANASTA_MIN_POINTS * (sum(kinds.values()) + straights + royals)
    return least, plain


def read_summary(variant: Variant, packs: int, side: SideHand, number: int) -> MeldedFacts:
    melded = side.melded
    where: dict[str, Any] = {"side": number, "side_name": side.name, "field": "canastas"}
    counts = side.canastas
    canastas = counts.total
    straights, royals = side.sequences.straight, side.sequences.royal
    sequences = straights + royals
    kinds = _summary_kinds(variant, counts, where)
    runs = variant.sequences
    if sequences:
        if not runs.played:
            raise RuleViolation(NOT_PLAYED, **where)
        try:
            runs.check_counts(straights, royals)
        except SequenceRefused as refused:
            raise RuleViolation(refused.template, **refused.params, **where) from None
    inc = side.family.incomplete
    if inc.total or canastas != counts.natural + counts.mixed:  # kinds beyond the usual two
        _check_summary_ranks(variant, counts, inc, where)
    if isinstance(melded, Points):
        points = melded.points
        has_meld = points > 0 or canastas > 0
    elif isinstance(melded, CardCounts):
        points = count_value(variant.values, melded, variant.values.black_three_melded)
        has_meld = melded.cards > 0 or canastas > 0
    else:
        raise TypeError("a summary entry has melded card counts or points")
    # Counts are checked before anything is built from them (a count may be any whole number).
    least, plain = least_points(variant, kinds, straights, royals, inc)
    if points < least:
        _too_few_points(canastas + sequences, points, least, plain, where)
    most = max_canastas(packs, variant.canasta_size)
    if canastas + sequences > most:
        over_the_deck(variant, packs, canastas + sequences, gettext_noop("canastas"), most, **where)
    out = blank_facts(has_meld or inc.total > 0)  # the dataclass's __init__ costs more
    out.points = points
    out.canastas = kinds
    out.canasta_count = canastas + (straights if runs.canastas else 0)
    out.straights = straights
    out.royals = royals
    out.unfinished = (
        {key: getattr(inc, key) for key in UNFINISHED_CARDS if getattr(inc, key)}
        if inc.total
        else None
    )
    out.sevens = STRAIGHT_LENGTH * counts.sevens + UNFINISHED_CARDS["sevens"] * inc.sevens
    if sequences:  # every sequence of 7 within 4..A holds an 8, a 9 and a 10 (section 1)
        out.ranks = dict.fromkeys(SEQUENCE_RANKS, sequences)
    # Natural and mixed canastas alone name only their cards (the seven presets' usual entry).
    special = sequences or inc.total or not kinds.keys() <= _PLAIN_KINDS
    named = _named_cards(side, variant) if special else _plain_named(canastas)
    if isinstance(melded, CardCounts):
        _check_summary_counts(variant, side, melded, named, {**where, "field": "melded"})
        out.classes = (
            melded.jokers,
            melded.twos,
            melded.aces,
            melded.high,
            melded.low,
            melded.black_threes,
        )
    elif special:
        out.named = (named["jokers"], named["twos"], named["aces"], 0, 0, 0)
        out.wild_named = max(0, named["wild"] - named["jokers"] - named["twos"])
    return out


def _check_summary_ranks(
    variant: Variant, counts: CanastaCounts, inc: Incomplete, where: dict[str, Any]
) -> None:
    """The kinds a summary names make no two melds of one rank where the preset's rule forbids
    it (same_rank.py; modern-american's aces, sevens and wild cards)."""
    repeated = SAME_RANK[variant.same_rank].summary_repeat(counts, inc)
    if repeated is not None:
        raise RuleViolation(SECOND_MELD, meld_rank=repeated, **where)


def _too_few_points(canastas: int, points: int, least: int, plain: bool, where: Any) -> None:
    if plain:
        raise RuleViolation(
            ngettext_lazy(
                "%(canastas)s canasta cannot hold only %(points)s points: it holds at least "
                "7 cards worth 5 or more (%(min)s)",
                "%(canastas)s canastas cannot hold only %(points)s points: each holds at least "
                "7 cards worth 5 or more (%(min)s in all)",
                "canastas",
            ),
            canastas=canastas,
            points=points,
            min=least,
            **where,
        )
    raise RuleViolation(
        gettext_noop(
            "these canastas and melds hold at least %(min)s points, not %(points)s "
            "(an aces canasta 140, a wild canasta 140 or more, a sequence of 7 50)"
        ),
        points=points,
        min=least,
        **where,
    )


def _plain_named(canastas: int) -> dict[str, int]:
    return {**_NAMED_NONE, "cards": STRAIGHT_LENGTH * canastas} if canastas else _NAMED_NONE


def _named_cards(side: SideHand, variant: Variant) -> dict[str, int]:
    """The cards the summary's kinds name, by what they must hold (section 4)."""
    counts, inc, sequences = side.canastas, side.family.incomplete, side.sequences
    wild_canastas = counts.wild_pure + counts.wild_mixed + counts.wild_jokers
    modern = variant.canasta_bonus.wild_jokers is not None  # twos and jokers by kind
    return {
        "cards": STRAIGHT_LENGTH * (counts.total + sequences.straight)
        + ROYAL_LENGTH * sequences.royal
        + sum(n * getattr(inc, key) for key, n in UNFINISHED_CARDS.items()),
        "aces": STRAIGHT_LENGTH * counts.aces + UNFINISHED_CARDS["aces"] * inc.aces,
        "low": STRAIGHT_LENGTH * counts.sevens + UNFINISHED_CARDS["sevens"] * inc.sevens,
        "wild": STRAIGHT_LENGTH * wild_canastas + 3 * inc.wild + 4 * inc.wild_jokers,
        "twos": (STRAIGHT_LENGTH * counts.wild_pure + 3 * counts.wild_jokers) if modern else 0,
        "jokers": (4 * counts.wild_jokers + 4 * inc.wild_jokers) if modern else 0,
    }


def _check_summary_counts(
    variant: Variant,
    side: SideHand,
    melded: CardCounts,
    named: dict[str, int],
    where: dict[str, Any],
) -> None:
    """Count-level checks: black threes as in a black-three meld, the named cards in the counts."""
    counts = side.canastas
    refusal = black_three_refusal(
        variant, melded.black_threes, 0, counts.black_threes, side.went_out
    )
    if refusal is not None:
        template, setting, params = refusal
        raise RuleViolation(template, setting=setting, **params, **where)
    _at_least(melded.cards, named["cards"], _TOO_FEW_CARDS, counts.total, where)
    wild_canastas = counts.wild_pure + counts.wild_mixed + counts.wild_jokers
    _at_least(melded.jokers + melded.twos, named["wild"], _TOO_FEW_WILD, wild_canastas, where)
    sequences = side.sequences
    naturals = STRAIGHT_LENGTH * sequences.straight + ROYAL_LENGTH * sequences.royal
    for have, need, what in zip(
        (
            melded.aces,
            melded.low,
            melded.twos,
            melded.jokers,
            melded.aces + melded.high + melded.low,
        ),
        (named["aces"], named["low"], named["twos"], named["jokers"], naturals),
        _NAMED_WORDS,
        strict=True,
    ):
        if have < need:
            raise RuleViolation(
                gettext_noop(
                    "the melded cards must hold the %(n)s %(cards)s these canastas and melds "
                    "name, not %(have)s"
                ),
                n=need,
                cards=Phrase(what),
                have=have,
                **where,
            )


_TOO_FEW_CARDS = ngettext_lazy(
    "%(canastas)s canasta needs at least %(min)s melded cards",
    "%(canastas)s canastas need at least %(min)s melded cards",
    "canastas",
)
_TOO_FEW_WILD = ngettext_lazy(
    "%(canastas)s wild canasta needs at least %(min)s wild cards",
    "%(canastas)s wild canastas need at least %(min)s wild cards",
    "canastas",
)


def _at_least(
    have: int, need: int, template: Message, canastas: int, where: dict[str, Any]
) -> None:
    if have < need:
        raise RuleViolation(template, canastas=canastas, min=need, **where)
