"""The hand record (hand-format.md, "Input") read into frozen dataclasses.

Parsing checks the form: known keys only, whole numbers where numbers go, points that are
multiples of 5 and not negative, one entry level per side, as many sides as the table has.
The rules of play (VARIANTS.md section 4) are checked by :mod:`scorekeeper.rules.checks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorekeeper.rules import declaration
from scorekeeper.rules.cards import MELD_RANKS, NATURAL_RANKS
from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.frozen import build
from scorekeeper.rules.house_rules import Ruleset, ruleset_for


@dataclass(frozen=True)
class CardCounts:
    """Cards by class (hand-format.md "Card-class counts")."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    high: int = 0
    low: int = 0
    black_threes: int = 0
    red_threes: int = 0  # in a hand or foot only, where the preset counts them (families 5.3)

    @property
    def cards(self) -> int:
        return (
            self.jokers
            + self.twos
            + self.aces
            + self.high
            + self.low
            + self.black_threes
            + self.red_threes
        )

    @property
    def classes(self) -> tuple[int, ...]:
        """The counts in CARD_CLASSES order (a red three is of no class)."""
        return (self.jokers, self.twos, self.aces, self.high, self.low, self.black_threes)


@dataclass(frozen=True, slots=True)
class Points:
    """Cards given as their total value: ``{"points": N}``."""

    points: int


Cards = CardCounts | Points
NO_CARDS = CardCounts()
_NO_COUNTS = dict.fromkeys(CardCounts.__dataclass_fields__, 0)


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld of a detailed entry: a natural rank, ``"3"`` (black threes) or ``"wild"``."""

    rank: str
    naturals: int = 0
    twos: int = 0
    jokers: int = 0
    concealed: bool = False  # espanola: a canasta laid down whole from the hand

    @property
    def wilds(self) -> int:
        return self.twos + self.jokers

    @property
    def size(self) -> int:
        return self.naturals + self.twos + self.jokers


@dataclass(frozen=True, slots=True)
class Sequence:
    """An espanola sequence: naturals of one suit from ``low`` to ``high``."""

    low: str
    high: str

    @property
    def rank(self) -> str:  # for messages: "meld 3 (5-J)"
        return f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class CanastaCounts:
    """Canastas by kind in a summary entry."""

    natural: int = 0
    mixed: int = 0
    concealed_natural: int = 0
    concealed_mixed: int = 0
    wild_pure: int = 0
    wild_mixed: int = 0
    black_threes: int = 0
    aces: int = 0  # modern-american: natural aces
    sevens: int = 0  # modern-american
    wild_jokers: int = 0  # modern-american: the four jokers with three twos

    @property
    def total(self) -> int:
        return (
            self.natural
            + self.mixed
            + self.concealed_natural
            + self.concealed_mixed
            + self.wild_pure
            + self.wild_mixed
            + self.black_threes
            + self.aces
            + self.sevens
            + self.wild_jokers
        )


@dataclass(frozen=True, slots=True)
class SequenceCounts:
    straight: int = 0  # 7 in a suit
    royal: int = 0  # the whole suit, 4 to A


@dataclass(frozen=True, slots=True)
class CaughtSets:
    """Modern American: players holding three or more aces, or sevens, at the end (2.8)."""

    aces: int = 0
    sevens: int = 0


@dataclass(frozen=True, slots=True)
class Incomplete:
    """Modern American summary entry: unfinished special melds, each 0 or 1 (2.8)."""

    aces: int = 0
    sevens: int = 0
    wild: int = 0
    wild_jokers: int = 0  # an unfinished wild meld holding all four jokers

    @property
    def total(self) -> int:
        return self.aces + self.sevens + self.wild + self.wild_jokers


NO_CANASTAS = CanastaCounts()
NO_SEQUENCES = SequenceCounts()
NO_SETS = CaughtSets()
NO_INCOMPLETE = Incomplete()
_NONE_OF: dict[type, Any] = {
    CanastaCounts: NO_CANASTAS,
    SequenceCounts: NO_SEQUENCES,
    CaughtSets: NO_SETS,
    Incomplete: NO_INCOMPLETE,
}


@dataclass(frozen=True)
class FamilyKeys:
    """The families' side keys (VARIANTS-families.md 5.2); each at its default says nothing.
    Whether the preset has a use for them is for the checks (family_checks.py)."""

    black_threes_laid: int = 0
    caught_sets: CaughtSets = NO_SETS
    incomplete: Incomplete = NO_INCOMPLETE
    special_hand: str | None = None
    foot: Cards = NO_CARDS
    exact_pickups: int = 0


# The usual side gives none of them: it shares this one, and the checks of the families' keys
# ask only whether a side's keys are it (family_checks.py).
NO_FAMILY_KEYS = FamilyKeys()


@dataclass(frozen=True)
class SideHand:
    """One side's hand; ``melds`` (detailed) or ``melded`` (summary), or neither."""

    name: str = ""
    score_before: int = 0
    melds: tuple[Meld | Sequence, ...] | None = None
    melded: Cards | None = None
    canastas: CanastaCounts = NO_CANASTAS
    sequences: SequenceCounts = NO_SEQUENCES
    red_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    exact_cut: bool = False
    hand: Cards = NO_CARDS
    family: FamilyKeys = NO_FAMILY_KEYS


