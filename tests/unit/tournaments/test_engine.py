"""The tournament engine by hand-worked scenarios: Swiss pairing, points, standings, table numbers.
Each scenario is a small table written out here (Tabbycat's draw tests are the model)."""

from __future__ import annotations

import pytest

from tournaments.engine.points import (
    PointsMethod,
    Scoring,
    SitOut,
    default_vp_bands,
    table_points,
    victory_points,
)
from tournaments.engine.standings import points_by_round, rank
from tournaments.engine.swiss import pair_round
from tournaments.engine.table_numbers import number_tables
from tournaments.engine.types import (
    Bye,
    Draw,
    History,
    Outcome,
    Pair,
    Pairing,
    Reason,
    Result,
    RoundInput,
    Why,
)

A, B, C, D, E, F, G = range(1, 8)
NAMES = dict(zip(range(1, 8), "ABCDEFG", strict=True))


def field(*ids: int, **extra: dict) -> tuple[Pair, ...]:
    return tuple(Pair(i, NAMES[i], seed=i, **extra.get(NAMES[i], {})) for i in ids)


def pairs_of(draw: Draw) -> set[frozenset[int]]:
    return {frozenset((m.ns, m.ew)) for m in draw.pairings}


def met(*couples: tuple[int, int]) -> History:
    return History(met=frozenset(frozenset(c) for c in couples))


# Swiss --------------------------------------------------------------------------------------


def test_swiss_round_one_seeded_is_top_half_against_bottom_half() -> None:
    draw = pair_round(RoundInput(1, field(A, B, C, D, E, F), History()))
    assert [(m.ns, m.ew) for m in draw.pairings] == [(A, D), (B, E), (C, F)]
    assert all(m.why[0].reason is Reason.SEEDED for m in draw.pairings)


def test_swiss_round_one_odd_field_gives_the_lowest_seed_the_bye() -> None:
    draw = pair_round(RoundInput(1, field(A, B, C, D, E), History()))
    assert [(m.ns, m.ew) for m in draw.pairings] == [(A, C), (B, D)]
    assert [b.pair for b in draw.byes] == [E]


def test_swiss_round_one_at_random_is_the_same_for_the_same_seed() -> None:
    given = RoundInput(1, field(A, B, C, D, E, F), History(), seeded=False, seed=7)
    first, again = pair_round(given), pair_round(given)
    assert first == again
    assert all(m.why[0].reason is Reason.RANDOM for m in first.pairings)


def test_swiss_pairs_score_groups_and_pulls_down_the_odd_one() -> None:
    # Round 1: A beat D, B beat E, C drew F.
    results = (
        Result(1, A, D, 900, 300),
        Result(1, B, E, 800, 500),
        Result(1, C, F, 400, 400),
    )
    given = RoundInput(2, field(A, B, C, D, E, F), History.of(results), ranking=(A, B, C, F, E, D))
    draw = pair_round(given)
    #  points      pairing    why
    #  A 2, B 2    A v B      same score group, kept whole
    #  C 1, F 1    C v F?     a rematch: avoided, C and F meet D and E (on 0) instead
    assert frozenset((A, B)) in pairs_of(draw) and frozenset((C, F)) not in pairs_of(draw)
    by_ns = {m.ns: m for m in draw.pairings}
    assert by_ns[A].why[0].reason is Reason.SCORE_GROUP
    assert by_ns[C].why[0].reason is Reason.PULLED_DOWN
    assert any(w.reason is Reason.REMATCH_AVOIDED for w in by_ns[C].why)


def test_swiss_avoids_a_rematch_that_a_greedy_pairing_would_make() -> None:
    # Met before: A-B, A-C, C-D, E-F. Greedy down the standings: A-D, B-C, then E-F again.
    history = met((A, B), (A, C), (C, D), (E, F))
    draw = pair_round(RoundInput(3, field(A, B, C, D, E, F), history, ranking=(A, B, C, D, E, F)))
    assert not any(history.have_met(m.ns, m.ew) for m in draw.pairings)
    assert frozenset((B, C)) in pairs_of(draw)  # the closest rematch-free pairing keeps B-C


