"""Scores as people read them: a true minus sign (U+2212), and a sign on a hand's score."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from scorekeeper.signs import MINUS, number_text, scores_text, signed_text


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
