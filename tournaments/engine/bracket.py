"""A knockout as a bracket: every match of every round in bracket order, filled in as the rounds
are drawn and the results come in, with the podium once the final is played (knockout.py draws
the rounds; this reads them).

The first round holds ``2**rounds`` places in seed order (1 v 8, 4 v 5, 2 v 7, 3 v 6 for 8);
match ``j`` of a round takes the winners of matches ``2j`` and ``2j+1`` of the round before, as
knockout.py pairs them. A match not drawn yet holds the winners known so far (the draw,
made, stands); a top seed's bye goes through alone.
With a third-place match, the semi-finals' losers play it beside the final; without one, both
share third place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.engine import knockout
from tournaments.engine.knockout import THIRD_PLACE, rounds_needed
from tournaments.engine.types import Draw, Reason, Result, Why


@dataclass(frozen=True)
class BracketMatch:
    """One match of the bracket; ``upper`` and ``lower`` are None until known."""

    upper: int | None = None
    lower: int | None = None
    upper_score: int | None = None
    lower_score: int | None = None
    winner: int | None = None
    bye: bool = False  # the upper pair goes through without playing

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.bye:
            return None
        return self.lower if self.winner == self.upper else self.upper


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[
        tuple[BracketMatch, ...], ...
    ]  # first round first; the last holds the final alone
    third_place: BracketMatch | None  # None where the event plays none
    first_round: int  # the event's round number of the bracket's first round

    @property
    def final(self) -> BracketMatch:
        return self.rounds[-1][0]

    @property
    def champion(self) -> int | None:
        return self.final.winner

    @property
    def runner_up(self) -> int | None:
        return self.final.loser

    @property
    def third(self) -> tuple[int, ...]:
        """Third place: the third-place match's winner, or both semi-finals' losers."""
        if self.third_place is not None:
            return () if self.third_place.winner is None else (self.third_place.winner,)
        if len(self.rounds) < 2 or self.champion is None:
            return ()
        return tuple(m.loser for m in self.rounds[-2] if m.loser is not None)

    @property
    def fourth(self) -> int | None:
        return self.third_place.loser if self.third_place is not None else None


def _slot(reasons: Sequence[Why]) -> int | None:
    for why in reasons:
        if why.reason in (Reason.BRACKET, Reason.BRACKET_BYE):
            return why.values[0]
    return None


def build(
    entrants: int,
    draws: Sequence[Draw],
    results: Sequence[Result],
    third_place: bool = False,
) -> Bracket:
    """The bracket of a knockout of ``entrants`` pairs from its rounds' ``draws`` (in order, the
    first the bracket's first round) and the ``results`` given so far."""
    levels = rounds_needed(entrants)
    rounds: list[list[BracketMatch]] = [
        [BracketMatch()] * (1 << (levels - r - 1)) for r in range(levels)
    ]
    third: BracketMatch | None = BracketMatch() if third_place and levels >= 2 else None
    played = {(r.round, frozenset(r.pairs())): r for r in results}
    first = draws[0].round if draws else 0
    drawn_levels: set[int] = set()
    for index, draw in enumerate(draws):
        level = knockout.level_of(draw, index)
        if level >= levels:
            continue
        drawn_levels.add(level)
        for pairing in draw.pairings:
            slot = _slot(pairing.why)
            if slot is None:
                continue
            result = played.get((draw.round, frozenset((pairing.ns, pairing.ew))))
            match = _match(pairing.ns, pairing.ew, result)
            if slot == THIRD_PLACE:
                if third is not None:
                    third = match
            elif slot < len(rounds[level]):
                rounds[level][slot] = match
        for bye in draw.byes:
            slot = _slot(bye.why)
            if slot is not None and slot < len(rounds[level]):
                rounds[level][slot] = BracketMatch(upper=bye.pair, winner=bye.pair, bye=True)
    _walkovers(rounds, drawn_levels)
    _advance(rounds)
    if third is not None and third.upper is None:
        final_drawn = any(knockout.final_drawn(d) for d in draws)
        third = _third_place_to_come(rounds, final_drawn)
    return Bracket(tuple(tuple(r) for r in rounds), third, first)


