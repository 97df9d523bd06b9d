"""django-tables2 tables of the scoreboard and the history; formatting only in render_*."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
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


def breakdown_html(breakdown: dict[str, int], labels: dict[str, str]) -> str:
    return format_html_join(" · ", "{} {}", ((labels[k], v) for k, v in breakdown.items() if v))


class SideColumn(tables.Column):
    """One side's score in a hand: the hand total, its breakdown, and the running total."""

    def __init__(self, index: int, **kwargs: Any) -> None:
        self.index = index
        # Translated once per table, not once per cell.
        self.labels = {key: str(label) for key, label in BREAKDOWN_LABELS.items()}
        # The accessor names a real attribute: the cell is rendered from the whole row, and a
        # failed lookup per cell (django-tables2's default for an extra column) costs more.
        super().__init__(accessor="totals", empty_values=(), orderable=False, **kwargs)

    def render(self, record: HandRow) -> str:
        i = self.index
        return format_html(
            '<span class="hand-total">{}</span> <span class="running">{}</span>'
            '<div class="breakdown">{}</div>',
            f"{record.totals[i]:+d}",
            record.running[i],
            breakdown_html(record.breakdowns[i], self.labels),
        )


class ActionsColumn(tables.Column):
    """Edit and delete buttons of a hand (rendered in code: a template per row costs more)."""

    def __init__(self, edit_base: str, csrf_token: str) -> None:
        self.edit_base = edit_base
        self.csrf_token = csrf_token
        self.labels = (str(_("Edit")), str(_("Delete")), str(_("Delete this hand?")))
        super().__init__(accessor="version", empty_values=(), orderable=False, verbose_name="")

    def render(self, record: HandRow) -> str:
        return format_html(
            '<a class="button small" href="{base}hand/{n}/" data-testid="edit-{n}">{edit}</a>'
            '<form method="post" action="{base}hand/{n}/delete/" class="inline" '
            "onsubmit=\"return confirm('{confirm}')\">"
            '<input type="hidden" name="csrfmiddlewaretoken" value="{csrf}">'
            '<input type="hidden" name="version" value="{version}">'
            '<button class="small danger" type="submit" data-testid="delete-{n}">{delete}</button></form>',
            base=self.edit_base,
            n=record.number,
            version=record.version,
            csrf=self.csrf_token,
            edit=self.labels[0],
            delete=self.labels[1],
            confirm=self.labels[2],
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

    def __init__(
        self, state: GameState, edit_base: str | None = None, get_token: Any = None
    ) -> None:
        extra: list[tuple[str, tables.Column]] = [
            (f"side_{side.position}", SideColumn(side.position, verbose_name=side.name))
            for side in state.sides
        ]
        if edit_base:
            extra.append(("actions", ActionsColumn(edit_base, get_token())))
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
