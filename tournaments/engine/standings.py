"""Standings: every pair's metrics from the confirmed results, ranked by an ordered list of
tie-breaks. Each metric is a small named function in ``METRICS`` (no if-chain); a tournament
names its order, e.g. ``("tp", "h2h", "margin")``. Pairs equal on every metric share a rank.

The bye, forfeit, withdrawal and late-entry policy (docs/director.md):

- A pair that sits out a round (a bye, a phantom's table) scores by the tournament's
  ``Scoring.sit_out``: a win (points.SitOut.FIXED: win points, VP ``Scoring.bye_vp``, raw score
  the round's average table score, and one win); or, with no win counted, its own average table
  points over the tables it played (OWN_AVERAGE; the field's while it has played none), or the
  field's average over every table played (FIELD_AVERAGE). Averages are read from every result
  given, so they settle when the event ends. A sit-out has no margin and no points scored, adds
  nothing to anyone's Buchholz and is not an opponent of anyone.
- A forfeit: the pair that played scores as for a sit-out; the pair that forfeited scores loss
  points and no win. Neither counts the other as an opponent for Buchholz.
- A withdrawn pair keeps its results; its opponents keep theirs (and its points in Buchholz).
  It is ranked with a flag and never paired again.
- A late entry scores nothing for the rounds before it joined (not a bye: it was not there).

In an individual event (engine.individual) an entry is one player and a side is two: each
player scores their side's result, meets both players across the table as opponents (Buchholz,
head to head), and has a partner, whose strength a partner-aware tie-break weighs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from core.rounding import half_up
from tournaments.engine.points import Scoring, SitOut, loss_points, table_points, win_points
from tournaments.engine.types import Outcome, Pair, Result

Number = int | float


@dataclass
class _Tally:
    tp: Number = 0
    wins: int = 0
    margin: int = 0
    scored: int = 0
    opponents: list[int] = field(default_factory=list)
    partners: list[int] = field(default_factory=list)  # an individual event's partners


@dataclass(frozen=True)
class Context:
    """What the metrics read: each pair's tally and the results between pairs."""

    tallies: Mapping[int, _Tally]
    results: tuple[Result, ...]
    scoring: Scoring
    by_pair: Mapping[int, tuple[Result, ...]] = field(default_factory=dict)  # played results


Metric = Callable[[Context, frozenset[int]], Mapping[int, Number]]


