"""The tournament engine's plain objects: pairs (entries), confirmed results, and draws.

In an individual event an entry is one player, and a table's side is two of them, partners for
that round only: ``ns_with`` and ``ew_with`` name the second player of each side (None in a pair
event, where the entry is the whole side).

Pure Python, frozen dataclasses in and out (no Django): the service layer loads rows into these,
calls a format's pairing or the standings, and writes what comes back. Ids are the entries' ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True)
class Pair:
    """An entry: two players who play together all event long."""

    id: int
    name: str
    club: str = ""  # pairs of one club are kept apart where the format allows
    seed: int = 0  # 1 is the top seed; 0 is unseeded
    joins: int = 1  # the first round it plays (a late entry joins later)
    withdrawn_after: int | None = None  # the last round it played, once withdrawn

    def plays(self, round_number: int) -> bool:
        """Whether the pair is in the field of that round."""
        if round_number < self.joins:
            return False
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


class Outcome(StrEnum):
    """How a table's result came about (the bye and forfeit policy, docs/director.md)."""

    PLAYED = "played"
    BYE = "bye"  # the pair sat out: it scores as a win (points.bye_points), without an opponent
    FORFEIT = "forfeit"  # ``loser`` did not play: the other pair scores as for a bye
    ADJUSTED = "adjusted"  # the director's score, counted as played


@dataclass(frozen=True)
class Result:
    """A confirmed result of one table (or a bye) in one round."""

    round: int
    ns: int
    ew: int | None  # None: a bye for ``ns``
    ns_score: int = 0
    ew_score: int = 0
    outcome: Outcome = Outcome.PLAYED
    winner: int | None = None  # set where a tie was played off (knockout), or by a forfeit
    ns_with: int | None = None  # an individual event's partners (the module's docstring)
    ew_with: int | None = None

    def side(self, pair: int) -> tuple[int, ...]:
        """The entries on ``pair``'s side of the table (itself, and its partner for the round)."""
        if pair in (self.ns, self.ns_with):
            return _present(self.ns, self.ns_with)
        return _present(self.ew, self.ew_with)

    def pairs(self) -> tuple[int, ...]:
        """Every entry at the table."""
        if self.ew is None:
            return _present(self.ns, self.ns_with)
        return _present(self.ns, self.ns_with) + _present(self.ew, self.ew_with)

    def score_of(self, pair: int) -> tuple[int, int]:
        """(this pair's side's score, the other's) at this table."""
        if pair in (self.ns, self.ns_with):
            return self.ns_score, self.ew_score
        return self.ew_score, self.ns_score

    def opponents(self, pair: int) -> tuple[int, ...]:
        if self.ew is None:
            return ()
        if pair in (self.ns, self.ns_with):
            return _present(self.ew, self.ew_with)
        return _present(self.ns, self.ns_with)

    def partner(self, pair: int) -> int | None:
        """``pair``'s partner for the round (an individual event), else None."""
        return next((p for p in self.side(pair) if p != pair), None)

    def won_by(self) -> int | None:
        """The winning side, by its first entry (None: a draw)."""
        if self.winner is not None:
            return self.winner
        if self.ew is None:
            return self.ns
        if self.ns_score == self.ew_score:
            return None
        return self.ns if self.ns_score > self.ew_score else self.ew

    def won(self, pair: int) -> bool:
        """Whether ``pair``'s side won the table."""
        winner = self.won_by()
        return winner is not None and winner in self.side(pair)


def _present(*entries: int | None) -> tuple[int, ...]:
    return tuple(e for e in entries if e is not None)


class Reason(StrEnum):
    """Why a pair sits where it does: part 2's pages explain each pairing with these."""

    SEEDED = "seeded"  # round 1 by seed
    RANDOM = "random"  # round 1 drawn at random
    SCORE_GROUP = "score_group"  # both pairs on the same points
    PULLED_DOWN = "pulled_down"  # the higher pair met one on fewer points
    REMATCH = "rematch"  # they met before: it could not be avoided
    REMATCH_AVOIDED = "rematch_avoided"  # the next pair in the standings was a past opponent
    SAME_CLUB = "same_club"  # one club: it could not be avoided
    CLUB_AVOIDED = "club_avoided"  # the next pair in the standings was of the same club
    BYE = "bye"  # the lowest-ranked pair without a bye
    PHANTOM = "phantom"  # a schedule's empty seat (Mitchell, round robin): sits out this round
    SCHEDULE = "schedule"  # round robin's circle or Mitchell's movement
    STANDINGS = "standings"  # Danish: next to each other in the standings
    MOVED_DOWN = "moved_down"  # modified Danish: moved down to avoid last round's match
    BRACKET = "bracket"  # knockout: the seeded bracket
    BRACKET_BYE = "bracket_bye"  # knockout: a top seed goes through
    SWAPPED = "swapped"  # the director swapped pairs in the draft (engine.swap)
    # Individual events (engine.individual, engine.movements): why four players share a table.
    NEW_PARTNERS = "new_partners"  # neither side's players have partnered before
    PARTNERS_AGAIN = "partners_again"  # a side partnered before: no seating of the field avoids it
    NEW_OPPONENTS = "new_opponents"  # no two players across the table have met before
    OPPONENTS_AGAIN = "opponents_again"  # values: how many of the four meetings are repeats
    POINTS_RANGE = "points_range"  # values: the lowest and the highest points at the table
    MOVEMENT = "movement"  # values: the fixed movement's field size (8, 12 or 16)
    MOVEMENT_LEFT = "movement_left"  # the field changed: the round is drawn Swiss-like
    SITS_OUT = "sits_out"  # fewest sit-outs so far, then the lowest ranked


