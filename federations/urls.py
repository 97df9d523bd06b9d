"""Federation pages (/f/...): anyone sees a federation's clubs, calendar, ranking and members'
careers; its officers run it; a club's directors reach it from their club's federations."""

from __future__ import annotations

from django.urls import URLPattern, path

from core import url_converters  # noqa: F401 (registers the "id" converter)
from federations import views

federation = "f/<id:federation_id>/"

urlpatterns: list[URLPattern] = [
    path("f/", views.federations_home, name="federations"),
    path("f/club/<id:club_id>/", views.club_page, name="federation-club"),
    path("f/link/<id:link_id>/remove/", views.link_remove, name="federation-link-remove"),
    path("f/link/<id:link_id>/answer/", views.link_answer, name="federation-link-answer"),
    path(
        "f/sanction/<id:sanction_id>/remove/",
        views.sanction_remove,
        name="federation-sanction-remove",
    ),
    path(federation, views.federation_page, name="federation"),
    path(
        federation + "clubs/<id:affiliation_id>/answer/",
        views.affiliation_answer,
        name="federation-affiliation-answer",
    ),
    path(federation + "calendar/", views.federation_calendar, name="federation-calendar"),
    path(federation + "ranking/", views.federation_ranking, name="federation-ranking"),
    path(
        federation + "ranking/<id:season_id>/",
        views.federation_ranking,
        name="federation-ranking-season",
    ),
    path(
        federation + "ranking/<id:season_id>/ranking.csv",
        views.ranking_csv,
        name="federation-ranking-csv",
    ),
    path(federation + "rating/", views.federation_rating, name="federation-rating"),
    path(federation + "members/", views.federation_members, name="federation-members"),
    path(federation + "members/<id:member_id>/", views.member_page, name="federation-member"),
    path(
        federation + "members/<id:member_id>/data.json",
        views.member_data,
        name="federation-member-data",
    ),
    path(
        federation + "members/<id:member_id>/anonymise/",
        views.member_anonymise,
        name="federation-member-anonymise",
    ),
    path(
        federation + "changes/<id:change_id>/undo/",
        views.change_undo,
        name="federation-change-undo",
    ),
    path(federation + "settings/", views.federation_settings, name="federation-settings"),
]
