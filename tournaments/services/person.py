"""What the events keep of a club's player (clubs.person_data, registered by apps.py): the
pairs they played in, with each event's final place, for the person's download; and their name
replaced in those pairs and standings when the club anonymises them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q

from scorekeeper.names import name_replaced
from tournaments.models import Entry, ResultSubmission, StandingsSnapshot
from tournaments.services._common import public_version_bump


def _entries(player_id: int) -> Any:
    return Entry.objects.filter(Q(first_player_id=player_id) | Q(second_player_id=player_id))


class EventEntries:
    name = "events"

    def data(self, player_id: int) -> list[dict[str, Any]]:
        entries = list(_entries(player_id).select_related("tournament").order_by("id"))
        latest: dict[int, dict[int, Any]] = {}
        for entry in entries:
            if entry.tournament_id not in latest:
                snapshot = (
                    StandingsSnapshot.objects.filter(tournament_id=entry.tournament_id)
                    .order_by("-version")
                    .first()
                )
                rows = snapshot.rows if snapshot else []
                latest[entry.tournament_id] = {row["entry"]: row for row in rows}
        return [
            {
                "event": entry.tournament.name,
                "played_on": entry.tournament.played_on.isoformat(),
                "pair": entry.name,
                "players": [n for n in (entry.player_1, entry.player_2) if n],
                "withdrawn_after": entry.withdrawn_after,
                "rank": latest[entry.tournament_id].get(entry.id, {}).get("rank"),
            }
            for entry in entries
        ]

    def anonymise(self, player_id: int, old_names: Sequence[str], new_name: str) -> None:
        most = Entry._meta.get_field("name").max_length
        renamed: dict[int, dict[int, str]] = {}
        olds = [*old_names]
        for entry in _entries(player_id):
            # The pair's name as typed may spell the player otherwise ("dario" for Dario): the
            # names the entry itself holds for them go too.
            if entry.first_player_id == player_id:
                olds.append(entry.player_1)
                entry.player_1 = new_name
            if entry.second_player_id == player_id:
                olds.append(entry.player_2)
                entry.player_2 = new_name
            entry.name = name_replaced(entry.name, olds, new_name)[:most]
            entry.save(update_fields=["player_1", "player_2", "name"])
            renamed.setdefault(entry.tournament_id, {})[entry.id] = entry.name
        # The reasons the director and the clock wrote for the pair's tables ("No-show: …").
        entries = [e for names in renamed.values() for e in names]
        for submission in ResultSubmission.objects.filter(
            Q(match__ns_id__in=entries)
            | Q(match__ew_id__in=entries)
            | Q(match__ns_with_id__in=entries)
            | Q(match__ew_with_id__in=entries)
        ).exclude(reason=""):
            submission.reason = name_replaced(submission.reason, olds, new_name)
            submission.save(update_fields=["reason"])
        for event_id, names in renamed.items():
            for snapshot in StandingsSnapshot.objects.filter(tournament_id=event_id):
                for row in snapshot.rows:
                    row["name"] = names.get(row["entry"], row.get("name"))
                snapshot.save(update_fields=["rows"])
            public_version_bump(event_id)

    def kept_elsewhere(self, player_id: int) -> list[str]:  # noqa: ARG002
        """Nobody: the events are the club's."""
        return []

    def player_merge(self, *, duplicate_id: int, keep_id: int) -> None:
        """Nothing more: the events' entries follow the kept player (club_events)."""


EVENT_ENTRIES = EventEntries()
