"""Standings: derived data that always catch up. Every change they are computed from marks them
stale in the same transaction (``standings_mark_stale``) and sends their rebuild on commit;
the rebuild writes a snapshot unless the same inputs already have one; pages that meet stale
standings ask for the rebuild again, and make it themselves once it has lagged too long."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import astuple
from datetime import timedelta

from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone

from scorekeeper import background
from tournaments.models import Round, StandingsSnapshot, Tournament
from tournaments.selectors.event import EventState, event_state, scoring_of, standings_computed
from tournaments.selectors.standings import CurrentStandings, standings_current
from tournaments.services._common import locked_tournament

logger = logging.getLogger("scorekeeper")

CATCH_UP_SECONDS = 10  # between two rebuilds asked for by pages, per tournament
REBUILD_HERE_AFTER = timedelta(seconds=30)  # stale this long: no worker did it, the page does
_COMPLETE = (Round.Status.COMPLETE, Round.Status.CLOSED)


def standings_mark_stale(tournament_id: int) -> None:
    """What the standings are computed from changed, in the caller's transaction: the
    snapshot is stale from now on, and its rebuild is sent once the change commits."""
    Tournament.objects.filter(id=tournament_id).update(
        inputs_version=F("inputs_version") + 1, inputs_changed_at=timezone.now()
    )
    transaction.on_commit(lambda: _rebuild_if_stale(tournament_id), robust=True)


# The change (inputs version and time) whose rebuild this process last sent, per tournament: a
# round entered in one transaction sends one rebuild, not one per table; any later change, or a
# database put back to an earlier state, sends again.
_rebuild_sent: dict[int, tuple[int, object]] = {}


def _rebuild_if_stale(tournament_id: int) -> None:
    """Send the rebuild of the standings as they now are, unless this process already sent it
    or an earlier rebuild already counts every change."""
    from tournaments import tasks

    tournament = Tournament.objects.filter(id=tournament_id).first()
    if tournament is None or not standings_current(tournament).stale:
        return
    change = (tournament.inputs_version, tournament.inputs_changed_at)
    if _rebuild_sent.get(tournament_id) == change:
        return
    if len(_rebuild_sent) > 1000:
        _rebuild_sent.clear()
    _rebuild_sent[tournament_id] = change
    background.send(tasks.standings_recompute, tournament_id)


def _fingerprint(tournament: Tournament, state: EventState) -> str:
    inputs = {
        "pairs": sorted(astuple(p) for p in state.pairs),
        "results": sorted(
            (r.round, r.ns, r.ew or 0, r.ns_score, r.ew_score, r.outcome.value, r.winner or 0)
            for r in state.results
        ),
        "scoring": astuple(scoring_of(tournament)),
        "order": list(tournament.tiebreaks),
        "pending": state.pending,
        "complete": [r.number for r in state.rounds if r.status in _COMPLETE],
    }
    text = json.dumps(inputs, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def standings_write(tournament: Tournament, *, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings of ``tournament`` (its row locked by the caller) unless the
    latest snapshot already counts its inputs (``force``: compare them all again, as after a
    change of the code that ranks); the same inputs write no new snapshot."""
    latest = tournament.snapshots.order_by("-version").first()
    counted = latest is not None and latest.inputs_version >= tournament.inputs_version
    if latest is not None and counted and not force:
        return latest
    state = event_state(tournament)
    fingerprint = _fingerprint(tournament, state)
    if latest is not None and latest.fingerprint == fingerprint:
        if not counted:
            latest.inputs_version = tournament.inputs_version
            latest.save(update_fields=["inputs_version"])
        return latest
    names = {p.id: p.name for p in state.pairs}
    rows = [
        {
            "entry": s.pair,
            "name": names[s.pair],
            "rank": s.rank,
            "shared": s.shared,
            "withdrawn": s.withdrawn,
            "metrics": dict(s.metrics),
        }
        for s in standings_computed(state)
    ]
    return StandingsSnapshot.objects.create(
        tournament=tournament,
        version=(latest.version + 1) if latest else 1,
        fingerprint=fingerprint,
        provisional=state.pending > 0,
        after_round=max((r.number for r in state.rounds if r.status in _COMPLETE), default=0),
        inputs_version=tournament.inputs_version,
        rows=rows,
    )


def standings_recompute(*, tournament_id: int, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings from the settled results, if anything they count changed since
    the latest snapshot (``force``: whatever the versions say; the director's button). Safe to
    run any number of times: the same inputs write no new snapshot."""
    with transaction.atomic():
        return standings_write(locked_tournament(tournament_id), force=force)


def standings_catch_up(*, tournament_id: int) -> None:
    """A page met stale standings. Soon after the change, a worker's rebuild is on its way: ask
    for it again (a lost task), at most every few seconds per tournament however many pages
    ask. Stale for longer (no worker, a broker down), rebuild here, before the page is shown:
    it takes milliseconds for a club and the lock serialises it. A failure (the database down)
    leaves the page showing the standings as they are, saying they are being updated."""
    from django.core.cache import cache

    from tournaments import tasks

    changed = (
        Tournament.objects.filter(id=tournament_id)
        .values_list("inputs_changed_at", flat=True)
        .first()
    )
    try:
        if changed is None or timezone.now() - changed > REBUILD_HERE_AFTER:
            standings_recompute(tournament_id=tournament_id)
        elif cache.add(f"standings-catch-up:{tournament_id}", 1, timeout=CATCH_UP_SECONDS):
            background.send(tasks.standings_recompute, tournament_id)
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
