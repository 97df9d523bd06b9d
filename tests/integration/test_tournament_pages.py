"""The director's and the tables' pages through the test client."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entry, Match, Round, Tournament

pytestmark = pytest.mark.django_db

CSV = "name,player_1,player_2,club\n" + "\n".join(
    f"Pair {i},Ann {i},Bob {i},Club {i % 3}" for i in range(1, 7)
)


@pytest.fixture
def director(client, django_user_model):
    user = django_user_model.objects.create_user("dora", password="x")
    client.force_login(user)
    return user


def create(client) -> Tournament:
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Tuesday Swiss",
            "club_format": "swiss3-evening",
            "variant": "classic",
            "format": "swiss",
            "rounds": 9,
            "hands_per_round": 9,
            "points": "vp",
            "seeded": "on",
            "tiebreak_1": "tp",
            "tiebreak_2": "buchholz",
        },
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("director", args=[tournament.id])
    return tournament


def test_the_director_creates_an_event_from_a_club_format(client, director) -> None:
    tournament = create(client)
    assert (tournament.rounds, tournament.hands_per_round, tournament.points) == (3, 2, "wdl")
    assert tournament.tiebreaks == ["tp", "buchholz"] and tournament.director == director
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "Add the pairs" in page


def test_a_csv_with_an_error_names_its_line_and_saves_nothing(client, director) -> None:
    tournament = create(client)
    bad = "name,player_1\nPair A,Ann\n,Bob\n"
    page = client.post(
        reverse("director-import", args=[tournament.id]), {"text": bad}, follow=True
    ).content.decode()
    assert "Line 3: a pair needs a name." in page and not Entry.objects.exists()
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    assert Entry.objects.count() == 6
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "generate round 1" in page.lower()


@pytest.mark.django_db(transaction=True)  # the round is drawn by a task sent on commit
def test_rounds_are_drawn_released_and_settled_from_the_pages(client, director) -> None:
    tournament = create(client)
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    response = client.post(reverse("director-round-next", args=[tournament.id]))
    assert response["Location"].endswith("?drawing=1")  # the page shows progress
    page = client.get(response["Location"]).content.decode()
    assert 'data-expect="1"' in page and "seeded" in page  # the draft with its reasons
    client.post(reverse("director-release", args=[tournament.id, 1]))
    first = Round.objects.get(number=1)
    assert (
        first.status == Round.Status.RELEASED
        and Match.objects.filter(game__isnull=False).count() == 3
    )
    match = Match.objects.order_by("table").first()
    table_url = reverse("table", args=[match.game_token])
    other = client.__class__()  # the table's phone: no account
    page = other.get(table_url).content.decode()
    assert "Pair 1" in page and "Pair 4" in page and "Enter the hands" in page
    other.post(table_url, {"by": "ns", "ns_score": 900, "ew_score": 300})
    assert "Waiting for the other pair" in other.get(table_url).content.decode()
    other.post(table_url, {"by": "ew", "ns_score": 300, "ew_score": 900})  # a dispute
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    board = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert 'data-testid="disputes"' in board
    # The live board's marker and the state it polls agree: a change in either reloads the board.
    state = client.get(reverse("tournament-state", args=[tournament.id])).json()
    assert state == {"rounds": 1, "status": "playing", "settled": 0, "disputed": 1}
    assert 'data-live="1:playing:0:1"' in board
    client.post(
        reverse("director-match", args=[tournament.id, match.id]),
        {"ns_score": 900, "ew_score": 300, "kind": "corrected", "reason": "sheet"},
    )
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_a_table_link_changes_only_its_own_match(client) -> None:
    tournament = services.tournament_create(name="x", format="swiss", rounds=1)
    services.entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(4)])
    drawn = services.round_pair(tournament_id=tournament.id)
    services.round_release(round_id=drawn.id)
    first, second = Match.objects.order_by("table")
    client.post(
        reverse("table", args=[first.game_token]), {"by": "ns", "ns_score": 1, "ew_score": 0}
    )
    second.refresh_from_db()
    assert second.status == Match.Status.PLAYING and not second.submissions.exists()
    assert client.get(reverse("table", args=["nope"])).status_code == 404


def test_only_the_director_sees_the_directors_pages(client, django_user_model) -> None:
    owner = django_user_model.objects.create_user("owner")
    tournament = services.tournament_create(name="x", format="swiss", rounds=1, director=owner)
    assert client.get(reverse("director", args=[tournament.id])).status_code == 302  # log in
    client.force_login(django_user_model.objects.create_user("intruder"))
    assert client.get(reverse("director", args=[tournament.id])).status_code == 404
    assert client.post(reverse("director-round-next", args=[tournament.id])).status_code == 404


def test_the_draft_reasons_and_the_table_state_speak_the_readers_language(client, director) -> None:
    tournament = services.tournament_create(name="x", format="swiss", rounds=1, director=director)
    services.entries_add(
        tournament_id=tournament.id, entries=[{"name": f"P{i}", "seed": i} for i in range(4)]
    )
    drawn = services.round_pair(tournament_id=tournament.id)
    english = client.get(reverse("director", args=[tournament.id])).content.decode()
    french = client.get(
        reverse("director", args=[tournament.id]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "seeded" in english and "seeded" not in french
    services.round_release(round_id=drawn.id)
    token = Match.objects.filter(ew__isnull=False).first().game_token
    table = client.get(reverse("table", args=[token]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Playing: enter the hands" not in table
