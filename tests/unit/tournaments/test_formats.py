"""Round robin, Mitchell, Danish and knockout by hand-worked scenarios: each round's expected
pairings written out as a table (Tabbycat's draw tests are the model)."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.engine import danish, knockout, mitchell, roundrobin
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import FORMATS, Phase, plan_of
from tournaments.engine.types import Draw, History, Pair, Pairing, Reason, Result, RoundInput, Why


def field(n: int, **changes: dict[str, Any]) -> tuple[Pair, ...]:
    """Pairs 1..n seeded in order; ``p3={"joins": 2}`` changes pair 3."""
    return tuple(Pair(i, f"P{i}", seed=i, **changes.get(f"p{i}", {})) for i in range(1, n + 1))


def tables(draw: Draw) -> list[tuple[int, int]]:
    return [(m.ns, m.ew) for m in draw.pairings]


def sitting_out(draw: Draw) -> list[int]:
    return [b.pair for b in draw.byes]


def test_every_format_is_registered() -> None:
    assert {"roundrobin", "mitchell", "danish", "danish_plain", "knockout"} <= set(FORMATS)


# Round robin ---------------------------------------------------------------------------------


def test_round_robin_of_four_meets_everyone_once_in_three_rounds() -> None:
    rounds = [roundrobin.pair_round(RoundInput(n, field(4), History())) for n in (1, 2, 3)]
    #  round   tables        (pair 1 stays and changes side; the others turn)
    assert [tables(d) for d in rounds] == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
    ]
    assert all(m.why[0].reason == Reason.SCHEDULE for d in rounds for m in d.pairings)
    met = {frozenset(m) for d in rounds for m in tables(d)}
    assert len(met) == 6 and roundrobin.rounds_needed(4) == 3


def test_round_robin_of_five_gives_each_pair_one_bye() -> None:
    draws = [roundrobin.pair_round(RoundInput(n, field(5), History())) for n in range(1, 6)]
    #  round   tables              bye
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(2, 5), (3, 4)], [1]),
        ([(5, 1), (2, 3)], [4]),
        ([(1, 4), (5, 3)], [2]),
        ([(3, 1), (4, 2)], [5]),
        ([(1, 2), (4, 5)], [3]),
    ]
    assert all(b.why[0].reason == Reason.PHANTOM for d in draws for b in d.byes)
    met = {frozenset(m) for d in draws for m in tables(d)}
    assert len(met) == 10 and roundrobin.rounds_needed(5) == 5


def test_the_second_leg_swaps_north_south_and_east_west() -> None:
    draws = [roundrobin.pair_round(RoundInput(n, field(4), History(), legs=2)) for n in range(1, 7)]
    assert [tables(d) for d in draws] == [
        [(1, 4), (2, 3)],
        [(3, 1), (4, 2)],
        [(1, 2), (3, 4)],
        [(4, 1), (3, 2)],  # leg 2: round 1 with the sides swapped
        [(1, 3), (2, 4)],
        [(2, 1), (4, 3)],
    ]
    assert roundrobin.rounds_needed(4, legs=2) == 6
    with pytest.raises(DrawRefused, match="ends after round 6"):
        roundrobin.pair_round(RoundInput(7, field(4), History(), legs=2))


def test_a_round_robin_phase_counts_its_rounds_from_its_first() -> None:
    draw = roundrobin.pair_round(RoundInput(5, field(4), History(), phase_start=4))
    assert tables(draw) == [(3, 1), (4, 2)]  # the schedule's round 2
    with pytest.raises(ValueError, match="not started"):
        roundrobin.pair_round(RoundInput(3, field(4), History(), phase_start=4))


def test_a_withdrawn_pair_leaves_its_round_robin_opponent_a_bye() -> None:
    pairs = field(4, p4={"withdrawn_after": 1})
    draws = [roundrobin.pair_round(RoundInput(n, pairs, History())) for n in (1, 2, 3)]
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(1, 4), (2, 3)], []),
        ([(3, 1)], [2]),  # 2 was to meet 4
        ([(1, 2)], [3]),
    ]


def test_a_late_entry_takes_the_odd_fields_empty_place() -> None:
    pairs = (*field(5), Pair(6, "Late", joins=3))
    draws = [roundrobin.pair_round(RoundInput(n, pairs, History())) for n in range(1, 6)]
    #  round   tables                        bye    (6 plays the bye's schedule from round 3)
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(2, 5), (3, 4)], [1]),
        ([(5, 1), (2, 3)], [4]),
        ([(1, 4), (5, 3), (6, 2)], []),
        ([(3, 1), (4, 2), (5, 6)], []),
        ([(1, 2), (3, 6), (4, 5)], []),
    ]


def test_a_late_entry_takes_a_withdrawn_pairs_place() -> None:
    pairs = (*field(4, p2={"withdrawn_after": 1}), Pair(5, "Late", joins=3))
    draws = [roundrobin.pair_round(RoundInput(n, pairs, History())) for n in (1, 2, 3)]
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(1, 4), (2, 3)], []),
        ([(3, 1)], [4]),  # 2 is gone, 5 not yet here
        ([(1, 5), (3, 4)], []),  # 5 plays 2's remaining schedule
    ]


def test_a_late_entry_without_a_free_place_is_refused() -> None:
    pairs = (*field(4), Pair(5, "Late", joins=2))
    assert tables(roundrobin.pair_round(RoundInput(1, pairs, History()))) == [(1, 4), (2, 3)]
    with pytest.raises(DrawRefused, match="no place in it is free") as refused:
        roundrobin.pair_round(RoundInput(2, pairs, History()))
    assert refused.value.values == {"pair": 5}  # the app names the pair


# Mitchell ------------------------------------------------------------------------------------


def mitchell_rounds(pairs: tuple[Pair, ...], rounds: int) -> list[list[tuple[int, int, int]]]:
    draws = [mitchell.pair_round(RoundInput(n, pairs, History())) for n in range(1, rounds + 1)]
    return [[(m.table, m.ns, m.ew) for m in d.pairings] for d in draws]


def test_mitchell_with_three_tables_moves_east_west_up_one_table() -> None:
    #  round   table 1   table 2   table 3
    #  1       1 v 2     3 v 4     5 v 6
    #  2       1 v 6     3 v 2     5 v 4
    #  3       1 v 4     3 v 6     5 v 2
    assert mitchell.rounds_possible(6) == 3
    assert mitchell_rounds(field(6), 3) == [
        [(1, 1, 2), (2, 3, 4), (3, 5, 6)],
        [(1, 1, 6), (2, 3, 2), (3, 5, 4)],
        [(1, 1, 4), (2, 3, 6), (3, 5, 2)],
    ]
    with pytest.raises(DrawRefused, match="ends after round 3"):
        mitchell.pair_round(RoundInput(4, field(6), History()))


def test_mitchell_with_four_tables_skips_a_table_halfway() -> None:
    #  round 3 (after half of 4 tables): East-West skip one table, so 2 goes from table 2 to
    #  table 4 (meeting 7) instead of table 3.
    rounds = mitchell_rounds(field(8), 3)
    assert rounds == [
        [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)],
        [(1, 1, 8), (2, 3, 2), (3, 5, 4), (4, 7, 6)],
        [(1, 1, 4), (2, 3, 6), (3, 5, 8), (4, 7, 2)],
    ]
    met = [frozenset((ns, ew)) for r in rounds for _, ns, ew in r]
    assert len(met) == len(set(met)) and mitchell.rounds_possible(8) == 3
    assert all(ns % 2 == 1 and table == (ns + 1) // 2 for r in rounds for table, ns, _ in r)


def test_mitchell_with_an_odd_field_has_a_sit_out() -> None:
    draws = [mitchell.pair_round(RoundInput(n, field(7), History())) for n in (1, 2, 3)]
    #  4 tables (the skip applies); table 4's East-West seat is empty, and moves up.
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(1, 2), (3, 4), (5, 6)], [7]),
        ([(3, 2), (5, 4), (7, 6)], [1]),
        ([(1, 4), (3, 6), (7, 2)], [5]),
    ]
    # Each sits out at the phantom's table, wherever it stands in the standings.
    assert {b.why for d in draws for b in d.byes} == {(Why(Reason.PHANTOM),)}


def test_a_late_entry_fills_mitchells_empty_east_west_seat() -> None:
    pairs = (*field(7), Pair(8, "Late", joins=2))
    draws = [mitchell.pair_round(RoundInput(n, pairs, History())) for n in (1, 2, 3)]
    assert [(tables(d), sitting_out(d)) for d in draws] == [
        ([(1, 2), (3, 4), (5, 6)], [7]),
        ([(1, 8), (3, 2), (5, 4), (7, 6)], []),
        ([(1, 4), (3, 6), (5, 8), (7, 2)], []),
    ]


# Danish ---------------------------------------------------------------------------------------

LAST_ROUND = Draw(1, (Pairing(1, 2), Pairing(3, 4), Pairing(5, 6)))


def test_plain_danish_pairs_down_the_standings_even_into_a_repeat() -> None:
    given = RoundInput(2, field(6), History.of((), (LAST_ROUND,)), ranking=(1, 2, 3, 5, 4, 6))
    draw = danish.pair_round_plain(given)
    assert tables(draw) == [(1, 2), (3, 5), (4, 6)]
    assert draw.pairings[0].why[0].reason == Reason.STANDINGS


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


def test_modified_danish_at_the_foot_moves_the_upper_pair_up() -> None:
    #  standings   plain      modified
    #  1 3         1 v 3      1 v 3
    #  2 4         2 v 4      2 v 5   (5 and 6 met last round and nobody is below them:
    #  5 6         5 v 6      4 v 6    5 moves up a place instead)
    given = RoundInput(2, field(6), History.of((), (LAST_ROUND,)), ranking=(1, 3, 2, 4, 5, 6))
    assert tables(danish.pair_round_plain(given)) == [(1, 3), (2, 4), (5, 6)]
    assert tables(danish.pair_round(given)) == [(1, 3), (2, 5), (4, 6)]


def test_danish_bye_goes_to_the_lowest_ranked_pair_without_one() -> None:
    history = History.of((Result(1, 5, None),), (Draw(1, (Pairing(1, 2), Pairing(3, 4)), ()),))
    draw = danish.pair_round(RoundInput(2, field(5), history, ranking=(1, 3, 2, 4, 5)))
    assert sitting_out(draw) == [4] and tables(draw) == [(1, 3), (2, 5)]
    assert draw.byes[0].why[0].reason == Reason.BYE


def test_danish_leaves_out_a_withdrawn_pair_and_puts_a_late_entry_last() -> None:
    pairs = field(5, p2={"withdrawn_after": 1}, p5={"joins": 2})
    first = danish.pair_round(RoundInput(1, pairs, History()))
    assert tables(first) == [(1, 2), (3, 4)] and sitting_out(first) == []  # 5 not yet here
    history = History.of(
        (Result(1, 1, 2, 900, 100), Result(1, 3, 4, 100, 900)),
        (first,),
    )
    second = danish.pair_round(RoundInput(2, pairs, history, ranking=(1, 4, 3, 2)))
    #  2 withdrew; 5 is not in the standings yet, so it comes last.
    assert tables(second) == [(1, 4), (3, 5)] and sitting_out(second) == []


# Knockout -------------------------------------------------------------------------------------


def test_the_seeded_bracket_keeps_the_top_two_apart_until_the_final() -> None:
    assert knockout.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert knockout.seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert knockout.bracket([11, 12, 13]) == [(11, None), (12, 13)]
    assert [knockout.rounds_needed(n) for n in (2, 3, 4, 5, 8, 9, 16)] == [1, 2, 2, 3, 3, 4, 4]


def test_a_knockout_of_eight_is_seeded_one_against_eight() -> None:
    draw = knockout.pair_round(RoundInput(1, field(8), History()))
    assert tables(draw) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert all(m.why[0].reason == Reason.BRACKET for m in draw.pairings)


def test_a_knockout_of_six_gives_byes_to_the_top_two_seeds() -> None:
    draw = knockout.pair_round(RoundInput(1, field(6), History()))
    assert tables(draw) == [(4, 5), (3, 6)] and sitting_out(draw) == [1, 2]
    assert all(b.why[0].reason == Reason.BRACKET_BYE for b in draw.byes)


def test_unseeded_pairs_come_after_the_seeded_ones_in_field_order() -> None:
    pairs = (Pair(1, "A"), Pair(2, "B", seed=2), Pair(3, "C"), Pair(4, "D", seed=1))
    assert tables(knockout.pair_round(RoundInput(1, pairs, History()))) == [(4, 3), (2, 1)]


WINNERS_ROUND_1 = (
    Result(1, 1, 8, 900, 100),
    Result(1, 4, 5, 500, 500, winner=5),  # tied: 5 won the extra hand
    Result(1, 2, 7, 100, 900),
    Result(1, 3, 6, 800, 700),
)


def test_winners_advance_in_bracket_order_and_a_tie_needs_its_extra_hand() -> None:
    first = knockout.pair_round(RoundInput(1, field(8), History()))
    second = knockout.pair_round(RoundInput(2, field(8), History.of(WINNERS_ROUND_1, (first,))))
    assert tables(second) == [(1, 5), (7, 3)]
    tied = (*WINNERS_ROUND_1[:1], Result(1, 4, 5, 500, 500), *WINNERS_ROUND_1[2:])
    with pytest.raises(ValueError, match="no winner"):
        knockout.pair_round(RoundInput(2, field(8), History.of(tied, (first,))))
    with pytest.raises(ValueError, match="no winner"):  # a match without a result yet
        knockout.pair_round(RoundInput(2, field(8), History.of(WINNERS_ROUND_1[1:], (first,))))
    with pytest.raises(ValueError, match="not been drawn"):
        knockout.pair_round(RoundInput(2, field(8), History()))


def test_the_final_round_adds_a_third_place_match() -> None:
    first = knockout.pair_round(RoundInput(1, field(4), History(), third_place=True))
    results = (Result(1, 1, 4, 900, 100), Result(1, 2, 3, 100, 900))
    final = knockout.pair_round(
        RoundInput(2, field(4), History.of(results, (first,)), third_place=True)
    )
    assert tables(final) == [(1, 3), (4, 2)]  # the final, then the semi-final losers
    done = History.of((*results, Result(2, 1, 3, 900, 0), Result(2, 4, 2, 0, 900)), (first, final))
    with pytest.raises(DrawRefused, match="over"):
        knockout.pair_round(RoundInput(3, field(4), done, third_place=True))


def test_a_withdrawn_winner_gives_its_next_opponent_a_walkover() -> None:
    pairs = field(8, p1={"withdrawn_after": 1})
    first = knockout.pair_round(RoundInput(1, pairs, History()))
    second = knockout.pair_round(RoundInput(2, pairs, History.of(WINNERS_ROUND_1, (first,))))
    assert tables(second) == [(7, 3)] and sitting_out(second) == [5]
    assert second.byes[0].why[0].reason == Reason.BRACKET_BYE


def test_a_knockout_of_the_top_four_after_a_swiss() -> None:
    given = RoundInput(6, field(10), History(), ranking=(7, 3, 9, 1, 2), phase_start=6, top=4)
    assert tables(knockout.pair_round(given)) == [(7, 1), (3, 9)]


def test_a_knockout_after_other_rounds_seeds_by_the_standings() -> None:
    given = RoundInput(4, field(4), History(), ranking=(3, 1, 4, 2), phase_start=4)
    assert tables(knockout.pair_round(given)) == [(3, 2), (1, 4)]


def test_a_plan_plays_its_phases_in_order_and_a_knockout_comes_last() -> None:
    plan = plan_of([Phase("swiss", 5), Phase("knockout")], knockout_top=4)
    assert plan.round_formats == ("swiss",) * 5 + ("knockout",) * 2 and plan.rounds == 7
    for phases in (
        [Phase("knockout", 3), Phase("swiss", 2)],
        [Phase("swiss", 2), Phase("knockout", 2), Phase("swiss", 1)],
    ):
        with pytest.raises(DrawRefused, match="a knockout comes last"):
            plan_of(phases)


def test_mitchell_seats_a_clubs_pairs_in_one_direction_so_they_never_meet() -> None:
    # Listed club-mates side by side, as a CSV often has them: alternately they would meet at
    # every table of round 1. One direction each, they meet nowhere in the whole movement.
    clubs = ["Rome", "Rome", "Nice", "Nice", "Oslo", "Oslo", "", ""]
    field = tuple(Pair(i, f"P{i}", club=c) for i, c in enumerate(clubs, 1))
    club = {p.id: p.club for p in field}
    draws: list[Draw] = []
    for number in range(1, mitchell.rounds_possible(8) + 1):
        draws.append(mitchell.pair_round(RoundInput(number, field, History.of((), tuple(draws)))))
    meetings = [(m.ns, m.ew) for d in draws for m in d.pairings]
    assert len(meetings) == 4 * 3 and len(set(map(frozenset, meetings))) == 12  # no repeat
    assert not [m for m in meetings if club[m[0]] and club[m[0]] == club[m[1]]]
    assert not any(Why(Reason.SAME_CLUB) in m.why for d in draws for m in d.pairings)


def test_mitchell_flags_a_club_too_big_for_one_direction() -> None:
    field = tuple(Pair(i, f"P{i}", club="Rome" if i <= 5 else "") for i in range(1, 9))
    draw = mitchell.pair_round(RoundInput(1, field, History()))
    flagged = [m for m in draw.pairings if Why(Reason.SAME_CLUB) in m.why]
    assert len(flagged) == 1  # 5 pairs of Rome, 4 seats a direction: one meeting, said so
    assert {flagged[0].ns, flagged[0].ew} <= {1, 2, 3, 4, 5}


def test_mitchell_without_clubs_seats_the_pairs_as_listed() -> None:
    field = tuple(Pair(i, f"P{i}") for i in range(1, 8))
    assert mitchell.arranged(field, 1) == field
