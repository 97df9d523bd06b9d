"""Every table in step (issue 31): each pair's guide through the event (its own link, and the
same for anyone by name), check-in before round 1 (the guide's button, the door poster's page,
the director's card), the absent withdrawn in one step, and a late check-in that plays from
round 2. A club's Swiss of 4 pairs, 2 hands a round in 25 minutes."""

from __future__ import annotations

import json

import pytest
from django.db.models import Q
from django.urls import reverse

from clubs.backup import club_export, club_import
from clubs.services import club_create
from tests.factories import account, club_event, confirm, round_released
from tournaments.guide_keys import entry_of_guide, guide_token, poster_token
from tournaments.models import Entry, Match, Tournament
from tournaments.selectors.guide import guide_facts
from tournaments.services.checkin import absentees_withdraw, entry_check_in, entry_check_out
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import round_close, round_pair
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db


def evening(dora, *, club=None, **values) -> Tournament:
    """A Swiss of 4 pairs with check-in, timed: 2 hands a round in 25 minutes."""
    event = club_event("swiss", dora, count=4, club=club)
    timing = {"hands_per_round": 2, "round_minutes": 25, "check_in": True, **values}
    Tournament.objects.filter(id=event.id).update(**timing)
    event.refresh_from_db()
    return event


def pair(event: Tournament, number: int) -> Entry:
    return event.entries.get(name=f"Pair {number:02d}")


def guide_url(entry: Entry) -> str:
    return reverse("pair-guide", args=[guide_token(entry)])


def table_of(entry: Entry) -> Match:
    """The entry's table in the latest round."""
    return (
        Match.objects.filter(Q(ns=entry) | Q(ew=entry))
        .select_related("ns", "ew", "game")
        .order_by("-round__number")
        .first()
    )


def all_in(event: Tournament) -> None:
    for entry in event.entries.all():
        entry_check_in(entry_id=entry.id)


# The services.


def test_checking_in_twice_changes_nothing_and_is_not_public(dora) -> None:
    event = evening(dora)
    anna = pair(event, 1)
    first = entry_check_in(entry_id=anna.id)
    again = entry_check_in(entry_id=anna.id)
    assert first.checked_in_at is not None and again.checked_in_at == first.checked_in_at
    event_after = Tournament.objects.get(id=event.id)
    assert event_after.public_version == event.public_version  # no public page says who is here
    entry_check_out(entry_id=anna.id)
    assert Entry.objects.get(id=anna.id).checked_in_at is None


def test_the_absent_are_withdrawn_at_once_before_the_draw_and_refused_after(dora) -> None:
    event = evening(dora)
    for number in (1, 2):
        entry_check_in(entry_id=pair(event, number).id)
    gone = absentees_withdraw(tournament_id=event.id)
    assert sorted(e.name for e in gone) == ["Pair 03", "Pair 04"]
    assert {e.name: e.withdrawn_after for e in event.entries.all()} == {
        "Pair 01": None,
        "Pair 02": None,
        "Pair 03": 0,
        "Pair 04": 0,
    }
    round_pair(tournament_id=event.id)
    with pytest.raises(TournamentError, match="Round 1 is drawn"):
        absentees_withdraw(tournament_id=event.id)


def test_a_late_check_in_is_reinstated_and_joins_round_2(dora) -> None:
    event = evening(dora)
    for number in (1, 2, 3):
        entry_check_in(entry_id=pair(event, number).id)
    absentees_withdraw(tournament_id=event.id)
    late = pair(event, 4)
    tables = round_released(event)
    seated = {e for m in tables for e in (m.ns_id, m.ew_id)} | set(
        Match.objects.filter(round__tournament=event, ew__isnull=True).values_list(
            "ns_id", flat=True
        )
    )
    assert late.id not in seated
    before = Tournament.objects.get(id=event.id).public_version
    entry_check_in(entry_id=late.id)
    late.refresh_from_db()
    assert late.withdrawn_after is None and late.checked_in_at is not None
    assert Tournament.objects.get(id=event.id).public_version > before  # back in the field
    for match in tables:
        confirm(match)
    second = round_released(event)
    assert late.id in {e for m in second for e in (m.ns_id, m.ew_id)}