@dataclass(frozen=True)
class Why:
    reason: Reason
    values: tuple[int, ...] = ()  # e.g. the two pairs' points for SCORE_GROUP and PULLED_DOWN


@dataclass(frozen=True)
class Pairing:
    """Two pairs at a table: ``ns`` sits North-South. In an individual event, four players:
    ``ns`` and ``ns_with`` partner against ``ew`` and ``ew_with``."""

    ns: int
    ew: int
    table: int = 0  # 0 until table_numbers.number_tables gives the table numbers
    why: tuple[Why, ...] = ()
    ns_with: int | None = None
    ew_with: int | None = None

    def players(self) -> tuple[int, ...]:
        return _present(self.ns, self.ns_with, self.ew, self.ew_with)

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """North-South's entries and East-West's (one pair each, or two partners each)."""
        return _present(self.ns, self.ns_with), _present(self.ew, self.ew_with)

    def across(self) -> list[tuple[int, int]]:
        """Every two entries that meet across the table (one pair: the two pairs)."""
        north, east = self.sides()
        return [(a, b) for a in north for b in east]


@dataclass(frozen=True)
class Bye:
    pair: int
    why: tuple[Why, ...] = ()


@dataclass(frozen=True)
class Draw:
    """One round's pairings and byes."""

    round: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()

    def seated(self) -> list[int]:
        return [p for m in self.pairings for p in m.players()] + [b.pair for b in self.byes]


@dataclass(frozen=True)
class History:
    """What the field has done so far: who met whom, who had a bye, the results."""

    results: tuple[Result, ...] = ()
    draws: tuple[Draw, ...] = ()  # earlier rounds as drawn (a pairing may be unplayed yet)
    met: frozenset[frozenset[int]] = field(default=frozenset())
    had_bye: frozenset[int] = field(default=frozenset())

    @classmethod
    def of(cls, results: tuple[Result, ...], draws: tuple[Draw, ...] = ()) -> History:
        # Entries that met across a table (two pairs; in an individual event, each player and
        # the two opposite).
        met = {frozenset((a, b)) for d in draws for m in d.pairings for a, b in m.across()}
        met |= {
            frozenset((a, o))
            for r in results
            if r.ew is not None
            for a in r.side(r.ns)
            for o in r.opponents(a)
        }
        byes = {b.pair for d in draws for b in d.byes}
        byes |= {r.ns for r in results if r.ew is None}
        return cls(results, draws, frozenset(met), frozenset(byes))

    def have_met(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.met

    def last_opponent(self, pair: int) -> int | None:
        for draw in reversed(self.draws):
            for m in draw.pairings:
                if pair in (m.ns, m.ew):
                    return m.ew if m.ns == pair else m.ns
            if any(b.pair == pair for b in draw.byes):
                return None
        return None


@dataclass(frozen=True)
class RoundInput:
    """What every format's ``pair_round`` is given to pair round ``number``."""

    number: int  # the round to pair, 1-based over the whole event
    field: tuple[Pair, ...]  # every entry: formats keep those that play (Pair.plays)
    history: History
    ranking: tuple[int, ...] = ()  # the current standings, best first (standings.rank)
    seed: int = 0  # the random draw's seed (round 1 at random, a random knockout draw)
    seeded: bool = True  # round 1 by seed, else at random
    phase_start: int = 1  # the first round of this format (Danish after Mitchell, knockout)
    legs: int = 1  # round robin: once or twice round
    third_place: bool = False  # knockout: a match for third place in the final round
    top: int = 0  # knockout after a Swiss: the top K of the ranking (0: every pair)

    def playing(self) -> list[Pair]:
        return [p for p in self.field if p.plays(self.number)]
