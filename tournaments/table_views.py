"""A table's private page (no account): the match's link, on its table card as a QR code. It
opens the match's game to enter hands, takes each pair's result, and shows where it stands. A
link only ever changes its own match."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.forms import ResultForm
from tournaments.models import Match, ResultSubmission

STATE_WORDS = {
    Match.Status.PLAYING: gettext_lazy("Playing: enter the hands, then the result."),
    Match.Status.SUBMITTED: gettext_lazy("Waiting for the other pair to confirm."),
    Match.Status.CONFIRMED: gettext_lazy("Confirmed. Thank you!"),
    Match.Status.DISPUTED: gettext_lazy(
        "With the director: the two pairs entered different results."
    ),
    Match.Status.CLOSED: gettext_lazy("Closed by the director."),
}


def _match(token: str) -> Match:
    if not token or len(token) > 64:
        raise Http404
    try:
        return Match.objects.select_related("ns", "ew", "round__tournament", "game", "result").get(
            game_token=token
        )
    except Match.DoesNotExist:
        raise Http404 from None


def _latest(match: Match, by: str) -> ResultSubmission | None:
    return match.submissions.filter(by=by).order_by("-version").first()


def table(request: HttpRequest, token: str) -> HttpResponse:
    match = _match(token)
    game = match.game
    if request.method == "POST":
        form = ResultForm(request.POST)
        by = request.POST.get("by", "")
        if form.is_valid():
            try:
                services.result_submit(
                    match_id=match.id,
                    by=by,
                    ns_score=form.cleaned_data["ns_score"],
                    ew_score=form.cleaned_data["ew_score"],
                    author=_("table link"),
                )
            except services.TournamentError as error:
                messages.error(request, str(error))
            else:
                match.refresh_from_db()
                messages.success(request, str(STATE_WORDS[Match.Status(match.status)]))
                return redirect("table", token)
    totals = list(game.totals) if game is not None else [0, 0]
    said: dict[str, Any] = {
        side: _latest(match, side) for side in (ResultSubmission.By.NS, ResultSubmission.By.EW)
    }
    return render(
        request,
        "tournaments/table.html",
        {
            "match": match,
            "tournament": match.round.tournament,
            "state": STATE_WORDS[Match.Status(match.status)],
            "settled": match.status in (Match.Status.CONFIRMED, Match.Status.CLOSED),
            "ns_said": said["ns"],
            "ew_said": said["ew"],
            "form": ResultForm(initial={"ns_score": totals[0], "ew_score": totals[-1]}),
            "hands_url": reverse("play", args=[game.id, match.game_token]) if game else None,
            "hand_count": game.hand_count if game else 0,
        },
    )
