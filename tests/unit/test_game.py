"""End of the game (VARIANTS.md 2.10)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import game_outcome, ruleset_for


@pytest.mark.parametrize(
    ("variant", "players", "target"),
    [
        ("classic", 4, 5000),
        ("classic-es", 4, 5000),
        ("espanola", 4, 15000),
        ("italiana", 2, 12000),
        ("ducale", 4, 5000),
        ("ducale", 6, 7500),
        ("origen", 6, 5000),
        ("classic-fr", 6, 5000),
    ],
)
def test_target_per_preset_and_player_count(variant: str, players: int, target: int) -> None:
    assert ruleset_for(variant, players).target == target


def test_the_game_goes_on_below_the_target() -> None:
    outcome = game_outcome(ruleset_for("classic"), [4995, 3000])
    assert (outcome.finished, outcome.winner) == (False, None)


def test_the_highest_total_wins_even_if_another_side_reached_the_target_first() -> None:
    outcome = game_outcome(ruleset_for("classic", 6), [5050, 5400, 200])
    assert (outcome.finished, outcome.winner) == (True, 1)


def test_an_exact_tie_at_the_top_plays_another_hand() -> None:
    assert not game_outcome(ruleset_for("classic"), [5200, 5200]).finished


def test_a_tie_below_the_leader_does_not_matter() -> None:
    assert game_outcome(ruleset_for("classic", 6), [5300, 5200, 5200]).winner == 0


def test_espanola_black_three_canasta_wins_at_once_below_the_target() -> None:
    outcome = game_outcome(ruleset_for("espanola"), [900, 4000], wins_game=0)
    assert (outcome.finished, outcome.winner) == (True, 0)
