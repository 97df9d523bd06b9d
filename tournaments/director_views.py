"""The director's pages: set up, pairs, rounds, results. Only the tournament's director (or a
superuser) may see or change them; to anyone else they are not pages (404). Each page says what
comes next."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments.access import directed, round_of
from tournaments.engine.types import Reason
from tournaments.forms import (
    CorrectionForm,
    ImportForm,
    PairForm,
    ReopenForm,
    RoundsForm,
    TournamentForm,
)
from tournaments.links import PhoneLinks, phone_links
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.pairs_csv import CsvRefused
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import said_since_director
from tournaments.selectors.standings import standings_current
from tournaments.services import entries as entries_services
from tournaments.services import errors as errors_services
from tournaments.services import results as results_services
from tournaments.services import rounds as rounds_services
from tournaments.services import standings as standings_services
from tournaments.services import tournament as tournament_services
from tournaments.table_keys import table_token

REASON_WORDS = {
    Reason.SEEDED: gettext_lazy("seeded"),
    Reason.RANDOM: gettext_lazy("drawn at random"),
    Reason.SCORE_GROUP: gettext_lazy("same points"),
    Reason.PULLED_DOWN: gettext_lazy("different points: the nearest pairing"),
    Reason.REMATCH: gettext_lazy("a rematch: it could not be avoided"),
    Reason.REMATCH_AVOIDED: gettext_lazy("a rematch avoided"),
    Reason.SAME_CLUB: gettext_lazy("one club: it could not be avoided"),
    Reason.CLUB_AVOIDED: gettext_lazy("a meeting of one club avoided"),
    Reason.BYE: gettext_lazy("the lowest-ranked pair without a bye"),
    Reason.SCHEDULE: gettext_lazy("by the schedule"),
    Reason.STANDINGS: gettext_lazy("next to each other in the standings"),
    Reason.MOVED_DOWN: gettext_lazy("moved to avoid last round's match"),
    Reason.BRACKET: gettext_lazy("by the bracket"),
    Reason.BRACKET_BYE: gettext_lazy("a top seed goes through"),
    Reason.SWAPPED: gettext_lazy("swapped by the director"),
}
# What a swap made of a pairing: the director chose it, so it was not "unavoidable".
SWAPPED_WORDS = {
    Reason.REMATCH: gettext_lazy("a rematch: they have met before"),
    Reason.SAME_CLUB: gettext_lazy("one club: two pairs of the same club meet"),
}


def reason_words(reasons: list[list[int | str]]) -> list[str]:
    """A pairing's reasons in words, as stored on its match ([reason, values...])."""
    why = [Reason(str(r[0])) for r in reasons]
    words = SWAPPED_WORDS if Reason.SWAPPED in why else {}
    return [str(words.get(r) or REASON_WORDS[r]) for r in why]


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_services.tournament_create(
                **form.tournament_arguments(), director=request.user
            )
        except errors_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Tournament created. Next: add the pairs."))
            return redirect("director", tournament.id)
    return render(
        request, "tournaments/new.html", {"form": form}, status=400 if form.errors else 200
    )


def next_step(tournament: Tournament, rounds: list[Round], entries: int, open_matches: int) -> str:
    """What the director does next, in one sentence."""
    if entries < 2:
        return _("Add the pairs: one by one, or all at once from a CSV file.")
    if not rounds:
        return _("When every pair is in, generate round 1.")
    last = rounds[-1]
    n = {"n": last.number, "next": last.number + 1}
    if last.status == Round.Status.DRAFT:
        return _("Check the draft of round %(n)s (swap pairs if you must), then release it.") % n
    if last.status in (Round.Status.RELEASED, Round.Status.PLAYING):
        return ngettext(
            "Round %(n)s is being played: %(open)s result to come.",
            "Round %(n)s is being played: %(open)s results to come.",
            open_matches,
        ) % {**n, "open": open_matches}
    final = last.number >= tournament.rounds
    if last.status == Round.Status.COMPLETE and final:
        return (
            _(
                "Every result of round %(n)s, the last, is in. Check them, then press “Close "
                "round %(n)s and finish”: the standings are then final."
            )
            % n
        )
    if last.status == Round.Status.COMPLETE:
        return (
            _(
                "Every result of round %(n)s is in. Check them, then press “Close round %(n)s "
                "and generate round %(next)s”: the results of round %(n)s can then no longer "
                "be changed."
            )
            % n
        )
    if final:
        return _(
            "The event is finished and the standings are final: show them on the wall screen, "
            "or export them below."
        )
    return _("Round %(n)s is closed. Generate round %(next)s.") % n


