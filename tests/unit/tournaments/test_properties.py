"""Round robin, Mitchell, Danish and knockout over hundreds of random events (hypothesis): every
round seats each pair that plays exactly once, and each format keeps its own promise, with
random results, late entries and withdrawals."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import scaled
from tournaments.engine import danish, knockout, mitchell, roundrobin
from tournaments.engine.errors import DrawRefused
from tournaments.engine.points import Scoring
from tournaments.engine.standings import rank
from tournaments.engine.types import Draw, History, Pair, Result, RoundInput

SIZES = st.integers(2, 40)
SEEDS = st.integers(0, 10**6)
THIRD_PLACE_SLOT = 10**6  # knockout's slot for the third-place match


def field(n: int) -> tuple[Pair, ...]:
    return tuple(Pair(i, f"P{i}", seed=i) for i in range(1, n + 1))


def comings_and_goings(
    pairs: tuple[Pair, ...], rounds: int, rng: random.Random
) -> tuple[Pair, ...]:
    """About one pair in eight joins late, and one in eight withdraws."""
    changed = []
    for p in pairs:
        if rounds > 1 and rng.random() < 0.125:
            p = replace(p, joins=rng.randint(2, rounds))
        if rng.random() < 0.125:
            p = replace(p, withdrawn_after=rng.randint(p.joins, rounds))
        changed.append(p)
    return tuple(changed)


def playing(pairs: tuple[Pair, ...], number: int) -> list[int]:
    return [p.id for p in pairs if p.plays(number)]


def seated_once(draw: Draw, pairs: tuple[Pair, ...]) -> None:
    assert sorted(draw.seated()) == sorted(playing(pairs, draw.round))
    assert all(m.ns != m.ew for m in draw.pairings)


def play(draw: Draw, rng: random.Random, winner_needed: bool = False) -> list[Result]:
    out = []
    for m in draw.pairings:
        a, b = rng.randrange(0, 20) * 100, rng.randrange(0, 20) * 100
        tie_winner = rng.choice([m.ns, m.ew]) if winner_needed and a == b else None
        out.append(Result(draw.round, m.ns, m.ew, a, b, winner=tie_winner))
    return out + [Result(draw.round, b.pair, None) for b in draw.byes]


def loser(r: Result) -> int:
    return r.ns if r.won_by() == r.ew or r.ew is None else r.ew


# Round robin ---------------------------------------------------------------------------------


@settings(max_examples=scaled(150), deadline=None)
@given(SIZES, st.integers(1, 2))
def test_round_robin_is_complete_with_one_bye_each_per_leg(n: int, legs: int) -> None:
    pairs = field(n)
    per_leg = roundrobin.rounds_needed(n)
    for leg in range(legs):
        met: list[frozenset[int]] = []
        byes: list[int] = []
        sides: Counter[tuple[int, str]] = Counter()
        for k in range(per_leg):
            number = leg * per_leg + k + 1
            draw = roundrobin.pair_round(RoundInput(number, pairs, History(), legs=legs))
            seated_once(draw, pairs)
            met += [frozenset((m.ns, m.ew)) for m in draw.pairings]
            byes += [b.pair for b in draw.byes]
            sides.update(
                [(m.ns, "NS") for m in draw.pairings] + [(m.ew, "EW") for m in draw.pairings]
            )
        assert len(met) == len(set(met)) == n * (n - 1) // 2  # everyone met everyone once
        assert sorted(byes) == ([p.id for p in pairs] if n % 2 else [])  # one bye each if odd
        assert all(abs(sides[p, "NS"] - sides[p, "EW"]) <= 1 for p in range(1, n + 1))
    with pytest.raises(DrawRefused, match="schedule ends"):
        roundrobin.pair_round(RoundInput(legs * per_leg + 1, pairs, History(), legs=legs))


def places_run_out(pairs: tuple[Pair, ...], number: int) -> bool:
    """Whether some round up to ``number`` has more pairs playing than the schedule has places."""
    places = len(playing(pairs, 1)) + len(playing(pairs, 1)) % 2
    return any(len(playing(pairs, r)) > places for r in range(1, number + 1))


@settings(max_examples=scaled(150), deadline=None)
@given(SIZES, SEEDS, st.booleans())
def test_late_entries_and_withdrawals_keep_the_schedule(
    n: int, seed: int, use_mitchell: bool
) -> None:
    """A late entry plays in an empty place, or is refused where no place is free; a withdrawn
    pair's opponents sit out; nobody meets twice."""
    rng = random.Random(seed)
    format_, length = (
        (mitchell.pair_round, mitchell.rounds_possible)
        if use_mitchell
        else (roundrobin.pair_round, roundrobin.rounds_needed)
    )
    pairs = comings_and_goings(field(n), length(n), rng)
    rounds = length(len(playing(pairs, 1)))  # the schedule is fixed by the pairs of round 1
    met: list[frozenset[int]] = []
    for number in range(1, rounds + 1):
        if places_run_out(pairs, number):
            with pytest.raises(DrawRefused, match="no place in it is free"):
                format_(RoundInput(number, pairs, History()))
            return
        draw = format_(RoundInput(number, pairs, History()))
        seated_once(draw, pairs)
        met += [frozenset((m.ns, m.ew)) for m in draw.pairings]
    assert len(met) == len(set(met))


# Mitchell ------------------------------------------------------------------------------------


