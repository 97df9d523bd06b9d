"""Celery tasks of the federations: thin, idempotent, taking ids, retrying while the database or
the broker is not answering (core.background.RETRYING)."""

from __future__ import annotations

from datetime import date

from celery import shared_task

from core.background import RETRYING
from federations import reports


@shared_task(**RETRYING)
def event_report_task(event_id: int) -> None:
    """Report a finished sanctioned event's places (a second run writes nothing)."""
    reports.event_report(event_id=event_id)


@shared_task(**RETRYING)
def ranking_warm_task(federation_id: int, played_on: str) -> None:
    """Work out the rankings of the seasons a new report counts in, for the cache, so that the
    next look at them is answered at once (a second run finds them there)."""
    reports.rankings_warm(federation_id=federation_id, played_on=date.fromisoformat(played_on))
