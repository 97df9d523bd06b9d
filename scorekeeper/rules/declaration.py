"""The hand record's keys, declared once (hand-format.md "Input", VARIANTS-families.md 5.2).

Each key of a record, of a side and of a meld is one row below: its name, the form of its value,
its default, the kinds it counts, and for a side's key the presets that have a use for it. What
follows from the rows rather than being written again beside them:

- the parser (records.py) takes its sets of known keys from here, and reads the families' keys
  (``family=True``: ``SideHand.family``) by their form, one loop for all of them;
- the families' checks (family_checks.py) refuse a key given where :attr:`Key.used_by` says the
  preset has no use for it;
- the entry form's offer (entry.py) lists the side keys :attr:`Key.offered` gives a preset;
- the OpenAPI document (scorekeeper/openapi.py) builds a side's and a record's schema from the
  forms;
- the browser's record mapping (static/) is held to these names by a test, through
  :func:`as_json` (``python manage.py hand_record_keys`` prints it).

So a rule that reads a new side key adds its row here, its field on ``FamilyKeys`` (records.py),
the rule that reads it, and the browser's mapping. The dataclasses the kinds fill (CardCounts,
CanastaCounts...) are records.py's; tests/unit/rules/test_declaration.py checks their fields
against the kinds declared here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper.rules.cards import CARD_CLASSES
from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.variants import NO_EXTRA, BlackThreeMeld, Variant


class Form(StrEnum):
    """What a key's value is (hand-format.md)."""

    PRESET = "preset"  # a preset's id
    PLAYERS = "players"  # players at the table
    RULES = "rules"  # house rules by name
    SIDES = "sides"  # a list of sides
    NUMBER = "number"  # a whole number from 1
    TEXT = "text"  # a string
    SCORE = "score"  # a whole multiple of 5, may be below 0
    COUNT = "count"  # a whole number, 0 or more
    FLAG = "flag"  # true or false
    CARDS = "cards"  # card-class counts, or {"points": N}
    COUNTS = "counts"  # counts by kind (each 0 or more, at most Key.most)
    MELDS = "melds"  # a list of melds and sequences
    RANK = "rank"  # a meld's rank
    ENDS = "ends"  # a sequence's lowest and highest rank
    ID = "id"  # the id of a special hand, or null
    ADJUSTMENT = "adjustment"  # a table's adjustment of the score: points and a reason


class WithMelded(StrEnum):
    """A summary entry's key, which a side gives only with ``melded`` (never with ``melds``)."""

    ANY_KEY = "any_key"  # an object with any key in it
    A_COUNT = "a_count"  # a count above 0


def _always(_variant: Variant) -> bool:
    return True


@dataclass(frozen=True)
class Key:
    name: str
    form: Form
    default: Any = None  # None: no default (a required key, or one given or not)
    required: bool = False
    kinds: tuple[str, ...] = ()  # CARDS, COUNTS: the keys inside
    most: int | None = None  # COUNTS: the most each count may be
    over_most: str = ""  # COUNTS with a most: the refusal of a count above it
    with_melds: str = ""  # a families' summary key: the refusal of it beside melds
    family: bool = False  # a families' key (VARIANTS-families 5.2), read into SideHand.family
    with_melded: WithMelded | None = None
    # A game's hand: the game holds it (name, score_before), or only a game's hand takes it (the
    # table's adjustment, which the engine never sees: rules/adjustments.py).
    from_game: bool = False
    game_only: bool = False
    # Whether a preset (as its house rules leave it) has a use for the key: elsewhere a value
    # other than the default is refused (family_checks.py).
    used_by: Callable[[Variant], bool] = _always
    # Whether the entry form offers it (a box, a counter); where it scores nothing, a key may be
    # taken and not offered (an exact pick-up worth 0).
    offers: Callable[[Variant], bool] | None = None

    def offered(self, variant: Variant) -> bool:
        return (self.offers or self.used_by)(variant)


CARD_KEYS = (*CARD_CLASSES, "red_threes")  # red threes: in a hand or foot only (families 5.3)
CANASTA_KINDS = (
    "natural",
    "mixed",
    "concealed_natural",
    "concealed_mixed",
    "wild_pure",
    "wild_mixed",
    "black_threes",
    "aces",  # modern-american: natural aces
    "sevens",  # modern-american
    "wild_jokers",  # modern-american: the four jokers with three twos
)
SEQUENCE_KINDS = ("straight", "royal")
SET_KINDS = ("aces", "sevens")
INCOMPLETE_KINDS = ("aces", "sevens", "wild", "wild_jokers")

RECORD: tuple[Key, ...] = (
    Key("variant", Form.PRESET, required=True),
    Key("players", Form.PLAYERS, default=4),
    Key("rules", Form.RULES, default={}),
    Key("sides", Form.SIDES, required=True),
    Key("hand_number", Form.NUMBER, default=1),  # the hand's place in the game (families 5.1)
)

