"""Games and events carry the day they were played (an old paper evening entered today keeps
its day), and the statistics, the trend by month, the seasons, the latest games and the ladder
follow it, not the day they were entered."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone

from clubs.backup import club_export, club_export_bytes, club_import
from clubs.models import Player, PlayerGameLine
from clubs.selectors import player_page, season_ladder
from clubs.services import ClubError, club_create, season_save
from clubs.statistics_refresh import lines_catch_up
from scorekeeper.models import Game
from tests.integration.test_clubs import (
    WON_BY_NS,
    _login,
    _new_game_form,
    _on_commit,  # noqa: F401 (the fixture that runs each hand's commit callbacks)
    _one_round_event,
    _play,
    user,
)
from tournaments.services.errors import TournamentError
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db

PAIRS = [("Anna", "Ben"), ("Carla", "Dario"), ("Elena", "Fabio"), ("Gina", "Hugo")]
SCORES = {(1, 3): (3000, 1500), (2, 4): (2000, 1900)}


@pytest.fixture
def clock(monkeypatch) -> list[datetime]:
    """The site's clock, which the test sets and moves (timezone.now: what localdate, the
    services and the forms read), at 08:00 UTC on 5 March 2026 to begin with."""
    now = [datetime(2026, 3, 5, 8, 0, tzinfo=UTC)]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


def last_month() -> date:
    """A day of the month before this one."""
    return (timezone.localdate().replace(day=1) - timedelta(days=1)).replace(day=10)


def month_of(day: date) -> tuple[date, date]:
    """The first and last day of ``day``'s month."""
    first = day.replace(day=1)
    return first, (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)


def a_club():
    dora = user("dora")
    return club_create(name="Lucca", director=dora), dora


def test_a_game_entered_today_dated_last_month_counts_in_last_months_trend(client):
    club, _dora = a_club()
    earlier = last_month()
    answer = _login(client, "dora").post(
        f"/c/{club.id}/games/new/", _new_game_form(played_on=earlier.isoformat())
    )
    assert answer.status_code == 302
    game = Game.objects.get()
    assert game.played_on == earlier and game.created_at.date() == timezone.now().date()
    _play(game, WON_BY_NS)
    anna = Player.objects.get(club=club, name="Anna")
    assert PlayerGameLine.objects.get(player=anna).day == earlier
    page = player_page(anna)
    assert [(m.month, m.games) for m in page.months] == [(earlier.replace(day=1), 1)]
    assert page.recent[0].day == earlier


def test_an_event_dated_last_month_counts_in_a_season_covering_last_month_not_this_one():
    club, dora = a_club()
    earlier = last_month()
    event = _one_round_event(club, dora, "Paper evening", PAIRS, SCORES, played_on=earlier)
    assert set(Game.objects.values_list("played_on", flat=True)) == {earlier}  # its tables
    first, last = month_of(earlier)
    then = season_save(
        club_id=club.id,
        name="Last month",
        method="placing",
        best=0,
        event_ids=[],
        starts_on=first,
        ends_on=last,
    )
    now = season_save(
        club_id=club.id,
        name="This month",
        method="placing",
        best=0,
        event_ids=[],
        starts_on=last + timedelta(days=1),
    )
    assert [e.tournament for e in season_ladder(then).events] == [event]
    assert season_ladder(then).rows  # its players ranked
    assert season_ladder(now).events == []
    # Its players' games count in last month's trend.
    lines_catch_up(club_id=club.id)
    anna = Player.objects.get(club=club, name="Anna")
    assert [m.month for m in player_page(anna).months] == [first]


def test_a_seasons_events_are_those_picked_and_those_played_within_its_dates():
    club, dora = a_club()
    earlier = last_month()
    old = _one_round_event(club, dora, "Old", PAIRS, SCORES, played_on=earlier - timedelta(days=60))
    dated = _one_round_event(club, dora, "Dated", PAIRS, SCORES, played_on=earlier)
    today = _one_round_event(club, dora, "Today", PAIRS, SCORES)
    first, last = month_of(earlier)
    season = season_save(
        club_id=club.id,
        name="Mixed",
        method="placing",
        best=0,
        event_ids=[today.id, old.id],
        starts_on=first,
        ends_on=last,
    )
    # In the order played, whatever the order entered.
    assert [e.tournament for e in season_ladder(season).events] == [old, dated, today]
    with pytest.raises(ClubError, match="ends on its first day or after"):
        season_save(
            club_id=club.id,
            name="Backwards",
            method="placing",
            best=0,
            event_ids=[],
            starts_on=last,
            ends_on=first,
        )