def test_swiss_plays_a_rematch_only_when_none_can_be_avoided() -> None:
    # Four pairs who have all met: round 4 must repeat one match, and says so.
    history = met((A, B), (C, D), (A, C), (B, D), (A, D), (B, C))
    draw = pair_round(RoundInput(4, field(A, B, C, D), history, ranking=(A, B, C, D)))
    assert pairs_of(draw) == {frozenset((A, B)), frozenset((C, D))}
    assert all(any(w.reason is Reason.REMATCH for w in m.why) for m in draw.pairings)


def test_swiss_bye_goes_to_the_lowest_ranked_pair_without_one() -> None:
    results = (Result(1, E, None),)  # E had the bye in round 1
    history = History.of(results, (Draw(1, (), ()),))
    draw = pair_round(RoundInput(2, field(A, B, C, D, E), history, ranking=(A, B, C, E, D)))
    assert [b.pair for b in draw.byes] == [D]
    assert draw.byes[0].why[0].reason is Reason.BYE


def test_swiss_keeps_pairs_of_one_club_apart_in_a_score_group() -> None:
    pairs = field(A, B, C, D, A={"club": "Roma"}, B={"club": "Roma"})
    pairs = tuple(
        Pair(p.id, p.name, club="Roma" if p.id in (A, B) else "", seed=p.id) for p in pairs
    )
    draw = pair_round(RoundInput(2, pairs, met((A, C), (B, D)), ranking=(A, B, C, D)))
    assert frozenset((A, B)) not in pairs_of(draw)
    assert pairs_of(draw) == {frozenset((A, D)), frozenset((B, C))}


def test_swiss_seats_a_late_entry_and_drops_a_withdrawn_pair() -> None:
    pairs = (
        Pair(A, "A", seed=1),
        Pair(B, "B", seed=2, withdrawn_after=1),
        Pair(C, "C", seed=3),
        Pair(D, "D", seed=4),
        Pair(E, "E", seed=5, joins=2),
    )
    first = pair_round(RoundInput(1, pairs, History()))
    assert E not in first.seated() and len(first.seated()) == 4
    results = (Result(1, A, C, 500, 100), Result(1, B, D, 300, 200))
    second = pair_round(RoundInput(2, pairs, History.of(results, (first,)), ranking=(A, B, D, C)))
    assert B not in second.seated() and E in second.seated()
    assert len(second.pairings) == 2 and not second.byes


# Points -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("margin", "split"),
    [
        (0, (10, 10)),
        (100, (10, 10)),
        (101, (11, 9)),
        (550, (13, 7)),
        (2000, (19, 1)),
        (2001, (20, 0)),
    ],
)
def test_victory_points_by_margin_on_the_four_hand_scale(margin: int, split: tuple) -> None:
    assert victory_points(margin, default_vp_bands(4)) == split


def test_the_three_hand_scale_is_three_quarters_of_the_four_hand_one() -> None:
    assert default_vp_bands(3)[0] == 75 and default_vp_bands(3)[-1] == 1500
    assert victory_points(1501, default_vp_bands(3)) == (20, 0)


def test_table_points_three_ways() -> None:
    wdl, vp, raw = Scoring(), Scoring(PointsMethod.VP), Scoring(PointsMethod.RAW)
    assert [table_points(wdl, *s) for s in ((900, 300), (400, 400), (300, 900))] == [2, 1, 0]
    assert [table_points(vp, 900, 300), table_points(vp, 300, 900)] == [14, 6]
    assert table_points(raw, 900, 300) == 900


# Standings ----------------------------------------------------------------------------------

