"""Celery tasks of the clubs app: thin, idempotent, taking ids, retrying while the database or
the broker is not answering (core.background.RETRYING)."""

from __future__ import annotations

from celery import shared_task

from clubs import backup, statistics_refresh
from core.background import RETRYING


@shared_task(**RETRYING)
def game_lines_refresh(game_id: str) -> None:
    """Rebuild the statistics' lines of a game's club players (a second run writes the same)."""
    statistics_refresh.game_lines_refresh(game_id=game_id)


@shared_task(**RETRYING)
def games_lines_refresh(game_ids: list[str]) -> None:
    """Rebuild the statistics' lines of many games' club players (a restored backup's)."""
    statistics_refresh.games_lines_refresh(game_ids=game_ids)


@shared_task(**{**RETRYING, "acks_late": False, "reject_on_worker_lost": False})
def club_import_run(job_id: int) -> None:
    """Import a club's backup (backup.py), recording its progress. Acknowledged at once: an
    import lost with its worker is undone and failed by its page, never run twice at once."""
    backup.club_import_run(job_id=job_id)
