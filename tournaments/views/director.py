"""The director's pages: set up, pairs, rounds, results. Only the tournament's director (or a
superuser) may see or change them (access.directed); to anyone else they are not pages (404).
Each page says what comes next."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.selectors import clubs_directed, clubs_of
from core.params import int_param
from core.phone_links import phone_links
from scorekeeper.forms import PlayedOnForm
from tournaments.access import directed
from tournaments.clock_words import clock_log_words, clock_shown
from tournaments.club_formats import CLUB_FORMATS, form_values
from tournaments.engine.clock import Phase, proposed_minutes
from tournaments.engine.formats import FORMATS
from tournaments.engine.types import Reason
from tournaments.event_notes import event_notes
from tournaments.forms import (
    EVENT_DAY_HELP,
    CorrectionForm,
    ImportForm,
    PairForm,
    PlanForm,
    ReopenForm,
    TournamentForm,
    entry_form,
)
from tournaments.models import Match, Round, Tournament
from tournaments.pairs_csv import CsvRefused
from tournaments.selectors.bracket import knockout_bracket
from tournaments.selectors.clock import round_clock
from tournaments.selectors.director import (
    Dashboard,
    director_dashboard,
    draft_of,
    has_played,
    match_of,
    match_review,
    next_round_number,
    pair_names,
    round_progress,
    tournaments_directed,
)
from tournaments.selectors.lookups import entry_of, round_of
from tournaments.selectors.standings import standings_current, standings_groups
from tournaments.services import entries, results, rounds, standings
from tournaments.services.errors import TournamentError, refusal_text
from tournaments.services.tournament import (
    tournament_create,
    tournament_plan_set,
    tournament_played_on_set,
)
from tournaments.tables import StandingsTable
from tournaments.words import plan_words, standings_heading


@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments this user directs, newest first."""
    mine = tournaments_directed(request.user)
    return render(request, "tournaments/list.html", {"tournaments": mine})


@login_required
def after_login(request: HttpRequest) -> HttpResponse:
    """Where logging in leads: a director (a user with a tournament, or staff: the account
    `createsuperuser` makes before any tournament) to their tournaments, a club's member to
    their clubs, anyone else to the home page of games."""
    if request.user.is_staff or tournaments_directed(request.user).exists():
        return redirect("tournament-list")
    if clubs_of(request.user).exists():
        return redirect("club-list")
    return redirect("home")


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """A new tournament. "Fill in" (the club format's button, for a browser without scripts)
    shows the form again with the club format's values in it; nothing is saved until "Create"."""
    chosen = request.POST.get("club_format", "")
    if request.method == "POST" and "fill" in request.POST and chosen in CLUB_FORMATS:
        values = {**request.POST.dict(), **form_values(chosen)}
        filled = TournamentForm(initial=values, clubs=clubs_directed(request.user))
        return render(request, "tournaments/new.html", _new_context(filled))
    form = TournamentForm(
        request.POST or None,
        clubs=clubs_directed(request.user),
        initial={"club": request.GET.get("club"), "preset": request.GET.get("preset")},
    )
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_create(**form.tournament_arguments(), director=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Tournament created. Next: add the players.")
                if tournament.individual
                else _("Tournament created. Next: add the pairs."),
            )
            return redirect("director", tournament.id)
    return render(
        request, "tournaments/new.html", _new_context(form), status=400 if form.errors else 200
    )


def _new_context(form: TournamentForm) -> dict[str, Any]:
    """The new-tournament page: the form, and each club format's values for its script."""
    return {"form": form, "club_formats": {key: form_values(key) for key in CLUB_FORMATS}}


def next_step(tournament: Tournament, rounds: list[Round], entries: int, open_matches: int) -> str:
    """What the director does next, in one sentence."""
    individual = tournament.individual
    if entries < (4 if individual else 2):
        if individual:
            return _("Add the players (4 at least): one by one, or all at once from a CSV file.")
        return _("Add the pairs: one by one, or all at once from a CSV file.")
    if not rounds:
        if individual:
            return _("When every player is in, generate round 1: the partners are drawn too.")
        return _("When every pair is in, generate round 1.")
    last = rounds[-1]
    n = {"n": last.number, "next": last.number + 1}
    if last.status == Round.Status.DRAFT and not FORMATS[last.format].swappable:
        return _("Check the draft of round %(n)s, then release it.") % n
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


