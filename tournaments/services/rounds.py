"""Rounds: drawn by the format of their number (a draft), changed by the director (a swap,
or thrown away), released with a scorekeeper game and two private links per table, and closed
once every result stands. Drawing the next round closes the previous one; closing the last
round finishes the event and writes its final standings in the same transaction."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from clubs.models import SeatedPlayer
from core import background
from scorekeeper import services as scoring_services
from scorekeeper.models import Side
from scorekeeper.names import MAX_SIDE_NAME, players_text
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.variants import OnTie
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import (
    FORMATS,
    fitted_rounds,
    pair_round,
    phase_end,
    schedule_rounds,
)
from tournaments.engine.swap import SwapEffect, swap
from tournaments.engine.table_numbers import number_tables
from tournaments.engine.types import Draw, History, RoundInput
from tournaments.models import Entry, Match, Round, RoundDraft, Tournament, side_name
from tournaments.selectors.event import (
    SETTLED,
    EventState,
    drawn_of,
    event_state,
    standings_computed,
)
from tournaments.services._common import locked_tournament, public_version_bump
from tournaments.services.errors import TournamentError
from tournaments.services.results import round_status_from_tables
from tournaments.services.standings import standings_mark_stale, standings_write
from tournaments.signals import event_finished
from tournaments.table_keys import table_keys_add

logger = logging.getLogger("scorekeeper")


def _refusal(error: DrawRefused, tournament: Tournament) -> TournamentError:
    """The engine's refusal for the director: a pair's id shown as its name."""
    values = dict(error.values)
    if "pair" in values:
        values["pair"] = (
            tournament.entries.filter(id=values["pair"]).values_list("name", flat=True).first()
            or values["pair"]
        )
    return TournamentError(error.message, **values)


def _phase_length(tournament: Tournament, start: int) -> int:
    fmt, end = tournament.format_of(start), start
    while end < tournament.rounds and tournament.format_of(end + 1) == fmt:
        end += 1
    return end - start + 1


def _entrants(tournament: Tournament, state: EventState, number: int) -> int:
    playing = sum(1 for p in state.pairs if p.plays(number))
    if FORMATS[tournament.format_of(number)].knockout and tournament.knockout_top:
        return min(playing, tournament.knockout_top)
    return playing


def _fix_schedule(tournament: Tournament, state: EventState, number: int) -> None:
    """At a phase's first round, fit its schedule to the field: a tournament of the whole
    schedule (rounds 0) learns its length here, a knockout plays as many rounds as its pairs
    need, and a schedule the field cannot fill is refused. At round 1, every later phase is
    checked against the field too, while the plan can still be changed."""
    fmt = tournament.format_of(number)
    entrants = _entrants(tournament, state, number)
    if tournament.rounds == 0:
        tournament.rounds = schedule_rounds(fmt, entrants, tournament.legs) or 1
        tournament.save(update_fields=["rounds"])
    planned = _phase_length(tournament, number)
    fitted = fitted_rounds(fmt, entrants, planned, tournament.legs, strict=number == 1)
    if fitted != planned:
        _phase_fitted(tournament, number, planned, fitted)
    if number == 1:
        start = number + fitted
        while start <= tournament.rounds:
            later = tournament.format_of(start)
            length = _phase_length(tournament, start)
            if not FORMATS[later].knockout or not tournament.knockout_top:
                fitted_rounds(later, entrants, length, tournament.legs)
            start += length


def _phase_fitted(tournament: Tournament, start: int, planned: int, fitted: int) -> None:
    """The phase beginning at round ``start`` plays ``fitted`` rounds, not the ``planned``:
    the rounds after it follow on (a plan cannot be changed once round 1 is drawn, and an event
    must not stall because pairs withdrew)."""
    if not tournament.round_formats:
        tournament.rounds = start - 1 + fitted
        tournament.save(update_fields=["rounds"])
        return
    formats = list(tournament.round_formats)
    fmt = tournament.format_of(start)
    formats[start - 1 : start - 1 + planned] = [fmt] * fitted
    tournament.round_formats, tournament.rounds = formats, len(formats)
    tournament.save(update_fields=["rounds", "round_formats"])


def _plan_ends(tournament: Tournament, last: int) -> None:
    """The plan ends at round ``last`` (its knockout fitted to its field, its final drawn
    sooner or later than planned): its last format's rounds cut there, or run on to it."""
    if tournament.round_formats:
        fmt = tournament.format_of(tournament.rounds)
        tournament.round_formats = (tournament.round_formats + [fmt] * last)[:last]
    tournament.rounds = last
    tournament.save(update_fields=["rounds", "round_formats"])


