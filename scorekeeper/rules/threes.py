"""Red threes laid down (VARIANTS.md 2.5; VARIANTS-families.md 2.5): what n of them are worth, when
they count minus, and what the Rules page says of both, from the same numbers.

A preset names its scale (:class:`RedThreeScale`) and its condition (:class:`RedThreesAgainst`) as
data; :data:`SCALES` and :data:`AGAINST` give each one's strategy: a small object that scores and
describes it. Words are engine messages (:class:`Phrase`), translated by the page that shows them;
a scale's sentences take their numbers from the scale itself, so the Rules page cannot say one
value and score another, and each condition's sentence sits beside the test it scores by.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from scorekeeper.rules.errors import Phrase, gettext_noop, ngettext_lazy


class RedThreeScale(StrEnum):
    """The value of n red threes (2.5): a house rule's value, the key of :data:`SCALES`."""

    DOUBLE_FROM_FOUR = "double_from_four"
    PLUS_500_FROM_FOUR = "plus_500_from_four"
    ALL_FOR_500 = "500_for_all"
    ALL_FOR_800 = "800_for_all"
    ALL_FOR_1000 = "1000_for_all"  # samba, bolivia
    LADDER = "ladder"  # modern-american: each colour on its own
    FLAT = "flat"  # hand-and-foot
    NOTHING = "nothing"  # hand-and-foot house rule


class RedThreesAgainst(StrEnum):
    """When red threes count against their side (2.5): the key of :data:`AGAINST`."""

    NO_MELD = "no_meld"
    NO_CANASTA = "no_canasta"
    # origen (seed 004): no combination laid, and another side went out; when the stock ran out
    # with nobody out, they count plus.
    NO_MELD_ANOTHER_OUT = "no_meld_another_out"
    FEWER_THAN_TWO_CANASTAS = "fewer_than_two_canastas"  # samba, bolivia (sambas count)
    # modern-american: minus with no canasta, nothing with exactly one, plus with two or more.
    MODERN_SWING = "modern_swing"
    NEVER = "never"  # hand-and-foot


class RedThreePenalty(StrEnum):
    """What red threes cost when they count against their side (2.5)."""

    SAME = "same"  # what they would earn
    MINUS_100_EACH = "minus_100_each"  # 100 each, whatever the scale


MINUS_EACH = 100  # RedThreePenalty.MINUS_100_EACH


def penalty_words(penalty: RedThreePenalty) -> Phrase:
    """What red threes cost when they count minus, in the Rules page's words."""
    if penalty is RedThreePenalty.MINUS_100_EACH:
        template = gettext_noop("Counting minus, they cost %(each)s each, whatever their number.")
        return Phrase(template, {"each": MINUS_EACH})
    return Phrase(gettext_noop("Counting minus, they cost what they would earn."))


def penalty_choice(penalty: RedThreePenalty) -> Phrase:
    """The short form of a red_three_penalty house rule's value."""
    if penalty is RedThreePenalty.MINUS_100_EACH:
        return Phrase(gettext_noop("%(each)s each"), {"each": MINUS_EACH})
    return Phrase(gettext_noop("what they would earn"))


class Melded(Protocol):
    """What the sign of red threes reads of a side's melds (melds.MeldedFacts)."""

    @property
    def has_meld(self) -> bool: ...

    @property
    def canasta_count(self) -> int: ...


# Scales: value(n, packs) is what n threes of one colour are worth with that many packs in play;
# words(cards, packs, laid) the Rules page's sentence (``packs``: the preset's pack counts, ``laid``:
# black threes are laid out too, modern-american); choice() the short form of a house rule's value.


@dataclass(frozen=True, slots=True)
class Each:
    """``each`` apiece, whatever their number (hand-and-foot: 100)."""

    each: int

    def value(self, n: int, packs: int) -> int:
        return self.each * n

    def words(self, cards: Phrase, packs: tuple[int, ...], laid: bool) -> Phrase:
        if not self.each:
            return Phrase(gettext_noop("%(cards)s laid down count nothing."), {"cards": cards})
        return Phrase(
            gettext_noop("%(cards)s laid down: %(each)s each, whatever their number."),
            {"cards": cards, "each": self.each},
        )

    def choice(self) -> Phrase:
        if not self.each:
            return Phrase(gettext_noop("nothing"))
        return Phrase(gettext_noop("%(each)s each"), {"each": self.each})


