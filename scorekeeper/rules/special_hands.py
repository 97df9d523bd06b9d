"""Special hands (VARIANTS-families.md 2.4, 2.10, modern-american): 14 cards laid down at once as a
side's first meld; the hand's value is the side's whole score, and a dream hand may win the game.

``Variant.special_hands`` is a :class:`SpecialHands`: the hands that count (none in most presets),
whether a dream hand wins the game at once, and each hand's name and description, so the Rules
page says the values the scorer counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.errors import Phrase, gettext_noop

HAND_CARDS = 14  # a special hand's cards, laid down at once (2.4)


@dataclass(frozen=True, slots=True)
class SpecialHand:
    """A 14-card hand laid down at once: its value is the side's score."""

    id: str
    value: int
    name: str  # what players call it, an engine message
    what: str  # what it holds, an engine message
    dream: bool = False  # a dream hand: it wins the game at once where SpecialHands.dream_wins
    label: str = ""  # the entry page's button, where it differs from the name (an engine message)

    @property
    def button(self) -> str:
        """What the entry page's button says (an engine message)."""
        return self.label or self.name


@dataclass(frozen=True, slots=True)
class SpecialHands:
    """The special hands a preset counts (``()``: none), and whether a dream hand wins (2.10)."""

    hands: tuple[SpecialHand, ...] = ()
    dream_wins: bool = True

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(hand.id for hand in self.hands)

    def get(self, hand_id: str) -> SpecialHand:
        """The special hand of that id (the checks have refused any other)."""
        return next(hand for hand in self.hands if hand.id == hand_id)

    def wins_game(self, hand: SpecialHand) -> bool:
        """Whether laying this hand down wins the game at once (2.10)."""
        return hand.dream and self.dream_wins

    def words(self) -> tuple[tuple[Phrase, str], ...]:
        """The Rules page's sentences, with the test id of each: what a special hand is, then
        each hand with its value."""
        if not self.hands:
            return ()
        lines = [
            (
                Phrase(
                    gettext_noop(
                        "A special hand is 14 cards laid down at once as the side's first meld. It "
                        "ends the hand: the side scores the hand's value and nothing else (no "
                        "going-out bonus, no threes, no cards); the other sides score as usual."
                    )
                ),
                "",
            )
        ]
        for hand in self.hands:
            values = {"name": Phrase(hand.name), "what": Phrase(hand.what), "value": hand.value}
            if self.wins_game(hand):
                template = gettext_noop(
                    "%(name)s (%(what)s): %(value)s, and it wins the game at once."
                )
                lines.append((Phrase(template, values), "dream-hand"))
            else:
                lines.append((Phrase(gettext_noop("%(name)s (%(what)s): %(value)s."), values), ""))
        return tuple(lines)


def _hand(
    hand_id: str, value: int, name: str, what: str, dream: bool = False, label: str = ""
) -> SpecialHand:
    return SpecialHand(hand_id, value, name, what, dream, label)


PAIRS = gettext_noop("Pairs"), gettext_noop("seven pairs, no wild cards")
WILD_PAIRS = (
    gettext_noop("Wild pairs"),
    gettext_noop("seven pairs, among them aces, sevens and one pair of twos or of jokers"),
)
MIAMI_PAIRS = (
    gettext_noop("Miami pairs"),
    gettext_noop("seven pairs, among them aces, sevens, a pair of twos and a pair of jokers"),
)
ZIP_CODE = (
    gettext_noop("Zip code"),
    gettext_noop("two pairs, two triples and a four of a kind, matching wild cards allowed"),
)
STRAIGHT_HAND = (
    gettext_noop("Straight"),
    gettext_noop("one card of each rank from ace to king, and a joker"),
)
GARBAGE = (
    gettext_noop("Garbage"),
    gettext_noop("two fours of a kind and two triples, no wild cards"),
)
BLAST_OFF = (
    gettext_noop("Blast off"),
    gettext_noop("a five, a four, a triple and a pair of a kind, matching wild cards allowed"),
)
TRIPLES = gettext_noop("Triples"), gettext_noop("four triples and a pair of wild cards")
QUADS = gettext_noop("Quads"), gettext_noop("three fours of a kind and a pair of wild cards")
DREAM_4 = gettext_noop("Dream hand"), gettext_noop("two fives of a kind and four wild cards")
DREAM_5 = (
    gettext_noop("Dream hand"),
    gettext_noop("a five and a four of a kind and five wild cards"),
)

# Modern American special hands (2.4): the Canasta League of America's eleven, and pagat's four.
CLA_HANDS = (
    _hand("pairs", 2500, *PAIRS),
    _hand("wild_pairs", 2000, *WILD_PAIRS),
    _hand("miami_pairs", 2500, *MIAMI_PAIRS),
    _hand("zip_code", 2500, *ZIP_CODE),
    _hand("straight", 3000, *STRAIGHT_HAND),
    _hand("garbage", 3000, *GARBAGE),
    _hand("blast_off", 3000, *BLAST_OFF),
    _hand("triples", 3500, *TRIPLES),
    _hand("quads", 3500, *QUADS),
    _hand("dream_4", 8500, *DREAM_4, dream=True, label=gettext_noop("Dream hand (four wilds)")),
    _hand("dream_5", 8500, *DREAM_5, dream=True, label=gettext_noop("Dream hand (five wilds)")),
)
PAGAT_HANDS = (
    _hand("straight", 3000, *STRAIGHT_HAND),
    _hand("pairs", 2500, *PAIRS),
    _hand("wild_pairs", 2000, *WILD_PAIRS),
    _hand("garbage", 2000, *GARBAGE),
)
SPECIAL_HAND_SETS: dict[str, tuple[SpecialHand, ...]] = {
    "cla": CLA_HANDS,
    "pagat": PAGAT_HANDS,
    "none": (),
}
