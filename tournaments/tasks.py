"""Celery tasks of the tournament app: thin, idempotent, taking ids, retrying while the database
or the broker is not answering (core.background.RETRYING)."""

from __future__ import annotations

from celery import shared_task

from core.background import RETRYING
from tournaments import print_jobs
from tournaments.services import rounds, standings


# Registered under its first name: messages already queued under it still find it.
@shared_task(name="tournaments.tasks.standings_recompute", **RETRYING)
def standings_recompute_task(tournament_id: int) -> None:
    """Rebuild the standings if anything they count changed (a second run writes nothing)."""
    standings.standings_recompute(tournament_id=tournament_id)


@shared_task(**RETRYING)
def round_pair(tournament_id: int, number: int | None = None) -> None:
    """Draw round ``number`` once the last is settled (a second run finds it drawn); a refusal
    is kept for the director's page."""
    rounds.round_draw(tournament_id=tournament_id, number=number)


@shared_task(**{**RETRYING, "acks_late": False, "reject_on_worker_lost": False})
def print_render(job_id: int) -> None:
    """Make a round's PDF in the background, recording its progress. Acknowledged at once: a
    render lost with its worker (or killed for its memory) is started again by the page that
    polls it, never redelivered by the broker while another still runs it."""
    print_jobs.print_job_render(job_id=job_id)