#  round  table               A     B     C     D
#  1      A 900 v B 300       2     0
#  1      C 500 v D 500                   1     1
#  2      A 200 v C 600       0           2
#  2      B 700 v D 100             2           0
#  points                     2     2     3     1
RESULTS = (
    Result(1, A, B, 900, 300),
    Result(1, C, D, 500, 500),
    Result(2, A, C, 200, 600),
    Result(2, B, D, 700, 100),
)


def test_standings_rank_by_points_then_head_to_head() -> None:
    table = rank(field(A, B, C, D), RESULTS, Scoring(), ("tp", "h2h", "margin"))
    assert [(s.pair, s.rank, s.metric("tp")) for s in table] == [
        (C, 1, 3),
        (A, 2, 2),  # A beat B: the mini-league between the two pairs on 2
        (B, 3, 2),
        (D, 4, 1),
    ]
    assert table[1].metric("h2h") == 2 and table[2].metric("h2h") == 0
    assert table[0].metric("h2h") is None  # C was in no tie: it has no head to head


H = 8
NAMES[H] = "H"
# Five pairs on 2 points; of them only A and B met (A won by 10): one meeting in a five-way tie.
FIVE_WAY = (
    Result(1, A, B, 510, 500),
    Result(2, B, F, 800, 500),  # B's margin: -10 + 300 = 290
    Result(1, C, F, 700, 500),  # 200
    Result(1, D, G, 650, 500),  # 150
    Result(1, E, H, 620, 500),  # 120
)


def test_head_to_head_as_a_mini_league_lets_one_meeting_decide_a_five_way_tie() -> None:
    table = rank(field(A, B, C, D, E, F, G, H), FIVE_WAY, Scoring(), ("tp", "h2h", "margin"))
    assert [s.pair for s in table[:5]] == [A, B, C, D, E]  # A's win over B puts it first
    assert [s.metric("h2h") for s in table[:5]] == [2, 0, 0, 0, 0]


def test_head_to_head_when_all_have_met_leaves_a_tie_where_they_have_not() -> None:
    table = rank(field(A, B, C, D, E, F, G, H), FIVE_WAY, Scoring(), ("tp", "h2h_all", "margin"))
    assert [s.pair for s in table[:5]] == [B, C, D, E, A]  # by margin: 290, 200, 150, 120, 10
    assert {s.metric("h2h_all") for s in table[:5]} == {None}  # shown as a dash


def test_head_to_head_when_all_have_met_decides_a_tie_whose_pairs_all_met() -> None:
    # A and B on 2 points each, and they met: A won, though B's margin is larger.
    results = (Result(1, A, B, 510, 500), Result(2, B, C, 900, 100))  # margins: A 10, B 790
    assert [s.pair for s in rank(field(A, B, C), results, Scoring(), ("tp", "margin"))][:2] == [
        B,
        A,
    ]
    for metric in ("h2h", "h2h_all"):
        table = rank(field(A, B, C), results, Scoring(), ("tp", metric, "margin"))
        assert [s.pair for s in table[:2]] == [A, B], metric
        assert (table[0].metric(metric), table[1].metric(metric)) == (2, 0)


def test_standings_metrics_margin_scored_wins_and_buchholz() -> None:
    table = {s.pair: s for s in rank(field(A, B, C, D), RESULTS, Scoring(), ("tp",))}
    assert table[A].metric("margin") == 600 - 400 and table[A].metric("scored") == 1100
    assert table[B].metric("wins") == 1 and table[C].metric("wins") == 1
    assert table[A].metric("buchholz") == 2 + 3  # B and C
    assert table[D].metric("buchholz") == 3 + 2  # C and B


