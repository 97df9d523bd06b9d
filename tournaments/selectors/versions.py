"""An event's versions: which public pages are current, and whether its standings count every
change. Each is the tournament's counter plus the tables' changes not yet folded into it
(models.TableChange): a table's transaction adds a row and updates no tournament row, so the
tables of an event never wait for each other (services._common)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connection
from django.http import Http404
from django.utils.dateparse import parse_datetime
from django.utils.timezone import is_aware, make_aware


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


# One statement, written out: built by the ORM (four subqueries) it cost more Python than the
# rest of a 304 answer (bench/spectators.py: every poll of every spectator asks it).
_VERSIONS = """
SELECT t.public_version, t.inputs_version, t.inputs_changed_at, t.created_at,
  (SELECT COUNT(*) FROM tournaments_tablechange c WHERE c.tournament_id = t.id),
  (SELECT COUNT(*) FROM tournaments_tablechange c WHERE c.tournament_id = t.id AND c.inputs),
  (SELECT MAX(c.at) FROM tournaments_tablechange c WHERE c.tournament_id = t.id AND c.inputs),
  COALESCE((SELECT s.inputs_version FROM tournaments_standingssnapshot s
            WHERE s.tournament_id = t.id ORDER BY s.version DESC LIMIT 1), 0)
FROM tournaments_tournament t WHERE t.id = %s
"""


def _moment(value: object) -> datetime | None:
    """A time as the database driver gives it (SQLite: text in UTC) as an aware datetime."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if not isinstance(moment, datetime):
        return None
    return moment if is_aware(moment) else make_aware(moment, UTC)


def event_versions(tournament_id: int) -> EventVersions:
    """One small query, whatever the size of the event (the rows not yet folded in are the
    tables' changes since the last rebuild of the standings); 404 for an unknown event."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSIONS, [tournament_id])
        head = cursor.fetchone()
    if head is None:
        raise Http404
    public, inputs, changed_at, created, changes, input_changes, last_input, counted = head
    times = [t for t in (_moment(changed_at), _moment(last_input)) if t is not None]
    born = _moment(created) or datetime.fromtimestamp(0, UTC)
    return EventVersions(
        public=public + changes,
        inputs=inputs + input_changes,
        inputs_changed_at=max(times) if times else None,
        counted=counted,
        born=int(born.timestamp() * 1000),
    )


def followed_event(tournament_id: int) -> str:
    """What the event's public pages follow, to core.early_answers: the pages mark their answers
    with it, the writes that change them forget it."""
    return f"t{tournament_id}"


def event_decisions(tournament_id: int) -> str:
    """What the round clock's answers follow, to core.early_answers: the event-wide writes (a
    decision on the clock, a round released or closed) forget it; a table's result does not,
    as it changes no clock."""
    return f"t{tournament_id}:decisions"