def _third_place_to_come(
    rounds: list[list[BracketMatch]], final_drawn: bool
) -> BracketMatch | None:
    """The third-place match not drawn yet: the semi-finals' losers, as they become known. None
    once the final is drawn without one, or when a semi-final is a bye: knockout.py plays it only
    between two losers still in the event (a walkover's absent pair is not), and third place is
    then the semi-finals' losers' (Bracket.third)."""
    semis = rounds[-2]
    if final_drawn or any(m.bye for m in semis):
        return None
    return BracketMatch(semis[0].loser, semis[1].loser)


def _walkovers(rounds: list[list[BracketMatch]], drawn: set[int]) -> None:
    """A round skipped for walkovers (not drawn, a later one is): each of its matches shows the
    pair that went through to the later round, alone, as a bye; nothing waits there."""
    for level in range(1, max(drawn, default=0)):
        if level in drawn:
            continue
        later = {p for r in rounds[level + 1 :] for m in r for p in (m.upper, m.lower) if p}
        before = rounds[level - 1]
        for j in range(len(rounds[level])):
            feeding = (before[2 * j].winner, before[2 * j + 1].winner)
            through = next((p for p in feeding if p is not None and p in later), None)
            rounds[level][j] = (
                BracketMatch(upper=through, winner=through, bye=True)
                if through is not None
                else BracketMatch()
            )


def _advance(rounds: list[list[BracketMatch]]) -> None:
    """Winners go on into the next round's matches not drawn yet: the bracket fills in as the
    results come in, before the director draws the next round (whose draw then stands)."""
    for level in range(1, len(rounds)):
        before = rounds[level - 1]
        for j, match in enumerate(rounds[level]):
            if match.upper is None and match.lower is None:
                rounds[level][j] = BracketMatch(before[2 * j].winner, before[2 * j + 1].winner)


def _match(upper: int, lower: int, result: Result | None) -> BracketMatch:
    if result is None:
        return BracketMatch(upper, lower)
    mine, theirs = result.score_of(upper)
    return BracketMatch(upper, lower, mine, theirs, result.won_by())


def placings(drawn: Bracket) -> dict[int, int]:
    """Each knockout pair's tier, best 0, by how far it went: still in (or the champion) 0; the
    final's loser 1, a pair that withdrew from the final 2; then three tiers a round, from the
    semi-finals back: its losers (the third-place match's winner among them), the third-place
    match's loser, and the pairs that won the round before and withdrew (their opponents went
    through unplayed). The standings rank by tier, the pairs of a tier sharing their place
    (the quarter-finals' losers =5), so the table and the podium agree."""
    levels = len(drawn.rounds)
    reach: dict[int, int] = {}  # the last round each pair is seen in (played, drawn or to come)
    for level, matches in enumerate(drawn.rounds):
        for match in matches:
            for pair in (match.upper, match.lower):
                if pair is not None:
                    reach[pair] = level
    deepest = max(reach.values(), default=0)
    out: dict[int, int] = {}
    for pair, level in reach.items():
        if any(match.loser == pair for match in drawn.rounds[level]):
            out[pair] = _tier(level, levels, 0)
        elif level < deepest:  # through, then withdrew: out in the next round, unplayed
            out[pair] = _tier(level + 1, levels, 2)
        else:
            out[pair] = 0
    if drawn.third_place is not None and drawn.third_place.loser is not None:
        out[drawn.third_place.loser] = _tier(levels - 2, levels, 1)
    return out


def _tier(level: int, levels: int, kind: int) -> int:
    """Out at ``level``: lost there (``kind`` 0), lost the third-place match after it (1), or
    withdrew before playing it (2)."""
    if level == levels - 1:
        return 1 + min(kind, 1)
    return 3 + (levels - 2 - level) * 3 + kind
