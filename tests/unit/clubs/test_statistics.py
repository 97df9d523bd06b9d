"""A player's statistics from their games, worked by hand (clubs/statistics.py,
scorekeeper/rules/hand_facts.py)."""

from __future__ import annotations

from datetime import date

import pytest

from clubs.statistics import HandOfSide, game_line, stats_of, totals_of, trend
from scorekeeper.rules import PRESETS
from scorekeeper.rules.hand_facts import SideFacts, side_facts


@pytest.mark.parametrize(
    ("side", "preset", "expected"),
    [
        # Detailed melds: a canasta is 7 cards or more in classic.
        (
            {
                "melds": [
                    {"rank": "K", "naturals": 7},
                    {"rank": "9", "naturals": 4, "twos": 2},
                    {"rank": "A", "naturals": 3},
                ],
                "red_threes": 2,
                "went_out": True,
            },
            "classic",
            SideFacts(canastas=1, red_threes=2, went_out=True, melded=True),
        ),
        # Seven cards with wild ones are a canasta too; six are not.
        (
            {"melds": [{"rank": "Q", "naturals": 5, "jokers": 2}, {"rank": "9", "naturals": 6}]},
            "classic",
            SideFacts(canastas=1, red_threes=0, went_out=False, melded=True),
        ),
        # A summary entry: its counts of canastas; espanola's runs are no canastas.
        (
            {
                "melded": {"points": 120},
                "canastas": {"natural": 1, "mixed": 2},
                "sequences": {"straight": 1},
            },
            "espanola",
            SideFacts(canastas=3, red_threes=0, went_out=False, melded=True),
        ),
        # Samba's summary: a run of 7 ("straight") is a canasta.
        (
            {"melded": {"points": 300}, "canastas": {"natural": 1}, "sequences": {"straight": 1}},
            "samba",
            SideFacts(canastas=2, red_threes=0, went_out=False, melded=True),
        ),
        # Espanola's run of seven earns its bonus but is no canasta (VARIANTS.md, Espanola).
        (
            {"melds": [{"sequence": ["5", "J"]}]},
            "espanola",
            SideFacts(canastas=0, red_threes=0, went_out=False, melded=True),
        ),
        # Samba: a run of 7 is a canasta, a run of 3 an ordinary meld (VARIANTS-families.md).
        (
            {"melds": [{"sequence": ["5", "J"]}, {"sequence": ["4", "6"]}]},
            "samba",
            SideFacts(canastas=1, red_threes=0, went_out=False, melded=True),
        ),
        # Nothing laid down: only a hand's count.
        (
            {"hand": {"points": 90}, "red_threes": 1},
            "classic",
            SideFacts(canastas=0, red_threes=1, went_out=False, melded=False),
        ),
        ({"melded": {"points": 0}}, "classic", SideFacts(0, 0, False, False)),
    ],
)
def test_side_facts_count_canastas_as_the_preset_scores_them(side, preset, expected):
    assert side_facts(side, PRESETS[preset]) == expected


def _hand(total, canastas=0, red=0, out=False, melded=True, other_out=False):
    return HandOfSide(total, SideFacts(canastas, red, out, melded), other_out)


def test_a_game_line_sums_its_hands_and_counts_caught_only_when_another_side_went_out():
    hands = [
        _hand(1340, canastas=2, red=1, out=True),
        _hand(-150, melded=False, other_out=True),  # caught with nothing melded
        _hand(-100, melded=False),  # nothing melded, but nobody went out (a hand-and-foot end)
        _hand(400, canastas=1, red=2, other_out=True),
    ]
    line = game_line(hands, day=date(2026, 11, 3), won=True, finished=True)
    assert (line.hands, line.points, line.canastas, line.red_threes) == (4, 1490, 3, 3)
    assert (line.went_out, line.caught, line.best, line.worst) == (1, 1, 1340, -150)


def test_a_players_figures_over_three_games():
    """Hand-worked: 3 games (2 finished, 1 won), 10 hands, 3,000 points."""
    lines = [
        game_line(
            [_hand(500, canastas=1, out=True), _hand(700, canastas=2, red=1)],
            day=date(2026, 10, 6),
            won=True,
            finished=True,
        ),
        game_line(
            [_hand(-200, melded=False, other_out=True)] + [_hand(300)] * 3,
            day=date(2026, 10, 20),
            won=False,
            finished=True,
        ),
        game_line([_hand(250, out=True)] * 4, day=date(2026, 11, 3), won=False, finished=False),
    ]
    stats = stats_of(totals_of(lines))
    t = stats.totals
    assert (t.games, t.finished, t.won, t.hands, t.points) == (3, 2, 1, 10, 2900)
    assert stats.win_rate == 0.5  # of the finished games: an unfinished one is not lost
    assert stats.average_hand == 290
    assert stats.canastas_per_hand == pytest.approx(0.3)
    assert stats.red_threes_per_hand == pytest.approx(0.1)
    assert stats.went_out_rate == pytest.approx(0.5)
    assert stats.caught_rate == pytest.approx(0.1)
    assert (t.best, t.worst) == (700, -200)
    months = trend(lines)
    assert [(m.month, m.games, m.average_hand, m.win_rate) for m in months] == [
        (date(2026, 10, 1), 2, 1900 / 6, 0.5),
        (date(2026, 11, 1), 1, 250, None),
    ]


def test_no_games_gives_dashes_not_zeros():
    stats = stats_of(totals_of([]))
    assert stats.totals.games == 0
    assert stats.average_hand is None and stats.win_rate is None and stats.totals.best is None


def test_a_rate_per_hand_is_rounded_not_cut():
    from clubs.tables import per_hand_text

    assert (per_hand_text(2 / 3), per_hand_text(3 / 7), per_hand_text(None)) == (
        "0.67",
        "0.43",
        "—",
    )