@dataclass(frozen=True)
class HandRecord:
    ruleset: Ruleset  # its seating has as many sides as the record
    sides: tuple[SideHand, ...]
    hand_number: int = 1  # the hand's place in the game (families 5.1)
    # No side gives a families' key or red threes in its hand: the parser knows it as it reads
    # the sides, so the checks skip what such a record cannot break (False: check everything).
    usual: bool = False


# The known keys of each level, from the declaration (declaration.py); a test holds the
# dataclasses above to its kinds.
RECORD_KEYS = frozenset(key.name for key in declaration.RECORD)
MELD_KEYS = frozenset(key.name for key in declaration.MELD)
SEQUENCE_KEYS = frozenset(key.name for key in declaration.SEQUENCE)
SIDE_KEYS = frozenset(key.name for key in declaration.ENGINE_SIDE)
FAMILY_KEYS = frozenset(key.name for key in declaration.FAMILY)
CARD_KEYS = frozenset(declaration.CARD_KEYS)
CANASTA_KINDS = frozenset(declaration.CANASTA_KINDS)
SEQUENCE_KINDS = frozenset(declaration.SEQUENCE_KINDS)
SET_KINDS = frozenset(declaration.SET_KINDS)
INCOMPLETE_KINDS = frozenset(declaration.INCOMPLETE_KINDS)
_DEFAULT_PLAYERS = declaration.RECORD_KEY["players"].default
_FIRST_HAND = declaration.RECORD_KEY["hand_number"].default
_BOOL_KEYS = tuple(key.name for key in declaration.ENGINE_SIDE if key.form is declaration.Form.FLAG)

# The parser is the hot path of batch scoring: the happy path does set and type checks only, and
# builds the location of a message (side, meld) only when it raises.


def _unknown(data: Mapping[str, Any], known: frozenset[str], where: dict[str, Any]) -> None:
    if data.keys() <= known:
        return
    key = next(k for k in data if k not in known)
    raise RuleViolation(gettext_noop("unknown key %(key)r"), key=key, field=str(key), **where)


def _count(value: object, key: str, where: dict[str, Any], part: str = "") -> int:
    """A count (a whole number, 0 or more) given as ``key`` (``part``: as ``key.part``)."""
    if type(value) is int and value >= 0:
        return value
    name = f"{key}.{part}" if part else key
    raise RuleViolation(
        gettext_noop("%(key)s must be a whole number, 0 or more"), key=name, field=name, **where
    )


MAX_POINTS = 100_000  # section 4: a point total above it is a slip of the finger


def _points(value: object, key: str, where: dict[str, Any]) -> int:
    if type(value) is int and 0 <= value <= MAX_POINTS and not value % 5:
        return value
    raise RuleViolation(
        gettext_noop("%(key)s points must be a multiple of 5 from 0 to %(max)s"),
        key=key,
        field=key,
        max=MAX_POINTS,
        **where,
    )


def _object(value: object, key: str, where: dict[str, Any]) -> Mapping[str, Any]:
    if type(value) is dict or isinstance(value, Mapping):
        return value
    raise RuleViolation(gettext_noop("%(key)s must be an object"), key=key, field=key, **where)


def parse_cards(value: object, key: str, where: dict[str, Any]) -> Cards:
    """Card-class counts or ``{"points": N}``."""
    data = _object(value, key, where)
    if not data:
        return NO_CARDS
    if "points" in data:
        if len(data) != 1:
            raise RuleViolation(
                gettext_noop("%(key)s gives points or card counts, not both"),
                key=key,
                field=key,
                **where,
            )
        return _points_of(_points(data["points"], key, where))
    _unknown(data, CARD_KEYS, where)
    for name, n in data.items():
        _count(n, key, where, name)
    counts = _new(CardCounts)  # as build(CardCounts, ...) does, without copying the fields
    _set(counts, "__dict__", {**_NO_COUNTS, **data})
    return counts


