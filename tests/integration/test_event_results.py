"""What a club keeps of an event (issue 29): the standings as a PDF, final or provisional, with
the club, the event and its days, each pair with its players, points and tie-breaks as the
standings table shows them, the columns' heading on every page; public, made once per version of
the event, linked from the director's page and, once the event is finished, the public pages."""

from __future__ import annotations

import io
import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import formats, timezone
from pypdf import PdfReader

from clubs.services import club_create
from tests.factories import club_event, round_played
from tests.integration.test_tournaments import build_big_event
from tournaments.models import Match, StandingsSnapshot, Tournament
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_close
from tournaments.services.standings import standings_recompute

pytestmark = pytest.mark.django_db

PDF = "/t/{}/standings.pdf"


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dora")


@pytest.fixture
def club(director):
    return club_create(name="Circolo Canasta Roma", director=director)


def finished(tournament: Tournament) -> Tournament:
    """The open tables settled, every round of the plan played, the last one closed: the event
    is finished."""
    for match in Match.objects.filter(round__tournament=tournament, ew__isnull=False).filter(
        result__isnull=True
    ):
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=650, ew_score=400)
    while not tournament.rounds or tournament.round_set.count() < tournament.rounds:
        round_played(tournament)  # a knockout's rounds are known once round 1 is drawn
        tournament.refresh_from_db()
    round_close(round_id=tournament.round_set.order_by("-number").first().id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def pdf_pages(response) -> list[str]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def today() -> str:
    return formats.date_format(timezone.localdate(), "DATE_FORMAT")


def test_the_final_standings_pdf_names_the_club_the_event_its_day_and_every_pair(
    director, club
) -> None:
    tournament = finished(club_event("swiss", director, name="Spring Swiss", club=club))
    pages = pdf_pages(Client().get(PDF.format(tournament.id)))  # anyone may print it
    assert len(pages) == 1
    lines = pages[0].splitlines()
    assert lines[:3] == ["Circolo Canasta Roma", "Spring Swiss", "Final standings"]
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).first()
    assert lines[3] == (
        f"{today()} · Swiss ×5 · Standings after round 5 · version {snapshot.version}"
    )
    assert lines[4] == "Rank Pair Players Points Buchholz"
    assert len(snapshot.rows) == 12
    for line, row in zip(lines[5:17], snapshot.rows, strict=True):  # as the standings rank them
        n = int(row["name"].removeprefix("Pair "))
        rank = ("=" if row.get("shared") else "") + str(row["rank"])
        metrics = row["metrics"]
        assert (
            line == f"{rank} {row['name']} Ann {n} & Bob {n} {metrics['tp']} {metrics['buchholz']}"
        )
    assert "rovisional" not in pages[0]


def test_before_the_end_the_standings_pdf_says_provisional_and_only_the_director_links_it(
    client, director
) -> None:
    tournament = club_event("mitchell", director, name="Mitchell night")
    round_played(tournament)
    round_played(tournament, settle=1)  # round 2 under way
    page = pdf_pages(Client().get(PDF.format(tournament.id)))[0]
    assert "Mitchell night\nProvisional standings\n" in page
    assert "Provisional: matches still being played." in page
    assert "Rank Pair Players Points Buchholz" in page
    client.force_login(director)
    board = client.get(f"/t/{tournament.id}/director/").content.decode()
    assert (
        f'href="{PDF.format(tournament.id)}" data-testid="standings-pdf">Standings (PDF)' in board
    )
    public = Client().get(f"/t/{tournament.id}/").content.decode()
    assert PDF.format(tournament.id) not in public  # not finished: the public page waits

    finished(tournament)
    page = pdf_pages(Client().get(PDF.format(tournament.id)))[0]
    assert "Mitchell night\nFinal standings\n" in page and "rovisional" not in page
    for path in ("", "standings/"):  # the public pages link the final standings' PDF
        public = Client().get(f"/t/{tournament.id}/{path}").content.decode()
        assert f'href="{PDF.format(tournament.id)}" data-testid="standings-pdf">' in public
    board = client.get(f"/t/{tournament.id}/director/").content.decode()
    assert 'data-testid="final-pdf">Final standings (PDF)' in board


def test_an_individual_events_pdf_ranks_players_and_a_knockouts_ranks_by_its_bracket(
    director,
) -> None:
    individual = finished(club_event("individual", director, name="Friday individual"))
    page = pdf_pages(Client().get(PDF.format(individual.id)))[0]
    # Each player on their own: no players' column; the club format's four tie-breaks.
    assert "Rank Player Points Opponents less partners Margin Buchholz" in page
    assert re.search(r"^1 Player \d\d \d+ ", page, re.M), page
    knockout = finished(club_event("knockout", director, name="Cup night"))
    lines = pdf_pages(Client().get(PDF.format(knockout.id)))[0].splitlines()
    # A knockout alone ranks by its bracket: no points, no tie-breaks; the champion first.
    assert "Rank Pair Players" in lines
    champion = next(i for i, line in enumerate(lines) if line == "Rank Pair Players") + 1
    assert re.fullmatch(r"1 Pair \d\d Ann \d+ & Bob \d+", lines[champion]), lines


@pytest.mark.slow
def test_a_long_standings_pdf_repeats_its_heading_on_every_page() -> None:
    """400 pairs, on 11 pages (1000 take a few seconds: bench/print.py)."""
    tournament = build_big_event(400, 2)
    standings_recompute(tournament_id=tournament.id)
    pages = pdf_pages(Client().get(PDF.format(tournament.id)))
    assert len(pages) >= 10
    for number, page in enumerate(pages, 1):
        assert "Rank Pair Players Points Buchholz" in page, number
        if number > 1:  # the event and the standings' state in the top margin
            assert "Regional" in page and "Provisional standings" in page, number
    names = re.findall(r"^=?\d+ (P\d+) ", "\n".join(pages), re.M)
    assert sorted(names) == sorted(f"P{i}" for i in range(400))


def test_the_standings_pdf_is_made_once_per_version_and_answered_304_meanwhile(
    director,
) -> None:
    caches["fragments"].clear()
    tournament = club_event("mitchell", director)
    round_played(tournament, settle=1)
    url = PDF.format(tournament.id)
    first = Client().get(url)
    assert first["ETag"] and "no-cache" in first["Cache-Control"]
    assert first["Content-Disposition"] == (
        f'inline; filename="tournament-{tournament.id}-standings.pdf"'
    )
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and len(queries) == 1  # the tournament's version alone
    with CaptureQueriesContext(connection) as queries:
        cached = Client().get(url)
    assert cached.content == first.content and len(queries) == 1  # nothing made again
    other = Match.objects.filter(round__tournament=tournament, ew__isnull=False, result=None)[0]
    result_submit(match_id=other.id, by="ns", ns_score=700, ew_score=650)  # a new version
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    assert Client().get("/t/999999/standings.pdf").status_code == 404
