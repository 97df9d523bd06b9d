"""The director's printing, per round: table cards, score sheets and pairings as PDF. A round of
a few dozen tables is printed in the request; a larger one is made in the background and its
page shows the progress until the file is ready (print_jobs.py). Only the tournament's director
(or a superuser) may print; to anyone else these pages do not exist (404)."""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from core.no_store import private
from core.phone_links import phone_links
from tournaments.access import directed
from tournaments.models import PrintJob, Round, Tournament
from tournaments.print_jobs import needs_background, path_of, print_job_check, print_job_start
from tournaments.printing import CARDS_PER_PAGE, KINDS, PrintSpec, render_bracket
from tournaments.printing import render as render_pdf
from tournaments.selectors.bracket import knockout_bracket
from tournaments.selectors.lookups import round_of


def _filename(tournament: Tournament, number: int, kind: str) -> str:
    return f"tournament-{tournament.id}-round-{number}-{kind}.pdf"


def _pdf(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    private(response)
    return response


@require_safe
def print_round(request: HttpRequest, tournament_id: int, number: int, kind: str) -> HttpResponse:
    """A round's document: cards (4 to an A4 page, or 2 with ?per_page=2; a draft has no table
    links yet), score sheets or pairings."""
    tournament = directed(request, tournament_id)
    played = round_of(tournament, number)
    if kind not in KINDS or (kind == "cards" and played.status == Round.Status.DRAFT):
        raise Http404
    per_page = request.GET.get("per_page", "")
    spec = PrintSpec(
        kind,
        int(per_page) if per_page in {str(n) for n in CARDS_PER_PAGE} else 4,
        get_language(),
        phone_links(request).base,
    )
    if not needs_background(played):
        return _pdf(render_pdf(played, spec), _filename(tournament, number, kind))
    job = print_job_start(round_id=played.id, spec=spec)
    return redirect("print-job", tournament.id, job.id)


@require_safe
def print_bracket(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The knockout's bracket as it stands, on one page (404 for an event without one)."""
    tournament = directed(request, tournament_id)
    bracket = knockout_bracket(tournament)
    if bracket is None:
        raise Http404
    pdf = render_bracket(tournament, bracket, get_language())
    return _pdf(pdf, f"tournament-{tournament.id}-bracket.pdf")


def _job(request: HttpRequest, tournament_id: int, job_id: int) -> tuple[Tournament, PrintJob]:
    tournament = directed(request, tournament_id)
    job = (
        PrintJob.objects.select_related("round")
        .filter(id=job_id, round__tournament=tournament)
        .first()
    )
    if job is None:
        raise Http404
    return tournament, print_job_check(job_id=job.id)


@require_safe
def print_job(request: HttpRequest, tournament_id: int, job_id: int) -> HttpResponse:
    """A document being made: its progress, polled by the page; then its download."""
    tournament, job = _job(request, tournament_id, job_id)
    response = render(
        request,
        "tournaments/print_job.html",
        {"tournament": tournament, "job": job, "round": job.round},
    )
    private(response)
    return response


@require_safe
def print_job_state(request: HttpRequest, tournament_id: int, job_id: int) -> JsonResponse:
    tournament, job = _job(request, tournament_id, job_id)
    response = JsonResponse(
        {
            "status": job.status,
            "done": job.done,
            "total": job.total,
            "file": reverse("print-job-file", args=[tournament.id, job.id])
            if job.status == PrintJob.Status.READY
            else "",
        }
    )
    private(response)
    return response


@require_safe
def print_job_file(
    request: HttpRequest, tournament_id: int, job_id: int
) -> HttpResponse | FileResponse:
    tournament, job = _job(request, tournament_id, job_id)
    path = path_of(job)
    if job.status != PrintJob.Status.READY or not job.file or not path.exists():
        return redirect("print-job", tournament.id, job.id)
    response = FileResponse(
        path.open("rb"),
        content_type="application/pdf",
        filename=_filename(tournament, job.round.number, job.kind),
    )
    response["Content-Disposition"] = response["Content-Disposition"].replace(
        "attachment", "inline"
    )
    private(response)
    return response
