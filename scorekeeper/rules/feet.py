"""A player's cards: one hand, or a hand and a foot (VARIANTS-families.md 2.1, 2.2, 2.8, section 4).

In hand-and-foot each player is dealt a hand and a foot of as many cards; a foot never picked up
counts minus, and a player who picks up exactly the cards of their hand and foot at the deal earns
a bonus. Every other preset deals one hand.

``Variant.feet`` is one of two strategies, each checking, scoring and wording its own rule from the
same numbers: :data:`NO_FEET` (one hand) or a :class:`Feet`. The rest of the engine, the entry
page and the Rules page ask the strategy and never whether the preset has feet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from scorekeeper.rules.errors import Phrase, RuleViolation, gettext_noop, ngettext_lazy

if TYPE_CHECKING:
    from scorekeeper.rules.house_rules import Ruleset
    from scorekeeper.rules.records import CardCounts, SideHand


class Boxes(NamedTuple):
    """The hand entry's boxes of this rule (rules/entry.py)."""

    feet: bool  # the cards of the side's unplayed feet
    exact_pickups: bool  # players who picked up exactly their hand and foot


_BLACK_IN_HAND = gettext_noop("%(cards)s left in a hand: minus %(in_hand)s each.")
_ONE_HAND = ngettext_lazy("%(count)s card each", "%(count)s cards each", "count")
_HAND_AND_FOOT = ngettext_lazy(
    "a hand and a foot of %(count)s card each", "a hand and a foot of %(count)s cards each", "count"
)


@dataclass(frozen=True, slots=True)
class NoFeet:
    """Each player holds one hand: no record key of its own, nothing to check or score (a foot
    or a pick-up is refused as a key of no use here before either method is asked)."""

    keys: ClassVar[frozenset[str]] = frozenset()  # the side keys it reads (hand-format 5.2)
    exact_pickup_bonus: ClassVar[int] = 0

    def boxes(self) -> Boxes:
        return Boxes(feet=False, exact_pickups=False)

    def check(self, ruleset: Ruleset, side: SideHand, number: int, foot: CardCounts | None) -> None:
        pass

    def pickups(self, side: SideHand) -> int:
        return 0

    def with_pickup_bonus(self, bonus: int) -> NoFeet:
        return self

    def dealt_words(self, cards: int) -> Phrase:
        """What each player is dealt, in the Rules page's words."""
        return Phrase(_ONE_HAND, {"count": cards})

    def black_threes_left(self, cards: Phrase | str, in_hand: int) -> Phrase:
        """The Rules page's sentence on black threes left at the end, at ``in_hand`` each."""
        return Phrase(_BLACK_IN_HAND, {"cards": cards, "in_hand": in_hand})

    def red_threes_left(self, cards: Phrase | str, in_hand: int) -> Phrase:
        """... and on red threes left, where the preset counts them (families 2.2)."""
        return Phrase(_BLACK_IN_HAND, {"cards": cards, "in_hand": in_hand})

    def cards_left(self) -> Phrase:
        return Phrase(gettext_noop("Every other card left in a hand counts minus its value."))

    def pickup_words(self, dealt: int) -> Phrase | None:
        return None


NO_FEET = NoFeet()


@dataclass(frozen=True, slots=True)
class Feet:
    """Each player's foot; ``exact_pickup_bonus``: what each exact pick-up earns (2.8; 0: none)."""

    exact_pickup_bonus: int

    keys: ClassVar[frozenset[str]] = frozenset({"foot", "exact_pickups"})

    def boxes(self) -> Boxes:
        """The cards of unplayed feet; exact pick-ups where they earn anything."""
        return Boxes(feet=True, exact_pickups=self.exact_pickup_bonus > 0)

    def check(self, ruleset: Ruleset, side: SideHand, number: int, foot: CardCounts | None) -> None:
        """Exact pick-ups one a player at most; an unplayed foot (``foot``: its card counts, where
        the record gives counts rather than points) in whole feet of the cards dealt, one a player
        who still holds cards (section 4)."""
        where: dict[str, Any] = {"side": number, "side_name": side.name}
        players = ruleset.layout[number - 1]
        if side.family.exact_pickups > players:
            raise RuleViolation(
                gettext_noop("%(n)s exact pick-ups, but the side has %(players)s players"),
                n=side.family.exact_pickups,
                players=players,
                field="exact_pickups",
                **where,
            )
        if foot is None:
            return
        dealt = ruleset.seating.cards_dealt
        most = dealt * ruleset.holders(number, side.went_out)
        if foot.cards % dealt or foot.cards > most:
            raise RuleViolation(
                gettext_noop(
                    "an unplayed foot holds %(dealt)s cards: %(cards)s foot cards are not whole "
                    "feet of %(dealt)s (at most %(most)s here)"
                ),
                setting="cards_dealt",
                dealt=dealt,
                cards=foot.cards,
                most=most,
                field="foot",
                **where,
            )

    def pickups(self, side: SideHand) -> int:
        """What the side's exact pick-ups earn (2.8)."""
        return side.family.exact_pickups * self.exact_pickup_bonus

    def with_pickup_bonus(self, bonus: int) -> Feet:
        """These feet with the house rule ``exact_pickup_bonus``."""
        return replace(self, exact_pickup_bonus=bonus)

    def dealt_words(self, cards: int) -> Phrase:
        return Phrase(_HAND_AND_FOOT, {"count": cards})

    def black_threes_left(self, cards: Phrase | str, in_hand: int) -> Phrase:
        template = gettext_noop("%(cards)s left in a hand or a foot: minus %(in_hand)s each.")
        return Phrase(template, {"cards": cards, "in_hand": in_hand})

    def red_threes_left(self, cards: Phrase | str, in_hand: int) -> Phrase:
        template = gettext_noop("%(cards)s caught in a hand or a foot: minus %(in_hand)s each.")
        return Phrase(template, {"cards": cards, "in_hand": in_hand})

    def cards_left(self) -> Phrase:
        return Phrase(
            gettext_noop(
                "Every other card left in a hand, or in a foot never picked up, counts minus its "
                "value."
            )
        )

    def pickup_words(self, dealt: int) -> Phrase | None:
        """The exact pick-up in the Rules page's words, where it earns anything."""
        if not self.exact_pickup_bonus:
            return None
        return Phrase(
            gettext_noop(
                "An exact pick-up: a player who picks up exactly the %(cards)s cards of their "
                "hand and foot at the deal earns %(bonus)s for the side."
            ),
            {"cards": 2 * dealt, "bonus": self.exact_pickup_bonus},
        )
