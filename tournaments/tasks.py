"""Celery tasks of the tournament app: thin, idempotent, taking ids."""

from __future__ import annotations

from contextlib import suppress

from celery import shared_task

from tournaments import services


@shared_task
def standings_recompute(tournament_id: int) -> None:
    """Rebuild the standings (the same inputs write no second snapshot)."""
    services.standings_recompute(tournament_id=tournament_id)


@shared_task
def round_pair(tournament_id: int) -> None:
    """Draw the next round once the last is settled (a second run finds nothing to do)."""
    with suppress(services.TournamentError):  # already drawn, or not ready: the page says so
        services.round_pair(tournament_id=tournament_id)
