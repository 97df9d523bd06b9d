"""Swiss and the standings over hundreds of random events (hypothesis): every round seats each
active pair once, plays a rematch only when no pairing avoids one, gives at most one bye each,
and the standings do not depend on the order of their inputs."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import scaled
from tournaments.engine import swiss
from tournaments.engine.points import PointsMethod, Scoring
from tournaments.engine.standings import rank
from tournaments.engine.types import Draw, History, Pair, Result, RoundInput


def rematch_free_exists(pairs: tuple[int, ...], met: frozenset[frozenset[int]]) -> bool:
    """Whether these pairs can all be seated with nobody meeting again (exhaustive: small)."""

    @cache
    def seat(left: tuple[int, ...]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        return any(
            frozenset((first, other)) not in met and seat(rest[:i] + rest[i + 1 :])
            for i, other in enumerate(rest)
        )

    return seat(pairs)


@st.composite
def events(draw: st.DrawFn) -> tuple[tuple[Pair, ...], int, int]:
    n = draw(st.integers(2, 12))
    clubs = draw(st.lists(st.sampled_from(["", "A", "B"]), min_size=n, max_size=n))
    pairs = tuple(Pair(i + 1, f"P{i + 1}", club=c, seed=i + 1) for i, c in enumerate(clubs))
    return pairs, draw(st.integers(1, min(n, 7))), draw(st.integers(0, 10**6))


@settings(max_examples=scaled(200), deadline=None)
@given(events())
def test_every_swiss_round_holds_the_rules(event: tuple[tuple[Pair, ...], int, int]) -> None:
    pairs, rounds, seed = event
    rng = random.Random(seed)
    results: list[Result] = []
    draws: list[Draw] = []
    ranking: tuple[int, ...] = ()
    for number in range(1, rounds + 1):
        history = History.of(tuple(results), tuple(draws))
        drawn = swiss.pair_round(RoundInput(number, pairs, history, ranking))
        seated = drawn.seated()
        assert sorted(seated) == sorted(p.id for p in pairs)  # each pair exactly once
        assert len(drawn.byes) == len(pairs) % 2
        for bye in drawn.byes:  # at most one bye each while a pair without one plays
            assert bye.pair not in history.had_bye or all(p.id in history.had_bye for p in pairs)
        rematches = [m for m in drawn.pairings if history.have_met(m.ns, m.ew)]
        if rematches:
            playing = tuple(sorted(p for m in drawn.pairings for p in (m.ns, m.ew)))
            assert not rematch_free_exists(playing, history.met)
        draws.append(drawn)
        for m in drawn.pairings:
            results.append(
                Result(number, m.ns, m.ew, rng.randrange(0, 40) * 50, rng.randrange(0, 40) * 50)
            )
        results += [Result(number, b.pair, None) for b in drawn.byes]
        ranking = tuple(s.pair for s in rank(pairs, results, Scoring(), ("tp", "buchholz")))


@settings(max_examples=scaled(200), deadline=None)
@given(events(), st.sampled_from(list(PointsMethod)), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_input_order(event, method, shuffler) -> None:
    pairs, rounds, seed = event
    rng = random.Random(seed)
    results = [
        Result(r, a.id, b.id, rng.randrange(0, 5) * 100, rng.randrange(0, 5) * 100)
        for r in range(1, rounds + 1)
        for a, b in zip(pairs[::2], pairs[1::2], strict=False)
    ]
    order = ("tp", "h2h", "margin", "median_buchholz")
    shuffled_pairs, shuffled_results = list(pairs), list(results)
    shuffler.shuffle(shuffled_pairs)
    shuffler.shuffle(shuffled_results)
    assert rank(pairs, results, Scoring(method), order) == rank(
        shuffled_pairs, shuffled_results, Scoring(method), order
    )
