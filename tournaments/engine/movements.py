"""Individual events by a fixed movement: the published schedules for 8, 12 and 16 players.

Each is a whist tournament, the design bridge and burraco federations print for individual
events: over its N − 1 rounds every player partners every other exactly once and meets every
other across the table exactly twice (tests/unit/tournaments/test_movements.py checks both).
Each is cyclic: seats 0 to N − 2 and a fixed seat ∞ (N − 1); round r is the first round's tables
with r − 1 added to every seat but ∞, modulo N − 1. An evening may stop before the last round:
its partners are then all different still.

Seats are given to the players in seed order (a seeded event) or at random from the event's
seed, once, at the first round: a player keeps their seat number all event.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.individual import Together, table_pairing
from tournaments.engine.types import Draw, Reason, RoundInput, Why

# The first round of each movement: tables of (North, South) against (East, West), by seat;
# -1 is the fixed seat ∞ (N − 1). Found by a search for a base round whose partner differences
# cover every residue modulo N − 1 once and whose opponent differences cover each twice.
FIRST_ROUNDS: dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = {
    8: (((3, 6), (0, 5)), ((4, -1), (1, 2))),
    12: (((9, 2), (7, 1)), ((-1, 4), (3, 0)), ((6, 5), (10, 8))),
    16: (((14, -1), (13, 10)), ((2, 12), (4, 5)), ((1, 8), (7, 3)), ((6, 0), (11, 9))),
}
SIZES = tuple(sorted(FIRST_ROUNDS))


def rounds_of(players: int) -> int | None:
    """The rounds of the movement for ``players`` (N − 1), or None: no movement is published."""
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
    """Round ``given.number`` of the movement for the event's field."""
    playing = given.playing()
    if len(playing) not in FIRST_ROUNDS or len(playing) != len(given.field):
        raise DrawRefused(
            gettext_noop(
                "a fixed movement is published for 8, 12 and 16 players, all of whom play every "
                "round; this round has %(players)s: choose the Swiss-like individual format"
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
    if given.seeded:
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
