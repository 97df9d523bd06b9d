"""The standings as written: the latest snapshot, and whether results it does not count have
come in since (its rebuild is then on its way: services.standings)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.engine.directions import Direction
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.selectors.versions import event_versions
from tournaments.words import direction_name


def standings_latest(tournament: Tournament) -> StandingsSnapshot | None:
    """The standings as last written by the task (None before the first result)."""
    return tournament.snapshots.order_by("-version").first()


@dataclass(frozen=True)
class CurrentStandings:
    """The latest snapshot, and whether results it does not count have come in since (its
    rebuild is then on its way: services.standings.standings_catch_up)."""

    snapshot: StandingsSnapshot | None
    stale: bool


def standings_current(tournament: Tournament) -> CurrentStandings:
    """The standings as a page shows them: the latest snapshot and whether it is stale."""
    snapshot = standings_latest(tournament)
    counted = snapshot.inputs_version if snapshot is not None else 0
    return CurrentStandings(snapshot, counted < event_versions(tournament.id).inputs)


def standings_final(tournament: Tournament, current: CurrentStandings) -> bool:
    """The standings are final: the last round is closed (the event finished) and the snapshot
    counts every result."""
    snapshot = current.snapshot
    return (
        tournament.status == Tournament.Status.FINISHED
        and snapshot is not None
        and not snapshot.provisional
        and not current.stale
    )


@dataclass(frozen=True)
class StandingsGroup:
    """The rows of a snapshot ranked together: a two-winner Mitchell's North-South or East-West
    pairs (``direction`` "ns" or "ew"), or the whole field (``direction`` empty)."""

    direction: str
    rows: list[dict[str, Any]]

    @property
    def title(self) -> str:
        """Its heading: "North–South", "East–West"; none for the whole field."""
        return direction_name(self.direction)

    @property
    def winners(self) -> list[str]:
        """The names ranked first (more than one where the first place is shared)."""
        return [row.get("name", "") for row in self.rows if row.get("rank") == 1]


def standings_groups(rows: Sequence[dict[str, Any]]) -> list[StandingsGroup]:
    """A snapshot's rows as the pages show them: North-South then East-West where they carry
    a direction (services.standings: a two-winner Mitchell), each in its ranked order; else one
    group of them all."""
    if not any("direction" in row for row in rows):
        return [StandingsGroup("", list(rows))]
    return [
        StandingsGroup(side.value, [row for row in rows if row.get("direction") == side.value])
        for side in Direction
    ]
