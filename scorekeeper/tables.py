"""django-tables2 tables of the scoreboard and the history; formatting only in render_*."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scorekeeper.selectors import GameState, HandRow

BREAKDOWN_LABELS = {
    "cards": _("cards"),
    "hand": _("in hand"),
    "canastas": _("canastas"),
    "red_threes": _("red threes"),
    "going_out": _("out"),
    "other": _("other"),
}


# Cells are built from integers (which need no escaping) and words escaped once per table:
# format_html per cell was a third of a scoreboard page's time (bench/load.py, cProfile).


def breakdown_html(breakdown: dict[str, int], labels: dict[str, str]) -> str:
    """ "cards 70 · canastas 500": the non-zero parts, with ``labels`` already escaped."""
    return " · ".join(f"{labels[key]} {int(value)}" for key, value in breakdown.items() if value)


class SideColumn(tables.Column):
    """One side's score in a hand: the hand total, its breakdown, and the running total."""

    def __init__(self, index: int, **kwargs: Any) -> None:
        self.index = index
        self.labels = {key: escape(label) for key, label in BREAKDOWN_LABELS.items()}
        # The accessor names a real attribute: the cell is rendered from the whole row, and a
        # failed lookup per cell (django-tables2's default for an extra column) costs more.
        super().__init__(accessor="scores", empty_values=(), orderable=False, **kwargs)

    def render(self, record: HandRow) -> SafeString:
        i = self.index
        return mark_safe(
            f'<span class="hand-total">{int(record.scores[i]):+d}</span> '
            f'<span class="running">{int(record.running[i])}</span>'
            f'<div class="breakdown">{breakdown_html(record.breakdowns[i], self.labels)}</div>'
        )


class ActionsColumn(tables.Column):
    """Links to correct or delete a hand: no form in the row (delete asks on a page of its own),
    so a row is the same for every visitor and the table can be cached by the game's version."""

    def __init__(self, edit_base: str) -> None:
        self.base = escape(edit_base)
        self.edit, self.delete = escape(_("Correct")), escape(_("Delete"))
        super().__init__(accessor="version", empty_values=(), orderable=False, verbose_name="")

    def render(self, record: HandRow) -> SafeString:
        n = int(record.number)
        return mark_safe(
            f'<span class="row-actions"><a class="button small" href="{self.base}hand/{n}/" '
            f'data-testid="edit-{n}">{self.edit}</a>'
            f'<a class="button small danger" href="{self.base}hand/{n}/delete/" '
            f'data-testid="delete-{n}">{self.delete}</a></span>'
        )


class HandTable(tables.Table):
    number = tables.Column(verbose_name="#", orderable=False)

    class Meta:
        template_name = "scorekeeper/_hands_table.html"
        attrs = {"class": "hands", "data-testid": "hands"}
        row_attrs = {
            "class": lambda record: "after-end" if record.after_end else "",
            "data-hand": lambda record: record.number,
        }
        orderable = False

    def __init__(self, state: GameState, edit_base: str | None = None) -> None:
        extra: list[tuple[str, tables.Column]] = [
            (f"side_{side.position}", SideColumn(side.position, verbose_name=side.name))
            for side in state.sides
        ]
        if edit_base:
            extra.append(("actions", ActionsColumn(edit_base)))
        super().__init__(list(state.hands), extra_columns=extra)


class RevisionTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("When"), format="Y-m-d H:i")
    number = tables.Column(verbose_name=_("Hand"))
    action = tables.Column(verbose_name=_("What"))
    author = tables.Column(verbose_name=_("Who"))
    result = tables.Column(verbose_name=_("Scores of that version"), orderable=False)

    class Meta:
        attrs = {"class": "hands", "data-testid": "revisions"}
        orderable = False

    def render_result(self, value: dict[str, Any]) -> str:
        return ", ".join(f"{side['total']:+d}" for side in value["sides"])