def test_median_buchholz_drops_the_best_and_worst_opponent() -> None:
    results = (
        Result(1, A, B, 1, 0),
        Result(2, A, C, 1, 0),
        Result(3, A, D, 1, 0),
        Result(1, C, D, 1, 0),
        Result(2, B, D, 1, 0),
        Result(3, B, C, 1, 0),
    )
    table = {s.pair: s for s in rank(field(A, B, C, D), results, Scoring(), ("tp",))}
    # A's opponents: B 4, C 2, D 0 points: Buchholz 6, median Buchholz 2 (C alone).
    assert table[A].metric("buchholz") == 6 and table[A].metric("median_buchholz") == 2


def test_pairs_equal_on_every_metric_share_a_rank() -> None:
    results = (Result(1, A, B, 500, 500), Result(1, C, D, 500, 500))
    table = rank(field(A, B, C, D), results, Scoring(), ("tp", "margin"))
    assert {s.rank for s in table} == {1} and all(s.shared for s in table)


def test_a_bye_and_a_forfeit_follow_the_policy() -> None:
    results = (
        Result(1, A, None, outcome=Outcome.BYE),
        Result(1, B, C, 0, 0, outcome=Outcome.FORFEIT, winner=B),
        Result(2, A, B, 300, 200),
    )
    table = {s.pair: s for s in rank(field(A, B, C), results, Scoring(), ("tp",))}
    assert (table[A].metric("tp"), table[A].metric("wins")) == (4, 2)  # bye = a win
    assert (table[B].metric("tp"), table[B].metric("margin")) == (2, -100)  # forfeit win
    assert table[C].metric("tp") == 0
    assert table[A].metric("buchholz") == 2  # B only: the bye has no opponent
    assert table[B].metric("buchholz") == 4  # A only: C forfeited


# Five pairs, two rounds; E sits out round 1 and D round 2 (win 2, draw 1, loss 0).
SIT_OUTS = (
    Result(1, A, B, 900, 300),  # A 2, B 0
    Result(1, C, D, 500, 500),  # C 1, D 1
    Result(1, E, None, outcome=Outcome.BYE),
    Result(2, C, A, 600, 200),  # C 2, A 0
    Result(2, B, E, 700, 100),  # B 2, E 0
    Result(2, D, None, outcome=Outcome.BYE),
)


@pytest.mark.parametrize(
    ("sit_out", "e_points", "d_points", "e_wins"),
    [
        (SitOut.FIXED, 2 + 0, 1 + 2, 1),  # a sit-out is a win: 2 points
        (SitOut.OWN_AVERAGE, 0 + 0, 1 + 1, 0),  # E averaged 0 at its one table, D 1
        (SitOut.FIELD_AVERAGE, 1 + 0, 1 + 1, 0),  # 8 points over 8 pair-tables: 1
    ],
)
def test_a_sit_out_scores_by_the_tournaments_policy(
    sit_out: SitOut, e_points: int, d_points: int, e_wins: int
) -> None:
    scoring = Scoring(sit_out=sit_out)
    table = {s.pair: s for s in rank(field(A, B, C, D, E), SIT_OUTS, scoring, ("tp",))}
    assert (table[E].metric("tp"), table[D].metric("tp")) == (e_points, d_points)
    assert table[E].metric("wins") == e_wins
    assert table[C].metric("tp") == 3  # the pairs that played every round are untouched
    assert points_by_round(field(A, B, C, D, E), SIT_OUTS, scoring)[E][1] == e_points


def test_an_own_average_sit_out_under_victory_points_is_worked_by_hand() -> None:
    # VP, bands of 4 hands (100, 250, 400, 550...): A beat B by 600, past 4 bands: 14-6; lost to
    # C by 400, past 2 (400 is not past 400): 8-12.
    scoring = Scoring(PointsMethod.VP, sit_out=SitOut.OWN_AVERAGE)
    results = (
        Result(1, A, B, 900, 300),
        Result(2, C, A, 600, 200),
        Result(3, A, None, outcome=Outcome.BYE),
    )
    by_round = points_by_round(field(A, B, C), results, scoring)
    assert by_round[A] == {1: 14, 2: 8, 3: 11.0}  # (14 + 8) / 2
    field_average = Scoring(PointsMethod.VP, sit_out=SitOut.FIELD_AVERAGE)
    assert points_by_round(field(A, B, C), results, field_average)[A][3] == 10.0  # 20 a table