def round_pair(*, tournament_id: int, number: int | None = None) -> Round:
    """Draw the next round (a draft) once every match of the last one is settled; the last one
    is closed with it (in the same transaction: a draw that fails closes nothing). Asked for a
    ``number`` that is already drawn, it returns that round (a task run twice draws once)."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id, public=False)  # a draft is not public
        if number is not None:
            done = tournament.round_set.filter(number=number).first()
            if done is not None:
                return done
        last = tournament.round_set.order_by("-number").first()
        if last is not None:  # its status as its tables have it (a fault may have left it behind)
            round_status_from_tables(last)
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
            public_version_bump(tournament.id)
        fmt = tournament.format_of(number)
        ranking = tuple(s.pair for s in standings_computed(state))
        start = tournament.phase_start(number)
        try:
            if start == number:
                _fix_schedule(tournament, state, number)
            draw = pair_round(
                fmt,
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
                    top=tournament.knockout_top if FORMATS[fmt].knockout else 0,
                ),
            )
        except DrawRefused as refused:
            raise _refusal(refused, tournament) from None
        end = phase_end(fmt, draw, [d for d in state.draws if start <= d.round < number])
        if end is not None and end != tournament.rounds:
            _plan_ends(tournament, end)  # a knockout's final, sooner or later than planned
        previous = state.draws[-1] if state.draws else None
        draw = number_tables(draw, ranking, previous, keep=FORMATS[fmt].keeps_tables)
        played = Round.objects.create(tournament=tournament, number=number, format=fmt)
        RoundDraft.objects.create(round=played, drawn=_drawn(draw))
        _matches_create(played, draw)
        tournament.status = Tournament.Status.RUNNING
        tournament.draw_refusal = None
        tournament.save(update_fields=["status", "draw_refusal", "rounds"])
    return played


def round_draw(*, tournament_id: int, number: int | None = None) -> Round | None:
    """Draw the next round for a worker (or for the director's page that waited too long for
    one): a refusal is kept on the tournament, where the director's page shows it (a refusal
    in a task would otherwise reach nobody). Either way the draw asked for is answered."""
    event = Tournament.objects.filter(id=tournament_id)
    try:
        drawn = round_pair(tournament_id=tournament_id, number=number)
    except TournamentError as refusal:
        event.update(draw_refusal=refusal.as_json(), draw_asked=None, draw_asked_at=None)
        return None
    event.filter(draw_asked=drawn.number).update(draw_asked=None, draw_asked_at=None)
    return drawn


def round_pair_request(*, tournament_id: int, number: int) -> None:
    """Ask a worker to draw round ``number`` (on commit; here when the broker is down). Asked
    again before it is drawn (a second press of the button), nothing more is queued: the page
    goes on waiting, and draws it itself if no worker takes it (round_draw_untaken)."""
    from tournaments import tasks

    asked = (
        Tournament.objects.filter(id=tournament_id)
        .exclude(draw_asked=number)
        .update(draw_refusal=None, draw_asked=number, draw_asked_at=timezone.now())
    )
    if asked:
        background.send_on_commit(tasks.round_pair, tournament_id, number)


def round_draw_untaken(*, tournament_id: int) -> None:
    """The director's page waits for a draw: one that no worker has taken for a while (a
    broker with no worker behind it) is drawn here, in the page's request (as it is when the
    broker does not answer), by one page however many look (background.claim_untaken).
    Drawing is idempotent: a worker that takes it later finds it drawn. A draw that fails here
    on a fault of ours (a bug: logged, with its traceback) answers the director as a refusal
    would, so the page shows it and Generate can be pressed again, never a page that fails
    with it at every look; the database not answering leaves it for the next look."""
    event = Tournament.objects.filter(id=tournament_id)
    asked = event.values_list("draw_asked", "draw_asked_at").first()
    if asked is None or asked[0] is None:
        return
    if not background.claim_untaken(event.filter(draw_asked=asked[0]), "draw_asked_at", asked[1]):
        return
    try:
        round_draw(tournament_id=tournament_id, number=asked[0])
    except DatabaseError:
        logger.warning("round %s of tournament %s not drawn now", asked[0], tournament_id)
    except Exception:
        logger.exception("drawing round %s of tournament %s failed", asked[0], tournament_id)
        failed = TournamentError(
            gettext_noop(
                "Round %(n)s could not be drawn: the server met a fault, which is logged. "
                "Press Generate again; if it fails again, tell the server's administrator."
            ),
            n=asked[0],
        )
        event.update(draw_refusal=failed.as_json(), draw_asked=None, draw_asked_at=None)


def _reasons(why: Sequence[Any]) -> list[list[int | str]]:
    return [[w.reason.value, *w.values] for w in why]


def _drawn(draw: Draw) -> list[list[Any]]:
    """The draft as drawn, as RoundDraft keeps it (selectors.event.drawn_of reads it back)."""
    return [[m.ns, m.ew, _reasons(m.why)] for m in draw.pairings] + [
        [b.pair, None, _reasons(b.why)] for b in draw.byes
    ]


def _matches_create(played: Round, draw: Draw) -> None:
    Match.objects.bulk_create(
        [
            Match(
                round=played,
                table=m.table,
                ns_id=m.ns,
                ew_id=m.ew,
                ns_with_id=m.ns_with,
                ew_with_id=m.ew_with,
                reasons=_reasons(m.why),
            )
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


def _draft(round_id: int, *, releasing: bool = False) -> Round:
    """A drafted round, its tournament locked (a new public version when it is released).
    Refused when it is gone: a second click on "Discard" found it discarded by the first."""
    tournament_id = (
        Round.objects.filter(id=round_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is not None:
        locked_tournament(tournament_id, public=releasing)
    drawn = Round.objects.select_related("tournament").filter(id=round_id).first()
    if drawn is None:
        raise TournamentError(_("This draft is no longer there: it was discarded."))
    if drawn.status != Round.Status.DRAFT:
        raise TournamentError(_("Round %(n)s is already released.") % {"n": drawn.number})
    return drawn


def table_rules(tournament: Tournament, fmt: str) -> dict[str, Any]:
    """The house rules of a table's game in a round of format ``fmt``: the tournament's (a
    club's preset among them). The round decides when the game ends (round_release gives it
    the round's hands: Ruleset.with_hands), and so how a tie ends: a knockout table needs a
    winner and plays a tie off, whatever the preset says of ties; a table of any other format
    tied after the round's hands is drawn, as the event's points score a draw, unless the
    club's rules say otherwise."""
    rules = dict(tournament.rules)
    if FORMATS[fmt].knockout:
        rules["on_tie"] = OnTie.ANOTHER_HAND.value
    elif tournament.hands_per_round:
        rules.setdefault("on_tie", OnTie.DRAW.value)
    return rules


def round_release(*, round_id: int) -> Round:
    """Publish a drafted round: each match gets its scorekeeper game (the tournament's preset
    and house rules) and each of its pairs a private link to it (table_keys)."""
    with transaction.atomic():
        played = _draft(round_id, releasing=True)
        tournament = played.tournament
        matches = list(
            played.matches.filter(ew__isnull=False).select_related("ns", "ew", "ns_with", "ew_with")
        )
        for match in matches:
            try:
                game, _token = scoring_services.game_create(
                    variant=tournament.variant,
                    players=tournament.players,
                    sides=[_game_side(side) for side in match.sides()],
                    rules=table_rules(tournament, played.format),
                    round_hands=tournament.hands_per_round,
                    played_on=tournament.played_on,  # the event's day, whenever released
                )
            except RuleViolation as violation:  # names are checked on entry: a safety net
                raise TournamentError(
                    _("Table %(t)s cannot be set up: %(reason)s")
                    % {"t": match.table, "reason": violation}
                ) from None
            table_keys_add(game)  # the game's own token is held by nobody
            match.game = game
        Match.objects.bulk_update(matches, ["game"], batch_size=500)
        _players_seat(matches)
        played.status = Round.Status.RELEASED if matches else Round.Status.COMPLETE
        played.save(update_fields=["status"])
        standings_mark_stale(tournament.id)
    return played


def _game_side(entries: Sequence[Entry]) -> dict[str, str]:
    """A side of a table's game: a pair, named as it entered; or an individual event's two
    partners, "Ann & Ben" (cut to a game's limit, their names in full as its players)."""
    if len(entries) == 1:
        entry = entries[0]
        return {"name": entry.name, "players": players_text((entry.player_1, entry.player_2))}
    name = side_name(entries[0], entries[1])
    if len(name) > MAX_SIDE_NAME:
        name = name[: MAX_SIDE_NAME - 1].rstrip() + "…"
    return {"name": name, "players": players_text(tuple(e.name for e in entries))}


def _players_seat(matches: Sequence[Match]) -> None:
    """Each table's game names its pairs' club players (side 0 North-South), so the table
    counts in their statistics."""
    positions = {
        (side.game_id, side.position): side.id
        for side in Side.objects.filter(game_id__in=[m.game_id for m in matches])
    }
    SeatedPlayer.objects.bulk_create(
        SeatedPlayer(side_id=positions[(str(m.game_id), position)], player_id=player, seat=seat)
        for m in matches
        for position, side in enumerate(m.sides())
        for seat, player in enumerate(
            p
            for entry in side
            for p in (entry.first_player_id, entry.second_player_id)
            if p is not None
        )
    )


def round_discard(*, round_id: int) -> int:
    """Throw a draft away, to draw it again (after a pair is withdrawn or added). Returns its
    number."""
    with transaction.atomic():
        drawn = _draft(round_id)
        number = drawn.number
        drawn.matches.all().delete()
        drawn.delete()
        # Entries added while it was drafted joined the round after it: they join it now, so
        # that drawing it again seats them.
        drawn.tournament.entries.filter(joins=number + 1).update(joins=number)
    return number


def round_swap(*, round_id: int, first: int, second: int) -> list[SwapEffect]:
    """Swap two pairs in a draft; returns what the swap creates (a rematch, a club meeting)."""
    with transaction.atomic():
        drawn = _draft(round_id)
        if FORMATS[drawn.format].individual:
            raise TournamentError(
                _(
                    "The partnerships of an individual event are drawn together: a swap of two "
                    "players would undo them. Discard the draft and draw it again."
                )
            )
        if FORMATS[drawn.format].scheduled:
            raise TournamentError(
                _(
                    "The tables of a Mitchell, a round robin or a knockout follow its schedule "
                    "or its bracket: a swap would break them. Discard the draft, correct the "
                    "pairs (their order, seeds or clubs), and draw it again."
                )
            )
        state = event_state(drawn.tournament)
        draw = next(d for d in state.draws if d.round == drawn.number)
        earlier = History.of(
            tuple(r for r in state.results if r.round < drawn.number),
            tuple(d for d in state.draws if d.round < drawn.number),
        )
        clubs = {p.id: p.club for p in state.pairs}
        try:
            swapped, effects = swap(draw, first, second, earlier, clubs, drawn_of(drawn))
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
        tournament = locked_tournament(tournament_id)
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
            standings_write(Tournament.objects.get(id=tournament.id))
            event_finished.send(sender=Tournament, event_id=tournament.id)
    return played
