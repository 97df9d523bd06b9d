from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self) -> None:
        from scorekeeper.signals import game_changed

        game_changed.connect(_game_changed, dispatch_uid="clubs.game_changed")


def _game_changed(game_id: str, **kwargs: Any) -> None:
    """A game of club players changed: its statistics' lines are rebuilt after the commit."""
    from clubs.models import SeatedPlayer
    from clubs.statistics_refresh import game_lines_request

    if SeatedPlayer.objects.filter(side__game_id=game_id).exists():
        game_lines_request(game_id=game_id)
