"""The scoring app's URLs: pages, the edit pages of a game, and JSON API v1 (config/urls.py
includes them).

Ids are checked by their converters (url_converters.py), so a malformed id (NUL, a megabyte of
text) is a plain 404 and never reaches the database. Under /api/ a 404 is JSON (handler404).
"""

from django.urls import include, path
from django.views.generic import RedirectView

from core import url_converters  # noqa: F401 (registers the "game" and "id" converters)
from scorekeeper import api, game_exports, hand_pages, installable, phone_engine, views

edit = "g/<game:game_id>/edit/"

api_v1 = [
    path("openapi.json", api.openapi, name="api-openapi"),
    path("score", api.score, name="api-score"),
    path("opening-minimum", api.opening, name="api-opening"),
    path("games", api.games, name="api-games"),
    path("games/<game:game_id>", api.game, name="api-game"),
    path("games/<game:game_id>/hands", api.hands, name="api-hands"),
    path("games/<game:game_id>/hands/<id:number>", api.hand, name="api-hand"),
    path("games/<game:game_id>/undo-delete", api.undo_delete, name="api-undo-delete"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("opening/", views.opening_lookup, name="opening"),
    path("variants/", views.variant_list, name="variants"),
    path("rules/", RedirectView.as_view(pattern_name="variants"), name="rules"),  # as it is called
    path("new/", views.game_new, name="game-new"),
    path("import/", views.game_import, name="game-import"),
    path("games/", views.my_games, name="my-games"),
    path("games/<game:game_id>/forget/", views.game_forget, name="game-forget"),
    path("g/<game:game_id>/", views.game_view, name="game"),
    path("g/<game:game_id>/history/", views.history, name="history"),
    path("g/<game:game_id>/version", views.game_version, name="game-version"),
    path("g/<game:game_id>/export.jsonl", game_exports.export_jsonl, name="export-jsonl"),
    path("g/<game:game_id>/export.csv", game_exports.export_csv, name="export-csv"),
    path("g/<game:game_id>/play/<str:token>/", views.play, name="play"),
    path(edit, views.edit, name="edit"),
    path(edit + "hand/", hand_pages.hand_new, name="hand-new"),
    path(edit + "hand/<id:number>/", hand_pages.hand_edit, name="hand-edit"),
    path(edit + "hand/<id:number>/preview", hand_pages.hand_preview, name="hand-preview"),
    path(edit + "hand/<id:number>/delete/", hand_pages.hand_delete_page, name="hand-delete"),
    path(edit + "undo/", hand_pages.hand_undo, name="hand-undo"),
    path(edit + "rematch/", views.game_rematch, name="game-rematch"),
    path(edit + "dealer/", views.game_dealer, name="game-dealer"),
    path(edit + "day/", views.game_played_on, name="game-played-on"),
    path("api/v1/", include(api_v1)),
    # The installed app (scorekeeper/installable.py): at the root, so the worker covers every page.
    path("sw.js", installable.service_worker, name="service-worker"),
    path("manifest.webmanifest", installable.manifest, name="manifest"),
    path("favicon.ico", installable.favicon),
    path("offline/", installable.offline, name="offline"),
    # The rules engine for the phone's browser (scorekeeper/phone_engine.py).
    path("engine/<str:digest>.zip", phone_engine.engine_zip, name="engine-zip"),
    path(
        "engine/messages/<str:language>/<str:digest>.json",
        phone_engine.engine_catalog,
        name="engine-catalog",
    ),
]