@pytest.mark.parametrize("sit_out", [SitOut.OWN_AVERAGE, SitOut.FIELD_AVERAGE])
def test_a_forfeit_is_a_win_whatever_the_sit_out_policy(sit_out: SitOut) -> None:
    # A lost round 1 (0 points, an average of 0); in round 2 C gave up: the director named A the
    # winner, so A scores a win (2) and C a loss, not an average that would leave A with nothing.
    results = (
        Result(1, B, A, 900, 300),
        Result(2, A, C, 0, 0, outcome=Outcome.FORFEIT, winner=A),
    )
    scoring = Scoring(sit_out=sit_out)
    assert points_by_round(field(A, B, C), results, scoring)[A] == {1: 0, 2: 2}
    table = {s.pair: s for s in rank(field(A, B, C), results, scoring, ("tp",))}
    assert (table[A].metric("wins"), table[C].metric("tp")) == (1, 0)


def test_a_pair_with_no_table_yet_sits_out_at_the_fields_average() -> None:
    scoring = Scoring(sit_out=SitOut.OWN_AVERAGE)
    results = (Result(1, A, B, 900, 300), Result(1, C, None, outcome=Outcome.BYE))
    assert points_by_round(field(A, B, C), results, scoring)[C] == {1: 1.0}


def test_a_bye_under_raw_scores_is_worth_the_rounds_average() -> None:
    results = (Result(1, A, None), Result(1, B, C, 1000, 600))
    table = {s.pair: s for s in rank(field(A, B, C), results, Scoring(PointsMethod.RAW))}
    assert table[A].metric("tp") == 800


def test_standings_do_not_depend_on_the_order_of_their_inputs() -> None:
    forward = rank(field(A, B, C, D), RESULTS, Scoring(), ("tp", "h2h", "buchholz"))
    backward = rank(
        tuple(reversed(field(A, B, C, D))),
        tuple(reversed(RESULTS)),
        Scoring(),
        ("tp", "h2h", "buchholz"),
    )
    assert forward == backward


def test_an_unknown_tie_break_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-break 'luck'"):
        rank(field(A, B), (), Scoring(), ("tp", "luck"))


# Seating ------------------------------------------------------------------------------------


def test_the_top_pairs_sit_at_table_one() -> None:
    draw = Draw(2, (Pairing(C, D), Pairing(A, B), Pairing(E, F)))
    seated = number_tables(draw, ranking=(E, A, B, C, D, F))
    assert [(m.table, m.ns) for m in seated.pairings] == [(1, E), (2, A), (3, C)]


def test_pairs_keep_their_physical_table_where_they_can() -> None:
    previous = Draw(1, (Pairing(A, B, table=1), Pairing(C, D, table=2), Pairing(E, F, table=3)))
    draw = Draw(2, (Pairing(A, C), Pairing(B, E), Pairing(D, F)))
    seated = number_tables(draw, ranking=(A, B, C, D, E, F), previous=previous, keep=True)
    assert {m.ns: m.table for m in seated.pairings} == {A: 1, B: 3, D: 2}


def test_a_table_fixed_by_the_format_is_kept() -> None:
    draw = Draw(2, (Pairing(A, D, table=2), Pairing(B, C)))
    seated = number_tables(draw, ranking=(B, C, A, D))
    assert {m.ns: m.table for m in seated.pairings} == {A: 2, B: 1}


