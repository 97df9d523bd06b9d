"""Writes of the tournament app. Each service owns its transaction; tasks are sent on commit.

A round is paired only when every match of the previous one is settled (confirmed, or closed by
the director); drawing the next round closes the previous one, whose results then stand, and
closing the last round finishes the event (its standings are final). Results are submissions, never edited: the two pairs' matching submissions
confirm a result, a mismatch goes to the director, and the director's correction is a new
version with a reason. A settled result sends ``standings_recompute`` on commit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import astuple
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import services as scoring_services
from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
from tournaments.engine.formats import FORMATS
from tournaments.engine.model import Draw, History, RoundInput
from tournaments.engine.standings import METRICS, rank
from tournaments.engine.swap import SwapEffect, swap
from tournaments.engine.table_numbers import number_tables
from tournaments.models import Entry, Match, ResultSubmission, Round, StandingsSnapshot, Tournament
from tournaments.selectors import SETTLED, event_state, scoring_of

MAX_ROUNDS = 200  # a round robin of 200 pairs plays 199


class TournamentError(Exception):
    """A change the tournament's state does not allow; the message is translated."""


def _on_commit_standings(tournament_id: int) -> None:
    """Send the standings task when the transaction commits, once per transaction however many
    results it settles (a round entered in one go recomputes once)."""
    from django.db import connection

    from tournaments import tasks

    queued = [getattr(entry[1], "standings_of", None) for entry in connection.run_on_commit]
    if tournament_id in queued:
        return

    def send() -> None:
        tasks.standings_recompute.delay(tournament_id)

    send.standings_of = tournament_id  # type: ignore[attr-defined]
    transaction.on_commit(send)


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
    """A tournament, checked before anything is saved."""
    if format not in FORMATS or any(f not in FORMATS for f in round_formats):
        raise TournamentError(_("Unknown format: %(format)s.") % {"format": format})
    if variant not in PRESETS:
        raise TournamentError(_("Unknown preset: %(variant)s.") % {"variant": variant})
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(_("A tournament has 1 to %(n)s rounds.") % {"n": MAX_ROUNDS})
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


def entries_add(*, tournament_id: int, entries: Sequence[dict[str, Any]]) -> list[Entry]:
    """Add pairs (name, player_1, player_2, club, seed); after the start, they join next round."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(id=tournament_id)
        joins = (tournament.round_set.aggregate(n=Max("number"))["n"] or 0) + 1
        names = [str(e.get("name", "")).strip() for e in entries]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise TournamentError(_("Every pair needs a name of its own."))
        taken = set(tournament.entries.filter(name__in=names).values_list("name", flat=True))
        if taken:
            raise TournamentError(_("A pair is already called %(name)s.") % {"name": min(taken)})
        return Entry.objects.bulk_create(
            Entry(
                tournament=tournament,
                name=name,
                player_1=str(e.get("player_1", "")),
                player_2=str(e.get("player_2", "")),
                club=str(e.get("club", "")),
                seed=int(e.get("seed", 0)),
                joins=joins,
            )
            for name, e in zip(names, entries, strict=True)
        )


CSV_COLUMNS = ("name", "player_1", "player_2", "club", "seed")


def entries_import_csv(*, tournament_id: int, text: str) -> list[Entry]:
    """Pairs from CSV (a header line naming name, player_1, player_2, club, seed; only name is
    required). A line with an error is named with its reason, and nothing is saved."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows:
        raise TournamentError(_("The file is empty."))
    header = [h.strip().lower() for h in rows[0]]
    if "name" not in header or any(h not in CSV_COLUMNS for h in header if h):
        raise TournamentError(
            _("Line 1 must name the columns: %(columns)s.") % {"columns": ", ".join(CSV_COLUMNS)}
        )
    entries, seen = [], set()
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise TournamentError(_("Line %(line)s has more cells than columns.") % {"line": line})
        values = {h: cell.strip() for h, cell in zip(header, row, strict=False) if h}
        name = values.get("name", "")
        if not name or len(name) > 120:
            raise TournamentError(_("Line %(line)s: a pair needs a name.") % {"line": line})
        if name in seen:
            raise TournamentError(
                _("Line %(line)s: %(name)s is listed twice.") % {"line": line, "name": name}
            )
        seed = values.get("seed", "") or "0"
        if not seed.isdigit():
            raise TournamentError(
                _("Line %(line)s: the seed must be a whole number.") % {"line": line}
            )
        seen.add(name)
        entries.append({**values, "seed": int(seed)})
    if not entries:
        raise TournamentError(_("The file lists no pair."))
    return entries_add(tournament_id=tournament_id, entries=entries)


