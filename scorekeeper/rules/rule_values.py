"""House-rule values and their kinds: a whole number, a flag, a choice, one of a few JSON values,
a going-out contract, a list of numbers; a :class:`HouseRule` names one, says where it applies and
how it changes a preset (``apply``) and what the preset has (``read``).

The registry of rules by name is :data:`scorekeeper.rules.house_rules.HOUSE_RULES`.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.variants import Seating, Variant


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number from ``low`` to ``high`` in steps of ``step``."""

    low: int
    high: int
    step: int = 1

    def parse(self, name: str, value: object) -> int:
        if type(value) is int and self.low <= value <= self.high and not value % self.step:
            return value
        raise RuleViolation(
            gettext_noop(
                "house rule %(name)s must be a whole number from %(low)s to %(high)s"
                " in steps of %(step)s"
            ),
            field="rules",
            name=name,
            low=self.low,
            high=self.high,
            step=self.step,
        )


@dataclass(frozen=True, slots=True)
class Flag:
    """True or false."""

    def parse(self, name: str, value: object) -> bool:
        if type(value) is bool:
            return value
        raise RuleViolation(
            gettext_noop("house rule %(name)s must be true or false"), field="rules", name=name
        )


NOT_ONE_OF = gettext_noop("house rule %(name)s must be one of %(choices)s")


def _not_one_of(name: str, choices: tuple[object, ...]) -> RuleViolation:
    return RuleViolation(
        NOT_ONE_OF,
        field="rules",
        name=name,
        choices=", ".join(json_text(c) for c in choices),
    )


def json_text(value: object) -> str:
    """A value as a hand record writes it: true, 7, none."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True, slots=True)
class Choice:
    """One of an enum's values; ``offered``: the values a preset that lists none accepts (an enum
    that the four families extended keeps the seven presets' own values)."""

    enum: type[StrEnum]
    offered: tuple[str, ...] | None = None

    def parse(self, name: str, value: object) -> StrEnum:
        if isinstance(value, str) and value in self.choices:
            return self.enum(value)
        raise _not_one_of(name, self.choices)

    @property
    def choices(self) -> tuple[str, ...]:
        return self.offered or tuple(member.value for member in self.enum)


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of a few JSON values, of their own types: ``100`` or ``0``, ``1500`` or ``"off"``."""

    choices: tuple[object, ...]

    def parse(self, name: str, value: object) -> object:
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return value
        raise _not_one_of(name, self.choices)


@dataclass(frozen=True, slots=True)
class Books:
    """A going-out contract, ``"C+D"`` or ``"C+D+W"``: clean, dirty and wild books, digits 0-9."""

    def parse(self, name: str, value: object) -> tuple[int, int, int]:
        parts = value.split("+") if isinstance(value, str) else []
        # ASCII digits: "²" is a digit to str.isdigit, but int() refuses it.
        if len(parts) in (2, 3) and all(len(p) == 1 and p in string.digits for p in parts):
            clean, dirty, *wild = (int(p) for p in parts)
            return clean, dirty, wild[0] if wild else 0
        raise RuleViolation(
            gettext_noop(
                "house rule %(name)s must be clean+dirty or clean+dirty+wild books, "
                "each a digit (2+2, 2+2+1)"
            ),
            field="rules",
            name=name,
        )


@dataclass(frozen=True, slots=True)
class Steps:
    """A list of ``count`` whole numbers, each from ``low`` to ``high`` in steps of ``step``."""

    count: int
    low: int
    high: int
    step: int = 5

    def parse(self, name: str, value: object) -> tuple[int, ...]:
        if (
            isinstance(value, list)
            and len(value) == self.count
            and all(
                type(v) is int and self.low <= v <= self.high and not v % self.step for v in value
            )
        ):
            return tuple(value)
        raise RuleViolation(
            gettext_noop(
                "house rule %(name)s must be a list of %(count)s whole numbers from %(low)s to "
                "%(high)s in steps of %(step)s"
            ),
            field="rules",
            name=name,
            count=self.count,
            low=self.low,
            high=self.high,
            step=self.step,
        )


Values = Whole | Flag | Choice | OneOf | Books | Steps


Apply = Callable[[Variant, Seating, Any], tuple[Variant, Seating]]


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A named override: its values (also used to build the form field), and where it applies."""

    name: str
    label: str
    help: str
    values: Values
    apply: Apply
    read: Callable[[Variant, Seating], Any]  # the value in force, to show a preset's default
    applies: Callable[[Variant], bool] = lambda _preset: True  # read from the preset's own data
    # Values other tables play that no preset holds, which the Rules page cites with their
    # sources (a red three caught: pagat's 300 or 100).
    cited: tuple[object, ...] = ()

    def offered_to(self, preset: Variant) -> bool:
        """Whether a club may set this rule for the preset: the families name theirs."""
        if preset.house_rules is not None:
            return self.name in preset.house_rules
        return self.applies(preset)

    def parse(self, value: object, preset: Variant | None = None) -> Any:
        """The value, validated; a preset that lists its own values for the rule accepts only
        those (VARIANTS-families.md section 6)."""
        allowed = preset.values_of(self.name) if preset is not None else None
        if allowed is not None:
            OneOf(allowed).parse(self.name, value)
            if isinstance(self.values, Choice):
                return self.values.enum(str(value))  # one of the preset's own (strings)
        return self.values.parse(self.name, value)


def on_seating(field: str) -> Apply:
    return lambda variant, seating, value: (variant, replace(seating, **{field: value}))


def on_bonus(field: str) -> Apply:
    """Set one canasta bonus (a book's, a concealed canasta's) to the house rule's value."""

    def apply(variant: Variant, seating: Seating, value: int) -> tuple[Variant, Seating]:
        return replace(
            variant, canasta_bonus=replace(variant.canasta_bonus, **{field: value})
        ), seating

    return apply


def on_variant(field: str) -> Apply:
    return lambda variant, seating, value: (replace(variant, **{field: value}), seating)


def seating_value(field: str) -> Callable[[Variant, Seating], Any]:
    return lambda _variant, seating: getattr(seating, field)


def variant_value(field: str) -> Callable[[Variant, Seating], Any]:
    return lambda variant, _seating: getattr(variant, field)
