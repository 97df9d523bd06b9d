"""The players' guide links and the check-in card in pages that other views render (the table
page, the director's page, the wall screen), so that each needs one line of its template and
nothing of its view: ``{% load guides %}``.

- ``{% guide_path entry tournament %}``: the entry's private guide link (guide_keys);
- ``{% side_guides match side as guides %}``: the guide of each entry of a table's side (one
  pair, or an individual event's two partners);
- ``{% checkin_card %}``: the director's check-in card (an event with check-in);
- ``{% find_table_qr tournament %}``: the wall's QR code of the public page's "find my table".
"""

from __future__ import annotations

from typing import Any

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from core.phone_links import phone_links
from tournaments.guide_keys import guide_token
from tournaments.models import Entry, Match, Tournament
from tournaments.selectors.checkin import checkin_board, checkin_version

register = template.Library()


@register.simple_tag
def guide_path(entry: Entry, tournament: Tournament) -> str:
    return reverse("pair-guide", args=[guide_token(entry, tournament)])


@register.simple_tag
def side_guides(match: Match, side: str) -> list[tuple[Entry, str]]:
    """(entry, its guide link) for each entry of ``side`` ("ns", "ew") of the table: a pair's
    private guide; an individual event's two partners, who share this round's table link but
    not the evening, each their public guide (a private one would hand a round's partner the
    other's table links for every later round)."""
    north, east = match.sides()
    tournament = match.round.tournament
    seated = north if side == "ns" else east
    if len(seated) == 1:
        return [(seated[0], guide_path(seated[0], tournament))]
    return [(e, reverse("tournament-guide", args=[tournament.id, e.id])) for e in seated]


@register.inclusion_tag("tournaments/_checkin_card.html", takes_context=True)
def checkin_card(context: template.Context) -> dict[str, Any]:
    """The director's card; its data read here, so the director's page (which several
    features share) gains a card without a line of its view."""
    tournament: Tournament = context["tournament"]
    shown = tournament.check_in and tournament.status != Tournament.Status.FINISHED
    return {
        "shown": shown,
        "tournament": tournament,
        "board": checkin_board(tournament) if shown else None,
        "board_version": checkin_version(tournament) if shown else "",
        "csrf_token": context.get("csrf_token"),
    }


def qr_svg(url: str, css_class: str) -> SafeString:
    """A QR code as an inline SVG that scales with its box (no size of its own), dark on
    white, with the quiet zone the standard asks for."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(omitsize=True, border=4, dark="#000", light="#fff", svgclass=css_class)
    return mark_safe(svg)  # noqa: S308 (segno's own markup: the URL is encoded as modules, not text)


@register.simple_tag(takes_context=True)
def find_table_qr(context: template.Context, tournament: Tournament) -> SafeString:
    """The public page's "find my table", as the phones reach it (phone_links)."""
    url = phone_links(context["request"]).to(reverse("tournament", args=[tournament.id]))
    return qr_svg(f"{url}#find-q", "find-qr")
