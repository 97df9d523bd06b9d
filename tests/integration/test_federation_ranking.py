"""A federation's ranking from its clubs' sanctioned events (issue 33), worked by hand: three
clubs' round robins of four pairs, one corrected after it reported, a member linked in two
clubs (and one waiting for her consent), an unsanctioned event and another federation's that
count nowhere, a player anonymised whose results stand.

The federation's table gives a field of 4 or more 10, 6, 4 points and 1 to every other place;
categories: Gold from 15, Silver from 8. In each round robin the better seed wins every table
(900 to 300), so the pairs finish in seed order: 1st 10, 2nd 6, 3rd 4, 4th 1 point.

- Lucca, 20 days ago: (Anna, Bruno) 1st, (Carla, Luca) 2nd; then corrected: seed 2 beat seed
  1, so (Carla, Luca) 1st and (Anna, Bruno) 2nd.
- Pisa, 3 days ago: (Carla, Dario) 1st, (Anna, Zeno) 2nd.
- Siena, 2 days ago: (Bruno, Eva) 1st.
- Siena, yesterday, not sanctioned: (Anna, Carla) 1st; Lucca, yesterday, sanctioned for the
  other federation: (Anna, Bruno) 1st. Neither counts.

Anna 6 + 6 = 12 (Silver), Bruno 6 + 10 = 16 (Gold), Carla 10 + 10 = 20 (Gold), Dario 10
(Silver): Carla, Bruno, Anna, Dario."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.services import player_add, player_anonymise, player_merge
from federations.models import EventReport, Member, MemberLink, RankingSeason
from federations.person import member_anonymise
from federations.rankings import season_lines
from federations.reports import event_sanction, reports_catch_up
from federations.selectors import calendar, member_career
from federations.services import link_answer, season_add
from tests.federation_season import (  # season_played_once: the season played once a module
    DAY,
    record,
    season_played_once,  # noqa: F401
)
from tournaments.event_notes import event_notes
from tournaments.models import Entry, StandingsSnapshot, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_close, round_pair, round_release
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db


def lines(federation: Any, season: RankingSeason) -> list[tuple[int, str, Any, str]]:
    ranked = season_lines(federation.id, season)
    names = dict(Member.objects.values_list("id", "name"))
    return [(line.rank, names[line.member], line.points, line.category) for line in ranked]


def correct_the_first_table(event: Tournament) -> None:
    """Seed 2 beat seed 1, after all (the director's correction, once the event finished)."""
    match = next(
        m
        for r in event.round_set.all()
        for m in r.matches.select_related("ns", "ew")
        if {m.ns.seed, m.ew.seed} == {1, 2}
    )
    ns_first = match.ns.seed == 1
    result_correct(
        match_id=match.id,
        ns_score=300 if ns_first else 900,
        ew_score=900 if ns_first else 300,
        reason="scores swapped on the card",
    )


def test_each_sanctioned_event_reports_itself_and_the_ranking_adds_them_up(
    season_played, committed
):
    fibur, season, carla = season_played["fibur"], season_played["season"], season_played["carla"]
    # Carla has an account: her clubs' records wait for her consent, and count nothing yet.
    assert lines(fibur, season) == [
        (1, "Bruno", 20, "Gold"),
        (2, "Anna", 16, "Gold"),
        (3, "Dario", 10, "Silver"),
    ]
    for club in ("Lucca", "Pisa", "Siena"):
        link_answer(link_id=season_played["links"][(club, "Carla")].id, consent=True, by=carla)
    # Her 2nd place in Lucca (6) and her win in Pisa (10) now count: tied with Anna.
    assert sorted(lines(fibur, season)) == [
        (1, "Bruno", 20, "Gold"),
        (2, "Anna", 16, "Gold"),
        (2, "Carla", 16, "Gold"),
        (4, "Dario", 10, "Silver"),
    ]
    lucca_event = season_played["events"][0]
    with committed():
        correct_the_first_table(lucca_event)
    assert lines(fibur, season) == [
        (1, "Carla", 20, "Gold"),
        (2, "Bruno", 16, "Gold"),
        (3, "Anna", 12, "Silver"),
        (4, "Dario", 10, "Silver"),
    ]
    reports = EventReport.objects.filter(sanction__event=lucca_event).order_by("revision")
    assert [r.revision for r in reports] == [1, 2]
    assert event_notes(lucca_event) == ["Reported to Burraco Italia, corrected once since."]
    assert [p["rank"] for p in reports[1].placings] == [1, 2, 3, 4]
    # The other federation's event, sanctioned for it alone, is its own.
    liga_season = season_add(
        federation_id=season_played["liga"].id,
        name="Liga 2026",
        starts=DAY(-100),
        ends=DAY(30),
        best_of=None,
        by=season_played["otto"],
    )
    assert lines(season_played["liga"], liga_season) == []  # no member of the Liga linked


def test_a_member_s_career_spans_the_clubs_and_the_calendar_says_what_is_in(
    season_played, committed
):
    fibur, anna = season_played["fibur"], season_played["members"]["Anna"]
    with committed():
        correct_the_first_table(season_played["events"][0])
    career = [(e.name, e.club, e.rank, e.field, e.points) for e in member_career(anna)]
    assert career == [
        ("Pisa open", "Pisa", 2, 4, 6),
        ("Lucca autumn", "Lucca", 2, 4, 6),
    ]
    late = tournament_create(
        name="Siena unfinished",
        format="roundrobin",
        rounds=0,
        club=season_played["Siena"],
        director=season_played["sara"],
        played_on=DAY(-15),
    )
    today = tournament_create(
        name="Siena tonight",
        format="roundrobin",
        rounds=0,
        club=season_played["Siena"],
        director=season_played["sara"],
        played_on=DAY(0),
    )
    for event in (late, today):
        event_sanction(federation_id=fibur.id, event_id=event.id, by=season_played["sara"])
    states = {
        line.sanction.event.name: (line.state, line.words) for line in calendar(fibur.id, DAY(0))
    }
    assert states == {
        "Siena tonight": ("waiting", "Not finished"),
        "Siena cup": ("in", "In"),
        "Pisa open": ("in", "In"),
        "Siena unfinished": ("late", "Late"),
        "Lucca autumn": ("corrected", "Corrected (1)"),
    }


def test_a_lost_report_catches_up_when_the_federation_looks(season_played):
    fibur, pisa_event = season_played["fibur"], season_played["events"][1]
    EventReport.objects.filter(sanction__event=pisa_event).delete()  # as if its task was lost
    assert reports_catch_up(federation_id=fibur.id) == 1
    assert reports_catch_up(federation_id=fibur.id) == 0  # nothing more to report
    assert EventReport.objects.filter(sanction__event=pisa_event).count() == 1


def test_an_anonymised_player_and_member_keep_their_results_under_anonymous(season_played):
    fibur, season = season_played["fibur"], season_played["season"]
    pisa, anna = season_played["Pisa"], season_played["members"]["Anna"]
    anna_in_pisa = record(pisa, "Anna")
    player_anonymise(club_id=pisa.id, player_id=anna_in_pisa.id)
    anna_in_pisa.refresh_from_db()
    assert anna_in_pisa.name == f"Anonymous {anna_in_pisa.id}"
    pair = (
        Entry.objects.get(first_player=anna_in_pisa)
        if Entry.objects.filter(first_player=anna_in_pisa).exists()
        else Entry.objects.get(second_player=anna_in_pisa)
    )
    assert "Anna" not in pair.name and "Anna" not in (pair.player_1 + pair.player_2)
    rows = StandingsSnapshot.objects.filter(tournament=pair.tournament).order_by("-version")[0].rows
    assert [r["name"] for r in rows if r["entry"] == pair.id] == [pair.name]
    assert (2, "Anna", 16, "Gold") in lines(fibur, season)  # the club's record stays linked
    member_anonymise(member_id=anna.id, by=season_played["fiona"])
    assert Member.objects.get(id=anna.id).name == "Anonymous"
    assert (2, "Anonymous", 16, "Gold") in lines(fibur, season)


def test_a_club_merging_a_linked_record_keeps_the_member_s_history(season_played):
    fibur, season, pisa = season_played["fibur"], season_played["season"], season_played["Pisa"]
    spelled_again = player_add(club_id=pisa.id, name="Anna R.")
    player_merge(club_id=pisa.id, keep_id=spelled_again.id, duplicate_id=record(pisa, "Anna").id)
    assert (2, "Anna", 16, "Gold") in lines(fibur, season)  # her 6 points in Pisa still count
    assert MemberLink.objects.get(player=spelled_again).member == season_played["members"]["Anna"]


def test_an_event_marked_before_it_is_played_reports_when_its_director_finishes_it(
    season_played, committed
):
    """The standings are final as soon as the last table is confirmed (the round complete, not
    yet closed): closing it writes no new standings, and the event reports all the same."""
    fibur, siena, sara = season_played["fibur"], season_played["Siena"], season_played["sara"]
    event = tournament_create(
        name="Siena winter",
        format="roundrobin",
        rounds=1,
        club=siena,
        director=sara,
        played_on=DAY(0),
    )
    entries_add(
        tournament_id=event.id,
        entries=[{"name": f"P{i}", "player_1": f"A{i}", "player_2": f"B{i}"} for i in range(4)],
    )
    with committed():
        event_sanction(federation_id=fibur.id, event_id=event.id, by=sara)
        drawn = round_pair(tournament_id=event.id)
        round_release(round_id=drawn.id)
        for match in drawn.matches.all():
            for by in ("ns", "ew"):
                result_submit(match_id=match.id, by=by, ns_score=900, ew_score=300)
    final = StandingsSnapshot.objects.filter(tournament=event).order_by("-version")[0]
    assert not final.provisional and not EventReport.objects.filter(sanction__event=event)
    with committed():
        round_close(round_id=drawn.id)
    assert StandingsSnapshot.objects.filter(tournament=event).order_by("-version")[0] == final
    assert EventReport.objects.filter(sanction__event=event).count() == 1
