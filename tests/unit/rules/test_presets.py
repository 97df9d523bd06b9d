"""Hand-worked scores for each preset (VARIANTS.md sections 2 and 3), worked on paper first."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS, RuleViolation, score_record
from scorekeeper.rules.variants import CANASTA
from tests.factories import breakdown, going_out, kings_canasta, meld, mixed_nines, record, totals


def test_registry_holds_the_eleven_presets_in_spec_order() -> None:
    assert list(PRESETS) == [
        "classic",
        "classic-fr",
        "classic-es",
        "espanola",
        "ducale",
        "italiana",
        "origen",
        # VARIANTS-families.md section 2
        "modern-american",
        "samba",
        "bolivia",
        "hand-and-foot",
    ]


@pytest.mark.parametrize(
    ("variant", "players", "layouts", "dealt", "packs", "targets"),
    [
        ("classic", 2, ((1, 1),), 15, 2, (5000,)),
        ("classic", 5, ((2, 3),), 11, 2, (5000,)),
        ("classic", 6, ((2, 2, 2), (3, 3)), 13, 3, (7500, 10000)),
        ("classic-fr", 5, ((2, 3),), 11, 2, (5000,)),
        ("classic-fr", 6, ((2, 2, 2), (3, 3)), 13, 3, (5000, 5000)),
        ("classic-es", 3, ((1, 1, 1),), 13, 2, (7000,)),
        ("classic-es", 6, ((2, 2, 2), (3, 3)), 13, 3, (7000, 7000)),
        ("espanola", 4, ((2, 2), (1, 1, 1, 1)), 15, 4, (15000, 15000)),
        ("espanola", 6, ((3, 3),), 15, 8, (15000,)),
        ("ducale", 3, ((1, 1, 1),), 15, 2, (5000,)),
        ("ducale", 6, ((2, 2, 2),), 13, 3, (7500,)),
        ("italiana", 6, ((2, 2, 2), (3, 3)), 15, 3, (12000, 12000)),
        ("origen", 4, ((2, 2),), 13, 2, (5000,)),
        ("origen", 6, ((3, 3),), 11, 2, (5000,)),
    ],
)
def test_seatings_of_section_2_1(variant, players, layouts, dealt, packs, targets) -> None:
    seatings = PRESETS[variant].seatings_of(players)
    assert tuple(s.layout for s in seatings) == layouts
    assert {(s.cards_dealt, s.packs) for s in seatings} == {(dealt, packs)}
    assert tuple(s.target for s in seatings) == targets


@pytest.mark.parametrize(
    ("variant", "accepted"),
    [
        ("classic", (2, 3, 4, 5, 6)),
        ("classic-fr", (2, 3, 4, 5, 6)),
        ("espanola", (2, 3, 4, 6)),
        ("ducale", (2, 3, 4, 5, 6)),
        ("italiana", (2, 3, 4, 6)),
        ("origen", (2, 4, 6)),
    ],
)
def test_only_the_listed_player_counts_are_accepted(variant, accepted) -> None:
    assert PRESETS[variant].player_counts == accepted


def test_classic_natural_and_mixed_canastas_count_their_cards_too() -> None:
    hand = record("classic", going_out(kings_canasta(), mixed_nines()), {})
    assert breakdown(hand) == {
        "cards": 190,
        "hand": 0,
        "canastas": 800,
        "red_threes": 0,
        "going_out": 100,
        "other": 0,
    }


def test_concealed_going_out_scores_200_in_classic() -> None:
    hand = record("classic", going_out(kings_canasta(), concealed=True), {})
    assert breakdown(hand)["going_out"] == 200


def test_classic_black_three_left_in_hand_costs_5() -> None:
    hand = record("classic", {"melds": [meld("Q", 3)], "hand": {"black_threes": 2}}, {})
    assert breakdown(hand)["hand"] == -10


@pytest.mark.parametrize("variant", ["classic-fr", "classic-es", "espanola"])
def test_black_three_left_in_hand_costs_100(variant: str) -> None:
    hand = record(variant, {"melds": [meld("Q", 3)], "hand": {"black_threes": 1}}, {})
    assert breakdown(hand)["hand"] == -100


def test_classic_fr_melds_count_against_a_side_without_a_complete_canasta() -> None:
    hand = record("classic-fr", {"melds": [meld("Q", 6), meld("5", 3, twos=1)]}, {})
    assert breakdown(hand)["cards"] == -(60 + 15 + 20)


def test_classic_fr_canasta_of_exactly_seven_is_complete() -> None:
    hand = record("classic-fr", {"melds": [meld("Q", 5, jokers=2)]}, {})
    assert breakdown(hand)["cards"] == 150 and breakdown(hand)["canastas"] == 300


def test_classic_es_red_threes_count_against_a_side_without_a_canasta() -> None:
    # Side 2 has melded (so in classic its red three counts plus) but has no canasta.
    hand = record(
        "classic-es", going_out(kings_canasta()), {"melds": [meld("8", 3)], "red_threes": 1}
    )
    assert totals(hand)[1] == 30 - 100
    classic = record(
        "classic", going_out(kings_canasta()), {"melds": [meld("8", 3)], "red_threes": 1}
    )
    assert totals(classic)[1] == 30 + 100


def test_espanola_wild_canasta_of_mixed_wilds_is_2000() -> None:
    hand = record("espanola", {"melds": [meld("wild", twos=4, jokers=3)]}, {})
    assert breakdown(hand)["canastas"] == 2000
    assert breakdown(hand)["cards"] == 80 + 150


def test_espanola_wild_canasta_of_jokers_only_is_3000() -> None:
    hand = record("espanola", {"melds": [meld("wild", jokers=7)]}, {})
    assert breakdown(hand)["canastas"] == 3000


def test_espanola_concealed_canasta_is_1000_instead_of_500() -> None:
    hand = record("espanola", {"melds": [meld("J", 5, twos=2, concealed=True)]}, {})
    assert breakdown(hand)["canastas"] == 1000


def test_espanola_black_three_canasta_wins_the_game_and_scores_no_bonus() -> None:
    hand = record("espanola", {"melds": [kings_canasta()]}, {"melds": [meld("3", 7)]}, players=6)
    score = score_record(hand)
    assert score.wins_game == 1
    assert score.sides[1].breakdown.canastas == 0
    assert score.sides[1].breakdown.cards == 35
    both = record("espanola", {"melds": [meld("3", 7)]}, {"melds": [meld("3", 7)]}, players=6)
    assert score_record(both).wins_game == 0  # the first such side in seating order


def test_espanola_black_three_canasta_counts_as_natural_for_going_out() -> None:
    hand = record("espanola", going_out(meld("3", 7), mixed_nines()), {})
    assert breakdown(hand)["going_out"] == 200


@pytest.mark.parametrize(("canastas", "tier"), [(4, 0), (5, 500), (6, 500), (7, 2000), (8, 2000)])
def test_espanola_canasta_count_tiers_take_the_highest_tier(canastas: int, tier: int) -> None:
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J"][:canastas]
    hand = record("espanola", {"melds": [meld(r, 7) for r in ranks]}, {})
    assert breakdown(hand)["canastas"] == 500 * canastas + tier


def test_espanola_exact_cut_is_plus_100_with_a_canasta_and_minus_without() -> None:
    hand = record("espanola", {"melds": [kings_canasta()], "exact_cut": True}, {})
    assert breakdown(hand)["other"] == 100
    hand = record("espanola", {"melds": [meld("K", 3)], "exact_cut": True}, {})
    assert breakdown(hand)["other"] == -100


def test_espanola_same_rank_twice_is_allowed_with_four_packs() -> None:
    hand = record("espanola", {"melds": [kings_canasta(), meld("K", 3)]}, {})
    assert breakdown(hand)["cards"] == 100


def test_espanola_concealed_going_out_scores_the_plain_200() -> None:
    hand = record("espanola", going_out(kings_canasta(), mixed_nines(), concealed=True), {})
    assert breakdown(hand)["going_out"] == 200


def test_ducale_four_red_threes_are_900_and_five_are_1000() -> None:
    hand = record("ducale", {"melds": [meld("K", 3)], "red_threes": 4}, {})
    assert breakdown(hand)["red_threes"] == 900
    six = record("ducale", {"melds": [meld("K", 3)], "red_threes": 5}, {}, {}, players=6)
    assert breakdown(six)["red_threes"] == 1000


def test_ducale_sortie_surprise_is_200() -> None:
    hand = record("ducale", going_out(kings_canasta(), concealed=True), {})
    assert breakdown(hand)["going_out"] == 200


def test_italiana_black_three_in_hand_costs_5_and_concealed_scores_plain_100() -> None:
    hand = record(
        "italiana", going_out(kings_canasta(), concealed=True), {"hand": {"black_threes": 1}}
    )
    assert breakdown(hand)["going_out"] == 100
    assert totals(hand)[1] == -5


def test_italiana_three_red_threes_are_300_and_all_four_are_500() -> None:
    three = record("italiana", {"melds": [meld("K", 3)], "red_threes": 3}, {})
    four = record("italiana", {"melds": [meld("K", 3)], "red_threes": 4}, {})
    assert breakdown(three)["red_threes"] == 300
    assert breakdown(four)["red_threes"] == 500


def test_origen_all_four_sol_against_a_side_without_a_combination_is_minus_800() -> None:
    hand = record("origen", going_out(kings_canasta()), {"red_threes": 4})
    assert breakdown(hand, 1)["red_threes"] == -800


def test_origen_detener_meld_counts_5_each_when_going_out() -> None:
    hand = record("origen", going_out(kings_canasta(), meld("3", 4)), {})
    assert breakdown(hand)["cards"] == 70 + 20


@pytest.mark.parametrize(
    ("variant", "score", "minimum"),
    [
        ("classic-fr", 4995, 120),
        ("classic-fr", 5000, CANASTA),
        ("classic-fr", 12000, CANASTA),
        ("classic-es", -5, 15),
        ("espanola", 7495, 150),
        ("ducale", -5, 15),
        ("italiana", 4995, 90),
        ("italiana", 5000, 120),
        ("italiana", 9995, 160),
        ("origen", -5, 0),
        ("origen", 0, 50),
    ],
)
def test_opening_minimum_bounds(variant: str, score: int, minimum: object) -> None:
    from scorekeeper.rules.opening import opening_minimum_for

    assert opening_minimum_for(variant, score) == minimum


def test_score_after_and_next_opening_minimum_follow_the_hand() -> None:
    hand = record("classic", going_out(kings_canasta(), score_before=1000), {"score_before": 2990})
    sides = score_record(hand).sides
    assert (sides[0].score_after, sides[0].opening_minimum) == (1670, 90)
    assert (sides[1].score_after, sides[1].opening_minimum) == (2990, 90)


# The rulebooks' own rules where the specification had them wrong (issue "follow the rulebooks").


def test_six_handed_classic_deals_13_and_needs_two_canastas_to_go_out() -> None:
    """Official Canasta Laws, six-handed: 13 cards, three packs, two canastas to go out."""
    seating = PRESETS["classic"].seating(6, 3)
    assert (seating.cards_dealt, seating.packs, seating.going_out_canastas) == (13, 3, 2)
    two = record(
        "classic", going_out(kings_canasta(), meld("A", 7)), {}, {"hand": {"low": 1}}, players=6
    )
    # 70 + 140 cards, 1000 canastas, 100 out; the third side -5.
    assert totals(two) == [1310, 0, -5]


@pytest.mark.parametrize(
    ("players", "score", "minimum"),
    [(6, 7495, 120), (6, 7500, 150), (6, 9995, 150), (4, 7500, 120)],
)
def test_six_handed_classic_needs_150_from_7500(players: int, score: int, minimum: int) -> None:
    from scorekeeper.rules.opening import opening_minimum_for

    assert opening_minimum_for("classic", score, players) == minimum


def test_six_handed_classic_hand_reports_the_six_handed_opening_minimum() -> None:
    hand = record(
        "classic",
        going_out(kings_canasta(), meld("A", 7), score_before=7000),
        {},
        {},
        players=6,
    )
    assert score_record(hand).sides[0].opening_minimum == 150  # 7000 + 1310 = 8310


def test_classic_es_has_its_own_opening_table_at_every_table_size() -> None:
    from scorekeeper.rules.opening import opening_minimum_for

    assert [opening_minimum_for("classic-es", s, 6) for s in (4995, 5000, 7495, 7500)] == [
        120,
        150,
        150,
        180,
    ]


def test_origen_sol_of_a_side_without_a_combination_count_plus_when_nobody_went_out() -> None:
    # Seed 004: minus only "si un camp finit la manche alors que l'autre n'a pas posé".
    stock_out = record("origen", {"melds": [meld("K", 3)]}, {"red_threes": 4})
    assert breakdown(stock_out, 1)["red_threes"] == 800
    finished = record("origen", going_out(kings_canasta()), {"red_threes": 4})
    assert breakdown(finished, 1)["red_threes"] == -800


def test_ducale_takes_any_number_of_wilds_with_two_naturals() -> None:
    # Seed 002: "au moins 3 cartes dont 2 dites naturelles"; 2 aces + 3 twos + 2 jokers.
    hand = record("ducale", {"melds": [meld("A", 2, twos=3, jokers=2)]}, {})
    assert breakdown(hand) == {
        "cards": 40 + 60 + 100,
        "hand": 0,
        "canastas": 300,
        "red_threes": 0,
        "going_out": 0,
        "other": 0,
    }


def test_espanola_an_eighth_king_starts_a_second_meld_of_kings() -> None:
    hand = record("espanola", {"melds": [kings_canasta(), meld("K", 3)]}, {})
    assert breakdown(hand)["cards"] == 100 and breakdown(hand)["canastas"] == 500
    with pytest.raises(RuleViolation, match="a complete canasta takes no more cards"):
        score_record(record("espanola", {"melds": [meld("K", 6, twos=2)]}, {}))


@pytest.mark.parametrize(("twos", "jokers", "canastas"), [(5, 0, 0), (3, 3, 0), (4, 3, 2000)])
def test_espanola_wild_melds_hold_5_to_7(twos: int, jokers: int, canastas: int) -> None:
    hand = record(
        "espanola", {"melds": [kings_canasta(), meld("wild", twos=twos, jokers=jokers)]}, {}
    )
    assert breakdown(hand)["canastas"] == 500 + canastas
    assert breakdown(hand)["cards"] == 70 + 20 * twos + 50 * jokers


def test_espanola_a_meld_of_eight_wilds_is_refused() -> None:
    with pytest.raises(RuleViolation, match="takes no more cards"):
        score_record(record("espanola", {"melds": [meld("wild", twos=8)]}, {}))


def test_espanola_canasta_of_black_threes_is_exactly_seven() -> None:
    with pytest.raises(RuleViolation, match="takes no more cards"):
        score_record(record("espanola", {"melds": [meld("3", 8)]}, {}, players=6))
    summary = {"melded": {"black_threes": 8}, "canastas": {"black_threes": 1}}
    with pytest.raises(RuleViolation, match="only as a canasta of exactly 7"):
        score_record(record("espanola", summary, {}, players=6))


def test_espanola_four_players_each_for_themselves() -> None:
    hand = record(
        "espanola",
        going_out(meld("Q", 7), mixed_nines()),
        {"melds": [meld("8", 3)]},
        {"hand": {"high": 2}},
        {"red_threes": 1, "hand": {"low": 1}},
        players=4,
    )
    # Side 1: 70 + 120 cards, 500 + 300, out 200. Side 4: no canasta: its red three counts minus.
    assert totals(hand) == [1190, -30, -20, -105]


def test_classic_fr_five_players_two_against_three() -> None:
    hand = record("classic-fr", going_out(kings_canasta()), {"melds": [meld("Q", 3)]}, players=5)
    assert totals(hand) == [670, -30]  # no complete canasta: 30 counts minus (2.7)


def test_classic_fr_opening_counts_only_cards_from_the_hand() -> None:
    assert PRESETS["classic-fr"].opening_from_hand_only
    assert PRESETS["modern-american"].opening_from_hand_only  # CLA: the pile's top card neither
    others = [v.id for v in PRESETS.values() if v.opening_from_hand_only]
    assert others == ["classic-fr", "modern-american"]


def test_points_above_100000_are_a_slip_of_the_finger() -> None:
    assert totals(record("classic", {"hand": {"points": 100000}}, {})) == [-100000, 0]
    with pytest.raises(RuleViolation, match="from 0 to 100000"):
        score_record(record("classic", {"hand": {"points": 100005}}, {}))


def test_melded_points_of_all_sides_stay_within_590_a_pack() -> None:
    within = record(
        "classic",
        {"melded": {"points": 900}, "canastas": {"natural": 2}},
        {"melded": {"points": 280}},
    )
    assert totals(within)[1] == 280  # 1180 in all: exactly what 2 packs hold
    over = record(
        "classic",
        {"melded": {"points": 900}, "canastas": {"natural": 2}},
        {"melded": {"points": 285}},
    )
    with pytest.raises(
        RuleViolation, match=r"1185 melded points: more melded points than 2 packs hold \(1180\)"
    ):
        score_record(over)
    four_packs = record(
        "espanola",
        {"melded": {"points": 2000}, "canastas": {"natural": 2}},
        {"melded": {"points": 360}},
    )
    assert totals(four_packs)[1] == -360  # 2360 = 4 x 590
