"""The names a game holds, defined once: a side's name, its players' names, a club's name.

The game services check every name against these limits; the tournament's pair form and its CSV
import check a pair's names against the same ones before anything is saved, so a pair that was
accepted can always become a side of a game (its release can never fail on a name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# What a line of text may hold and what shows nothing: pure, so the engine checks a hand's
# adjustment reason by the same definition, and the OpenAPI document's patterns follow from it
# (scorekeeper/rules/text.py).
from scorekeeper.rules.text import (
    has_control_characters,
    name_key,
    one_line_pattern,
    shown_line_pattern,
    shows_nothing,
)

__all__ = [
    "MAX_CLUB_NAME",
    "MAX_PLAYER_NAME",
    "MAX_PLAYER_NAMES",
    "MAX_SIDE_NAME",
    "NameRefused",
    "checked_name",
    "has_control_characters",
    "name_key",
    "name_replaced",
    "no_control_characters",
    "one_line_pattern",
    "players_text",
    "shown_line_pattern",
    "shows_nothing",
]

MAX_SIDE_NAME = 60  # a side's name (a tournament pair's name)
MAX_PLAYER_NAMES = 200  # a side's players, joined with ", "
MAX_PLAYER_NAME = 80  # one player of a pair: two of them joined stay under MAX_PLAYER_NAMES
MAX_CLUB_NAME = 80


class NameRefused(ValueError):
    """A name checked_name refuses; ``str()`` is the message for the page."""


def checked_name(value: object, *, limit: int, what: str) -> str:
    """A name as it is kept (a club's, a player's, a preset's, a season's, an event's): one line
    of text that shows something, its runs of spaces made one, ``limit`` characters at most;
    ``what`` is its subject in the refusal ("A club" needs a name). A service turns the refusal
    into its own error (ClubError, TournamentError). Anything but text (a backup's number or
    list) is no name."""
    name = value if isinstance(value, str) else ""
    if shows_nothing(name):
        raise NameRefused(gettext("%(what)s needs a name.") % {"what": what})
    if has_control_characters(name):  # before the spaces are made one: a tab is not a space
        raise NameRefused(
            gettext("%(what)s: no tab, line break or control character.") % {"what": what}
        )
    name = " ".join(name.split())
    if len(name) > limit:
        raise NameRefused(
            gettext("%(what)s: at most %(n)s characters (%(name)s…).")
            % {"what": what, "n": limit, "name": name[:20]}
        )
    return name


def players_text(players: Iterable[str]) -> str:
    """A side's players as the game stores them: "Anna, Ben"."""
    return ", ".join(p.strip() for p in players if p.strip())


def no_control_characters(value: str) -> None:
    """A form validator: one line of printable text."""
    if has_control_characters(value):
        raise ValidationError(
            _("Use letters, digits and punctuation only: no tab, line break or control character."),
            code="control_characters",
        )


def name_replaced(text: str, olds: Iterable[str], new: str) -> str:
    """``text`` with each of ``olds`` replaced as a whole name, whatever its case ("Ann & Anna":
    Ann alone), as a pair's or a side's name holds its players' names (an anonymised player's
    every spelling, clubs.person_data)."""
    for old in sorted({o for o in olds if o}, key=len, reverse=True):  # "Ann Lee" before "Ann"
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", lambda _m: new, text, flags=re.I)
    return text
