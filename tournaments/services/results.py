"""Results: each pair submits its table's result through its own link; the other pair's
matching submission confirms it, a different one goes to the director with both figures. The
director's correction, adjusted score, forfeit or reopening is a new version with a reason:
nothing is edited in place. A settled table's game is locked until the director reopens it, and
no result changes in a closed round."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scorekeeper import services as scoring_services
from scorekeeper.models import Game
from scorekeeper.names import has_control_characters, shows_nothing
from tournaments.engine.formats import FORMATS
from tournaments.models import Match, ResultSubmission, Round, Tournament
from tournaments.selectors.clock import match_timing, no_show_due
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import said_since_director
from tournaments.services._common import locked_table, table_changed
from tournaments.services.errors import TournamentError


def check_scores(match: Match, ns_score: object, ew_score: object, winner_id: object) -> None:
    """A result's figures as a table can have them: two whole scores, a winner (where named)
    of the table's two sides, and a winner for a knockout's tie. (A club's backup is checked
    with it too: clubs.backup.)"""
    for score in (ns_score, ew_score):
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > 1_000_000:
            raise TournamentError(_("A score is a whole number."))
    if winner_id is not None and winner_id not in (match.ns_id, match.ew_id):
        raise TournamentError(_("The winner must be one of the two pairs."))
    if FORMATS[match.round.format].knockout and ns_score == ew_score and winner_id is None:
        raise TournamentError(_("A knockout table has a winner: a tie plays another hand."))


def _reason(reason: object, missing: str) -> str:
    """A director's reason, as the result keeps it: one line that shows something (a reason of
    spaces, joiners or marks alone is no reason: ``missing`` says what to do)."""
    text = reason.strip() if isinstance(reason, str) else ""
    if shows_nothing(text):
        raise TournamentError(missing)
    if has_control_characters(text):
        raise TournamentError(
            _("%(field)s: no tab, line break or control character.") % {"field": _("Reason")}
        )
    return text[:300]


def round_status_from_tables(played: Round) -> None:
    """A round's status from its matches (its row locked by the caller): complete when every
    one is settled, playing again when a settled one is reopened. A closed or draft round
    keeps its status."""
    was = played.status
    if was not in (Round.Status.RELEASED, Round.Status.PLAYING, Round.Status.COMPLETE):
        return
    if not played.matches.exclude(status__in=SETTLED).exists():
        played.status = Round.Status.COMPLETE
    elif played.status in (Round.Status.RELEASED, Round.Status.COMPLETE):
        played.status = Round.Status.PLAYING
    if played.status != was:
        played.save(update_fields=["status"])


def round_status_refresh(round_id: int) -> None:
    """The round's status read again from its tables, in a transaction of its own; its row is
    locked only where the status is to change (the tables' writes that end a round, or start
    it, at once; every other one reads and goes)."""
    played = Round.objects.filter(id=round_id).only("status").first()
    if played is None:
        return
    done = not played.matches.exclude(status__in=SETTLED).exists()
    complete = played.status == Round.Status.COMPLETE
    if done == complete and played.status != Round.Status.RELEASED:
        return
    with transaction.atomic():
        played = (
            Round.objects.select_for_update(no_key=True).filter(id=round_id).only("status").first()
        )
        if played is not None:
            round_status_from_tables(played)


def _table_done(match: Match, *, inputs: bool, still_playing: bool = False) -> None:
    """The last step of a table's write: the table's change for the public pages (``inputs``:
    and for the standings), and its round's status. The round's row is locked only by the
    table that sees the round complete, reopened, or its first result: the others' writes
    touch no row but their own table's. Two last tables settling at once each see the other
    still playing: the status is read again once each commits (and by the next draw, which
    holds the event). A write that leaves the table unsettled as it was (``still_playing``: a
    pair's result waiting for the other's, or disputed) cannot end the round, nor race a write
    that does: the round's status is read again only if it says released (the round's first
    result) or complete (which this table, unsettled, denies)."""
    table_changed(match.round.tournament_id, inputs=inputs)
    played = match.round
    if still_playing:
        if played.status in (Round.Status.RELEASED, Round.Status.COMPLETE):
            round_status_refresh(played.id)
            played.refresh_from_db(fields=["status"])
        return
    done = not played.matches.exclude(status__in=SETTLED).exists()
    if done or played.status in (Round.Status.RELEASED, Round.Status.COMPLETE):
        round_status_refresh(played.id)  # nested: a savepoint of the table's transaction
        played.refresh_from_db(fields=["status"])
    transaction.on_commit(lambda: round_status_refresh(played.id), robust=True)


def _settle(match: Match, submission: ResultSubmission, status: str) -> None:
    """The result in force; the table's game is locked from now on."""
    match.result, match.status = submission, status
    match.save(update_fields=["result", "status"])
    if match.game_id is not None:
        scoring_services.game_lock(game_id=match.game_id, locked=True)
    _table_done(match, inputs=True)