def _parse_hand(value: object, where: dict[str, Any]) -> Cards:
    """A side's hand: parse_cards, with the usual card counts read in one pass."""
    if type(value) is dict and value and "points" not in value and value.keys() <= CARD_KEYS:
        for n in value.values():
            if type(n) is not int or n < 0:
                break
        else:
            counts = _new(CardCounts)
            _set(counts, "__dict__", {**_NO_COUNTS, **value})
            return counts
    return parse_cards(value, "hand", where)


_new = object.__new__
_set = object.__setattr__


@lru_cache(maxsize=4096)
def _points_of(points: int) -> Points:  # shared, as melds are (_meld)
    return Points(points)


def _parse_melds(given: list[Any], where: dict[str, Any]) -> tuple[Meld | Sequence, ...]:
    """A side's melds: the usual meld read here, in one loop; a sequence, or anything that
    breaks a rule of form, by _parse_meld (which names the refusal)."""
    melds: list[Meld | Sequence] = []
    for i, data in enumerate(given, 1):
        if type(data) is dict and data.keys() <= MELD_KEYS:
            rank = data.get("rank")
            naturals = data.get("naturals", 0)
            twos = data.get("twos", 0)
            jokers = data.get("jokers", 0)
            concealed = data.get("concealed", False)
            if (
                type(rank) is str
                and rank in MELD_RANKS
                and type(naturals) is int
                and naturals >= 0
                and type(twos) is int
                and twos >= 0
                and type(jokers) is int
                and jokers >= 0
                and type(concealed) is bool
            ):
                melds.append(_meld(rank, naturals, twos, jokers, concealed))
                continue
        melds.append(_parse_meld(data, i, where))
    return tuple(melds)


def _meld_where(where: dict[str, Any], index: int, rank: object = "") -> dict[str, Any]:
    return {**where, "meld": index, "rank": rank if isinstance(rank, str) else ""}


def _parse_meld(value: object, index: int, where: dict[str, Any]) -> Meld | Sequence:
    if type(value) is not dict:
        _object(value, "meld", _meld_where(where, index))
    data: Mapping[str, Any] = value  # type: ignore[assignment]
    if "sequence" in data:
        return _parse_sequence(data, _meld_where(where, index))
    rank = data.get("rank")
    if not data.keys() <= MELD_KEYS:
        _unknown(data, MELD_KEYS, _meld_where(where, index, rank))
    if type(rank) is not str or rank not in MELD_RANKS:
        raise RuleViolation(
            gettext_noop("rank must be one of 4 5 6 7 8 9 10 J Q K A, 3 (black threes) or wild"),
            field="rank",
            **_meld_where(where, index),
        )
    naturals = data.get("naturals", 0)
    twos = data.get("twos", 0)
    jokers = data.get("jokers", 0)
    concealed = data.get("concealed", False)
    if not (
        type(naturals) is int
        and naturals >= 0
        and type(twos) is int
        and twos >= 0
        and type(jokers) is int
        and jokers >= 0
    ):
        at = _meld_where(where, index, rank)
        for key in ("naturals", "twos", "jokers"):
            _count(data.get(key, 0), key, at)
    if type(concealed) is not bool:
        raise RuleViolation(
            gettext_noop("concealed must be true or false"),
            field="concealed",
            **_meld_where(where, index, rank),
        )
    return _meld(rank, naturals, twos, jokers, concealed)


@lru_cache(maxsize=4096)
def _meld(rank: str, naturals: int, twos: int, jokers: int, concealed: bool) -> Meld:
    # Melds are frozen, so equal ones can be shared: a batch repeats the same few hundred melds,
    # and building a frozen dataclass costs more than looking it up. Keys are type-checked above.
    # A tenth of the engine's work (bench/instructions.py, 2026-11-26: 330k instructions a hand, 361k
    # without the cache).
    return Meld(rank, naturals, twos, jokers, concealed)


def _parse_sequence(data: Mapping[str, Any], where: dict[str, Any]) -> Sequence:
    _unknown(data, SEQUENCE_KEYS, where)
    ends = data["sequence"]
    if (
        not isinstance(ends, list)
        or len(ends) != 2
        or not all(type(end) is str and end in NATURAL_RANKS for end in ends)
    ):
        raise RuleViolation(
            gettext_noop("a sequence is [lowest rank, highest rank], ranks 4 to A"),
            field="sequence",
            **where,
        )
    return Sequence(ends[0], ends[1])


