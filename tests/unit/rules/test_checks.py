"""Refusals across a record's sides (VARIANTS.md section 4; rules/checks.py): going out, deck limits,
exact cuts; and how every refusal names the side, the meld and the rule. The refusals of one
side's melds, of a summary and of a record's form are in test_melds, test_summary, test_records."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from tests.factories import going_out, kings_canasta, meld, mixed_nines, record, totals


def refusal(hand: dict) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        score_record(hand)
    return caught.value


CASES = [
    # (id, record, words the message must hold)
    (
        "too many of a rank",
        record("classic", {"melds": [meld("K", 5)]}, {"melds": [meld("K", 4)]}),
        "more than 8 cards of rank K",
    ),
    (
        "too many jokers across melds and hands",
        record("classic", {"melds": [meld("K", 4, jokers=3)]}, {"hand": {"jokers": 2}}),
        "5 jokers: more jokers than 2 packs hold (4)",
    ),
    (
        "too many red threes",
        record("classic", {"red_threes": 4}, {"red_threes": 1}),
        "more red threes than 2 packs hold",
    ),
    (
        "too many black threes",
        record("classic", {"hand": {"black_threes": 3}}, {"hand": {"black_threes": 2}}),
        "5 black threes: more black threes than 2 packs hold (4)",
    ),
    (
        "more than one side out",
        record("classic", going_out(kings_canasta()), going_out(meld("Q", 7))),
        "more than one side went out",
    ),
    (
        "concealed without going out",
        record("classic", {"melds": [kings_canasta()], "concealed": True}, {}),
        "side 1: concealed going out without going out",
    ),
    (
        "going out without a canasta",
        record("classic", going_out(meld("K", 6)), {}),
        "side 1: going out needs 1 canasta, 0 made",
    ),
    (
        "two players need two canastas",
        record("classic", going_out(kings_canasta()), {}, players=2),
        "going out needs 2 canastas with 2 players, 1 made",
    ),
    (
        "six-player classic-fr needs two",
        record("classic-fr", going_out(kings_canasta()), {}, players=6),
        "going out needs 2 canastas with 6 players, 1 made",
    ),
    (
        "espanola out without a natural",
        record("espanola", going_out(mixed_nines(), meld("Q", 5, twos=2)), {}),
        "going out needs a natural and a mixed canasta",
    ),
    (
        "player out alone holding cards",
        record("classic", going_out(kings_canasta(), meld("Q", 7), hand={"low": 1}), {}, players=2),
        "a player who went out holds no cards",
    ),
    (
        "one-player side out alone with points",
        record(
            "classic",
            going_out(kings_canasta(), meld("Q", 7), hand={"points": 5}),
            {},
            {},
            players=3,
        ),
        "side 1: a player who went out holds no cards",
    ),
    (
        "exact cut outside espanola",
        record("classic", {"exact_cut": True}, {}),
        "an exact cut scores nothing in classic",
    ),
    (
        "two exact cuts",
        record("espanola", {"exact_cut": True}, {"exact_cut": True}),
        "only one side can cut exactly",
    ),
]


@pytest.mark.parametrize(("hand", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_record_is_refused_with_a_message_naming_it(hand: object, words: str) -> None:
    assert words in str(refusal(hand))


def test_violation_carries_side_meld_and_field_for_forms() -> None:
    error = refusal(record("classic", {}, {"name": "EW", "melds": [meld("Q", 3), meld("K", 1)]}))
    assert (error.side, error.meld, error.rank, error.side_name) == (2, 2, "K", "EW")
    assert str(error).startswith("side 2 (EW), meld 2 (K): ")


def test_messages_render_through_a_translation_function() -> None:
    error = refusal(record("classic", {"melds": [meld("K", 2)]}, {}))
    catalogue = {
        "side %(side)s": "camp %(side)s",
        "meld %(meld)s (%(rank)s)": "pose %(meld)s (%(rank)s)",
        "a meld needs at least %(min)s cards": "une pose demande au moins %(min)s cartes",
    }
    assert error.render(lambda s: catalogue.get(s, s)) == (
        "camp 1, pose 1 (K): une pose demande au moins 3 cartes"
    )


def test_a_black_three_meld_going_out_is_scored() -> None:
    # Kings 70 + 500, four black threes melded 4 × 5, out 100.
    assert totals(record("classic", going_out(kings_canasta(), meld("3", 4)), {})) == [690, 0]


def test_a_partner_of_the_player_out_may_hold_cards() -> None:
    # Kings 70 + 500, out 100, the partner's three high cards -30.
    assert totals(record("classic", going_out(kings_canasta(), hand={"high": 3}), {})) == [640, 0]


# Messages name the table's own cards and reasons.


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            record("origen", {"red_threes": 4}, {"red_threes": 1}),
            "5 SOL: more SOL than the 108-card Canasta-Origen deck holds (4)",
        ),
        (
            record("origen", {"hand": {"jokers": 3}}, {"hand": {"jokers": 2}}),
            "5 DIVA: more DIVA than the 108-card Canasta-Origen deck holds (4)",
        ),
        (
            record("origen", going_out(kings_canasta(), meld("3", 3, twos=1)), {}),
            "side 1, meld 2 (DETENER): a meld of DETENER takes no wild cards",
        ),
        (
            record("origen", {"melds": [meld("3", 3)]}, {}),
            "side 1, meld 1 (DETENER): 3 or 4 DETENER, only when going out",
        ),
        (
            record("origen", {"melded": {"black_threes": 3}}, {}),
            "side 1: 3 or 4 DETENER, only when going out",
        ),
    ],
)
def test_origen_refusals_use_the_rulebooks_card_names(hand: dict, words: str) -> None:
    assert str(refusal(hand)) == words


@pytest.mark.parametrize("variant", ["origen", "espanola"])
def test_one_natural_and_two_wilds_breaks_the_no_more_wilds_than_naturals_rule(variant) -> None:
    message = str(refusal(record(variant, {"melds": [meld("K", 1, twos=1, jokers=1)]}, {})))
    assert message == "side 1, meld 1 (K): more wild cards than natural cards"


def test_two_sides_out_are_named() -> None:
    hand = record(
        "classic",
        going_out(kings_canasta(), name="NS"),
        going_out(meld("Q", 7), name="EW"),
    )
    assert str(refusal(hand)) == "more than one side went out: side 1 (NS) and side 2 (EW)"
    three = record(
        "classic",
        going_out(kings_canasta()),
        going_out(meld("Q", 7)),
        going_out(meld("J", 7)),
        players=3,
    )
    assert str(refusal(three)) == "more than one side went out: side 1, side 2 and side 3"


def test_two_exact_cuts_are_named() -> None:
    hand = record("espanola", {"exact_cut": True}, {"name": "Ellos", "exact_cut": True})
    assert str(refusal(hand)) == (
        "only one side can cut exactly: side 1 and side 2 (Ellos) both cut exactly"
    )


def test_plurals_are_real_plurals() -> None:
    one = refusal(record("classic", {"melded": {"aces": 6}, "canastas": {"natural": 1}}, {}))
    two = refusal(record("classic", {"melded": {"aces": 8}, "canastas": {"natural": 2}}, {}))
    assert "1 canasta needs at least 7 melded cards" in str(one)
    assert "2 canastas need at least 14 melded cards" in str(two)
    assert "(s)" not in str(one) + str(two)


def test_plural_messages_render_through_a_plural_translation_function() -> None:
    error = refusal(record("classic", going_out(meld("K", 6)), {}))
    forms = {"going out needs %(n)s canasta, %(made)s made": ("il faut %(n)s canasta", "x")}

    def translate_plural(singular: str, plural: str, n: int) -> str:
        return forms[singular][0 if n == 1 else 1] if singular in forms else singular

    assert error.render(
        lambda s: {"side %(side)s": "camp %(side)s"}.get(s, s), translate_plural
    ) == ("camp 1: il faut 1 canasta")


def test_a_huge_count_is_refused_before_anything_is_built_from_it() -> None:
    import tracemalloc

    hands = [
        record("classic", {"melded": {"points": 100000}, "canastas": {"natural": 10**8}}, {}),
        record("classic", {"melded": {"points": 35000}, "canastas": {"mixed": 1000}}, {}),
        record(
            "espanola",
            {
                "melded": {"points": 100000},
                "canastas": {"natural": 1},
                "sequences": {"straight": 10**9},
            },
            {},
            rules={"sequences": True},
        ),
        record("classic", {"melds": [meld("K", 10**20)]}, {"red_threes": 10**20}),
    ]
    tracemalloc.start()
    try:
        for hand in hands:
            refusal(hand)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak


def test_more_canastas_than_the_packs_hold() -> None:
    hand = record("classic", {"melded": {"points": 35000}, "canastas": {"mixed": 1000}}, {})
    assert str(refusal(hand)) == "side 1: 1000 canastas: more canastas than 2 packs hold (14)"