@dataclass(frozen=True, slots=True)
class EachFrom:
    """``each`` apiece; from ``count`` threes, ``then`` apiece (classic: 200 from 4) or, where
    ``then`` is None, ``more`` on top (ducale: 500 more from 4)."""

    each: int
    count: int
    then: int | None = None
    more: int = 0

    def value(self, n: int, packs: int) -> int:
        if n < self.count:
            return self.each * n
        return (self.then * n) if self.then is not None else self.each * n + self.more

    def words(self, cards: Phrase, packs: tuple[int, ...], laid: bool) -> Phrase:
        numbers = {"cards": cards, "each": self.each, "count": self.count}
        made = self.value(self.count, 0)
        if self.then is not None:
            template = gettext_noop(
                "%(cards)s: %(each)s each; %(count)s or more: %(then)s each (%(count)s make "
                "%(made)s)."
            )
            return Phrase(template, {**numbers, "then": self.then, "made": made})
        template = gettext_noop(
            "%(cards)s: %(each)s each; %(count)s or more: %(more)s more (%(count)s make %(made)s)."
        )
        return Phrase(template, {**numbers, "more": self.more, "made": made})

    def choice(self) -> Phrase:
        numbers = {"each": self.each, "count": self.count}
        if self.then is not None:
            template = gettext_noop("%(each)s each, %(then)s each from %(count)s")
            return Phrase(template, {**numbers, "then": self.then})
        template = gettext_noop("%(each)s each, %(more)s more from %(count)s")
        return Phrase(template, {**numbers, "more": self.more})


ALL_OF_THEM = ngettext_lazy(
    "%(count)s with %(packs)s pack", "%(count)s with %(packs)s packs", "packs"
)
EITHER = gettext_noop("%(first)s or %(last)s")


@dataclass(frozen=True, slots=True)
class AllTogether:
    """``each`` apiece; all the deal's red threes (two a pack) ``total`` in all (italiana: 500)."""

    each: int
    total: int

    def value(self, n: int, packs: int) -> int:
        return self.total if n and n == 2 * packs else self.each * n

    def words(self, cards: Phrase, packs: tuple[int, ...], laid: bool) -> Phrase:
        numbers = {"cards": cards, "each": self.each, "total": self.total}
        if len(packs) == 1:
            template = gettext_noop(
                "%(cards)s: %(each)s each; all %(count)s together: %(total)s in all."
            )
            return Phrase(template, {**numbers, "count": 2 * packs[0]})
        counts = [Phrase(ALL_OF_THEM, {"count": 2 * n, "packs": n}) for n in packs]
        either = counts[-1]
        for earlier in reversed(counts[:-1]):
            either = Phrase(EITHER, {"first": earlier, "last": either})
        template = gettext_noop(
            "%(cards)s: %(each)s each; all of them together (%(counts)s): %(total)s in all."
        )
        return Phrase(template, {**numbers, "counts": either})

    def choice(self) -> Phrase:
        template = gettext_noop("%(each)s each, all of them together %(total)s")
        return Phrase(template, {"each": self.each, "total": self.total})


@dataclass(frozen=True, slots=True)
class Ladder:
    """Each colour counted apart: 1 to 4 threes are worth ``worth`` (modern-american 2.5)."""

    worth: tuple[int, int, int, int]

    def value(self, n: int, packs: int) -> int:
        return self.worth[n - 1] if n else 0

    def words(self, cards: Phrase, packs: tuple[int, ...], laid: bool) -> Phrase:
        one, two, three, four = self.worth
        numbers = {"one": one, "two": two, "three": three, "four": four}
        if laid:
            template = gettext_noop(
                "Threes of both colours are laid out as soon as they are drawn, each colour "
                "counted apart: 1 is worth %(one)s, 2 are worth %(two)s, 3 are worth %(three)s, "
                "4 are worth %(four)s."
            )
            return Phrase(template, numbers)
        template = gettext_noop(
            "%(cards)s: 1 is worth %(one)s, 2 are worth %(two)s, 3 are worth %(three)s, 4 are "
            "worth %(four)s."
        )
        return Phrase(template, {**numbers, "cards": cards})

    def choice(self) -> Phrase:
        one, two, three, four = self.worth
        template = gettext_noop(
            "each colour apart: 1, 2, 3, 4 are worth %(one)s, %(two)s, %(three)s, %(four)s"
        )
        return Phrase(template, {"one": one, "two": two, "three": three, "four": four})


Scale = Each | EachFrom | AllTogether | Ladder

SCALES: dict[RedThreeScale, Scale] = {
    RedThreeScale.DOUBLE_FROM_FOUR: EachFrom(100, 4, then=200),
    RedThreeScale.PLUS_500_FROM_FOUR: EachFrom(100, 4, more=500),
    RedThreeScale.ALL_FOR_500: AllTogether(100, 500),
    RedThreeScale.ALL_FOR_800: AllTogether(100, 800),
    RedThreeScale.ALL_FOR_1000: AllTogether(100, 1000),
    RedThreeScale.LADDER: Ladder((100, 300, 500, 1000)),
    RedThreeScale.FLAT: Each(100),
    RedThreeScale.NOTHING: Each(0),
}