def can_draw(tournament: Tournament, rounds: list[Round], entries: int) -> bool:
    """Whether the next round may be drawn: pairs enough, rounds to come, the last one settled
    (a complete round is closed as the next is drawn: rounds_services.round_pair)."""
    settled = (Round.Status.COMPLETE, Round.Status.CLOSED)
    return (
        entries >= 2
        and (tournament.rounds == 0 or len(rounds) < tournament.rounds)  # 0: the whole schedule
        and (not rounds or rounds[-1].status in settled)
    )


def _match_rows(played: Round, links: PhoneLinks) -> list[dict[str, Any]]:
    """The round's matches with what each pair submitted, side by side for the director, and
    each pair's private link (the ones on the table card)."""
    matches = list(
        played.matches.select_related("ns", "ew", "result", "game").prefetch_related("submissions")
    )
    rows = []
    for m in matches:
        said = said_since_director(m.submissions.all())
        rows.append(
            {
                "match": m,
                "ns_said": said.ns,
                "ew_said": said.ew,
                "why": reason_words(m.reasons),
                "ns_url": links.table(table_token(m.game, "ns")) if m.game else "",
                "ew_url": links.table(table_token(m.game, "ew")) if m.game else "",
                "disputed": m.status == Match.Status.DISPUTED,
            }
        )
    return rows


def _dashboard(
    request: HttpRequest,
    tournament: Tournament,
    *,
    pair_form: PairForm | None = None,
    import_form: ImportForm | None = None,
    status: int = 200,
) -> HttpResponse:
    rounds = list(tournament.round_set.all())
    entries = list(tournament.entries.all())
    current = rounds[-1] if rounds else None
    links = phone_links(request)
    rows = _match_rows(current, links) if current else []
    open_matches = sum(1 for r in rows if r["match"].status not in SETTLED)
    refusal = tournament.draw_refusal
    return render(
        request,
        "tournaments/director.html",
        {
            "tournament": tournament,
            "entries": entries,
            "rounds": rounds,
            "current": current,
            "rows": rows,
            "disputes": [r for r in rows if r["disputed"]],
            "next_step": next_step(tournament, rounds, len(entries), open_matches),
            "pair_form": pair_form or PairForm(),
            "import_form": import_form or ImportForm(),
            "rounds_form": RoundsForm(initial={"rounds": tournament.rounds or None})
            if not rounds and not tournament.round_formats
            else None,
            "standings": standings_current(tournament),
            "drawing": "" if refusal else request.GET.get("drawing", ""),
            "refusal": str(errors_services.TournamentError.from_json(refusal)) if refusal else "",
            "settled": sum(1 for r in rows if r["match"].status in SETTLED),
            "can_draw": can_draw(tournament, rounds, len(entries)),
            "finished": tournament.status == Tournament.Status.FINISHED,
            "links": links,
        },
        status=status,
    )


