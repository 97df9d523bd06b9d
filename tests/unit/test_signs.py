"""Scores as people read them: a true minus sign (U+2212), and a sign on a hand's score."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from core.minus_sign import MINUS, figure_text, number_text, scores_text, signed_text


def test_the_minus_is_the_minus_sign_not_the_hyphen() -> None:
    assert MINUS == "\u2212" != "-"


@pytest.mark.parametrize(
    ("value", "score", "signed"),
    [
        (-15, "\u221215", "\u221215"),
        (0, "0", "0"),
        (40, "40", "+40"),
        (-2500, "\u22122500", "\u22122500"),
    ],
)
def test_a_score_and_a_change_in_words(value: int, score: str, signed: str) -> None:
    assert number_text(value) == score
    assert signed_text(value) == signed


@pytest.mark.parametrize(
    ("scores", "shown"),
    [
        ((2210, -80), "2210 \u2013 \u221280"),  # a table's, never "2210–-80"
        ((830, -60, 1205), "830 \u2013 \u221260 \u2013 1205"),  # a three-handed game's
    ],
)
def test_the_scores_of_every_side_in_a_line(scores: tuple[int, ...], shown: str) -> None:
    assert scores_text(scores) == shown


@pytest.mark.parametrize(
    ("value", "shown"), [(-15, "\u221215 \u221215"), (40, "40 +40"), (0, "0 0"), (None, " ")]
)
def test_the_template_filters(value: int | None, shown: str) -> None:
    template = Template("{% load signs %}{{ v|score }} {{ v|signed }}")
    assert template.render(Context({"v": value})) == shown


@pytest.mark.parametrize(
    ("value", "signed", "english", "french"),
    [
        (12, False, "12", "12"),
        (12.0, False, "12", "12"),  # whole: no decimals
        (602.45, False, "602.5", "602,5"),  # half up, in the reader's decimal mark
        (-3.25, False, "\u22123.3", "\u22123,3"),  # a true minus, away from zero
        (3.5, True, "+3.5", "+3,5"),  # a margin
        (-40, True, "\u221240", "\u221240"),
        (None, False, "\u2014", "\u2014"),  # head to head outside a tie
    ],
)
def test_a_figure_is_whole_or_to_one_place_in_the_readers_language(
    value: float | None, signed: bool, english: str, french: str
) -> None:
    from django.utils import translation

    assert figure_text(value, signed=signed) == english
    with translation.override("fr"):
        assert figure_text(value, signed=signed) == french
