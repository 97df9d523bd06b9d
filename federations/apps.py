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

        from clubs.club_links import LINKS
        from clubs.person_data import register
        from federations.person import FEDERATION_LINKS
        from tournaments.models import StandingsSnapshot
        from tournaments.signals import event_finished

        register(FEDERATION_LINKS)
        event_finished.connect(_event_finished, dispatch_uid="federations.event_finished")
        if _club_federations not in LINKS:
            LINKS.append(_club_federations)
        post_save.connect(
            _standings_written, sender=StandingsSnapshot, dispatch_uid="federations.standings"
        )


def _event_finished(event_id: int, **kwargs: Any) -> None:
    """An event finished: if it is sanctioned, its report follows after the commit."""
    _report_if_sanctioned(event_id)


def _standings_written(instance: Any, created: bool, **kwargs: Any) -> None:
    """A finished event's standings were written again (a correction after the event): if it
    is sanctioned, its report follows after the commit. An event still running reports nothing
    (it reports when it finishes)."""
    from tournaments.models import Tournament

    finished = instance.tournament.status == Tournament.Status.FINISHED
    if created and finished and not instance.provisional:
        _report_if_sanctioned(instance.tournament_id)


def _report_if_sanctioned(event_id: int) -> None:
    from federations.models import Sanction
    from federations.reports import report_request

    if Sanction.objects.filter(event_id=event_id).exists():
        report_request(event_id=event_id)


def _club_federations(club: Any, user: Any) -> tuple[str, str] | None:
    """A club's home page links its directors to the club's federations page."""
    from django.urls import reverse
    from django.utils.translation import gettext as _

    from clubs.access import directs

    if not directs(club.id, user):
        return None
    return _("Federations"), reverse("federation-club", args=[club.id])
