"""House rules: every "(decision)" of VARIANTS.md and the target, overridable by name."""

from __future__ import annotations

import pytest

from scorekeeper.rules import HOUSE_RULES, RuleViolation, ruleset_for, score_record
from scorekeeper.rules.game import game_outcome
from scorekeeper.rules.opening import opening_minimum
from tests.factories import breakdown, going_out, kings_canasta, meld, mixed_nines, record


def test_house_rule_names_are_the_documented_ones() -> None:
    assert set(HOUSE_RULES) == {
        "target",
        "packs",
        "cards_dealt",
        "wild_limit",
        "black_three_meld",
        "red_three_scale",
        "red_threes_against",
        "going_out_canastas",
        "opening_below_zero",
        "on_tie",
        "wild_melds",
        "concealed_canasta_bonus",
        "canasta_tiers",
        "sequences",
        # VARIANTS-families.md section 6
        "hands",
        "three_in_hand",
        "black_three_in_hand",
        "red_three_caught",
        "incomplete_joker_meld",
        "special_hands",
        "dream_hand_wins",
        "over_seven_going_out",
        "splash",
        "opening_by",
        "opening_top",
        "red_three_penalty",
        "red_three_laid",
        "natural_bonus",
        "mixed_bonus",
        "wild_books",
        "going_out_books",
        "going_out_bonus",
        "exact_pickup_bonus",
        "opening_by_hand",
        "book_max",
        "same_rank_melds",
    }


def test_every_house_rule_is_documented_in_the_manual() -> None:
    # docs/house-rules.md as the manual's build writes it (docs/hooks/generated.py fills in the
    # tables from the engine's data).
    import importlib.util
    from pathlib import Path

    docs = Path(__file__).resolve().parents[3] / "docs"
    spec = importlib.util.spec_from_file_location("docs_generated", docs / "hooks" / "generated.py")
    assert spec is not None and spec.loader is not None
    generated = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generated)
    page = generated.fill((docs / "house-rules.md").read_text(encoding="utf-8"))
    for name in HOUSE_RULES:
        assert f"`{name}`" in page, name


def test_target_override_changes_when_the_game_ends() -> None:
    ruleset = ruleset_for("classic", 4, {"target": 7000})
    assert ruleset.target == 7000
    assert not game_outcome(ruleset, [6000, 100]).finished
    assert game_outcome(ruleset, [7000, 100]).winner == 0


def test_any_preset_may_play_a_game_of_a_number_of_hands() -> None:
    # A tournament table plays its round's hands: the highest total after the last wins.
    ruleset = ruleset_for("classic", 4, {"hands": 2})
    assert (ruleset.target, ruleset.seating.hands) == (None, 2)
    assert not game_outcome(ruleset, [6000, 100], hands_played=1).finished
    assert game_outcome(ruleset, [900, 1200], hands_played=2).winner == 1
    assert not game_outcome(ruleset, [900, 900], hands_played=2).finished  # a tie: another hand
    hand = record("classic", going_out(kings_canasta()), {}, rules={"hands": 2})
    first = score_record({**hand, "hand_number": 1})
    second = score_record({**hand, "hand_number": 2})
    assert all(side.opening_minimum is not None for side in first.sides)
    assert all(side.opening_minimum is None for side in second.sides)  # no hand after the last


def test_a_target_given_with_a_number_of_hands_ends_the_game_at_that_score() -> None:
    for rules in ({"hands": 4, "target": 3000}, {"target": 3000, "hands": 4}):
        ruleset = ruleset_for("classic", 4, rules)
        assert (ruleset.target, ruleset.seating.hands) == (3000, 4), rules


def test_ducale_with_the_cap_of_three_refuses_four_wilds_naming_the_house_rule() -> None:
    four_wilds = {"melds": [meld("K", 4, twos=2, jokers=2)]}
    assert breakdown(record("ducale", four_wilds, {}))["canastas"] == 300
    with pytest.raises(RuleViolation) as refused:
        score_record(record("ducale", four_wilds, {}, rules={"wild_limit": "three"}))
    assert str(refused.value) == (
        "side 1, meld 1 (K): at most 3 wild cards in a meld"
        " (this table's house rule: Wild cards per meld)"
    )


def test_a_preset_value_refusal_names_no_house_rule() -> None:
    with pytest.raises(RuleViolation) as refused:
        score_record(record("classic", {"melds": [meld("K", 4, twos=2, jokers=2)]}, {}))
    assert "house rule" not in str(refused.value)