def test_a_swap_says_when_it_creates_a_rematch_or_a_club_meeting() -> None:
    from tournaments.engine.swap import swap

    draw = Draw(2, (Pairing(A, B, table=1), Pairing(C, D, table=2)), ())
    swapped, effects = swap(draw, B, C, met((A, C)), {B: "Roma", D: "Roma"})
    assert [(m.ns, m.ew, m.table) for m in swapped.pairings] == [(A, C, 1), (B, D, 2)]
    assert [(e.reason, e.pairs) for e in effects] == [
        (Reason.REMATCH, (A, C)),
        (Reason.SAME_CLUB, (B, D)),
    ]
    # Each changed pairing says the director swapped it, and what the swap made of it; never
    # the draw's reasons ("by the schedule", "it could not be avoided") it no longer follows.
    assert [[w.reason for w in m.why] for m in swapped.pairings] == [
        [Reason.SWAPPED, Reason.REMATCH],
        [Reason.SWAPPED, Reason.SAME_CLUB],
    ]
    with pytest.raises(ValueError, match="two different pairs"):
        swap(draw, A, A, History(), {})


def test_a_swap_with_the_pair_on_a_bye_says_so_and_leaves_the_rest_alone() -> None:
    from tournaments.engine.swap import swap

    kept = Pairing(A, B, table=1, why=(Why(Reason.SCORE_GROUP),))
    draw = Draw(2, (kept, Pairing(C, D, table=2)), (Bye(E, (Why(Reason.BYE),)),))
    swapped, effects = swap(draw, D, E, History(), {})
    assert swapped.pairings[0] == kept and effects == ()
    assert [w.reason for w in swapped.pairings[1].why] == [Reason.SWAPPED]
    assert swapped.byes == (Bye(D, (Why(Reason.SWAPPED),)),)


def test_a_raw_score_bye_rounds_the_rounds_half_point_up() -> None:
    # (1000 + 601) / 2 = 800.5: a score, so a whole number, and people round a half up (801),
    # where round() gave the even 800.
    results = (Result(1, A, None), Result(1, B, C, 1000, 601))
    table = {s.pair: s for s in rank(field(A, B, C), results, Scoring(PointsMethod.RAW))}
    assert table[A].metric("tp") == 801


def test_an_averaged_sit_out_rounds_its_third_decimal_half_up() -> None:
    # Raw scores, the field's average: 101 points over 8 pair-tables is 12.625, so 12.63 (round()
    # gave 12.62).
    results = (
        Result(1, A, B, 101, 0),
        Result(1, C, D, 0, 0),
        Result(1, E, F, 0, 0),
        Result(1, G, 8, 0, 0),
        Result(1, 9, None, outcome=Outcome.BYE),
    )
    scoring = Scoring(PointsMethod.RAW, sit_out=SitOut.FIELD_AVERAGE)
    nine = tuple(Pair(i, str(i), seed=i) for i in range(1, 10))
    assert points_by_round(nine, results, scoring)[9] == {1: 12.63}


def test_a_swap_undone_gives_back_the_draws_own_reasons() -> None:
    from tournaments.engine.swap import swap

    drawn = Draw(
        2,
        (
            Pairing(A, B, table=1, why=(Why(Reason.SCORE_GROUP, (2, 2)),)),
            Pairing(C, D, table=2, why=(Why(Reason.PULLED_DOWN, (2, 0)),)),
        ),
        (Bye(E, (Why(Reason.BYE),)),),
    )
    once, _ = swap(drawn, B, E, History(), {}, drawn)
    assert [w.reason for w in once.pairings[0].why] == [Reason.SWAPPED]
    back, effects = swap(once, B, E, History(), {}, drawn)
    assert back == drawn and effects == ()
    # Swaps of other pairs that restore a pairing restore its reasons; the rest stay swapped.
    twice, _ = swap(swap(drawn, A, C, History(), {}, drawn)[0], B, D, History(), {}, drawn)
    assert [(m.ns, m.ew, m.why) for m in twice.pairings] == [
        (C, D, drawn.pairings[1].why),
        (A, B, drawn.pairings[0].why),
    ]