def test_a_pair_the_director_withdrew_cannot_come_back_through_the_door(client, dora) -> None:
    from tournaments.services.entries import entry_withdraw

    event = evening(dora)
    gone = pair(event, 2)
    entry_withdraw(entry_id=gone.id)  # entered twice, say: not for being absent
    with pytest.raises(TournamentError, match="ask the director"):
        entry_check_in(entry_id=gone.id)
    door = reverse("tournament-check-in", args=[event.id, poster_token(event)])
    listed = client.get(door, {"q": gone.name}).content.decode()
    assert f'data-testid="door-{gone.id}"' not in listed
    gone.refresh_from_db()
    assert gone.withdrawn_after == 0 and gone.checked_in_at is None


def test_a_finished_event_or_one_without_check_in_refuses_it(dora) -> None:
    plain = evening(dora, check_in=False)
    with pytest.raises(TournamentError, match="no check-in"):
        entry_check_in(entry_id=pair(plain, 1).id)
    event = evening(dora, rounds=1)
    for match in round_released(event):
        confirm(match)
    round_close(round_id=event.round_set.get().id)
    assert Tournament.objects.get(id=event.id).status == Tournament.Status.FINISHED
    with pytest.raises(TournamentError, match="finished"):
        entry_check_in(entry_id=pair(event, 1).id)


# The guide.


def test_a_guide_link_opens_its_own_pair_only() -> None:
    assert entry_of_guide("0" * 32) is None
    assert entry_of_guide("not a token") is None


def test_the_guide_leads_a_pair_through_two_rounds(client, dora) -> None:
    event = evening(dora)
    anna = pair(event, 1)
    url = guide_url(anna)
    assert client.get(url.replace(guide_token(anna)[-4:], "0000")).status_code == 404
    before = client.get(url)
    assert before.status_code == 200 and "no-store" in before["Cache-Control"]
    html = before.content.decode()
    assert 'data-stage="before"' in html and 'data-testid="we-are-here"' in html

    first = round_released(event)
    match = table_of(anna)
    north = match.ns_id == anna.id
    other = match.ew if north else match.ns
    html = client.get(url).content.decode()
    assert 'data-stage="table"' in html
    assert f'data-testid="guide-table">{match.table}<' in html
    assert f'data-testid="guide-direction">{"North-South" if north else "East-West"}<' in html
    assert other.name in html and "2 hands" in html
    assert 'data-testid="round-clock"' in html  # a timed event: its clock
    table_link = reverse("table", args=[table_token(match.game, "ns" if north else "ew")])
    assert f'href="{table_link}"' in html
    # The table page leads back to the pair's guide.
    table_page = client.get(table_link).content.decode()
    assert f'href="{url}"' in table_page

    confirm(match, 900, 300)
    html = client.get(url).content.decode()
    assert 'data-stage="between"' in html and 'data-testid="guide-standing"' in html
    assert 'data-testid="guide-rank">' in html
    ours = "900 – 300" if north else "300 – 900"  # the pair's own score first
    assert f"<strong>{ours}</strong>" in html
    assert 'data-testid="guide-table-link"' not in html and "round 2 appears" in html

    for other_match in first:
        if other_match.id != match.id:
            confirm(other_match)
    round_released(event)
    second = table_of(anna)
    html = client.get(url).content.decode()
    assert 'data-stage="table"' in html and 'data-round="2"' in html
    assert f'data-testid="guide-table">{second.table}<' in html


def test_the_guide_version_answers_304_until_something_it_shows_changes(client, dora) -> None:
    event = evening(dora)
    anna = pair(event, 1)
    version_url = reverse("pair-guide-version", args=[guide_token(anna)])
    first = client.get(version_url)
    assert first.status_code == 200
    version = json.loads(first.content)["version"]
    page = client.get(guide_url(anna)).content.decode()
    assert f'data-follow-version="{version}"' in page
    assert client.get(version_url, headers={"if-none-match": f'"{version}"'}).status_code == 304
    client.post(reverse("pair-guide-check-in", args=[guide_token(anna)]))
    assert Entry.objects.get(id=anna.id).checked_in_at is not None
    moved = client.get(version_url, headers={"if-none-match": f'"{version}"'})
    assert moved.status_code == 200 and json.loads(moved.content)["version"] != version
    assert "You are checked in" in client.get(guide_url(anna)).content.decode()