def entry_withdraw(*, entry_id: int) -> Entry:
    """The pair plays no more rounds; its results stand."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(id=entry_id)
        last = entry.tournament.round_set.aggregate(n=Max("number"))["n"] or 0
        entry.withdrawn_after = last
        entry.save(update_fields=["withdrawn_after"])
    _on_commit_standings(entry.tournament_id)
    return entry


def _phase_start(tournament: Tournament, number: int) -> int:
    """The first round of the run of rounds in round ``number``'s format."""
    fmt = tournament.format_of(number)
    start = number
    while start > 1 and tournament.format_of(start - 1) == fmt:
        start -= 1
    return start


def round_pair(*, tournament_id: int) -> Round:
    """Draw the next round (a draft) once every match of the last one is settled; the last one
    is closed with it (in the same transaction: a draw that fails closes nothing)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(id=tournament_id)
        state = event_state(tournament)
        number = len(state.rounds) + 1
        if number > tournament.rounds:
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
        fmt = tournament.format_of(number)
        ranking = tuple(s.pair for s in _standings(tournament, state))
        given = RoundInput(
            number=number,
            field=state.pairs,
            history=state.history,
            ranking=ranking,
            seed=tournament.seed,
            seeded=tournament.seeded,
            phase_start=_phase_start(tournament, number),
            legs=tournament.legs,
            third_place=tournament.third_place,
            top=tournament.knockout_top if fmt == Tournament.Format.KNOCKOUT else 0,
        )
        try:
            draw = FORMATS[fmt](given)
        except ValueError as error:
            raise TournamentError(str(error)) from None
        previous = state.draws[-1] if state.draws else None
        draw = number_tables(draw, ranking, previous, keep=fmt == Tournament.Format.ROUND_ROBIN)
        played = Round.objects.create(tournament=tournament, number=number, format=fmt)
        _matches_create(played, draw)
        if tournament.status == Tournament.Status.SETUP:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return played


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


def round_release(*, round_id: int) -> Round:
    """Publish a drafted round: each match gets its scorekeeper game (the tournament's preset
    and house rules), whose edit link is the table's."""
    with transaction.atomic():
        played = Round.objects.select_for_update().select_related("tournament").get(id=round_id)
        if played.status != Round.Status.DRAFT:
            raise TournamentError(_("Round %(n)s is already released.") % {"n": played.number})
        tournament = played.tournament
        matches = list(played.matches.filter(ew__isnull=False).select_related("ns", "ew"))
        for match in matches:
            game, token = scoring_services.game_create(
                variant=tournament.variant,
                players=tournament.players,
                sides=[
                    {"name": e.name, "players": f"{e.player_1}, {e.player_2}".strip(", ")}
                    for e in (match.ns, match.ew)
                    if e is not None
                ],
                rules=tournament.rules,
            )
            match.game, match.game_token = game, token
        Match.objects.bulk_update(matches, ["game", "game_token"], batch_size=500)
        played.status = Round.Status.RELEASED if matches else Round.Status.COMPLETE
        played.save(update_fields=["status"])
    _on_commit_standings(tournament.id)
    return played


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


def _settle(match: Match, submission: ResultSubmission, status: str) -> None:
    match.result, match.status = submission, status
    match.save(update_fields=["result", "status"])
    played = match.round
    was = played.status
    if not played.matches.exclude(status__in=SETTLED).exists():
        played.status = Round.Status.COMPLETE
    elif played.status == Round.Status.RELEASED:
        played.status = Round.Status.PLAYING
    if played.status != was:
        played.save(update_fields=["status"])
    _on_commit_standings(played.tournament_id)


