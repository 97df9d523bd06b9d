"""django-tables2 tables of the federation pages: its ranking, its calendar of sanctioned
events, its members. They share the standings' look (app.css ``table.standings``): a phone lays
a row out as a block, each figure with its label."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.minus_sign import figure_text
from core.table_cells import cell_attrs, rank_text


def points_shown(points: int | Fraction) -> str:
    """A member's points as the pages show them: a tie's share to one place ("6.7")."""
    if isinstance(points, Fraction):
        return figure_text(Decimal(points.numerator) / Decimal(points.denominator))
    return figure_text(points)


class RankingTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Member"), attrs=cell_attrs("pair"))
    points = tables.Column(
        verbose_name=gettext_lazy("Points"),
        attrs=cell_attrs("metric first-metric", gettext_lazy("Points")),
    )
    category = tables.Column(
        verbose_name=gettext_lazy("Category"),
        attrs=cell_attrs("metric tie", gettext_lazy("Category")),
        empty_values=(),
    )
    events = tables.Column(
        verbose_name=gettext_lazy("Events"), attrs=cell_attrs("metric tie", gettext_lazy("Events"))
    )

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings", "data-testid": "ranking"}
        orderable = False

    def render_rank(self, value: int, record: dict) -> str:
        return rank_text(value, record)

    def render_name(self, value: str, record: dict) -> SafeString:
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_points(self, value: int | Fraction) -> str:
        return points_shown(value)

    def render_category(self, value: str) -> str:
        return value or "–"


class RatingTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Member"), attrs=cell_attrs("pair"))
    rating = tables.Column(
        verbose_name=gettext_lazy("Rating"),
        attrs=cell_attrs("metric first-metric", gettext_lazy("Rating")),
    )
    games = tables.Column(
        verbose_name=gettext_lazy("Games"), attrs=cell_attrs("metric tie", gettext_lazy("Games"))
    )

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings", "data-testid": "rating"}
        orderable = False

    def render_name(self, value: str, record: dict) -> SafeString:
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_rating(self, value: float) -> str:
        return number_format(value, 1)


class CalendarTable(tables.Table):
    event = tables.Column(verbose_name=gettext_lazy("Event"), attrs=cell_attrs("pair"))
    played_on = tables.Column(
        verbose_name=gettext_lazy("Day"),
        attrs=cell_attrs("metric first-metric", gettext_lazy("Day")),
    )
    club = tables.Column(
        verbose_name=gettext_lazy("Club"), attrs=cell_attrs("metric tie", gettext_lazy("Club"))
    )
    status = tables.Column(
        verbose_name=gettext_lazy("Report"), attrs=cell_attrs("metric tie", gettext_lazy("Report"))
    )

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings calendar no-rank", "data-testid": "calendar"}
        orderable = False

    def render_played_on(self, value: Any) -> str:
        return date_format(value, "SHORT_DATE_FORMAT")

    def render_event(self, value: str, record: dict) -> SafeString:
        if record.get("url"):
            return format_html('<a href="{}">{}</a>', record["url"], value)
        return format_html("{}", value)

    def render_status(self, value: str, record: dict) -> SafeString:
        return format_html('<span class="report-status {}">{}</span>', record["state"], value)


class CareerTable(tables.Table):
    """A member's events across clubs: the place of the field, and the points it earned."""

    event = tables.Column(verbose_name=gettext_lazy("Event"), attrs=cell_attrs("pair"))
    points = tables.Column(
        verbose_name=gettext_lazy("Points"),
        attrs=cell_attrs("metric first-metric", gettext_lazy("Points")),
    )
    place = tables.Column(
        verbose_name=gettext_lazy("Place"), attrs=cell_attrs("metric tie", gettext_lazy("Place"))
    )
    club = tables.Column(
        verbose_name=gettext_lazy("Club"), attrs=cell_attrs("metric tie", gettext_lazy("Club"))
    )
    played_on = tables.Column(
        verbose_name=gettext_lazy("Day"), attrs=cell_attrs("metric tie", gettext_lazy("Day"))
    )

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings calendar no-rank", "data-testid": "career"}
        orderable = False

    def render_points(self, value: int | Fraction) -> str:
        return points_shown(value)

    def render_played_on(self, value: Any) -> str:
        return date_format(value, "SHORT_DATE_FORMAT")


class MembersTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Member"), attrs=cell_attrs("pair"))
    number = tables.Column(
        verbose_name=gettext_lazy("Number"),
        attrs=cell_attrs("metric first-metric", gettext_lazy("Number")),
    )
    clubs = tables.Column(
        verbose_name=gettext_lazy("Clubs"), attrs=cell_attrs("metric tie", gettext_lazy("Clubs"))
    )
    account = tables.Column(
        verbose_name=gettext_lazy("Account"),
        attrs=cell_attrs("metric tie", gettext_lazy("Account")),
        empty_values=(),
    )

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings members calendar no-rank", "data-testid": "members"}
        orderable = False

    def render_name(self, value: str, record: dict) -> SafeString:
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_account(self, value: str) -> str:
        return value or "–"
