"""Every refusal of VARIANTS.md section 4, each with the side, the meld and the rule named."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from tests.factories import going_out, kings_canasta, meld, mixed_nines, record


def refusal(hand: dict) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        score_record(hand)
    return caught.value


CASES = [
    # (id, record, words the message must hold)
    ("unknown preset", {"variant": "rummy", "sides": [{}, {}]}, "unknown variant 'rummy'"),
    (
        "unknown player count",
        record("origen", {}, {}, {}, players=3),
        "origen is played by 2, 4, 6 players, not 3",
    ),
    (
        "sides that fit no layout",
        record("classic", {}, {}, {}),
        "4 players of classic play as 2 sides, not 3 sides",
    ),
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
        record("espanola", {"melds": [meld("wild", jokers=2)]}, {}),
        "a meld of wild cards needs at least 3 cards",
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
        "black threes are melded only as a canasta of 7 or more",
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
        "too many of a rank",
        record("classic", {"melds": [meld("K", 5)]}, {"melds": [meld("K", 4)]}),
        "more than 8 cards of rank K",
    ),
    (
        "too many jokers across melds and hands",
        record("classic", {"melds": [meld("K", 4, jokers=3)]}, {"hand": {"jokers": 2}}),
        "5 jokers: more than 2 packs hold (4)",
    ),
    (
        "too many red threes",
        record("classic", {"red_threes": 4}, {"red_threes": 1}),
        "more red threes than 2 packs hold",
    ),
    (
        "too many black threes",
        record("classic", {"hand": {"black_threes": 3}}, {"hand": {"black_threes": 2}}),
        "5 black threes: more than 2 packs hold (4)",
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
        "side 1: going out needs 1 canasta(s), 0 made",
    ),
    (
        "two players need two canastas",
        record("classic", going_out(kings_canasta()), {}, players=2),
        "going out needs 2 canasta(s), 1 made",
    ),
    (
        "six-player classic-fr needs two",
        record("classic-fr", going_out(kings_canasta()), {}, players=6),
        "going out needs 2 canasta(s)",
    ),
    (
        "espanola out without a natural",
        record("espanola", going_out(mixed_nines(), meld("Q", 5, twos=2)), {}),
        "going out needs a natural and a mixed canasta",
    ),
    (
        "negative points",
        record("classic", {"melded": {"points": -5}}, {}),
        "melded points must be a multiple of 5, 0 or more",
    ),
    (
        "points not a multiple of 5",
        record("classic", {}, {"hand": {"points": 12}}),
        "side 2: hand points must be a multiple of 5",
    ),
    (
        "canastas the points cannot hold",
        record("classic", {"melded": {"points": 60}, "canastas": {"natural": 2}}, {}),
        "2 canasta(s) need at least 70 melded points",
    ),
    (
        "canastas the cards cannot hold",
        record("classic", {"melded": {"aces": 6}, "canastas": {"natural": 1}}, {}),
        "1 canasta(s) need at least 7 melded cards",
    ),
    (
        "summary canasta kind the preset lacks",
        record("classic", {"melded": {"points": 500}, "canastas": {"wild_pure": 1}}, {}),
        "classic has no wild pure canastas",
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
        "unknown key in a side",
        record("classic", {"redthrees": 1}, {}),
        "side 1: unknown key 'redthrees'",
    ),
    (
        "unknown key in a meld",
        record("classic", {"melds": [{"rank": "K", "natural": 3}]}, {}),
        "side 1, meld 1 (K): unknown key 'natural'",
    ),
    (
        "unknown key at the top",
        {"variant": "classic", "sides": [{}, {}], "player": 4},
        "unknown key 'player'",
    ),
    (
        "unknown card class",
        record("classic", {"hand": {"kings": 2}}, {}),
        "side 1: unknown key 'kings'",
    ),
    (
        "both entry levels",
        record("classic", {"melds": [], "melded": {"points": 0}}, {}),
        "not both",
    ),
    (
        "canastas without melded",
        record("classic", {"canastas": {"natural": 1}}, {}),
        "canastas and sequences go with melded",
    ),
    (
        "a count that is not a whole number",
        record("classic", {"red_threes": 1.5}, {}),
        "red_threes must be a whole number",
    ),
    (
        "a flag that is not true or false",
        record("classic", {"went_out": 1}, {}),
        "went_out must be true or false",
    ),
    (
        "score before not a multiple of 5",
        record("classic", {"score_before": 12}, {}),
        "score_before must be a whole multiple of 5",
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
    ("not an object", ["classic"], "a hand record must be a JSON object"),
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


def test_six_player_classic_out_with_one_canasta_is_fine() -> None:
    score_record(record("classic", going_out(kings_canasta()), {}, {}, players=6))


def test_a_black_three_meld_going_out_is_fine() -> None:
    score_record(record("classic", going_out(kings_canasta(), meld("3", 4)), {}))


def test_a_partner_of_the_player_out_may_hold_cards() -> None:
    score_record(record("classic", going_out(kings_canasta(), hand={"high": 3}), {}))