def _locked_match(match_id: int) -> Match:
    match = Match.objects.select_for_update().select_related("round").get(id=match_id)
    if match.ew_id is None:
        raise TournamentError(_("A bye has no result to enter."))
    if match.round.status in (Round.Status.DRAFT, Round.Status.CLOSED):
        raise TournamentError(_("This round is not open for results."))
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
    """One pair's result. The other pair's matching submission confirms it; a different one
    sends the match to the director with both figures."""
    if by not in (ResultSubmission.By.NS, ResultSubmission.By.EW):
        raise TournamentError(_("A result is submitted by North-South or East-West."))
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status in SETTLED:
            raise TournamentError(_("This result is settled: ask the director to correct it."))
        _check_scores(match, ns_score, ew_score, winner_id)
        earlier = list(match.submissions.order_by("version"))
        submission = ResultSubmission.objects.create(
            match=match,
            version=len(earlier) + 1,
            by=by,
            ns_score=ns_score,
            ew_score=ew_score,
            winner_id=winner_id,
            author=author,
        )
        # The other pair's latest word (the director's entries settle the match themselves).
        other = next((s for s in reversed(earlier) if s.by not in (by, "director")), None)
        if other is None:
            match.status = Match.Status.SUBMITTED
            match.save(update_fields=["status"])
            if match.round.status == Round.Status.RELEASED:
                match.round.status = Round.Status.PLAYING
                match.round.save(update_fields=["status"])
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
    if kind not in ResultSubmission.Kind.values or kind == ResultSubmission.Kind.SUBMITTED:
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


def _standings(tournament: Tournament, state: Any) -> Any:
    return rank(state.pairs, state.results, scoring_of(tournament), tournament.tiebreaks)


def _fingerprint(tournament: Tournament, state: Any) -> str:
    inputs = {
        "pairs": sorted(astuple(p) for p in state.pairs),
        "results": sorted(
            (r.round, r.ns, r.ew or 0, r.ns_score, r.ew_score, r.outcome.value, r.winner or 0)
            for r in state.results
        ),
        "scoring": astuple(scoring_of(tournament)),
        "order": list(tournament.tiebreaks),
        "pending": state.pending,
    }
    text = json.dumps(inputs, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def standings_recompute(*, tournament_id: int) -> StandingsSnapshot:
    """Rebuild the standings from the settled results; the same inputs write no new snapshot."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(id=tournament_id)
        state = event_state(tournament)
        fingerprint = _fingerprint(tournament, state)
        latest = tournament.snapshots.order_by("-version").first()
        if latest is not None and latest.fingerprint == fingerprint:
            return latest
        names = {p.id: p.name for p in state.pairs}
        complete = [
            r.number
            for r in state.rounds
            if r.status in (Round.Status.COMPLETE, Round.Status.CLOSED)
        ]
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
            after_round=max(complete, default=0),
            rows=rows,
        )


def round_swap(*, round_id: int, first: int, second: int) -> list[SwapEffect]:
    """Swap two pairs in a draft; returns what the swap creates (a rematch, a club meeting)."""
    with transaction.atomic():
        drawn = Round.objects.select_for_update().select_related("tournament").get(id=round_id)
        if drawn.status != Round.Status.DRAFT:
            raise TournamentError(_("Only a draft can be changed: this round is released."))
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
    last round finishes it: the standings are final."""
    with transaction.atomic():
        played = Round.objects.select_for_update().select_related("tournament").get(id=round_id)
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
        played.status = Round.Status.CLOSED
        played.save(update_fields=["status"])
        tournament = played.tournament
        if played.number >= tournament.rounds and tournament.status != Tournament.Status.FINISHED:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
    return played


def round_pair_request(*, tournament_id: int) -> None:
    """Ask a worker to draw the next round (on commit)."""
    from tournaments import tasks

    transaction.on_commit(lambda: tasks.round_pair.delay(tournament_id))
