"""The director's exports (CSV, exports.py) and printing (PDF, per round, print_views.py)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments import exports, print_views

export = "t/<int:tournament_id>/export/"
printed = "t/<int:tournament_id>/round/<int:number>/"
jobs = "t/<int:tournament_id>/print/"

urlpatterns: list[URLPattern] = [
    path(export + "results.csv", exports.results_csv, name="export-results"),
    path(export + "standings.csv", exports.standings_csv, name="export-standings"),
    path(export + "hands.csv", exports.hands_csv, name="export-hands"),
    *(
        path(f"{printed}{kind}.pdf", print_views.print_round, {"kind": kind}, name=f"print-{kind}")
        for kind in ("cards", "sheets", "pairings")
    ),
    path(jobs + "<int:job_id>/", print_views.print_job, name="print-job"),
    path(jobs + "<int:job_id>.json", print_views.print_job_state, name="print-job-state"),
    path(jobs + "<int:job_id>.pdf", print_views.print_job_file, name="print-job-file"),
]
