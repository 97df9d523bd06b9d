"""Tournament pages: the director's (/t/<id>/director/...), the tables' private links
(/t/table/<token>/), the public pages and the exports."""

from __future__ import annotations

from django.urls import include, path

from tournaments import director_views, table_views

director = "t/<int:tournament_id>/director/"

urlpatterns = [
    path("t/", director_views.tournament_list, name="tournament-list"),
    path("t/new/", director_views.tournament_new, name="tournament-new"),
    path(director, director_views.dashboard, name="director"),
    path(director + "pairs/", director_views.pairs_add, name="director-pairs"),
    path(director + "pairs/import/", director_views.pairs_import, name="director-import"),
    path(
        director + "pairs/<int:entry_id>/withdraw/",
        director_views.pair_withdraw,
        name="director-withdraw",
    ),
    path(director + "rounds/", director_views.rounds_set, name="director-rounds"),
    path(
        director + "standings/recompute/",
        director_views.standings_recompute,
        name="director-recompute",
    ),
    path(director + "round/next/", director_views.round_next, name="director-round-next"),
    path(
        director + "round/<int:number>/discard/",
        director_views.round_discard,
        name="director-discard",
    ),
    path(
        director + "round/<int:number>/release/",
        director_views.round_release,
        name="director-release",
    ),
    path(director + "round/<int:number>/close/", director_views.round_close, name="director-close"),
    path(director + "round/<int:number>/swap/", director_views.round_swap, name="director-swap"),
    path(director + "match/<int:match_id>/", director_views.match_correct, name="director-match"),
    path(
        director + "match/<int:match_id>/reopen/",
        director_views.match_reopen,
        name="director-reopen",
    ),
    path("t/<int:tournament_id>/state.json", director_views.state, name="tournament-state"),
    path("t/table/<str:token>/", table_views.table, name="table"),
    path("t/table/<str:token>/hands/", table_views.table_hands, name="table-hands"),
    path("", include("tournaments.urls_public")),
    path("", include("tournaments.urls_exports")),
]
