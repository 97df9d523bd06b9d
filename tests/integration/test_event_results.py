"""What a club keeps of an event (issue 29): the standings as a PDF (final or provisional, the
club, the event and the day it was played, each pair with its players, points and tie-breaks as
the standings table shows them, the columns' heading on every page), and the results page pinned
on the wall (every table's result in force round by round, the sit-outs by name, an individual
event's partnerships; public, printable, read in a fixed number of queries). Both are linked
from the director's page, and from the public pages once the event is finished."""

from __future__ import annotations

import io
import re
from datetime import date
from html import unescape

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import formats, timezone
from pypdf import PdfReader

from clubs.services import club_create
from tests.factories import club_event, round_played
from tests.integration.test_tournament_public import text
from tests.integration.test_tournaments import build_big_event
from tournaments.models import Match, ResultSubmission, Round, StandingsSnapshot, Tournament
from tournaments.selectors.results import TableOutcome, table_outcome
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_close, round_pair
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create, tournament_played_on_set

pytestmark = pytest.mark.django_db

PDF = "/t/{}/standings.pdf"
RESULTS = "/t/{}/results/"


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


def test_the_pdf_and_the_results_page_are_dated_by_the_day_the_event_was_played(
    director, club
) -> None:
    """An evening kept on paper, its results entered days later, keeps its day (the event's
    ``played_on``, not the day its rounds were drawn); the director's correction of the day
    shows on both at once."""
    tournament = finished(club_event("swiss", director, name="Paper evening", club=club))

    def dated() -> tuple[str, str]:
        pdf = pdf_pages(Client().get(PDF.format(tournament.id)))[0].splitlines()[3]
        html = Client().get(RESULTS.format(tournament.id)).content.decode()
        meta = re.search(r'data-testid="results-meta">(.*?)</p>', html, re.S)
        assert meta, html
        return pdf.split(" · ")[0], text(meta.group(1)).split(" · ")[1]

    for day in (date(2024, 3, 9), date(2024, 3, 16)):  # entered, then corrected by the director
        tournament_played_on_set(tournament_id=tournament.id, played_on=day)
        shown = formats.date_format(day, "DATE_FORMAT")
        assert dated() == (shown, shown)
    assert today() not in dated()


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
    assert f'href="{RESULTS.format(tournament.id)}"' in board
    public = Client().get(f"/t/{tournament.id}/").content.decode()
    assert PDF.format(tournament.id) not in public  # not finished: the public page waits

    finished(tournament)
    page = pdf_pages(Client().get(PDF.format(tournament.id)))[0]
    assert "Mitchell night\nFinal standings\n" in page and "rovisional" not in page
    for path in ("", "standings/"):  # the public pages link the final standings' PDF
        public = Client().get(f"/t/{tournament.id}/{path}").content.decode()
        assert f'href="{PDF.format(tournament.id)}" data-testid="standings-pdf">' in public
    public = Client().get(f"/t/{tournament.id}/").content.decode()
    assert f'href="{RESULTS.format(tournament.id)}" data-testid="results-link"' in public
    board = client.get(f"/t/{tournament.id}/director/").content.decode()
    assert 'data-testid="final-pdf">Final standings (PDF)' in board


KINDS = ("cards", "sheets", "pairings")  # the printed round (tournaments/urls.py)