def test_the_guide_version_read_light_is_the_pages_at_each_stage(
    client, dora, django_assert_max_num_queries
) -> None:
    """The version the phones ask every five seconds reads the pair's table alone, without its
    pairs, game and result (selectors.guide.guide_facts, ``shown``): the same version as the
    page's, before the first round, at a table, and once its result stands."""
    event = evening(dora)
    anna = pair(event, 1)
    version_url = reverse("pair-guide-version", args=[guide_token(anna)])

    def same_as_the_page() -> str:
        # The page first: where it shows the standings it brings them up to date, and its
        # version counts the rebuilt ones (as the phone's next look does).
        page = client.get(guide_url(anna)).content.decode()
        with django_assert_max_num_queries(4):  # the pair, the round, its table, the standings
            version = json.loads(client.get(version_url).content)["version"]
        assert f'data-follow-version="{version}"' in page
        return version

    seen = [same_as_the_page()]
    round_released(event)
    seen.append(same_as_the_page())
    # The light read brings the table's own row, none of the pairs, game and result the page
    # shows (they would be joined in at each look).
    light = guide_facts(Entry.objects.select_related("tournament").get(id=anna.id), shown=False)
    assert light.match is not None and light.match.id == table_of(anna).id
    assert not any(
        Match._meta.get_field(name).is_cached(light.match)
        for name in ("ns", "ew", "ns_with", "ew_with", "game", "result")
    )
    confirm(table_of(anna))
    seen.append(same_as_the_page())
    assert len(set(seen)) == 3, seen


def test_the_public_guide_found_by_name_has_no_private_link(client, dora) -> None:
    event = evening(dora)
    anna = pair(event, 1)
    round_released(event)
    found = client.get(reverse("tournament", args=[event.id]), {"q": "ann 1"}).content.decode()
    public = reverse("tournament-guide", args=[event.id, anna.id])
    assert f'href="{public}"' in found
    html = client.get(public).content.decode()
    match = table_of(anna)
    assert f'data-testid="guide-table">{match.table}<' in html
    assert "/t/table/" not in html and "/t/pair/" not in html
    assert 'data-testid="we-are-here"' not in html
    version = client.get(reverse("tournament-guide-version", args=[event.id, anna.id]))
    assert version.status_code == 200 and json.loads(version.content)["version"] in html
    other = evening(dora)
    assert client.get(reverse("tournament-guide", args=[other.id, anna.id])).status_code == 404


def test_the_wall_has_a_find_your_table_code(client, dora) -> None:
    event = evening(dora)
    html = client.get(reverse("tournament-screen", args=[event.id])).content.decode()
    assert 'data-testid="find-corner"' in html and "<svg" in html


# Check-in at the door, and the director's card.


def test_the_poster_check_in_page_checks_a_pair_in_and_opens_its_public_guide(client, dora) -> None:
    event = evening(dora)
    anna = pair(event, 1)
    wrong = reverse("tournament-check-in", args=[event.id, "0" * 32])
    assert client.get(wrong).status_code == 404
    door = reverse("tournament-check-in", args=[event.id, poster_token(event)])
    page = client.get(door, {"q": "BOB 1"})  # a player's name, any case
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    html = page.content.decode()
    assert f'data-testid="door-{anna.id}"' in html and "Pair 02" not in html
    answer = client.post(door, {"entry": anna.id})
    public = reverse("tournament-guide", args=[event.id, anna.id])
    assert answer.status_code == 302 and answer["Location"] == public
    assert Entry.objects.get(id=anna.id).checked_in_at is not None
    # Anyone at the door may press it: it never gives a pair's private link (nor its table's).
    shown = client.get(public).content.decode()
    assert guide_url(anna) not in shown and "/t/table/" not in shown
    # Once round 1 is out, the door checks in no seated pair: it is plainly here.
    all_in(event)
    round_released(event)
    late = pair(event, 2)
    Entry.objects.filter(id=late.id).update(checked_in_at=None)
    assert client.post(door, {"entry": late.id})["Location"] == door
    assert Entry.objects.get(id=late.id).checked_in_at is None


