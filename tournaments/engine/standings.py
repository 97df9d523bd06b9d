"""Standings: every pair's metrics from the confirmed results, ranked by an ordered list of
tie-breaks. Each metric is a small named function in ``METRICS`` (no if-chain); a tournament
names its order, e.g. ``("tp", "h2h", "margin")``. Pairs equal on every metric share a rank.

The bye, forfeit, withdrawal and late-entry policy (README "Tournaments"):

- A bye is a win without an opponent: win points (VP: ``Scoring.bye_vp``; raw score: the
  round's average table score), one win, no margin and no points scored. It adds nothing to
  anyone's Buchholz and is not an opponent of anyone.
- A forfeit: the pair that played scores as for a bye; the pair that forfeited scores loss points
  and no win. Neither counts the other as an opponent for Buchholz.
- A withdrawn pair keeps its results; its opponents keep theirs (and its points in Buchholz).
  It is ranked with a flag and never paired again.
- A late entry scores nothing for the rounds before it joined (not a bye: it was not there).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.engine.points import Scoring, loss_points, table_points, win_points
from tournaments.engine.types import Outcome, Pair, Result

Number = int | float


@dataclass
class _Tally:
    tp: Number = 0
    wins: int = 0
    margin: int = 0
    scored: int = 0
    opponents: list[int] = field(default_factory=list)


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
            if r.opponent(pair) in group:
                mine, theirs = r.score_of(pair)
                out[pair] += table_points(ctx.scoring, mine, theirs)
    return out


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


METRICS: dict[str, Metric] = {
    "tp": _tp,
    "wins": _wins,
    "margin": _margin,
    "scored": _scored,
    "h2h": _head_to_head,
    "buchholz": _buchholz,
    "median_buchholz": _median_buchholz,
}
DEFAULT_ORDER = ("tp", "h2h", "margin", "buchholz")


@dataclass(frozen=True)
class Standing:
    pair: int
    rank: int  # shared by pairs equal on every metric
    shared: bool
    metrics: tuple[tuple[str, Number], ...]  # every metric of METRICS (h2h: within its tie)
    withdrawn: bool = False

    def metric(self, name: str) -> Number:
        return dict(self.metrics)[name]


def _round_averages(results: Iterable[Result]) -> dict[int, int]:
    """Each round's average table score, for a bye under the raw-score method."""
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        if r.ew is not None and r.outcome is Outcome.PLAYED:
            sums[r.round][0] += r.ns_score + r.ew_score
            sums[r.round][1] += 2
    return {n: round(total / count) for n, (total, count) in sums.items() if count}


def tally(pairs: Sequence[Pair], results: Sequence[Result], scoring: Scoring) -> dict[int, _Tally]:
    """Each pair's points, wins, margin, points scored and opponents, in one pass."""
    tallies = {p.id: _Tally() for p in pairs}
    averages = _round_averages(results)
    for r in results:
        if r.ew is None or r.outcome is Outcome.FORFEIT:
            present = r.ns if r.ew is None else r.won_by()
            absent = None if r.ew is None else r.opponent(present) if present else None
            if present in tallies:
                t = tallies[present]
                t.tp += win_points(scoring, averages.get(r.round, 0))
                t.wins += 1
            if absent in tallies:
                tallies[absent].tp += loss_points(scoring)
            continue
        winner = r.won_by()
        for pair in (r.ns, r.ew):
            if pair not in tallies:
                continue
            mine, theirs = r.score_of(pair)
            t = tallies[pair]
            t.tp += table_points(scoring, mine, theirs)
            t.wins += winner == pair
            t.margin += mine - theirs
            t.scored += mine
            other = r.opponent(pair)
            if other is not None and other in tallies:
                t.opponents.append(other)
    return tallies


def rank(
    pairs: Sequence[Pair],
    results: Sequence[Result],
    scoring: Scoring,
    order: Sequence[str] = DEFAULT_ORDER,
) -> tuple[Standing, ...]:
    """The standings: best first; the same whatever order ``pairs`` and ``results`` come in."""
    unknown = [name for name in order if name not in METRICS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(METRICS)})")
    ordered = tuple(sorted(results, key=_result_key))
    by_pair: dict[int, list[Result]] = defaultdict(list)
    for r in ordered:
        if r.ew is not None and r.outcome in (Outcome.PLAYED, Outcome.ADJUSTED):
            by_pair[r.ns].append(r)
            by_pair[r.ew].append(r)
    ctx = Context(
        tally(pairs, ordered, scoring),
        ordered,
        scoring,
        {pair: tuple(rs) for pair, rs in by_pair.items()},
    )
    every = {name: metric(ctx, frozenset(ctx.tallies)) for name, metric in METRICS.items()}
    tied_h2h: dict[int, Number] = {}
    blocks = _blocks(ctx, sorted(ctx.tallies), list(order), tied_h2h)
    withdrawn = {p.id for p in pairs if p.withdrawn_after is not None}
    out: list[Standing] = []
    for block in blocks:
        place = len(out) + 1
        for pair in block:
            values = {name: every[name][pair] for name in METRICS}
            values["h2h"] = tied_h2h.get(pair, 0)
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


def _result_key(r: Result) -> tuple[int, int, int]:
    return (r.round, r.ns, -1 if r.ew is None else r.ew)


def _blocks(
    ctx: Context, group: list[int], order: list[str], tied_h2h: dict[int, Number]
) -> list[list[int]]:
    """``group`` split into blocks of pairs equal on every metric, best block first."""
    if not order or len(group) == 1:
        return [group]
    name, rest = order[0], order[1:]
    values = METRICS[name](ctx, frozenset(group))
    if name == "h2h":
        tied_h2h.update(values)
    out: list[list[int]] = []
    for value in sorted(set(values.values()), reverse=True):
        same = [p for p in group if values[p] == value]  # group is sorted: stable by id
        out += _blocks(ctx, same, rest, tied_h2h)
    return out
