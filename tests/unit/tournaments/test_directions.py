"""A two-winner Mitchell (engine.directions): each pair's direction, and North-South and
East-West ranked apart (standings.rank's groups), worked by hand. No database."""

from __future__ import annotations

import pytest

from tournaments.engine import mitchell
from tournaments.engine.directions import Direction, directions, groups
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import check_by_direction
from tournaments.engine.points import Scoring
from tournaments.engine.standings import rank
from tournaments.engine.types import Bye, Draw, History, Pair, Pairing, Result, RoundInput

NS, EW = Direction.NS, Direction.EW
# Eight pairs, listed 1 to 8: the movement seats 1, 3, 5, 7 North-South at tables 1-4 and 2, 4,
# 6, 8 East-West; the even movement skips a table after two rounds (engine.mitchell).
EIGHT = tuple(Pair(i, f"P{i}") for i in range(1, 9))
# Each pair's strength: the stronger pair wins, by ten points for each point of strength.
STRENGTH = {1: 100, 3: 80, 5: 60, 7: 40, 2: 90, 4: 70, 6: 50, 8: 30}


def played_movement() -> tuple[tuple[Draw, ...], tuple[Result, ...]]:
    """The 8-pair movement's three rounds, drawn by the engine, and their results."""
    draws: list[Draw] = []
    results: list[Result] = []
    for number in (1, 2, 3):
        given = RoundInput(number, EIGHT, History.of(tuple(results), tuple(draws)))
        draw = mitchell.pair_round(given)
        draws.append(draw)
        for p in draw.pairings:
            ns, ew = 400 + 10 * STRENGTH[p.ns], 400 + 10 * STRENGTH[p.ew]
            results.append(Result(number, p.ns, p.ew, ns, ew))
    return tuple(draws), tuple(results)


def test_the_eight_pair_movement_meets_as_worked_by_hand() -> None:
    draws, _results = played_movement()
    assert [[(p.ns, p.ew) for p in d.pairings] for d in draws] == [
        [(1, 2), (3, 4), (5, 6), (7, 8)],
        [(1, 8), (3, 2), (5, 4), (7, 6)],
        [(1, 4), (3, 6), (5, 8), (7, 2)],  # the skip: East-West move up two tables
    ]


def test_each_pair_keeps_the_direction_of_its_mitchell_table() -> None:
    draws, _results = played_movement()
    found = directions(draws, [p.id for p in EIGHT])
    assert found == {1: NS, 2: EW, 3: NS, 4: EW, 5: NS, 6: EW, 7: NS, 8: EW}
    assert groups(found) == (frozenset({1, 3, 5, 7}), frozenset({2, 4, 6, 8}))


def test_north_south_and_east_west_are_ranked_apart_with_a_winner_each() -> None:
    # Wins (2 points each): 1 beat 2, 8, 4; 3 beat 4, 6; 5 beat 6, 8; 7 beat 8;
    # 2 beat 3, 7; 4 beat 5; 6 beat 7. Margins: 1 +1100, 3 +300, 5 +300, 7 -500;
    # 2 +500, 4 -300, 6 -300, 8 -1100. Buchholz separates 3 (8) from 5 (4), 4 (14) from 6 (10):
    # 3 and 5 never met (both North-South), so head to head could not.
    draws, results = played_movement()
    apart = groups(directions(draws, [p.id for p in EIGHT]))
    order = ("tp", "margin", "buchholz")
    table = rank(EIGHT, results, Scoring(), order, groups=apart)
    assert [(s.pair, s.rank, s.metric("tp"), s.metric("margin")) for s in table] == [
        (1, 1, 6, 1100),  # the North-South winner
        (3, 2, 4, 300),
        (5, 3, 4, 300),
        (7, 4, 2, -500),
        (2, 1, 4, 500),  # the East-West winner: second in the field ranked whole
        (4, 2, 2, -300),
        (6, 3, 2, -300),
        (8, 4, 0, -1100),
    ]
    assert (table[1].metric("buchholz"), table[2].metric("buchholz")) == (8, 4)
    whole = rank(EIGHT, results, Scoring(), order)
    assert [s.pair for s in whole][:4] == [1, 2, 3, 5]
    # The metrics count the whole field either way: only the comparisons stay in a group.
    assert {s.pair: s.metrics for s in whole} == {s.pair: s.metrics for s in table}


def test_groups_must_hold_every_pair_once() -> None:
    with pytest.raises(ValueError, match="every pair once"):
        rank(EIGHT, (), Scoring(), groups=(frozenset({1, 3}), frozenset({2, 4})))


def test_a_pair_that_sat_out_every_mitchell_round_ranks_north_south() -> None:
    # Seven pairs: the empty seat is East-West, so the pair sitting out is a North-South one.
    seven = tuple(Pair(i, f"P{i}") for i in range(1, 8))
    draw = mitchell.pair_round(RoundInput(1, seven, History()))
    assert [(p.ns, p.ew) for p in draw.pairings] == [(1, 2), (3, 4), (5, 6)]
    assert draw.byes == (Bye(7, draw.byes[0].why),)
    assert directions([draw], [p.id for p in seven])[7] is NS


@pytest.mark.parametrize(
    ("seatings", "expected"),
    [
        # Before the movement's first round: alternately down the list, as it seats a field.
        ((), {1: NS, 2: EW, 3: NS, 4: EW, 5: NS}),
        # A pair that joined after the movement (5, 6) goes where the pairs are fewer.
        (
            (Draw(1, (Pairing(1, 2), Pairing(3, 4), Pairing(7, 8, table=3))),),
            {1: NS, 2: EW, 3: NS, 4: EW, 7: NS, 8: EW, 5: NS, 6: EW},
        ),
        # The first Mitchell table decides, whatever a later round seats.
        ((Draw(2, (Pairing(2, 1),)), Draw(1, (Pairing(1, 2),))), {1: NS, 2: EW}),
    ],
)
def test_a_pair_without_a_mitchell_table_evens_the_directions(
    seatings: tuple[Draw, ...], expected: dict[int, Direction]
) -> None:
    assert directions(seatings, sorted(expected, key=lambda e: (e in (5, 6), e))) == expected


@pytest.mark.parametrize(
    ("fmt", "rounds", "refused"),
    [
        ("mitchell", (), None),
        ("mitchell", ("mitchell", "mitchell", "danish"), None),
        ("swiss", (), "only in a plan with Mitchell rounds"),
        ("roundrobin", (), "only in a plan with Mitchell rounds"),
        ("mitchell", ("mitchell", "mitchell", "knockout", "knockout"), "knockout"),
    ],
)
def test_ranking_by_direction_needs_mitchell_rounds_and_no_knockout(
    fmt: str, rounds: tuple[str, ...], refused: str | None
) -> None:
    if refused is None:
        check_by_direction(fmt, rounds)
        return
    with pytest.raises(DrawRefused) as error:
        check_by_direction(fmt, rounds)
    assert refused in error.value.message