def test_a_finished_events_director_page_drops_the_tables_links_warning_and_print_links(
    client, director, settings
) -> None:
    """Opened at this machine's own address (no network address known), the director's page
    warns that phones cannot open the tables' links, and offers the round's table cards and
    score sheets, while the round is played; once the event is finished neither matters: what
    the director needs then stays (results, the final standings' PDF, the exports)."""
    settings.LOCAL_ADDRESSES = []
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    tournament = club_event("swiss", director, name="Swiss Wednesday")
    round_played(tournament, settle=1)
    client.force_login(director)
    board = f"/t/{tournament.id}/director/"

    def printed() -> list[str]:  # the latest round's
        n = tournament.round_set.order_by("-number").first().number
        return [f'href="{reverse(f"print-{kind}", args=[tournament.id, n])}"' for kind in KINDS]

    playing = client.get(board, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'data-testid="links-unreachable"' in playing
    assert all(link in playing for link in printed())
    finished(tournament)
    html = client.get(board, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'data-testid="links-unreachable"' not in html and "Phones cannot open" not in html
    assert not any(link in html for link in printed())
    kept = [RESULTS.format(tournament.id), PDF.format(tournament.id)]
    kept += [reverse(f"export-{kind}", args=[tournament.id]) for kind in ("results", "standings")]
    assert all(f'href="{link}"' in html for link in kept)


def test_an_individual_events_pdf_ranks_players_and_a_knockouts_ranks_by_its_bracket(
    director,
) -> None:
    individual = finished(club_event("individual", director, name="Friday individual"))
    page = pdf_pages(Client().get(PDF.format(individual.id)))[0]
    # Each player on their own: no players' column; the club format's four tie-breaks.
    words = " ".join(page.split())  # a long heading wraps in its column
    assert "Rank Player Points Opponents less partners Margin Buchholz" in words
    assert re.search(r"^1 Player \d\d \d+ ", page, re.M), page
    knockout = finished(club_event("knockout", director, name="Cup night"))
    lines = pdf_pages(Client().get(PDF.format(knockout.id)))[0].splitlines()
    # A knockout alone ranks by its bracket: no points, no tie-breaks; the champion first.
    assert "Rank Pair Players" in lines
    champion = next(i for i, line in enumerate(lines) if line == "Rank Pair Players") + 1
    assert re.fullmatch(r"1 Pair \d\d Ann \d+ & Bob \d+", lines[champion]), lines


def test_beside_four_tie_breaks_a_pair_and_its_players_keep_a_line_each() -> None:
    """The default tie-breaks (points, head to head, margin, Buchholz): the pair's column once
    shrank to a letter's width beside them, a name printed a character a line."""
    tournament = tournament_create(name="Spring Cup", format="swiss", rounds=2)
    pairs = [("Rossi & Bianchi", "Anna Rossi", "Carla Bianchi"), ("Les As", "Élodie", "Fred")]
    pairs += [("Jokers", "Gina Costa", "Hugo Brun"), ("Queens", "Ines Alves", "Jan Novak")]
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": n, "player_1": a, "player_2": b} for n, a, b in pairs],
    )
    round_played(tournament)
    lines = pdf_pages(Client().get(PDF.format(tournament.id)))[0].splitlines()
    assert "Rank Pair Players Points Head to head Margin Buchholz" in " ".join(lines)
    for name, first, second in pairs:
        assert any(
            re.fullmatch(rf"=?\d {re.escape(name)} {first} & {second} \d .+", line)
            for line in lines
        ), (name, lines)


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


def round_html(html: str, number: int) -> str:
    found = re.search(rf'data-round="{number}">(.*?)</section>', html, re.S)
    assert found, f"no round {number}"
    return found.group(1)


def table_row(html: str, table: int) -> str:
    found = re.search(rf'<tr data-table="{table}"[^>]*>(.*?)</tr>', html, re.S)
    assert found, f"no table {table}"
    return unescape(text(found.group(1)))


def test_the_results_page_shows_every_round_with_the_result_in_force_and_the_bye(
    director, club
) -> None:
    """11 pairs, victory points (4 hands: 10–10 up to a margin of 100, a VP more past 250,
    400, 550...; a bye or a forfeit's present pair 12, its absent pair 0)."""
    tournament = club_event("swiss", director, name="Spring Swiss", count=11, club=club)
    first = round_played(tournament, settle=0)
    one, two, three, four, five = first.matches.filter(ew__isnull=False).order_by("table")
    for by in ("ns", "ew"):
        result_submit(match_id=one.id, by=by, ns_score=900, ew_score=300)  # margin 600
    result_submit(match_id=two.id, by="ns", ns_score=800, ew_score=300)
    result_submit(match_id=two.id, by="ew", ns_score=300, ew_score=800)  # a dispute
    result_correct(match_id=two.id, ns_score=800, ew_score=350, reason="Sheet")  # margin 450
    result_correct(match_id=three.id, ns_score=500, ew_score=500, reason="Slow", kind="adjusted")
    result_correct(
        match_id=four.id,
        ns_score=0,
        ew_score=0,
        reason="No show",
        kind="forfeit",
        winner_id=four.ew_id,
    )
    for by in ("ns", "ew"):
        result_submit(match_id=five.id, by=by, ns_score=300, ew_score=350)  # an E-W win
    second = round_played(tournament, settle=1)
    html = Client().get(RESULTS.format(tournament.id)).content.decode()

    assert "Circolo Canasta Roma" in html and "Spring Swiss" in html
    assert f"Results · {today()} · Swiss ×5" in text(html)
    r1 = round_html(html, 1)
    names = {m.id: (m.ns.name, m.ew.name) for m in (one, two, three, four, five)}
    assert table_row(r1, 1) == "Table 1 {} {} 900 – 300 14 – 6".format(*names[one.id])
    assert table_row(r1, 2) == "Table 2 {} {} 800 – 350 (Corrected by the director) 13 – 7".format(
        *names[two.id]
    )
    assert table_row(r1, 3) == (
        "Table 3 {} {} 500 – 500 (Score adjusted by the director) 10 – 10".format(*names[three.id])
    )
    assert table_row(r1, 4) == (
        "Table 4 {} {} 0 – 0 (Forfeit, entered by the director) 0 – 12".format(*names[four.id])
    )
    assert table_row(r1, 5) == "Table 5 {} {} 300 – 350 10 – 10".format(*names[five.id])
    # The winners in bold: North-South at table 1, East-West at the forfeit and at table 5.
    assert re.search(r'data-table="1".*?class="p-ns won"', r1, re.S)
    assert re.search(r'data-table="4"[^>]*>.*?class="p-ew won"', r1, re.S)
    bye = first.matches.get(ew__isnull=True).ns
    sat = re.search(r'data-testid="sat-out">(.*?)</tr>', r1, re.S)
    assert sat and text(sat.group(1)) == f"– {bye.name} Bye 12"
    r2 = round_html(html, 2)  # under way: its open tables say so
    assert table_row(r2, 1).endswith("620 – 450 11 – 9") and table_row(r2, 2).endswith("Playing")
    assert second.matches.filter(ew__isnull=True).count() == 1
    # The standings on top, as the standings page shows them.
    assert 'data-testid="results-standings"' in html and 'data-testid="standings"' in html
    assert html.index('data-testid="results-standings"') < html.index('data-round="1"')


def test_the_results_page_and_the_statistics_agree_on_who_won_a_table(director) -> None:
    """The side a result names as the winner (a forfeit's present pair, a tie played off),
    else the higher score (selectors.results.winning_side): a winner named who sits at neither
    side of the table (a result kept from before a swap) left the scores to say, in the
    statistics, but bolded East-West on the results page whatever the scores."""
    tournament = club_event("swiss", director, name="Spring Swiss")
    played = round_played(tournament)  # North-South wins every table
    one, two = played.matches.filter(ew__isnull=False).order_by("table")[:2]
    ResultSubmission.objects.filter(id=one.result_id).update(winner=two.ns_id)
    r1 = round_html(Client().get(RESULTS.format(tournament.id)).content.decode(), 1)
    row = re.search(r'<tr data-table="1"[^>]*>(.*?)</tr>', r1, re.S)
    assert row and 'class="p-ns won"' in row.group(1) and "p-ew won" not in row.group(1)
    assert table_outcome(one.game_id) == TableOutcome(0)


def test_an_individual_evenings_results_name_each_partnership_and_who_sits_out(
    director,
) -> None:
    tournament = club_event("individual", director, name="Friday individual", count=13)
    played = round_played(tournament)
    html = round_html(Client().get(RESULTS.format(tournament.id)).content.decode(), 1)
    for m in played.matches.filter(ew__isnull=False).select_related(
        "ns", "ns_with", "ew", "ew_with"
    ):
        row = table_row(html, m.table)
        assert row.startswith(
            f"Table {m.table} {m.ns.name} & {m.ns_with.name} {m.ew.name} & {m.ew_with.name} "
        ), row
    sitting = played.matches.select_related("ns").get(ew__isnull=True).ns
    sat = re.search(r'data-testid="sat-out">(.*?)</tr>', html, re.S)
    assert sat and text(sat.group(1)).startswith(f"– {sitting.name} Sits out "), sat


def test_the_results_page_is_public_without_drafts_and_read_in_a_fixed_number_of_queries(
    director,
) -> None:
    queries = []
    for teams, rounds in ((10, 2), (60, 4)):
        tournament = build_big_event(teams, rounds)
        standings_recompute(tournament_id=tournament.id)
        caches["fragments"].clear()
        with CaptureQueriesContext(connection) as counted:
            response = Client().get(RESULTS.format(tournament.id))
        assert response.status_code == 200
        html = response.content.decode()
        assert html.count('<tr data-table="') == rounds * teams // 2
        queries.append(len(counted))
    assert queries[0] == queries[1], queries
    assert queries[0] <= 16, queries
    # A round drawn and not released is the director's: not on the results page.
    tournament = tournament_create(name="Club night", format="swiss", rounds=3, director=director)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(4)])
    round_pair(tournament_id=tournament.id)
    html = Client().get(RESULTS.format(tournament.id)).content.decode()
    assert 'data-testid="no-round"' in html and 'data-round="1"' not in html
    assert Client().get("/t/999999/results/").status_code == 404
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Match.objects.filter(round__tournament=tournament).exists()