def test_classic_fr_may_forbid_black_three_melds() -> None:
    hand = record(
        "classic-fr",
        going_out(kings_canasta(), meld("3", 3)),
        {},
        rules={"black_three_meld": "never"},
    )
    with pytest.raises(RuleViolation, match="never melded"):
        score_record(hand)


def test_espanola_red_three_scale_can_be_ducale_like() -> None:
    hand = record(
        "espanola",
        {"melds": [kings_canasta()], "red_threes": 4},
        {},
        rules={"red_three_scale": "plus_500_from_four"},
    )
    assert breakdown(hand)["red_threes"] == 900


def test_origen_red_threes_can_count_against_only_without_a_canasta() -> None:
    side = {"melds": [meld("K", 3)], "red_threes": 2}
    assert breakdown(record("origen", side, {}))["red_threes"] == 200
    hand = record("origen", side, {}, rules={"red_threes_against": "no_canasta"})
    assert breakdown(hand)["red_threes"] == -200


def test_origen_old_rule_no_meld_counts_sol_minus_even_when_nobody_went_out() -> None:
    # The value games stored before the rulebook reading keep (data migration 0002).
    side = {"red_threes": 2, "hand": {"high": 1}}
    assert breakdown(record("origen", {"melds": [meld("K", 3)]}, side), 1)["red_threes"] == 200
    old = record("origen", {"melds": [meld("K", 3)]}, side, rules={"red_threes_against": "no_meld"})
    assert breakdown(old, 1)["red_threes"] == -200


def test_going_out_canastas_house_rule_keeps_the_old_six_handed_need() -> None:
    hand = record("classic", going_out(kings_canasta()), {}, {}, players=6)
    with pytest.raises(RuleViolation, match="needs 2 canastas with 6 players"):
        score_record(hand)
    assert breakdown({**hand, "rules": {"going_out_canastas": 1}})["going_out"] == 100
    stricter = record("classic", going_out(kings_canasta()), {}, rules={"going_out_canastas": 2})
    with pytest.raises(RuleViolation) as refused:
        score_record(stricter)
    assert str(refused.value) == (
        "side 1: going out needs 2 canastas, 1 made (this table's house rule: Canastas to go out)"
    )


def test_house_rules_that_a_preset_has_no_use_for_are_refused() -> None:
    with pytest.raises(RuleViolation, match="going_out_canastas does not apply to espanola"):
        ruleset_for("espanola", 4, {"going_out_canastas": 1})
    with pytest.raises(RuleViolation, match="packs does not apply to origen"):
        ruleset_for("origen", 4, {"packs": 3})


def test_espanola_concealed_bonus_and_cumulative_tiers() -> None:
    hand = record(
        "espanola",
        {"melds": [meld("9", 7, concealed=True)]},
        {},
        rules={"concealed_canasta_bonus": 500},
    )
    assert breakdown(hand)["canastas"] == 500
    ranks = ["4", "5", "6", "7", "8", "9", "10"]
    seven = {"melds": [meld(r, 7) for r in ranks]}
    assert breakdown(record("espanola", seven, {}))["canastas"] == 3500 + 2000
    cumulative = record("espanola", seven, {}, rules={"canasta_tiers": "cumulative"})
    assert breakdown(cumulative)["canastas"] == 3500 + 2500


def test_espanola_without_wild_melds_refuses_them() -> None:
    hand = record("espanola", {"melds": [meld("wild", twos=5)]}, {}, rules={"wild_melds": False})
    with pytest.raises(RuleViolation, match="no meld of wild cards only"):
        score_record(hand)


def test_espanola_sequences_score_with_a_canasta_only() -> None:
    straight = {"sequence": ["5", "J"]}  # 5 6 7 + 8 9 10 J = 15 + 40
    with_canasta = record(
        "espanola", {"melds": [kings_canasta(), straight]}, {}, rules={"sequences": True}
    )
    assert breakdown(with_canasta) == {
        "cards": 70 + 55,
        "hand": 0,
        "canastas": 500 + 1500,
        "red_threes": 0,
        "going_out": 0,
        "other": 0,
    }
    royal = {"melds": [meld("K", 3), {"sequence": ["4", "A"]}]}
    alone = breakdown(record("espanola", royal, {}, rules={"sequences": True}))
    assert alone["canastas"] == 0
    assert alone["cards"] == -(30 + 20 + 60 + 20)  # no canasta: melds count minus (2.7)


def test_espanola_summary_sequences() -> None:
    side = {"melded": {"points": 200}, "canastas": {"natural": 1}, "sequences": {"royal": 1}}
    assert breakdown(record("espanola", side, {}, rules={"sequences": True}))["canastas"] == 4500


