"""What the clubs know of the events a club runs, from the app that runs them (tournaments
registers its ``ClubEvents`` at start-up: tournaments/club_events.py). The clubs sit below the
events (tests/unit/test_layering.py): they read a club's events through the relations the
events declare (``club.tournaments``, ``season.events``) and ask this registry for the rest,
never importing the app above.

Events hold entries (a pair, or one player), each naming one or two of the club's players; an
event's standings are rows ``{"entry": id, "rank": n, "metrics": {...}}`` (a rank shared keeps
its number)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class ClubEvents(Protocol):
    def finished(self, event: Any) -> bool:
        """Whether the event is over (its standings final)."""

    def latest_standings(self, event_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
        """The latest standings of those of the events that have any, by event: one read."""

    def entry_players(self, event_id: int) -> dict[int, tuple[int, ...]]:
        """The players of each of the event's entries, by entry."""

    def finished_entries(self, player_id: int) -> list[tuple[int, int, int | None, int | None]]:
        """The player's entries in finished events: (entry, event, first and second player)."""

    def events_of_player(self, player_id: int) -> set[int]:
        """Every event the player entered (withdrawn entries included)."""

    def event_url(self, event_id: int, *, directing: bool) -> str:
        """The event's page: its director's page for a director of the club, else its public
        page (the club's pages link to the events without naming the app's pages)."""

    def new_event_url(self, club_id: int, preset_id: int | None = None) -> str:
        """The page that sets up a new event of the club, with one of its presets if given."""

    def player_merge(self, *, duplicate_id: int, keep_id: int) -> None:
        """Every entry naming the duplicate names the kept player (clubs.services.player_merge,
        in its transaction)."""


_registered: list[ClubEvents] = []


def register(events: ClubEvents) -> None:
    """Called by the app running the events, once it is ready (a second call replaces it)."""
    _registered[:] = [events]


def events_app() -> ClubEvents:
    if not _registered:
        raise LookupError("no installed app runs the clubs' events (tournaments registers one)")
    return _registered[0]
