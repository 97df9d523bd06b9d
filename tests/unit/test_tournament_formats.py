"""Round robin, Mitchell, Danish and knockout by hand-worked scenarios: each round's expected
pairings written out as a table (Tabbycat's draw tests are the model)."""

from __future__ import annotations

import pytest

from tournaments.engine import danish, knockout, mitchell, roundrobin
from tournaments.engine.model import Draw, History, Pair, Pairing, Reason, Result, RoundInput


def field(n: int, **changes: dict) -> tuple[Pair, ...]:
    return tuple(Pair(i, f"P{i}", seed=i, **changes.get(f"p{i}", {})) for i in range(1, n + 1))


def tables(draw: Draw) -> list[tuple[int, int]]:
    return [(m.ns, m.ew) for m in draw.pairings]


# Round robin ---------------------------------------------------------------------------------


def test_round_robin_of_four_meets_everyone_once_in_three_rounds() -> None:
    rounds = [tables(roundrobin.pair_round(RoundInput(n, field(4), History()))) for n in (1, 2, 3)]
    assert rounds == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]
    met = {frozenset(m) for r in rounds for m in r}
    assert len(met) == 6 and roundrobin.rounds_needed(4) == 3


def test_round_robin_of_five_gives_each_pair_one_bye() -> None:
    draws = [roundrobin.pair_round(RoundInput(n, field(5), History())) for n in range(1, 6)]
    assert [[b.pair for b in d.byes] for d in draws] == [[1], [4], [2], [5], [3]]
    met = {frozenset((m.ns, m.ew)) for d in draws for m in d.pairings}
    assert len(met) == 10 and roundrobin.rounds_needed(5) == 5


def test_the_second_leg_swaps_north_south_and_east_west() -> None:
    first = roundrobin.pair_round(RoundInput(1, field(4), History(), legs=2))
    second = roundrobin.pair_round(RoundInput(4, field(4), History(), legs=2))
    assert tables(second) == [(ew, ns) for ns, ew in tables(first)]
    with pytest.raises(ValueError, match="complete"):
        roundrobin.pair_round(RoundInput(7, field(4), History(), legs=2))


def test_a_withdrawn_pair_leaves_its_round_robin_opponent_a_bye() -> None:
    pairs = field(4, p4={"withdrawn_after": 1})
    draw = roundrobin.pair_round(RoundInput(2, pairs, History()))
    assert tables(draw) == [(3, 1)] and [b.pair for b in draw.byes] == [2]


# Mitchell ------------------------------------------------------------------------------------


def test_mitchell_with_three_tables_moves_east_west_up_one_table() -> None:
    #  round   table 1   table 2   table 3
    #  1       1 v 2     3 v 4     5 v 6
    #  2       1 v 6     3 v 2     5 v 4
    #  3       1 v 4     3 v 6     5 v 2
    draws = [mitchell.pair_round(RoundInput(n, field(6), History())) for n in (1, 2, 3)]
    assert [[(m.table, m.ns, m.ew) for m in d.pairings] for d in draws] == [
        [(1, 1, 2), (2, 3, 4), (3, 5, 6)],
        [(1, 1, 6), (2, 3, 2), (3, 5, 4)],
        [(1, 1, 4), (2, 3, 6), (3, 5, 2)],
    ]


def test_mitchell_with_four_tables_skips_a_table_halfway() -> None:
    draws = [mitchell.pair_round(RoundInput(n, field(8), History())) for n in (1, 2, 3)]
    #  round 3 (after half of 4 tables): East-West skip one table, so 2 meets 7, not 5 again.
    assert [(m.table, m.ns, m.ew) for m in draws[2].pairings] == [
        (1, 1, 4),
        (2, 3, 6),
        (3, 5, 8),
        (4, 7, 2),
    ]
    met = [frozenset((m.ns, m.ew)) for d in draws for m in d.pairings]
    assert len(met) == len(set(met)) and mitchell.rounds_possible(8) == 3
    assert all(m.ns % 2 == 1 for d in draws for m in d.pairings)  # North-South stay