def _parse_counts(
    value: object, key: str, kinds: frozenset[str], cls: type, where: dict[str, Any]
) -> Any:
    data = _object(value, key, where)
    if not data:
        return _NONE_OF[cls]
    _unknown(data, kinds, where)
    for kind, n in data.items():
        _count(n, key, where, kind)
    return _counts_of(cls, tuple(data.items()))


@lru_cache(maxsize=1024)
def _counts_of(cls: type, items: tuple[tuple[str, int], ...]) -> Any:
    # Shared, as melds are (_meld): the frozen dataclass's __init__ sets its ten fields one by
    # one, and a summary's canastas are a few counts repeated. Counts are checked ints (above).
    return cls(**dict(items))


def _side_object(value: object, where: dict[str, Any]) -> Mapping[str, Any]:
    if type(value) is dict and value.keys() <= SIDE_KEYS:
        return value  # the usual side
    data = _object(value, "side", where)
    if not data.keys() <= SIDE_KEYS:
        _unknown(data, SIDE_KEYS, where)
    return data


def parse_side(value: object, number: int) -> SideHand:
    """One side of the record; ``number`` is 1-based, for messages."""
    where: dict[str, Any] = {"side": number}
    data = _side_object(value, where)
    name = data.get("name", "")
    if type(name) is not str:
        raise RuleViolation(gettext_noop("name must be text"), field="name", **where)
    if name:
        where["side_name"] = name
    score_before = data.get("score_before", 0)
    if type(score_before) is not int or score_before % 5:
        raise RuleViolation(
            gettext_noop("score_before must be a whole multiple of 5"),
            field="score_before",
            **where,
        )
    went_out = data.get("went_out", False)
    concealed = data.get("concealed", False)
    exact_cut = data.get("exact_cut", False)
    if not (type(went_out) is bool and type(concealed) is bool and type(exact_cut) is bool):
        key = next(k for k in _BOOL_KEYS if type(data.get(k, False)) is not bool)
        raise RuleViolation(
            gettext_noop("%(key)s must be true or false"), key=key, field=key, **where
        )
    red_threes = data.get("red_threes", 0)
    red_threes = (
        red_threes
        if type(red_threes) is int and red_threes >= 0
        else _count(red_threes, "red_threes", where)
    )
    hand = _parse_hand(data["hand"], where) if "hand" in data else NO_CARDS
    family = NO_FAMILY_KEYS if FAMILY_KEYS.isdisjoint(data) else _parse_family_keys(data, where)
    melds = None
    melded = None
    canastas = NO_CANASTAS
    sequences = NO_SEQUENCES
    if "melds" in data:
        if (
            "melded" in data
            or ("canastas" in data and data["canastas"] != {})
            or ("sequences" in data and data["sequences"] != {})
        ):
            raise RuleViolation(
                gettext_noop(
                    "give either melds (detailed) or melded with canastas (summary), not both"
                ),
                field="melds",
                **where,
            )
        given = data["melds"]
        if type(given) is not list:
            raise RuleViolation(gettext_noop("melds must be a list"), field="melds", **where)
        melds = _parse_melds(given, where)
    elif "melded" in data:
        melded = _parse_melded(data["melded"], where)
        if "canastas" in data:
            canastas = _parse_counts(
                data["canastas"], "canastas", CANASTA_KINDS, CanastaCounts, where
            )
        if "sequences" in data:
            sequences = _parse_counts(
                data["sequences"], "sequences", SEQUENCE_KINDS, SequenceCounts, where
            )
    elif _summary_keys_alone(data, family):
        raise RuleViolation(
            gettext_noop("canastas and sequences go with melded: give the melded cards too"),
            field="canastas",
            **where,
        )
    return build(
        SideHand,
        name=name,
        score_before=score_before,
        melds=melds,
        melded=melded,
        canastas=canastas,
        sequences=sequences,
        red_threes=red_threes,
        went_out=went_out,
        concealed=concealed,
        exact_cut=exact_cut,
        hand=hand,
        family=family,
    )


def _parse_melded(value: object, where: dict[str, Any]) -> Cards:
    melded = parse_cards(value, "melded", where)
    if isinstance(melded, CardCounts) and melded.red_threes:
        raise RuleViolation(
            gettext_noop("red threes are laid down, not melded: give them as red_threes"),
            field="melded",
            **where,
        )
    return melded


