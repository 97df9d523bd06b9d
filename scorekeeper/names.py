"""The names a game holds, defined once: a side's name, its players' names, a club's name.

The game services check every name against these limits; the tournament's pair form and its CSV
import check a pair's names against the same ones before anything is saved, so a pair that was
accepted can always become a side of a game (its release can never fail on a name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MAX_SIDE_NAME = 60  # a side's name (a tournament pair's name)
MAX_PLAYER_NAMES = 200  # a side's players, joined with ", "
MAX_PLAYER_NAME = 80  # one player of a pair: two of them joined stay under MAX_PLAYER_NAMES
MAX_CLUB_NAME = 80

# Control characters (NUL, tab, line breaks...), line and paragraph separators, and lone
# surrogates: a name is one line of printable text.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# Invisible characters that make a name look like another or turn the text after it around:
# zero-width spaces and joiners' look-alikes, and the bidirectional embeddings, overrides and
# isolates. (The zero-width non-joiner and joiner stay: Persian names and emoji need them.)
_INVISIBLE = frozenset("\u200b\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# Unicode's default-ignorable code points (DerivedCoreProperties.txt), which a renderer shows
# as nothing when it cannot show them otherwise, outside the format category (which name_key
# leaves out whole): the combining grapheme joiner, Khmer's inherent vowels, the variation
# selectors, the reserved U+2065 and U+FFF0-FFF8, and the whole tag and variation-selector
# supplement block U+E0000-E0FFF, assigned or not. The Hangul fillers, also ignorable, and the
# blank Braille pattern read as spaces.
_SHOWS_NOTHING = frozenset(
    map(
        chr,
        [
            0x034F,
            0x17B4,
            0x17B5,
            *range(0x180B, 0x1810),
            0x2065,
            *range(0xFE00, 0xFE10),
            *range(0xFFF0, 0xFFF9),
            *range(0x1BCA0, 0x1BCA4),
            *range(0x1D173, 0x1D17B),
            *range(0xE0000, 0xE1000),
        ],
    )
)
_BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")


def name_key(name: str) -> str:
    """The form in which two names are compared (a club's players, clubs, presets, seasons, an
    event's pairs): case, runs of spaces and Unicode's ways of writing one letter ignored, so
    "Les As" and "LES  as" are one name, and "Café" typed with é or with e and an accent (NFC,
    NFD) too; and characters that show nothing (a soft hyphen, a direction mark, a joiner, a
    filler) left out, so "Ann" with one of them is still Ann. Empty for a name that shows
    nothing at all."""
    shown = "".join(
        " " if c in _BLANKS else c
        for c in name
        if c not in _SHOWS_NOTHING and unicodedata.category(c) != "Cf"
    )
    return " ".join(unicodedata.normalize("NFKC", shown).casefold().split())


def shows_nothing(name: str) -> bool:
    """Whether a name is empty to the eye: nothing, spaces, or only characters that show nothing
    (joiners, tag characters, variation selectors, fillers: what name_key leaves out). The one
    check of a missing name: a club's, a player's, a pair's or an event's is refused as missing,
    and a game's side takes its default name, as if the box were left empty."""
    return not name_key(name)


def has_control_characters(value: str) -> bool:
    """Whether ``value`` holds a character a one-line name cannot hold (a control character,
    or an invisible one that disguises it)."""
    return any(c in _INVISIBLE or unicodedata.category(c) in _REFUSED_CATEGORIES for c in value)


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
