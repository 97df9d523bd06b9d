"""django-tables2 tables of the club pages, fed by selectors (rows of plain dicts); formatting
only in render_*. They share the standings' look (app.css ``table.standings``): a phone lays a
row out as a block, each figure with its label."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from clubs.selectors import PartnerFigures, PlayerFigures
from core.minus_sign import DASH, figure_text, number_text
from core.rounding import half_up
from core.table_cells import cell_attrs, rank_text


def percent_text(rate: float | None) -> str:
    if rate is None:
        return DASH
    # Translators: a share, "62%"; French writes "62 %".
    return _("%(percent)s%%") % {"percent": number_format(half_up(rate, times=100))}


def per_hand_text(rate: float | None) -> str:
    return DASH if rate is None else number_format(half_up(rate, 2), 2)


def points_text(value: float | int | None) -> str:
    return DASH if value is None else number_text(int(half_up(value)))


def rating_text(value: float | None) -> str:
    return DASH if value is None else number_format(half_up(value, 1), 1)


def rating_column() -> tables.Column:
    """The rating's column, where the club shows it (clubs/rating.py)."""
    label = gettext_lazy("Rating")
    return tables.Column(verbose_name=label, attrs=cell_attrs("metric first-metric", label))


def figures_row(club_id: int, figures: PlayerFigures | PartnerFigures, rank: int = 0) -> dict:
    stats, totals = figures.stats, figures.stats.totals
    player_id = figures.player_id if isinstance(figures, PlayerFigures) else figures.partner_id
    together = (figures.events, figures.events_won) if isinstance(figures, PartnerFigures) else None
    return {
        "events": together[0] if together else 0,
        "events_won": together[1] if together else 0,
        "rank": rank,
        "name": figures.name,
        "url": reverse("club-player", args=[club_id, player_id]),
        "games": totals.games,
        "won": totals.won,
        "win_rate": stats.win_rate,
        "average_hand": stats.average_hand,
        "canastas": stats.canastas_per_hand,
        "red_threes": stats.red_threes_per_hand,
        "went_out": stats.went_out_rate,
        "caught": stats.caught_rate,
        "best": totals.best,
        "worst": totals.worst,
    }


def _figure(label: Any, first: bool = False) -> tables.Column:
    css = "metric first-metric" if first else "metric tie"
    return tables.Column(verbose_name=label, attrs=cell_attrs(css, label), empty_values=())


class FiguresTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Player"), attrs=cell_attrs("pair"))
    win_rate = _figure(gettext_lazy("Won"), first=True)
    games = _figure(gettext_lazy("Games"))
    average_hand = _figure(gettext_lazy("Average hand"))
    canastas = _figure(gettext_lazy("Canastas per hand"))
    red_threes = _figure(gettext_lazy("Red threes per hand"))
    went_out = _figure(gettext_lazy("Went out"))
    caught = _figure(gettext_lazy("Caught"))
    best = _figure(gettext_lazy("Best hand"))
    worst = _figure(gettext_lazy("Worst hand"))

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings figures no-rank"}
        orderable = False

    def render_name(self, value: str, record: dict) -> SafeString:
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_win_rate(self, value: float | None) -> str:
        return percent_text(value)

    def render_average_hand(self, value: float | None) -> str:
        return points_text(value)

    def render_canastas(self, value: float | None) -> str:
        return per_hand_text(value)

    def render_red_threes(self, value: float | None) -> str:
        return per_hand_text(value)

    def render_went_out(self, value: float | None) -> str:
        return percent_text(value)

    def render_caught(self, value: float | None) -> str:
        return percent_text(value)

    def render_best(self, value: int | None) -> str:
        return points_text(value)

    def render_worst(self, value: int | None) -> str:
        return points_text(value)


class LeadersTable(FiguresTable):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))

    def render_rank(self, value: int, record: dict) -> str:
        return rank_text(value, record)

    def render_rating(self, value: float | None) -> str:
        return rating_text(value)

    class Meta(FiguresTable.Meta):
        sequence = ("rank", "name", "...")
        attrs = {"class": "standings figures", "data-testid": "leaders"}


class PartnersTable(FiguresTable):
    """A player's partnerships: their games together, and their club events as a pair."""

    name = tables.Column(verbose_name=gettext_lazy("Partner"), attrs=cell_attrs("pair"))
    events = _figure(gettext_lazy("Events"))

    class Meta(FiguresTable.Meta):
        sequence = ("name", "win_rate", "games", "events", "...")
        attrs = {"class": "standings figures no-rank", "data-testid": "partners"}

    def render_events(self, value: int, record: dict) -> str:
        won = record["events_won"]
        if not won:
            return number_format(value)
        words = ngettext("%(counter)s won", "%(counter)s won", won) % {"counter": won}
        return f"{number_format(value)} ({words})"


class LadderTable(tables.Table):
    """A season's ladder: rank, player, total, then a column per event (a dropped event's points
    in brackets: not among the player's best)."""

    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Player"), attrs=cell_attrs("pair"))
    total = _figure(gettext_lazy("Points"), first=True)
    played = _figure(gettext_lazy("Events"))

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings ladder", "data-testid": "ladder"}
        orderable = False

    def render_rank(self, value: int, record: dict) -> str:
        return rank_text(value, record)

    def render_name(self, value: str, record: dict) -> SafeString:
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_total(self, value: float) -> str:
        return figure_text(value)


def ladder_table(club_id: int, ladder: Any) -> LadderTable:
    columns = [
        (
            f"event_{i}",
            tables.Column(
                verbose_name=e.tournament.name, attrs=cell_attrs("metric tie", e.tournament.name)
            ),
        )
        for i, e in enumerate(ladder.events)
    ]
    rows = []
    for row, name, contributions in ladder.rows:
        record = {
            "rank": row.rank,
            "shared": row.shared,
            "name": name,
            "url": reverse("club-player", args=[club_id, row.player_id]),
            "total": row.total,
            "played": row.events,
        }
        for i, c in enumerate(contributions):
            if c is None:
                record[f"event_{i}"] = DASH
            else:
                text = figure_text(c.points)
                record[f"event_{i}"] = text if c.counted else f"({text})"
        rows.append(record)
    return LadderTable(rows, extra_columns=columns)