def _tp(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """Tournament points."""
    return {p: ctx.tallies[p].tp for p in group}


def _wins(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    return {p: ctx.tallies[p].wins for p in group}


def _margin(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """The sum of the pair's margins at the tables it played."""
    return {p: ctx.tallies[p].margin for p in group}


def _scored(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """The points the pair scored at the tables it played."""
    return {p: ctx.tallies[p].scored for p in group}


def _head_to_head(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """A mini-league among the pairs still tied: the tournament points each earned in the
    matches between two of them (0 for a pair that met none of the others)."""
    out: dict[int, Number] = dict.fromkeys(group, 0)
    for pair in group:
        for r in ctx.by_pair.get(pair, ()):
            if any(o in group for o in r.opponents(pair)):
                mine, theirs = r.score_of(pair)
                out[pair] += table_points(ctx.scoring, mine, theirs)
    return out


def _head_to_head_all_met(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """The mini-league, applied only where every pair of the tie met every other (as many
    directors apply head to head: one meeting inside a five-way tie decides nothing); where
    some did not meet, it separates no one and has no value (shown as a dash)."""
    for pair in group:
        met = {o for r in ctx.by_pair.get(pair, ()) for o in r.opponents(pair)}
        if not group - {pair} <= met:
            return {}
    return _head_to_head(ctx, group)


def _buchholz(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """The sum of the opponents' tournament points (a bye or a forfeit adds nothing)."""
    return {p: sum(ctx.tallies[o].tp for o in ctx.tallies[p].opponents) for p in group}


def _median_buchholz(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """Buchholz without the best and the worst opponent (with three opponents or more)."""
    out: dict[int, Number] = {}
    for p in group:
        points = sorted(ctx.tallies[o].tp for o in ctx.tallies[p].opponents)
        out[p] = sum(points[1:-1]) if len(points) >= 3 else sum(points)
    return out


def _opponents_less_partners(ctx: Context, group: frozenset[int]) -> Mapping[int, Number]:
    """An individual event's Buchholz, fair to the draw of partners: the opponents' tournament
    points less the partners' (counted once per table, as the opponents are two). A player
    who did as well with weaker partners against stronger opponents ranks first. In a pair
    event it is plain Buchholz."""
    out: dict[int, Number] = {}
    for p in group:
        tally = ctx.tallies[p]
        opponents = sum(ctx.tallies[o].tp for o in tally.opponents)
        partners = sum(ctx.tallies[o].tp for o in tally.partners)
        if not tally.partners:
            out[p] = opponents
        else:  # half of the opponents: a whole number where it is one (the CSV shows "3", not "3.0")
            half = opponents / 2 - partners
            out[p] = int(half) if float(half).is_integer() else half
    return out


METRICS: dict[str, Metric] = {
    "tp": _tp,
    "wins": _wins,
    "margin": _margin,
    "scored": _scored,
    "h2h": _head_to_head,
    "h2h_all": _head_to_head_all_met,
    "buchholz": _buchholz,
    "median_buchholz": _median_buchholz,
    "opp_less_partners": _opponents_less_partners,
}
DEFAULT_ORDER = ("tp", "h2h", "margin", "buchholz")
# Metrics that say something only of an individual event (in a pair event, plain Buchholz).
INDIVIDUAL_ONLY = frozenset({"opp_less_partners"})
# The most decimals a metric holds: an averaged sit-out's points are to two places (_average).
PLACES = 2
# Metrics of the pairs still tied, computed within each tie: a pair never in a tie where they
# were asked has none (None: the page shows a dash, not a misleading 0).
WITHIN_TIE = frozenset({"h2h", "h2h_all"})


@dataclass(frozen=True)
class Standing:
    pair: int
    rank: int  # shared by pairs equal on every metric
    shared: bool
    # Every metric of METRICS; those of WITHIN_TIE within the pair's tie, None where it had none.
    metrics: tuple[tuple[str, Number | None], ...]
    withdrawn: bool = False

    def metric(self, name: str) -> Number | None:
        return dict(self.metrics)[name]


def _round_averages(results: Iterable[Result]) -> dict[int, int]:
    """Each round's average table score, for a bye under the raw-score method: a score, so a
    whole number, a half rounded up (core.rounding: 800.5 scores 801, not round()'s
    800)."""
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        if r.ew is not None and r.outcome is Outcome.PLAYED:
            sums[r.round][0] += r.ns_score + r.ew_score
            sums[r.round][1] += 2
    return {n: int(half_up(Decimal(total) / count)) for n, (total, count) in sums.items() if count}


def _sat_out(r: Result) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the entries that sat out or played alone, those that forfeited) of a bye or a forfeit
    (a side of two players in an individual event)."""
    if r.ew is None:
        return r.pairs(), ()
    present = r.won_by()
    if present is None:
        return (), ()
    return r.side(present), r.opponents(present)


def _average(values: list[Number]) -> Number:
    """An averaged sit-out's points, to two places, a half rounded up (101 over 8 tables:
    12.63), from the exact quotient."""
    if not values:
        return 0
    return float(half_up(Decimal(repr(sum(values))) / len(values), 2))


def points_by_round(
    pairs: Sequence[Pair], results: Sequence[Result], scoring: Scoring
) -> dict[int, dict[int, Number]]:
    """Each pair's tournament points in each round it has a result in: its tables, and its
    sit-outs scored by ``scoring.sit_out`` over every result given."""
    out: dict[int, dict[int, Number]] = {p.id: {} for p in pairs}
    played: dict[int, list[Number]] = defaultdict(list)  # each pair's points at its tables
    sat_out: list[tuple[int, int]] = []  # (pair, round)
    forfeits_won: list[tuple[int, int]] = []  # (pair, round)
    for r in results:
        if r.ew is None or r.outcome is Outcome.FORFEIT:
            present, absent = _sat_out(r)
            for pair in present:
                (sat_out if r.ew is None else forfeits_won).append((pair, r.round))
            for pair in absent:
                if pair in out:
                    out[pair][r.round] = out[pair].get(r.round, 0) + loss_points(scoring)
            continue
        for pair in r.pairs():
            points = table_points(scoring, *r.score_of(pair))
            played[pair].append(points)
            if pair in out:
                out[pair][r.round] = out[pair].get(r.round, 0) + points
    field = _average([p for points in played.values() for p in points])
    averages = _round_averages(results)
    for pair, number in sat_out:
        if pair in out:
            worth = _sit_out(scoring, played[pair], field, averages.get(number, 0))
            out[pair][number] = out[pair].get(number, 0) + worth
    for pair, number in forfeits_won:
        # The director named this pair the winner: a win whatever the sit-out policy (the
        # averages are for a pair that had no opponent, not for one whose opponent gave up).
        if pair in out:
            worth = win_points(scoring, averages.get(number, 0))
            out[pair][number] = out[pair].get(number, 0) + worth
    return out


def _sit_out(scoring: Scoring, own: list[Number], field: Number, round_score: int) -> Number:
    """A sit-out's points: a fixed win (raw score: the round's average table score), the pair's
    own average (the field's while it has none), or the field's."""
    if scoring.sit_out is SitOut.OWN_AVERAGE:
        return _average(own) if own else field
    if scoring.sit_out is SitOut.FIELD_AVERAGE:
        return field
    return win_points(scoring, round_score)


def tally(pairs: Sequence[Pair], results: Sequence[Result], scoring: Scoring) -> dict[int, _Tally]:
    """Each pair's points, wins, margin, points scored and opponents."""
    tallies = {p.id: _Tally() for p in pairs}
    for pair, rounds in points_by_round(pairs, results, scoring).items():
        tallies[pair].tp = sum(rounds.values())
    for r in results:
        if r.ew is None or r.outcome is Outcome.FORFEIT:
            present, _absent = _sat_out(r)
            won = r.ew is not None or scoring.sit_out is SitOut.FIXED
            for pair in present:
                if pair in tallies and won:
                    tallies[pair].wins += 1  # a forfeit, and a fixed sit-out, score as a win
            continue
        for pair in r.pairs():
            if pair not in tallies:
                continue
            mine, theirs = r.score_of(pair)
            t = tallies[pair]
            t.wins += r.won(pair)
            t.margin += mine - theirs
            t.scored += mine
            t.opponents += [o for o in r.opponents(pair) if o in tallies]
            partner = r.partner(pair)
            if partner is not None and partner in tallies:
                t.partners.append(partner)
    return tallies


NO_TIER = 1 << 30  # a pair outside the knockout: after every pair in it


def rank(
    pairs: Sequence[Pair],
    results: Sequence[Result],
    scoring: Scoring,
    order: Sequence[str] = DEFAULT_ORDER,
    tiers: Mapping[int, int] | None = None,
    groups: Sequence[Collection[int]] = (),
) -> tuple[Standing, ...]:
    """The standings: best first; the same whatever order ``pairs`` and ``results`` come in.
    ``tiers`` (a knockout's placings, bracket.placings): pairs rank by tier first, best 0, and
    share their tier's place (the knockout alone decides among them); the pairs without one come
    after, ranked by the tie-breaks. ``groups`` (a Mitchell's North-South and East-West pairs,
    engine.directions), every pair in one: each group ranked apart, its places from 1, after
    the group before it; the metrics still count the whole field (a North-South pair's
    Buchholz is its East-West opponents' points), only the comparisons stay in a group."""
    unknown = [name for name in order if name not in METRICS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(METRICS)})")
    if groups and sorted(p for g in groups for p in g) != sorted(p.id for p in pairs):
        raise ValueError("the groups ranked apart hold every pair once")
    ordered = tuple(sorted(results, key=_result_key))
    by_pair: dict[int, list[Result]] = defaultdict(list)
    for r in ordered:
        if r.ew is not None and r.outcome in (Outcome.PLAYED, Outcome.ADJUSTED):
            for pair in r.pairs():
                by_pair[pair].append(r)
    ctx = Context(
        tally(pairs, ordered, scoring),
        ordered,
        scoring,
        {pair: tuple(rs) for pair, rs in by_pair.items()},
    )
    every = {
        name: metric(ctx, frozenset(ctx.tallies))
        for name, metric in METRICS.items()
        if name not in WITHIN_TIE
    }
    tied: dict[str, dict[int, Number]] = {name: {} for name in WITHIN_TIE}
    withdrawn = {p.id for p in pairs if p.withdrawn_after is not None}
    out: list[Standing] = []
    for group in groups or (ctx.tallies.keys(),):
        start = len(out)  # the group's places count from 1
        for block in _tier_blocks(ctx, sorted(group), order, tiers or {}, tied):
            place = len(out) - start + 1
            for pair in block:
                values: dict[str, Number | None] = {
                    name: tied[name].get(pair) if name in WITHIN_TIE else every[name][pair]
                    for name in METRICS
                }
                out.append(
                    Standing(
                        pair,
                        place,
                        len(block) > 1,
                        tuple(values.items()),
                        pair in withdrawn,
                    )
                )
    return tuple(out)


def _tier_blocks(
    ctx: Context,
    group: list[int],
    order: Sequence[str],
    tiers: Mapping[int, int],
    tied: dict[str, dict[int, Number]],
) -> list[list[int]]:
    """``group`` (sorted) in blocks of pairs that share a place, best first: by knockout tier,
    then the pairs without one by the tie-breaks."""
    by_tier: dict[int, list[int]] = defaultdict(list)
    for pair in group:
        by_tier[tiers.get(pair, NO_TIER)].append(pair)
    blocks: list[list[int]] = []
    for tier in sorted(by_tier):
        if tier == NO_TIER:
            blocks += _blocks(ctx, by_tier[tier], list(order), tied)
        else:  # pairs out in the same knockout round share their place (5th to 8th: =5)
            blocks.append(by_tier[tier])
    return blocks


def _result_key(r: Result) -> tuple[int, int, int]:
    return (r.round, r.ns, -1 if r.ew is None else r.ew)


def _blocks(
    ctx: Context, group: list[int], order: list[str], tied: dict[str, dict[int, Number]]
) -> list[list[int]]:
    """``group`` split into blocks of pairs equal on every metric, best block first; the metrics
    computed within a tie are kept in ``tied``."""
    if not order or len(group) == 1:
        return [group]
    name, rest = order[0], order[1:]
    values = METRICS[name](ctx, frozenset(group))
    if not values:  # a metric that does not apply to this tie separates nobody
        return _blocks(ctx, group, rest, tied)
    if name in WITHIN_TIE:
        tied[name].update(values)
    out: list[list[int]] = []
    for value in sorted(set(values.values()), reverse=True):
        same = [p for p in group if values[p] == value]  # group is sorted: stable by id
        out += _blocks(ctx, same, rest, tied)
    return out
