"""Club pages (/c/...): a club's members see them, its directors change them."""

from __future__ import annotations

from django.urls import URLPattern, path

from clubs import views
from core import url_converters  # noqa: F401 (registers the "id" converter)

club = "c/<id:club_id>/"

urlpatterns: list[URLPattern] = [
    path("c/", views.club_list, name="club-list"),
    path("c/import/", views.club_import, name="club-import"),
    path("c/import/<id:job_id>/", views.club_import_job, name="club-import-job"),
    path(club, views.club_home, name="club"),
    path(club + "backup.json", views.club_backup, name="club-backup"),
    path(club + "rating/", views.rating_set, name="club-rating"),
    path(club + "players/", views.club_players, name="club-players"),
    path(club + "players/add/", views.player_add, name="club-player-add"),
    path(club + "players/merge/", views.player_merge, name="club-player-merge"),
    path(club + "players/<id:player_id>/", views.player_detail, name="club-player"),
    path(club + "players/<id:player_id>/remove/", views.player_remove, name="club-player-remove"),
    path(
        club + "players/<id:player_id>/data.json",
        views.player_data_download,
        name="club-player-data",
    ),
    path(
        club + "players/<id:player_id>/anonymise/",
        views.player_anonymise,
        name="club-player-anonymise",
    ),
    path(club + "leave/", views.club_leave, name="club-leave"),
    path(club + "games/new/", views.club_game_new, name="club-game-new"),
    path(club + "presets/", views.club_presets, name="club-presets"),
    path(club + "presets/<id:preset_id>/delete/", views.preset_delete, name="club-preset-delete"),
    path(club + "scales/", views.club_vp_scales, name="club-vp-scales"),
    path(club + "scales/<id:scale_id>/delete/", views.vp_scale_delete, name="club-vp-scale-delete"),
    path(club + "seasons/", views.club_seasons, name="club-seasons"),
    path(club + "seasons/<id:season_id>/", views.season_detail, name="club-season"),
    path(club + "seasons/<id:season_id>/ladder.csv", views.season_csv, name="club-season-csv"),
    path(club + "leaders/", views.club_leaders, name="club-leaders"),
    path(club + "members/", views.club_members, name="club-members"),
    path(
        club + "members/<id:membership_id>/remove/", views.member_remove, name="club-member-remove"
    ),
]
