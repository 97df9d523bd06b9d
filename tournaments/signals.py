"""What the events tell the apps above them without knowing them: an event finished (its last
round closed). Sent inside the write's transaction; a receiver that has work to do sends it on
commit. A finished event's later standings (a correction after it) are its StandingsSnapshot
rows, written final."""

from __future__ import annotations

from django.dispatch import Signal

event_finished = Signal()  # keyword: event_id
