"""A season's picked events move from clubs.Season.events to tournaments.Tournament.seasons
(clubs 0007, tournaments 0015): the state only, the table and its rows stay, both ways."""

from __future__ import annotations

import pytest

from clubs.models import Season
from tests.migrating import migrate_to, migrated_back_to
from tournaments.models import Tournament

BEFORE = [
    ("clubs", "0006_season_dates_lines_by_played_day"),
    ("tournaments", "0014_tables_round_hands"),
]
AFTER = [("tournaments", "0015_tournament_seasons")]


@pytest.fixture
def executor():
    with migrated_back_to(BEFORE) as executor:
        yield executor


def picked(apps) -> tuple[int, int, int]:
    """A club with a season that picked one of its two events, as the code before stored it."""
    Club = apps.get_model("clubs", "Club")
    Season_ = apps.get_model("clubs", "Season")
    Tournament_ = apps.get_model("tournaments", "Tournament")
    club = Club.objects.create(name="Tuesdays")
    tuesday, friday = (
        Tournament_.objects.create(name=name, format="swiss", rounds=2, tiebreaks=["tp"], club=club)
        for name in ("Tuesday", "Friday")
    )
    season = Season_.objects.create(club=club, name="Winter")
    season.events.add(tuesday)
    return season.id, tuesday.id, friday.id


@pytest.mark.django_db(transaction=True)
def test_a_seasons_picked_events_stay_picked_when_the_event_declares_them(executor):
    season_id, tuesday_id, friday_id = picked(executor.loader.project_state(BEFORE).apps)

    migrate_to(executor, AFTER)
    after = executor.loader.project_state(AFTER).apps
    Season_ = after.get_model("clubs", "Season")
    Tournament_ = after.get_model("tournaments", "Tournament")
    assert list(Season_.objects.get(id=season_id).events.values_list("id", flat=True)) == [
        tuesday_id
    ]
    assert list(Tournament_.objects.get(id=tuesday_id).seasons.values_list("id", flat=True)) == [
        season_id
    ]
    Tournament_.objects.get(id=friday_id).seasons.add(season_id)  # the table takes new rows

    migrate_to(executor)
    assert set(Season.objects.get(id=season_id).events.values_list("id", flat=True)) == {
        tuesday_id,
        friday_id,
    }
    assert Tournament.objects.get(id=tuesday_id).seasons.get().name == "Winter"


@pytest.mark.django_db(transaction=True)
def test_going_back_gives_the_season_its_events_again(executor):
    season_id, tuesday_id, _friday_id = picked(executor.loader.project_state(BEFORE).apps)
    migrate_to(executor, AFTER)

    migrate_to(executor, BEFORE)
    before = executor.loader.project_state(BEFORE).apps
    season = before.get_model("clubs", "Season").objects.get(id=season_id)
    assert list(season.events.values_list("id", flat=True)) == [tuesday_id]