def test_the_directors_card_counts_checks_in_and_withdraws_the_absent_in_one_step(
    client, director
) -> None:
    event = evening(director)
    anna, ben = pair(event, 1), pair(event, 2)
    entry_check_in(entry_id=anna.id)
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert "1 of 4 pairs here" in page
    assert (
        f'data-testid="absent-{ben.id}"' in page and f'data-testid="absent-{anna.id}"' not in page
    )
    assert reverse("director-poster", args=[event.id]) in page
    assert guide_url(anna) in page  # each pair's guide link in the pairs' list
    client.post(reverse("director-check-in", args=[event.id, ben.id]))
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert "2 of 4 pairs here" in page and "Withdraw the 2 absent pairs" in page
    client.post(reverse("director-absentees-withdraw", args=[event.id]))
    assert sorted(event.entries.filter(withdrawn_after=0).values_list("name", flat=True)) == [
        "Pair 03",
        "Pair 04",
    ]
    page = client.get(reverse("director", args=[event.id])).content.decode()
    assert "Withdraw the" not in page and "withdrawn: not here" in page
    poster = client.get(reverse("director-poster", args=[event.id]))
    assert poster.status_code == 200 and "<svg" in poster.content.decode()
    assert poster_token(event) in poster.content.decode()


def test_another_clubs_director_finds_no_check_in_pages(client, dora) -> None:
    event = evening(dora, club=club_create(name="Lucca", director=dora))
    ivo = account("ivo")
    club_create(name="Pisa", director=ivo)
    client.force_login(ivo)
    anna = pair(event, 1)
    assert client.get(reverse("director-poster", args=[event.id])).status_code == 404
    assert client.get(reverse("director-check-in-version", args=[event.id])).status_code == 404
    posts = [
        reverse("director-check-in", args=[event.id, anna.id]),
        reverse("director-check-out", args=[event.id, anna.id]),
        reverse("director-absentees-withdraw", args=[event.id]),
    ]
    assert [client.post(url).status_code for url in posts] == [404, 404, 404]
    assert Entry.objects.get(id=anna.id).checked_in_at is None


def test_the_new_event_form_and_the_backup_keep_check_in(client, director) -> None:
    from tournaments.club_formats import form_values

    values = {**form_values("swiss5-vp"), "tiebreak_1": "tp", "variant": "classic"}
    client.post(reverse("tournament-new"), {**values, "name": "Door", "check_in": "on"})
    assert Tournament.objects.get(name="Door").check_in
    club = Tournament.objects.get(name="Door").club
    event = evening(director, club=club)
    entry_check_in(entry_id=pair(event, 1).id)
    data = club_export(club)
    copy = club_import(data=json.dumps(data).encode(), director=account("paolo"), name="Again")
    again = copy.tournaments.get(name=event.name)
    assert again.check_in
    assert again.entries.get(name="Pair 01").checked_in_at == pair(event, 1).checked_in_at
    # A backup made before check-in comes back without it.
    for row in data["events"]:
        row.pop("check_in")
        for entry in row["entries"]:
            entry.pop("checked_in_at")
    old = club_import(data=json.dumps(data).encode(), director=account("olga"), name="Old")
    assert not old.tournaments.get(name=event.name).check_in


def test_an_individual_players_guide_names_the_partner_and_the_two_opponents(client, dora) -> None:
    event = club_event("individual", dora)
    tables = round_released(event)
    match = Match.objects.select_related("ns", "ns_with", "ew", "ew_with").get(id=tables[0].id)
    html = client.get(guide_url(match.ns)).content.decode()
    assert f'data-testid="guide-partner">{match.ns_with.name}<' in html
    assert match.ew.name in html and match.ew_with.name in html
    # The two partners share this round's table link, not the evening: each is linked to
    # their public guide, never to the other's private one (its later rounds' table links).
    table_page = client.get(reverse("table", args=[table_token(match.game, "ns")])).content
    for player in (match.ns, match.ns_with):
        assert guide_url(player) not in table_page.decode()
        assert reverse("tournament-guide", args=[event.id, player.id]) in table_page.decode()
