"""django-tables2 tables of the tournament's pages, fed by selectors; formatting only in
render_*. The standings are a snapshot's rows (plain dicts), a column per tie-break."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.minus_sign import figure_text
from core.table_cells import cell_attrs, rank_text
from tournaments.models import Tournament
from tournaments.words import METRIC_LABELS, direction_name, standings_metrics


class MetricColumn(tables.Column):
    def __init__(self, metric: str, first: bool) -> None:
        self.metric = metric
        self.signed = metric == "margin"
        label = METRIC_LABELS.get(metric, metric)
        classes = f"metric metric-{metric} " + ("first-metric" if first else "tie")
        super().__init__(
            accessor="metrics",
            verbose_name=label,
            orderable=False,
            empty_values=(),
            attrs=cell_attrs(classes, label),
        )

    def render(self, value: Mapping[str, Any]) -> str:
        return figure_text(value.get(self.metric, 0), signed=self.signed)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Pair"), attrs=cell_attrs("pair"))

    class Meta:
        template_name = "core/_lean_table.html"
        attrs = {"class": "standings", "data-testid": "standings"}
        row_attrs = {
            "data-entry": lambda record: record["entry"],
            "class": lambda record: "withdrawn" if record.get("withdrawn") else "",
        }
        orderable = False

    def __init__(
        self,
        rows: Sequence[Mapping[str, Any]],
        tournament: Tournament,
        compact: bool = False,
        directions: bool = False,
    ) -> None:
        """``compact``: a column for the points alone, the tie-breaks in a line under each
        name (the director's page, beside the round, has a narrow column for them).
        ``directions``: a column naming each row's direction, for a two-winner Mitchell's
        North-South and East-West rows in one table (each ranked within its own)."""
        self.pair_base = reverse("tournament", args=[tournament.id]) + "pair/"
        self.withdrawn = escape(_("withdrawn"))
        order = standings_metrics(tournament)
        self.ties = order[1:] if compact else []
        shown = order[:1] if compact else order
        extra: list[tuple[str, tables.Column]] = [
            (f"m_{m}", MetricColumn(m, i == 0)) for i, m in enumerate(shown)
        ]
        if directions:
            label = gettext_lazy("Direction")
            column = tables.Column(
                accessor="direction",
                verbose_name=label,
                orderable=False,
                empty_values=(),
                attrs=cell_attrs("direction", label),
            )
            extra.insert(0, ("direction", column))
        super().__init__(list(rows), extra_columns=extra)
        if tournament.individual:  # each player ranked on their own
            self.columns["name"].column.verbose_name = gettext_lazy("Player")

    def render_direction(self, value: Any) -> str:
        return direction_name(value)

    def render_rank(self, value: int, record: Mapping[str, Any]) -> str:
        return rank_text(value, record)

    def render_name(self, value: str, record: Mapping[str, Any]) -> SafeString:
        flag = f' <span class="flag">{self.withdrawn}</span>' if record.get("withdrawn") else ""
        metrics = record.get("metrics", {})
        shown = (
            f"{METRIC_LABELS.get(m, m)} {figure_text(metrics.get(m, 0), signed=m == 'margin')}"
            for m in self.ties
        )
        ties = " · ".join(f"<span>{escape(t)}</span>" for t in shown)  # each "Margin +530" whole
        under = f'<span class="ties">{ties}</span>' if ties else ""
        return mark_safe(  # noqa: S308 (the name and the tie-breaks escaped, the id an integer)
            f'<a href="{self.pair_base}{int(record["entry"])}/">{escape(value)}</a>{flag}{under}'
        )