@login_required
def dashboard(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _dashboard(request, directed(request, tournament_id))


@login_required
@require_POST
def pairs_add(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    form = PairForm(request.POST)
    if form.is_valid():
        try:
            entries_services.entries_add(tournament_id=tournament.id, entries=[form.cleaned_data])
        except errors_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Pair added."))
            return redirect("director", tournament.id)
    return _dashboard(request, tournament, pair_form=form, status=400)


@login_required
@require_POST
def pairs_import(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Pairs from a CSV file or pasted text. A refusal names every bad line, and the page
    keeps the pasted text to correct."""
    tournament = directed(request, tournament_id)
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            added = entries_services.entries_import_csv(
                tournament_id=tournament.id, data=form.csv_data()
            )
        except CsvRefused as refused:
            for sentence in refused.sentences():  # each on its own line of the error list
                form.add_error(None, sentence)
        except errors_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                ngettext("%(n)s pair imported.", "%(n)s pairs imported.", len(added))
                % {"n": len(added)},
            )
            return redirect("director", tournament.id)
    return _dashboard(request, tournament, import_form=form, status=400)


@login_required
@require_POST
def rounds_set(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The number of rounds, before round 1 is drawn."""
    tournament = directed(request, tournament_id)
    form = RoundsForm(request.POST)
    if form.is_valid():
        try:
            tournament_services.tournament_rounds_set(
                tournament_id=tournament.id, rounds=form.cleaned_data["rounds"] or 0
            )
            messages.success(request, _("Rounds changed."))
        except errors_services.TournamentError as error:
            messages.error(request, str(error))
    else:
        messages.error(request, _("The rounds are a whole number from 1 to 200."))
    return redirect("director", tournament.id)


@login_required
@require_POST
def standings_recompute(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Rebuild the standings from the results now (after a fault, if a page says they lag)."""
    tournament = directed(request, tournament_id)
    snapshot = standings_services.standings_recompute(tournament_id=tournament.id, force=True)
    messages.success(
        request,
        _("Standings recomputed from every settled result: version %(v)s.")
        % {"v": snapshot.version},
    )
    return redirect("director", tournament.id)


@login_required
@require_POST
def pair_withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    if not Entry.objects.filter(id=entry_id, tournament=tournament).exists():
        raise Http404
    try:
        entry = entries_services.entry_withdraw(entry_id=entry_id)
    except errors_services.TournamentError as error:
        messages.error(request, str(error))
        return redirect("director", tournament.id)
    messages.success(request, _("%(name)s withdrew: its results stand.") % {"name": entry.name})
    draft = tournament.round_set.filter(status=Round.Status.DRAFT).first()
    if draft is not None:
        messages.warning(
            request,
            _("Discard the draft of round %(n)s and draw it again: it still seats %(name)s.")
            % {"n": draft.number, "name": entry.name},
        )
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_next(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Ask a worker to draw the next round; the page shows progress until the draft is there."""
    tournament = directed(request, tournament_id)
    rounds = list(tournament.round_set.all())
    if not can_draw(tournament, rounds, tournament.entries.count()):
        messages.error(request, _("The next round cannot be drawn yet: see what comes next."))
        return redirect("director", tournament.id)
    number = len(rounds) + 1
    rounds_services.round_pair_request(tournament_id=tournament.id, number=number)
    return redirect(f"{reverse('director', args=[tournament.id])}?drawing={number}")


@login_required
@require_POST
def round_release(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds_services.round_release(round_id=round_of(tournament, number).id)
        messages.success(request, _("Round %(n)s released: the tables can play.") % {"n": number})
    except errors_services.TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_discard(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds_services.round_discard(round_id=round_of(tournament, number).id)
        messages.success(
            request, _("The draft of round %(n)s is discarded: draw it again.") % {"n": number}
        )
    except errors_services.TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds_services.round_close(round_id=round_of(tournament, number).id)
        tournament.refresh_from_db(fields=["status"])
        if tournament.status == Tournament.Status.FINISHED:
            messages.success(
                request, _("Round %(n)s closed: the event is finished.") % {"n": number}
            )
        else:
            messages.success(request, _("Round %(n)s closed.") % {"n": number})
    except errors_services.TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_swap(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        first, second = int(request.POST["first"]), int(request.POST["second"])
        effects = rounds_services.round_swap(
            round_id=round_of(tournament, number).id, first=first, second=second
        )
    except (KeyError, ValueError):
        messages.error(request, _("Choose two pairs to swap."))
    except errors_services.TournamentError as error:
        messages.error(request, str(error))
    else:
        names = dict(tournament.entries.values_list("id", "name"))
        for effect in effects:
            words = (
                _("The swap creates a rematch: %(a)s v %(b)s.")
                if effect.reason is Reason.REMATCH
                else _("The swap seats two pairs of one club together: %(a)s v %(b)s.")
            )
            messages.warning(
                request, words % {"a": names[effect.pairs[0]], "b": names[effect.pairs[1]]}
            )
        if not effects:
            messages.success(request, _("Swapped: no rematch and no club meeting."))
    return redirect("director", tournament.id)


def _name(entry: Entry | None) -> str:
    return entry.name if entry is not None else ""


def _match_of(tournament: Tournament, match_id: int) -> Match:
    try:
        match = Match.objects.select_related("ns", "ew", "round", "game", "result").get(
            id=match_id, round__tournament=tournament
        )
    except Match.DoesNotExist:
        raise Http404 from None
    if match.ew is None:
        raise Http404  # a bye has no result
    return match


@login_required
def match_correct(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """The director's result for a match: a dispute decided, a correction, a paper sheet, an
    adjusted score. Nothing is filled in for the director: each pair's figures, the hands' totals
    and the result in force are shown beside the form, and the game's hands are a link away."""
    tournament = directed(request, tournament_id)
    match = _match_of(tournament, match_id)
    form = CorrectionForm(request.POST or None, ns=match.ns.name, ew=_name(match.ew))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            results_services.result_correct(
                match_id=match.id,
                ns_score=data["ns_score"],
                ew_score=data["ew_score"],
                reason=data["reason"],
                kind=data["kind"],
                author=request.user.get_username(),
            )
        except errors_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Result of table %(t)s saved.") % {"t": match.table})
            return redirect("director", tournament.id)
    return _match_page(request, tournament, match, form, status=400 if form.errors else 200)


def _match_page(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    form: CorrectionForm,
    *,
    reopen_form: ReopenForm | None = None,
    status: int = 200,
) -> HttpResponse:
    submissions = list(match.submissions.all())
    game = match.game
    return render(
        request,
        "tournaments/match_correct.html",
        {
            "tournament": tournament,
            "match": match,
            "form": form,
            "submissions": submissions,
            "ns_said": said_since_director(submissions).ns,
            "ew_said": said_since_director(submissions).ew,
            "game": game,
            "hands": list(game.totals) if game is not None and game.hand_count else None,
            "game_url": reverse("game", args=[game.id]) if game is not None else "",
            "reopen_form": (reopen_form or ReopenForm())
            if match.status in SETTLED and match.round.status != Round.Status.CLOSED
            else None,
        },
        status=status,
    )


@login_required
@require_POST
def match_reopen(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """Open a settled table again: its pairs can correct the hands and submit anew."""
    tournament = directed(request, tournament_id)
    match = _match_of(tournament, match_id)
    form = ReopenForm(request.POST)
    if form.is_valid():
        try:
            results_services.result_reopen(
                match_id=match.id,
                reason=form.cleaned_data["reason"],
                author=request.user.get_username(),
            )
        except errors_services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Table %(t)s is open again: its pairs can correct the hands and submit anew.")
                % {"t": match.table},
            )
            return redirect("director", tournament.id)
    correction = CorrectionForm(ns=match.ns.name, ew=_name(match.ew))
    return _match_page(request, tournament, match, correction, reopen_form=form, status=400)


@login_required
def state(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """What the director's page polls: while a round is drawn, for the draft; while it is played, for
    new results and disputes (cheap: four small queries)."""
    tournament = directed(request, tournament_id)
    last = tournament.round_set.order_by("-number").first()
    settled = last.matches.filter(status__in=SETTLED).count() if last else 0
    disputed = last.matches.filter(status=Match.Status.DISPUTED).count() if last else 0
    refusal = tournament.draw_refusal
    return JsonResponse(
        {
            "rounds": last.number if last else 0,
            "status": last.status if last else "",
            "settled": settled,
            "disputed": disputed,
            # A draw a worker refused: the page stops waiting and shows why.
            "refused": str(errors_services.TournamentError.from_json(refusal)) if refusal else "",
        }
    )


@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments this user directs, newest first."""
    mine = Tournament.objects.filter(director_id=request.user.pk).order_by("-created_at")[:100]
    return render(request, "tournaments/list.html", {"tournaments": mine})