STANDINGS_TOP = 12  # a club evening's field whole; a larger one's top, the rest folded


def _standings_tables(board: Dashboard) -> dict[str, StandingsTable | None]:
    """The standings beside the round, compact (the tie-breaks under each name): the top
    STANDINGS_TOP rows, then the rest folded. A two-winner Mitchell's: the top half as many
    of each direction, North-South then East-West, a column naming each row's (its rank is
    within it), so that both winners are in sight."""
    snapshot = board.standings.snapshot
    if snapshot is None:
        return {"standings_table": None, "standings_rest": None}
    tournament = board.tournament
    groups = standings_groups(snapshot.rows)
    apart = len(groups) > 1
    top = STANDINGS_TOP // len(groups)
    first = [row for g in groups for row in g.rows[:top]]
    rest = [row for g in groups for row in g.rows[top:]]
    return {
        "standings_table": StandingsTable(first, tournament, compact=True, directions=apart),
        "standings_rest": StandingsTable(rest, tournament, compact=True, directions=apart)
        if rest
        else None,
    }


def _dashboard(
    request: HttpRequest,
    tournament: Tournament,
    *,
    pair_form: PairForm | None = None,
    import_form: ImportForm | None = None,
    plan_form: PlanForm | None = None,
    status: int = 200,
) -> HttpResponse:
    links = phone_links(request)
    board = director_dashboard(tournament, links)
    refusal = refusal_text(tournament.draw_refusal)
    return render(
        request,
        "tournaments/director.html",
        {
            "tournament": tournament,
            "plan": plan_words(tournament),
            "bracket": knockout_bracket(tournament, drafts=True),
            "entries": board.entries,
            "pairs": board.pairs,
            "seated": board.seated,
            "swappable": board.swappable,
            "standings_heading": standings_heading(
                board.standings.snapshot, tournament.status == Tournament.Status.FINISHED
            )
            if board.standings.snapshot
            else "",
            **_standings_tables(board),
            "rounds": board.rounds,
            "current": board.current,
            "rows": board.rows,
            "disputes": board.disputes,
            "next_step": next_step(
                tournament, board.rounds, len(board.entries), board.open_matches
            ),
            "pair_form": pair_form or entry_form(tournament),
            "import_form": import_form or ImportForm(individual=tournament.individual),
            "day_form": PlayedOnForm(
                initial={"played_on": tournament.played_on}, help_text=EVENT_DAY_HELP
            ),
            "plan_form": None
            if board.rounds
            else plan_form or PlanForm(initial=PlanForm.initial_of(tournament)),
            "standings": board.standings,
            "drawing": _drawing(request.GET.get("drawing", ""), board.rounds, refusal),
            "refusal": refusal,
            "settled": board.settled,
            "can_draw": board.can_draw,
            "finished": tournament.status == Tournament.Status.FINISHED,
            "notes": event_notes(tournament),
            "links": links,
            **_clock_context(tournament, board.current),
        },
        status=status,
    )


def _clock_context(tournament: Tournament, current: Round | None) -> dict[str, Any]:
    """The round clock's part of the director's page: the clock, its state, the length proposed
    for a clock not started (the event's, else by its hands), the tables, the log."""
    if current is None or current.status in (Round.Status.DRAFT, Round.Status.CLOSED):
        return {}
    current.tournament = tournament
    clock = round_clock(current)
    if clock.phase == Phase.WAITING:
        state = "waiting"
    elif clock.ended:
        state = "ended"
    elif clock.phase == Phase.TIME:
        state = "time"  # called by the clock: minutes may still be added, or the round ended
    else:
        state = "running" if clock.running else "paused"
    return {
        "clock": clock_shown(tournament, current, force=True),
        "clock_state": state,
        "clock_minutes": tournament.round_minutes or proposed_minutes(tournament.hands_per_round),
        "clock_tables": list(
            current.matches.filter(ew__isnull=False).values_list("table", flat=True)
        ),
        "clock_log": clock_log_words(current),
    }


