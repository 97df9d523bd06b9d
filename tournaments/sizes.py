"""What a tournament holds, defined once for the pair form, the CSV import and the services."""

from __future__ import annotations

from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, MAX_SIDE_NAME
from tournaments.engine import individual

MAX_PAIRS = 1000  # a regional event; the pairing and printing figures in bench/ go this far
MAX_PLAYERS = individual.MAX_PLAYERS  # an individual event's: bench/individual.py draws 400
MAX_EVENT_NAME = 120  # the event's name (Tournament.name)
MAX_SEED = 1_000_000  # a rating or a ranking; the database column holds up to 2**31 - 1
# A pair's names become a side of each of its games: a game's limits (scorekeeper.names).
PAIR_NAME_LIMITS = {
    "name": MAX_SIDE_NAME,
    "player_1": MAX_PLAYER_NAME,
    "player_2": MAX_PLAYER_NAME,
    "club": MAX_CLUB_NAME,
}
