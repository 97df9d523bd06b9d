"""Federation pages (/f/...): anyone sees a federation's clubs, calendar, ranking and members'
careers; its officers run it; a club's directors reach it from their club's federations."""

from __future__ import annotations

from django.urls import URLPattern, path

from core import url_converters  # noqa: F401 (registers the "id" converter)
from federations.views import clubs, officers, people, public

federation = "f/<id:federation_id>/"

urlpatterns: list[URLPattern] = [
    path("f/", people.federations_home, name="federations"),
    path("f/club/<id:club_id>/", clubs.club_page, name="federation-club"),
    path("f/link/<id:link_id>/remove/", clubs.link_remove, name="federation-link-remove"),
    path("f/link/<id:link_id>/answer/", people.link_answer, name="federation-link-answer"),
    path(
        "f/sanction/<id:sanction_id>/remove/",
        clubs.sanction_remove,
        name="federation-sanction-remove",
    ),
    path(federation, public.federation_page, name="federation"),
    path(
        federation + "clubs/<id:affiliation_id>/answer/",
        officers.affiliation_answer,
        name="federation-affiliation-answer",
    ),
    path(federation + "calendar/", public.federation_calendar, name="federation-calendar"),
    path(federation + "ranking/", public.federation_ranking, name="federation-ranking"),
    path(
        federation + "ranking/<id:season_id>/",
        public.federation_ranking,
        name="federation-ranking-season",
    ),
    path(
        federation + "ranking/<id:season_id>/ranking.csv",
        officers.ranking_csv,
        name="federation-ranking-csv",
    ),
    path(federation + "rating/", public.federation_rating, name="federation-rating"),
    path(federation + "members/", officers.federation_members, name="federation-members"),
    path(federation + "members/<id:member_id>/", public.member_page, name="federation-member"),
    path(
        federation + "members/<id:member_id>/data.json",
        people.member_data,
        name="federation-member-data",
    ),
    path(
        federation + "members/<id:member_id>/anonymise/",
        people.member_anonymise,
        name="federation-member-anonymise",
    ),
    path(
        federation + "changes/<id:change_id>/undo/",
        officers.change_undo,
        name="federation-change-undo",
    ),
    path(federation + "settings/", officers.federation_settings, name="federation-settings"),
    path(
        federation + "members/<id:member_id>/edit/",
        officers.member_edit,
        name="federation-member-edit",
    ),
    path(
        federation + "officers/<id:officer_id>/remove/",
        officers.officer_remove,
        name="federation-officer-remove",
    ),
    path(
        federation + "seasons/<id:season_id>/remove/",
        officers.season_remove,
        name="federation-season-remove",
    ),
]