def test_mitchell_with_an_odd_field_has_a_sit_out() -> None:
    draws = [mitchell.pair_round(RoundInput(n, field(7), History())) for n in (1, 2, 3)]
    sitting = [[b.pair for b in d.byes] for d in draws]
    assert sitting == [[7], [1], [5]]  # the table whose East-West seat is empty sits out


# Danish ---------------------------------------------------------------------------------------

LAST_ROUND = Draw(1, (Pairing(1, 2), Pairing(3, 4), Pairing(5, 6)))


def test_plain_danish_pairs_down_the_standings_even_into_a_repeat() -> None:
    given = RoundInput(2, field(6), History.of((), (LAST_ROUND,)), ranking=(1, 2, 3, 5, 4, 6))
    assert tables(danish.pair_round_plain(given)) == [(1, 2), (3, 5), (4, 6)]


def test_modified_danish_moves_a_pair_down_to_avoid_last_rounds_match() -> None:
    #  standings   plain      modified
    #  1 2         1 v 2      1 v 3   (2 moved down: 1 and 2 met last round)
    #  3 5         3 v 5      2 v 5
    #  4 6         4 v 6      4 v 6
    given = RoundInput(2, field(6), History.of((), (LAST_ROUND,)), ranking=(1, 2, 3, 5, 4, 6))
    draw = danish.pair_round(given)
    assert tables(draw) == [(1, 3), (2, 5), (4, 6)]
    assert [m.why[0].reason for m in draw.pairings] == [
        Reason.MOVED_DOWN,
        Reason.MOVED_DOWN,
        Reason.STANDINGS,
    ]


def test_danish_bye_goes_to_the_lowest_ranked_pair_without_one() -> None:
    history = History.of((Result(1, 5, None),), (Draw(1, (Pairing(1, 2), Pairing(3, 4)), ()),))
    draw = danish.pair_round(RoundInput(2, field(5), history, ranking=(1, 3, 2, 4, 5)))
    assert [b.pair for b in draw.byes] == [4] and tables(draw) == [(1, 3), (2, 5)]


# Knockout -------------------------------------------------------------------------------------


def test_a_knockout_of_eight_is_seeded_one_against_eight() -> None:
    draw = knockout.pair_round(RoundInput(1, field(8), History()))
    assert tables(draw) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert knockout.rounds_needed(8) == 3


def test_a_knockout_of_six_gives_byes_to_the_top_two_seeds() -> None:
    draw = knockout.pair_round(RoundInput(1, field(6), History()))
    assert tables(draw) == [(4, 5), (3, 6)] and [b.pair for b in draw.byes] == [1, 2]


def test_winners_advance_in_bracket_order_and_a_tie_needs_its_extra_hand() -> None:
    first = knockout.pair_round(RoundInput(1, field(8), History()))
    results = (
        Result(1, 1, 8, 900, 100),
        Result(1, 4, 5, 500, 500, winner=5),  # tied: 5 won the extra hand
        Result(1, 2, 7, 100, 900),
        Result(1, 3, 6, 800, 700),
    )
    second = knockout.pair_round(RoundInput(2, field(8), History.of(results, (first,))))
    assert tables(second) == [(1, 5), (7, 3)]
    tied = (*results[:1], Result(1, 4, 5, 500, 500), *results[2:])
    with pytest.raises(ValueError, match="no winner"):
        knockout.pair_round(RoundInput(2, field(8), History.of(tied, (first,))))


def test_the_final_round_adds_a_third_place_match() -> None:
    first = knockout.pair_round(RoundInput(1, field(4), History(), third_place=True))
    results = (Result(1, 1, 4, 900, 100), Result(1, 2, 3, 100, 900))
    final = knockout.pair_round(
        RoundInput(2, field(4), History.of(results, (first,)), third_place=True)
    )
    assert tables(final) == [(1, 3), (4, 2)]


def test_a_knockout_of_the_top_four_after_a_swiss() -> None:
    given = RoundInput(6, field(10), History(), ranking=(7, 3, 9, 1, 2), phase_start=6, top=4)
    assert tables(knockout.pair_round(given)) == [(7, 1), (3, 9)]
