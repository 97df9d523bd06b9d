from typing import Any

from django.apps import AppConfig


class FederationsConfig(AppConfig):
    """Federations (issue 33): clubs grouped under a federation, its members across clubs, the
    events its clubs sanction and the ranking they make."""

    name = "federations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The apps below hear of the federations through their registries and signals only.
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save

        from clubs.club_links import LINKS
        from clubs.person_data import register
        from federations.person import FEDERATION_LINKS
        from tournaments.models import StandingsSnapshot
        from tournaments.signals import event_finished

        register(FEDERATION_LINKS)
        user_logged_in.connect(_requests_waiting, dispatch_uid="federations.requests_waiting")
        event_finished.connect(_event_finished, dispatch_uid="federations.event_finished")
        if _club_federations not in LINKS:
            LINKS.append(_club_federations)
        from tournaments.event_notes import NOTES

        if _event_reports not in NOTES:
            NOTES.append(_event_reports)
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


def _event_reports(event: Any) -> list[str]:
    """An event's director page says, for each federation it is marked for, whether it has
    reported its places yet, and how many times it was corrected."""
    from django.db.models import Max
    from django.utils.translation import gettext as _
    from django.utils.translation import ngettext

    from federations.models import Sanction

    lines = []
    for name, revision in (
        Sanction.objects.filter(event_id=event.id)
        .annotate(revision=Max("reports__revision"))
        .values_list("federation__name", "revision")
    ):
        if revision is None:
            words = _("Marked for %(federation)s: its final places go there when it finishes.")
        elif revision == 1:
            words = _("Reported to %(federation)s.")
        else:
            words = ngettext(
                "Reported to %(federation)s, corrected once since.",
                "Reported to %(federation)s, corrected %(n)s times since.",
                revision - 1,
            )
        lines.append(words % {"federation": name, "n": (revision or 1) - 1})
    return lines


def _requests_waiting(request: Any, user: Any, **kwargs: Any) -> None:
    """Logging in, a member whom a club asks whether one of its players is them is told so, with
    the page where they answer."""
    from django.contrib import messages
    from django.urls import reverse
    from django.utils.html import format_html
    from django.utils.translation import gettext as _

    from federations.models import MemberLink

    if request is None or not hasattr(request, "_messages"):
        return
    waiting = MemberLink.objects.filter(
        member__user_id=user.pk, status=MemberLink.Status.ASKED
    ).count()
    if waiting:
        messages.info(
            request,
            format_html(
                '{} <a href="{}">{}</a>',
                _("A club asks whether one of its players is you."),
                reverse("federations"),
                _("Answer"),
            ),
        )
