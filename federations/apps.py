from typing import Any

from django.apps import AppConfig


class FederationsConfig(AppConfig):
    """Federations (issue 33): clubs grouped under a federation, its members across clubs, the
    events its clubs sanction and the ranking they make."""

    name = "federations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The apps below hear of the federations through their registries and signals only.
        from django.db.models.signals import post_save

        from clubs.person_data import register
        from federations.person import FEDERATION_LINKS
        from tournaments.models import StandingsSnapshot

        register(FEDERATION_LINKS)
        post_save.connect(
            _standings_written, sender=StandingsSnapshot, dispatch_uid="federations.standings"
        )


def _standings_written(instance: Any, created: bool, **kwargs: Any) -> None:
    """An event's final standings were written: if it is sanctioned, its report follows after
    the commit (a correction's too). Provisional standings report nothing."""
    from federations.models import Sanction
    from federations.reports import report_request

    final = created and not instance.provisional
    if final and Sanction.objects.filter(event_id=instance.tournament_id).exists():
        report_request(event_id=instance.tournament_id)
