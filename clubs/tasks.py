"""Celery tasks of the clubs app: thin, idempotent, taking ids, retrying while the database or
the broker is not answering (scorekeeper.background.RETRYING)."""

from __future__ import annotations

from celery import shared_task

from clubs import statistics_refresh
from scorekeeper.background import RETRYING


@shared_task(**RETRYING)
def game_lines_refresh(game_id: str) -> None:
    """Rebuild the statistics' lines of a game's club players (a second run writes the same)."""
    statistics_refresh.game_lines_refresh(game_id=game_id)
