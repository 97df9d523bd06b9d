"""The events as the clubs below them see them (clubs.events, registered by apps.py): which are
over, their latest standings, who played in them, and a merged player's entries re-pointed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.http import urlencode

from tournaments.models import Entry, StandingsSnapshot, Tournament
from tournaments.services.entries import entries_player_replace


class TournamentEvents:
    def event_url(self, event_id: int, *, directing: bool) -> str:
        return reverse("director" if directing else "tournament", args=[event_id])

    def new_event_url(self, club_id: int, preset_id: int | None = None) -> str:
        query = {"club": club_id} if preset_id is None else {"club": club_id, "preset": preset_id}
        return f"{reverse('tournament-new')}?{urlencode(query)}"

    def finished(self, event: Any) -> bool:
        return bool(event.status == Tournament.Status.FINISHED)

    def latest_standings(self, event_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
        newest = (
            StandingsSnapshot.objects.filter(tournament_id=OuterRef("tournament_id"))
            .order_by("-version")
            .values("version")[:1]
        )
        return dict(
            StandingsSnapshot.objects.filter(tournament_id__in=set(event_ids))
            .filter(version=Subquery(newest))
            .values_list("tournament_id", "rows")
        )

    def entry_players(self, event_id: int) -> dict[int, tuple[int, ...]]:
        return {
            entry: tuple(p for p in (first, second) if p is not None)
            for entry, first, second in Entry.objects.filter(tournament_id=event_id).values_list(
                "id", "first_player_id", "second_player_id"
            )
        }

    def finished_entries(self, player_id: int) -> list[tuple[int, int, int | None, int | None]]:
        return list(
            Entry.objects.filter(
                Q(first_player_id=player_id) | Q(second_player_id=player_id),
                tournament__status=Tournament.Status.FINISHED,
            ).values_list("id", "tournament_id", "first_player_id", "second_player_id")
        )

    def events_of_player(self, player_id: int) -> set[int]:
        return set(
            Entry.objects.filter(
                Q(first_player_id=player_id) | Q(second_player_id=player_id)
            ).values_list("tournament_id", flat=True)
        )

    def player_merge(self, *, duplicate_id: int, keep_id: int) -> None:
        entries_player_replace(duplicate_id=duplicate_id, keep_id=keep_id)


EVENTS = TournamentEvents()