SIDE: tuple[Key, ...] = (
    Key("name", Form.TEXT, default="", from_game=True),
    Key("score_before", Form.SCORE, default=0, from_game=True),
    Key("melds", Form.MELDS),
    Key("melded", Form.CARDS, kinds=CARD_CLASSES),  # red threes are laid down, not melded
    Key("canastas", Form.COUNTS, default={}, kinds=CANASTA_KINDS, with_melded=WithMelded.ANY_KEY),
    Key(
        "sequences",
        Form.COUNTS,
        default={},
        kinds=SEQUENCE_KINDS,
        with_melded=WithMelded.ANY_KEY,
        offers=lambda variant: variant.sequences.played,
    ),
    Key("red_threes", Form.COUNT, default=0),
    Key("went_out", Form.FLAG, default=False),
    Key(
        "concealed",
        Form.FLAG,
        default=False,
        # Taken everywhere (a concealed going out scores the plain bonus); a box only where it
        # scores one of its own.
        offers=lambda variant: variant.concealed_going_out_bonus is not NO_EXTRA,
    ),
    Key(
        "exact_cut",
        Form.FLAG,
        default=False,
        used_by=lambda variant: variant.exact_cut_bonus is not None,
    ),
    Key("hand", Form.CARDS, default={}, kinds=CARD_KEYS),
    # The families' keys, in the order they are read and checked.
    Key(
        "black_threes_laid",
        Form.COUNT,
        default=0,
        family=True,
        used_by=lambda variant: variant.black_three_meld is BlackThreeMeld.LAID_OUT,
    ),
    Key(
        "caught_sets",
        Form.COUNTS,
        default={},
        kinds=SET_KINDS,
        family=True,
        used_by=lambda variant: variant.caught_set_penalty is not None,
    ),
    Key(
        "incomplete",
        Form.COUNTS,
        default={},
        kinds=INCOMPLETE_KINDS,
        most=1,
        over_most=gettext_noop("incomplete counts are 0 or 1: a side has one meld of a kind"),
        with_melds=gettext_noop("incomplete goes with melded: with melds it comes from the melds"),
        family=True,
        with_melded=WithMelded.A_COUNT,
        used_by=lambda variant: variant.unfinished is not None,
    ),
    Key(
        "special_hand",
        Form.ID,
        family=True,
        used_by=lambda variant: bool(variant.special_hands.hands),
    ),
    Key(
        "foot",
        Form.CARDS,
        default={},
        kinds=CARD_KEYS,
        family=True,
        used_by=lambda variant: "foot" in variant.feet.keys,
    ),
    Key(
        "exact_pickups",
        Form.COUNT,
        default=0,
        family=True,
        used_by=lambda variant: "exact_pickups" in variant.feet.keys,
        offers=lambda variant: variant.feet.boxes().exact_pickups,
    ),
    Key("adjustment", Form.ADJUSTMENT, game_only=True),
)

MELD: tuple[Key, ...] = (
    Key("rank", Form.RANK, required=True),
    Key("naturals", Form.COUNT, default=0),
    Key("twos", Form.COUNT, default=0),
    Key("jokers", Form.COUNT, default=0),
    # espanola: a natural-rank canasta laid down whole from the hand
    Key("concealed", Form.FLAG, default=False),
)
SEQUENCE: tuple[Key, ...] = (Key("sequence", Form.ENDS, required=True),)

RECORD_KEY = {key.name: key for key in RECORD}
# The keys the engine reads: a game's hand takes the game-only ones off first.
ENGINE_SIDE = tuple(key for key in SIDE if not key.game_only)
FAMILY = tuple(key for key in SIDE if key.family)


def offered_keys(variant: Variant) -> tuple[str, ...]:
    """The side keys the entry form offers a preset (as its house rules leave it)."""
    return tuple(key.name for key in ENGINE_SIDE if key.offered(variant))


def _row(key: Key) -> dict[str, Any]:
    row: dict[str, Any] = {"name": key.name, "form": str(key.form)}
    if key.default is not None:
        row["default"] = key.default
    for flag in ("required", "family", "from_game", "game_only"):
        if getattr(key, flag):
            row[flag] = True
    if key.kinds:
        row["kinds"] = list(key.kinds)
    if key.most is not None:
        row["most"] = key.most
    if key.with_melded is not None:
        row["with_melded"] = str(key.with_melded)
    return row


def as_json(presets: dict[str, Variant] | None = None) -> dict[str, Any]:
    """The declaration as JSON: each level's keys, and (given presets) the side keys offered to
    each, for a script or a test outside Python."""
    out: dict[str, Any] = {
        "record": [_row(key) for key in RECORD],
        "side": [_row(key) for key in SIDE],
        "meld": [_row(key) for key in MELD],
        "sequence": [_row(key) for key in SEQUENCE],
    }
    if presets is not None:
        out["offered"] = {id_: list(offered_keys(variant)) for id_, variant in presets.items()}
    return out
