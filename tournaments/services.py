"""Writes of the tournament app. Each service owns its transaction and locks the tournament's row
first, so results, draws and standings of one event never interleave (a director's correction
made while the next round is drawn waits for the draw, then meets a closed round).

A round is paired only when every match of the previous one is settled (confirmed, or closed by
the director); drawing the next round closes the previous one, whose results then stand, and
closing the last round finishes the event and writes its final standings in the same
transaction. Results are submissions, never edited: each pair submits through its own table
link, the other pair's matching submission confirms it, a mismatch goes to the director, and the
director's correction or reopening is a new version with a reason. Once a table's result stands
its game is locked: no hand changes until the director reopens it.

Standings are derived data. Every change they are computed from bumps the tournament's
``inputs_version`` in the same transaction and sends ``standings_recompute`` on commit (run here
when the broker does not answer); a snapshot built from an older version is stale, and the pages
showing it ask for a rebuild (selectors.standings_current), so standings always catch up.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import astuple
from datetime import timedelta
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper import background
from scorekeeper import services as scoring_services
from scorekeeper.names import has_control_characters, players_text
from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import FORMATS, MAX_ROUNDS, check_phase, check_plan, schedule_rounds
from tournaments.engine.standings import METRICS, rank
from tournaments.engine.swap import SwapEffect, swap
from tournaments.engine.table_numbers import number_tables
from tournaments.engine.types import Draw, History, RoundInput
from tournaments.limits import MAX_PAIRS, MAX_SEED, PAIR_NAME_LIMITS, pair_name_key
from tournaments.models import Entry, Match, ResultSubmission, Round, StandingsSnapshot, Tournament
from tournaments.selectors import (
    SETTLED,
    EventState,
    event_state,
    said_since_director,
    scoring_of,
    standings_current,
)
from tournaments.table_keys import table_keys_add

__all__ = ["MAX_PAIRS", "MAX_ROUNDS"]

logger = logging.getLogger("scorekeeper")


class TournamentError(Exception):
    """A change the tournament's state does not allow. The message is translated when shown:
    a message id with its values, so a refusal met by a worker is kept and shown later in the
    director's language (an already translated text is shown as it is)."""

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message)
        self.message, self.values = message, values

    def __str__(self) -> str:
        text = _(self.message)
        return text % self.values if self.values else text

    def as_json(self) -> dict[str, Any]:
        return {"message": self.message, "values": self.values}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentError:
        return cls(str(data.get("message", "")), **dict(data.get("values") or {}))


def _refusal(error: DrawRefused, tournament: Tournament) -> TournamentError:
    """The engine's refusal for the director: a pair's id shown as its name."""
    values = dict(error.values)
    if "pair" in values:
        values["pair"] = (
            tournament.entries.filter(id=values["pair"]).values_list("name", flat=True).first()
            or values["pair"]
        )
    return TournamentError(error.message, **values)


