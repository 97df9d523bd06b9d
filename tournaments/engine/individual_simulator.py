"""Plays individual events on paper, for the tests: a random field (players withdrawing and
joining late if asked), each round drawn by the engine, random table results, the standings
between rounds; and the counts a director would ask of the result (partners and opponents per
player, repeats, sit-outs).

Each round is also checked as it is drawn: every player who plays sits exactly once (at a table
or out), four to a table, and the round repeats no more partnerships than it must. The fewest a
round can repeat is the field's partnerships less the largest matching of players who have never
partnered (any players left over can always be paired with each other: the field is complete),
a count found here independently of the engine's costs.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

import rustworkx as rx

from tournaments.engine.formats import FORMATS
from tournaments.engine.individual import Together
from tournaments.engine.points import PointsMethod, Scoring
from tournaments.engine.standings import rank
from tournaments.engine.types import Draw, History, Outcome, Pair, Result, RoundInput


class DrawFault(AssertionError):
    """A drawn round breaks one of the engine's promises."""


@dataclass
class Counts:
    players: int
    rounds: int
    partner_repeats: int = 0  # partnerships seated again over the event
    fewest_repeats: int = 0  # the least that the rounds, each in turn, could have repeated
    opponent_repeats: int = 0  # meetings across a table seen before
    sit_outs: Counter[int] = field(default_factory=Counter)
    partners: dict[int, set[int]] = field(default_factory=dict)
    opponents: dict[int, set[int]] = field(default_factory=dict)
    history: History = field(default_factory=History)  # every round drawn and played

    def fewest_partners(self) -> int:
        return min(len(p) for p in self.partners.values())

    def fewest_opponents(self) -> int:
        return min(len(o) for o in self.opponents.values())


def least_repeats(players: list[int], together: Together) -> int:
    """The fewest partnerships a seating of ``players`` must repeat (the module's docstring)."""
    graph = rx.PyGraph()
    graph.add_nodes_from(players)
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i in range(len(players))
            for j in range(i + 1, len(players))
            if not together.partnered(players[i], players[j])
        ]
    )
    matched = rx.max_weight_matching(graph, max_cardinality=True)
    return len(players) // 2 - len(matched)


def check_round(draw: Draw, playing: list[int], together: Together) -> int:
    """Raise DrawFault if ``draw`` breaks a promise; return the fewest repeats it could have."""
    seated = draw.seated()
    if sorted(seated) != sorted(playing):
        raise DrawFault(f"round {draw.round}: seated {sorted(seated)}, playing {sorted(playing)}")
    if any(len(table.players()) != 4 for table in draw.pairings):
        raise DrawFault(f"round {draw.round}: a table without four players")
    if len(draw.byes) != len(playing) % 4:
        raise DrawFault(f"round {draw.round}: {len(draw.byes)} sit out of {len(playing)}")
    at_tables = [p for table in draw.pairings for p in table.players()]
    fewest = least_repeats(at_tables, together)
    repeats = sum(together.repeats(*t.sides())[0] for t in draw.pairings)
    if repeats > fewest:
        raise DrawFault(f"round {draw.round}: {repeats} partners again, {fewest} unavoidable")
    return fewest


def simulate(
    players: int, rounds: int, seed: int, fmt: str = "individual", churn: float = 0.0
) -> Counts:
    """An event of ``players`` over ``rounds`` rounds, results at random from ``seed``; each
    round after the first, with probability ``churn`` a player withdraws (while more than five
    play) and, with the same, a late entry joins."""
    rng = random.Random(seed)  # noqa: S311 (a simulation)
    field_ = tuple(Pair(i, f"P{i}", seed=i) for i in range(1, players + 1))
    scoring = Scoring(method=PointsMethod.WDL)
    draws: list[Draw] = []
    results: list[Result] = []
    counts = Counts(players, rounds)
    counts.partners = {p.id: set() for p in field_}
    counts.opponents = {p.id: set() for p in field_}
    seeded = rng.random() < 0.5  # round 1 by seed, else at random
    for number in range(1, rounds + 1):
        if number > 1 and rng.random() < churn:
            present = [p for p in field_ if p.plays(number)]
            if len(present) > 5:
                gone = rng.choice(present)
                field_ = tuple(
                    replace(p, withdrawn_after=number - 1) if p == gone else p for p in field_
                )
        if number > 1 and rng.random() < churn:
            late = Pair(len(field_) + 1, f"P{len(field_) + 1}", joins=number)
            field_ += (late,)
            counts.partners[late.id], counts.opponents[late.id] = set(), set()
        history = History.of(tuple(results), tuple(draws))
        together = Together.of(history)
        ranking = tuple(s.pair for s in rank(field_, results, scoring))
        draw = FORMATS[fmt].pair_round(
            RoundInput(number, field_, history, ranking, seed=seed, seeded=seeded)
        )
        playing = [p.id for p in field_ if p.plays(number)]
        counts.fewest_repeats += check_round(draw, playing, together)
        for table in draw.pairings:
            north, east = table.sides()
            partners, opponents = together.repeats(north, east)
            counts.partner_repeats += partners
            counts.opponent_repeats += opponents
            for side, other in ((north, east), (east, north)):
                for player in side:
                    counts.partners[player] |= {p for p in side if p != player}
                    counts.opponents[player] |= set(other)
            score = (rng.randrange(0, 60) * 50, rng.randrange(0, 60) * 50)
            results.append(
                Result(
                    number, table.ns, table.ew, *score, ns_with=table.ns_with, ew_with=table.ew_with
                )
            )
        for bye in draw.byes:
            counts.sit_outs[bye.pair] += 1
            results.append(Result(number, bye.pair, None, outcome=Outcome.BYE))
        draws.append(draw)
    counts.history = History.of(tuple(results), tuple(draws))
    return counts