def _locked_match(match_id: int, *, after_the_event: bool = False) -> Match:
    """The match, its table's row locked (services._common.locked_table); refused for a bye
    and outside an open round. ``after_the_event``: a closed round's table of a finished event
    too (the director's correction after the event: no round is drawn from its standings any
    more, so only they change, and a sanctioned event reports them again)."""
    match = locked_table(match_id)
    if match.ew_id is None:
        raise TournamentError(_("A bye has no result to enter."))
    if match.round.status == Round.Status.DRAFT:
        raise TournamentError(_("This round is not open for results."))
    if match.round.status == Round.Status.CLOSED:
        _check_after_the_event(match, after_the_event)
    return match


def _check_after_the_event(match: Match, after_the_event: bool) -> None:
    """A closed round's table takes a result only ``after_the_event`` (a finished event's), and
    never a knockout's round before the last: who went on from it was drawn from its results."""
    closed = _("Round %(n)s is closed: its results stand.") % {"n": match.round.number}
    if not after_the_event:
        raise TournamentError(closed)
    tournament = Tournament.objects.get(id=match.round.tournament_id)
    if tournament.status != Tournament.Status.FINISHED:
        raise TournamentError(closed)
    last = tournament.round_set.aggregate(last=Max("number"))["last"]
    known = FORMATS.get(tournament.format_of(match.round.number))
    if known is not None and known.knockout and match.round.number != last:
        raise TournamentError(
            _(
                "Round %(n)s of the knockout decided who went on: only the last round's results "
                "can be corrected after the event."
            )
            % {"n": match.round.number}
        )


def _next_version(match: Match, submissions: list[ResultSubmission] | None = None) -> int:
    """The table's next result version (``submissions``: the table's, read under its lock)."""
    if submissions is not None:
        return max((s.version for s in submissions), default=0) + 1
    return (match.submissions.aggregate(v=Max("version"))["v"] or 0) + 1


@dataclass(frozen=True)
class Sent:
    """What a pair's submission did: the match as it now stands, and whether it repeated the
    pair's own last word (the same figures again: nothing was stored)."""

    match: Match
    repeated: bool = False


def result_submit(
    *,
    match_id: int,
    by: str,
    ns_score: int,
    ew_score: int,
    winner_id: int | None = None,
    author: str = "",
) -> Sent:
    """One pair's result, ``by`` the pair whose link it came through. The other pair's matching
    submission confirms it; a different one sends the match to the director with both figures.
    Only submissions since the director last acted count (a reopened table starts afresh). The
    pair's own last figures sent again are stored once: a second tap, a phone's retry, or a pair
    trying to confirm its own result is no new version."""
    if by not in (ResultSubmission.By.NS, ResultSubmission.By.EW):
        raise TournamentError(_("A result is submitted by North-South or East-West."))
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status in SETTLED:
            raise TournamentError(_("This result is settled: ask the director to correct it."))
        check_scores(match, ns_score, ew_score, winner_id)
        if match_timing(match).stop.reason == "director":  # the event's rule at time
            raise TournamentError(_("Time was called: the director decides this table's result."))
        submissions = list(match.submissions.all())  # read under the table's lock
        said = said_since_director(submissions)
        figures = (ns_score, ew_score, winner_id)
        mine = said.by(by)
        if mine is not None and (mine.ns_score, mine.ew_score, mine.winner_id) == figures:
            return Sent(match, repeated=True)
        other = said.against(by)
        submission = ResultSubmission.objects.create(
            match=match,
            version=_next_version(match, submissions),
            by=by,
            ns_score=ns_score,
            ew_score=ew_score,
            winner_id=winner_id,
            author=author,
        )
        if other is None:
            match.status = Match.Status.SUBMITTED
            match.save(update_fields=["status"])
            _table_done(match, inputs=False, still_playing=True)
        elif (other.ns_score, other.ew_score, other.winner_id) == figures:
            _settle(match, submission, Match.Status.CONFIRMED)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status"])
            _table_done(match, inputs=False, still_playing=True)
    return Sent(match)


