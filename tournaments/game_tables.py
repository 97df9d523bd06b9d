"""The event tables as the apps below see them (scorekeeper.game_tables, registered at start-up
by apps.py): a game's table page for a pair's key, its settled result, and how a player's list
of games names it."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from scorekeeper.game_tables import HandStop, TableOfGame, TableOutcome, TableShown
from tournaments.clock_words import clock_shown, refusal_words
from tournaments.models import Match
from tournaments.selectors.clock import match_timing
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import table_outcomes


class EventTables:
    def table_page(self, game_id: str, token: str) -> TableOfGame | None:
        match = (
            Match.objects.select_related("round__tournament", "game")
            .filter(game_id=game_id)
            .first()
        )
        if match is None or match.game is None:
            return None
        played = match.round
        stop = match_timing(match).stop
        stopped = stop.hands is not None and match.game.hand_count >= stop.hands
        return TableOfGame(
            played.number,
            match.table,
            reverse("table", args=[token]),
            clock_shown(played.tournament, played, match.table),
            refusal_words(stop) if stopped else "",
        )

    def outcomes(self, game_ids: Iterable[str]) -> dict[str, TableOutcome]:
        return table_outcomes(game_ids)

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

    def hand_stop(self, game_id: str) -> HandStop | None:
        match = Match.objects.select_related("round__tournament").filter(game_id=game_id).first()
        if match is None:
            return None
        stop = match_timing(match).stop
        return None if stop.hands is None else HandStop(stop.hands, refusal_words(stop))