def _locked_tournament(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(id=tournament_id)


def _open(tournament: Tournament) -> None:
    """Refuse a change to the field of a finished event: its standings are final."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The event is finished: its pairs and standings are final."))


def standings_mark_stale(tournament_id: int) -> None:
    """What the standings are computed from changed, in the caller's transaction: the
    snapshot is stale from now on, and its rebuild is sent once the change commits."""
    Tournament.objects.filter(id=tournament_id).update(
        inputs_version=F("inputs_version") + 1, inputs_changed_at=timezone.now()
    )
    transaction.on_commit(lambda: _rebuild_if_stale(tournament_id), robust=True)


# The change (inputs version and time) whose rebuild this process last sent, per tournament: a
# round entered in one transaction sends one rebuild, not one per table; any later change, or a
# database put back to an earlier state, sends again.
_rebuild_sent: dict[int, tuple[int, object]] = {}


def _rebuild_if_stale(tournament_id: int) -> None:
    """Send the rebuild of the standings as they now are, unless this process already sent it
    or an earlier rebuild already counts every change."""
    from tournaments import tasks

    tournament = Tournament.objects.filter(id=tournament_id).first()
    if tournament is None or not standings_current(tournament).stale:
        return
    change = (tournament.inputs_version, tournament.inputs_changed_at)
    if _rebuild_sent.get(tournament_id) == change:
        return
    if len(_rebuild_sent) > 1000:
        _rebuild_sent.clear()
    _rebuild_sent[tournament_id] = change
    background.send(tasks.standings_recompute, tournament_id)


# Set-up -------------------------------------------------------------------------------------


def tournament_create(
    *,
    name: str,
    format: str,
    rounds: int,
    variant: str = "classic",
    rules: dict[str, Any] | None = None,
    round_formats: Sequence[str] = (),
    hands_per_round: int | None = 4,
    points: str = Tournament.Points.WDL,
    tiebreaks: Sequence[str] = ("tp", "h2h", "margin", "buchholz"),
    seeded: bool = True,
    seed: int = 0,
    legs: int = 1,
    knockout_top: int = 0,
    third_place: bool = False,
    director: Any = None,
) -> Tournament:
    """A tournament, checked before anything is saved: ``rounds`` 0 plays the whole schedule
    of a round robin, a Mitchell movement or a knockout (its length set by the field at round 1)."""
    if format not in FORMATS or any(f not in FORMATS for f in round_formats):
        raise TournamentError(_("Unknown format: %(format)s.") % {"format": format})
    if variant not in PRESETS:
        raise TournamentError(_("Unknown preset: %(variant)s.") % {"variant": variant})
    try:
        check_plan(format, round_formats, rounds, knockout_top)
    except DrawRefused as refused:
        raise TournamentError(refused.message, **refused.values) from None
    unknown = [t for t in tiebreaks if t not in METRICS]
    if unknown or not tiebreaks:
        raise TournamentError(_("Unknown tie-break: %(name)s.") % {"name": ", ".join(unknown)})
    if points not in Tournament.Points.values:
        raise TournamentError(_("Unknown points method: %(points)s.") % {"points": points})
    try:
        ruleset_for(variant, 4, rules or {}, 2)
    except RuleViolation as violation:
        raise TournamentError(str(violation)) from None
    return Tournament.objects.create(
        name=name,
        variant=variant,
        rules=rules or {},
        format=format,
        round_formats=list(round_formats),
        rounds=rounds,
        hands_per_round=hands_per_round,
        points=points,
        tiebreaks=list(tiebreaks),
        seeded=seeded,
        seed=seed,
        legs=legs,
        knockout_top=knockout_top,
        third_place=third_place,
        director=director if getattr(director, "is_authenticated", False) else None,
    )


def tournament_rounds_set(*, tournament_id: int, rounds: int) -> Tournament:
    """Change the number of rounds before round 1 is drawn (a schedule the field cannot fill,
    or an evening that runs short). A plan with a format per round keeps its rounds."""
    with transaction.atomic():
        tournament = _locked_tournament(tournament_id)
        if tournament.round_set.exists():
            raise TournamentError(_("The rounds are set once round 1 is drawn."))
        if tournament.round_formats:
            raise TournamentError(_("This tournament's plan gives each round its format."))
        try:
            check_plan(tournament.format, (), rounds, tournament.knockout_top)
        except DrawRefused as refused:
            raise TournamentError(refused.message, **refused.values) from None
        tournament.rounds = rounds
        tournament.draw_refusal = None  # the refusal was about the rounds asked for before
        tournament.save(update_fields=["rounds", "draw_refusal"])
    return tournament


_FIELD_LABELS = {
    "name": gettext_lazy("Pair name"),
    "player_1": gettext_lazy("Player 1"),
    "player_2": gettext_lazy("Player 2"),
    "club": gettext_lazy("Club"),
}


def _entry_values(given: Mapping[str, Any]) -> dict[str, Any]:
    """A pair's values, checked against the limits of a game's names (scorekeeper.names), so
    its release can never fail on a name."""
    values: dict[str, Any] = {}
    for field, limit in PAIR_NAME_LIMITS.items():
        label = _FIELD_LABELS[field]
        value = str(given.get(field) or "").strip()
        if has_control_characters(value):
            raise TournamentError(
                _("%(field)s: no tab, line break or control character.") % {"field": label}
            )
        if len(value) > limit:
            raise TournamentError(
                _("%(field)s: at most %(n)s characters (%(name)s…).")
                % {"field": label, "n": limit, "name": value[:20]}
            )
        values[field] = value
    if not values["name"]:
        raise TournamentError(_("Every pair needs a name of its own."))
    seed = given.get("seed") or 0
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TournamentError(
            _("The seed of %(name)s is a whole number from 0 to %(n)s.")
            % {"name": values["name"], "n": MAX_SEED}
        )
    values["seed"] = seed
    return values


def entries_add(*, tournament_id: int, entries: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """Add pairs (name, player_1, player_2, club, seed); after the start, they join next round.
    All or nothing: a refusal names the pair and saves none."""
    with transaction.atomic():
        tournament = _locked_tournament(tournament_id)
        _open(tournament)
        values = [_entry_values(e) for e in entries]
        keys = [pair_name_key(v["name"]) for v in values]
        wanted = set(keys)
        if len(set(keys)) != len(keys):
            raise TournamentError(_("Every pair needs a name of its own."))
        taken = sorted(
            name
            for name in tournament.entries.values_list("name", flat=True)
            if pair_name_key(name) in wanted
        )
        if taken:
            raise TournamentError(_("A pair is already called %(name)s.") % {"name": taken[0]})
        if tournament.entries.count() + len(values) > MAX_PAIRS:
            raise TournamentError(_("A tournament holds %(n)s pairs at most.") % {"n": MAX_PAIRS})
        joins = (tournament.round_set.aggregate(n=Max("number"))["n"] or 0) + 1
        added = Entry.objects.bulk_create(
            Entry(tournament=tournament, joins=joins, **value) for value in values
        )
        if _started(tournament):  # before, there are no standings to change
            standings_mark_stale(tournament.id)
    return added


def entries_import_csv(*, tournament_id: int, data: bytes | str) -> list[Entry]:
    """Pairs from a CSV file or pasted text (tournaments.pairs_csv reads and checks every line,
    and names each one whose pair is already in); nothing is saved unless every line is right.
    Raises pairs_csv.CsvRefused with every problem, or TournamentError."""
    from tournaments.pairs_csv import pairs_from_csv

    taken = Entry.objects.filter(tournament_id=tournament_id).values_list("name", flat=True)
    return entries_add(tournament_id=tournament_id, entries=pairs_from_csv(data, taken))


def entry_withdraw(*, entry_id: int) -> Entry:
    """The pair plays no more rounds; its results stand."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = _locked_tournament(tournament_id)
        _open(tournament)
        entry = Entry.objects.get(id=entry_id)
        played = tournament.round_set.exclude(status=Round.Status.DRAFT)  # a draft is not played
        entry.withdrawn_after = played.aggregate(n=Max("number"))["n"] or 0
        entry.save(update_fields=["withdrawn_after"])
        if _started(tournament):
            standings_mark_stale(tournament.id)
    return entry


def _started(tournament: Tournament) -> bool:
    """Whether a round has been released: the standings begin there."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).exists()


# Rounds -------------------------------------------------------------------------------------


def _phase_start(tournament: Tournament, number: int) -> int:
    """The first round of the run of rounds in round ``number``'s format."""
    fmt = tournament.format_of(number)
    start = number
    while start > 1 and tournament.format_of(start - 1) == fmt:
        start -= 1
    return start


def _phase_length(tournament: Tournament, start: int) -> int:
    fmt, end = tournament.format_of(start), start
    while end < tournament.rounds and tournament.format_of(end + 1) == fmt:
        end += 1
    return end - start + 1


def _entrants(tournament: Tournament, state: EventState, number: int) -> int:
    playing = sum(1 for p in state.pairs if p.plays(number))
    if tournament.format_of(number) == Tournament.Format.KNOCKOUT and tournament.knockout_top:
        return min(playing, tournament.knockout_top)
    return playing


def _fix_schedule(tournament: Tournament, state: EventState, number: int) -> None:
    """At a phase's first round, check its schedule can be played by the field; a tournament
    of the whole schedule (rounds 0) learns its length here."""
    fmt = tournament.format_of(number)
    entrants = _entrants(tournament, state, number)
    if tournament.rounds == 0:
        tournament.rounds = schedule_rounds(fmt, entrants, tournament.legs) or 1
        tournament.save(update_fields=["rounds"])
    check_phase(fmt, entrants, _phase_length(tournament, number), tournament.legs)


def round_pair(*, tournament_id: int, number: int | None = None) -> Round:
    """Draw the next round (a draft) once every match of the last one is settled; the last one
    is closed with it (in the same transaction: a draw that fails closes nothing). Asked for a
    ``number`` that is already drawn, it returns that round (a task run twice draws once)."""
    with transaction.atomic():
        tournament = _locked_tournament(tournament_id)
        if number is not None:
            done = tournament.round_set.filter(number=number).first()
            if done is not None:
                return done
        state = event_state(tournament)
        number = len(state.rounds) + 1
        if tournament.rounds and number > tournament.rounds:
            raise TournamentError(_("Every round has been played."))
        if state.rounds and state.rounds[-1].status not in (
            Round.Status.COMPLETE,
            Round.Status.CLOSED,
        ):
            raise TournamentError(
                _("Round %(n)s is not finished: every match needs a confirmed result.")
                % {"n": state.rounds[-1].number}
            )
        if state.rounds and state.rounds[-1].status == Round.Status.COMPLETE:
            last = state.rounds[-1]
            last.status = Round.Status.CLOSED
            last.save(update_fields=["status"])
            standings_mark_stale(tournament.id)
        fmt = tournament.format_of(number)
        ranking = tuple(s.pair for s in _standings(tournament, state))
        start = _phase_start(tournament, number)
        try:
            if start == number:
                _fix_schedule(tournament, state, number)
            draw = FORMATS[fmt](
                RoundInput(
                    number=number,
                    field=state.pairs,
                    history=state.history,
                    ranking=ranking,
                    seed=tournament.seed,
                    seeded=tournament.seeded,
                    phase_start=start,
                    legs=tournament.legs,
                    third_place=tournament.third_place,
                    top=tournament.knockout_top if fmt == Tournament.Format.KNOCKOUT else 0,
                )
            )
        except DrawRefused as refused:
            raise _refusal(refused, tournament) from None
        previous = state.draws[-1] if state.draws else None
        draw = number_tables(draw, ranking, previous, keep=fmt == Tournament.Format.ROUND_ROBIN)
        played = Round.objects.create(tournament=tournament, number=number, format=fmt)
        _matches_create(played, draw)
        tournament.status = Tournament.Status.RUNNING
        tournament.draw_refusal = None
        tournament.save(update_fields=["status", "draw_refusal", "rounds"])
    return played


def round_draw(*, tournament_id: int, number: int | None = None) -> Round | None:
    """Draw the next round for a worker: a refusal is kept on the tournament, where the
    director's page shows it (a refusal in a task would otherwise reach nobody)."""
    try:
        return round_pair(tournament_id=tournament_id, number=number)
    except TournamentError as refusal:
        Tournament.objects.filter(id=tournament_id).update(draw_refusal=refusal.as_json())
        return None


def round_pair_request(*, tournament_id: int, number: int) -> None:
    """Ask a worker to draw round ``number`` (on commit; here when the broker is down)."""
    from tournaments import tasks

    Tournament.objects.filter(id=tournament_id).update(draw_refusal=None)
    background.send_on_commit(tasks.round_pair, tournament_id, number)


def _reasons(why: Sequence[Any]) -> list[list[int | str]]:
    return [[w.reason.value, *w.values] for w in why]


def _matches_create(played: Round, draw: Draw) -> None:
    Match.objects.bulk_create(
        [
            Match(round=played, table=m.table, ns_id=m.ns, ew_id=m.ew, reasons=_reasons(m.why))
            for m in draw.pairings
        ]
        + [
            Match(
                round=played,
                table=0,
                ns_id=b.pair,
                reasons=_reasons(b.why),
                status=Match.Status.CONFIRMED,
            )
            for b in draw.byes
        ]
    )


def _draft(round_id: int) -> Round:
    """A drafted round, its tournament locked."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(id=round_id)
    _locked_tournament(tournament_id)
    drawn = Round.objects.select_related("tournament").get(id=round_id)
    if drawn.status != Round.Status.DRAFT:
        raise TournamentError(_("Round %(n)s is already released.") % {"n": drawn.number})
    return drawn


def round_release(*, round_id: int) -> Round:
    """Publish a drafted round: each match gets its scorekeeper game (the tournament's preset
    and house rules) and each of its pairs a private link to it (table_keys)."""
    with transaction.atomic():
        played = _draft(round_id)
        tournament = played.tournament
        matches = list(played.matches.filter(ew__isnull=False).select_related("ns", "ew"))
        for match in matches:
            try:
                game, _token = scoring_services.game_create(
                    variant=tournament.variant,
                    players=tournament.players,
                    sides=[
                        {"name": e.name, "players": players_text((e.player_1, e.player_2))}
                        for e in (match.ns, match.ew)
                        if e is not None
                    ],
                    rules=tournament.rules,
                )
            except RuleViolation as violation:  # names are checked on entry: a safety net
                raise TournamentError(
                    _("Table %(t)s cannot be set up: %(reason)s")
                    % {"t": match.table, "reason": violation}
                ) from None
            table_keys_add(game)  # the game's own token is held by nobody
            match.game = game
        Match.objects.bulk_update(matches, ["game"], batch_size=500)
        played.status = Round.Status.RELEASED if matches else Round.Status.COMPLETE
        played.save(update_fields=["status"])
        standings_mark_stale(tournament.id)
    return played


def round_discard(*, round_id: int) -> int:
    """Throw a draft away, to draw it again (after a pair is withdrawn or added). Returns its
    number."""
    with transaction.atomic():
        drawn = _draft(round_id)
        number = drawn.number
        drawn.matches.all().delete()
        drawn.delete()
    return number


def round_swap(*, round_id: int, first: int, second: int) -> list[SwapEffect]:
    """Swap two pairs in a draft; returns what the swap creates (a rematch, a club meeting)."""
    with transaction.atomic():
        drawn = _draft(round_id)
        state = event_state(drawn.tournament)
        draw = next(d for d in state.draws if d.round == drawn.number)
        earlier = History.of(
            tuple(r for r in state.results if r.round < drawn.number),
            tuple(d for d in state.draws if d.round < drawn.number),
        )
        clubs = {p.id: p.club for p in state.pairs}
        try:
            swapped, effects = swap(draw, first, second, earlier, clubs)
        except ValueError:
            raise TournamentError(_("Choose two different pairs of this round.")) from None
        drawn.matches.all().delete()
        _matches_create(drawn, swapped)
    return list(effects)


def round_close(*, round_id: int) -> Round:
    """Close a round whose every match is settled: its results stand. Closing the tournament's
    last round finishes it, and writes its final standings in the same transaction (whatever
    the broker does)."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(id=round_id)
    with transaction.atomic():
        tournament = _locked_tournament(tournament_id)
        played = Round.objects.get(id=round_id)
        if played.status == Round.Status.DRAFT:
            raise TournamentError(_("Round %(n)s is not released yet.") % {"n": played.number})
        open_matches = played.matches.exclude(status__in=SETTLED).count()
        if open_matches:
            raise TournamentError(
                ngettext(
                    "%(n)s match has no confirmed result yet.",
                    "%(n)s matches have no confirmed result yet.",
                    open_matches,
                )
                % {"n": open_matches}
            )
        if played.status != Round.Status.CLOSED:
            played.status = Round.Status.CLOSED
            played.save(update_fields=["status"])
            standings_mark_stale(tournament.id)
        if played.number >= tournament.rounds and tournament.status != Tournament.Status.FINISHED:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
            _standings_write(Tournament.objects.get(id=tournament.id))
    return played


# Results ------------------------------------------------------------------------------------


def _check_scores(match: Match, ns_score: object, ew_score: object, winner_id: object) -> None:
    for score in (ns_score, ew_score):
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > 1_000_000:
            raise TournamentError(_("A score is a whole number."))
    if winner_id is not None and winner_id not in (match.ns_id, match.ew_id):
        raise TournamentError(_("The winner must be one of the two pairs."))
    if (
        match.round.format == Tournament.Format.KNOCKOUT
        and ns_score == ew_score
        and winner_id is None
    ):
        raise TournamentError(_("A knockout table has a winner: a tie plays another hand."))


def _round_status(played: Round) -> None:
    """A round's status from its matches: complete when every one is settled."""
    was = played.status
    if not played.matches.exclude(status__in=SETTLED).exists():
        played.status = Round.Status.COMPLETE
    elif played.status in (Round.Status.RELEASED, Round.Status.COMPLETE):
        played.status = Round.Status.PLAYING
    if played.status != was:
        played.save(update_fields=["status"])


def _settle(match: Match, submission: ResultSubmission, status: str) -> None:
    """The result in force; the table's game is locked from now on."""
    match.result, match.status = submission, status
    match.save(update_fields=["result", "status"])
    if match.game_id is not None:
        scoring_services.game_lock(game_id=match.game_id, locked=True)
    _round_status(match.round)
    standings_mark_stale(match.round.tournament_id)


def _locked_match(match_id: int) -> Match:
    """The match, its tournament locked; refused for a bye and outside an open round."""
    Tournament.objects.select_for_update(of=("self",)).get(round_set__matches__id=match_id)
    match = Match.objects.select_related("round").get(id=match_id)
    if match.ew_id is None:
        raise TournamentError(_("A bye has no result to enter."))
    if match.round.status == Round.Status.DRAFT:
        raise TournamentError(_("This round is not open for results."))
    if match.round.status == Round.Status.CLOSED:
        raise TournamentError(
            _("Round %(n)s is closed: its results stand.") % {"n": match.round.number}
        )
    return match


def _next_version(match: Match) -> int:
    return (match.submissions.aggregate(v=Max("version"))["v"] or 0) + 1


def result_submit(
    *,
    match_id: int,
    by: str,
    ns_score: int,
    ew_score: int,
    winner_id: int | None = None,
    author: str = "",
) -> Match:
    """One pair's result, ``by`` the pair whose link it came through. The other pair's matching
    submission confirms it; a different one sends the match to the director with both figures.
    Only submissions since the director last acted count (a reopened table starts afresh)."""
    if by not in (ResultSubmission.By.NS, ResultSubmission.By.EW):
        raise TournamentError(_("A result is submitted by North-South or East-West."))
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status in SETTLED:
            raise TournamentError(_("This result is settled: ask the director to correct it."))
        _check_scores(match, ns_score, ew_score, winner_id)
        other_side = (
            ResultSubmission.By.EW if by == ResultSubmission.By.NS else ResultSubmission.By.NS
        )
        other = said_since_director(match.submissions.order_by("version")).get(other_side)
        submission = ResultSubmission.objects.create(
            match=match,
            version=_next_version(match),
            by=by,
            ns_score=ns_score,
            ew_score=ew_score,
            winner_id=winner_id,
            author=author,
        )
        if other is None:
            match.status = Match.Status.SUBMITTED
            match.save(update_fields=["status"])
            _round_status(match.round)
        elif (other.ns_score, other.ew_score, other.winner_id) == (ns_score, ew_score, winner_id):
            _settle(match, submission, Match.Status.CONFIRMED)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status"])
    return match


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
    paper sheet, an adjusted score or a forfeit)."""
    if not reason.strip():
        raise TournamentError(_("Say why the result is corrected."))
    if kind not in (
        ResultSubmission.Kind.CORRECTED,
        ResultSubmission.Kind.ADJUSTED,
        ResultSubmission.Kind.FORFEIT,
    ):
        raise TournamentError(_("Unknown kind of correction."))
    with transaction.atomic():
        match = _locked_match(match_id)
        _check_scores(match, ns_score, ew_score, winner_id)
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
            reason=reason.strip()[:300],
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
    if not reason.strip():
        raise TournamentError(_("Say why the table is reopened."))
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
            reason=reason.strip()[:300],
            author=author,
        )
        match.result, match.status = None, Match.Status.PLAYING
        match.save(update_fields=["result", "status"])
        if match.game_id is not None:
            scoring_services.game_lock(game_id=match.game_id, locked=False)
        _round_status(match.round)
        standings_mark_stale(match.round.tournament_id)
    return match


# Standings ----------------------------------------------------------------------------------


def _standings(tournament: Tournament, state: EventState) -> Any:
    return rank(state.pairs, state.results, scoring_of(tournament), tournament.tiebreaks)


def _fingerprint(tournament: Tournament, state: EventState) -> str:
    inputs = {
        "pairs": sorted(astuple(p) for p in state.pairs),
        "results": sorted(
            (r.round, r.ns, r.ew or 0, r.ns_score, r.ew_score, r.outcome.value, r.winner or 0)
            for r in state.results
        ),
        "scoring": astuple(scoring_of(tournament)),
        "order": list(tournament.tiebreaks),
        "pending": state.pending,
        "complete": [r.number for r in state.rounds if r.status in _COMPLETE],
    }
    text = json.dumps(inputs, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


_COMPLETE = (Round.Status.COMPLETE, Round.Status.CLOSED)


def _standings_write(tournament: Tournament, *, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings of ``tournament`` (its row locked by the caller) unless the
    latest snapshot already counts its inputs (``force``: compare them all again, as after a
    change of the code that ranks); the same inputs write no new snapshot."""
    latest = tournament.snapshots.order_by("-version").first()
    counted = latest is not None and latest.inputs_version >= tournament.inputs_version
    if latest is not None and counted and not force:
        return latest
    state = event_state(tournament)
    fingerprint = _fingerprint(tournament, state)
    if latest is not None and latest.fingerprint == fingerprint:
        if not counted:
            latest.inputs_version = tournament.inputs_version
            latest.save(update_fields=["inputs_version"])
        return latest
    names = {p.id: p.name for p in state.pairs}
    rows = [
        {
            "entry": s.pair,
            "name": names[s.pair],
            "rank": s.rank,
            "shared": s.shared,
            "withdrawn": s.withdrawn,
            "metrics": dict(s.metrics),
        }
        for s in _standings(tournament, state)
    ]
    return StandingsSnapshot.objects.create(
        tournament=tournament,
        version=(latest.version + 1) if latest else 1,
        fingerprint=fingerprint,
        provisional=state.pending > 0,
        after_round=max((r.number for r in state.rounds if r.status in _COMPLETE), default=0),
        inputs_version=tournament.inputs_version,
        rows=rows,
    )