def _summary_keys_alone(data: Mapping[str, Any], family: FamilyKeys) -> bool:
    """Whether a side gives a summary's canastas, sequences or unfinished melds without melded."""
    for key in _WITH_MELDED:
        if key.family:
            if getattr(family, key.name) != _FAMILY_DEFAULTS[key.name]:
                return True
        elif data.get(key.name, {}) != {}:
            return True
    return False


def _parse_family_keys(data: Mapping[str, Any], where: dict[str, Any]) -> FamilyKeys:
    """The families' side keys (VARIANTS-families.md 5.2), each read by its declared form;
    whether the preset has a use for them is for the checks. Keys all at their defaults are the
    usual side's."""
    out: dict[str, Any] = {}
    for key in declaration.FAMILY:
        if key.name not in data:
            continue
        value = _FAMILY_FORMS[key.form](data[key.name], key, where)
        if value == _FAMILY_DEFAULTS[key.name]:
            continue
        if key.with_melds and "melds" in data:
            raise RuleViolation(key.with_melds, field=key.name, **where)
        if key.most is not None and max(getattr(value, kind) for kind in key.kinds) > key.most:
            raise RuleViolation(key.over_most, field=key.name, **where)
        out[key.name] = value
    return FamilyKeys(**out) if out else NO_FAMILY_KEYS


def _family_count(value: object, key: declaration.Key, where: dict[str, Any]) -> int:
    return _count(value, key.name, where)


def _family_cards(value: object, key: declaration.Key, where: dict[str, Any]) -> Cards:
    return parse_cards(value, key.name, where)


def _family_id(value: object, key: declaration.Key, where: dict[str, Any]) -> str | None:
    # special_hand is the one key of this form: the refusal names it in its own words.
    if value is None or type(value) is str:
        return value
    raise RuleViolation(
        gettext_noop("special_hand must be the id of a special hand"), field=key.name, **where
    )


def _family_counts(value: object, key: declaration.Key, where: dict[str, Any]) -> Any:
    none = _FAMILY_DEFAULTS[key.name]
    return _parse_counts(value, key.name, frozenset(key.kinds), type(none), where)


_FAMILY_FORMS = {
    declaration.Form.COUNT: _family_count,
    declaration.Form.CARDS: _family_cards,
    declaration.Form.ID: _family_id,
    declaration.Form.COUNTS: _family_counts,
}
# What each families' key is when not given: its FamilyKeys field's default.
_FAMILY_DEFAULTS = {
    key.name: FamilyKeys.__dataclass_fields__[key.name].default for key in declaration.FAMILY
}
_WITH_MELDED = tuple(key for key in declaration.ENGINE_SIDE if key.with_melded is not None)


_NO_RULES = object()


def parse_record(record: object) -> HandRecord:
    """A hand record (a parsed JSON object) as a :class:`HandRecord`, or a RuleViolation."""
    if not (type(record) is dict or isinstance(record, Mapping)):
        raise RuleViolation(gettext_noop("a hand record must be a JSON object"))
    if not record.keys() <= RECORD_KEYS:
        _unknown(record, RECORD_KEYS, {})
    if "variant" not in record:
        raise RuleViolation(gettext_noop("variant is required"), field="variant")
    sides = record.get("sides")
    given = len(sides) if type(sides) is list else None
    # The number of sides picks the seating where a player count has two layouts (2.1).
    rules = record.get("rules", _NO_RULES)
    if rules is None:  # ruleset_for reads None as no house rules: here null is no object
        raise RuleViolation(gettext_noop("rules must be an object"), field="rules")
    if rules is _NO_RULES:
        rules = None  # none given: ruleset_for's no house rules, without comparing to {}
    ruleset = ruleset_for(record["variant"], record.get("players", _DEFAULT_PLAYERS), rules, given)
    if type(sides) is not list:
        raise RuleViolation(
            gettext_noop("sides must be a list, one object per side"), field="sides"
        )
    hand_number = record.get("hand_number", _FIRST_HAND)
    if type(hand_number) is not int or hand_number < 1:
        raise RuleViolation(
            gettext_noop("hand_number must be a whole number from 1"), field="hand_number"
        )
    parsed = []
    usual = True
    for i, given_side in enumerate(sides, 1):
        side = parse_side(given_side, i)
        parsed.append(side)
        hand = side.hand
        if side.family is not NO_FAMILY_KEYS or (type(hand) is CardCounts and hand.red_threes):
            usual = False
    return build(
        HandRecord, ruleset=ruleset, sides=tuple(parsed), hand_number=hand_number, usual=usual
    )