def result_correct(
    *,
    match_id: int,
    ns_score: int,
    ew_score: int,
    reason: str,
    kind: str = ResultSubmission.Kind.CORRECTED,
    winner_id: int | None = None,
    author: str = "",
) -> Match:
    """The director's result: a new version with its reason (a correction, a result from a
    paper sheet, an adjusted score or a forfeit); once the event is finished, of any of its
    tables (a scoring error found after the event)."""
    reason = _reason(reason, _("Say why the result is corrected."))
    if kind not in (
        ResultSubmission.Kind.CORRECTED,
        ResultSubmission.Kind.ADJUSTED,
        ResultSubmission.Kind.FORFEIT,
    ):
        raise TournamentError(_("Unknown kind of correction."))
    with transaction.atomic():
        match = _locked_match(match_id, after_the_event=True)
        check_scores(match, ns_score, ew_score, winner_id)
        if kind == ResultSubmission.Kind.FORFEIT and winner_id is None:
            raise TournamentError(_("A forfeit names the pair that played."))
        submission = ResultSubmission.objects.create(
            match=match,
            version=_next_version(match),
            by=ResultSubmission.By.DIRECTOR,
            kind=kind,
            ns_score=ns_score,
            ew_score=ew_score,
            winner_id=winner_id,
            reason=reason,
            author=author,
        )
        settled = (
            Match.Status.CONFIRMED
            if kind == ResultSubmission.Kind.CORRECTED
            else Match.Status.CLOSED
        )
        _settle(match, submission, settled)
    return match


def result_reopen(*, match_id: int, reason: str, author: str = "") -> Match:
    """The director opens a settled table again (its round still open): a new version of the
    result, with its reason, that sets none; the game's hands can change again and both pairs
    submit anew."""
    reason = _reason(reason, _("Say why the table is reopened."))
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status not in SETTLED or match.result is None:
            raise TournamentError(_("This table has no result in force: nothing to reopen."))
        ResultSubmission.objects.create(
            match=match,
            version=_next_version(match),
            by=ResultSubmission.By.DIRECTOR,
            kind=ResultSubmission.Kind.REOPENED,
            ns_score=match.result.ns_score,  # the result it set aside
            ew_score=match.result.ew_score,
            reason=reason,
            author=author,
        )
        match.result, match.status = None, Match.Status.PLAYING
        match.save(update_fields=["result", "status"])
        if match.game_id is not None:
            scoring_services.game_lock(game_id=match.game_id, locked=False)
        _table_done(match, inputs=True)
    return match


def result_no_show(*, match_id: int, absent: str, author: str = "") -> Match:
    """The event's no-show rule: a table where one pair had not sat down ``no_show_minutes``
    after the round's clock started, and no hand is entered, is scored as that pair's forfeit
    (the present pair scores as for a sit-out: engine.standings). Checked under the locks the
    result takes, so a second press or a hand entered meanwhile is seen."""
    if absent not in (ResultSubmission.By.NS, ResultSubmission.By.EW):
        raise TournamentError(_("Say which pair did not come."))
    with transaction.atomic():
        match = locked_table(match_id)
        if match.ew_id is None:
            raise TournamentError(_("Say which pair did not come."))
        if not no_show_due(match.round):
            raise TournamentError(_("The event's no-show rule does not apply at this table yet."))
        if match.game_id is not None and Game.objects.get(id=match.game_id).hand_count:
            raise TournamentError(_("Hands are entered at this table: both pairs came."))
        if match.status in SETTLED:
            raise TournamentError(_("This table's result already stands: correct it instead."))
        present = match.ew_id if absent == ResultSubmission.By.NS else match.ns_id
        gone = match.ns_side if absent == ResultSubmission.By.NS else match.ew_side
        reason = _("No-show: %(name)s had not come %(n)s minutes after the start.") % {
            "name": gone,
            "n": match.round.tournament.no_show_minutes,
        }
        return result_correct(
            match_id=match.id,
            ns_score=0,
            ew_score=0,
            reason=reason[:300],
            kind=ResultSubmission.Kind.FORFEIT,
            winner_id=present,
            author=author,
        )
