"""A tournament's public pages (no login): pairings and live results, standings, a pair's
cross-table, and the projector screen with the JSON it polls."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments import public_views

public = "t/<int:tournament_id>/"

urlpatterns: list[URLPattern] = [
    path(public, public_views.tournament, name="tournament"),
    path(public + "standings/", public_views.standings, name="tournament-standings"),
    path(public + "pair/<int:entry_id>/", public_views.pair, name="tournament-pair"),
    path(public + "screen/", public_views.screen, name="tournament-screen"),
    path(public + "screen.json", public_views.screen_json, name="tournament-screen-json"),
]
