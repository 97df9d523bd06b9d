"""One line of text as a person reads it: what a name or a reason may hold, what shows nothing,
and when two names are one. Defined once, for every name and reason the app takes.

Pure Python (``unicodedata`` only), so the engine uses it too: a hand's adjustment reason
(adjustments.py) is checked by the same definition as a side's, a player's or an event's name
(``scorekeeper/names.py``, which the services and forms import), in the server and in the
phone's engine alike; and the OpenAPI document's pattern of a one-line text is built from it
(``one_line_pattern``), so the document cannot allow what the server refuses. Sources: Unicode's
general categories and DerivedCoreProperties.txt (Default_Ignorable_Code_Point, Noncharacter_
Code_Point), as Python's ``unicodedata`` knows them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

# Control characters (NUL, tab, line breaks...), line and paragraph separators, and lone
# surrogates: a name is one line of printable text.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# Invisible characters that make a name look like another or turn the text after it around:
# zero-width spaces and joiners' look-alikes, and the bidirectional embeddings, overrides and
# isolates. (The zero-width non-joiner and joiner stay: Persian names and emoji need them.)
INVISIBLE = frozenset("\u200b\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Unicode's default-ignorable code points (DerivedCoreProperties.txt), which a renderer shows
# as nothing when it cannot show them otherwise, outside the format category (which name_key
# leaves out whole): the combining grapheme joiner, Khmer's inherent vowels, the variation
# selectors, the reserved U+2065 and U+FFF0-FFF8, and the whole tag and variation-selector
# supplement block U+E0000-E0FFF, assigned or not. The Hangul fillers, also ignorable, and the
# blank Braille pattern read as spaces.
_IGNORABLE = frozenset(
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
# What shows nothing on its own though a name may hold it: a combining mark with no letter to
# sit on (nonspacing Mn, enclosing Me), a private-use character (Co: a font's own, most show a
# box or nothing), a lone surrogate (Cs). With a letter beside them, marks are part of the name
# ("é" typed as e and an accent, Hindi's vowel signs); alone, a name of them is no name.
_NOTHING_ALONE = frozenset({"Mn", "Me", "Co", "Cs"})


def _noncharacter(c: str) -> bool:
    """Unicode's 66 noncharacters (U+FDD0-FDEF and the last two code points of every plane),
    never meant to be shown: unassigned (Cn) for ever."""
    point = ord(c)
    return 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE


def _shows_alone(c: str) -> bool:
    return not (c.isspace() or unicodedata.category(c) in _NOTHING_ALONE or _noncharacter(c))


def name_key(name: str) -> str:
    """The form in which two names are compared (a club's players, clubs, presets, seasons, an
    event's pairs): case, runs of spaces and Unicode's ways of writing one letter ignored, so
    "Les As" and "LES  as" are one name, and "Café" typed with é or with e and an accent (NFC,
    NFD) too; and characters that show nothing (a soft hyphen, a direction mark, a joiner, a
    filler) left out, so "Ann" with one of them is still Ann. Empty for a name that shows
    nothing at all (shows_nothing)."""
    shown = "".join(
        " " if c in _BLANKS else c
        for c in name
        if c not in _IGNORABLE and unicodedata.category(c) != "Cf"
    )
    key = " ".join(unicodedata.normalize("NFKC", shown).casefold().split())
    return key if any(_shows_alone(c) for c in key) else ""


def shows_nothing(text: str) -> bool:
    """Whether a name or a reason is empty to the eye: nothing, spaces, or only characters that
    show nothing (joiners, tag characters, variation selectors, fillers: what name_key leaves
    out), or that show nothing without a letter to go with (combining marks, private-use
    characters, noncharacters, lone surrogates). The one check of a missing name or reason: a
    club's, a player's, a pair's or an event's name, a director's or a table's reason, is
    refused as missing, and a game's side takes its default name, as if the box were empty."""
    return not name_key(text)


def has_control_characters(value: str) -> bool:
    """Whether ``value`` holds a character a one-line name cannot hold (a control character,
    or an invisible one that disguises it)."""
    return any(c in INVISIBLE or unicodedata.category(c) in REFUSED_CATEGORIES for c in value)


def one_line_pattern() -> str:
    """A regular expression (ECMA-262, as JSON Schema reads it; Python's ``re`` reads it the
    same) of a text that holds none of the characters has_control_characters refuses: built
    from the same definition, so the OpenAPI document and the server cannot drift apart. One
    kind it cannot spell: a lone surrogate, which no regular expression engine of the tools
    that read the document takes in a pattern (and JSON text carries only as a \\u escape)."""
    refused, _shown = _classes()
    return f"^[^{refused}]*$"


def shown_line_pattern() -> str:
    """one_line_pattern, holding at least one character that shows (shows_nothing): a reason.
    Only the Basic Multilingual Plane's characters are spelled (a pattern cannot spell the
    others alike in ECMA-262 and Python), so a text whose every shown character lies beyond it
    (emoji alone) does not match: the document is stricter there than the server, never
    looser."""
    refused, shown = _classes()
    return f"^[^{refused}]*[{shown}][^{refused}]*$"


_SURROGATES = range(0xD800, 0xE000)


@cache
def _classes() -> tuple[str, str]:
    """The character classes of the refused characters and of those that show, spelled once
    (a fifth of a second: the document is built once per process, the engine never)."""
    # Every character has_control_characters refuses lies in the Basic Multilingual Plane (the
    # categories Cc, Cs, Zl and Zp, and INVISIBLE): tests/unit/rules/test_text.py checks it.
    refused = frozenset(point for point in range(0x10000) if has_control_characters(chr(point)))
    shown = (
        point for point in range(0x10000) if point not in refused and not shows_nothing(chr(point))
    )
    return _spelled(refused.difference(_SURROGATES)), _spelled(shown)


def _spelled(points: Iterable[int]) -> str:
    """Code points of the Basic Multilingual Plane as a character class's ranges,
    \\uXXXX-\\uXXXX."""
    ranges: list[list[int]] = []
    for point in sorted(points):
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return "".join(
        f"\\u{first:04x}" if first == last else f"\\u{first:04x}-\\u{last:04x}"
        for first, last in ranges
    )
