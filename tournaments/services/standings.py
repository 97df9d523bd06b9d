"""Standings: derived data that always catch up. Every change they are computed from marks them
stale in the same transaction (``standings_mark_stale``) and sends their rebuild on commit;
the rebuild writes a snapshot unless the same inputs already have one; pages that meet stale
standings ask for the rebuild again, and make it themselves once it has lagged too long."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from dataclasses import astuple, dataclass
from datetime import timedelta
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone

from core import background
from core.one_reading import one_reading
from tournaments.engine.directions import Direction
from tournaments.models import Round, StandingsSnapshot, Tournament
from tournaments.selectors.event import (
    EventState,
    entry_directions,
    event_state,
    scoring_of,
    standings_computed,
)
from tournaments.selectors.standings import CurrentStandings, standings_current
from tournaments.selectors.versions import event_versions
from tournaments.services._common import public_version_bump, tournament_held

logger = logging.getLogger("scorekeeper")

CATCH_UP_SECONDS = 10  # between two rebuilds asked for by pages, per tournament
# A rebuild waits this long on the worker: the results of a busy round come in a few a second,
# and one rebuild then counts them all; the changes meanwhile send none (one waits at a time:
# core.background.send's ``waiting``), and those made once it has begun send the next.
COALESCE_SECONDS = 1.0
# Stale this long, no worker rebuilt them (a broker with no worker behind it): the page does.
REBUILD_HERE_AFTER = background.WORKER_GRACE + timedelta(seconds=COALESCE_SECONDS)
_COMPLETE = (Round.Status.COMPLETE, Round.Status.CLOSED)


def standings_mark_stale(tournament_id: int) -> None:
    """What the standings are computed from changed, in the caller's transaction (an
    event-wide write, holding the tournament's row; a table's says so by its TableChange row:
    services._common.table_changed): the snapshot is stale from now on, and its rebuild is
    sent once the change commits."""
    Tournament.objects.filter(id=tournament_id).update(
        inputs_version=F("inputs_version") + 1, inputs_changed_at=timezone.now()
    )
    rebuild_on_commit(tournament_id)


def rebuild_on_commit(tournament_id: int) -> None:
    """Send the rebuild of the standings once the caller's transaction commits."""
    transaction.on_commit(lambda: _rebuild_if_stale(tournament_id), robust=True)


# The change (inputs version and time) whose rebuild this process last sent, per tournament: a
# round entered in one transaction sends one rebuild, not one per table; any later change, or a
# database put back to an earlier state, sends again.
_rebuild_sent: dict[int, tuple[int, object]] = {}


def _rebuild_if_stale(tournament_id: int) -> None:
    """Send the rebuild of the standings as they now are, unless this process already sent it
    or an earlier rebuild already counts every change."""
    from tournaments import tasks

    try:
        versions = event_versions(tournament_id)
    except Http404:
        return  # gone
    if not versions.stale:  # the standings count it all
        return
    change = (versions.inputs, versions.inputs_changed_at)
    if _rebuild_sent.get(tournament_id) == change:
        return
    if len(_rebuild_sent) > 1000:
        _rebuild_sent.clear()
    _rebuild_sent[tournament_id] = change
    background.send(
        tasks.standings_recompute_task,
        tournament_id,
        delay=COALESCE_SECONDS,
        waiting=_rebuild_waiting(tournament_id),
    )


def _rebuild_waiting(tournament_id: int) -> str:
    """The name a rebuild waits under (core.background.send): one at a time per tournament."""
    return f"standings:{tournament_id}"