def test_a_large_events_results_come_a_round_at_a_time_under_the_top_of_the_standings(
    director, monkeypatch
) -> None:
    from tournaments.views import public

    monkeypatch.setattr(public, "RESULTS_WHOLE", 8)  # 10 tables: a large event here
    monkeypatch.setattr(public, "STANDINGS_PER_PAGE", 6)
    tournament = build_big_event(10, 2)
    standings_recompute(tournament_id=tournament.id)
    url = RESULTS.format(tournament.id)
    latest = Client().get(url).content.decode()
    assert re.findall(r'data-testid="results-round" data-round="(\d)"', latest) == ["2"]
    pages = re.search(r'data-testid="results-pages">(.*?)</nav>', latest, re.S)
    assert pages and text(pages.group(1)) == "Round 1 Round 2"
    assert 'href="?round=2" aria-current="page"' in pages.group(1)
    standings = latest.split('data-testid="results-standings"')[1].split("</section>")[0]
    assert standings.count("<tr data-entry=") == 6 and 'data-testid="more-standings"' in standings
    first = Client().get(url + "?round=1").content.decode()
    assert re.findall(r'data-testid="results-round" data-round="(\d)"', first) == ["1"]
    assert first.count('<tr data-table="') == 5
    assert Client().get(url + "?round=3").status_code == 404  # not a round: not to cache
    for wrong in ("?round=x", "?round=-1", "?round=99999999999999999999", "?round=1e3"):
        # No round number (core.params.int_param): read as no round asked.
        shown = Client().get(url + wrong).content.decode()
        assert re.findall(r'data-round="(\d)"', shown) == ["2"], wrong


def test_a_finished_event_s_result_is_corrected_after_it_but_not_a_knockout_s_early_round(
    director, club
):
    swiss = finished(club_event("swiss", director, club=club))
    first = Match.objects.filter(round__tournament=swiss, round__number=1, ew__isnull=False)[0]
    result_correct(match_id=first.id, ns_score=300, ew_score=900, reason="card misread")
    first.refresh_from_db()
    assert (first.result.ns_score, first.result.ew_score) == (300, 900)
    knockout = finished(club_event("knockout", director, club=club))
    early = Match.objects.filter(round__tournament=knockout, round__number=1, ew__isnull=False)[0]
    with pytest.raises(TournamentError, match="decided who went on"):
        result_correct(match_id=early.id, ns_score=300, ew_score=900, reason="card misread")
    last = knockout.round_set.order_by("-number")[0]
    final = last.matches.filter(ew__isnull=False)[0]
    result_correct(
        match_id=final.id, ns_score=300, ew_score=900, reason="card misread", winner_id=final.ew_id
    )
