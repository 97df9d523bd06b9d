"""What the scoring app tells the others without knowing them: a game's hands changed (a hand
added, revised, deleted or restored, the game recomputed or imported; games restored from a
backup, together), or a game was played again ("Play again"). Sent inside the write's transaction; a receiver that has work to do sends
it on commit, or writes in the same transaction."""

from __future__ import annotations

from django.dispatch import Signal

game_changed = Signal()  # keyword: game_id
# Games restored at once (a club's backup imported: thousands of games), one notice for them
# all rather than one a game, each of which cost a receiver a query.
games_restored = Signal()  # keyword: game_ids
game_rematched = Signal()  # keywords: game_id (the new game), source_id (the game played again)