def _fingerprint(
    tournament: Tournament, state: EventState, by_direction: Mapping[int, Direction]
) -> str:
    inputs: dict[str, Any] = {
        "pairs": sorted(astuple(p) for p in state.pairs),
        "results": sorted(
            (r.round, r.ns, r.ew or 0, r.ns_score, r.ew_score, r.outcome.value, r.winner or 0)
            + ((r.ns_with, r.ew_with) if r.ns_with is not None else ())
            for r in state.results
        ),
        "scoring": astuple(scoring_of(tournament)),
        "order": list(tournament.tiebreaks),
        "pending": state.pending,
        "complete": [r.number for r in state.rounds if r.status in _COMPLETE],
    }
    if by_direction:  # only then: the standings of every other event keep their fingerprint
        inputs["directions"] = sorted((e, d.value) for e, d in by_direction.items())
    text = json.dumps(inputs, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def standings_write(tournament: Tournament, *, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings of ``tournament`` (its row locked by the caller) unless the
    latest snapshot already counts its inputs (``force``: compare them all again, as after a
    change of the code that ranks); the same inputs write no new snapshot."""
    latest = tournament.snapshots.order_by("-version").first()
    inputs = event_versions(tournament.id).inputs
    counted = latest is not None and latest.inputs_version >= inputs
    if latest is not None and counted and not force:
        return latest
    return _write(tournament, latest, _Computed.of(tournament, inputs))


@dataclass(frozen=True)
class _Computed:
    """The standings of a tournament's inputs at one ``inputs_version``."""

    inputs_version: int
    fingerprint: str
    provisional: bool
    after_round: int
    rows: list[dict[str, Any]]

    @classmethod
    def of(cls, tournament: Tournament, inputs_version: int) -> _Computed:
        """Ranked North-South then East-West, each row with its ``direction`` and a rank within
        it, where the event ranks the directions apart (a two-winner Mitchell): the standings
        of the event's inputs at ``inputs_version`` (read in the same transaction)."""
        state = event_state(tournament)
        names = {p.id: p.name for p in state.pairs}
        by_direction = entry_directions(state)
        return cls(
            inputs_version,
            _fingerprint(tournament, state, by_direction),
            state.pending > 0,
            max((r.number for r in state.rounds if r.status in _COMPLETE), default=0),
            [
                {
                    "entry": s.pair,
                    "name": names[s.pair],
                    "rank": s.rank,
                    "shared": s.shared,
                    "withdrawn": s.withdrawn,
                    "metrics": dict(s.metrics),
                    **({"direction": by_direction[s.pair].value} if by_direction else {}),
                }
                for s in standings_computed(state, by_direction)
            ],
        )


def _write(
    tournament: Tournament, latest: StandingsSnapshot | None, computed: _Computed
) -> StandingsSnapshot:
    """The computed standings as the tournament's latest snapshot (its row locked), unless the
    latest already holds the same (then it only counts the newer inputs)."""
    if latest is not None and latest.fingerprint == computed.fingerprint:
        if latest.inputs_version < computed.inputs_version:
            latest.inputs_version = computed.inputs_version
            latest.save(update_fields=["inputs_version"])
            public_version_bump(tournament.id)  # no longer stale: the pages stop saying so
        return latest
    public_version_bump(tournament.id)
    return StandingsSnapshot.objects.create(
        tournament=tournament,
        version=(latest.version + 1) if latest else 1,
        fingerprint=computed.fingerprint,
        provisional=computed.provisional,
        after_round=computed.after_round,
        inputs_version=computed.inputs_version,
        rows=computed.rows,
    )


def standings_recompute(*, tournament_id: int, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings from the settled results, if anything they count changed since
    the latest snapshot (``force``: whatever the versions say; the director's button). Safe to
    run any number of times: the same inputs write no new snapshot.

    They are computed from one consistent reading of the tournament that takes no lock on
    PostgreSQL (SQLite, one writer at a time, holds its write lock for it), so the tables'
    results never wait for them (bench/evening.py: at 1000 pairs a rebuild takes a
    second or two, while results keep coming in), then written under the lock unless a rebuild
    from a later reading got there first. Results that came in meanwhile leave them stale, and
    send their own rebuild: each rebuild makes progress, none waits for a quiet moment."""
    # The changes from now on are not all in the reading below: they send the next rebuild.
    background.waiting_over(_rebuild_waiting(tournament_id))
    with transaction.atomic():
        one_reading()
        tournament = Tournament.objects.get(id=tournament_id)
        inputs = event_versions(tournament_id).inputs
        latest = _latest(tournament)
        counted = latest is not None and latest.inputs_version >= inputs
        if latest is not None and counted and not force:
            return latest
        computed = _Computed.of(tournament, inputs)
    with transaction.atomic():
        locked = tournament_held(tournament_id)  # _write says when the pages change
        latest = _latest(locked)
        if latest is not None and latest.inputs_version > computed.inputs_version:
            return latest  # a rebuild from a later reading was written meanwhile
        return _write(locked, latest, computed)


def _latest(tournament: Tournament) -> StandingsSnapshot | None:
    """The latest snapshot, without its rows (only its versions and fingerprint are read)."""
    return tournament.snapshots.defer("rows").order_by("-version").first()


def standings_catch_up(*, tournament_id: int) -> None:
    """A page met stale standings. Soon after the change, a worker's rebuild is on its way: ask
    for it again (a lost task), at most every few seconds per tournament however many pages
    ask. Stale for longer (no worker, a broker down), rebuild here, before the page is shown:
    it takes milliseconds for a club and the lock serialises it. A failure (the database down)
    leaves the page showing the standings as they are, saying they are being updated."""
    from django.core.cache import cache

    from tournaments import tasks

    try:
        changed = event_versions(tournament_id).inputs_changed_at
    except Http404:
        return
    try:
        if changed is None or timezone.now() - changed > REBUILD_HERE_AFTER:
            standings_recompute(tournament_id=tournament_id)
        elif cache.add(f"standings-catch-up:{tournament_id}", 1, timeout=CATCH_UP_SECONDS):
            background.send(tasks.standings_recompute_task, tournament_id)
    except DatabaseError:
        logger.warning("standings of tournament %s not rebuilt now", tournament_id, exc_info=True)


def standings_shown(*, tournament: Tournament) -> CurrentStandings:
    """The standings a public page shows. Stale ones (a rebuild lost to a fault) are asked for
    again: where no worker runs, that happens here and the page shows them rebuilt; else the
    page says they are being brought up to date, and the screen reloads when they are."""
    current = standings_current(tournament)
    if current.stale:
        standings_catch_up(tournament_id=tournament.id)
        current = standings_current(tournament)
    return current


def standings_fresh(*, tournament: Tournament) -> StandingsSnapshot | None:
    """The standings brought up to date now (the director's export counts every result)."""
    current = standings_current(tournament)
    if current.stale:
        return standings_recompute(tournament_id=tournament.id)
    return current.snapshot
