"""Round robin, Mitchell, Danish and knockout over hundreds of random events (hypothesis):
every round seats each pair that plays exactly once, and each format keeps its own promise."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine import danish, knockout, mitchell, roundrobin
from tournaments.engine.model import Draw, History, Pair, Result, RoundInput
from tournaments.engine.points import Scoring
from tournaments.engine.standings import rank

SIZES = st.integers(2, 40)
SEEDS = st.integers(0, 10**6)


def field(n: int) -> tuple[Pair, ...]:
    return tuple(Pair(i, f"P{i}", seed=i) for i in range(1, n + 1))


def seated_once(draw: Draw, pairs: tuple[Pair, ...]) -> None:
    seated = draw.seated()
    assert sorted(seated) == sorted(p.id for p in pairs if p.plays(draw.round))


def play(draw: Draw, rng: random.Random, winner_needed: bool = False) -> list[Result]:
    out = []
    for m in draw.pairings:
        a, b = rng.randrange(0, 20) * 100, rng.randrange(0, 20) * 100
        tie_winner = rng.choice([m.ns, m.ew]) if winner_needed and a == b else None
        out.append(Result(draw.round, m.ns, m.ew, a, b, winner=tie_winner))
    return out + [Result(draw.round, b.pair, None) for b in draw.byes]


@settings(max_examples=150, deadline=None)
@given(SIZES, st.integers(1, 2))
def test_round_robin_is_complete_with_one_bye_each_per_leg(n: int, legs: int) -> None:
    pairs = field(n)
    per_leg = roundrobin.rounds_needed(n)
    for leg in range(legs):
        met: list[frozenset[int]] = []
        byes: list[int] = []
        for k in range(per_leg):
            draw = roundrobin.pair_round(
                RoundInput(leg * per_leg + k + 1, pairs, History(), legs=legs)
            )
            seated_once(draw, pairs)
            met += [frozenset((m.ns, m.ew)) for m in draw.pairings]
            byes += [b.pair for b in draw.byes]
        assert len(met) == len(set(met)) == n * (n - 1) // 2  # everyone met everyone once
        assert sorted(byes) == ([p.id for p in pairs] if n % 2 else [])


@settings(max_examples=150, deadline=None)
@given(SIZES)
def test_mitchell_keeps_north_south_and_never_repeats(n: int) -> None:
    pairs = field(n)
    north_south = {p.id for p in pairs[0::2]}
    met: list[frozenset[int]] = []
    for number in range(1, mitchell.rounds_possible(n) + 1):
        draw = mitchell.pair_round(RoundInput(number, pairs, History()))
        seated_once(draw, pairs)
        assert all(m.ns in north_south and m.ew not in north_south for m in draw.pairings)
        assert all(m.table == (sorted(north_south).index(m.ns) + 1) for m in draw.pairings)
        met += [frozenset((m.ns, m.ew)) for m in draw.pairings]
    assert len(met) == len(set(met))


@settings(max_examples=150, deadline=None)
@given(SIZES, st.integers(1, 8), SEEDS)
def test_modified_danish_repeats_last_rounds_match_no_more_than_plain(
    n: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    pairs = field(n)
    results: list[Result] = []
    draws: list[Draw] = []
    byes: list[int] = []
    for number in range(1, rounds + 1):
        history = History.of(tuple(results), tuple(draws))
        ranking = tuple(s.pair for s in rank(pairs, results, Scoring()))
        given_round = RoundInput(number, pairs, history, ranking)
        draw, plain = danish.pair_round(given_round), danish.pair_round_plain(given_round)
        seated_once(draw, pairs)
        repeats = sum(history.last_opponent(m.ns) == m.ew for m in draw.pairings)
        assert repeats <= sum(history.last_opponent(m.ns) == m.ew for m in plain.pairings)
        if n >= 6:
            assert repeats <= 1  # at most at the foot of the standings
        byes += [b.pair for b in draw.byes]
        if len(byes) <= n:
            assert len(byes) == len(set(byes))  # one bye each while someone has none
        draws.append(draw)
        results += play(draw, rng)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 40), SEEDS, st.booleans())
def test_a_knockout_bracket_is_consistent(n: int, seed: int, third: bool) -> None:
    rng = random.Random(seed)
    pairs = field(n)
    alive = {p.id for p in pairs}
    results: list[Result] = []
    draws: list[Draw] = []
    for number in range(1, knockout.rounds_needed(n) + 1):
        history = History.of(tuple(results), tuple(draws))
        draw = knockout.pair_round(RoundInput(number, pairs, history, third_place=third))
        main = [m for m in draw.pairings if m.why[0].values[0] < 10**6]
        in_play = {p for m in main for p in (m.ns, m.ew)} | {b.pair for b in draw.byes}
        assert in_play == alive  # exactly the pairs still in, each once
        played = play(draw, rng, winner_needed=True)
        bracket_tables = {frozenset((m.ns, m.ew)) for m in main}  # not the third-place match
        for r in played:
            if r.ew is not None and frozenset(r.pairs()) in bracket_tables:
                alive.discard(r.opponent(r.won_by()))
        draws.append(draw)
        results += played
    assert len(alive) == 1  # one champion after rounds_needed rounds