def test_italiana_packs_change_all_the_red_threes() -> None:
    six = record("italiana", {"melds": [kings_canasta()], "red_threes": 4}, {}, {}, players=6)
    assert breakdown(six)["red_threes"] == 400  # 3 packs: all six are needed for 500
    two_packs = record(
        "italiana",
        {"melds": [kings_canasta()], "red_threes": 4},
        {},
        {},
        players=6,
        rules={"packs": 2},
    )
    assert breakdown(two_packs)["red_threes"] == 500


def test_opening_below_zero_override() -> None:
    assert opening_minimum(ruleset_for("ducale", 4, {"opening_below_zero": 0}).variant, -50) == 0


def test_a_drawn_game_when_ties_do_not_play_on() -> None:
    assert not game_outcome(ruleset_for("classic"), [5100, 5100]).finished
    drawn = game_outcome(ruleset_for("classic", 4, {"on_tie": "draw"}), [5100, 5100])
    assert (drawn.finished, drawn.winner) == (True, None)


def test_cards_dealt_override_is_kept() -> None:
    assert ruleset_for("ducale", 6, {"cards_dealt": 11}).seating.cards_dealt == 11


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"targt": 5000}, "unknown house rule 'targt'"),
        ({"target": "7000"}, "target must be a whole number"),
        ({"target": 7001}, "in steps of 5"),
        ({"wild_limit": "four"}, "wild_limit must be one of three, naturals, none"),
        ({"sequences": True}, "house rule sequences does not apply to classic"),
        ({"packs": 0}, "packs must be a whole number from 1"),
    ],
)
def test_bad_house_rules_are_refused(rules: dict, words: str) -> None:
    with pytest.raises(RuleViolation, match=words):
        score_record(record("classic", {}, {}, rules=rules))


def test_espanola_wild_flag_must_be_a_boolean() -> None:
    with pytest.raises(RuleViolation, match="true or false"):
        ruleset_for("espanola", 4, {"wild_melds": "yes"})


def test_overrides_leave_the_preset_itself_unchanged() -> None:
    ruleset_for("classic", 4, {"target": 9000, "wild_limit": "none"})
    assert ruleset_for("classic").target == 5000
    assert ruleset_for("classic").variant.wild_limit == "three"
    assert score_record(record("classic", going_out(kings_canasta(), mixed_nines()), {}))


def test_defaults_show_each_presets_own_values() -> None:
    from scorekeeper.rules import PRESETS
    from scorekeeper.rules.house_rules import house_rule_defaults

    ducale = PRESETS["ducale"]
    six = house_rule_defaults(ducale, ducale.seating(6))
    assert (six["target"], six["cards_dealt"], six["packs"], six["opening_below_zero"]) == (
        7500,
        13,
        3,
        15,
    )
    assert six["red_three_scale"] == "plus_500_from_four" and "sequences" not in six
    espanola = PRESETS["espanola"]
    assert house_rule_defaults(espanola, espanola.seating(4))["concealed_canasta_bonus"] == 1000


def test_the_same_house_rules_give_the_one_ruleset_built_once() -> None:
    first = ruleset_for("espanola", 4, {"target": 7500, "sequences": True})
    again = ruleset_for("espanola", 4, {"sequences": True, "target": 7500})  # any order
    assert again is first
    other = ruleset_for("espanola", 4, {"target": 10000, "sequences": True})
    assert other is not first and other != first
    assert ruleset_for("espanola", 6, {"target": 7500, "sequences": True}) is not first


@pytest.mark.parametrize(
    ("kept", "refused"),
    [
        ({"target": 7500}, {"target": 7500.0}),  # 7500 is not 7500.0
        ({"target": 7500}, {"target": [7500]}),
        ({"going_out_canastas": 1}, {"going_out_canastas": True}),  # True is not 1
        ({"opening_below_zero": 0}, {"opening_below_zero": False}),  # False is not 0
        ({"target": 7500}, {"target": (7500,)}),  # not JSON: checked afresh
    ],
)
def test_rules_that_only_look_like_kept_ones_are_still_refused(kept, refused) -> None:
    """A kept ruleset never answers for rules the checks refuse."""
    assert ruleset_for("classic", 4, kept) is ruleset_for("classic", 4, dict(kept))
    with pytest.raises(RuleViolation, match="must be a whole number"):
        ruleset_for("classic", 4, refused)


def test_rules_nested_past_any_house_rule_are_refused_not_a_crash() -> None:
    deep: object = 1
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(RuleViolation):
        ruleset_for("classic", 4, {"target": deep})
