"""The federation pages (issue 33): what anyone sees (its clubs, calendar, ranking, a member's
career), what only its officers see (its members, its rules, the CSV), a club's director's page,
a member's consent, data and anonymising; and that nothing crosses between two federations or
reaches a club in none."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from clubs.services import club_create
from federations.models import Affiliation, MemberChange, MemberLink, Ranking
from tests.factories import account
from tests.federation_season import record

pytestmark = pytest.mark.django_db


def as_user(client, user):
    client.force_login(user)
    return client


def test_anyone_sees_the_ranking_calendar_and_careers_but_not_the_numbers(client, season_played):
    fibur, anna = season_played["fibur"], season_played["members"]["Anna"]
    ranking = client.get(reverse("federation-ranking", args=[fibur.id]))
    assert ranking.status_code == 200
    text = ranking.content.decode()
    assert "Bruno" in text and "Autumn 2026" in text and "Download CSV" not in text
    calendar = client.get(reverse("federation-calendar", args=[fibur.id])).content.decode()
    assert "Lucca autumn" in calendar and "Lucca for the Liga" not in calendar
    career = client.get(reverse("federation-member", args=[fibur.id, anna.id])).content.decode()
    assert "Pisa open" in career and "Lucca, Pisa, Siena" in career
    assert anna.number not in career and "Download the data" not in career


@pytest.mark.parametrize(
    "page", ["federation-members", "federation-settings", "federation-ranking-csv"]
)
def test_an_officer_s_pages_are_no_page_to_another_federation_or_a_club(
    client, season_played, page
):
    fibur, season = season_played["fibur"], season_played["season"]
    args = [fibur.id, season.id] if page == "federation-ranking-csv" else [fibur.id]
    for outsider in ("otto", "lia", "carla"):  # the other federation's, a director, a member
        assert (
            as_user(client, season_played[outsider]).get(reverse(page, args=args)).status_code
            == 404
        )
    assert as_user(client, season_played["fiona"]).get(reverse(page, args=args)).status_code == 200


def test_the_csv_has_the_federation_s_columns(client, season_played):
    fibur, season = season_played["fibur"], season_played["season"]
    response = as_user(client, season_played["fiona"]).get(
        reverse("federation-ranking-csv", args=[fibur.id, season.id])
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [
        ["rank", "number", "name", "points"],
        ["1", "102", "Bruno", "20"],
        ["2", "101", "Anna", "16"],
        ["3", "104", "Dario", "10"],
    ]
    assert (
        response["Cache-Control"].startswith("private") or "no-store" in response["Cache-Control"]
    )


def test_a_club_asks_to_join_and_the_officer_accepts_from_the_pages(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    nina = account("nina")
    alone = club_create(name="Alone", director=nina)
    page = reverse("federation-club", args=[alone.id])
    assert as_user(client, season_played["lia"]).get(page).status_code == 404  # not her club
    asked = as_user(client, nina).post(page, {"join": "1", "federation": fibur.id})
    assert asked.status_code == 302
    affiliation = Affiliation.objects.get(club=alone, federation=fibur)
    answer = reverse("federation-affiliation-answer", args=[fibur.id, affiliation.id])
    assert (
        as_user(client, season_played["otto"]).post(answer, {"answer": "accept"}).status_code == 404
    )
    assert (
        as_user(client, fiona)
        .get(reverse("federation", args=[fibur.id]))
        .content.decode()
        .count("Alone")
        >= 1
    )
    as_user(client, fiona).post(answer, {"answer": "accept"})
    affiliation.refresh_from_db()
    assert affiliation.status == Affiliation.Status.ACCEPTED


def test_a_director_links_a_player_and_the_member_consents(client, season_played):
    fibur, lucca, carla = season_played["fibur"], season_played["Lucca"], season_played["carla"]
    asked = season_played["links"][("Lucca", "Carla")]
    home = as_user(client, carla).get(reverse("federations")).content.decode()
    assert "Lucca" in home and "It is me" in home
    # Only she answers: another account's answer changes nothing.
    as_user(client, season_played["lia"]).post(
        reverse("federation-link-answer", args=[asked.id]), {"answer": "consent"}
    )
    assert MemberLink.objects.get(id=asked.id).status == MemberLink.Status.ASKED
    as_user(client, carla).post(
        reverse("federation-link-answer", args=[asked.id]), {"answer": "consent"}
    )
    assert MemberLink.objects.get(id=asked.id).status == MemberLink.Status.LINKED
    # A number the federation never gave is refused on the form, nothing linked.
    luca = record(lucca, "Luca")
    refused = as_user(client, season_played["lia"]).post(
        reverse("federation-club", args=[lucca.id]),
        {"link": "1", "player": luca.id, "federation": fibur.id, "number": "999"},
    )
    assert refused.status_code == 400 and "no member number 999" in refused.content.decode()
    assert not MemberLink.objects.filter(player=luca).exists()


def test_merging_two_records_of_one_person_is_logged_and_undone(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    members = season_played["members"]
    page = reverse("federation-members", args=[fibur.id])
    as_user(client, fiona).post(
        page, {"merge": "1", "keep": members["Anna"].id, "duplicate": members["Dario"].id}
    )
    assert not MemberLink.objects.filter(member=members["Dario"]).exists()
    merge = MemberChange.objects.get(action=MemberChange.Action.MERGE)
    ranking = client.get(reverse("federation-ranking", args=[fibur.id])).content.decode()
    assert "Dario" not in ranking  # his 10 points are Anna's now
    as_user(client, fiona).post(reverse("federation-change-undo", args=[fibur.id, merge.id]))
    assert MemberLink.objects.filter(member=members["Dario"]).count() == 1
    again = as_user(client, fiona).post(
        reverse("federation-change-undo", args=[fibur.id, merge.id])
    )
    assert again.status_code == 302 and MemberChange.objects.get(id=merge.id).undone_at is not None
    assert "Dario" in client.get(reverse("federation-ranking", args=[fibur.id])).content.decode()


def test_bad_ranking_rules_are_refused_whole(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    page = reverse("federation-settings", args=[fibur.id])
    before = Ranking.objects.get(federation=fibur).points_table
    refused = as_user(client, fiona).post(
        page,
        {
            "rules": "1",
            "points": "8: 20 14 + 2\n4: 10 6 + 1",  # the bands' sizes fall
            "categories": "Gold: 15",
            "report_days": "10",
            "csv_columns": ["rank", "name"],
        },
    )
    assert refused.status_code == 400 and "larger field" in refused.content.decode()
    assert Ranking.objects.get(federation=fibur).points_table == before
    as_user(client, fiona).post(
        page,
        {
            "rules": "1",
            "points": "4: 12 8 4 + 2",
            "categories": "Gold: 15",
            "report_days": "7",
            "csv_columns": ["name", "rank"],
        },
    )
    rules = Ranking.objects.get(federation=fibur)
    assert rules.points_table == [{"from_field": 4, "places": [12, 8, 4], "rest": 2}]
    assert rules.csv_columns == ["rank", "name"] and rules.report_days == 7


def test_a_member_downloads_their_data_and_has_it_anonymised(client, season_played):
    fibur, carla = season_played["fibur"], season_played["carla"]
    member = season_played["members"]["Carla"]
    data_page = reverse("federation-member-data", args=[fibur.id, member.id])
    assert as_user(client, season_played["otto"]).get(data_page).status_code == 404
    data = json.loads(as_user(client, carla).get(data_page).content)
    assert data["member"]["number"] == "103"
    assert {r["club"] for r in data["club_records"]} == {"Lucca", "Pisa", "Siena"}
    pisa = next(r for r in data["club_records"] if r["club"] == "Pisa")
    assert pisa["events"][0]["event"] == "Pisa open" and pisa["games"]
    anonymise = reverse("federation-member-anonymise", args=[fibur.id, member.id])
    as_user(client, carla).post(anonymise)  # not confirmed: nothing changes
    member.refresh_from_db()
    assert member.name == "Carla"
    as_user(client, carla).post(anonymise, {"confirm": "yes"})
    member.refresh_from_db()
    assert member.name == "Anonymous" and member.user is None and member.number != "103"


def test_a_director_anonymises_a_player_on_their_behalf(client, season_played):
    pisa = season_played["Pisa"]
    anna = record(pisa, "Anna")
    page = reverse("club-player-anonymise", args=[pisa.id, anna.id])
    assert as_user(client, season_played["lia"]).post(page, {"confirm": "yes"}).status_code == 404
    as_user(client, season_played["piero"]).post(page, {})  # not confirmed: nothing changes
    anna.refresh_from_db()
    assert anna.name == "Anna"
    data = as_user(client, season_played["piero"]).get(
        reverse("club-player-data", args=[pisa.id, anna.id])
    )
    assert json.loads(data.content)["federations"][0]["member"] == "101"
    as_user(client, season_played["piero"]).post(page, {"confirm": "yes"})
    anna.refresh_from_db()
    assert anna.name == f"Anonymous {anna.id}"
    standings = client.get(
        reverse("tournament-standings", args=[season_played["events"][1].id])
    ).content.decode()
    assert "Anna" not in standings and f"Anonymous {anna.id}" in standings


def test_the_rating_across_clubs_is_shown_where_the_officers_say(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    page = reverse("federation-rating", args=[fibur.id])
    assert client.get(page).status_code == 404  # off by default
    Ranking.objects.filter(federation=fibur).update(rating=True)
    rated = client.get(page).content.decode()
    # Bruno won every table in Lucca and Siena (6 and 3); Anna won Lucca's 3, and lost
    # Pisa's first to Carla and Dario (seed 2 of 4): he is above her; Carla is not linked yet.
    assert rated.index("Bruno") < rated.index("Anna") < rated.index("Dario")
    assert "Carla" not in rated and "How the rating works" in rated
    samba = client.get(page, {"family": "samba"}).content.decode()
    assert "No table of a sanctioned event" in samba
    classic = client.get(page, {"family": "classic"}).content.decode()
    assert classic.count('href="/f/') == rated.count('href="/f/')
    assert as_user(client, fiona).get(reverse("federation", args=[fibur.id])).status_code == 200
