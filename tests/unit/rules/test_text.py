"""What a name or a reason may hold and what shows nothing (scorekeeper/rules/text.py): one
definition for the names the app takes, the engine's adjustment reasons and the OpenAPI
document's pattern."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.text import (
    has_control_characters,
    name_key,
    one_line_pattern,
    shown_line_pattern,
    shows_nothing,
)

NOTHING_TO_SEE = [
    "",
    "   ",
    "\u200d",  # a joiner (Cf)
    "\U000e0041\U000e0042",  # tag characters
    "\u0301",  # a combining acute accent with no letter (Mn)
    "\u0301\u0308\u0327",  # three of them
    "\u20dd",  # a combining enclosing circle (Me)
    "\u0488",  # a Cyrillic hundred thousands sign (Me)
    "\ufdd0",  # noncharacters (Cn)
    "\ufdef",
    "\uffff",
    "\ufffe",
    "\U0001fffe",
    "\U0010ffff",
    "\ue000",  # private use (Co)
    "\U000f0000",
    "\U0010fffd",
    "\ud800",  # a lone surrogate (Cs)
    "\u0301\u200b",  # mixed with what name_key leaves out
    " \u0301 \u00ad\ue000\ufe0f ",
    "\u3164\u0301",  # a Hangul filler and a mark
]
NAMES = [
    "Ann",
    "e\u0301",  # é typed as e and an accent
    "\u0915\u093f",  # Hindi "ki": a letter and its vowel sign (Mn)
    "Zoë\u0301",
    "\U0001f0a1",  # a playing card
    "A\ue000",  # a letter beside a private-use character
    "\u200dAnn",
]


@pytest.mark.parametrize("text", NOTHING_TO_SEE, ids=ascii)
def test_a_text_of_marks_noncharacters_or_private_use_alone_shows_nothing(text) -> None:
    assert shows_nothing(text) and name_key(text) == ""


@pytest.mark.parametrize("text", NAMES, ids=ascii)
def test_marks_beside_a_letter_are_part_of_a_name(text) -> None:
    assert not shows_nothing(text) and name_key(text)


def test_a_name_with_a_mark_is_still_the_same_name_typed_either_way() -> None:
    assert name_key("Cafe\u0301") == name_key("CAFÉ") == "café"


def ecma(pattern: str) -> re.Pattern[str]:
    """The document's pattern as JSON Schema reads it (ECMA-262): its ``$`` is the end of the
    text, where Python's also matches before a last line break."""
    return re.compile(pattern.removesuffix("$") + r"\Z")


# What a one-line name may not hold: each refused by the server and by the document's pattern.
REFUSED = [
    "\x00",
    "\t",
    "\n",
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
    "\u200b",
    "\u2060",
    "\ufeff",
    "\u202a",
    "\u202e",
    "\u2066",
    "\u2069",
]


@pytest.mark.parametrize("character", REFUSED, ids=ascii)
def test_the_documents_pattern_refuses_what_the_server_refuses(character) -> None:
    pattern = ecma(one_line_pattern())
    assert has_control_characters(f"Ann{character}a")
    assert not pattern.match(f"Ann{character}a")


def test_the_documents_pattern_and_the_server_agree_on_every_character() -> None:
    """Character by character, over all of Unicode: the pattern takes exactly what the server
    takes (the refused ones all lie in the Basic Multilingual Plane, where the pattern spells
    them), but for the lone surrogates no tool reading the document takes in a pattern."""
    pattern = ecma(one_line_pattern())
    disagree = [
        hex(point)
        for point in range(0x110000)
        if bool(pattern.match(chr(point))) == has_control_characters(chr(point))
        and not 0xD800 <= point < 0xE000
    ]
    assert disagree == []
    assert pattern.match("Anna & Ben \u200d\U0001f0a1 (Lucca)")


def test_the_documents_reason_holds_a_character_the_server_sees_on_every_character() -> None:
    """A reason (an adjustment's) is one line that shows something: character by character,
    the pattern takes one alone exactly when the server does in the Basic Multilingual Plane,
    and beyond it takes none (stricter than the server, never looser)."""
    pattern = ecma(shown_line_pattern())
    disagree = [
        hex(point)
        for point in range(0x110000)
        if bool(pattern.match(chr(point)))
        != (
            point < 0x10000
            and not has_control_characters(chr(point))
            and not shows_nothing(chr(point))
        )
    ]
    assert disagree == []
    for reason in ("\u0301", "\u200d \ufe0f", "\ue000", "\U000e0041", " "):
        assert not pattern.match(reason)
    assert pattern.match("card shown \u0301") and pattern.match("\u0915\u093f")


# Texts mixing letters with marks, joiners, fillers, private use and noncharacters.
MIXED = st.text(
    st.sampled_from("aé\u0301\u0308\u20dd\u200d\u00ad\u3164\ue000\ufdd0 \u0915\u093f\U000e0041"),
    max_size=6,
)


@given(MIXED | st.text(max_size=8))
def test_a_reason_the_document_allows_shows_something_to_the_server(text) -> None:
    if ecma(shown_line_pattern()).match(text):
        assert not shows_nothing(text)
