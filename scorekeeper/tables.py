"""django-tables2 tables of the scoreboard and the history; formatting only in render_*."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from core.minus_sign import number_text, signed_text
from scorekeeper.models import Revision
from scorekeeper.rules.entry import entry_offer
from scorekeeper.selectors import GameState, HandRow, RevisionRow
from scorekeeper.services import EDIT_LINK

BREAKDOWN_LABELS = {
    "cards": _("cards"),
    "hand": _("in hand"),
    "canastas": _("canastas"),
    "red_threes": _("red threes"),
    "going_out": _("out"),
    "other": _("other"),
}
# The "other" part named after its only source, where the preset has one (rules/entry.py).
OTHER_LABELS = {
    "exact_cut": _("exact cut"),
    "penalties": _("penalties"),
    "pickups": _("pick-ups"),
    "other": _("other"),
}


class SideColumn(tables.Column):
    """One side's score in a hand: the hand total, its breakdown, and the running total."""

    def __init__(self, index: int, labels: Mapping[str, Any], **kwargs: Any) -> None:
        self.index = index
        self.labels = labels
        # The accessor names a real attribute: the cell is rendered from the whole row.
        super().__init__(accessor="scores", empty_values=(), orderable=False, **kwargs)

    def render(self, record: HandRow) -> SafeString:
        i = self.index
        found = record.adjustments[i] if i < len(record.adjustments) else None
        return format_html(
            '<span class="hand-total">{}</span> <span class="running">{}</span>'
            '<div class="breakdown">{}</div>{}',
            signed_text(record.scores[i]),
            number_text(record.running[i]),
            breakdown_html(record.breakdowns[i], self.labels),
            adjustment_html(found),
        )


def adjustment_html(adjustment: Mapping[str, Any] | None) -> SafeString:
    """A side's adjustment in a hand, with its reason: "adjustment −100: misdeal"."""
    if not adjustment:
        return mark_safe("")
    return format_html(
        '<div class="adjustment" data-testid="adjustment">{}</div>', adjustment_text(adjustment)
    )


def adjustment_text(adjustment: Mapping[str, Any]) -> str:
    return _("adjustment %(points)s: %(reason)s") % {
        "points": signed_text(adjustment["points"]),
        "reason": adjustment["reason"],
    }


def breakdown_labels(other_part: str, books: bool) -> dict[str, Any]:
    """The breakdown's words for a preset whose "other" part holds ``other_part``, and whose
    players call canastas books (the families that go out on books)."""
    words = {**BREAKDOWN_LABELS, "other": OTHER_LABELS[other_part]}
    if books:
        words["canastas"] = _("books")
    return words


def breakdown_html(
    breakdown: Mapping[str, int], labels: Mapping[str, Any] = BREAKDOWN_LABELS
) -> SafeString:
    """ "cards 70 · canastas 500 · in hand −50": the non-zero parts."""
    return format_html_join(
        " · ",
        "{} {}",
        ((labels[key], number_text(value)) for key, value in breakdown.items() if value),
    )


class ActionsColumn(tables.Column):
    """Links to correct or delete a hand: no form in the row (delete asks on a page of its own),
    so a row is the same for every visitor and the table can be cached by the game's version.
    Each is a 44 × 44 px target at least, with a gap before the delete (app.css .row-actions)."""

    def __init__(self, edit_base: str) -> None:
        self.base = edit_base
        # A header a screen reader reads ("Correct or delete"), not shown: the buttons say it.
        header = format_html('<span class="visually-hidden">{}</span>', _("Correct or delete"))
        super().__init__(accessor="version", empty_values=(), orderable=False, verbose_name=header)

    def render(self, record: HandRow) -> SafeString:
        return format_html(
            '<span class="row-actions"><a class="button small row-action" '
            'href="{base}hand/{n}/" data-testid="edit-{n}">{edit}</a>'
            '<a class="button small row-action danger" href="{base}hand/{n}/delete/" '
            'data-testid="delete-{n}">{delete}</a></span>',
            base=self.base,
            n=record.number,
            edit=_("Correct"),
            delete=_("Delete"),
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
        offer = entry_offer(state.ruleset.variant)
        labels = breakdown_labels(offer.other_part, offer.books)
        extra: list[tuple[str, tables.Column]] = [
            (f"side_{side.position}", SideColumn(side.position, labels, verbose_name=side.name))
            for side in state.sides
        ]
        if edit_base:
            extra.append(("actions", ActionsColumn(edit_base)))
        super().__init__(list(state.hands), extra_columns=extra)


def _scores(result: dict[str, Any]) -> str:
    """Each side's score in the hand; an adjustment's points and reason after it."""
    return ", ".join(
        signed_text(int(side["total"]))
        + (" (" + adjustment_text(side["adjustment"]) + ")" if side.get("adjustment") else "")
        for side in result["sides"]
    )


def _cell(name: str, label: Any = None) -> dict[str, Any]:
    """A cell's class (a phone stacks a row's cells: app.css), and the words shown before it
    there when its value alone would not say what it is."""
    td = {"class": f"rev-{name}", **({"data-label": label} if label is not None else {})}
    return {"td": td, "th": {"class": f"rev-{name}"}}


class RevisionTable(tables.Table):
    """The history: one row per change; an edit shows the scores before and after it. Who made
    a change through an account is named to those who may change the game themselves; to the
    others (the read-only link is anyone's) it is "an account": a login is not published, as
    anyone could lock it out by failing to log in with it (settings AXES_*)."""

    def __init__(self, *args: Any, accounts_named: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.accounts_named = accounts_named

    at = tables.DateTimeColumn(
        verbose_name=_("When"), accessor="revision__at", format="Y-m-d H:i", attrs=_cell("at")
    )
    number = tables.Column(
        verbose_name=_("Hand"), accessor="revision__number", attrs=_cell("number", _("Hand"))
    )
    action = tables.Column(
        verbose_name=_("What"), accessor="revision__action", attrs=_cell("action")
    )
    author = tables.Column(
        verbose_name=_("Who"), accessor="revision__author", attrs=_cell("author")
    )
    result = tables.Column(
        verbose_name=_("Scores"),
        accessor="revision__result",
        orderable=False,
        attrs=_cell("result"),
    )

    class Meta:
        attrs = {"class": "hands revisions", "data-testid": "revisions"}
        orderable = False

    def render_action(self, value: str) -> str:
        return str(Revision.Action(value).label)

    def render_author(self, value: str) -> str:
        # Stored untranslated (services.EDIT_LINK); a username never has a space.
        if value == EDIT_LINK:
            return str(_("edit link"))
        return value if self.accounts_named else str(_("an account"))

    def render_result(self, value: dict[str, Any], record: RevisionRow) -> SafeString:
        if record.after is None:
            return format_html('<span class="scores">{}</span>', _scores(value))
        return format_html(
            '<span class="scores old">{}</span> <span class="arrow">→</span> '
            '<span class="scores new">{}</span>',
            _scores(value),
            _scores(record.after),
        )
