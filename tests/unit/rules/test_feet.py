"""A player's cards (rules/feet.py): one hand or a hand and a foot (VARIANTS-families.md 2.1, 2.2,
2.8, section 4), each strategy checked, scored and worded from its own numbers."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, parse_record, ruleset_for
from scorekeeper.rules.errors import Phrase
from scorekeeper.rules.feet import NO_FEET, Boxes, Feet
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.records import CardCounts


def english(phrase: Phrase | None) -> str:
    assert phrase is not None
    return phrase.render(lambda text: text, lambda one, many, n: one if n == 1 else many)


def side(record: dict) -> tuple:
    parsed = parse_record(record)
    return parsed.ruleset, parsed.sides[1]


def test_each_preset_holds_its_players_cards() -> None:
    assert PRESETS["hand-and-foot"].feet == Feet(exact_pickup_bonus=100)
    assert all(PRESETS[v].feet is NO_FEET for v in PRESETS if v != "hand-and-foot")


def test_the_entry_page_offers_a_foot_and_pickups_only_where_they_count() -> None:
    assert NO_FEET.boxes() == (False, False)
    assert Feet(100).boxes() == Boxes(feet=True, exact_pickups=True)
    assert Feet(0).boxes() == Boxes(feet=True, exact_pickups=False)  # house rule: 0
    assert NO_FEET.keys == frozenset()
    assert Feet(100).keys == {"foot", "exact_pickups"}


def test_exact_pickups_earn_their_bonus_each() -> None:
    _, b = side({"variant": "hand-and-foot", "sides": [{"went_out": True}, {"exact_pickups": 2}]})
    assert Feet(100).pickups(b) == 200
    assert Feet(200).pickups(b) == 400
    assert NO_FEET.pickups(b) == 0
    assert Feet(100).with_pickup_bonus(200) == Feet(200)
    assert NO_FEET.with_pickup_bonus(200) is NO_FEET


def test_a_foot_comes_whole_one_a_player_who_still_holds_cards() -> None:
    ruleset = ruleset_for("hand-and-foot", 4)  # 2 sides of 2, 11 cards a foot
    record = {"variant": "hand-and-foot", "sides": [{"went_out": True}, {}]}
    _, b = side(record)
    feet = Feet(100)
    feet.check(ruleset, b, 2, CardCounts(high=22))  # both players' feet
    with pytest.raises(RuleViolation, match="not whole feet of 11"):
        feet.check(ruleset, b, 2, CardCounts(high=12))
    with pytest.raises(RuleViolation, match=r"at most 22 here"):
        feet.check(ruleset, b, 2, CardCounts(high=33))
    a = parse_record(record).sides[0]
    with pytest.raises(RuleViolation, match=r"at most 11 here"):  # one of two went out
        feet.check(ruleset, a, 1, CardCounts(high=22))


def test_more_pickups_than_players_are_refused() -> None:
    ruleset, b = side(
        {"variant": "hand-and-foot", "sides": [{"went_out": True}, {"exact_pickups": 3}]}
    )
    with pytest.raises(RuleViolation, match="3 exact pick-ups, but the side has 2 players"):
        Feet(100).check(ruleset, b, 2, None)


def test_the_words_read_the_numbers_the_strategy_scores_with() -> None:
    assert english(NO_FEET.dealt_words(11)) == "11 cards each"
    assert english(Feet(100).dealt_words(13)) == "a hand and a foot of 13 cards each"
    assert english(Feet(200).pickup_words(13)) == (
        "An exact pick-up: a player who picks up exactly the 26 cards of their hand and foot at "
        "the deal earns 200 for the side."
    )
    assert Feet(0).pickup_words(11) is None
    assert NO_FEET.pickup_words(11) is None
    assert english(Feet(100).cards_left()) == (
        "Every other card left in a hand, or in a foot never picked up, counts minus its value."
    )
    assert (
        english(NO_FEET.cards_left()) == "Every other card left in a hand counts minus its value."
    )
    black = Phrase("black threes")
    assert english(Feet(100).black_threes_left(black, 5)) == (
        "black threes left in a hand or a foot: minus 5 each."
    )
    assert (
        english(NO_FEET.black_threes_left(black, 100))
        == "black threes left in a hand: minus 100 each."
    )
    red = Phrase("red threes")
    assert english(Feet(100).red_threes_left(red, 500)) == (
        "red threes caught in a hand or a foot: minus 500 each."
    )
    assert english(NO_FEET.red_threes_left(red, 5)) == "red threes left in a hand: minus 5 each."
