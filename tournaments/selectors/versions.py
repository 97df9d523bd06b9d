"""An event's versions: which public pages are current, and whether its standings count every
change. Each is the tournament's counter plus the tables' changes not yet folded into it
(models.TableChange): a table's transaction adds a row and updates no tournament row, so the
tables of an event never wait for each other (services._common)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, IntegerField, Max, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404

from tournaments.models import StandingsSnapshot, TableChange, Tournament


@dataclass(frozen=True)
class EventVersions:
    """``public``: bumped by every change the public pages show; ``inputs``: by every change the
    standings count, the last at ``inputs_changed_at``; ``counted``: the inputs version the
    latest standings were built from; ``born``: the event's creation, in ms (an id and a
    version of another database, a restore, are not this one's)."""

    public: int
    inputs: int
    inputs_changed_at: datetime | None
    counted: int
    born: int

    @property
    def stale(self) -> bool:
        """Changes came in that the latest standings do not count."""
        return self.counted < self.inputs


def _of_changes(aggregate: Count | Max) -> Subquery:
    rows = TableChange.objects.filter(tournament=OuterRef("pk")).order_by()
    return Subquery(rows.values("tournament").annotate(v=aggregate).values("v")[:1])


def event_versions(tournament_id: int) -> EventVersions:
    """One small query, whatever the size of the event (the rows not yet folded in are the
    tables' changes since the last rebuild of the standings); 404 for an unknown event."""
    counted = StandingsSnapshot.objects.filter(tournament=OuterRef("pk")).order_by("-version")
    head = (
        Tournament.objects.filter(id=tournament_id)
        .annotate(
            changes=Coalesce(_of_changes(Count("id")), 0, output_field=IntegerField()),
            input_changes=Coalesce(
                _of_changes(Count("id", filter=Q(inputs=True))), 0, output_field=IntegerField()
            ),
            last_input=_of_changes(Max("at", filter=Q(inputs=True))),
            counted=Coalesce(Subquery(counted.values("inputs_version")[:1]), 0),
        )
        .values_list(
            "public_version",
            "inputs_version",
            "inputs_changed_at",
            "created_at",
            "changes",
            "input_changes",
            "last_input",
            "counted",
        )
        .first()
    )
    if head is None:
        raise Http404
    public, inputs, changed_at, created, changes, input_changes, last_input, counted_in = head
    return EventVersions(
        public=public + changes,
        inputs=inputs + input_changes,
        inputs_changed_at=max(t for t in (changed_at, last_input) if t is not None)
        if changed_at or last_input
        else None,
        counted=counted_in,
        born=int(created.timestamp() * 1000),
    )
