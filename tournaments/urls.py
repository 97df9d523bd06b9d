"""Tournament pages: the director's (/t/<id>/director/...), the tables' private links
(/t/table/<token>/), the public pages (no login), and the director's exports and printing."""

from __future__ import annotations

from django.urls import URLPattern, path

from core import url_converters  # noqa: F401 (registers the "id" converter)
from tournaments.views import checkin, clock, director, exports, guide, prints, public, table

directing = "t/<id:tournament_id>/director/"
shown = "t/<id:tournament_id>/"
export = "t/<id:tournament_id>/export/"
printed = "t/<id:tournament_id>/round/<id:number>/"
jobs = "t/<id:tournament_id>/print/"

urlpatterns: list[URLPattern] = [
    path("t/", director.tournament_list, name="tournament-list"),
    path("t/welcome/", director.after_login, name="after-login"),
    path("t/new/", director.tournament_new, name="tournament-new"),
    path(directing, director.dashboard, name="director"),
    path(directing + "pairs/", director.pairs_add, name="director-pairs"),
    path(directing + "pairs/import/", director.pairs_import, name="director-import"),
    path(directing + "pairs/<id:entry_id>/", director.pair_edit, name="director-pair"),
    path(
        directing + "pairs/<id:entry_id>/withdraw/",
        director.pair_withdraw,
        name="director-withdraw",
    ),
    path(
        directing + "pairs/<id:entry_id>/reinstate/",
        director.pair_reinstate,
        name="director-reinstate",
    ),
    path(directing + "plan/", director.plan_set, name="director-plan"),
    path(directing + "day/", director.played_on_set, name="director-played-on"),
    path(
        directing + "standings/recompute/",
        director.director_recompute,
        name="director-recompute",
    ),
    path(directing + "round/next/", director.round_next, name="director-round-next"),
    path(directing + "round/<id:number>/discard/", director.round_discard, name="director-discard"),
    path(directing + "round/<id:number>/release/", director.round_release, name="director-release"),
    path(directing + "round/<id:number>/close/", director.round_close, name="director-close"),
    path(directing + "round/<id:number>/swap/", director.round_swap, name="director-swap"),
    path(directing + "round/<id:number>/clock/", clock.clock_change, name="director-clock"),
    path(directing + "match/<id:match_id>/no-show/", clock.no_show, name="director-no-show"),
    path(directing + "match/", director.match_find, name="director-match-find"),
    path(directing + "match/<id:match_id>/", director.match_correct, name="director-match"),
    path(directing + "match/<id:match_id>/reopen/", director.match_reopen, name="director-reopen"),
    path(shown + "clock.json", clock.clock, name="tournament-clock"),
    path("t/<id:tournament_id>/state.json", director.state, name="tournament-state"),
    path("t/table/<str:token>/", table.table, name="table"),
    path("t/table/<str:token>/hands/", table.table_hands, name="table-hands"),
    path("t/table/<str:token>/version", table.table_follow, name="table-version"),
    # A pair's guide through the event (its own link) and check-in: the director's side, and
    # the door poster's page (no account; its token is on the poster only).
    path("t/pair/<str:token>/", guide.pair_guide_page, name="pair-guide"),
    path("t/pair/<str:token>/version", guide.pair_guide_version, name="pair-guide-version"),
    path("t/pair/<str:token>/check-in/", guide.pair_guide_check_in, name="pair-guide-check-in"),
    path(shown + "check-in/<str:token>/", checkin.door, name="tournament-check-in"),
    path(directing + "poster/", checkin.poster, name="director-poster"),
    path(directing + "check-in.json", checkin.checkin_follow, name="director-check-in-version"),
    path(directing + "pairs/<id:entry_id>/check-in/", checkin.check_in, name="director-check-in"),
    path(
        directing + "pairs/<id:entry_id>/check-out/", checkin.check_out, name="director-check-out"
    ),
    path(
        directing + "absentees/withdraw/",
        checkin.absentees,
        name="director-absentees-withdraw",
    ),
    # Public: pairings and live results, standings (and their PDF), every round's results, a
    # pair's cross-table, the projector screen and the JSON it polls.
    path(shown, public.tournament, name="tournament"),
    path(shown + "standings/", public.standings, name="tournament-standings"),
    path(shown + "standings.pdf", public.standings_pdf, name="tournament-standings-pdf"),
    path(shown + "results/", public.results, name="tournament-results"),
    path(shown + "pair/<id:entry_id>/", public.pair, name="tournament-pair"),
    path(shown + "guide/<id:entry_id>/", guide.tournament_guide, name="tournament-guide"),
    path(
        shown + "guide/<id:entry_id>/version",
        guide.tournament_guide_version,
        name="tournament-guide-version",
    ),
    path(shown + "screen/", public.screen, name="tournament-screen"),
    path(shown + "screen.json", public.screen_json, name="tournament-screen-json"),
    # The director's exports (CSV) and printing (PDF, per round; a large one in the background).
    path(export + "results.csv", exports.results_csv, name="export-results"),
    path(export + "standings.csv", exports.standings_csv, name="export-standings"),
    path(export + "hands.csv", exports.hands_csv, name="export-hands"),
    *(
        path(f"{printed}{kind}.pdf", prints.print_round, {"kind": kind}, name=f"print-{kind}")
        for kind in ("cards", "sheets", "pairings")
    ),
    path(shown + "bracket.pdf", prints.print_bracket, name="print-bracket"),
    path(jobs + "<id:job_id>/", prints.print_job, name="print-job"),
    path(jobs + "<id:job_id>.json", prints.print_job_state, name="print-job-state"),
    path(jobs + "<id:job_id>.pdf", prints.print_job_file, name="print-job-file"),
]
