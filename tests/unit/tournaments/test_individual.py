"""Individual events: the engine re-forms partnerships every round (engine.individual, the
movements of engine.movements), checked by the simulator over many random fields, and players'
standings worked by hand."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import check_plan
from tournaments.engine.individual import Together
from tournaments.engine.individual_simulator import least_repeats, simulate
from tournaments.engine.movements import SIZES, pair_round, rounds_of, seat_round
from tournaments.engine.points import PointsMethod, Scoring
from tournaments.engine.standings import rank
from tournaments.engine.types import Draw, History, Pair, Pairing, Reason, Result, RoundInput

FIELDS = [(players, seed) for seed, players in enumerate([4, 5, 6, 7, 8, 9, 10, 11, 12, 13])]
FIELDS += [(random.Random(seed).randrange(4, 121), seed) for seed in range(100, 140)]


@pytest.mark.parametrize(("players", "seed"), FIELDS)
def test_random_fields_seat_everyone_and_repeat_partners_only_where_unavoidable(
    players: int, seed: int
) -> None:
    rounds = random.Random(seed).randrange(1, min(players - 1, 12) + 1)
    counts = simulate(players, rounds, seed)  # raises DrawFault on a broken promise
    assert counts.partner_repeats == counts.fewest_repeats
    sat = [counts.sit_outs[p] for p in range(1, players + 1)]
    assert sum(sat) == rounds * (players % 4)
    assert max(sat) - min(sat) <= 1  # the fewest sit-outs sit out first
    print(  # the counts, reported (pytest -s)
        f"{players} players, {rounds} rounds: partners again {counts.partner_repeats} "
        f"(unavoidable {counts.fewest_repeats}), opponents again {counts.opponent_repeats}, "
        f"fewest partners {counts.fewest_partners()}, fewest opponents {counts.fewest_opponents()}"
    )


@pytest.mark.parametrize("seed", range(30))
def test_long_events_with_withdrawals_and_late_entries_repeat_no_more_than_they_must(
    seed: int,
) -> None:
    """Small fields played far past their partners (5 to 13 players, up to 20 rounds), players
    leaving and joining: a round that must repeat partners repeats as few as any seating could
    (a partnership seen twice counts as one repeat, as one seen once does)."""
    rng = random.Random(seed)
    counts = simulate(rng.randrange(5, 14), rng.randrange(6, 21), seed, churn=0.3)
    assert counts.partner_repeats == counts.fewest_repeats


@pytest.mark.parametrize(("players", "rounds", "most"), [(4, 6, 2), (8, 14, 3), (12, 22, 3)])
def test_once_partners_must_repeat_the_repeats_are_spread(
    players: int, rounds: int, most: int
) -> None:
    """Past every partner once, the least-often partnerships come round again first: eight
    players over 14 rounds partner each other three times at most (the draw once let the sides'
    step undo that, and a few partnerships came back seven times)."""
    from tournaments.engine.individual import Together

    for seed in range(5):
        counts = simulate(players, rounds, seed)
        assert counts.partner_repeats == counts.fewest_repeats
        together = Together.of(counts.history)
        assert max(together.partners.values()) <= most, (seed, together.partners.most_common(3))


def test_a_large_field_matched_first_in_windows_still_avoids_every_repeat(monkeypatch) -> None:
    """The standings window (individual.WINDOW) is only a first try: where it leaves a repeat
    or a rematch, the whole field is matched again."""
    from tournaments.engine import individual

    monkeypatch.setattr(individual, "WINDOW", 3)
    counts = simulate(24, 12, seed=11)
    assert counts.partner_repeats == counts.fewest_repeats == 0


@pytest.mark.parametrize("players", [8, 12, 16, 20, 24])
def test_while_partners_remain_nobody_partners_twice(players: int) -> None:
    """A field of a multiple of four playing fewer rounds than it has other players: every
    player has a new partner every round (the Swiss-like draw finds a seating each round)."""
    counts = simulate(players, min(players - 1, 9), seed=players)
    assert counts.partner_repeats == 0
    assert counts.fewest_partners() == min(players - 1, 9)


def test_the_fewest_repeats_are_counted_apart_from_the_engine() -> None:
    """Four players who have each partnered two of the others: one seating is left (A-D, B-C),
    and when it too is taken, every seating repeats two partnerships."""
    a, b, c, d = 1, 2, 3, 4
    draws = (
        Draw(1, (Pairing(a, c, ns_with=b, ew_with=d),)),
        Draw(2, (Pairing(a, b, ns_with=c, ew_with=d),)),
    )
    together = Together.of(History.of((), draws))
    assert least_repeats([a, b, c, d], together) == 0
    third = Draw(3, (Pairing(a, b, ns_with=d, ew_with=c),))
    assert least_repeats([a, b, c, d], Together.of(History.of((), (*draws, third)))) == 2


@pytest.mark.parametrize("players", SIZES)
def test_a_published_movement_partners_everyone_once_and_opposes_them_twice(players: int) -> None:
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    assert rounds_of(players) == players - 1
    for index in range(players - 1):
        tables = seat_round(players, index)
        seated = [seat for north, east in tables for seat in (*north, *east)]
        assert sorted(seated) == list(range(players))
        for north, east in tables:
            partners.update([frozenset(north), frozenset(east)])
            opponents.update(frozenset((x, y)) for x in north for y in east)
    every = {frozenset(two) for two in combinations(range(players), 2)}
    assert set(partners) == every and set(partners.values()) == {1}
    assert set(opponents) == every and set(opponents.values()) == {2}


def test_a_movement_keeps_each_players_seat_and_says_why() -> None:
    field = tuple(Pair(i, f"P{i}", seed=i) for i in range(1, 13))
    counts = simulate(12, 11, seed=5, fmt="individual_movement")
    assert counts.partner_repeats == 0 and counts.fewest_partners() == 11
    first = pair_round(RoundInput(1, field, History()))
    assert [t.why[0].reason for t in first.pairings] == [Reason.MOVEMENT] * 3
    assert first.pairings[0].why[0].values == (12,)
    assert {w.reason for w in first.pairings[0].why[1:]} == {
        Reason.NEW_PARTNERS,
        Reason.NEW_OPPONENTS,
    }


@pytest.mark.parametrize("seeded", [True, False])
def test_a_movement_seats_each_player_at_the_same_seat_number_every_round(seeded: bool) -> None:
    """Round r is round 1 with r − 1 added to every seat but the fixed one: the player at
    a seat stays the same, whatever order the field is listed in."""
    field = tuple(Pair(i, f"P{i}", seed=13 - i) for i in range(1, 13))
    draws: list[Draw] = []
    seat_of: dict[int, int] = {}
    for number in range(1, 12):
        listed = field if number % 2 else tuple(reversed(field))
        draw = pair_round(
            RoundInput(number, listed, History.of((), tuple(draws)), seeded=seeded, seed=3)
        )
        layout = seat_round(12, number - 1)
        for table, (north, east) in zip(draw.pairings, layout, strict=True):
            for player, seat in zip(table.players(), (*north, *east), strict=True):
                assert seat_of.setdefault(player, seat) == seat
        draws.append(draw)
    if seeded:  # seed order: the top seed (player 12) at seat 0
        assert seat_of[12] == 0 and seat_of[1] == 11


def test_a_movement_whose_field_changed_draws_swiss_like_and_says_so() -> None:
    from dataclasses import replace

    field = tuple(Pair(i, f"P{i}") for i in range(1, 13))
    first = pair_round(RoundInput(1, field, History()))
    withdrawn = (replace(field[0], withdrawn_after=1), *field[1:])
    second = pair_round(RoundInput(2, withdrawn, History.of((), (first,))))
    assert all(t.why[0].reason == Reason.MOVEMENT_LEFT for t in second.pairings)
    assert len(second.pairings) == 2 and len(second.byes) == 3  # eleven players: three out
    assert 1 not in second.seated()


def test_a_movement_refuses_a_field_it_was_not_published_for_and_a_round_past_its_end() -> None:
    ten = tuple(Pair(i, f"P{i}") for i in range(1, 11))
    with pytest.raises(DrawRefused) as refused:
        pair_round(RoundInput(1, ten, History()))
    assert refused.value.values == {"players": 10}
    eight = tuple(Pair(i, f"P{i}") for i in range(1, 9))
    with pytest.raises(DrawRefused):
        pair_round(RoundInput(8, eight, History()))


def test_an_individual_plan_plays_one_individual_format() -> None:
    check_plan("individual", (), 5)
    with pytest.raises(DrawRefused):
        check_plan("individual", ("individual", "swiss"), 2)
    with pytest.raises(DrawRefused):
        check_plan("swiss", ("swiss", "individual"), 2)


def test_round_one_spreads_the_seeds_and_partners_each_with_the_last_quarter() -> None:
    field = tuple(Pair(i, f"P{i}", seed=i) for i in range(1, 9))
    from tournaments.engine.individual import pair_round as individual_round

    draw = individual_round(RoundInput(1, field, History(), seeded=True))
    tables = [(t.ns, t.ns_with, t.ew, t.ew_with) for t in draw.pairings]
    assert tables == [(1, 7, 3, 5), (2, 8, 4, 6)]
    assert [w.reason for w in draw.pairings[0].why] == [
        Reason.SEEDED,
        Reason.NEW_PARTNERS,
        Reason.NEW_OPPONENTS,
    ]


def test_players_standings_worked_by_hand() -> None:
    """Round 1: Ann & Ben 600 – 400 Cid & Dot. Round 2: Ann & Cid 500 – 500 Ben & Dot.
    Win 2, draw 1: Ann 3, Ben 3, Cid 1, Dot 1. Ann's opponents: Cid, Dot, then Ben, Dot
    (Buchholz 1 + 1 + 3 + 1 = 6); her partners Ben and Cid (3 + 1 = 4): opponents less partners
    6 / 2 − 4 = −1. Ben's: Cid, Dot, Ann, Cid (1 + 1 + 3 + 1 = 6), partners Ann and Dot (4):
    −1 too. Cid's: Ann, Ben, Ben, Dot (3 + 3 + 3 + 1 = 10), partners Dot and Ann (4): 1; Dot
    the same, and the same margin: they share third place."""
    ann, ben, cid, dot = (Pair(i, name) for i, name in enumerate(["Ann", "Ben", "Cid", "Dot"], 1))
    results = [
        Result(1, ann.id, cid.id, 600, 400, ns_with=ben.id, ew_with=dot.id),
        Result(2, ann.id, ben.id, 500, 500, ns_with=cid.id, ew_with=dot.id),
    ]
    table = rank(
        (ann, ben, cid, dot),
        results,
        Scoring(method=PointsMethod.WDL),
        ("tp", "opp_less_partners", "margin"),
    )
    got = {
        s.pair: (s.rank, s.metric("tp"), s.metric("buchholz"), s.metric("opp_less_partners"))
        for s in table
    }
    assert got == {1: (1, 3, 6, -1), 2: (1, 3, 6, -1), 3: (3, 1, 10, 1), 4: (3, 1, 10, 1)}
    assert {s.pair: s.metric("margin") for s in table} == {1: 200, 2: 200, 3: -200, 4: -200}
    assert {s.pair: s.metric("wins") for s in table} == {1: 1, 2: 1, 3: 0, 4: 0}


def test_a_sitting_out_player_and_a_forfeiting_side_score_alone() -> None:
    """Five players: Eve sits out (a fixed win); Cid & Dot forfeit to Ann & Ben."""
    from tournaments.engine.types import Outcome

    people = tuple(Pair(i, n) for i, n in enumerate(["Ann", "Ben", "Cid", "Dot", "Eve"], 1))
    results = [
        Result(1, 1, 3, 0, 0, Outcome.FORFEIT, winner=1, ns_with=2, ew_with=4),
        Result(1, 5, None, outcome=Outcome.BYE),
    ]
    table = rank(people, results, Scoring(method=PointsMethod.WDL), ("tp",))
    assert {s.pair: s.metric("tp") for s in table} == {1: 2, 2: 2, 3: 0, 4: 0, 5: 2}
    assert {s.pair: s.metric("wins") for s in table} == {1: 1, 2: 1, 3: 0, 4: 0, 5: 1}


def test_a_seeded_first_round_of_unseeded_players_is_drawn_at_random() -> None:
    """Nobody has a seed: "by seed" would seat them in the order they were typed in."""
    from tournaments.engine.individual import pair_round as individual_round

    field = tuple(Pair(i, f"P{i}") for i in range(1, 13))
    draws = {
        seed: individual_round(RoundInput(1, field, History(), seeded=True, seed=seed))
        for seed in (1, 2)
    }
    assert all(t.why[0].reason == Reason.RANDOM for d in draws.values() for t in d.pairings)
    assert draws[1].pairings != draws[2].pairings
