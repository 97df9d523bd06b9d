"""Feet (VARIANTS-families.md 2.1, 2.8, section 4): in hand-and-foot each player is dealt a hand
and a foot of as many cards; a foot never picked up counts minus, and a player who picks up exactly
the cards of their hand and foot at the deal earns a bonus.

A preset without feet has ``Variant.feet = None``; with them, a :class:`Feet` that checks a side's
``foot`` and ``exact_pickups`` against the table, scores the pick-ups and says both in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.rules.errors import Phrase, RuleViolation, gettext_noop

if TYPE_CHECKING:
    from scorekeeper.rules.house_rules import Ruleset
    from scorekeeper.rules.records import CardCounts, SideHand


@dataclass(frozen=True, slots=True)
class Feet:
    """Each player's foot; ``exact_pickup_bonus``: what each exact pick-up earns (2.8; 0: none)."""

    exact_pickup_bonus: int

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
