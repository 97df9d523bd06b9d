"""What the scoring app tells the others without knowing them: a game's hands changed (a hand
added, revised, deleted or restored, the game recomputed or imported). Sent inside the write's
transaction, with the game's id; a receiver that has work to do sends it on commit."""

from __future__ import annotations

from django.dispatch import Signal

game_changed = Signal()  # keyword: game_id
