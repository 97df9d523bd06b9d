"""The event tables as the apps below see them (scorekeeper.game_tables, registered at start-up
by apps.py): a game's table page for a pair's key, its settled result, and how a player's list
of games names it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from scorekeeper.game_tables import TableOfGame, TableOutcome, TableShown
from tournaments.models import Match
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import table_outcome


class EventTables:
    def table_page(self, game_id: str, token: str) -> TableOfGame | None:
        found = Match.objects.filter(game_id=game_id).values("round__number", "table").first()
        if found is None:
            return None
        return TableOfGame(found["round__number"], found["table"], reverse("table", args=[token]))

    def outcome(self, game_id: str) -> TableOutcome | None:
        return table_outcome(game_id)

    def settled_games(self) -> Any:
        return Match.objects.filter(status__in=SETTLED, result__isnull=False).values("game_id")

    def tables_shown(self, game_ids: Iterable[str]) -> dict[str, TableShown]:
        shown = {}
        for m in Match.objects.filter(game_id__in=list(game_ids)).values(
            "game_id",
            "round__number",
            "round__tournament__name",
            "status",
            "result__ns_score",
            "result__ew_score",
        ):
            settled = m["status"] in SETTLED and m["result__ns_score"] is not None
            scores = (m["result__ns_score"], m["result__ew_score"]) if settled else None
            shown[m["game_id"]] = TableShown(
                m["round__tournament__name"], m["round__number"], scores
            )
        return shown
