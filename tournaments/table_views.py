"""A table's private pages (no account), one link per pair: the North-South pair's link and the
East-West pair's, each on the table card as a QR code (table_keys). A link opens the table's
game to enter hands and submits its own pair's result; only the other pair's link can confirm
it. Once the result stands the game is read-only, until the director reopens the table."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.edit_access import open_edit_link
from tournaments import services
from tournaments.forms import ResultForm
from tournaments.models import Match, ResultSubmission, Round
from tournaments.selectors import SETTLED
from tournaments.table_keys import TableLink, table_link_of

STATE_WORDS = {
    Match.Status.PLAYING: gettext_lazy("Playing: enter the hands, then the result."),
    Match.Status.SUBMITTED: gettext_lazy("Waiting for the other pair to confirm."),
    Match.Status.CONFIRMED: gettext_lazy("Confirmed. Thank you!"),
    Match.Status.DISPUTED: gettext_lazy(
        "With the director: the two pairs entered different results."
    ),
    Match.Status.CLOSED: gettext_lazy("Closed by the director."),
}


def _link(token: str) -> TableLink:
    link = table_link_of(token)
    if link is None:
        raise Http404  # a link that opens no table is simply not a page
    return link


def _said(match: Match, side: str) -> ResultSubmission | None:
    """The pair's latest word since the director last acted on the table."""
    latest = None
    for s in match.submissions.order_by("version"):
        latest = None if s.by == ResultSubmission.By.DIRECTOR else (s if s.by == side else latest)
    return latest


def table(request: HttpRequest, token: str) -> HttpResponse:
    link = _link(token)
    match = link.match
    if not link.side:
        # A card printed before each pair had its own link: it no longer enters anything.
        return render(request, "tournaments/table_old_card.html", {"match": match}, status=410)
    form = ResultForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.result_submit(
                    match_id=match.id,
                    by=link.side,
                    ns_score=form.cleaned_data["ns_score"],
                    ew_score=form.cleaned_data["ew_score"],
                    author=_("table link"),
                )
            except services.TournamentError as error:
                form.add_error(None, str(error))
            else:
                match.refresh_from_db()
                messages.success(request, str(STATE_WORDS[Match.Status(match.status)]))
                return redirect("table", token)
        status = 400
    game = match.game
    if request.method != "POST" and game is not None:
        totals = list(game.totals) or [0, 0]
        form = ResultForm(initial={"ns_score": totals[0], "ew_score": totals[-1]})
    mine = link.side
    theirs = ResultSubmission.By.EW if mine == ResultSubmission.By.NS else ResultSubmission.By.NS
    said = {side: _said(match, side) for side in (mine, theirs)}
    settled = match.status in SETTLED
    return render(
        request,
        "tournaments/table.html",
        {
            "match": match,
            "tournament": match.round.tournament,
            "state": STATE_WORDS[Match.Status(match.status)],
            "settled": settled,
            "closed": match.round.status == Round.Status.CLOSED,
            "side": mine,
            "we": match.ns if mine == ResultSubmission.By.NS else match.ew,
            "they": match.ew if mine == ResultSubmission.By.NS else match.ns,
            "ns_said": said[ResultSubmission.By.NS],
            "ew_said": said[ResultSubmission.By.EW],
            "we_said": said[mine],
            "they_said": said[theirs],
            "form": form,
            "hands_url": f"{request.path}hands/" if game is not None and not settled else None,
            "game_url": f"/g/{game.id}/" if game is not None else None,
            "hand_count": game.hand_count if game else 0,
        },
        status=status,
    )


def table_hands(request: HttpRequest, token: str) -> HttpResponse:
    """The table's game, opened with this pair's key (kept in the game's cookie on this phone,
    as an edit link is: scorekeeper.edit_access)."""
    link = _link(token)
    game = link.match.game
    if not link.side or game is None:
        raise Http404
    return open_edit_link(request, game, token)