def test_a_seasons_page_names_its_dates_and_the_events_picked_outside_them(client):
    """The header said "Every club event played from Oct. 1 to Oct. 31" while an event picked
    outside those dates counted too: it names both, the dates and the events picked outside
    them (one picked within them is taken in by the dates already)."""
    from django.utils.formats import date_format

    club, dora = a_club()
    earlier = last_month()
    old = _one_round_event(club, dora, "Old", PAIRS, SCORES, played_on=earlier - timedelta(days=60))
    dated = _one_round_event(club, dora, "Dated", PAIRS, SCORES, played_on=earlier)
    today = _one_round_event(club, dora, "Today", PAIRS, SCORES)
    first, last = month_of(earlier)
    season = season_save(
        club_id=club.id,
        name="Mixed",
        method="placing",
        best=0,
        event_ids=[today.id, old.id, dated.id],
        starts_on=first,
        ends_on=last,
    )
    page = _login(client, "dora").get(f"/c/{club.id}/seasons/{season.id}/").content.decode()
    header = " ".join(page.split("</h1>")[1].split("</p>")[0].split())
    assert f"Every club event played from {date_format(first)} to {date_format(last)}." in header
    picked = f"Old ({date_format(old.played_on)}), Today ({date_format(today.played_on)})"
    assert f"Also counted, though played outside these dates: {picked}." in header
    assert "Dated" not in header
    # Without dates, the picked events are the season: the header names no dates.
    season_save(
        club_id=club.id,
        name="Mixed",
        method="placing",
        best=0,
        event_ids=[old.id],
        season_id=season.id,
    )
    page = client.get(f"/c/{club.id}/seasons/{season.id}/").content.decode()
    header = page.split("</h1>")[1].split("</p>")[0]
    assert "played from" not in header and "outside" not in header


def test_the_latest_games_and_the_rating_follow_the_day_played_not_the_day_entered(client):
    club, _dora = a_club()
    _login(client, "dora")
    for day in (timezone.localdate(), last_month()):  # the paper evening entered second
        client.post(f"/c/{club.id}/games/new/", _new_game_form(played_on=day.isoformat()))
        _play(Game.objects.order_by("-created_at").first(), WON_BY_NS)
    anna = Player.objects.get(club=club, name="Anna")
    recent = player_page(anna).recent
    assert [g.day for g in recent] == [timezone.localdate(), last_month()]