# Conditions: sign(melded, another_out) is +1, 0 or -1; words(laid) the Rules page's sentence
# (``%(cards)s``: the preset's name of red threes); choice the short form of a house rule's value.


@dataclass(frozen=True, slots=True)
class NoMeld:
    """Minus for a side that has not melded (classic); ``another_out``: only when another side
    went out, plus when the stock ran out with nobody out (origen)."""

    words_: str
    choice_: str
    another_out: bool = False

    def sign(self, melded: Melded, another_out: bool) -> int:
        if melded.has_meld or (self.another_out and not another_out):
            return 1
        return -1

    def words(self, laid: bool) -> str:
        return self.words_

    def choice(self) -> Phrase:
        return Phrase(self.choice_)


@dataclass(frozen=True, slots=True)
class FewerCanastas:
    """Minus for a side with fewer than ``canastas`` canastas (classic-es 1; samba, bolivia 2)."""

    canastas: int
    words_: str
    choice_: str

    def sign(self, melded: Melded, another_out: bool) -> int:
        return -1 if melded.canasta_count < self.canastas else 1

    def words(self, laid: bool) -> str:
        return self.words_

    def choice(self) -> Phrase:
        return Phrase(self.choice_)


@dataclass(frozen=True, slots=True)
class Swing:
    """Modern-american: minus with no canasta, nothing with exactly one, plus with two or more."""

    def sign(self, melded: Melded, another_out: bool) -> int:
        return min(melded.canasta_count, 2) - 1

    def words(self, laid: bool) -> str:
        if laid:  # black threes laid out too: "its threes"
            return gettext_noop(
                "A side without a canasta counts its threes minus; with exactly one canasta they "
                "count nothing; with two or more, plus."
            )
        return gettext_noop(
            "A side without a canasta counts its %(cards)s minus; with exactly one canasta they "
            "count nothing; with two or more, plus."
        )

    def choice(self) -> Phrase:
        return Phrase(
            gettext_noop("a side without a canasta (and they count nothing with exactly one)")
        )


@dataclass(frozen=True, slots=True)
class Never:
    """Red threes never count minus (hand-and-foot)."""

    def sign(self, melded: Melded, another_out: bool) -> int:
        return 1

    def words(self, laid: bool) -> str:
        return gettext_noop("%(cards)s laid down never count minus.")

    def choice(self) -> Phrase:
        return Phrase(gettext_noop("never"))


AGAINST: dict[RedThreesAgainst, NoMeld | FewerCanastas | Swing | Never] = {
    RedThreesAgainst.NO_MELD: NoMeld(
        gettext_noop("A side that has not melded counts its %(cards)s minus."),
        gettext_noop("a side that has not melded"),
    ),
    RedThreesAgainst.NO_CANASTA: FewerCanastas(
        1,
        gettext_noop("A side without a canasta counts its %(cards)s minus."),
        gettext_noop("a side without a canasta"),
    ),
    RedThreesAgainst.NO_MELD_ANOTHER_OUT: NoMeld(
        gettext_noop(
            "A side that has not melded counts its %(cards)s minus when another side goes out; "
            "when the stock runs out with nobody out, they count plus."
        ),
        gettext_noop("a side that has not melded, when another side goes out"),
        another_out=True,
    ),
    RedThreesAgainst.FEWER_THAN_TWO_CANASTAS: FewerCanastas(
        2,
        gettext_noop("A side with fewer than two canastas counts its %(cards)s minus."),
        gettext_noop("a side with fewer than two canastas"),
    ),
    RedThreesAgainst.MODERN_SWING: Swing(),
    RedThreesAgainst.NEVER: Never(),
}


def red_threes_value(
    scale: RedThreeScale,
    against: RedThreesAgainst,
    penalty: RedThreePenalty,
    red: int,
    black_laid: int,
    packs: int,
    melded: Melded,
    another_out: bool,
) -> int:
    """2.5: a side's red threes laid down (and modern-american's black threes laid out), signed."""
    strategy = SCALES[scale]
    value = strategy.value(red, packs)
    if black_laid:
        value += strategy.value(black_laid, packs)
    sign = AGAINST[against].sign(melded, another_out)
    if sign < 0 and penalty is RedThreePenalty.MINUS_100_EACH:
        return -MINUS_EACH * red
    return sign * value
