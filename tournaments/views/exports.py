"""The director's exports: results, standings and every match's hands as CSV (streamed,
formula-looking cells neutralised; the rows are selectors.csv_rows). The standings exported are
brought up to date first. Only the tournament's director (or a superuser) may download them;
to anyone else they do not exist (404). Printing is views/prints.py."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpRequest, StreamingHttpResponse
from django.views.decorators.http import require_safe

from core.no_store import private
from scorekeeper.game_exports import neutral
from tournaments.access import directed
from tournaments.selectors.csv_rows import hands_rows, results_rows, standings_rows
from tournaments.services.standings import standings_fresh


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_response(rows: Iterable[Sequence[Any]], filename: str) -> StreamingHttpResponse:
    """Rows streamed as CSV, each text cell a spreadsheet would run as a formula made plain."""
    writer = csv.writer(_Echo())
    lines = (writer.writerow([neutral(cell) for cell in row]) for row in rows)
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    private(response)
    return response


@require_safe
def results_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    return csv_response(results_rows(tournament), f"tournament-{tournament.id}-results.csv")


@require_safe
def standings_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    rows = standings_rows(tournament, standings_fresh(tournament=tournament))
    return csv_response(rows, f"tournament-{tournament.id}-standings.csv")


@require_safe
def hands_csv(request: HttpRequest, tournament_id: int) -> StreamingHttpResponse:
    tournament = directed(request, tournament_id)
    return csv_response(hands_rows(tournament), f"tournament-{tournament.id}-hands.csv")
