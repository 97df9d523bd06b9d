"""A tournament's rows as the engine's plain objects, in a constant number of queries whatever
the size of the event (entries, then matches with their results), and the standings the engine
computes from them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clubs.vp_scales import ScaleRow, scale_rows
from tournaments.engine.bracket import Bracket, build, placings
from tournaments.engine.directions import Direction, directions, groups
from tournaments.engine.formats import FORMATS
from tournaments.engine.points import PointsMethod, Scoring, SitOut, default_vp_bands
from tournaments.engine.standings import Standing, rank
from tournaments.engine.types import Bye, Draw, History, Outcome, Pair, Pairing, Reason, Result, Why
from tournaments.models import Entry, Match, ResultSubmission, Round, RoundDraft, Tournament

SETTLED = (Match.Status.CONFIRMED, Match.Status.CLOSED)
_OUTCOME: dict[str, Outcome] = {
    ResultSubmission.Kind.SUBMITTED: Outcome.PLAYED,
    ResultSubmission.Kind.CORRECTED: Outcome.PLAYED,
    ResultSubmission.Kind.ADJUSTED: Outcome.ADJUSTED,
    ResultSubmission.Kind.FORFEIT: Outcome.FORFEIT,
}


@dataclass(frozen=True)
class EventState:
    """A tournament as the engine sees it."""

    tournament: Tournament
    pairs: tuple[Pair, ...]
    results: tuple[Result, ...]  # confirmed or closed, and the byes of released rounds
    draws: tuple[Draw, ...]  # every round drawn so far, in order
    rounds: tuple[Round, ...]
    pending: int  # matches of released rounds without a settled result

    @property
    def history(self) -> History:
        return History.of(self.results, self.draws)


def scoring_of(tournament: Tournament) -> Scoring:
    """How the tournament scores a table: its points method, win 2 / draw 1 / loss 0, the VP
    bands of its club's scale or else the default for its hands per round, and what a sit-out
    scores (engine.points)."""
    return Scoring(
        method=PointsMethod(tournament.points),
        vp_bands=vp_bands_of(tournament),
        sit_out=SitOut(tournament.sit_out),
    )


def vp_bands_of(tournament: Tournament) -> tuple[int, ...]:
    """The event's victory-point margins: its club's scale, copied when it was set up, or the
    default for its hands per round."""
    return tuple(tournament.vp_margins) or default_vp_bands(tournament.hands_per_round or 4)


@dataclass(frozen=True)
class VpScaleShown:
    """The scale in force, as the event's pages publish it."""

    name: str  # the club's name for it; empty: the default
    hands: int
    rows: list[ScaleRow]


def vp_scale_shown(tournament: Tournament) -> VpScaleShown | None:
    """The event's scale of victory points, where its tables score them."""
    if tournament.points != Tournament.Points.VP:
        return None
    hands = tournament.hands_per_round or 4
    return VpScaleShown(tournament.vp_scale_name, hands, scale_rows(vp_bands_of(tournament)))


def pair_of(entry: Entry) -> Pair:
    return Pair(
        entry.id,
        entry.name,
        club=entry.club,
        seed=entry.seed,
        joins=entry.joins,
        withdrawn_after=entry.withdrawn_after,
    )


def _why(reasons: list[list[int | str]]) -> tuple[Why, ...]:
    return tuple(Why(Reason(str(r[0])), tuple(int(v) for v in r[1:])) for r in reasons)


def drawn_of(played: Round) -> Draw:
    """A round's draft as its format drew it, before any swap (RoundDraft); no pairing for a
    round drawn before it was kept."""
    drawn = RoundDraft.objects.filter(round=played).values_list("drawn", flat=True).first() or []
    pairings = tuple(Pairing(ns, ew, why=_why(why)) for ns, ew, why in drawn if ew is not None)
    byes = tuple(Bye(ns, _why(why)) for ns, ew, why in drawn if ew is None)
    return Draw(played.number, pairings, byes)


