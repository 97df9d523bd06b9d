"""A federation's ranking, worked by hand: three clubs' sanctioned events over a season, one
corrected after it was reported, a member who plays in two clubs, a tie, an event too small to
give points and one outside the season (federations/engine/ranking.py)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from federations.engine.ranking import (
    Band,
    Category,
    EventReport,
    Placing,
    PointsTable,
    RankingError,
    Season,
    event_points,
    season_ranking,
)

# From 4 places: 10, 6, 4, then 1 for taking part; from 8: 20, 12, 8, 5, then 2.
TABLE = PointsTable((Band(4, (10, 6, 4), rest=1), Band(8, (20, 12, 8, 5), rest=2)))
SEASON = Season(date(2026, 9, 1), date(2027, 6, 30))
CATEGORIES = (Category("C", 0), Category("B", 20), Category("A", 40))


def placings(*places: tuple[int, tuple[str, ...]], unlinked: int = 0) -> tuple[Placing, ...]:
    """The placings given, then ``unlinked`` pairs of no member behind them."""
    given = [Placing(rank, members) for rank, members in places]
    last = max((rank for rank, _members in places), default=0)
    return (*given, *(Placing(last + 1 + n) for n in range(unlinked)))


NORTH = EventReport(
    "n1",
    "north",
    date(2026, 10, 6),
    placings(
        (1, ("anna", "ben")),
        (2, ("carla", "dino")),
        (2, ("eva", "fabio")),  # tied second: (12 + 8) / 2 = 10 each
        (4, ("gina",)),  # her partner is no member: 5 for her alone
        unlinked=4,  # eight places: the band from 8
    ),
)
SOUTH_AS_SENT = EventReport(
    "s1",
    "south",
    date(2026, 11, 3),
    placings((1, ("carla", "hugo")), (2, ("anna", "gina")), (3, ("ivo",)), unlinked=1),
)
SOUTH_CORRECTED = EventReport(  # the director swapped the first two, after it was reported
    "s1",
    "south",
    date(2026, 11, 3),
    placings((1, ("anna", "gina")), (2, ("carla", "hugo")), (3, ("ivo",)), unlinked=1),
    revision=2,
)
WEST_SMALL = EventReport(  # three pairs: below the first band, no points
    "w1", "west", date(2026, 12, 1), placings((1, ("ben", "eva")), unlinked=2)
)
NORTH_LAST_SEASON = EventReport(
    "n0", "north", date(2026, 8, 15), placings((1, ("anna", "ben")), unlinked=7)
)
REPORTS = [NORTH, SOUTH_AS_SENT, WEST_SMALL, NORTH_LAST_SEASON, SOUTH_CORRECTED]


def lines(ranking) -> list[tuple[int, str, Fraction, str]]:
    return [(line.rank, line.member, line.points, line.category) for line in ranking]


def test_the_season_ranking_worked_by_hand() -> None:
    assert lines(season_ranking(REPORTS, TABLE, SEASON, CATEGORIES)) == [
        (1, "anna", 30, "B"),  # north 20 + south 10 (corrected: first)
        (2, "ben", 20, "B"),  # north 20 + west 0
        (3, "carla", 16, "C"),  # north 10 (tied second) + south 6
        (4, "gina", 15, "C"),  # north 5 + south 10: one member, two clubs
        (5, "dino", 10, "C"),
        (5, "eva", 10, "C"),  # west gives nothing
        (5, "fabio", 10, "C"),
        (8, "hugo", 6, "C"),
        (9, "ivo", 4, "C"),
    ]


def test_a_members_line_lists_each_event_newest_first_across_clubs() -> None:
    gina = next(line for line in season_ranking(REPORTS, TABLE, SEASON) if line.member == "gina")
    assert [(e.club, e.rank, e.field, e.points) for e in gina.events] == [
        ("south", 1, 4, 10),
        ("north", 4, 8, 5),
    ]


def test_the_best_of_a_season_counts_a_members_best_events() -> None:
    best = Season(SEASON.starts, SEASON.ends, best_of=1)
    ranking = season_ranking(REPORTS, TABLE, best, CATEGORIES)
    assert lines(ranking)[:3] == [(1, "anna", 20, "B"), (1, "ben", 20, "B"), (3, "carla", 10, "C")]
    anna = ranking[0]
    assert [(e.event, e.counted) for e in anna.events] == [("s1", False), ("n1", True)]


def test_tied_places_share_their_points_and_fractions_stay_exact() -> None:
    three_tied = EventReport(
        "t", "north", date(2026, 10, 1), placings(*((1, (m,)) for m in "xyz"), unlinked=1)
    )
    won = event_points(three_tied, TABLE)
    assert {m: e.points for m, e in won.items()} == {m: Fraction(20, 3) for m in "xyz"}


def test_a_correction_replaces_the_report_and_a_second_of_one_revision_is_refused() -> None:
    ranking = season_ranking([SOUTH_CORRECTED, SOUTH_AS_SENT], TABLE, SEASON)
    assert ranking[0].member in ("anna", "gina") and ranking[0].points == 10
    clash = EventReport("s1", "south", date(2026, 11, 3), placings((1, ("ivo",))), revision=2)
    with pytest.raises(RankingError, match="two reports of revision 2"):
        season_ranking([SOUTH_CORRECTED, clash], TABLE, SEASON)


@pytest.mark.parametrize(
    ("build", "why"),
    [
        (lambda: PointsTable(()), "at least one band"),
        (lambda: PointsTable((Band(8, (5,)), Band(4, (3,)))), "rise"),
        (lambda: PointsTable((Band(4, (4, 6)),)), "no fewer points to a better place"),
        (lambda: PointsTable((Band(4, (4,), rest=-1),)), "none below 0"),
        (lambda: Season(date(2027, 1, 2), date(2027, 1, 1)), "end on or after"),
        (lambda: Season(date(2027, 1, 1), date(2027, 2, 1), best_of=0), "at least one event"),
    ],
)
def test_a_table_or_season_that_cannot_rank_is_refused(build, why: str) -> None:
    with pytest.raises(RankingError, match=why):
        build()


@pytest.mark.parametrize(
    ("places", "why"),
    [
        (placings((1, ("a",)), (3, ("b",))), "run 1, 2, 2, 4"),
        (placings((2, ("a",)), (3, ("b",))), "run 1, 2, 2, 4"),
        (placings((1, ("a", "b")), (2, ("a",))), "placed twice"),
    ],
)
def test_a_report_that_cannot_be_ranked_is_refused(places, why: str) -> None:
    with pytest.raises(RankingError, match=why):
        event_points(EventReport("bad", "north", date(2026, 10, 1), places), TABLE)
