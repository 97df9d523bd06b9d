"""The round clock of a timed evening (issue 31), through the services and the pages, with the
server's time moved by the test: a Swiss of 4 pairs, 2 hands a round in 25 minutes, "last hand"
5 minutes before the end."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.services import Author, GameFinished, hand_add
from tests.factories import (
    account,
    club_event,
    confirm,
    going_out,
    kings_canasta,
    meld,
    round_released,
)
from tournaments.models import Match, ResultSubmission, Tournament
from tournaments.selectors.clock import match_timing
from tournaments.services.clock import round_clock_change, timing_checked
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_no_show, result_submit
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db
HAND = [{"melds": [{"rank": "5", "naturals": 3}]}, {}]


def timed(dora, **values) -> Tournament:
    event = club_event("swiss", dora, count=4)
    timing = {"hands_per_round": 2, "round_minutes": 25, "last_hand_minutes": 5, **values}
    Tournament.objects.filter(id=event.id).update(**timing)
    event.refresh_from_db()
    return event


def hand(match: Match) -> None:
    hand_add(game_id=match.game_id, sides=HAND, author=Author("table"))


def clock_of(client, event: Tournament, table: int | None = None) -> dict:
    query = f"?table={table}" if table else ""
    response = client.get(reverse("tournament-clock", args=[event.id]) + query)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    return json.loads(response.content)


def test_the_clock_runs_pauses_and_takes_minutes_from_the_servers_time(
    client, dora, server_time
) -> None:
    event = timed(dora)
    first, second = round_released(event)
    assert clock_of(client, event)["phase"] == "waiting"
    round_clock_change(round_id=first.round_id, kind="start", minutes=25, by="dora")
    server_time.move(10)
    now = clock_of(client, event)
    # The real seconds the test takes run on too: a second's leeway.
    assert (now["phase"], now["running"]) == ("playing", True)
    assert now["remaining"] == pytest.approx(900, abs=1)
    round_clock_change(round_id=first.round_id, kind="pause")
    server_time.move(3)  # paused: the time stands
    assert clock_of(client, event)["remaining"] == pytest.approx(900, abs=1)
    round_clock_change(round_id=first.round_id, kind="resume")
    round_clock_change(round_id=first.round_id, kind="add", minutes=5, table=second.table)
    server_time.move(11)  # 4 minutes left: "last hand" for table 1, 9 minutes for table 2
    assert clock_of(client, event, first.table)["phase"] == "last_hand"
    table_two = clock_of(client, event, second.table)
    assert table_two["phase"] == "playing"
    assert table_two["remaining"] == pytest.approx(540, abs=1)
    server_time.move(5)
    assert clock_of(client, event, first.table)["phase"] == "time"
    assert clock_of(client, event, second.table)["phase"] == "last_hand"


def test_the_directors_refusals_are_clear(dora, server_time) -> None:
    event = timed(dora)
    first, _second = round_released(event)
    with pytest.raises(TournamentError, match="Start the round's clock first"):
        round_clock_change(round_id=first.round_id, kind="pause")
    with pytest.raises(TournamentError, match="whole number from 1 to 600"):
        round_clock_change(round_id=first.round_id, kind="start", minutes="-3")
    round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    with pytest.raises(TournamentError, match="already started"):
        round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    with pytest.raises(TournamentError, match="no table 99"):
        round_clock_change(round_id=first.round_id, kind="add", minutes=5, table=99)
    with pytest.raises(TournamentError, match="not paused"):
        round_clock_change(round_id=first.round_id, kind="resume")
    round_clock_change(round_id=first.round_id, kind="end")
    with pytest.raises(TournamentError, match="was ended"):
        round_clock_change(round_id=first.round_id, kind="add", minutes=5)


def test_after_last_hand_a_new_hand_is_refused_with_a_message(dora, server_time) -> None:
    event = timed(dora, hands_per_round=4, round_minutes=50)
    first, _second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=50)
    hand(first)
    server_time.move(46)  # "last hand" fell at 45 minutes: hand 2 was being played
    hand(first)  # the hand in progress is finished
    with pytest.raises(GameFinished, match="no new hand starts at this table after hand 2"):
        hand(first)
    timing = match_timing(Match.objects.get(id=first.id))
    assert (timing.stop.hands, timing.stop.reason) == (2, "last_hand")


@pytest.mark.parametrize(
    ("rule", "allowed", "refusal"),
    [
        ("counted", 1, "the hand entered counts, and no more"),
        ("finish", 2, "in progress then, was this table's last"),
        ("director", 1, "the director decides"),
    ],
)
def test_time_called_on_an_unfinished_table_by_each_rule(
    client, dora, server_time, rule, allowed, refusal
) -> None:
    event = timed(dora, hands_per_round=4, round_minutes=50, last_hand_minutes=0, time_rule=rule)
    first, _second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=50)
    hand(first)
    server_time.move(51)  # time: hand 2 was in progress
    for _n in range(allowed - 1):
        hand(first)
    with pytest.raises(GameFinished, match=refusal):
        hand(first)
    # The table's page says the round stopped, offers the result (or sends the pairs to the
    # director) and the results mark the table over time.
    page = client.get(reverse("table", args=[table_token(first.game, "ns")])).content.decode()
    if rule == "director":
        assert "the director decides this table" in page
        assert 'data-testid="result-form"' not in page
        # Nor from a page loaded before time: the service refuses it too.
        with pytest.raises(TournamentError, match="the director decides"):
            result_submit(match_id=first.id, by="ns", ns_score=15, ew_score=0)
    else:
        assert f"The round stopped after {allowed} hand" in page
        assert 'data-testid="result-form"' in page
    timing = match_timing(Match.objects.get(id=first.id))
    assert (timing.over_time, timing.hands) == (True, allowed)  # the hands it played


def test_a_table_done_in_time_keeps_its_result_form_under_the_directors_rule(
    client, dora, server_time
) -> None:
    event = timed(dora, time_rule="director")
    first, _second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    hand(first)
    hand(first)  # both hands of the round, in time
    server_time.move(26)
    page = client.get(reverse("table", args=[table_token(first.game, "ns")])).content.decode()
    assert 'data-testid="result-form"' in page
    assert "director decides this table" not in page
    assert match_timing(Match.objects.get(id=first.id)).over_time is False


def test_at_time_the_director_may_still_add_minutes_or_end_the_round(
    client, director, server_time
) -> None:
    event = timed(director)
    first, _second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    server_time.move(26)
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert 'data-testid="clock-add"' in page and 'data-testid="clock-end"' in page
    assert 'data-testid="clock-pause"' not in page
    client.post(reverse("director-clock", args=[event.id, 1]), {"kind": "add", "minutes": "3"})
    assert clock_of(client, event)["remaining"] == pytest.approx(180, abs=1)  # from now


def test_a_table_reaching_the_target_stops_the_others_after_their_hand(dora, server_time) -> None:
    event = timed(dora, hands_per_round=None, stop_at_target=True)
    Tournament.objects.filter(id=event.id).update(rules={"target": 500})
    event.refresh_from_db()
    first, second = round_released(event)
    hand(second)  # table 2 plays its first hand
    # Table 1 goes out with a canasta of kings: 670, past its target; its game ends.
    big = [going_out(kings_canasta(), meld("5", 3)), {}]
    hand_add(game_id=first.game_id, sides=big, author=Author("table"))
    assert Match.objects.get(id=first.id).game.ended_at == 1
    hand(second)  # the hand table 2 was playing then
    with pytest.raises(GameFinished, match="Another table reached the target"):
        hand(second)


def test_the_director_drives_the_clock_from_the_page(client, director, server_time) -> None:
    event = timed(director)
    _first, second = round_released(event)
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert 'data-testid="clock-start"' in page and 'value="25"' in page  # the event's length
    url = reverse("director-clock", args=[event.id, 1])
    client.post(url, {"kind": "start", "minutes": "25"})
    client.post(url, {"kind": "add", "minutes": "3", "table": str(second.table)})
    answer = client.post(url, {"kind": "add", "minutes": "abc"}, follow=True)
    assert "whole number from 1 to 120" in answer.content.decode()
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert 'data-testid="clock-pause"' in page
    assert "started: 25 minutes" in page and f"3 minutes added for table {second.table}" in page
    assert "+3 min for this table" in page  # the table's mark on the board
    # Another director's event is not this director's to time.
    client.logout()
    assert client.post(url, {"kind": "end"}).status_code in (302, 404)
    assert clock_of(client, event)["phase"] == "playing"


def test_a_no_show_is_scored_by_the_events_rule(client, director, server_time) -> None:
    event = timed(director, no_show_minutes=15)
    first, second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    with pytest.raises(TournamentError, match="does not apply at this table yet"):
        result_no_show(match_id=first.id, absent="ew")
    server_time.move(16)
    hand(second)
    with pytest.raises(TournamentError, match="both pairs came"):
        result_no_show(match_id=second.id, absent="ew")
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert f'data-testid="no-show-{first.table}-ew"' in page
    assert f'data-testid="no-show-{second.table}-ew"' not in page
    client.post(reverse("director-no-show", args=[event.id, first.id]), {"absent": "ew"})
    match = Match.objects.select_related("result").get(id=first.id)
    assert match.result.kind == ResultSubmission.Kind.FORFEIT
    assert match.result.winner_id == first.ns_id
    assert "had not come 15 minutes after the start" in match.result.reason
    with pytest.raises(TournamentError, match="already stands"):  # a second press, say
        result_no_show(match_id=first.id, absent="ns")
    server_time.move(10)  # time: the no-show's table was settled before it, not over time
    assert match_timing(Match.objects.get(id=first.id)).over_time is False
    assert match_timing(Match.objects.get(id=second.id)).over_time is True


def test_an_untimed_event_shows_no_clock_and_stops_nothing(client, dora) -> None:
    event = club_event("swiss", dora, count=4)
    assert event.round_minutes == 50  # the club format proposes its 4 hands' federation time
    Tournament.objects.filter(id=event.id).update(round_minutes=None)  # the director cleared it
    first, _second = round_released(event)
    page = client.get(reverse("table", args=[table_token(first.game, "ns")])).content.decode()
    assert "round-clock" not in page
    confirm(first)
    assert match_timing(Match.objects.get(id=first.id)).stop.hands is None


def test_a_club_backup_keeps_the_clock_settings_and_every_timing_decision(
    dora, server_time
) -> None:
    from clubs.backup import club_export_bytes, club_import

    event = timed(dora, time_rule="director", no_show_minutes=10)
    first, second = round_released(event)
    round_clock_change(round_id=first.round_id, kind="start", minutes=25)
    round_clock_change(round_id=first.round_id, kind="add", minutes=3, table=second.table)
    other = account("otto")
    club = club_import(data=club_export_bytes(event.club), director=other, name="Elsewhere")
    copy = Tournament.objects.get(club=club)
    assert (copy.round_minutes, copy.time_rule, copy.no_show_minutes) == (25, "director", 10)
    kept = copy.round_set.get(number=1).clock
    assert [(e["kind"], e.get("table")) for e in kept] == [("start", None), ("add", second.table)]
    assert kept == first.round.__class__.objects.get(id=first.round_id).clock


def test_timing_settings_are_checked_together() -> None:
    assert timing_checked({})["round_minutes"] is None  # no clock: nothing else matters
    assert timing_checked({"round_minutes": 40, "last_hand_minutes": 5})["last_hand_minutes"] == 5
    with pytest.raises(TournamentError, match="fewer minutes than the round's 5"):
        timing_checked({"round_minutes": 5, "last_hand_minutes": 5})
    with pytest.raises(TournamentError, match="Unknown rule at time"):
        timing_checked({"time_rule": "whenever"})
