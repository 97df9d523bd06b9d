"""A season over three events, worked by hand (clubs/ladder.py)."""

from __future__ import annotations

import pytest

from clubs.ladder import EventResult, LadderMethod, Placing, ladder, shared_ranks

# Players 1-8 in four pairs; player 9 partners 7 in the third event (8 stayed home).
TUESDAY = EventResult(
    1,
    4,
    (
        Placing((1, 2), 1, 40),
        Placing((3, 4), 2, 35),
        Placing((5, 6), 3, 25),
        Placing((7, 8), 4, 20),
    ),
)
FRIDAY = EventResult(
    2,
    4,
    (
        Placing((5, 6), 1, 45),
        Placing((1, 2), 2, 30),
        Placing((3, 4), 2, 30),
        Placing((7, 8), 4, 15),
    ),
)
SUNDAY = EventResult(3, 3, (Placing((7, 9), 1, 50), Placing((3, 4), 2, 28), Placing((1, 2), 3, 12)))
SEASON = [TUESDAY, FRIDAY, SUNDAY]


def table(rows):
    return [(r.rank, r.shared, r.player_id, r.total) for r in rows]


def test_by_placing_every_event_counts():
    # Pair 1-2: 4 + 3 (a shared 2nd of 4) + 1 = 8; 3-4: 3 + 3 + 2 = 8; 5-6: 2 + 4 = 6;
    # 7: 1 + 1 + 3 = 5; 8: 1 + 1 = 2; 9: 3.
    assert table(ladder(SEASON, method=LadderMethod.PLACING)) == [
        (1, True, 1, 8),
        (1, True, 2, 8),
        (1, True, 3, 8),
        (1, True, 4, 8),
        (5, True, 5, 6),
        (5, True, 6, 6),
        (7, False, 7, 5),
        (8, False, 9, 3),
        (9, False, 8, 2),
    ]


def test_the_best_two_of_three_count_and_the_dropped_one_is_shown():
    rows = {r.player_id: r for r in ladder(SEASON, method=LadderMethod.PLACING, best=2)}
    # 1-2: best two of 4, 3, 1 = 7; 3-4: best two of 3, 3, 2 = 6; 7: 3 + 1 = 4.
    assert (rows[1].total, rows[3].total, rows[7].total) == (7, 6, 4)
    assert [(c.event_id, c.points, c.counted) for c in rows[1].contributions] == [
        (1, 4, True),
        (2, 3, True),
        (3, 1, False),
    ]
    # Two equal results: the earlier one counts.
    assert [c.counted for c in rows[3].contributions] == [True, True, False]
    assert rows[1].rank == 1 and rows[3].rank == 3 and rows[5].rank == 3


def test_by_event_points_the_pairs_tournament_points_add_up():
    rows = {r.player_id: r for r in ladder(SEASON, method=LadderMethod.EVENT_POINTS)}
    # 1-2: 40 + 30 + 12 = 82; 3-4: 35 + 30 + 28 = 93; 5-6: 70; 7: 20 + 15 + 50 = 85; 9: 50.
    assert [(p, rows[p].total, rows[p].rank) for p in (3, 7, 1, 5, 9, 8)] == [
        (3, 93, 1),
        (7, 85, 3),
        (1, 82, 4),
        (5, 70, 6),
        (9, 50, 8),
        (8, 35, 9),
    ]


def test_a_player_in_two_pairs_of_one_event_counts_once_with_the_better():
    # Player 2's pair withdrew (ranked last, 4th of 4); player 2 played on with player 9 (2nd).
    event = EventResult(
        1,
        4,
        (
            Placing((1, 3), 1, 40),
            Placing((2, 9), 2, 30),
            Placing((4, 5), 3, 20),
            Placing((2, 6), 4, 0),
        ),
    )
    rows = {r.player_id: r for r in ladder([event], method=LadderMethod.PLACING)}
    assert (rows[2].total, rows[2].events, rows[2].rank) == (3, 1, 3)  # below players 1 and 3
    assert [(c.event_id, c.points) for c in rows[2].contributions] == [(1, 3)]
    assert rows[6].total == 1


def test_fractional_points_tie_whatever_order_they_were_added_in():
    first = EventResult(1, 2, (Placing((1,), 1, 0.1), Placing((2,), 2, 0.3)))
    second = EventResult(2, 2, (Placing((1,), 1, 0.2), Placing((2,), 2, 0.0)))
    third = EventResult(3, 2, (Placing((1,), 1, 0.3), Placing((2,), 2, 0.3)))
    rows = ladder([first, second, third], method=LadderMethod.EVENT_POINTS)
    # 0.1 + 0.2 + 0.3 and 0.3 + 0.0 + 0.3 are both 0.6.
    assert [(r.rank, r.shared) for r in rows] == [(1, True), (1, True)]


@pytest.mark.parametrize(
    ("keys", "ranks"),
    [
        ([], []),
        ([5], [(1, False)]),
        ([9, 7, 7, 3], [(1, False), (2, True), (2, True), (4, False)]),
        ([(1, 2), (1, 2), (1, 3)], [(1, True), (1, True), (3, False)]),
        ([4, 4, 4], [(1, True), (1, True), (1, True)]),
    ],
)
def test_equal_keys_share_the_first_ones_rank_and_the_next_counts_them(keys, ranks):
    assert shared_ranks(keys) == ranks
