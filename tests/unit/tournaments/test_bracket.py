"""The knockout as a bracket (engine/bracket.py): an 8-pair and a 6-pair knockout played through
knockout.py round by round, the bracket read after each round."""

from __future__ import annotations

from tournaments.engine import bracket, knockout
from tournaments.engine.types import Draw, History, Pair, Result, RoundInput


def field(n: int) -> tuple[Pair, ...]:
    return tuple(Pair(i, f"P{i}", seed=i) for i in range(1, n + 1))


def play(draw: Draw, beats: dict[int, int] | None = None) -> list[Result]:
    """Every table of the draw, the upper pair winning 500-300 unless ``beats`` names the
    winner; a tie played off where the table is tied (``beats`` with equal scores)."""
    beats = beats or {}
    out = []
    for m in draw.pairings:
        winner = beats.get(m.ns, beats.get(m.ew, m.ns))
        if winner == m.ns:
            out.append(Result(draw.round, m.ns, m.ew, 500, 300))
        else:
            out.append(Result(draw.round, m.ns, m.ew, 300, 500))
    out += [Result(draw.round, b.pair, None) for b in draw.byes]
    return out


def test_an_8_pair_knockout_with_a_third_place_fills_in_round_by_round() -> None:
    pairs = field(8)
    draws: list[Draw] = []
    results: list[Result] = []
    empty = bracket.build(8, draws, results, third_place=True)
    assert [len(r) for r in empty.rounds] == [4, 2, 1]
    assert empty.final == bracket.BracketMatch() and empty.champion is None
    for number, upsets in ((1, {5: 5}), (2, {}), (3, {})):
        given = RoundInput(
            number, pairs, History.of(tuple(results), tuple(draws)), third_place=True
        )
        draw = knockout.pair_round(given)
        draws.append(draw)
        results += play(draw, upsets)
        state = bracket.build(8, draws, results, third_place=True)
        if number == 1:
            # Seed order 1 v 8, 4 v 5, 2 v 7, 3 v 6; 5 beat 4.
            assert [(m.upper, m.lower, m.winner) for m in state.rounds[0]] == [
                (1, 8, 1),
                (4, 5, 5),
                (2, 7, 2),
                (3, 6, 3),
            ]
            # Not drawn yet, the semi-finals already hold the winners, no score.
            assert state.rounds[1] == (bracket.BracketMatch(1, 5), bracket.BracketMatch(2, 3))
            assert state.final == bracket.BracketMatch()
        if number == 2:  # the final and the third-place match, before their draw
            assert state.final == bracket.BracketMatch(1, 2)
            assert state.third_place == bracket.BracketMatch(5, 3)
    final = bracket.build(8, draws, results, third_place=True)
    assert [(m.upper, m.lower) for m in final.rounds[1]] == [(1, 5), (2, 3)]
    assert (final.final.upper, final.final.lower, final.champion, final.runner_up) == (1, 2, 1, 2)
    assert (final.final.upper_score, final.final.lower_score) == (500, 300)
    assert final.third_place is not None
    assert (final.third_place.upper, final.third_place.lower) == (5, 3)
    assert (final.third, final.fourth) == ((5,), 3)


def test_without_a_third_place_match_both_semi_final_losers_share_third() -> None:
    pairs = field(4)
    draws: list[Draw] = []
    results: list[Result] = []
    for number in (1, 2):
        draw = knockout.pair_round(
            RoundInput(number, pairs, History.of(tuple(results), tuple(draws)))
        )
        draws.append(draw)
        results += play(draw)
    state = bracket.build(4, draws, results)
    assert state.third_place is None and state.champion == 1
    assert sorted(state.third) == [3, 4] and state.fourth is None


def test_a_6_pair_knockout_gives_the_top_two_seeds_a_bye() -> None:
    draw = knockout.pair_round(RoundInput(1, field(6), History()))
    state = bracket.build(6, [draw], play(draw))
    first = state.rounds[0]
    assert state.rounds[1] == (
        bracket.BracketMatch(1, 4),
        bracket.BracketMatch(2, 3),
    )  # byes go through
    assert [(m.upper, m.lower, m.bye) for m in first] == [
        (1, None, True),
        (4, 5, False),
        (2, None, True),
        (3, 6, False),
    ]
    assert first[0].winner == 1 and first[0].loser is None


