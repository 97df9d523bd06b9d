"""Sequences of one suit (VARIANTS.md 2.3, 2.4 espanola; VARIANTS-families.md 2.3, 2.4 samba and
bolivia): which runs are melds, what they earn, whether they are canastas, and their words.

``Variant.sequences`` is one of three strategies:

- :data:`NO_RUNS` (every other preset): no sequence is ever played;
- :class:`SuitRuns` (espanola): 7 cards in a row, or the whole suit from 4 to ace, each with a bonus
  of its own and no canasta; off unless the table switches the house rule ``sequences`` on.
- :class:`Sambas` (samba, bolivia): 3 to 7 cards in a row; 7 (a samba, an escalera) is a canasta for
  every rule, takes no more cards, and earns its bonus; sequences count toward the opening.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from scorekeeper.rules.errors import Message, Phrase, gettext_noop

STRAIGHT_LENGTH = 7  # a sequence of 7 in a suit
MIN_SEQUENCE = 3  # samba, bolivia: a sequence of 3 to 6 is an ordinary meld
ROYAL_LENGTH = 11  # the whole suit, 4 to A
STRAIGHT, ROYAL = "straight", "royal"  # the kinds a summary entry counts

NOT_PLAYED = gettext_noop("sequences are not played here (house rule “sequences”, espanola)")


class SequenceRefused(Exception):
    """A run these rules do not take: the meld reader names the side and the meld."""

    def __init__(self, template: Message, **params: Any):
        super().__init__(template)
        self.template, self.params = template, params


@dataclass(frozen=True, slots=True)
class NoRuns:
    """No sequence is ever played: a run is refused, a summary gives none, nothing to say. The
    readers ask ``played`` first; the rest answers as the other strategies do."""

    played: ClassVar[bool] = False
    switchable: ClassVar[bool] = False  # no house rule "sequences" here
    canastas: ClassVar[bool] = False
    lengths: ClassVar[tuple[int, ...]] = ()
    kinds: ClassVar[tuple[str, ...]] = ()

    def kind(self, length: int) -> str | None:
        raise SequenceRefused(NOT_PLAYED)

    def check_counts(self, straights: int, royals: int) -> None:
        """Runs are refused before their counts are read (``played``)."""

    def bonus(self, straights: int, royals: int) -> int:
        return 0

    def with_played(self, played: bool) -> NoRuns:
        return self

    def words(self, name: Phrase) -> tuple[tuple[Phrase, str], ...]:
        return ()

    def opening_words(self) -> Phrase | None:
        return None


NO_RUNS = NoRuns()


@dataclass(frozen=True, slots=True)
class SuitRuns:
    """Espanola's runs: ``straight`` for 7 in a row, ``royal`` for the whole suit 4 to A."""

    straight: int
    royal: int
    played: bool = False  # a house rule, off by default ("sequences")

    switchable: ClassVar[bool] = True  # the house rule "sequences" switches them on or off
    canastas: ClassVar[bool] = False  # a run is never a canasta
    lengths: ClassVar[tuple[int, ...]] = (STRAIGHT_LENGTH, ROYAL_LENGTH)
    kinds: ClassVar[tuple[str, ...]] = (STRAIGHT, ROYAL)

    def kind(self, length: int) -> str | None:
        """The kind of a run of ``length`` ranks (None: an ordinary meld), or a refusal."""
        if length == ROYAL_LENGTH:
            return ROYAL
        if length == STRAIGHT_LENGTH:
            return STRAIGHT
        raise SequenceRefused(
            gettext_noop("a sequence is 7 ranks in a row, or the whole suit from 4 to A")
        )

    def check_counts(self, straights: int, royals: int) -> None:
        """A summary entry's counts of runs: any."""

    def bonus(self, straights: int, royals: int) -> int:
        return straights * self.straight + royals * self.royal

    def with_played(self, played: bool) -> SuitRuns:
        """These runs with the house rule ``sequences``."""
        return replace(self, played=played)

    def words(self, name: Phrase) -> tuple[tuple[Phrase, str], ...]:
        """The Rules page's sentences, with the test id of each."""
        numbers = {"seven": self.straight, "suit": self.royal}
        if self.played:
            template = gettext_noop(
                "Sequences are played: 7 cards in a row of one suit, without wild cards, "
                "%(seven)s; the whole suit from 4 to ace, %(suit)s."
            )
        else:
            template = gettext_noop(
                "Sequences (a house rule, off unless the table switches it on): 7 cards in a row "
                "of one suit, without wild cards, %(seven)s; the whole suit from 4 to ace, "
                "%(suit)s."
            )
        return ((Phrase(template, numbers), ""),)

    def opening_words(self) -> Phrase | None:
        return None


@dataclass(frozen=True, slots=True)
class Sambas:
    """Samba's and bolivia's runs of 3 to 7; 7 is a canasta worth ``bonus``."""

    bonus_: int
    played: bool = True

    switchable: ClassVar[bool] = False  # always played: the house rule "sequences" is espanola's
    canastas: ClassVar[bool] = True  # a run of 7 is a canasta for every rule
    lengths: ClassVar[tuple[int, ...]] = tuple(range(MIN_SEQUENCE, STRAIGHT_LENGTH + 1))
    kinds: ClassVar[tuple[str, ...]] = (STRAIGHT,)

    def kind(self, length: int) -> str | None:
        if not MIN_SEQUENCE <= length <= STRAIGHT_LENGTH:
            raise SequenceRefused(
                gettext_noop("a sequence holds %(min)s to %(max)s cards of one suit, 4 to A"),
                min=MIN_SEQUENCE,
                max=STRAIGHT_LENGTH,
            )
        return STRAIGHT if length == STRAIGHT_LENGTH else None

    def check_counts(self, straights: int, royals: int) -> None:
        """A summary entry counts runs of 7: no whole suit."""
        if royals:
            self.kind(ROYAL_LENGTH)

    def bonus(self, straights: int, royals: int) -> int:
        return straights * self.bonus_

    def with_played(self, played: bool) -> Sambas:
        return replace(self, played=played)

    def words(self, name: Phrase) -> tuple[tuple[Phrase, str], ...]:
        played = gettext_noop(
            "Sequences are played: 3 to 7 cards in a row of one suit, from 4 up to ace, "
            "without wild cards or threes; one of 3 to 6 cards is an ordinary meld."
        )
        canasta = gettext_noop(
            "A sequence of 7 cards, called %(name)s, is worth %(bonus)s: it takes no more "
            "cards and counts as a canasta for every rule."
        )
        return (
            (Phrase(played), ""),
            (Phrase(canasta, {"name": name, "bonus": self.bonus_}), "sequence-canasta"),
        )

    def opening_words(self) -> Phrase | None:
        return Phrase(gettext_noop("Sequences count toward the opening."))


Sequences = NoRuns | SuitRuns | Sambas
