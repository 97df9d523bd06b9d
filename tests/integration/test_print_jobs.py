"""Printing at any size: a small round's PDF in the request, a large one made in the background
with its progress on a page, joined from chunks, served again while unchanged, started again
when it stalls, and private to the director."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.waiting import wait_until
from tournaments import print_jobs, printing
from tournaments.models import PrintJob, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db(transaction=True)  # a job is made by another thread


@pytest.fixture
def small_inline(settings, tmp_path, monkeypatch):
    """Rounds of more than 2 tables go to the background, laid out 4 tables at a time, two
    chunks at once (as on a machine of two cores or more)."""
    settings.PRINT_ROOT = tmp_path / "prints"
    settings.PRINT_PROCESSES = 2
    monkeypatch.setattr(print_jobs, "INLINE_TABLES", 2)
    monkeypatch.setattr(printing, "CHUNK_TABLES", 4)
    yield
    # No thread of this test is left writing to the next one's database.
    under_way = PrintJob.objects.filter(
        status__in=(PrintJob.Status.WAITING, PrintJob.Status.MAKING)
    )
    wait_until(lambda: not under_way.exists(), 120, "the test's jobs end")


@pytest.fixture
def laid_out_here(small_inline, settings):
    """As small_inline, but laid out in this process (one process: chunks of CHUNK_TABLES): for a
    test of a job's life (stalled, swept, sent twice), where the layout processes (each a new
    Python importing WeasyPrint, half a second of CPU) are not what it checks; the large round's
    tests and tests/unit/test_pdf_parts.py lay out in processes."""
    settings.PRINT_PROCESSES = 1


@pytest.fixture
def director(django_user_model) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_user("dora"))
    return client


def released(director: Client, pairs: int) -> Tournament:
    from django.contrib.auth import get_user_model

    tournament = tournament_create(
        name="Regional", format="swiss", rounds=3, director=get_user_model().objects.get()
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, pairs + 1)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return tournament


def ready(job_id: int) -> bool:
    return PrintJob.objects.get(id=job_id).status == PrintJob.Status.READY


def test_a_small_round_is_printed_in_the_request(small_inline, director) -> None:
    tournament = released(director, pairs=4)  # 2 tables
    response = director.get(reverse("print-cards", args=[tournament.id, 1]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert not PrintJob.objects.exists()


def test_a_large_round_is_made_in_the_background_with_its_progress_shown(
    small_inline, director
) -> None:
    tournament = released(director, pairs=16)  # 8 tables: two chunks of 4
    asked = director.get(reverse("print-cards", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    assert asked.status_code == 302 and asked["Location"] == reverse(
        "print-job", args=[tournament.id, job.id]
    )
    page = director.get(asked["Location"])
    assert page.status_code == 200 and 'data-testid="print-job"' in page.content.decode()
    assert "no-store" in page["Cache-Control"]
    wait_until(lambda: ready(job.id), 120, "the cards made in the background")
    state = director.get(reverse("print-job-state", args=[tournament.id, job.id])).json()
    assert state["status"] == "ready" and state["done"] == state["total"] == 8
    pdf = director.get(state["file"])
    assert pdf["Content-Type"] == "application/pdf" and "no-store" in pdf["Cache-Control"]
    reader = PdfReader(io.BytesIO(b"".join(pdf.streaming_content)))
    assert len(reader.pages) == 2  # 8 cards, 4 to a page: the chunks joined
    assert [len(page["/Resources"]["/XObject"]) for page in reader.pages] == [8, 8]  # QR codes
    assert reader.metadata.title == "Regional: table cards, round 1"
    text = "".join(page.extract_text() for page in reader.pages)
    assert all(f"Pair {i}\n" in text or f"Pair {i} " in text for i in range(1, 17)), text
    # Asked again, nothing has changed: the same file, at once.
    again = director.get(reverse("print-cards", args=[tournament.id, 1]))
    assert again["Location"] == asked["Location"] and PrintJob.objects.count() == 1
    # Another size of card is another document.
    director.get(reverse("print-cards", args=[tournament.id, 1]) + "?per_page=2")
    assert PrintJob.objects.count() == 2


def test_a_job_that_stalled_is_started_again_by_its_page(laid_out_here, director, monkeypatch):
    tournament = released(director, pairs=8)
    monkeypatch.setattr(print_jobs, "_send", lambda _job_id: None)  # its process "died"
    director.get(reverse("print-sheets", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    monkeypatch.undo()
    PrintJob.objects.filter(id=job.id).update(
        status=PrintJob.Status.MAKING, updated_at=timezone.now() - timedelta(minutes=5)
    )
    director.get(reverse("print-job-state", args=[tournament.id, job.id]))  # the poll
    wait_until(lambda: ready(job.id), 120, "the stalled job made again")


def test_only_the_director_sees_a_print_job(small_inline, director, django_user_model) -> None:
    tournament = released(director, pairs=8)
    director.get(reverse("print-pairings", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    other = Client()
    other.force_login(django_user_model.objects.create_user("intruder"))
    for name in ("print-job", "print-job-state", "print-job-file"):
        assert other.get(reverse(name, args=[tournament.id, job.id])).status_code == 404
    wait_until(lambda: ready(job.id), 120, "the pairings")


def test_files_older_than_a_day_are_deleted(laid_out_here, director, settings) -> None:
    tournament = released(director, pairs=8)
    director.get(reverse("print-pairings", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    wait_until(lambda: ready(job.id), 120, "the pairings")
    path = print_jobs.path_of(PrintJob.objects.get(id=job.id))
    assert path.exists()
    PrintJob.objects.filter(id=job.id).update(created_at=timezone.now() - timedelta(days=2))
    director.get(reverse("print-sheets", args=[tournament.id, 1]))  # any new job sweeps
    assert not path.exists() and not PrintJob.objects.filter(id=job.id).exists()


def test_a_job_sent_twice_or_polled_by_many_is_made_once(laid_out_here, director, monkeypatch):
    tournament = released(director, pairs=8)
    runs: list[int] = []
    render = printing.render

    def counted(*args, **kwargs):  # how many runs lay the document out
        runs.append(1)
        return render(*args, **kwargs)

    monkeypatch.setattr(print_jobs, "render", counted)
    monkeypatch.setattr(print_jobs, "_send", lambda _job_id: None)  # sent by hand below
    director.get(reverse("print-sheets", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    print_jobs.print_job_render(job_id=job.id)
    print_jobs.print_job_render(job_id=job.id)  # a twin run: the job is made
    assert runs == [1] and ready(job.id)
    made = print_jobs.path_of(PrintJob.objects.get(id=job.id))
    assert sorted(p.name for p in made.parent.iterdir()) == [f"{job.id}.pdf"]  # one file
    # A stalled job is claimed by one run, however many polls send it.
    PrintJob.objects.filter(id=job.id).update(
        status=PrintJob.Status.MAKING, updated_at=timezone.now() - timedelta(minutes=5)
    )
    sent: list[int] = []
    monkeypatch.setattr(print_jobs, "_send", sent.append)
    for _ in range(3):
        director.get(reverse("print-job-state", args=[tournament.id, job.id]))
    assert sent == [job.id]
    print_jobs.print_job_render(job_id=job.id)
    print_jobs.print_job_render(job_id=job.id)
    assert runs == [1, 1] and ready(job.id)


@pytest.mark.parametrize(
    ("tables", "processes", "per_page", "size"),
    [
        (500, 1, 4, 40),
        (500, 2, 4, 36),
        (500, 2, 2, 36),
        (1000, 2, 2, 40),  # 39 tables, made whole pages
        (1000, 2, 1, 39),
        (120, 2, 4, 32),
        (51, 2, 2, 26),
        (8, 4, 1, 2),
        (1, 2, 4, 4),
        (0, 2, 4, 40),
    ],
)
def test_each_process_gets_chunks_of_about_as_many_tables_in_whole_pages(
    tables, processes, per_page, size
):
    """At most CHUNK_TABLES (40) a chunk, about as many chunks for each process, and whole
    pages: a chunk that ended mid-page would leave a part-empty page in the document."""
    assert printing.chunk_size(tables, processes, per_page) == size
    assert size % per_page == 0


def test_a_job_in_chunks_prints_every_page_full_but_its_last(small_inline, director) -> None:
    tournament = released(director, pairs=20)  # 10 tables: 3 pages of 4 cards
    asked = director.get(reverse("print-cards", args=[tournament.id, 1]))
    job = PrintJob.objects.get()
    assert asked.status_code == 302
    wait_until(lambda: ready(job.id), 120, "the cards made in the background")
    reader = PdfReader(str(print_jobs.path_of(PrintJob.objects.get(id=job.id))))
    assert len(reader.pages) == 3  # chunks of 3 cards would have left 4 pages of 3, 3, 3, 1
    text = "".join(page.extract_text() for page in reader.pages)
    assert all(f"Pair {i}\n" in text or f"Pair {i} " in text for i in range(1, 21)), text
