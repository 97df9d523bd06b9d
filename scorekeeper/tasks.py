"""Celery tasks of the scoring app: thin, idempotent, taking ids, retrying while the database or
the broker is not answering (core.background.RETRYING)."""

from __future__ import annotations

from celery import shared_task

from core.background import RETRYING
from scorekeeper import services


@shared_task(**RETRYING)
def game_recompute(game_id: str) -> None:
    """Rescore every hand of a game from its records (safe to run twice)."""
    services.game_recompute(game_id=game_id)
