"""URL configuration: pages, the edit pages under a game's edit link, and JSON API v1."""

from django.contrib import admin
from django.urls import include, path

from scorekeeper import api, views

play = "g/<str:game_id>/play/<str:token>/"

api_v1 = [
    path("openapi.json", api.openapi, name="api-openapi"),
    path("score", api.score, name="api-score"),
    path("opening-minimum", api.opening, name="api-opening"),
    path("games", api.games, name="api-games"),
    path("games/<str:game_id>", api.game, name="api-game"),
    path("games/<str:game_id>/hands", api.hands, name="api-hands"),
    path("games/<str:game_id>/hands/<int:number>", api.hand, name="api-hand"),
    path("games/<str:game_id>/undo-delete", api.undo_delete, name="api-undo-delete"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("opening/", views.opening_lookup, name="opening"),
    path("variants/", views.variant_list, name="variants"),
    path("new/", views.game_new, name="game-new"),
    path("import/", views.game_import, name="game-import"),
    path("games/", views.my_games, name="my-games"),
    path("g/<str:game_id>/", views.game_view, name="game"),
    path("g/<str:game_id>/history/", views.history, name="history"),
    path("g/<str:game_id>/export.jsonl", views.export_jsonl, name="export-jsonl"),
    path("g/<str:game_id>/export.csv", views.export_csv, name="export-csv"),
    path(play, views.play, name="play"),
    path(play + "hand/", views.hand_new, name="hand-new"),
    path(play + "hand/<int:number>/", views.hand_edit, name="hand-edit"),
    path(play + "hand/<int:number>/preview", views.hand_preview, name="hand-preview"),
    path(play + "hand/<int:number>/delete/", views.hand_delete, name="hand-delete"),
    path(play + "undo/", views.hand_undo, name="hand-undo"),
    path(play + "rematch/", views.game_rematch, name="game-rematch"),
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]
