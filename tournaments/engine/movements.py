"""Individual events by a fixed movement for 8, 12 or 16 players.

Each is a whist tournament, the design behind the individual movements bridge and burraco
clubs print: over its N − 1 rounds every player partners every other exactly once and meets
every other across the table exactly twice (whist tournaments, introduced by E. H. Moore in
1896; see I. Anderson and N. J. Finizio, "Whist tournaments", in the Handbook of Combinatorial
Designs, C. J. Colbourn and J. H. Dinitz eds., 2nd ed., 2007). Ours are cyclic: seats 0 to N − 2
and a fixed seat ∞ (N − 1); round r is the first round's tables with r − 1 added to every seat
but ∞, modulo N − 1. The first rounds below were found by a search for these properties
(tests/unit/tournaments/test_individual.py checks both), so their seat numbers need not match
a club's printed cards. An evening may stop before the last round: its partners are then all
different still.

Seats are given to the players in seed order (a seeded event) or at random from the event's
seed, at the first round: a player keeps their seat number all event. A field that changes
after the first round no longer fits the movement: its rounds are then drawn Swiss-like.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tournaments.engine import individual
from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.individual import Together, table_pairing
from tournaments.engine.types import Draw, Reason, RoundInput, Why

# The first round of each movement: tables of (North, South) against (East, West), by seat;
# -1 is the fixed seat ∞ (N − 1). Found by a search for a base round whose partner differences
# cover every residue modulo N − 1 once and whose opponent differences cover each twice (the
# condition for a cyclic whist tournament).
FIRST_ROUNDS: dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = {
    8: (((3, 6), (0, 5)), ((4, -1), (1, 2))),
    12: (((9, 2), (7, 1)), ((-1, 4), (3, 0)), ((6, 5), (10, 8))),
    16: (((14, -1), (13, 10)), ((2, 12), (4, 5)), ((1, 8), (7, 3)), ((6, 0), (11, 9))),
}
SIZES = tuple(sorted(FIRST_ROUNDS))


def rounds_of(players: int) -> int | None:
    """The rounds of the movement for ``players`` (N − 1), or None: there is none for them."""
    return players - 1 if players in FIRST_ROUNDS else None


def seat_round(players: int, round_index: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Round ``round_index`` (0-based) of the movement: each table's two sides, by seat."""
    cycle = players - 1

    def moved(seat: int) -> int:
        return cycle if seat == -1 else (seat + round_index) % cycle

    return [
        ((moved(a), moved(b)), (moved(c), moved(d))) for (a, b), (c, d) in FIRST_ROUNDS[players]
    ]


def pair_round(given: RoundInput) -> Draw:
    """Round ``given.number`` of the movement for the event's field. A field that changed after
    the first round (a player withdrew, another joined) no longer fits the movement: the round
    is then drawn Swiss-like (individual.py), and says so."""
    playing = given.playing()
    first = next((d for d in given.history.draws if d.round == given.phase_start), None)
    if first is not None and set(first.seated()) != {p.id for p in playing}:
        swiss_like = individual.pair_round(given)
        left = Why(Reason.MOVEMENT_LEFT)
        tables = tuple(replace(t, why=(left, *t.why)) for t in swiss_like.pairings)
        return replace(swiss_like, pairings=tables)
    if len(playing) not in FIRST_ROUNDS:
        raise DrawRefused(
            gettext_noop(
                "a fixed movement is for 8, 12 or 16 players, and this event has "
                "%(players)s: add or withdraw players, or choose the Swiss-like individual format"
            ),
            players=len(playing),
        )
    index = given.number - given.phase_start
    if index >= len(playing) - 1:
        raise DrawRefused(
            gettext_noop("the movement for %(players)s players ends after %(rounds)s rounds"),
            players=len(playing),
            rounds=len(playing) - 1,
        )
    if given.seeded and any(p.seed for p in playing):  # no seed given: at random
        seats = [p.id for p in sorted(playing, key=lambda p: (p.seed or 10**9, p.id))]
    else:
        seats = sorted(p.id for p in playing)
        random.Random(given.seed).shuffle(seats)  # noqa: S311 (a draw, not a secret)
    together = Together.of(given.history)
    why = Why(Reason.MOVEMENT, (len(playing),))
    pairings = []
    for table, (north, east) in enumerate(seat_round(len(playing), index), 1):
        drawn = table_pairing([seats[s] for s in north], [seats[s] for s in east], together)
        pairings.append(replace(drawn, table=table, why=(why, *drawn.why)))
    return Draw(given.number, tuple(pairings))
