"""End of the game (VARIANTS.md 2.10)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import game_outcome, ruleset_for


@pytest.mark.parametrize(
    ("variant", "players", "target"),
    [
        ("classic", 4, 5000),
        ("classic-es", 4, 7000),
        ("classic-es", 6, 7000),
        ("classic", 6, 7500),
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
    outcome = game_outcome(ruleset_for("classic", 6), [7550, 7900, 200])
    assert (outcome.finished, outcome.winner) == (True, 1)


def test_an_exact_tie_at_the_top_plays_another_hand() -> None:
    assert not game_outcome(ruleset_for("classic"), [5200, 5200]).finished


def test_a_tie_below_the_leader_does_not_matter() -> None:
    assert game_outcome(ruleset_for("classic", 6), [7800, 7700, 7700]).winner == 0


def test_espanola_black_three_canasta_wins_at_once_below_the_target() -> None:
    outcome = game_outcome(ruleset_for("espanola"), [900, 4000], wins_game=0)
    assert (outcome.finished, outcome.winner) == (True, 0)


@pytest.mark.parametrize(("sides", "target"), [(3, 7500), (2, 10000)])
def test_six_handed_classic_target_depends_on_the_layout(sides: int, target: int) -> None:
    """Official Canasta Laws: three sides of two play to 7500, two sides of three to 10000."""
    assert ruleset_for("classic", 6, sides=sides).target == target


def test_classic_es_quick_game_of_5000_is_the_target_house_rule() -> None:
    quick = ruleset_for("classic-es", 4, {"target": 5000})
    assert game_outcome(quick, [5000, 100]).winner == 0
    assert not game_outcome(ruleset_for("classic-es"), [5000, 100]).finished