def _drawing(asked: str, rounds: list[Round], refusal: str) -> str:
    """The round a worker is still drawing, which the page waits for; "" once its draft is there
    (a fast worker drew it before the page was rendered: nothing to wait for) or refused."""
    if refusal or not (asked.isascii() and asked.isdigit()):  # "²" is a digit to isdigit
        return ""
    drawn = max((played.number for played in rounds), default=0)
    return "" if drawn >= int(asked) else asked


def _waited(tournament: Tournament) -> Tournament:
    """The tournament, once what its director's page waits for and no worker has done is done
    here: a draw asked for (services.rounds.round_draw_untaken), standings older than the
    results (services.standings.standings_shown, as on the public pages)."""
    if tournament.draw_asked is not None:
        rounds.round_draw_untaken(tournament_id=tournament.id)
        tournament.refresh_from_db()
    standings.standings_shown(tournament=tournament)
    return tournament


@login_required
def dashboard(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _dashboard(request, _waited(directed(request, tournament_id)))


@login_required
@require_POST
def pairs_add(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    form = entry_form(tournament, request.POST)
    if form.is_valid():
        try:
            entries.entries_add(tournament_id=tournament.id, entries=[form.entry_values()])
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, _("Player added.") if tournament.individual else _("Pair added.")
            )
            _draft_leaves_out(request, tournament, form.cleaned_data["name"])
            return redirect("director", tournament.id)
    return _dashboard(request, tournament, pair_form=form, status=400)


@login_required
@require_POST
def pairs_import(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Pairs from a CSV file or pasted text. A refusal names every bad line, and the page
    keeps the pasted text to correct."""
    tournament = directed(request, tournament_id)
    form = ImportForm(request.POST, request.FILES, individual=tournament.individual)
    if form.is_valid():
        try:
            added = entries.entries_import_csv(tournament_id=tournament.id, data=form.csv_data())
        except CsvRefused as refused:
            for sentence in refused.sentences():  # each on its own line of the error list
                form.add_error(None, sentence)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            imported = (
                ngettext("%(n)s player imported.", "%(n)s players imported.", len(added))
                if tournament.individual
                else ngettext("%(n)s pair imported.", "%(n)s pairs imported.", len(added))
            )
            messages.success(request, imported % {"n": len(added)})
            if added:
                _draft_leaves_out(request, tournament, None)
            return redirect("director", tournament.id)
    return _dashboard(request, tournament, import_form=form, status=400)


@login_required
@require_POST
def plan_set(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The round plan, before round 1 is drawn; a plan refused is shown in its form."""
    tournament = directed(request, tournament_id)
    form = PlanForm(request.POST)
    if form.is_valid():
        try:
            tournament_plan_set(tournament_id=tournament.id, **form.plan_arguments())
        except TournamentError as error:
            if tournament.round_set.exists():  # the form is gone from the page: say it there
                messages.error(request, str(error))
                return redirect("director", tournament.id)
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Plan changed."))
            return redirect("director", tournament.id)
    return _dashboard(request, tournament, plan_form=form, status=400)


@login_required
@require_POST
def played_on_set(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The day the event was played, corrected: its tables' games and statistics follow."""
    tournament = directed(request, tournament_id)
    form = PlayedOnForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.refusal())
        return redirect("director", tournament.id)
    try:
        tournament_played_on_set(
            tournament_id=tournament.id, played_on=form.cleaned_data["played_on"]
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Day changed: the tables' games and statistics follow it."))
    return redirect("director", tournament.id)


@login_required
@require_POST
def director_recompute(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Rebuild the standings from the results now (after a fault, if a page says they lag)."""
    tournament = directed(request, tournament_id)
    snapshot = standings.standings_recompute(tournament_id=tournament.id, force=True)
    messages.success(
        request,
        _("Standings recomputed from every settled result: version %(v)s.")
        % {"v": snapshot.version},
    )
    return redirect("director", tournament.id)


@login_required
@require_http_methods(["GET", "POST"])
def pair_withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Asked first (this page's GET), then done (POST); a reinstate undoes it."""
    tournament = directed(request, tournament_id)
    asked = entry_of(tournament, entry_id)
    if request.method != "POST":
        return render(
            request, "tournaments/pair_withdraw.html", {"tournament": tournament, "entry": asked}
        )
    try:
        entry = entries.entry_withdraw(entry_id=entry_id)
    except TournamentError as error:
        messages.error(request, str(error))
        return redirect("director", tournament.id)
    messages.success(
        request,
        ngettext(
            "%(name)s withdrew: their results stand. “Reinstate” beside them undoes this.",
            "%(name)s withdrew: their results stand. “Reinstate” beside them undoes this.",
            tournament.entry_players,
        )
        % {"name": entry.name},
    )
    draft = draft_of(tournament)
    if draft is not None:
        messages.warning(
            request,
            _("Discard the draft of round %(n)s and draw it again: it still seats %(name)s.")
            % {"n": draft.number, "name": entry.name},
        )
    return redirect("director", tournament.id)


@login_required
@require_POST
def pair_reinstate(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """A withdrawn pair plays again from the next round."""
    tournament = directed(request, tournament_id)
    entry_of(tournament, entry_id)
    try:
        entry = entries.entry_reinstate(entry_id=entry_id)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            ngettext(
                "%(name)s is back: they play from the next round.",
                "%(name)s are back: they play from the next round.",
                tournament.entry_players,
            )
            % {"name": entry.name},
        )
        _draft_leaves_out(request, tournament, entry.name)
    return redirect("director", tournament.id)


def _draft_leaves_out(request: HttpRequest, tournament: Tournament, name: str | None) -> None:
    """Say that a draft drawn before ``name`` came (back) does not seat them, and how to
    (``name`` None: the entries just imported)."""
    draft = draft_of(tournament)
    if draft is None:
        return
    if name is None:
        text = _("The draft of round %(n)s does not seat them: discard it and draw it again.")
    else:
        text = _("The draft of round %(n)s does not seat %(name)s: discard it and draw it again.")
    messages.warning(request, text % {"n": draft.number, "name": name})


@login_required
@require_http_methods(["GET", "POST"])
def pair_edit(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Correct a pair (names, club, seed) until it has played."""
    tournament = directed(request, tournament_id)
    entry = entry_of(tournament, entry_id)
    initial = {f: getattr(entry, f) for f in ("name", "player_1", "player_2", "club", "seed")}
    form = entry_form(
        tournament, request.POST or None, initial={**initial, "seed": entry.seed or None}
    )
    if request.method == "POST" and form.is_valid():
        try:
            entries.entry_edit(entry_id=entry.id, values=form.entry_values())
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(name)s saved.") % {"name": form.cleaned_data["name"]})
            return redirect("director", tournament.id)
    return render(
        request,
        "tournaments/pair_edit.html",
        {
            "tournament": tournament,
            "entry": entry,
            "form": form,
            "played": has_played(entry),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def round_next(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Ask a worker to draw the next round; the page shows progress until the draft is there."""
    tournament = directed(request, tournament_id)
    number = next_round_number(tournament)
    if number is None:
        messages.error(request, _("The next round cannot be drawn yet: see what comes next."))
        return redirect("director", tournament.id)
    rounds.round_pair_request(tournament_id=tournament.id, number=number)
    return redirect(f"{reverse('director', args=[tournament.id])}?drawing={number}")


@login_required
@require_POST
def round_release(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds.round_release(round_id=round_of(tournament, number).id)
        messages.success(request, _("Round %(n)s released: the tables can play.") % {"n": number})
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_discard(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds.round_discard(round_id=round_of(tournament, number).id)
        messages.success(
            request, _("The draft of round %(n)s is discarded: draw it again.") % {"n": number}
        )
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        rounds.round_close(round_id=round_of(tournament, number).id)
        tournament.refresh_from_db(fields=["status"])
        if tournament.status == Tournament.Status.FINISHED:
            messages.success(
                request, _("Round %(n)s closed: the event is finished.") % {"n": number}
            )
        else:
            messages.success(request, _("Round %(n)s closed.") % {"n": number})
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect("director", tournament.id)


@login_required
@require_POST
def round_swap(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = directed(request, tournament_id)
    try:
        first, second = int(request.POST["first"]), int(request.POST["second"])
        effects = rounds.round_swap(
            round_id=round_of(tournament, number).id, first=first, second=second
        )
    except (KeyError, ValueError):
        messages.error(request, _("Choose two pairs to swap."))
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        names = pair_names(tournament)
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


def _correction_form(match: Match, data: QueryDict | None = None) -> CorrectionForm:
    """The director's result form, its scores labelled with the two sides' names."""
    return CorrectionForm(data, ns=match.ns_side, ew=match.ew_side)


@login_required
def match_correct(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """The director's result for a match: a dispute decided, a correction, a paper sheet, an
    adjusted score. Nothing is filled in for the director: each pair's figures, the hands' totals
    and the result in force are shown beside the form, and the game's hands are a link away."""
    tournament = directed(request, tournament_id)
    match = match_of(tournament, match_id)
    form = _correction_form(match, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            results.result_correct(
                match_id=match.id,
                ns_score=data["ns_score"],
                ew_score=data["ew_score"],
                reason=data["reason"],
                kind=data["kind"],
                author=request.user.get_username(),
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Result of table %(t)s saved.") % {"t": match.table})
            return redirect("director", tournament.id)
    return _match_page(request, tournament, match, form, status=400 if form.errors else 200)


@login_required
def match_find(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A finished event's table, by its round and number, for a correction after the event."""
    tournament = directed(request, tournament_id)
    number, table = int_param(request.GET.get("round")), int_param(request.GET.get("table"))
    match = (
        Match.objects.filter(
            round__tournament=tournament, round__number=number or 0, table=table or 0
        )
        .exclude(ew=None)
        .first()
    )
    if match is None:
        messages.error(
            request,
            _("Round %(n)s has no table %(t)s.") % {"n": number or "?", "t": table or "?"},
        )
        return redirect("director", tournament.id)
    return redirect("director-match", tournament.id, match.id)


def _match_page(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    form: CorrectionForm,
    *,
    reopen_form: ReopenForm | None = None,
    status: int = 200,
) -> HttpResponse:
    review = match_review(match)
    game = match.game
    return render(
        request,
        "tournaments/match_correct.html",
        {
            "tournament": tournament,
            "match": match,
            "form": form,
            "submissions": review.submissions,
            "ns_said": review.said.ns,
            "ew_said": review.said.ew,
            "game": game,
            "hands": review.hands,
            "game_url": reverse("game", args=[game.id]) if game is not None else "",
            "reopen_form": (reopen_form or ReopenForm()) if review.reopenable else None,
        },
        status=status,
    )


@login_required
@require_POST
def match_reopen(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """Open a settled table again: its pairs can correct the hands and submit anew."""
    tournament = directed(request, tournament_id)
    match = match_of(tournament, match_id)
    form = ReopenForm(request.POST)
    if form.is_valid():
        try:
            results.result_reopen(
                match_id=match.id,
                reason=form.cleaned_data["reason"],
                author=request.user.get_username(),
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Table %(t)s is open again: its pairs can correct the hands and submit anew.")
                % {"t": match.table},
            )
            return redirect("director", tournament.id)
    correction = _correction_form(match)
    return _match_page(request, tournament, match, correction, reopen_form=form, status=400)


@login_required
def state(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """What the director's page polls: while a round is drawn, for the draft; while it is played, for
    new results, disputes and standings rebuilt (a few small queries; what the page waits for
    and no worker did is done here: _waited)."""
    tournament = _waited(directed(request, tournament_id))
    progress = round_progress(tournament)
    return JsonResponse(
        {
            "rounds": progress.rounds,
            "status": progress.status,
            "settled": progress.settled,
            "disputed": progress.disputed,
            # A draw a worker refused: the page stops waiting and shows why.
            "refused": refusal_text(tournament.draw_refusal),
            # Standings that lag the results: the page reloads once they are rebuilt.
            "stale": standings_current(tournament).stale,
        }
    )