def standings_recompute(*, tournament_id: int, force: bool = False) -> StandingsSnapshot:
    """Rebuild the standings from the settled results, if anything they count changed since
    the latest snapshot (``force``: whatever the versions say; the director's button). Safe to
    run any number of times: the same inputs write no new snapshot."""
    with transaction.atomic():
        return _standings_write(_locked_tournament(tournament_id), force=force)


CATCH_UP_SECONDS = 10  # between two rebuilds asked for by pages, per tournament
REBUILD_HERE_AFTER = timedelta(seconds=30)  # stale this long: no worker did it, the page does


def standings_catch_up(*, tournament_id: int) -> None:
    """A page met stale standings. Soon after the change, a worker's rebuild is on its way: ask
    for it again (a lost task), at most every few seconds per tournament however many pages
    ask. Stale for longer (no worker, a broker down), rebuild here, before the page is shown:
    it takes milliseconds for a club and the lock serialises it. A failure (the database down)
    leaves the page showing the standings as they are, saying they are being updated."""
    from django.core.cache import cache

    from tournaments import tasks

    changed = (
        Tournament.objects.filter(id=tournament_id)
        .values_list("inputs_changed_at", flat=True)
        .first()
    )
    try:
        if changed is None or timezone.now() - changed > REBUILD_HERE_AFTER:
            standings_recompute(tournament_id=tournament_id)
        elif cache.add(f"standings-catch-up:{tournament_id}", 1, timeout=CATCH_UP_SECONDS):
            background.send(tasks.standings_recompute, tournament_id)
    except DatabaseError:
        logger.warning("standings of tournament %s not rebuilt now", tournament_id, exc_info=True)
