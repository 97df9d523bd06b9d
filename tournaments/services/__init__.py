"""Writes of the tournament app, one module per concern: ``tournament`` (create, set the rounds),
``entries`` (pairs added, imported, withdrawn), ``rounds`` (drawn, swapped, released, closed),
``results`` (submitted, corrected, reopened) and ``standings`` (marked stale, rebuilt, caught
up); a refusal is ``errors.TournamentError``. Import from the module that owns the write.

Each service owns its transaction and takes its locks first (``_common``): an event-wide write
(a draw, a pair added, the clock) the tournament's row, a table's result its table's row (and
the tournament's for key share, so it waits for an event-wide write but never for another
table's): a director's correction made while the next round is drawn waits for the draw, then
meets a closed round.

A round is paired only when every match of the previous one is settled (confirmed, or closed by
the director); drawing the next round closes the previous one, whose results then stand, and
closing the last round finishes the event and writes its final standings in the same
transaction. Results are submissions, never edited: each pair submits through its own table
link, the other pair's matching submission confirms it, a mismatch goes to the director, and the
director's correction or reopening is a new version with a reason. Once a table's result stands
its game is locked: no hand changes until the director reopens it.

Standings are derived data. Every change they are computed from moves the event's inputs
version (selectors.versions: the tournament's counter, or a table's change row) in the same
transaction and sends ``tasks.standings_recompute_task`` on commit (run here when the broker
does not answer); a snapshot built from an older version is stale, and the pages showing it ask
for a rebuild (standings.standings_catch_up), so standings always catch up.
"""
