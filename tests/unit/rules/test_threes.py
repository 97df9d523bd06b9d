"""Red threes (rules/threes.py): each scale and condition scored by hand (VARIANTS.md 2.5,
VARIANTS-families.md 2.5), and its words read from the numbers it scores with."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.rules.errors import Phrase
from scorekeeper.rules.threes import (
    AGAINST,
    SCALES,
    AllTogether,
    EachFrom,
    RedThreePenalty,
    RedThreesAgainst,
    RedThreeScale,
    penalty_words,
    red_threes_value,
)

CARDS = Phrase("red threes")


def english(phrase: Phrase) -> str:
    return phrase.render(lambda text: text, lambda one, many, n: one if n == 1 else many)


@dataclass(frozen=True)
class Melded:
    has_meld: bool = True
    canasta_count: int = 0


@pytest.mark.parametrize(
    ("scale", "packs", "values"),
    [
        (RedThreeScale.DOUBLE_FROM_FOUR, 2, (0, 100, 200, 300, 800)),  # classic
        (RedThreeScale.PLUS_500_FROM_FOUR, 2, (0, 100, 200, 300, 900)),  # ducale
        (RedThreeScale.ALL_FOR_500, 2, (0, 100, 200, 300, 500)),  # italiana, 2 packs
        (RedThreeScale.ALL_FOR_500, 3, (0, 100, 200, 300, 400)),  # 3 packs: 6 make it
        (RedThreeScale.ALL_FOR_800, 2, (0, 100, 200, 300, 800)),  # origen
        (RedThreeScale.LADDER, 2, (0, 100, 300, 500, 1000)),  # modern-american
        (RedThreeScale.FLAT, 2, (0, 100, 200, 300, 400)),  # hand-and-foot
        (RedThreeScale.NOTHING, 2, (0, 0, 0, 0, 0)),
    ],
)
def test_what_n_red_threes_are_worth(scale: RedThreeScale, packs: int, values: tuple[int]) -> None:
    assert tuple(SCALES[scale].value(n, packs) for n in range(5)) == values


def test_all_six_with_three_packs_make_the_total() -> None:
    assert SCALES[RedThreeScale.ALL_FOR_1000].value(6, 3) == 1000


@pytest.mark.parametrize(
    ("against", "melded", "another_out", "sign"),
    [
        (RedThreesAgainst.NO_MELD, Melded(has_meld=False), False, -1),
        (RedThreesAgainst.NO_MELD, Melded(has_meld=True), False, 1),
        (RedThreesAgainst.NO_CANASTA, Melded(canasta_count=0), False, -1),
        (RedThreesAgainst.NO_CANASTA, Melded(canasta_count=1), False, 1),
        (RedThreesAgainst.NO_MELD_ANOTHER_OUT, Melded(has_meld=False), True, -1),
        (RedThreesAgainst.NO_MELD_ANOTHER_OUT, Melded(has_meld=False), False, 1),  # stock out
        (RedThreesAgainst.FEWER_THAN_TWO_CANASTAS, Melded(canasta_count=1), False, -1),
        (RedThreesAgainst.FEWER_THAN_TWO_CANASTAS, Melded(canasta_count=2), False, 1),
        (RedThreesAgainst.MODERN_SWING, Melded(canasta_count=0), False, -1),
        (RedThreesAgainst.MODERN_SWING, Melded(canasta_count=1), False, 0),
        (RedThreesAgainst.MODERN_SWING, Melded(canasta_count=3), False, 1),
        (RedThreesAgainst.NEVER, Melded(has_meld=False), True, 1),
    ],
)
def test_when_red_threes_count_minus(
    against: RedThreesAgainst, melded: Melded, another_out: bool, sign: int
) -> None:
    assert AGAINST[against].sign(melded, another_out) == sign


def test_black_threes_laid_out_count_on_their_own_ladder() -> None:
    value = red_threes_value(
        RedThreeScale.LADDER,
        RedThreesAgainst.MODERN_SWING,
        RedThreePenalty.SAME,
        2,  # red
        1,  # black laid out
        2,  # packs
        Melded(canasta_count=2),
        False,  # another side went out
    )
    assert value == 300 + 100


def test_a_penalty_of_100_each_replaces_the_scale_when_they_count_minus() -> None:
    short = Melded(canasta_count=1)
    common = (6, 0, 3, short, False)  # red, black laid out, packs, melded, another out
    assert (
        red_threes_value(
            RedThreeScale.ALL_FOR_1000,
            RedThreesAgainst.FEWER_THAN_TWO_CANASTAS,
            RedThreePenalty.MINUS_100_EACH,
            *common,
        )
        == -600  # 6 threes at 100 each
    )
    assert (
        red_threes_value(
            RedThreeScale.ALL_FOR_1000,
            RedThreesAgainst.FEWER_THAN_TWO_CANASTAS,
            RedThreePenalty.SAME,
            *common,
        )
        == -1000  # all 6 of 3 packs, minus
    )


@pytest.mark.parametrize(
    ("scale", "packs", "words"),
    [
        (
            RedThreeScale.DOUBLE_FROM_FOUR,
            (2,),
            "red threes: 100 each; 4 or more: 200 each (4 make 800).",
        ),
        (
            RedThreeScale.PLUS_500_FROM_FOUR,
            (2,),
            "red threes: 100 each; 4 or more: 500 more (4 make 900).",
        ),
        (RedThreeScale.ALL_FOR_800, (2,), "red threes: 100 each; all 4 together: 800 in all."),
        (
            RedThreeScale.ALL_FOR_500,
            (2, 3),
            "red threes: 100 each; all of them together (4 with 2 packs or 6 with 3 packs): "
            "500 in all.",
        ),
        (
            RedThreeScale.LADDER,
            (2,),
            "red threes: 1 is worth 100, 2 are worth 300, 3 are worth 500, 4 are worth 1000.",
        ),
        (RedThreeScale.NOTHING, (2,), "red threes laid down count nothing."),
    ],
)
def test_each_scale_in_words(scale: RedThreeScale, packs: tuple[int, ...], words: str) -> None:
    assert english(SCALES[scale].words(CARDS, packs, laid=False)) == words


def test_the_words_read_the_numbers_the_scale_scores_with() -> None:
    """A scale's data changed once changes both what it scores and what the page says."""
    house = EachFrom(each=150, count=3, then=250)
    assert house.value(3, 2) == 750
    assert english(house.words(CARDS, (2,), laid=False)) == (
        "red threes: 150 each; 3 or more: 250 each (3 make 750)."
    )
    assert english(house.choice()) == "150 each, 250 each from 3"
    together = AllTogether(each=100, total=1200)
    assert together.value(4, 2) == 1200
    assert "1200 in all" in english(together.words(CARDS, (2,), laid=False))


def test_every_scale_and_condition_has_words() -> None:
    for scale in RedThreeScale:
        assert english(SCALES[scale].words(CARDS, (2,), laid=False))
        assert english(SCALES[scale].choice())
    for against in RedThreesAgainst:
        assert "%(cards)s" in AGAINST[against].words(laid=False)
        assert english(AGAINST[against].choice())
    assert english(penalty_words(RedThreePenalty.MINUS_100_EACH)) == (
        "Counting minus, they cost 100 each, whatever their number."
    )
