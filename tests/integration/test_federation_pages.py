"""The federation pages (issue 33): what anyone sees (its clubs, calendar, ranking, a member's
career), what only its officers see (its members, its rules, the CSV), a club's director's page,
a member's consent, data and anonymising; and that nothing crosses between two federations or
reaches a club in none."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.urls import reverse

from clubs.models import Club
from clubs.services import club_create, player_anonymise, player_merge, player_rename
from federations.models import Affiliation, Member, MemberChange, MemberLink, Ranking
from federations.person import member_anonymise
from federations.services import (
    FederationError,
    change_undo,
    link_answer,
    member_add,
    member_link,
    member_merge,
    member_unlink,
)
from tests.factories import account
from tests.federation_season import (  # season_played_once: the season played once a module
    record,
    season_played_once,  # noqa: F401
)
from tests.integration.test_federation_ranking import lines as ranking_lines
from tournaments.models import Entry

# The pages are the same on either database: they run on the PostgreSQL pass of `make test`,
# which ends minutes before the SQLite pass and its browser tests (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.one_pass]


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
        page, {"merge": "1", "keep": members["Anna"].number, "duplicate": members["Dario"].number}
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
    for club in ("Lucca", "Pisa", "Siena"):  # her clubs' records are hers once she says so
        link_answer(link_id=season_played["links"][(club, "Carla")].id, consent=True, by=carla)
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
    assert not MemberLink.objects.filter(member=member, status=MemberLink.Status.ASKED).exists()
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
    assert "No table of this rule family" in samba
    classic = client.get(page, {"family": "classic"}).content.decode()
    assert classic.count('href="/f/') == rated.count('href="/f/')
    assert as_user(client, fiona).get(reverse("federation", args=[fibur.id])).status_code == 200


def test_an_officer_s_download_holds_only_what_the_clubs_share(client, season_played):
    fibur, fiona, carla = season_played["fibur"], season_played["fiona"], season_played["carla"]
    member = season_played["members"]["Carla"]
    link_answer(link_id=season_played["links"][("Pisa", "Carla")].id, consent=True, by=carla)
    page = reverse("federation-member-data", args=[fibur.id, member.id])
    data = json.loads(as_user(client, fiona).get(page).content)
    assert "club_records" not in data  # the clubs' games, pairs and other players stay theirs
    assert data["linked_records"] == [{"club": "Pisa", "name": "Carla"}]  # the others wait
    assert [p["event"] for p in data["reported_places"]] == ["Pisa open"]
    own = json.loads(as_user(client, carla).get(page).content)
    assert [r["club"] for r in own["club_records"]] == ["Pisa"]


def test_the_csv_keeps_a_formula_as_text(client, season_played):
    fibur, season = season_played["fibur"], season_played["season"]
    Ranking.objects.filter(federation=fibur).update(csv_columns=["rank", "name", "clubs"])
    Member.objects.filter(number="102").update(name="=1+1")
    Club.objects.filter(name="Siena").update(name="-1+1+cmd|' /C calc'!A0")
    response = as_user(client, season_played["fiona"]).get(
        reverse("federation-ranking-csv", args=[fibur.id, season.id])
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[1] == ["1", "'=1+1", "'-1+1+cmd|' /C calc'!A0; Lucca"]


def test_a_played_player_anonymised_leaves_no_spelling_of_their_name(client, season_played):
    pisa = season_played["Pisa"]
    zeno = record(pisa, "Zeno")
    player_rename(club_id=pisa.id, player_id=zeno.id, name="Zeno Rossi")
    Entry.objects.filter(second_player=zeno).update(name="anna & ZENO")  # typed otherwise
    player_anonymise(club_id=pisa.id, player_id=zeno.id)
    entry = Entry.objects.get(second_player=zeno)
    assert "zeno" not in entry.name.casefold() and "zeno" not in entry.player_2.casefold()
    standings = client.get(reverse("tournament-standings", args=[entry.tournament_id]))
    assert "zeno" not in standings.content.decode().casefold()


def test_an_anonymised_member_shows_nothing_that_names_them(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    bruno = season_played["members"]["Bruno"]
    twin = member_add(federation_id=fibur.id, number="555", name="Bruno Bianchi", by=fiona)
    member_merge(federation_id=fibur.id, keep_id=bruno.id, duplicate_id=twin.id, by=fiona)
    member_anonymise(member_id=bruno.id, by=fiona)
    twin.refresh_from_db()
    assert (twin.name, twin.number) == ("Anonymous", f"anon-{twin.id}")
    log = as_user(client, fiona).get(reverse("federation-members", args=[fibur.id]))
    assert "555" not in log.content.decode() and "Bruno" not in log.content.decode()
    client.logout()
    page = client.get(reverse("federation-member", args=[fibur.id, bruno.id])).content.decode()
    assert "Siena cup" not in page and "Lucca" not in page and "Anonymous" in page


def test_a_merge_asks_the_kept_member_s_consent_and_its_link_is_undone_after_it(season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    carla, lucca = season_played["members"]["Carla"], season_played["Lucca"]
    luca_member = member_add(federation_id=fibur.id, number="777", name="Luca", by=fiona)
    link = member_link(
        federation_id=fibur.id,
        player_id=record(lucca, "Luca").id,
        number="777",
        by=season_played["lia"],
    )
    assert link.status == MemberLink.Status.LINKED  # no account: at once
    member_merge(federation_id=fibur.id, keep_id=carla.id, duplicate_id=luca_member.id, by=fiona)
    link.refresh_from_db()
    assert (link.member, link.status) == (carla, MemberLink.Status.ASKED)  # hers to confirm
    linking = MemberChange.objects.get(
        action=MemberChange.Action.LINK, details__player=link.player_id
    )
    with pytest.raises(FederationError, match="no longer linked so"):
        change_undo(change_id=linking.id, by=fiona)


def test_a_club_s_merge_is_logged_and_the_ranking_follows_it(season_played):
    fibur, season, siena = season_played["fibur"], season_played["season"], season_played["Siena"]
    assert (2, "Anna", 16, "Gold") in ranking_lines(fibur, season)
    player_merge(
        club_id=siena.id, keep_id=record(siena, "Anna").id, duplicate_id=record(siena, "Eva").id
    )
    # Eva's win in the Siena cup was Anna's, the club says: 10 more points.
    assert (1, "Anna", 26, "Gold") in ranking_lines(fibur, season)
    assert MemberChange.objects.filter(action=MemberChange.Action.CLUB_MERGE).count() == 1


def test_huge_numbers_in_the_ranking_rules_are_refused_not_a_server_error(client, season_played):
    fibur = season_played["fibur"]
    for points, categories in (("4: " + "9" * 5000, ""), ("4: 10 6", "Gold: " + "9" * 5000)):
        response = as_user(client, season_played["fiona"]).post(
            reverse("federation-settings", args=[fibur.id]),
            {
                "rules": "1",
                "points": points,
                "categories": categories,
                "report_days": "10",
                "csv_columns": ["rank"],
            },
        )
        assert response.status_code == 400


def test_an_answer_is_given_by_its_button_only(client, season_played):
    asked = season_played["links"][("Lucca", "Carla")]
    page = reverse("federation-link-answer", args=[asked.id])
    assert as_user(client, season_played["carla"]).post(page, {}).status_code == 400
    assert MemberLink.objects.get(id=asked.id).status == MemberLink.Status.ASKED


def test_a_member_is_one_record_of_a_club(season_played):
    with pytest.raises(FederationError, match="already the club's Anna"):
        member_link(
            federation_id=season_played["fibur"].id,
            player_id=record(season_played["Lucca"], "Luca").id,
            number="101",
            by=season_played["lia"],
        )


def test_anyone_finds_the_federations_and_a_club_is_offered_only_what_is_left(
    client, season_played
):
    everyone = client.get(reverse("federations")).content.decode()
    assert "Burraco Italia" in everyone and "Canasta Liga" in everyone
    assert "A new federation" not in everyone
    lucca = season_played["Lucca"]
    page = as_user(client, season_played["lia"]).get(reverse("federation-club", args=[lucca.id]))
    offered = re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', page.content.decode())
    # Lucca autumn is marked for Burraco Italia and Lucca for the Liga for the Liga: each may
    # still be marked for the other; Anna, Bruno and Carla are linked in one of two.
    assert any(o.startswith("Lucca autumn") for o in offered)
    home = as_user(client, season_played["lia"]).get(reverse("club", args=[lucca.id]))
    assert reverse("federation-club", args=[lucca.id]) in home.content.decode()


def test_undo_is_offered_only_where_it_would_do_something(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    dario = season_played["links"][("Pisa", "Dario")]
    member_unlink(link_id=dario.id, by=fiona)
    log = as_user(client, fiona).get(reverse("federation-members", args=[fibur.id]))
    linking = MemberChange.objects.get(
        action=MemberChange.Action.LINK, details__player=dario.player_id
    )
    unlinking = MemberChange.objects.get(action=MemberChange.Action.UNLINK)
    text = log.content.decode()
    assert reverse("federation-change-undo", args=[fibur.id, linking.id]) not in text
    assert reverse("federation-change-undo", args=[fibur.id, unlinking.id]) in text


def test_an_officer_corrects_a_member_removes_a_season_and_keeps_one_officer(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    dario = season_played["members"]["Dario"]
    page = reverse("federation-member", args=[fibur.id, dario.id])
    edit = reverse("federation-member-edit", args=[fibur.id, dario.id])
    shown = as_user(client, fiona).get(page).content.decode()
    assert "Autumn 2026: 3. with 10 points" in shown  # the member's line of the season
    as_user(client, fiona).post(edit, {"number": "101", "name": "Dario", "username": ""})
    dario.refresh_from_db()
    assert dario.number == "104"  # Anna's number: refused, nothing saved
    as_user(client, fiona).post(edit, {"number": "104", "name": "Dario Neri", "username": "carla"})
    dario.refresh_from_db()
    assert (dario.name, dario.user) == ("Dario Neri", season_played["carla"])
    settings_page = reverse("federation-settings", args=[fibur.id])
    only = fibur.officers.get()
    as_user(client, fiona).post(reverse("federation-officer-remove", args=[fibur.id, only.id]))
    assert fibur.officers.count() == 1  # never the last one
    season = season_played["season"]
    as_user(client, fiona).post(reverse("federation-season-remove", args=[fibur.id, season.id]))
    assert not fibur.seasons.exists()
    assert as_user(client, fiona).get(settings_page).status_code == 200
    other = reverse("federation-season-remove", args=[season_played["liga"].id, 1])
    assert as_user(client, fiona).post(other).status_code == 404


def test_the_members_page_finds_one_among_many_a_page_at_a_time(client, season_played):
    fibur, fiona = season_played["fibur"], season_played["fiona"]
    Member.objects.bulk_create(
        Member(federation=fibur, number=f"9{i:04d}", name=f"Zeta {i:04d}") for i in range(250)
    )
    page = reverse("federation-members", args=[fibur.id])
    first = as_user(client, fiona).get(page).content.decode()
    assert first.count('href="/f/') < 150 and "1 to 100 of 254" in first
    found = as_user(client, fiona).get(page, {"q": "90007"}).content.decode()
    assert "Zeta 0007" in found and "Zeta 0008" not in found


def test_the_event_s_director_page_says_where_it_reported(client, season_played):
    lucca_autumn = season_played["events"][0]
    page = as_user(client, season_played["lia"]).get(reverse("director", args=[lucca_autumn.id]))
    assert "Reported to Burraco Italia." in page.content.decode()


def test_a_member_a_club_asks_is_told_so_on_logging_in(client, season_played):
    from tests.factories import PASSWORD

    carla = season_played["carla"]
    carla.set_password(PASSWORD)
    carla.save()
    landed = client.post(
        reverse("login"), {"username": "carla", "password": PASSWORD}, follow=True
    ).content.decode()
    assert "A club asks whether one of its players is you." in landed
    assert f'href="{reverse("federations")}">Answer</a>' in landed
