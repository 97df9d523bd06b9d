"""Errors a player can fix (VARIANTS.md section 4).

A :class:`RuleViolation` is an invalid hand record or lookup: it is shown next to the field in the
form, answered as 400 in the API and as an ``{"error": ...}`` line on the command line. Anything
else raised by the engine is a bug and must surface.

Messages are English templates with named parameters, so the Django layer can translate them:
:func:`gettext_noop` marks a message and :func:`ngettext_lazy` a message with a plural form (both
names ``makemessages`` extracts; the engine has no Django). A parameter that is itself words to
translate (a card's name, "side 1 (NS)") is a :class:`Phrase`, translated with the message.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it."""
    return message


@dataclass(frozen=True, slots=True)
class Plural:
    """A message with a singular and a plural form; ``count`` names the parameter that picks one."""

    singular: str
    plural: str
    count: str


def ngettext_lazy(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message: like Django's ``ngettext_lazy`` given the name of its count."""
    return Plural(singular, plural, count)


Message = str | Plural


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words inside a message that are a message of their own: translated along with it."""

    template: Message
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Translate, translate_plural: TranslatePlural) -> str:
        values = {
            key: value.render(translate, translate_plural) if isinstance(value, Phrase) else value
            for key, value in self.params.items()
        }
        template = self.template
        if isinstance(template, Plural):
            count: int = self.params[template.count]
            text = translate_plural(template.singular, template.plural, count)
        else:
            text = translate(template)
        return text % values if values else text


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 2, 40, 40, 4, 4
MAX_TEXT = 40


class _Shown:
    """A value from the input shown in a message: short, whatever was sent."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__


def shown(value: Any) -> Any:
    """A message parameter bounded in length: input can be a megabyte of text, a list nested a
    thousand deep, or a number too long to print."""
    if isinstance(value, Phrase | bool | float) or value is None:
        return value
    if isinstance(value, int):
        return value if value.bit_length() < 100 else _Shown("(a number too large)")
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[: MAX_TEXT - 1] + "…"
    return _Shown(_REPR.repr(value))


SIDE = gettext_noop("side %(side)s")
SIDE_NAMED = gettext_noop("side %(side)s (%(name)s)")
MELD = gettext_noop("meld %(meld)s")
MELD_RANKED = gettext_noop("meld %(meld)s (%(rank)s)")
LOCATED = gettext_noop("%(where)s: %(message)s")
HOUSE_RULE_NOTE = gettext_noop("%(message)s (this table's house rule: %(rule)s)")
ON_LINE = gettext_noop("line %(line)s: %(message)s")
BOTH = gettext_noop("%(first)s and %(last)s")
LIST = gettext_noop("%(first)s, %(rest)s")


def side_phrase(number: int, name: str = "") -> Phrase:
    """ "side 2" or "side 2 (EW)": how messages name a side (1-based, as players count seats)."""
    if name:  # a name from the input: shown bounded, as every other parameter is
        return Phrase(SIDE_NAMED, {"side": number, "name": shown(name)})
    return Phrase(SIDE, {"side": number})


def list_phrase(items: Sequence[Phrase]) -> Phrase:
    """ "a", "a and b", "a, b and c", in the reader's language."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Phrase(BOTH, {"first": items[0], "last": items[1]})
    return Phrase(LIST, {"first": items[0], "rest": list_phrase(items[1:])})


class RuleViolation(ValueError):
    """A hand record or lookup that breaks a rule; the message names side, meld and rule."""

    def __init__(
        self,
        template: Message,
        *,
        side: int | None = None,
        side_name: str = "",
        meld: int | None = None,
        rank: str = "",
        rank_label: Phrase | None = None,
        field: str = "",
        setting: str = "",
        **params: Any,
    ) -> None:
        self.template = template
        self.params: Mapping[str, Any] = {key: shown(value) for key, value in params.items()}
        self.side = side  # 1-based, as players count seats
        self.side_name = shown(side_name)
        self.meld = meld  # 1-based
        self.rank = rank
        self.rank_label = rank_label  # how the page names the rank ("DETENER"), when not the rank
        self.field = field  # the record key at fault, for forms ("hand", "melded", "red_threes"...)
        # The house rule whose value decided the refusal ("wild_limit"); the scorer names it in
        # the message (house_rule) when the table changed it from the preset's value.
        self.setting = setting
        self.house_rule = ""
        self.line: int | None = None  # the line of a file of hand records (import)
        super().__init__(template)

    def __str__(self) -> str:
        return self.render()

    def render(
        self, translate: Translate = gettext_noop, translate_plural: TranslatePlural | None = None
    ) -> str:
        """The message, optionally through translation functions (Django's gettext, ngettext)."""
        plural = translate_plural or _english_plural
        text = Phrase(self.template, self.params).render(translate, plural)
        if self.house_rule:
            text = translate(HOUSE_RULE_NOTE) % {
                "message": text,
                "rule": translate(self.house_rule),
            }
        where = self._where().render(translate, plural) if self._located else ""
        if where:
            text = translate(LOCATED) % {"where": where, "message": text}
        if self.line is not None:
            text = translate(ON_LINE) % {"line": self.line, "message": text}
        return text

    def sentence(
        self, translate: Translate = gettext_noop, translate_plural: TranslatePlural | None = None
    ) -> str:
        """The message as a person reads it, alone: a capital first ("Side 1 (NS), meld 1 (K):
        a meld needs..."). The parts are written in lower case, since they sit inside one
        another (:meth:`render`). The server and the phone's engine both show this."""
        text = self.render(translate, translate_plural)
        return text[:1].upper() + text[1:]

    @property
    def _located(self) -> bool:
        return self.side is not None or self.meld is not None

    def _where(self) -> Phrase:
        parts = []
        if self.side is not None:
            parts.append(side_phrase(self.side, self.side_name))
        if self.meld is not None:
            rank = self.rank_label or shown(self.rank)  # a rank from the input, bounded
            parts.append(
                Phrase(MELD_RANKED, {"meld": self.meld, "rank": rank})
                if rank
                else Phrase(MELD, {"meld": self.meld})
            )
        if len(parts) == 1:
            return parts[0]
        return Phrase(gettext_noop("%(side)s, %(meld)s"), {"side": parts[0], "meld": parts[1]})
