"""Tournament points of one table, three ways: win/draw/loss, victory points, raw score.

Victory points (VP) share 20 between the two pairs by the margin: 10-10 for a close table, up to
20-0 for a landslide, in bands that widen with the margin. Card-game federations publish such
scales per number of hands (burraco's 4-hand table: 10-10 up to a margin of 100, 20-0 above 2000).
A Canasta hand is worth a few hundred to a few thousand points, as a burraco hand is, so our
defaults follow the same shape:

- 4 hands: 10-10 up to 100, then one VP more at each of 250, 400, 550, 700, 850, 1050, 1250,
  1500, 1750 and 2000: above 2000 it is 20-0. The early bands are narrow (a few hundred points is
  a real edge between good pairs), the late ones wide (a big win should not count more than it
  says about the pairs).
- 3 hands: the same bands times 3/4 (rounded to 5), since margins grow with the hands played:
  10-10 up to 75, 20-0 above 1500.

The engine takes any bands (``Scoring.vp_bands``); the app gives it these, by hands per round.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PointsMethod(StrEnum):
    WDL = "wdl"  # win/draw/loss
    VP = "vp"  # victory points 20-0 by margin
    RAW = "raw"  # the table's score itself


class SitOut(StrEnum):
    """What a pair that sits out a round scores (a bye, a Mitchell's phantom table, the other
    pair's forfeit), as bridge and burraco directors choose it (standings.py applies it):"""

    FIXED = "fixed"  # a win's points: win 2; VP: bye_vp (12-8); raw: the round's average score
    OWN_AVERAGE = "own_average"  # the pair's own average over the tables it played
    FIELD_AVERAGE = "field_average"  # the average of every table played in the event


VP_TOTAL = 20
# The upper margin of each band from 10-10 up; above the last, the winner takes 20.
VP_BANDS_4_HANDS: tuple[int, ...] = (100, 250, 400, 550, 700, 850, 1050, 1250, 1500, 2000)
VP_BANDS_3_HANDS: tuple[int, ...] = tuple(5 * round(b * 3 / 4 / 5) for b in VP_BANDS_4_HANDS)


def default_vp_bands(hands: int) -> tuple[int, ...]:
    """The default bands for a round of ``hands`` hands (4 for 4 or more, 3 for fewer)."""
    return VP_BANDS_3_HANDS if hands <= 3 else VP_BANDS_4_HANDS


@dataclass(frozen=True)
class Scoring:
    """How a tournament turns a table's result into tournament points."""

    method: PointsMethod = PointsMethod.WDL
    win: int = 2
    draw: int = 1
    loss: int = 0
    vp_bands: tuple[int, ...] = VP_BANDS_4_HANDS
    bye_vp: int = 12  # a bye is a modest win: 12-8, as bridge and burraco clubs score it
    sit_out: SitOut = SitOut.FIXED


def victory_points(margin: int, bands: tuple[int, ...]) -> tuple[int, int]:
    """(winner's VP, loser's VP) for a win by ``margin`` (0 or more)."""
    passed = sum(1 for upper in bands if margin > upper)
    winner = min(VP_TOTAL, VP_TOTAL // 2 + passed)
    return winner, VP_TOTAL - winner


def table_points(scoring: Scoring, mine: int, theirs: int) -> int:
    """This pair's tournament points for a table it scored ``mine`` at, against ``theirs``."""
    if scoring.method is PointsMethod.RAW:
        return mine
    if scoring.method is PointsMethod.VP:
        high, low = victory_points(abs(mine - theirs), scoring.vp_bands)
        return high if mine >= theirs else low
    if mine > theirs:
        return scoring.win
    return scoring.draw if mine == theirs else scoring.loss


def win_points(scoring: Scoring, mine: int) -> int:
    """Points for a win that was not played out (a bye, the other pair's forfeit).

    Raw score: the pair's own score, which the caller sets (the round's average, standings.py).
    """
    if scoring.method is PointsMethod.RAW:
        return mine
    if scoring.method is PointsMethod.VP:
        return scoring.bye_vp
    return scoring.win


def loss_points(scoring: Scoring) -> int:
    """Points of a pair that forfeited."""
    if scoring.method is PointsMethod.VP:
        return 0
    return 0 if scoring.method is PointsMethod.RAW else scoring.loss
