"""What the scoring app tells the others without knowing them: a game's hands changed (a hand
added, revised, deleted or restored, the game recomputed or imported), or a game was played
again ("Play again"). Sent inside the write's transaction; a receiver that has work to do sends
it on commit, or writes in the same transaction."""

from __future__ import annotations

from django.dispatch import Signal

game_changed = Signal()  # keyword: game_id
game_rematched = Signal()  # keywords: game_id (the new game), source_id (the game played again)
