"""Sanctioned events (issue 33): a club's director marks an event for a federation the club is
in; when the event finishes, its final standings are reported to the federation, and again at
every later correction, with no file to upload.

Reports are derived from the event's standings and catch up by themselves: the standings'
snapshot, written final, sends ``report_request`` after its commit (apps.py), and any federation
page that lists the events first reports whatever a lost task left out (``reports_catch_up``).
A report is written only when the places differ from the last one's: running it again changes
nothing."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.access import directs
from core import background
from federations.models import EventReport, Federation, RankingSeason, Sanction
from federations.selectors import is_accepted
from federations.services import FederationError
from tournaments.models import Entry, StandingsSnapshot, Tournament


def event_sanction(*, federation_id: int, event_id: int, by: Any) -> Sanction:
    """A director of the event's club marks it for the federation (the club being in it); a
    finished event reports at once."""
    event = Tournament.objects.filter(id=event_id).first()
    if event is None or event.club_id is None or not directs(event.club_id, by):
        raise FederationError(_("Only a director of the event's club may do this."))
    if not Federation.objects.filter(id=federation_id).exists() or not is_accepted(
        federation_id, event.club_id
    ):
        raise FederationError(_("The club is not in this federation."))
    with transaction.atomic():
        sanction, _made = Sanction.objects.get_or_create(
            federation_id=federation_id, event_id=event_id, defaults={"by": by}
        )
        report_request(event_id=event_id)
    return sanction


def event_unsanction(*, sanction_id: int, by: Any) -> None:
    """A director takes the mark off an event that has not reported yet (a reported event's
    places stay the federation's)."""
    with transaction.atomic():
        sanction = (
            Sanction.objects.select_for_update()
            .select_related("event")
            .filter(id=sanction_id)
            .first()
        )
        if sanction is None or not directs(sanction.event.club_id, by):
            raise FederationError(_("Only a director of the event's club may do this."))
        if sanction.reports.exists():
            raise FederationError(_("The event has reported its places: they stay."))
        sanction.delete()


def report_request(*, event_id: int) -> None:
    """Report the event's places once the transaction commits: by a worker if one is there
    (tasks.py), else in this process."""
    from federations import tasks

    background.send_on_commit(tasks.event_report_task, event_id)


def _final_standings(event_id: int) -> StandingsSnapshot | None:
    """The event's latest standings if the event is finished and they count every result."""
    finished = Tournament.objects.filter(id=event_id, status=Tournament.Status.FINISHED).exists()
    latest = StandingsSnapshot.objects.filter(tournament_id=event_id).order_by("-version").first()
    if not finished or latest is None or latest.provisional:
        return None
    return latest


def _placings(event_id: int, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each entry's place and its players (the club's records), as the standings rank them."""
    players = {
        entry: [p for p in (first, second) if p is not None]
        for entry, first, second in Entry.objects.filter(tournament_id=event_id).values_list(
            "id", "first_player_id", "second_player_id"
        )
    }
    return [
        {
            "rank": row["rank"],
            "players": players.get(row["entry"], []),
            **({"direction": row["direction"]} if "direction" in row else {}),
        }
        for row in rows
    ]


def event_report(*, event_id: int) -> list[EventReport]:
    """Report a finished event's final places to each federation it is sanctioned for, where
    they differ from the last report (a correction is the next revision)."""
    written = []
    for sanction_id in Sanction.objects.filter(event_id=event_id).values_list("id", flat=True):
        with transaction.atomic():
            sanction = Sanction.objects.select_for_update().get(id=sanction_id)
            standings = _final_standings(event_id)
            if standings is None:
                continue
            event = Tournament.objects.get(id=event_id)
            placings = _placings(event_id, standings.rows)
            last = sanction.reports.order_by("-revision").first()
            if last is not None and (last.placings, last.played_on) == (
                placings,
                event.played_on,
            ):
                if last.standings_version != standings.version:
                    last.standings_version = standings.version  # the same places, counted
                    last.save(update_fields=["standings_version"])
                continue
            try:
                with transaction.atomic():
                    report = EventReport.objects.create(
                        sanction=sanction,
                        revision=(last.revision + 1) if last else 1,
                        standings_version=standings.version,
                        played_on=event.played_on,
                        placings=placings,
                    )
            except IntegrityError:  # SQLite (no row lock): another run wrote this revision
                continue
            written.append(report)
            _rankings_warm_request(sanction.federation_id, event.played_on)
    return written


def _rankings_warm_request(federation_id: int, played_on: date) -> None:
    """After the commit, a worker (if there is one: nothing is run here) works out the seasons'
    rankings the report changes, so the public pages find them in the cache."""
    from federations import tasks

    transaction.on_commit(
        lambda: background.ask(tasks.ranking_warm_task, federation_id, played_on.isoformat()),
        robust=True,
    )


def rankings_warm(*, federation_id: int, played_on: date) -> None:
    """Work out (into the cache) the ranking of every season of the federation that counts an
    event played on ``played_on``."""
    from federations.rankings import season_lines

    for season in RankingSeason.objects.filter(
        federation_id=federation_id, starts__lte=played_on, ends__gte=played_on
    ):
        season_lines(federation_id, season)


def reports_catch_up(*, federation_id: int) -> int:
    """Report every finished sanctioned event whose latest final standings no report counts
    yet (a task lost with its worker or broker): the number of events reported."""
    newest = StandingsSnapshot.objects.filter(provisional=False).values("tournament_id")
    behind = (
        Sanction.objects.filter(
            federation_id=federation_id,
            event__status=Tournament.Status.FINISHED,
            event_id__in=newest,
        )
        .annotate(
            counted=Max("reports__standings_version"),
            latest=Max("event__snapshots__version"),
        )
        .values_list("event_id", "counted", "latest")
    )
    reported = 0
    for event_id, counted, latest in behind:
        if counted is None or counted < latest:
            reported += bool(event_report(event_id=event_id))
    return reported


def report_due(played_on: date, report_days: int) -> date:
    """The last day a sanctioned event's report is on time."""
    return played_on + timedelta(days=report_days)