def test_a_3_pair_knockout_has_no_third_place_match_but_names_third() -> None:
    # Seed 1 has a bye in the semi-finals: one loser only, so no third-place match is played
    # (knockout.py needs two) and none is shown waiting; the semi-final's loser is third.
    pairs, draws, results = field(3), [], []
    for number in (1, 2):
        given = RoundInput(
            number, pairs, History.of(tuple(results), tuple(draws)), third_place=True
        )
        draw = knockout.pair_round(given)
        draws.append(draw)
        results += play(draw)
        state = bracket.build(3, draws, results, third_place=True)
        assert state.third_place is None
    assert (state.champion, state.runner_up, state.third) == (1, 2, (3,))


def test_a_semi_finalist_who_withdraws_leaves_no_third_place_match_waiting() -> None:
    pairs, draws, results = list(field(4)), [], []
    draw = knockout.pair_round(RoundInput(1, tuple(pairs), History(), third_place=True))
    draws.append(draw)
    results += play(draw)  # 1 beat 4, 2 beat 3
    before_final = bracket.build(4, draws, results, third_place=True)
    assert before_final.third_place == bracket.BracketMatch(4, 3)  # the losers, before the draw
    pairs[2] = Pair(3, "P3", seed=3, withdrawn_after=1)  # 3 goes home
    given = RoundInput(2, tuple(pairs), History.of(tuple(results), tuple(draws)), third_place=True)
    draws.append(knockout.pair_round(given))
    results += play(draws[-1])
    state = bracket.build(4, draws, results, third_place=True)
    assert state.third_place is None  # the final was drawn without one
    assert state.champion == 1 and sorted(state.third) == [3, 4]


def test_placings_rank_a_knockout_by_how_far_each_pair_went() -> None:
    pairs, draws, results = field(8), [], []
    for number, upsets in ((1, {5: 5}), (2, {})):
        given = RoundInput(
            number, pairs, History.of(tuple(results), tuple(draws)), third_place=True
        )
        draws.append(knockout.pair_round(given))
        results += play(draws[-1], upsets)
    # After the semi-finals: 1 and 2 still in, 5 and 3 to play for third, the rest out.
    assert bracket.placings(bracket.build(8, draws, results, third_place=True)) == {
        1: 0,
        2: 0,
        5: 3,
        3: 3,
        8: 6,
        4: 6,
        7: 6,
        6: 6,
    }
    given = RoundInput(3, pairs, History.of(tuple(results), tuple(draws)), third_place=True)
    draws.append(knockout.pair_round(given))
    results += play(draws[-1], {2: 2, 3: 3})  # 2 wins the final, 3 the third place
    done = bracket.placings(bracket.build(8, draws, results, third_place=True))
    assert sorted(done, key=lambda p: (done[p], p)) == [2, 1, 3, 5, 4, 6, 7, 8]
    assert (done[2], done[1], done[3], done[5]) == (0, 1, 3, 4)


def test_a_pair_that_withdraws_after_winning_ranks_below_the_ones_that_played_on() -> None:
    # 8 pairs; after the quarter-finals 3 and 4 (one in each semi-final) go home: the final,
    # 1 v 2, comes next, the semi-finals a round of walkovers showing who went through.
    pairs = list(field(8))
    draw = knockout.pair_round(RoundInput(1, tuple(pairs), History()))
    results = play(draw)
    for gone in (3, 4):
        pairs[gone - 1] = Pair(gone, f"P{gone}", seed=gone, withdrawn_after=1)
    final = knockout.pair_round(RoundInput(2, tuple(pairs), History.of(tuple(results), (draw,))))
    results += play(final)
    state = bracket.build(8, [draw, final], results)
    assert [(m.upper, m.bye) for m in state.rounds[1]] == [(1, True), (2, True)]
    assert (state.final.upper, state.final.lower, state.champion) == (1, 2, 1)
    tiers = bracket.placings(state)
    ranked = sorted(tiers, key=lambda p: (tiers[p], p))
    assert ranked[:2] == [1, 2] and tiers[1] < tiers[2] < tiers[3] == tiers[4] < tiers[5]