def event_state(tournament: Tournament) -> EventState:
    """Entries, draws and settled results of ``tournament`` (three queries)."""
    pairs = tuple(pair_of(e) for e in tournament.entries.all())
    rounds = tuple(tournament.round_set.all())
    # Plain rows, not model instances: a 1000-pair, 9-round event has 4500 of them.
    rows = (
        Match.objects.filter(round__tournament=tournament)
        .order_by("round_id", "table", "id")
        .values_list(
            "round_id",
            "table",
            "ns_id",
            "ew_id",
            "ns_with_id",
            "ew_with_id",
            "reasons",
            "status",
            "result__kind",
            "result__ns_score",
            "result__ew_score",
            "result__winner_id",
        )
    )
    number = {r.id: r.number for r in rounds}
    released = {r.id for r in rounds if r.status != Round.Status.DRAFT}
    pairings: dict[int, list[Pairing]] = defaultdict(list)
    byes: dict[int, list[Bye]] = defaultdict(list)
    results: list[Result] = []
    pending = 0
    for row in rows:
        round_id, table, ns, ew, ns_with, ew_with, reasons, *_ = row
        status, kind, ns_score, ew_score, winner = row[7:]
        n = number[round_id]
        if ew is None:
            byes[round_id].append(Bye(ns, _why(reasons)))
            if round_id in released:
                results.append(Result(n, ns, None, outcome=Outcome.BYE))
            continue
        pairings[round_id].append(Pairing(ns, ew, table, _why(reasons), ns_with, ew_with))
        if status in SETTLED and kind is not None:
            outcome = _OUTCOME[kind]
            results.append(Result(n, ns, ew, ns_score, ew_score, outcome, winner, ns_with, ew_with))
        elif round_id in released:
            pending += 1
    draws = tuple(Draw(r.number, tuple(pairings[r.id]), tuple(byes[r.id])) for r in rounds)
    return EventState(tournament, pairs, tuple(results), draws, rounds, pending)


def standings_computed(
    state: EventState, by_direction: Mapping[int, Direction] | None = None
) -> tuple[Standing, ...]:
    """The standings as the engine ranks the event's state now (best first), by the
    tournament's points and tie-breaks; ``by_direction`` (entry_directions): North-South then
    East-West, each ranked apart. The pairings rank the whole field together (a Danish round
    after the Mitchell seats 1st v 2nd whatever their direction)."""
    tournament = state.tournament
    drawn = bracket_of(state)
    tiers = placings(drawn) if drawn is not None else None
    apart = groups(by_direction) if by_direction else ()
    scoring = scoring_of(tournament)
    return rank(state.pairs, state.results, scoring, tournament.tiebreaks, tiers, apart)


def entry_directions(state: EventState) -> dict[int, Direction]:
    """Each entry's direction (engine.directions: the side of its first Mitchell table in a
    released round) where the event ranks North-South and East-West apart; else none."""
    if not state.tournament.rank_by_direction:
        return {}
    kept = {
        r.number
        for r in state.rounds
        if r.status != Round.Status.DRAFT
        and r.format in FORMATS
        and FORMATS[r.format].fixed_directions
    }
    return directions([d for d in state.draws if d.round in kept], [p.id for p in state.pairs])


def knockout_start(tournament: Tournament) -> int | None:
    """The event's round number of the knockout's first round, or None without a knockout."""
    formats = tournament.round_formats or [tournament.format]
    return next((n for n, fmt in enumerate(formats, 1) if FORMATS[fmt].knockout), None)


def bracket_of(state: EventState, drafts: bool = False) -> Bracket | None:
    """The engine's bracket of the event's knockout as its released rounds have it (``drafts``:
    with a drawn round before its release), or None without a knockout."""
    tournament = state.tournament
    start = knockout_start(tournament)
    if start is None:
        return None
    shown = {r.number for r in state.rounds if drafts or r.status != Round.Status.DRAFT}
    draws = [d for d in state.draws if d.round >= start and d.round in shown]
    if draws:
        first = draws[0]
        entrants = 2 * len(first.pairings) + len(first.byes)
    else:  # not drawn yet: the pairs that would play it, the top K of them after other rounds
        entrants = sum(1 for pair in state.pairs if pair.plays(start))
        if tournament.knockout_top:
            entrants = min(entrants, tournament.knockout_top)
    if entrants < 1 or (entrants == 1 and not draws):  # one pair: champion once drawn alone
        return None
    return build(entrants, draws, state.results, tournament.third_place)


@dataclass(frozen=True)
class ScheduleUnderWay:
    """The next round continues a fixed schedule begun earlier (a Mitchell, a round robin):
    its ``number``, its phase's ``start`` and how the format seats the pairs."""

    number: int
    start: int
    seated: Any


def schedule_under_way(tournament: Tournament) -> ScheduleUnderWay | None:
    """The schedule the next round continues, or None where that round seats everyone afresh
    (a new phase, or a format drawn round by round): a pair that was not in a schedule under
    way has no place in it (services.entries, selectors.checkin)."""
    number = tournament.round_set.exclude(status=Round.Status.DRAFT).count() + 1
    start = tournament.phase_start(number)
    seated = FORMATS[tournament.format_of(number)].seating
    if seated is None or start == number:
        return None
    return ScheduleUnderWay(number, start, seated)
