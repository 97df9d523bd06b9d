"""A table's private pages (no account), one link per pair: the North-South pair's link and the
East-West pair's, each on the table card as a QR code (table_keys). A link opens the table's
game to enter hands and submits its own pair's result; only the other pair's link can confirm
it. Once the result stands the game is read-only, until the director reopens the table."""

from __future__ import annotations

from urllib.parse import urlencode

from csp.decorators import csp_exempt
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.minus_sign import scores_text
from core.page_versions import version_response
from scorekeeper.edit_access import open_edit_link
from scorekeeper.phone_engine import page_engine
from tournaments.clock_words import clock_shown, table_stop_words
from tournaments.forms import ResultForm
from tournaments.models import Match, ResultSubmission, Round, Tournament
from tournaments.selectors.clock import match_timing
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import Said, round_hands, said_since_director, table_version
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_submit
from tournaments.table_keys import TableLink, table_link_of, table_version_of
from tournaments.words import decided_words


def _link(token: str) -> TableLink:
    link = table_link_of(token)
    if link is None:
        raise Http404  # a link that opens no table is simply not a page
    return link


def _state(match: Match, side: str, said: Said, other: str, players: int) -> str:
    """Where the table stands, as this link's pair needs to hear it. ``other``: the other side's
    name, and ``players`` its players, which a message with the side as its subject agrees with
    (a pair, or an individual event's two partners: "Anna & Ben sent their result")."""
    result = match.result
    if match.status in SETTLED and result is not None:
        decided = decided_words(result)  # as every page says it, never the director's name
        if decided:
            # Translators: a director's result on the pair's table page, "Corrected by the
            # director: 2210 – −80."
            return _("%(state)s: %(score)s.") % {
                "state": decided,
                "score": scores_text((result.ns_score, result.ew_score)),
            }
        return _("Confirmed by both pairs. Thank you!")
    if match.status == Match.Status.DISPUTED:
        return _("With the director: the two pairs entered different results.")
    if said.by(side) is not None:
        return ngettext(
            "Sent. Waiting for %(name)s to confirm it from their own link.",
            "Sent. Waiting for %(name)s to confirm it from their own link.",
            players,
        ) % {"name": other}
    if said.anything:
        return ngettext(
            "%(name)s sent their result: confirm it by entering the same figures.",
            "%(name)s sent their result: confirm it by entering the same figures.",
            players,
        ) % {"name": other}
    return _("Playing: enter the hands, then send the result.")


def _sent_again(match: Match, other: str, players: int) -> str:
    """A pair sent its own last figures again: nothing changed, and why."""
    if match.status == Match.Status.DISPUTED:
        return _("These figures were already sent: the two pairs disagree, the director decides.")
    return ngettext(
        "These figures were already sent: waiting for %(name)s to confirm them from their own "
        "link.",
        "These figures were already sent: waiting for %(name)s to confirm them from their own "
        "link.",
        players,
    ) % {"name": other}


def _find_table(match: Match, north: bool, tournament: Tournament) -> str:
    """An earlier round's link: where this pair plays now (the event's page, found by the
    pair's name; an individual event's partners part, and each looks for their own)."""
    if match.round.status != Round.Status.CLOSED or tournament.status == Tournament.Status.FINISHED:
        return ""
    page = reverse("tournament", args=[tournament.id])
    entry = match.ns if north else match.ew
    if tournament.individual or entry is None:
        return page
    return f"{page}?{urlencode({'q': entry.name})}"


def table(request: HttpRequest, token: str) -> HttpResponse:
    link = _link(token)
    match = link.match
    if not link.side:
        # A card printed before each pair had its own link: it no longer enters anything.
        return render(request, "tournaments/table_old_card.html", {"match": match}, status=410)
    tournament = match.round.tournament
    mine = link.side
    # The sides' names: a pair's, or an individual event's two partners ("Ann & Ben").
    north = mine == ResultSubmission.By.NS
    we, they = (match.ns_side, match.ew_side) if north else (match.ew_side, match.ns_side)
    they_players = len(match.sides()[1 if north else 0]) * tournament.entry_players
    form = ResultForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                sent = result_submit(
                    match_id=match.id,
                    by=link.side,
                    ns_score=form.cleaned_data["ns_score"],
                    ew_score=form.cleaned_data["ew_score"],
                    author=_("table link"),
                )
            except TournamentError as error:
                form.add_error(None, str(error))
            else:
                if sent.repeated:
                    messages.info(request, _sent_again(sent.match, they, they_players))
                return redirect("table", token)
        status = 400
    game = match.game
    if request.method != "POST" and game is not None and game.hand_count:
        # The hands' totals, as a start; with no hand entered the pair types its figures.
        form = ResultForm(initial={"ns_score": game.totals[0], "ew_score": game.totals[-1]})
    submissions = list(match.submissions.all())
    said = said_since_director(submissions)
    settled = match.status in SETTLED
    timing = match_timing(match)
    hands = round_hands(match, timing.stop)
    return render(
        request,
        "tournaments/table.html",
        {
            "match": match,
            "tournament": tournament,
            "state": _state(match, mine, said, they, they_players),
            "settled": settled,
            "closed": match.round.status == Round.Status.CLOSED,
            "reopened": None if settled else said.reopened,
            "side": mine,
            "we": we,
            "they": they,
            "ns_said": said.ns,
            "ew_said": said.ew,
            "we_said": said.by(mine),
            "they_said": said.against(mine),
            "form": form,
            "version": table_version(match, sent=len(submissions)),
            "clock": None if settled else clock_shown(tournament, match.round, match.table),
            "stop_words": "" if settled else table_stop_words(timing.stop, hands.entered),
            "director_decides": not settled and timing.stop.reason == "director",
            "token": token,
            "hands_url": f"{request.path}hands/" if game is not None and not settled else None,
            # The pair enters its hands on this phone next: its engine loads meanwhile.
            "phone_engine": page_engine() if game is not None and not settled else None,
            "game_url": f"/g/{game.id}/" if game is not None else None,
            "hand_count": hands.entered,
            "round_hands": hands.planned,
            "extra_hands": hands.extra,
            "hands_done": hands.done,
            "stopped": hands.stopped,
            "tie_break": hands.tie_break,
            # An earlier round's link: where this pair plays now.
            "find_table": _find_table(match, north, tournament),
        },
        status=status,
    )


@csp_exempt()  # type: ignore[arg-type]  # JSON, not a page: no policy (django-csp types views as taking the request alone)
def table_follow(request: HttpRequest, token: str) -> HttpResponse:
    """The table page's version (selectors.results.table_version), 304 while the phone has it:
    the page looks every few seconds and shows the other pair's result as it comes."""
    version = table_version_of(token)
    if version is None:
        raise Http404
    return version_response(request, version, {"version": version})


def table_hands(request: HttpRequest, token: str) -> HttpResponse:
    """The table's game, opened with this pair's key (kept in the game's cookie on this phone,
    as an edit link is: scorekeeper.edit_access)."""
    link = _link(token)
    game = link.match.game
    if not link.side or game is None:
        raise Http404
    return open_edit_link(request, game, token)
