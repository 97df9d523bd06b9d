"""One side's melds refused (VARIANTS.md 2.3, section 4; rules/melds.py): sizes, naturals, wild
cards, black threes, one meld a rank, concealed melds, sequences; the side, meld and rule named."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from tests.factories import going_out, kings_canasta, meld, record

CASES = [
    # (id, record, words the message must hold)
    (
        "meld below the minimum size",
        record("classic", {"melds": [meld("K", 2)]}, {}),
        "side 1, meld 1 (K): a meld needs at least 3 cards",
    ),
    (
        "meld below the natural count",
        record("classic", {"melds": [meld("K", 1, twos=2)]}, {}),
        "side 1, meld 1 (K): a meld needs at least 2 natural cards",
    ),
    (
        "four wilds in classic",
        record("classic", {"melds": [meld("K", 4, twos=2, jokers=2)]}, {}),
        "at most 3 wild cards",
    ),
    (
        "espanola: more wilds than naturals",
        record("espanola", {"melds": [meld("K", 3, twos=4)]}, {}),
        "more wild cards than natural cards",
    ),
    (
        "all-wild meld in classic",
        record("classic", {"melds": [meld("wild", twos=3)]}, {}),
        "classic allows no meld of wild cards only",
    ),
    (
        "all-wild meld of two",
        record("espanola", {"melds": [meld("wild", twos=2, jokers=2)]}, {}),
        "a meld of wild cards needs at least 5 cards",
    ),
    (
        "black threes when not going out",
        record("classic", {"melds": [meld("3", 3)]}, {}),
        "3 or 4 black threes, only when going out",
    ),
    (
        "five black threes going out",
        record("classic", going_out(kings_canasta(), meld("3", 5)), {}),
        "3 or 4 black threes, only when going out",
    ),
    (
        "black threes with a wild",
        record("classic", going_out(kings_canasta(), meld("3", 3, twos=1)), {}),
        "a meld of black threes takes no wild cards",
    ),
    (
        "black threes in italiana",
        record("italiana", going_out(kings_canasta(), meld("3", 3)), {}),
        "black threes are never melded in italiana",
    ),
    (
        "espanola black threes short of a canasta",
        record("espanola", {"melds": [meld("3", 6)]}, {}),
        "black threes are melded only as a canasta of exactly 7",
    ),
    (
        "second meld of a rank",
        record("classic", {"melds": [meld("Q", 3), meld("Q", 4)]}, {}),
        "side 1, meld 2 (Q): a second meld of rank Q",
    ),
    (
        "classic-fr canasta of eight",
        record("classic-fr", {"melds": [meld("Q", 6, twos=2)]}, {}),
        "a complete canasta takes no more cards",
    ),
    (
        "concealed meld outside espanola",
        record("classic", {"melds": [meld("Q", 7, concealed=True)]}, {}),
        "“concealed” marks a natural-rank canasta",
    ),
    (
        "concealed meld short of a canasta",
        record("espanola", {"melds": [meld("Q", 6, concealed=True)]}, {}),
        "a concealed canasta needs 7 cards or more",
    ),
    (
        "sequence without the house rule",
        record("espanola", {"melds": [{"sequence": ["5", "J"]}]}, {}),
        "sequences are not played here",
    ),
    (
        "sequence of six",
        record("espanola", {"melds": [{"sequence": ["5", "10"]}]}, {}, rules={"sequences": True}),
        "a sequence is 7 ranks in a row",
    ),
]


@pytest.mark.parametrize(("hand", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_refused_with_a_message_naming_it(hand: object, words: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        score_record(hand)
    assert words in str(refused.value)