@settings(max_examples=scaled(150), deadline=None)
@given(SIZES)
def test_mitchell_keeps_north_south_and_never_repeats(n: int) -> None:
    pairs = field(n)
    north_south = [p.id for p in pairs[0::2]]
    met: list[frozenset[int]] = []
    byes: list[int] = []
    rounds = mitchell.rounds_possible(n)
    for number in range(1, rounds + 1):
        draw = mitchell.pair_round(RoundInput(number, pairs, History()))
        seated_once(draw, pairs)
        assert all(m.ns in north_south and m.ew not in north_south for m in draw.pairings)
        assert all(m.table == north_south.index(m.ns) + 1 for m in draw.pairings)  # its own
        met += [frozenset((m.ns, m.ew)) for m in draw.pairings]
        byes += [b.pair for b in draw.byes]
    assert len(met) == len(set(met))  # no repeat within rounds_possible
    assert len(byes) == (rounds if n % 2 else 0) and len(set(byes)) == len(byes)
    tables = (n + 1) // 2
    assert rounds == (tables - 1 if tables % 2 == 0 else tables) or tables == 1


# Danish ---------------------------------------------------------------------------------------


@settings(max_examples=scaled(150), deadline=None)
@given(SIZES, st.integers(1, 8), SEEDS, st.booleans())
def test_modified_danish_never_repeats_last_rounds_match_with_four_pairs_at_the_tables(
    n: int, rounds: int, seed: int, changes: bool
) -> None:
    """The guarantee (danish.py): with four or more pairs at the tables, no pairing repeats the
    previous round's match; with two, only where plain Danish repeats too. The bye goes to a pair
    without one whenever any pair playing has none."""
    rng = random.Random(seed)
    pairs = comings_and_goings(field(n), rounds, rng) if changes else field(n)
    results: list[Result] = []
    draws: list[Draw] = []
    for number in range(1, rounds + 1):
        history = History.of(tuple(results), tuple(draws))
        ranking = tuple(s.pair for s in rank(pairs, results, Scoring()))
        given_round = RoundInput(number, pairs, history, ranking)
        draw, plain = danish.pair_round(given_round), danish.pair_round_plain(given_round)
        seated_once(draw, pairs)
        seated_once(plain, pairs)
        repeats = [m for m in draw.pairings if history.last_opponent(m.ns) == m.ew]
        if len(draw.pairings) >= 2:
            assert not repeats
        else:
            assert len(repeats) <= sum(history.last_opponent(m.ns) == m.ew for m in plain.pairings)
        here = set(playing(pairs, number))
        if draw.byes and here - history.had_bye:
            assert draw.byes[0].pair not in history.had_bye
        draws.append(draw)
        results += play(draw, rng)


# Knockout -------------------------------------------------------------------------------------


@settings(max_examples=scaled(150), deadline=None)
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
        main = [m for m in draw.pairings if m.why[0].values[0] != THIRD_PLACE_SLOT]
        in_play = [p for m in main for p in (m.ns, m.ew)] + [b.pair for b in draw.byes]
        assert sorted(in_play) == sorted(alive)  # exactly the pairs still in, each once
        assert not draw.byes or number == 1  # byes only in the first round, to the top seeds
        assert sorted(b.pair for b in draw.byes) == list(range(1, len(draw.byes) + 1))
        played = play(draw, rng, winner_needed=True)
        for r in played:
            if r.ew is not None and any({r.ns, r.ew} == {m.ns, m.ew} for m in main):
                alive.discard(loser(r))  # the loser is out
        draws.append(draw)
        results += played
    final = draws[-1]
    assert len(alive) == 1 and len(final.pairings) == (2 if third and n >= 4 else 1)
    assert not final.byes
    with pytest.raises(DrawRefused, match="over"):  # one champion after rounds_needed rounds
        knockout.pair_round(
            RoundInput(len(draws) + 1, pairs, History.of(tuple(results), tuple(draws)))
        )


@settings(max_examples=scaled(100), deadline=None)
@given(st.integers(2, 40), SEEDS)
def test_withdrawn_pairs_give_walkovers_and_the_knockout_still_ends(n: int, seed: int) -> None:
    rng = random.Random(seed)
    pairs = tuple(
        replace(p, withdrawn_after=rng.randint(1, 5)) if rng.random() < 0.2 else p for p in field(n)
    )
    alive = set(playing(pairs, 1))
    results: list[Result] = []
    draws: list[Draw] = []
    for number in range(1, 40):
        alive &= set(playing(pairs, number))
        history = History.of(tuple(results), tuple(draws))
        if len(alive) < 2:
            if alive and draws and not knockout.final_drawn(draws[-1]):
                # The others withdrew before the final: the last pair wins it unplayed.
                draw = knockout.pair_round(RoundInput(number, pairs, history))
                assert not draw.pairings and [b.pair for b in draw.byes] == sorted(alive)
                assert knockout.final_drawn(draw)
                draws.append(draw)
                number += 1
                history = History.of(tuple(results), tuple(draws))
            with pytest.raises(DrawRefused, match=r"over|two pairs|no pair is left"):
                knockout.pair_round(RoundInput(number, pairs, history))
            break
        draw = knockout.pair_round(RoundInput(number, pairs, history))
        assert draw.pairings  # a round of nothing but walkovers is skipped
        assert sorted(draw.seated()) == sorted(alive)
        played = play(draw, rng, winner_needed=True)
        alive -= {loser(r) for r in played if r.ew is not None}
        draws.append(draw)
        results += played
    assert len(draws) <= knockout.rounds_needed(n)
    levels = [knockout.level_of(d, i) for i, d in enumerate(draws)]
    assert levels == sorted(set(levels))  # a round of walkovers skipped: its level too
    if draws and knockout.final_drawn(draws[-1]):
        assert levels[-1] == knockout.rounds_needed(n) - 1  # the final in the final's column
