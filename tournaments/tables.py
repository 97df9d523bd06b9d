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

from tournaments.models import Tournament
from tournaments.selectors.event import knockout_start
from tournaments.words import METRIC_LABELS, metric_text, metrics_shown


def cell_attrs(name: str, label: Any = None) -> dict[str, Any]:
    """A cell's class (a phone lays a row out as a block: app.css) and the words shown before
    its value there."""
    td: dict[str, Any] = {"class": name}
    if label is not None:
        td["data-label"] = label
    return {"td": td, "th": {"class": name, "scope": "col"}}


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
        return metric_text(value.get(self.metric, 0), self.signed)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("standings", "Rank"), attrs=cell_attrs("rank"))
    name = tables.Column(verbose_name=gettext_lazy("Pair"), attrs=cell_attrs("pair"))

    class Meta:
        template_name = "tournaments/public/_standings_table.html"
        attrs = {"class": "standings", "data-testid": "standings"}
        row_attrs = {
            "data-entry": lambda record: record["entry"],
            "class": lambda record: "withdrawn" if record.get("withdrawn") else "",
        }
        orderable = False

    def __init__(self, rows: Sequence[Mapping[str, Any]], tournament: Tournament) -> None:
        self.pair_base = reverse("tournament", args=[tournament.id]) + "pair/"
        self.withdrawn = escape(_("withdrawn"))
        # A knockout alone ranks by its bracket: points, Buchholz and head to head mean nothing.
        order = [] if knockout_start(tournament) == 1 else metrics_shown(tournament)
        extra = [(f"m_{m}", MetricColumn(m, i == 0)) for i, m in enumerate(order)]
        super().__init__(list(rows), extra_columns=extra)
        if tournament.individual:  # each player ranked on their own
            self.columns["name"].column.verbose_name = gettext_lazy("Player")

    def render_rank(self, value: int, record: Mapping[str, Any]) -> str:
        return f"={int(value)}" if record.get("shared") else str(int(value))

    def render_name(self, value: str, record: Mapping[str, Any]) -> SafeString:
        flag = f' <span class="flag">{self.withdrawn}</span>' if record.get("withdrawn") else ""
        return mark_safe(  # noqa: S308 (the name is escaped, the id an integer)
            f'<a href="{self.pair_base}{int(record["entry"])}/">{escape(value)}</a>{flag}'
        )
