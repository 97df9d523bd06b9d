"""Hand-worked tests of the four families (VARIANTS-families.md), one or more for each rule the
worked examples do not already pin down. Each total is worked in its comment."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, ruleset_for, score_record
from scorekeeper.rules.game import game_outcome

K7 = {"rank": "K", "naturals": 7}  # 70 points, a natural canasta
Q7 = {"rank": "Q", "naturals": 7}


def totals(variant: str, *sides: dict, **record: object) -> list[int]:
    return [
        s.total for s in score_record({"variant": variant, "sides": list(sides), **record}).sides
    ]


def refused(match: str, variant: str, *sides: dict, **record: object) -> None:
    with pytest.raises(RuleViolation, match=match):
        score_record({"variant": variant, "sides": list(sides), **record})


# Modern American ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        # Two canastas: cards 140, bonuses 1000, threes 300 (2 red) + 1000 (4 black) = 1300.
        ([K7, Q7], 140 + 1000 + 1300),
        # Exactly one canasta: the threes count nothing. 70 + 500 + 30 (three jacks).
        ([K7, {"rank": "J", "naturals": 3}], 70 + 500 + 30),
        # No canasta: melds and threes minus. -(30 + 30) - 1300.
        ([{"rank": "K", "naturals": 3}, {"rank": "J", "naturals": 3}], -60 - 1300),
    ],
)
def test_modern_american_threes_are_scored_per_colour_and_signed_by_canastas(
    melds: list, expected: int
) -> None:
    side = {"melds": melds, "red_threes": 2, "black_threes_laid": 4}
    assert totals("modern-american", side, {})[0] == expected


def test_an_unfinished_meld_of_the_four_jokers_costs_2500_under_pagats_rule() -> None:
    jokers = {"melds": [K7, {"rank": "wild", "twos": 1, "jokers": 4}]}  # 70 + 220 cards, 500
    assert totals("modern-american", jokers, {})[0] == 70 + 220 + 500 - 2000
    pagat = {"incomplete_joker_meld": 2500}
    assert totals("modern-american", jokers, {}, rules=pagat)[0] == 70 + 220 + 500 - 2500
    # Any other unfinished wild meld stays at 2000 under pagat's rule: 60 cards.
    twos = {"melds": [K7, {"rank": "wild", "twos": 3}]}
    assert totals("modern-american", twos, {}, rules=pagat)[0] == 70 + 60 + 500 - 2000


def test_eight_of_a_rank_only_pass_in_the_going_out_turn_under_the_house_rule() -> None:
    eight = {"melds": [{"rank": "K", "naturals": 8}, Q7]}
    refused("7 at most", "modern-american", eight, {})
    refused("7 at most", "modern-american", eight, {}, rules={"over_seven_going_out": True})
    out = {**eight, "went_out": True}
    # 80 + 70 cards, two natural canastas 1000, going out 100.
    assert totals("modern-american", out, {}, rules={"over_seven_going_out": True})[0] == 1250


def test_the_opening_may_go_by_the_hands_number_in_modern_american() -> None:
    record = {"variant": "modern-american", "sides": [{"score_before": 6000}, {}]}
    by_score = score_record({**record, "hand_number": 1}).sides
    assert [s.opening_minimum for s in by_score] == [180, 125]
    by_hand = score_record(
        {**record, "hand_number": 1, "rules": {"opening_by": "hand_number"}}
    ).sides
    assert [s.opening_minimum for s in by_hand] == [155, 155]  # hand 2, whatever the score


def test_a_special_hand_stands_alone_on_its_side() -> None:
    refused("give nothing else", "modern-american", {"special_hand": "pairs", "red_threes": 1}, {})
    refused("not a special hand", "modern-american", {"special_hand": "royal_flush"}, {})
    refused(
        "only one side", "modern-american", {"special_hand": "pairs"}, {"special_hand": "quads"}
    )
    none = {"special_hands": "none"}
    refused(
        "no use in modern-american", "modern-american", {"special_hand": "pairs"}, {}, rules=none
    )


def test_caught_sets_need_the_cards_and_a_player_to_hold_them() -> None:
    sevens = {"hand": {"low": 3}, "caught_sets": {"sevens": 1}}
    assert totals("modern-american", {}, sevens)[1] == -15 - 1500  # three sevens held: 15
    refused("low cards", "modern-american", {}, {"hand": {"low": 2}, "caught_sets": {"sevens": 1}})
    refused("hold cards", "modern-american", {}, {"hand": {"aces": 9}, "caught_sets": {"aces": 3}})


# Samba and Bolivia -------------------------------------------------------------------------


def test_a_samba_counts_as_a_canasta_for_the_red_threes() -> None:
    # A samba 4..10 (50) and a natural canasta (70): two canastas, so 2 red threes count +200.
    side = {"melds": [{"sequence": ["4", "10"]}, K7], "red_threes": 2}
    assert totals("samba", side, {})[0] == 50 + 70 + 1500 + 500 + 200
    alone = {"melds": [{"sequence": ["4", "10"]}], "red_threes": 2}
    assert totals("samba", alone, {})[0] == 50 + 1500 - 200  # one canasta: minus


def test_samba_has_no_whole_suit_sequence_and_a_black_three_in_hand_costs_5() -> None:
    refused("3 to 7 cards", "samba", {"melded": {"points": 200}, "sequences": {"royal": 1}}, {})
    assert totals("samba", {"hand": {"black_threes": 1}}, {})[0] == -5


def test_bolivias_house_rules_for_wild_cards_and_black_threes() -> None:
    four_wilds = {"melds": [{"rank": "9", "naturals": 2, "twos": 4}]}
    refused("at most 2 wild cards", "bolivia", four_wilds, {})
    below = {"wild_limit": "below_naturals"}
    refused("at most 3 wild cards", "bolivia", four_wilds, {}, rules=below)
    three_of_five = {"melds": [{"rank": "9", "naturals": 2, "twos": 3}]}
    refused("fewer than natural", "bolivia", three_of_five, {}, rules=below)
    assert totals("bolivia", four_wilds, {}, rules={"wild_limit": "none"})[0] == 20 + 80 - 0
    three = {"hand": {"black_threes": 1}}
    assert totals("bolivia", three, {})[0] == -100
    assert totals("bolivia", three, {}, rules={"black_three_in_hand": 5})[0] == -5
    refused("must be one of 100, 5", "bolivia", three, {}, rules={"black_three_in_hand": 0})


# Hand and Foot -----------------------------------------------------------------------------


def test_a_red_three_caught_in_a_foot_costs_the_house_rules_price() -> None:
    foot = {"foot": {"red_threes": 1, "high": 10}}  # -100 of cards
    assert totals("hand-and-foot", {}, foot)[1] == -100 - 500
    assert totals("hand-and-foot", {}, foot, rules={"red_three_caught": 300})[1] == -100 - 300


def test_hand_and_foot_books_by_kind_and_its_meld_rules() -> None:
    nine = {"melds": [{"rank": "K", "naturals": 9}]}
    assert totals("hand-and-foot", nine, {})[0] == 90 + 500
    refused("7 at most", "hand-and-foot", nine, {}, rules={"book_max": 7})
    two_books = {"melds": [K7, K7]}
    assert totals("hand-and-foot", two_books, {})[0] == 140 + 1000
    refused(
        "second meld of rank K", "hand-and-foot", two_books, {}, rules={"same_rank_melds": "one"}
    )
    wild_book = {"melds": [{"rank": "wild", "twos": 7}]}  # 140 + 1500
    assert totals("hand-and-foot", wild_book, {})[0] == 1640


def test_contradictory_house_rules_are_refused_whatever_their_order() -> None:
    for rules in (
        {"wild_books": "off", "going_out_books": "2+2+1"},
        {"going_out_books": "2+2+1", "wild_books": "off"},
    ):
        with pytest.raises(RuleViolation, match="wild_books is off"):
            ruleset_for("hand-and-foot", 4, rules)
    with pytest.raises(RuleViolation, match="clean\\+dirty"):
        ruleset_for("hand-and-foot", 4, {"going_out_books": "two and two"})


def test_feet_come_whole_and_exact_pickups_per_player() -> None:
    refused("whole feet of 11", "hand-and-foot", {}, {"foot": {"high": 33}})  # 3 feet, 2 players
    assert totals("hand-and-foot", {}, {"foot": {"high": 22}})[1] == -220  # two unplayed feet
    assert (
        totals("hand-and-foot", {"exact_pickups": 2}, {}, rules={"exact_pickup_bonus": 200})[0]
        == 400
    )
    assert totals("hand-and-foot", {"foot": {"high": 13}}, {}, rules={"cards_dealt": 13})[0] == -130


def test_the_opening_goes_by_hand_and_the_game_by_its_number_of_hands() -> None:
    record = {"variant": "hand-and-foot", "sides": [{}, {}]}
    custom = {"opening_by_hand": [60, 90, 120, 150]}
    assert score_record({**record, "rules": custom}).sides[0].opening_minimum == 90  # hand 2
    assert score_record({**record, "hand_number": 4}).sides[0].opening_minimum is None
    refused("the game is 4 hands", "hand-and-foot", {}, {}, hand_number=5)
    later = score_record({**record, "hand_number": 6, "rules": {"target": 10000}})
    assert later.sides[0].opening_minimum == 150  # later hands take the last value
    ruleset = ruleset_for("hand-and-foot", 4)
    assert not game_outcome(ruleset, [300, 100], hands_played=3).finished
    assert game_outcome(ruleset, [300, 100], hands_played=4).winner == 0


def test_red_threes_of_five_packs_count_laid_caught_and_in_feet_together() -> None:
    laid = {"red_threes": 8, "hand": {"red_threes": 1}}
    assert totals("hand-and-foot", laid, {"foot": {"red_threes": 1, "high": 10}})  # 10: all
    refused("more red threes", "hand-and-foot", laid, {"foot": {"red_threes": 2, "high": 9}})


# Every preset --------------------------------------------------------------------------------


def test_the_families_keys_at_their_defaults_say_nothing_anywhere() -> None:
    side = {
        "foot": {},
        "exact_pickups": 0,
        "black_threes_laid": 0,
        "caught_sets": {},
        "incomplete": {},
        "melds": [],
        "canastas": {},
    }
    assert totals("classic", side, {}, hand_number=3) == [0, 0]


@pytest.mark.parametrize(
    ("variant", "side", "key"),
    [
        ("classic", {"black_threes_laid": 1}, "black_threes_laid"),
        ("samba", {"caught_sets": {"aces": 1}, "hand": {"aces": 3}}, "caught_sets"),
        ("bolivia", {"exact_pickups": 1}, "exact_pickups"),
        ("espanola", {"special_hand": "pairs"}, "special_hand"),
        ("samba", {"hand": {"red_threes": 1}}, "red_threes"),
        ("classic", {"melded": {"points": 50}, "incomplete": {"aces": 1}}, "incomplete"),
    ],
)
def test_a_key_of_another_family_is_refused_by_name(variant: str, side: dict, key: str) -> None:
    refused(f"{key} has no use in {variant}", variant, side, {})


@pytest.mark.parametrize("number", [0, -1, 1.5, "2", True])
def test_hand_number_is_a_whole_number_from_1(number: object) -> None:
    refused("hand_number", "samba", {}, {}, hand_number=number)


# From a review against the specification -----------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "meld", "rules"),
    [
        ("modern-american", {"rank": "3", "twos": 2, "jokers": 1}, {}),  # not a wild meld either
        ("hand-and-foot", {"rank": "3", "twos": 3}, {"wild_books": "off"}),
        ("samba", {"rank": "3"}, {}),  # an empty meld of black threes is no meld
    ],
)
def test_a_meld_of_threes_without_threes_is_refused(variant: str, meld: dict, rules: dict) -> None:
    refused("black threes|threes are laid out", variant, {"melds": [meld]}, {}, rules=rules)


def test_no_wild_book_of_any_entry_under_wild_books_off() -> None:
    summary = {"melded": {"points": 140}, "canastas": {"wild_pure": 1}}
    refused("no wild pure canastas", "hand-and-foot", summary, {}, rules={"wild_books": "off"})


def test_wild_canastas_in_points_name_their_wild_cards_for_the_deck() -> None:
    # Three bolivias are 21 wild cards; three packs hold 6 jokers and 12 twos.
    three = {"melded": {"points": 1000}, "canastas": {"wild_pure": 3}}
    refused("21 wild cards", "bolivia", three, {})
    wild = {"melded": {"points": 400}, "canastas": {"wild_mixed": 1}}
    refused("14 wild cards", "modern-american", wild, wild)  # two packs: 12


def test_a_modern_american_summary_holds_one_meld_of_a_rank() -> None:
    second = {"melded": {"points": 400}, "canastas": {"wild_mixed": 1}, "incomplete": {"wild": 1}}
    refused("second meld of rank wild", "modern-american", second, {})
    aces = {"melded": {"points": 200}, "canastas": {"aces": 1}, "incomplete": {"aces": 1}}
    refused("second meld of rank A", "modern-american", aces, {})


def test_a_player_who_went_out_alone_holds_no_foot() -> None:
    out = {
        "melds": [
            K7,
            Q7,
            {"rank": "J", "naturals": 5, "twos": 2},
            {"rank": "10", "naturals": 5, "twos": 2},
        ],
        "went_out": True,
    }
    assert totals("hand-and-foot", out, {}, players=2)[0] == 320 + 1600 + 100
    refused("holds no cards", "hand-and-foot", {**out, "foot": {"points": 50}}, {}, players=2)


def test_summary_sambas_hold_an_eight_a_nine_and_a_ten_each() -> None:
    # Thirteen sambas need 13 tens; three packs hold 12.
    refused(
        "13 cards of rank",
        "samba",
        {"melded": {"points": 350}, "sequences": {"straight": 7}},
        {"melded": {"points": 300}, "sequences": {"straight": 6}},
    )


def test_the_entry_offer_lists_the_house_rules_the_preset_accepts() -> None:
    from scorekeeper.rules import PRESETS
    from scorekeeper.rules.entry import entry_offer

    offer = entry_offer(PRESETS["modern-american"])
    assert "special_hands" in offer.house_rules and "wild_limit" not in offer.house_rules
    assert set(entry_offer(PRESETS["samba"]).house_rules) == set(PRESETS["samba"].house_rules)
