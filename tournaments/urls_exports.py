"""The director's exports (CSV) and printing (PDF, per round); see tournaments/exports.py."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments import exports

export = "t/<int:tournament_id>/export/"
printed = "t/<int:tournament_id>/round/<int:number>/"

urlpatterns: list[URLPattern] = [
    path(export + "results.csv", exports.results_csv, name="export-results"),
    path(export + "standings.csv", exports.standings_csv, name="export-standings"),
    path(export + "hands.csv", exports.hands_csv, name="export-hands"),
    path(printed + "cards.pdf", exports.cards_pdf, name="print-cards"),
    path(printed + "sheets.pdf", exports.sheets_pdf, name="print-sheets"),
    path(printed + "pairings.pdf", exports.pairings_pdf, name="print-pairings"),
]