def test_the_director_moves_an_event_to_another_day_and_its_tables_and_lines_follow(client):
    club, dora = a_club()
    event = _one_round_event(club, dora, "Tuesday", PAIRS, SCORES)
    earlier = last_month()
    answer = _login(client, "dora").post(
        f"/t/{event.id}/director/day/", {"played_on": earlier.isoformat()}
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.played_on == earlier
    assert set(Game.objects.values_list("played_on", flat=True)) == {earlier}
    lines_catch_up(club_id=club.id)
    assert set(PlayerGameLine.objects.values_list("day", flat=True)) == {earlier}
    page = client.get(f"/t/{event.id}/director/").content.decode()
    assert earlier.isoformat() in page  # the day's box holds the new day
    # A table's game is played on its event's day: its own page offers no other.
    table = Game.objects.first()
    refused = client.post(f"/g/{table.id}/edit/day/", {"played_on": timezone.localdate()})
    assert refused.status_code in (302, 404)
    table.refresh_from_db()
    assert table.played_on == earlier


def test_a_day_after_today_is_refused_for_a_game_and_an_event_with_nothing_saved(client, clock):
    club, dora = a_club()
    tomorrow = timezone.localdate() + timedelta(days=1)  # begun nowhere yet at 08:00 UTC
    answer = _login(client, "dora").post(
        f"/c/{club.id}/games/new/", _new_game_form(played_on=tomorrow.isoformat())
    )
    assert answer.status_code == 400 and "today or before" in answer.content.decode()
    assert not Game.objects.exists() and not Player.objects.filter(name="Anna").exists()
    with pytest.raises(TournamentError, match="today or before"):
        tournament_create(
            name="Later", format="swiss", rounds=1, club=club, director=dora, played_on=tomorrow
        )
    event = _one_round_event(club, dora, "Tuesday", PAIRS, SCORES)
    client.post(f"/t/{event.id}/director/day/", {"played_on": tomorrow.isoformat()})
    event.refresh_from_db()
    assert event.played_on == timezone.localdate()
    not_a_day = client.post(f"/t/{event.id}/director/day/", {"played_on": "31/02/x"})
    assert not_a_day.status_code == 302


def test_the_new_event_form_sets_the_events_day(client):
    club, _dora = a_club()
    from tests.integration.test_clubs import NEW_EVENT

    earlier = last_month()
    answer = _login(client, "dora").post(
        "/t/new/", {**NEW_EVENT, "club": club.id, "played_on": earlier.isoformat()}
    )
    assert answer.status_code == 302
    assert club.tournaments.get().played_on == earlier


def test_a_game_kept_on_paper_and_a_file_of_hands_keep_the_day_they_were_played(client):
    from tests.integration.test_import_paper import paper

    earlier = last_month()
    answer = client.post("/import/", paper([[1235, -120]], played_on=earlier.isoformat()))
    assert answer.status_code == 302
    assert Game.objects.get().played_on == earlier
    record = {"variant": "classic", "sides": [{"melded": {"points": 90}}, {}]}
    answer = client.post(
        "/import/",
        {"form": "file", "text": json.dumps(record), "played_on": earlier.isoformat()},
    )
    assert answer.status_code == 302
    assert list(Game.objects.values_list("played_on", flat=True)) == [earlier, earlier]


def test_the_holder_of_a_games_edit_link_corrects_its_day(client):
    club, _dora = a_club()
    _login(client, "dora").post(f"/c/{club.id}/games/new/", _new_game_form())
    game = Game.objects.get()
    _play(game, WON_BY_NS)
    page = client.get(f"/g/{game.id}/edit/").content.decode()
    assert 'data-testid="played-on"' in page
    earlier = last_month()
    assert client.post(f"/g/{game.id}/edit/day/", {"played_on": earlier}).status_code == 302
    game.refresh_from_db()
    assert game.played_on == earlier
    lines_catch_up(club_id=club.id)
    assert set(PlayerGameLine.objects.values_list("day", flat=True)) == {earlier}


def test_a_backup_keeps_the_days_played_and_an_older_file_takes_the_day_entered(client):
    club, dora = a_club()
    earlier = last_month()
    event = _one_round_event(club, dora, "Paper evening", PAIRS, SCORES, played_on=earlier)
    first, last = month_of(earlier)
    season_save(
        club_id=club.id,
        name="Last month",
        method="placing",
        best=0,
        event_ids=[],
        starts_on=first,
        ends_on=last,
    )
    copy = club_import(data=club_export_bytes(club), director=user("paolo"), name="Copy")
    assert copy.tournaments.get().played_on == earlier
    assert {g["played_on"] for g in club_export(copy)["games"]} == {earlier.isoformat()}
    season = copy.seasons.get()
    assert (season.starts_on, season.ends_on) == (first, last)
    assert [e.tournament.name for e in season_ladder(season).events] == [event.name]
    # A file written before games had a day: each takes the day it was made.
    older = club_export(club)
    for row in [*older["games"], *older["events"]]:
        del row["played_on"]
    for row in older["seasons"]:
        del row["starts_on"], row["ends_on"]
    again = club_import(data=json.dumps(older).encode(), director=user("mia"), name="Older")
    made = timezone.localdate(again.tournaments.get().created_at)
    assert again.tournaments.get().played_on == made


def test_a_day_already_begun_somewhere_east_is_taken_and_one_begun_nowhere_is_refused(
    client, clock, settings
):
    """The server's day is not everyone's: at 12:00 UTC, 6 March has begun east of UTC+10 (a
    club in Sydney or Auckland playing on a server in Europe), and a game or an event of that
    day is taken; 7 March has begun nowhere on Earth (the last zone to start a day is UTC+14)
    and is refused. At 09:00 UTC, 6 March has begun nowhere yet."""
    settings.TIME_ZONE = "UTC"
    club, dora = a_club()
    clock[0] = datetime(2026, 3, 5, 12, 0, tzinfo=UTC)
    _login(client, "dora")
    sixth, seventh = date(2026, 3, 6), date(2026, 3, 7)
    answer = client.post(f"/c/{club.id}/games/new/", _new_game_form(played_on="2026-03-06"))
    assert answer.status_code == 302 and Game.objects.get().played_on == sixth
    event = tournament_create(
        name="Auckland", format="swiss", rounds=1, club=club, director=dora, played_on=sixth
    )
    assert event.played_on == sixth
    refused = client.post(f"/c/{club.id}/games/new/", _new_game_form(played_on="2026-03-07"))
    assert refused.status_code == 400
    assert "today or before (today is 2026-03-05)" in refused.content.decode()
    with pytest.raises(TournamentError, match="today or before"):
        tournament_create(
            name="Later", format="swiss", rounds=1, club=club, director=dora, played_on=seventh
        )
    clock[0] = datetime(2026, 3, 5, 9, 0, tzinfo=UTC)  # 23:00 at UTC+14: still the 5th there
    with pytest.raises(TournamentError, match="today or before"):
        tournament_create(
            name="Early", format="swiss", rounds=1, club=club, director=dora, played_on=sixth
        )
    assert Game.objects.count() == 1 and club.tournaments.count() == 1


@pytest.mark.parametrize(
    ("zone", "today"),
    [("UTC", "2026-03-04"), ("Europe/Rome", "2026-03-05"), ("America/Chicago", "2026-03-04")],
)
def test_a_new_game_or_event_is_played_today_in_the_sites_time_zone(
    client, clock, settings, zone, today
):
    """At 23:30 UTC on 4 March it is already the 5th in Rome: a club there (DJANGO_TIME_ZONE,
    or its laptop's own zone) sees the 5th in its forms, and a game or an event given no day
    is played on the 5th."""
    settings.TIME_ZONE = zone
    clock[0] = datetime(2026, 3, 4, 23, 30, tzinfo=UTC)
    club, dora = a_club()
    pages = [f"/c/{club.id}/games/new/", "/t/new/", "/import/"]
    for page in pages:
        html = _login(client, "dora").get(page).content.decode()
        box = re.search(r'<input type="date" name="played_on"[^>]*>', html).group(0)
        assert f'value="{today}"' in box, (page, box)
    event = tournament_create(name="Tonight", format="swiss", rounds=1, club=club, director=dora)
    assert event.played_on.isoformat() == today
    from scorekeeper.services import game_create

    game, _token = game_create(variant="classic", players=4, sides=[{}, {}])
    assert game.played_on.isoformat() == today


def test_a_games_day_and_an_events_are_corrected_with_one_form_and_its_words(client):
    """One form (scorekeeper.forms.PlayedOnForm, from the one field definition) on the game's
    board and the event's director page: the same box, the same words for a day that is none."""
    club, dora = a_club()
    event = _one_round_event(club, dora, "Tuesday", PAIRS, SCORES)
    _login(client, "dora").post(f"/c/{club.id}/games/new/", _new_game_form())
    game = Game.objects.filter(match__isnull=True).get()
    pages = {"event": f"/t/{event.id}/director/", "game": f"/g/{game.id}/edit/"}
    posts = {"event": f"/t/{event.id}/director/day/", "game": f"/g/{game.id}/edit/day/"}
    boxes = {}
    for name, url in pages.items():
        html = client.get(url).content.decode()
        assert html.count('name="played_on"') == 1, name
        box = re.search(r'<input type="date" name="played_on"[^>]*>', html).group(0)
        boxes[name] = re.sub(r' aria-describedby="[^"]*"', "", box)  # the event's has words
    assert boxes["event"] == boxes["game"]
    assert f'value="{timezone.localdate().isoformat()}"' in boxes["game"]
    for name, url in posts.items():
        for wrong in ("31/02/x", ""):
            answer = client.post(url, {"played_on": wrong}, follow=True)
            assert "Give the day as a date." in answer.content.decode(), (name, wrong)
    event.refresh_from_db()
    game.refresh_from_db()
    assert event.played_on == game.played_on == timezone.localdate()
