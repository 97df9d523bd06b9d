"""The standings as written: the latest snapshot, and whether results it does not count have
come in since (its rebuild is then on its way: services.standings)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import StandingsSnapshot, Tournament


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
    return CurrentStandings(snapshot, counted < tournament.inputs_version)


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
