"""A pair's guide through the event (in an individual event, a player's): its own link
(``/t/pair/<token>/``, guide_keys) with the round's private table link and check-in, and the
same guide for anyone by name (``/t/<id>/guide/<entry_id>/``, from "find my table"), without
them. Both follow changes without a reload of their own (follow.mjs asks their version).

The private guide holds the pair's table link: no copy is kept by a shared cache or by the
phone's service worker (core.no_store), as for the director's pages."""

from __future__ import annotations

from dataclasses import replace

from csp.decorators import csp_exempt
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from core import no_store
from core.page_versions import version_response
from tournaments.guide_keys import entry_of_guide
from tournaments.models import Entry, Tournament
from tournaments.selectors.checkin import absent_withdrawn
from tournaments.selectors.guide import (
    STANDINGS_SHOWN,
    Guide,
    Stage,
    guide_facts,
    guide_version,
    pair_guide,
)
from tournaments.selectors.lookups import entry_of, tournament_of
from tournaments.services.checkin import entry_check_in
from tournaments.services.errors import TournamentError
from tournaments.services.standings import standings_shown
from tournaments.table_keys import table_token
from tournaments.views.cached_pages import Content, public_page

GUIDE_SHEETS = ("tournaments/guide.css",)


def _entry(token: str) -> Entry:
    entry = entry_of_guide(token)
    if entry is None:
        raise Http404  # a link that opens no pair is simply not a page
    return entry


def _guide(entry: Entry, *, private: bool) -> Guide:
    """The guide, its standings brought up to date where it shows them (its version then
    counts the rebuilt ones, which the phone's next look finds)."""
    facts = guide_facts(entry)
    current = None
    if facts.stage in STANDINGS_SHOWN:
        current = standings_shown(tournament=facts.tournament)
        if current.snapshot is not None:
            facts = replace(facts, standings_version=current.snapshot.version)
    return pair_guide(facts, current, guide_version(facts, private=private))


def _context(guide: Guide, follow_url: str) -> dict[str, object]:
    facts = guide.facts
    tournament, entry = facts.tournament, facts.entry
    return {
        "guide": guide,
        "tournament": tournament,
        "entry": entry,
        "played": facts.played,
        "match": facts.match,
        "players": ""
        if tournament.individual
        else ", ".join(p for p in (entry.player_1, entry.player_2) if p),
        "follow_url": follow_url,
        "last_round": facts.played is not None and facts.played.number >= tournament.rounds,
    }


def pair_guide_page(request: HttpRequest, token: str) -> HttpResponse:
    """The pair's own guide: check-in before round 1, then each round's table and its link."""
    no_store.mark(request)
    entry = _entry(token)
    guide = _guide(entry, private=True)
    match = guide.facts.match
    table_url = ""
    if guide.stage == Stage.TABLE and match is not None and match.game is not None:
        table_url = reverse("table", args=[table_token(match.game, guide.side)])
    context = {
        **_context(guide, reverse("pair-guide-version", args=[token])),
        "private": True,
        "table_url": table_url,
        "check_in_url": reverse("pair-guide-check-in", args=[token])
        if guide.facts.can_check_in
        else "",
    }
    return render(request, "tournaments/guide.html", context)


@csp_exempt()  # type: ignore[arg-type]  # JSON, not a page (django-csp types views as taking the request alone)
def pair_guide_version(request: HttpRequest, token: str) -> HttpResponse:
    no_store.mark(request)
    version = guide_version(guide_facts(_entry(token), shown=False), private=True)
    return version_response(request, version, {"version": version})


@require_POST
def pair_guide_check_in(request: HttpRequest, token: str) -> HttpResponse:
    """The guide's "We are here"."""
    no_store.mark(request)
    entry = _entry(token)
    late = absent_withdrawn(entry)  # as it was before checking in
    try:
        done = entry_check_in(entry_id=entry.id)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, checked_in_words(done, entry.tournament, late=late))
    return redirect("pair-guide", token)


def checked_in_words(entry: Entry, tournament: Tournament, *, late: bool) -> str:
    """What a pair hears once checked in (``late``: it had been withdrawn as absent, and plays
    from the next round drawn)."""
    if late:
        return ngettext(
            "Welcome, %(name)s: you are checked in, and play from the next round drawn.",
            "Welcome, %(name)s: you are checked in, and play from the next round drawn.",
            tournament.entry_players,
        ) % {"name": entry.name}
    return _("Welcome, %(name)s: you are checked in.") % {"name": entry.name}


@require_safe
def tournament_guide(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """The guide of a pair for anyone ("find my table"): no table link, no check-in; a public
    page, rendered once per version of the tournament."""

    def content() -> Content:
        event = tournament_of(tournament_id)
        entry = entry_of(event, entry_id)
        entry.tournament = event
        follow = reverse("tournament-guide-version", args=[tournament_id, entry_id])
        context = {**_context(_guide(entry, private=False), follow), "private": False}
        html = render_to_string("tournaments/_guide.html", context, request)
        return Content(f"{entry.name} · {event.name}", html, GUIDE_SHEETS)

    return public_page(request, tournament_id, f"guide{entry_id}", content)


@csp_exempt()  # type: ignore[arg-type]  # JSON, not a page
@require_safe
def tournament_guide_version(
    request: HttpRequest, tournament_id: int, entry_id: int
) -> HttpResponse:
    entry = entry_of(tournament_of(tournament_id), entry_id)
    version = guide_version(guide_facts(entry, shown=False), private=False)
    return version_response(request, version, {"version": version})
