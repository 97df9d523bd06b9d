"""Celery tasks of the federations: thin, idempotent, taking ids, retrying while the database or
the broker is not answering (core.background.RETRYING)."""

from __future__ import annotations

from celery import shared_task

from core.background import RETRYING
from federations import reports


@shared_task(**RETRYING)
def event_report_task(event_id: int) -> None:
    """Report a finished sanctioned event's places (a second run writes nothing)."""
    reports.event_report(event_id=event_id)
