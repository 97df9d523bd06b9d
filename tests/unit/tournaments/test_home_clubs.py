"""A club's pairs kept apart in the event's first round (engine/home_clubs.py): by seed, at random and
in Danish list order; a meeting no seating avoids is flagged; a schedule flags its own."""

from __future__ import annotations

import random

import pytest

from tournaments.engine import danish, mitchell, swiss
from tournaments.engine.types import Draw, History, Pair, Reason, RoundInput, Why

CLUB = "Circolo"


def field(n: int, clubs: dict[int, str]) -> tuple[Pair, ...]:
    return tuple(Pair(i, f"P{i}", club=clubs.get(i, ""), seed=i) for i in range(1, n + 1))


def tables(draw: Draw) -> list[tuple[int, int]]:
    return [(m.ns, m.ew) for m in draw.pairings]


def reasons(draw: Draw) -> dict[tuple[int, int], set[Reason]]:
    return {(m.ns, m.ew): {w.reason for w in m.why} for m in draw.pairings}


def clashes(draw: Draw, clubs: dict[int, str]) -> int:
    return sum(1 for a, b in tables(draw) if clubs.get(a) and clubs.get(a) == clubs.get(b))


def test_two_pairs_of_one_club_seeded_1_and_7_of_12_do_not_meet_in_round_1() -> None:
    clubs = {1: CLUB, 7: CLUB}
    draw = swiss.pair_round(RoundInput(1, field(12, clubs), History()))
    # Seeded: 1 v 7, 2 v 8 ... The nearest draw without the clash swaps 7 and 8.
    assert tables(draw) == [(1, 8), (2, 7), (3, 9), (4, 10), (5, 11), (6, 12)]
    assert reasons(draw)[(1, 8)] == {Reason.SEEDED, Reason.CLUB_AVOIDED}
    assert next(m for m in draw.pairings if m.ns == 1).why[1] == Why(Reason.CLUB_AVOIDED, (7,))
    assert reasons(draw)[(3, 9)] == {Reason.SEEDED}  # untouched tables keep their reason


def test_a_clash_no_seating_avoids_is_flagged() -> None:
    clubs = dict.fromkeys(range(1, 5), CLUB)  # four pairs, one club
    draw = swiss.pair_round(RoundInput(1, field(4, clubs), History()))
    assert tables(draw) == [(1, 3), (2, 4)]  # the seeded draw stands
    assert all(Reason.SAME_CLUB in r for r in reasons(draw).values())


def test_a_random_first_round_keeps_clubs_apart_too() -> None:
    clubs = {1: CLUB, 2: CLUB, 3: CLUB, 4: "Other", 5: "Other"}
    for seed in range(20):
        given = RoundInput(1, field(10, clubs), History(), seed=seed, seeded=False)
        assert clashes(swiss.pair_round(given), clubs) == 0, seed


def test_danish_first_round_in_list_order_keeps_clubs_apart() -> None:
    clubs = {1: CLUB, 2: CLUB}
    draw = danish.pair_round(RoundInput(1, field(6, clubs), History()))
    assert clashes(draw, clubs) == 0
    assert tables(draw) == [(1, 3), (2, 4), (5, 6)]


def test_a_schedule_flags_a_meeting_of_one_club_it_cannot_keep_apart() -> None:
    # Mitchell: a club's pairs sit in one direction, so 1 and 2 never meet; 4 pairs of one club
    # in a 6-pair field (3 seats a direction) must, and the table says so.
    assert not any(
        Reason.SAME_CLUB in why
        for why in reasons(
            mitchell.pair_round(RoundInput(1, field(6, {1: CLUB, 2: CLUB}), History()))
        ).values()
    )
    crowded = {i: CLUB for i in (1, 2, 3, 4)}
    draw = mitchell.pair_round(RoundInput(1, field(6, crowded), History()))
    assert sum(Reason.SAME_CLUB in why for why in reasons(draw).values()) == 1


def fewest_clashes(ids: list[int], clubs: dict[int, str]) -> int:
    """The fewest meetings of one club over every seating of ``ids`` (brute force)."""
    if not ids:
        return 0
    first, rest = ids[0], ids[1:]
    best = len(ids)
    for i, other in enumerate(rest):
        clash = int(bool(clubs.get(first)) and clubs.get(first) == clubs.get(other))
        best = min(best, clash + fewest_clashes(rest[:i] + rest[i + 1 :], clubs))
    return best


@pytest.mark.parametrize("seed", range(60))
def test_round_1_seats_as_few_club_meetings_as_any_seating_does(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    clubs = {i: rng.choice(["A", "B", "C", ""]) for i in range(1, n + 1)}
    draw = swiss.pair_round(RoundInput(1, field(n, clubs), History(), seeded=rng.random() < 0.5))
    assert clashes(draw, clubs) == fewest_clashes(list(range(1, n + 1)), clubs)
    assert sorted(p for t in tables(draw) for p in t) == list(range(1, n + 1))
    flagged = sum(Reason.SAME_CLUB in r for r in reasons(draw).values())
    assert flagged == clashes(draw, clubs)


def test_the_brute_force_counts_what_it_should() -> None:
    assert fewest_clashes([1, 2, 3, 4], dict.fromkeys(range(1, 5), "A")) == 2
    assert fewest_clashes([1, 2, 3, 4], {1: "A", 2: "A"}) == 0
