"""The optional rating (clubs/rating.py): openskill over finished games, partners changing."""

from __future__ import annotations

from clubs.rating import RatedGame, ratings


def test_everyone_starts_at_zero_and_winners_rise_above_losers():
    # Anna (1) wins every game with a different partner; Dino (4) loses every one.
    games = [
        RatedGame(((1, 2), (3, 4)), winner=0),
        RatedGame(((1, 3), (2, 4)), winner=0),
        RatedGame(((1, 4), (2, 3)), winner=0),
    ] * 3
    rated = ratings(games)
    assert {p: r.games for p, r in rated.items()} == {1: 9, 2: 9, 3: 9, 4: 9}
    assert rated[1].value > rated[2].value and rated[1].value > rated[3].value
    assert rated[1].mu > rated[4].mu
    assert min(r.value for r in rated.values()) >= 0
    assert ratings([]) == {}


def test_a_draw_moves_no_one_apart_and_a_lone_side_is_not_rated():
    drawn = ratings([RatedGame(((1, 2), (3, 4)), winner=None)])
    assert round(drawn[1].mu, 6) == round(drawn[3].mu, 6)
    assert drawn[1].sigma < 25 / 3  # less uncertain after a game
    assert ratings([RatedGame(((1, 2),), winner=0)]) == {}


def test_beating_stronger_players_is_worth_more():
    strong = [RatedGame(((1, 2), (5, 6)), winner=0)] * 5  # 1 and 2 become strong
    upset = ratings([*strong, RatedGame(((3, 4), (1, 2)), winner=0)])
    easy = ratings([*strong, RatedGame(((3, 4), (5, 6)), winner=0)])
    assert upset[3].mu > easy[3].mu
